"""--faith-estimate next to the real run's spend, against the loopback server.

Runs the help-desk example's answers (every canned question: faithfulness and answer
relevancy) with ``openai:gpt-4o-mini`` at the loopback server of ``tests/fake_llm_server.py``,
twice in a fresh directory: first ``--faith-estimate`` (calls nothing), then for real. Prints
the estimate's calls, tokens and dollars next to the real run's, from the JSON reports.

    python benchmarks/estimate.py

The loopback server counts tokens as whitespace-separated words of the messages (no system
prompt for Anthropic, no schema), not as a tokenizer would: the token columns compare the
estimate with that count, and the dollars follow the tokens.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fake_llm_server import FakeLLMServer  # noqa: E402

# Both checks run whatever the first finds, as in an estimate (where no check fails): the two
# runs ask for the same checks.
SUITE = """
import pytest
from ragapp import GROUNDED, build_helpdesk
from pytest_faithful import FaithfulnessError, MetricError

APP = build_helpdesk("grounded")

@pytest.mark.parametrize("question", list(GROUNDED))
def test_answer(assert_faithful, assert_relevant, question):
    answer, contexts = APP.ask(question)
    try:
        assert_faithful(answer, contexts, question=question)
    except FaithfulnessError:
        pass
    try:
        assert_relevant(answer, question)
    except MetricError:
        pass
"""


def _run(folder: Path, *args: str) -> dict:  # type: ignore[type-arg]
    env = {**os.environ, "OPENAI_API_KEY": "sk-loopback", "PYTHONPATH": str(ROOT / "examples")}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "--faith-report=out.json",
            *args,
        ],
        cwd=folder,
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
    )
    document: dict = json.loads((folder / "out.json").read_text(encoding="utf-8"))  # type: ignore[type-arg]
    return document


def main() -> None:
    server = FakeLLMServer()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            (folder / "test_app.py").write_text(textwrap.dedent(SUITE), encoding="utf-8")
            (folder / "pytest.ini").write_text(
                f"[pytest]\nfaith_judge = openai:gpt-4o-mini@{server.url}/v1\n", encoding="utf-8"
            )
            estimate = _run(folder, "--faith-estimate")
            sent_during_estimate = server.count
            real = _run(folder)
    finally:
        server.close()
    e, r = estimate["cost"]["total"], real["cost"]["total"]
    print(f"requests the server saw during the estimate: {sent_during_estimate}")
    print(f"{'':24}{'estimate':>12}{'real run':>12}")
    print(f"{'live judge calls':24}{e['calls']:>12}{r['calls']:>12}")
    print(f"{'  of them follow-ups':24}{e['followups']:>12}{'-':>12}")
    print(f"{'input tokens':24}{e['input_tokens']:>12,}{r['input_tokens']:>12,}")
    print(f"{'output tokens':24}{e['output_tokens']:>12,}{r['output_tokens']:>12,}")
    print(f"{'US dollars':24}{e['usd']:>12.6f}{r['usd']:>12.6f}")
    print(
        f"per call: estimate {e['input_tokens'] / e['calls']:.0f} in / "
        f"{e['output_tokens'] / e['calls']:.0f} out; loopback's count "
        f"{r['input_tokens'] / r['calls']:.0f} in / {r['output_tokens'] / r['calls']:.0f} out"
    )


if __name__ == "__main__":
    main()
