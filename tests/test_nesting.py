"""One nesting limit for JSON someone else wrote, the same on every Python version.

``json`` itself refuses deep nesting at about 990 levels on 3.10 and 3.11, 1,500 on 3.12 and
10,000 on 3.13, so a golden file or a reply between those depths was read on one version and
refused on another. Every reader of outside JSON now refuses past ``MAX_DEPTH``, counted from
the text (brackets in strings, escaped quotes included, are no nesting), with the error it gave
for json's own refusal.
"""

from __future__ import annotations

import json
import time
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_faithful.cache.disk import BadEntry, decode_json
from pytest_faithful.cache.views import reply_view
from pytest_faithful.cases.model import read_json
from pytest_faithful.errors import JudgeError
from pytest_faithful.judges.llm.parsing import ParseProblem, closed_before_cut, extract_json
from pytest_faithful.judges.local.judge import parse_probabilities
from pytest_faithful.providers.replies import UnusableReply
from pytest_faithful.providers.replies import read_json as read_body
from pytest_faithful.text import nesting
from pytest_faithful.text.nesting import MAX_DEPTH, NestedTooDeeply

# Strings that look like nesting: brackets, quotes escaped in JSON, backslashes.
TRICKY = st.text(alphabet='[]{}"\\ ax', max_size=8)


def _deepest(value: Any) -> int:
    """How deep ``value`` nests, walked without recursion (the reference for the scan)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            level += 1
            deepest = max(deepest, level)
            stack.extend(
                (child, level) for child in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


def _nested(kinds: list[bool], filler: str) -> Any:
    """A value ``len(kinds)`` levels deep: a list or an object at each level (``kinds``), with
    ``filler`` beside the inner value at every level."""
    value: Any = filler
    for as_object in kinds:
        value = {filler: filler, "in": value} if as_object else [filler, value, filler]
    return value


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | TRICKY,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TRICKY, inner, max_size=3),
    max_leaves=20,
)


@settings(max_examples=80, deadline=None)
@given(JSON, st.booleans())
def test_the_scan_counts_the_nesting_the_parser_builds(value: Any, ascii_only: bool) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert nesting.depth(text) == _deepest(value)
    assert nesting.loads(text) == value


@settings(max_examples=25, deadline=None)
@given(
    st.integers(MAX_DEPTH - 2, MAX_DEPTH + 2).flatmap(
        lambda n: st.lists(st.booleans(), min_size=n, max_size=n)
    ),
    TRICKY,
    st.sampled_from(["", "Here it is: ", 'He said "{[" and ']),
)
def test_at_the_limit_json_is_read_and_one_level_deeper_is_refused(
    kinds: list[bool], filler: str, prose: str
) -> None:
    value = _nested(kinds, filler)
    text = json.dumps(value)
    as_bytes = text.encode("utf-16")
    embedded = prose + text + " ]]}} [[{{"
    if len(kinds) <= MAX_DEPTH:
        assert nesting.loads(text) == nesting.loads(as_bytes) == value
        assert nesting.raw_decode(embedded, len(prose)) == (value, len(prose) + len(text))
    else:
        for read in (
            lambda: nesting.loads(text),
            lambda: nesting.loads(as_bytes),
            lambda: nesting.raw_decode(embedded, len(prose)),
        ):
            with pytest.raises(NestedTooDeeply, match=f"more than {MAX_DEPTH} levels"):
                read()


def test_brackets_in_strings_are_no_nesting() -> None:
    inside = '"' + "[{" * MAX_DEPTH + '\\"' + "[" * MAX_DEPTH + '\\\\"'
    assert nesting.loads(f"[{inside}]") == ["[{" * MAX_DEPTH + '"' + "[" * MAX_DEPTH + "\\"]
    unclosed = '["' + '\\"[' * 2 * MAX_DEPTH  # a string never closed: no nesting, no error
    with pytest.raises(json.JSONDecodeError):
        nesting.loads(unclosed)


def _record(depth: int) -> str:
    """A local judge's probability record, ``depth`` levels deep (its own level included)."""
    inner = "[" * (depth - 1) + "]" * (depth - 1)
    return f'{{"options": ["Yes", "No", "Unknown"], "probabilities": [1, 0, 0], "x": {inner}}}'


# Each reader of outside JSON, and the error (and its message) it gives for json's own
# RecursionError; None: such text reads as nothing.
READERS = [
    ("golden file", read_json, ValueError, "nested too deeply"),
    ("provider body", lambda t: read_body(t.encode(), None), UnusableReply, "nests JSON too deep"),
    ("llm reply", extract_json, ParseProblem, "nested too deeply"),
    ("llm reply in prose", lambda t: extract_json(f"Sure: {t} done"), ParseProblem, "too deep"),
    ("local judge", parse_probabilities, JudgeError, "not a probability record"),
    ("cache entry", lambda t: decode_json(zlib.compress(t.encode()), 10**7), BadEntry, "not JSON"),
    ("recorded reply's view", reply_view, None, ""),
    ("cut reply", lambda t: closed_before_cut(t + "\n\n"), None, ""),
]


@pytest.mark.parametrize(
    ("reader", "expected", "message"), [r[1:] for r in READERS], ids=[r[0] for r in READERS]
)
def test_every_reader_of_outside_json_keeps_the_one_limit(
    reader: Callable[[str], Any], expected: type[Exception] | None, message: str
) -> None:
    assert reader(_record(MAX_DEPTH))
    deeper = _record(MAX_DEPTH + 1)
    if expected is None:
        assert not reader(deeper)  # read as nothing: no view, not a closed answer
    else:
        with pytest.raises(expected, match=message):
            reader(deeper)


def test_the_scan_takes_linear_time_and_nothing_for_a_normal_reply() -> None:
    def seconds(n: int) -> float:
        text = json.dumps([{"q": '[{\\"', "a": [i, [i]]} for i in range(n)])
        started = time.process_time()
        nesting.depth(text)
        return time.process_time() - started

    small = min(seconds(1_000) for _ in range(2))
    large = min(seconds(8_000) for _ in range(2))
    assert large < 24 * small + 0.02, f"{small:.4f} s at 1,000, {large:.4f} s at 8,000"
