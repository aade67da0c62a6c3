"""A pattern compiled on first use answers as the compiled pattern would, and compiles once."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.text.patterns import regex

PATTERNS = [
    (r"\b(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>km|mi)\b", 0),
    (r"not|never|no", re.IGNORECASE),
    (r"(?<=\w{3})our\b", 0),
    (r"^\s*[-*]\s+", re.MULTILINE),
]


@given(st.sampled_from(PATTERNS), st.text(alphabet="ab 12.kmiNOTno-*\n", max_size=60))
@settings(max_examples=300, deadline=None)
def test_it_answers_as_the_compiled_pattern(source: tuple[str, int], text: str) -> None:
    lazy, compiled = regex(*source), re.compile(*source)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert lazy.findall(text) == compiled.findall(text)
    assert lazy.sub("_", text) == compiled.sub("_", text)
    assert lazy.subn(lambda m: m[0].upper(), text) == compiled.subn(lambda m: m[0].upper(), text)
    assert lazy.split(text) == compiled.split(text)
    for method in ("search", "match", "fullmatch"):
        found, expected = getattr(lazy, method)(text, 1), getattr(compiled, method)(text, 1)
        assert (found and found.span()) == (expected and expected.span())
    assert (lazy.flags, lazy.groups, dict(lazy.groupindex)) == (
        compiled.flags,
        compiled.groups,
        dict(compiled.groupindex),
    )


def test_its_source_is_read_without_compiling() -> None:
    lazy = regex(r"(unbalanced")  # would raise re.error when compiled
    assert lazy.pattern == "(unbalanced"
    assert "search" not in vars(lazy)


def test_after_first_use_the_compiled_pattern_answers_itself() -> None:
    lazy = regex(r"\d+")
    assert lazy.search("a 12") is not None
    # Kept on the instance: later calls go to the compiled pattern's own bound method.
    assert vars(lazy)["search"].__self__ is vars(lazy)["match"].__self__
    assert isinstance(vars(lazy)["search"].__self__, re.Pattern)


def test_it_is_no_pattern_in_other_respects() -> None:
    lazy = regex(r"x")
    with pytest.raises(AttributeError):
        lazy.scanner  # noqa: B018 - not answered, and nothing compiled for asking
    assert "search" not in vars(lazy)
