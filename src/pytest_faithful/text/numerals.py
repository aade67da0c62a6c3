"""Numbers and times written the local way, written the English way, keeping every offset.

Passages and answers from Europe, India and elsewhere group and point numbers otherwise:
"1.500 \u20ac", "1 500,00 \u20ac", "1'500 CHF" and "\u20b912,50,000" are 1,500, 1,500 and
1,250,000; "14h30" and "14.30 Uhr" are 14:30. :func:`as_english` writes each as the English
form the term reader reads ("1,500 \u20ac", "1,500.00 \u20ac", "1,250,000"), one character for
one (an Indian number's extra commas as spaces before it), so "\u20ac1,500" states a passage's
"1.500 \u20ac" and "\u20ac1.50" does not.

A comma with one or two digits after it ("2,5 mg", "4,95 \u20ac") is a decimal comma already
to the term reader. A point with three digits after it ("1.500") is a thousands point only where
the text says so: a currency after the number ("1.500 \u20ac", "1.500 CHF"), another number of
the text grouped or pointed the European way ("2,5 mg", "1.234.567", "3.450,00"), or a number
already grouped by points and a comma. Otherwise it is left as the decimal the English reading
makes of it ("1.500 seconds" in a text that writes "2.5 mg" stays 1.5).
"""

from __future__ import annotations

import re

from pytest_faithful.text.patterns import regex

# A currency written after its amount, as Europe writes it ("1.500 \u20ac", "1 290 CHF"), or the
# sign for no cents ("1.250,-", "1 290.\u2013"); read in lower case too.
_CURRENCY_AFTER = (
    r"(?:[^\S\n]?(?:\u20ac|eur\b|euros?\b|chf\b|fr\.|francs?\b|kr\b|zl\b|kc\b|ft\b|lei\b)"
    r"|[.,][-\u2013\u2014](?!\d))"
)
# "1.234.567" or "1.234,56": grouped by points, which no English number is.
_POINT_GROUPS = regex(
    r"(?<![\d.,])\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?(?![\d.]|,\d)"
    r"|(?<![\d.,])\d{1,3}(?:\.\d{3})+,\d+(?!\d|[.,]\d)"
)
# "1.500" alone: a point before exactly three digits.
_ONE_POINT = regex(r"(?<![\d.,])\d{1,3}\.\d{3}(?!\d|[.,]\d)")
# A decimal comma: "2,5", "4,95", "0,75" (never "1,500": three digits read as thousands), or
# a comma for no cents, "1.250,-".
_DECIMAL_COMMA = regex(r"(?<![\d.,])\d+,\d{1,2}(?!\d|[.,]\d)|\d,[-\u2013](?!\d)")
# "1'500", "1\u2019500": the Swiss apostrophe between groups of three.
_APOSTROPHE_GROUPS = regex(r"(?<![\d'\u2019])\d{1,3}(?:['\u2019]\d{3})+(?![\d'\u2019])")
# "1 500,00 \u20ac" and "1 290.\u2013 CHF": groups by spaces, with a decimal comma or a currency
# after; a no-break, narrow or thin space ("1\u202f500") groups a number wherever it is.
_SPACE_GROUPS = regex(
    r"(?<![\d.,\u00a0\u202f\u2009])\d{1,3}(?:[\u00a0\u202f\u2009]\d{3})+(?!\d|[.,\u00a0\u202f\u2009]\d)"
    r"|(?<![\d.,])(?<!\d )\d{1,3}(?: \d{3})+(?:,\d{1,2}(?!\d)|(?=" + _CURRENCY_AFTER + "))",
    re.IGNORECASE,
)
# "12,50,000" and "1,00,00,000": the Indian grouping, in twos before the last three.
_INDIAN = regex(r"(?<![\d.,])\d{1,2}(?:,\d\d)+,\d{3}(?![\d]|[.,]\d)")
# "14h30", "9h15" and "14.30 Uhr": a time of day.
_TIME = regex(r"\b([01]?\d|2[0-3])(?:h([0-5]\d)\b|\.([0-5]\d)(?=[^\S\n]?(?i:uhr)\b))")
# What every reading above needs: a digit, a separator and a digit ("1.500", "1 500", "1'500",
# "12,50,000", "14.30"), or "14h30". Most texts have none, and are read no further.
_HINT = regex(r"\d['\u2019\u00a0\u202f\u2009 .,]\d|\dh[0-5]\d")


def _english_groups(digits: str, width: int) -> str:
    """``digits`` grouped by commas in threes, padded on the left with spaces to ``width``."""
    return f"{int(digits):,}".rjust(width)


def _point_groups(m: re.Match[str]) -> str:
    whole, _, decimals = m[0].partition(",")
    return whole.replace(".", ",") + ("." + decimals if decimals else "")


