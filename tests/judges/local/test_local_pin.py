"""``local:PATH.gguf#sha256=HEX``: a local judge whose recordings replay without its model file.

The pin is the model file's sha256, which every reading's cache key holds: with it, CI replays
the readings recorded where the model is, needing neither the file nor llama-cpp-python; with
the file present, the file must hash to it.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_faithful import CacheMissError, JudgeError, LocalOptions, verify
from pytest_faithful.cache.replay import CachedBackend
from pytest_faithful.cache.store import CallCache
from pytest_faithful.judges.local.judge import LocalJudge, LocalModel
from pytest_faithful.judges.local.prompt import OPTION_WORDS
from pytest_faithful.judges.local.spec import split_pin
from pytest_faithful.providers.base import JudgeRequest, JudgeResponse
from pytest_faithful.providers.llama import KIND

pytestmark = pytest.mark.usefixtures("no_llama_cpp")

PASSAGES = ["The library opens at 9 am on weekdays. It closes at 6 pm."]
ANSWER = "The library opens at 9 am on weekdays. It closes at 6 pm."
OPTIONS = LocalOptions(threads=1, support_threshold=0.5, contradiction_threshold=0.5)


class YesBackend:
    """A model that says Yes to everything, counting its readings."""

    kind = KIND

    def __init__(self) -> None:
        self.calls = 0

    def complete(self, request: JudgeRequest) -> JudgeResponse:
        self.calls += 1
        text = json.dumps({"options": list(OPTION_WORDS), "probabilities": [0.9, 0.05, 0.05]})
        return JudgeResponse(text=text, model=request.model)

    def close(self) -> None:
        pass


def record(model_path: Path, cache_dir: Path) -> str:
    """Record the answer's readings where the model file is; its sha256."""
    model = LocalModel(model_path, OPTIONS)
    fake = YesBackend()
    model.backend = fake  # type: ignore[assignment]
    cache = CallCache(cache_dir)
    try:
        judge = LocalJudge(model, CachedBackend(fake, cache, "once"), OPTIONS)  # type: ignore[arg-type]
        assert verify(ANSWER, PASSAGES, judge=judge).passed
    finally:
        cache.close()
    assert fake.calls == 2
    return hashlib.sha256(model_path.read_bytes()).hexdigest()


@pytest.fixture
def recorded(tmp_path: Path) -> tuple[Path, str]:
    """Readings recorded with ``models/judge.gguf``, which is then gone (as in CI)."""
    model = tmp_path / "models" / "judge.gguf"
    model.parent.mkdir()
    model.write_bytes(b"GGUF a model")
    digest = record(model, tmp_path / "cache")
    model.unlink()
    return model, digest


def test_a_pinned_spec_replays_without_the_model_file(
    tmp_path: Path, recorded: tuple[Path, str]
) -> None:
    model, digest = recorded
    for pin in (digest, digest.upper()):
        result = verify(
            ANSWER,
            PASSAGES,
            judge=f"local:{model}#sha256={pin}",
            cache_dir=tmp_path / "cache",
            record_mode="none",
            local=OPTIONS,
        )
        assert result.passed
        assert result.usage.cache_hits == 2


def test_a_reading_not_recorded_says_the_file_is_missing(
    tmp_path: Path, recorded: tuple[Path, str]
) -> None:
    model, digest = recorded
    spec = f"local:{model}#sha256={digest}"
    with pytest.raises(JudgeError, match=r"model file .*judge\.gguf is not here") as raised:
        verify(
            "The cafe sells tea.", PASSAGES, judge=spec, cache_dir=tmp_path / "cache", local=OPTIONS
        )
    assert "record it where the model file is" in str(raised.value)
    with pytest.raises(CacheMissError):
        verify(
            "The cafe sells tea.",
            PASSAGES,
            judge=spec,
            cache_dir=tmp_path / "cache",
            record_mode="none",
            local=OPTIONS,
        )


def test_a_present_file_must_hash_to_the_pin(tmp_path: Path, recorded: tuple[Path, str]) -> None:
    model, digest = recorded
    model.write_bytes(b"GGUF another model")
    spec = f"local:{model}#sha256={digest}"
    for _ in range(2):  # said again for every check, from the one hash
        with pytest.raises(JudgeError, match=r"not the .* its spec pins") as raised:
            verify(ANSWER, PASSAGES, judge=spec, cache_dir=tmp_path / "cache", local=OPTIONS)
        assert hashlib.sha256(b"GGUF another model").hexdigest() in str(raised.value)
    model.write_bytes(b"GGUF a model")
    replayed = verify(
        ANSWER,
        PASSAGES,
        judge=spec,
        cache_dir=tmp_path / "cache",
        record_mode="none",
        local=OPTIONS,
    )
    assert replayed.usage.cache_hits == 2


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("local:/models/judge.gguf#sha256=abc", "must be 64 hexadecimal digits"),
        ("local:/models/judge.gguf#sha256=" + "g" * 64, "must be 64 hexadecimal digits"),
        ("local:/models/judge.gguf#sha256=", "must be 64 hexadecimal digits"),
        ("local:/models/judge.bin#sha256=" + "a" * 64, "is not a .gguf"),
        ("local:/nonexistent/judge.gguf", "#sha256=HEX"),
    ],
)
def test_a_bad_pin_is_named_when_the_judge_is_built(
    tmp_path: Path, spec: str, message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        verify(ANSWER, PASSAGES, judge=spec, cache_dir=tmp_path / "cache")


@given(
    path=st.text(
        st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=30
    ),
    digest=st.binary(min_size=32, max_size=32).map(bytes.hex),
    upper=st.booleans(),
)
def test_split_pin_reads_back_the_path_and_the_digest(path: str, digest: str, upper: bool) -> None:
    model = f"{path}.gguf"
    pin = digest.upper() if upper else digest
    assert split_pin(f"{model}#sha256={pin}") == (model.strip(), digest)
    if "#sha256=" not in model:
        assert split_pin(model) == (model, None)
