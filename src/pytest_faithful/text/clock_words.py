"""Times of day said in words, written as times: "noon" is 12pm, "half past ten" 10:30, "a
quarter to 6" 5:45, British "half seven" 7:30 (:func:`clock_words_as_times`, read by
:func:`~pytest_faithful.text.readings.normalised`); each rewrite padded to the words' length, so
every offset of the text is kept."""

from __future__ import annotations

import re

from pytest_faithful.text.patterns import regex
from pytest_faithful.text.words import SPACE

# Times of day said in words: "noon", "12 noon", "midnight", "half past ten", "quarter to 6".
# Words that may follow such a time ("half past ten tonight"); any other word makes it a count
# ("a quarter to ten people"), and so do a decimal, a percent or an "am"/"pm" of its own.
_CLOCK_FOLLOWERS = (
    *("o'clock", "sharp", "in", "at", "on", "and", "or", "but", "so", "when", "then", "to"),
    *("until", "till", "for", "every", "each", "this", "tonight", "today", "tomorrow"),
    *("yesterday", "before", "after", "that", "is", "was", "the"),
)
CLOCK_WORDS = frozenset({"noon", "midday", "midnight", "half", "quarter"})
"""Words that may say a time of day ("noon", "half past one"), read as that time."""
_CLOCK_HOURS = (
    *("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"),
    "twelve",
)
_NOT_A_COUNT = r"(?![\w:.,/%-]\w|\s*(?:%|percent|[ap]\.?m\b)|\s+(?!{followers})[a-z])".format(
    followers="|".join(_CLOCK_FOLLOWERS)
)
# British "half seven" is half past seven (7:30): read so where no word follows that it could
# count ("half seven hours" is not said) and not after "in" ("cut in half two more times").
_HALF_HOUR = (
    r"|(?<!\bin\s)\bhalf\s+(" + "|".join(_CLOCK_HOURS) + r"|1[0-2]|[1-9])"
    r"(?![\w:.,/%-]\w|\s*(?:%|percent|[ap]\.?m\b|of\b|an?\b|(?:times|hours?|minutes?)\b))"
)
_CLOCK_WORDS = regex(
    rf"\b(?:(?:12{SPACE})?(noon)|(midday)|(midnight)"
    r"|(?!half\s+to\b)(half|quarter)\s+(past|to)\s+(" + "|".join(_CLOCK_HOURS) + r"|1[0-2]|0?[1-9])"
    rf"{_NOT_A_COUNT}{_HALF_HOUR})\b",
    re.IGNORECASE,
)


def clock_words_as_times(text: str) -> str:
    """``text`` with times of day said in words written as times ("noon" -> "12pm", "half past
    ten" -> "10:30"), padded with spaces so that every offset is kept."""
    return _CLOCK_WORDS.sub(_as_clock_time, text)


def clock_word_spans(text: str) -> dict[int, int]:
    """Where ``text`` says a time of day in words: start -> end of each such phrase."""
    return {m.start(): m.end() for m in _CLOCK_WORDS.finditer(text)}


def _as_clock_time(m: re.Match[str]) -> str:
    if m[1] or m[2]:
        said = "12pm"
    elif m[3]:
        said = "12am"
    elif m[7]:
        hour = int(m[7]) if m[7].isdigit() else _CLOCK_HOURS.index(m[7].lower()) + 1
        said = f"{hour}:30"
    else:
        hour = int(m[6]) if m[6].isdigit() else _CLOCK_HOURS.index(m[6].lower()) + 1
        if m[5].lower() == "to":
            said = f"{(hour - 2) % 12 + 1}:45"  # a quarter to 1 is 12:45
        else:
            said = f"{hour}:{'30' if m[4].lower() == 'half' else '15'}"
    return said.ljust(len(m[0]))
