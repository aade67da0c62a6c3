"""A suite judged by a ``scripted`` LLM judge that counts its calls, for the cache tests.

The conftest registers a ``scripted`` judge kind the way a provider judge plugs in: an
``LLMJudge`` over ``options.cached(backend)``. The backend answers every request correctly and
appends a line per call to the file ``$CALL_LOG``, so calls are counted across xdist worker
processes too.
"""

from __future__ import annotations

import pytest

CONFTEST = """
import json, os
from pytest_faithful.judges.llm.judge import LLMJudge
from pytest_faithful.testing import ScriptedBackend

def reply(request):
    with open(os.environ["CALL_LOG"], "a") as log:
        log.write(request.model + "\\n")
    prompt = request.messages[-1].content
    if "Answer sentences:" in prompt:
        sentences = [line.split("] ", 1)[1] for line in prompt.splitlines()
                     if line.startswith("[sentence ")]
        return json.dumps({"claims": [{"sentence": i + 1, "claim": s}
                                      for i, s in enumerate(sentences)]})
    passage = next(line.split("] ", 1)[1] for line in prompt.splitlines()
                   if line.startswith("[passage 1]"))
    claims = [line.split("] ", 1)[1] for line in prompt.splitlines()
              if line.startswith("[claim ")]
    # Each claim is quoted from the passage sentence that states it.
    return json.dumps({"verdicts": [
        {"claim": i + 1, "label": "SUPPORTED", "reason": "stated",
         "evidence": next(s for s in passage.split(". ") if s.split()[0] in claim),
         "passage": 1} for i, claim in enumerate(claims)]})

def pytest_faithful_register_judges(registry):
    registry.register(
        "scripted",
        lambda spec, options: LLMJudge(options.cached(ScriptedBackend(reply)), spec.model),
    )
"""

SUITE = """
import pytest

CONTEXT = ["Returns are accepted within 30 days of delivery. Refunds take five days. "
           "Answer 0, 1, 2 and 3 is grounded."]

@pytest.mark.parametrize("n", range(4))
def test_answers(assert_faithful, n):
    result = assert_faithful(f"Returns are accepted. Answer {n} is grounded.", CONTEXT)
    assert result.passed
"""


def calls(pytester: pytest.Pytester) -> list[str]:
    log = pytester.path / "calls.log"
    lines = log.read_text().splitlines() if log.exists() else []
    log.unlink(missing_ok=True)
    return lines


def make_suite(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, ini: str = ""
) -> pytest.Pytester:
    """The scripted judge's conftest, SUITE as ``test_suite.py`` (four checks), and an ini
    file choosing the judge, plus ``ini`` lines."""
    monkeypatch.setenv("CALL_LOG", str(pytester.path / "calls.log"))
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_suite=SUITE)
    pytester.makeini(f"[pytest]\nfaith_judge = scripted:model-a\n{ini}")
    return pytester