def _space_groups(m: re.Match[str]) -> str:
    return re.sub(r"[ \u00a0\u202f\u2009]", ",", m[0].replace(",", "."))


def _indian(m: re.Match[str]) -> str:
    return _english_groups(m[0].replace(",", ""), len(m[0]))


def _time(m: re.Match[str]) -> str:
    return f"{m[1]}:{m[2] or m[3]}"


# Words of German, French, Spanish, Dutch and Italian that English text hardly writes: two of
# them mark a text in a language that points its thousands.
_EUROPEAN_WORDS = regex(
    r"\b(?:der|die|das|und|ist|betrug|kostet|le|les|est|et|une|el|los|las|del|het|een|il|sono)\b",
    re.IGNORECASE,
)


def _european(text: str) -> bool:
    """Whether ``text`` writes a number the European way (a decimal comma, point groups) or is
    written in a language that does."""
    if _DECIMAL_COMMA.search(text) or _POINT_GROUPS.search(text):
        return True
    words = _EUROPEAN_WORDS.finditer(text)
    return next(words, None) is not None and next(words, None) is not None


def as_english(text: str) -> str:
    """``text`` with its numbers and times written the local way written the English way,
    keeping every offset (see the module's docstring)."""
    if not _HINT.search(text):
        return text
    if "'" in text or "\u2019" in text:
        text = _APOSTROPHE_GROUPS.sub(lambda m: re.sub("['\u2019]", ",", m[0]), text)
    if "," in text:
        text = _INDIAN.sub(_indian, text)
    if (" " in text or not text.isascii()) and _SPACED_DIGITS.search(text):
        text = _SPACE_GROUPS.sub(_space_groups, text)
    if "." in text and _POINTED_DIGITS.search(text):
        european = _european(text)
        text = _POINT_GROUPS.sub(_point_groups, text)
        text = _ONE_POINT.sub(
            lambda m: (
                m[0].replace(".", ",") if european or _after_currency(text, m.end()) else m[0]
            ),
            text,
        )
    if _TIME_DIGITS.search(text):
        text = _TIME.sub(_time, text)
    return text


# What a match of each reading above holds, tested before it: a sentence's full stop, a space
# after a number or an "h" in a word is in most texts, and each reading's pattern scans the
# text in all its length (the space groups' and the European words' in any case).
_SPACED_DIGITS = regex(r"\d[ \u00a0\u202f\u2009]\d{3}")
_POINTED_DIGITS = regex(r"\d\.\d{3}")
_TIME_DIGITS = regex(r"\d(?:h|\.)[0-5]\d")


_CURRENCY_NEXT = regex(_CURRENCY_AFTER, re.IGNORECASE)


def _after_currency(text: str, end: int) -> bool:
    """Whether a currency follows the number ending at ``end`` ("1.500 \u20ac", "1.500 CHF")."""
    return _CURRENCY_NEXT.match(text, end) is not None


# A whole number and a half, said in words or digits: "four and a half times" is 4.5 times, as
# "4.5 times" writes it; "two and a half hours" 2.5 hours. Not a price: "£32 and a half day".
_AND_A_HALF = regex(
    r"(?i)(?<![$\u00a3\u20ac])\b(\d{1,4}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"[^\S\n]+and[^\S\n]+a[^\S\n]+half\b"
)
_SMALL = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_WHOLE = {word: str(n) for n, word in enumerate((*_SMALL, "eleven", "twelve"), start=1)}


# A rate moved by a part of a point, as financial news writes it: "raised rates by a quarter
# point" is 0.25 points, "half a percentage point" 0.5.
_PART_OF_A_POINT = regex(
    r"(?i)\b(?:(?P<quarter>a[^\S\n]+quarter(?:[^\S\n]+of[^\S\n]+a)?)"
    r"|(?P<half>half[^\S\n]+a))[^\S\n]+(?=(?:percentage[^\S\n]+)?points?\b)"
)


def parts_as_decimals(text: str) -> str:
    """``text`` with each "<n> and a half" written "<n>.5", and a quarter or a half of a point
    "0.25" or "0.5", keeping every offset."""
    if "half" not in text and "HALF" not in text and "Half" not in text:
        if "quarter" not in text:
            return text
        return _PART_OF_A_POINT.sub(_part_of_a_point, text)
    return _PART_OF_A_POINT.sub(_part_of_a_point, _AND_A_HALF.sub(_as_decimal, text))


def _part_of_a_point(m: re.Match[str]) -> str:
    return ("0.25 " if m["quarter"] else "0.5 ").ljust(len(m[0]))


def _as_decimal(m: re.Match[str]) -> str:
    whole = _WHOLE.get(m[1].casefold(), m[1])
    return f"{whole}.5".ljust(len(m[0]))
