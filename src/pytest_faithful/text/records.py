"""A record's keys read as the words they are made of: JSON, YAML, a config file or a product
sheet written as ``key: value`` lines ("OutdoorSeating": false, ``auto_shutoff: true``,
``GoodForKids=True``), which answers retell in words ("has no outdoor seating", "is good for
kids").

* :func:`camel_case_words`: the words of a camel-case key ("RestaurantsTakeOut": restaurants,
  take, out, and "takeout"), which the content terms of a text add to its own, so that a quote
  of the key bears on the claim that says it in words.
* :func:`yes_or_no_keys`: each key whose value is a yes or a no, and its words, so that a claim
  that a place has outdoor seating is told from the record that says ``"OutdoorSeating":
  false``, and one that a car does not support fast charging from ``fastCharging: true``; and
  a label of a few words on a line of its own set to none ("Annual fee: none.", "- Exit fees:
  None"), which says there is no such thing as "There's no annual fee." does.
"""

from __future__ import annotations

from typing import NamedTuple

from pytest_faithful.text.patterns import regex

# A word of two parts or more in camel case ("OutdoorSeating", "GoodForKids", "EVCharging",
# "HasTV", "PriceRange2"); not "iPhone" or "eBay" (one letter before the capital), nor a word in
# capitals. A run of capitals only ends the word, so that no run is read in parts two ways
# (linear time).
_CAMEL = (
    r"(?:[A-Z]+(?=[A-Z][a-z])|[A-Za-z][a-z]+)(?:[A-Z][a-z]+)*(?:[A-Z][a-z]+|[A-Z]{2,}(?![A-Za-z]))"
)
_CAMEL_WORD = regex(_CAMEL)
# One that is a record's key: a colon or an equals sign after it, quoted or not. Only keys: web
# pages run their menus' words together ("MagazineForbes"), which state no name.
_CAMEL_KEY = regex(rf"""(?<![^\W\d_])({_CAMEL})\d*["']?[^\S\n]*[:=]""")
_CAMEL_PART = regex(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
_HUMP = regex(r"[a-z][A-Z]|[A-Z][A-Z][a-z]")


def camel_case_words(text: str) -> list[str]:
    """The words the camel-case keys of ``text`` are made of, and each two in a row written as
    one ("RestaurantsTakeOut": restaurants, take, out, restaurantstake, takeout), in lower
    case."""
    words: list[str] = []
    # Most texts: no key (a colon or an equals sign after it), or no camel case.
    if (":" not in text and "=" not in text) or not _HUMP.search(text):
        return words
    for m in _CAMEL_KEY.finditer(text):
        parts = [part.lower() for part in _CAMEL_PART.findall(m[1])]
        words += parts
        words += map(str.__add__, parts, parts[1:])
    return words


# A record's field, as JSON and Python dicts write them ("stars": 4.5, "review_count": 312): what
# stands between a key and its value, and what ends a field before the next key or value. A
# value counts what its key names ("stars"), not the next key's word ("review").
FIELD = "field:"
"""The kind of a record's value: ``field:`` and its key's last word ("stars": 4.5 is
``field:star``). The number rule holds it as a unit; no sum or total is read from it (a record
sets values of other things side by side: a place's rating and each review's are no operands)."""
KEY_GAP = regex(r"""["']?[^\S\n]*[:=][^\S\n]*["']?""")
FIELD_END = regex(r"""["']?[^\S\n]*[,}\]][\s,{}\[\]]*["']""")

# A key (quoted or not, in camel or snake case) set to a yes or a no that ends its field:
# "true", "False", "yes", "no", "none", as JSON, YAML, Python and Yelp's "u'no'" write them, the
# last also as a string of a JSON record, "WiFi": "u'no'" (not "Note: none of them").
_YES_OR_NO = regex(
    r"""(?<![\w"'])["']?(?P<key>[A-Za-z][A-Za-z0-9_]*)["']?[^\S\n]*[:=][^\S\n]*"""
    r"""(?:["']?u["']|["'])?(?P<value>(?i:true|false|yes|no|none))["']{0,2}"""
    r"""(?=[^\S\n]*(?:[,;}\]\n]|$))"""
)
_NO = frozenset({"false", "no", "none"})
# A label of a few words on a line of its own set to none: "Annual fee: none.", "- Exit fees:
# None", "Entry/exit charge: None", "Air conditioning: none (ceiling fan provided)". Only
# "none" or "nil": "Mrs Okafor: No." is a turn of a dialogue, and "Waiting periods: none for
# preventive" says none of one case only.
_NONE_FIELD = regex(
    r"(?im)^[^\S\n]*(?:[-*\u2022][^\S\n]+)?"
    r"(?P<key>[a-z][a-z'/-]*(?:[^\S\n]+[a-z][a-z'/-]*){1,3})"
    r"[^\S\n]*:[^\S\n]*(?P<value>none|nil|[£$€]0(?:\.00)?)\.?"
    # a remark in brackets after it, no figure in it: "none (ceiling fan provided)"
    r"(?:[^\S\n]*\([^()\d\n]*\))?\.?[^\S\n]*$"
)
# ... or a charge set to nothing: "Set-up fee: £0" says there is no set-up fee (not "Monthly
# price: £0", which says the thing is free).
_CHARGES = frozenset(
    {"fee", "fees", "charge", "charges", "deposit", "excess", "penalty", "surcharge"}
)
# What a text that has such a label holds, in the cases it is written in (a pre-test).
_NONE_WRITTEN = ("one", "ONE", "nil", "Nil", "NIL", "0")


class YesOrNo(NamedTuple):
    """A record's key set to a yes or a no."""

    key: str
    """The key as written: "OutdoorSeating", "wifi_available"."""
    parts: tuple[str, ...]
    """Its words, in lower case: "outdoor", "seating"."""
    yes: bool
    start: int
    end: int
    """Where the key and its value are in the text."""


def yes_or_no_keys(text: str) -> list[YesOrNo]:
    """Each key of ``text`` set to a yes or a no: ``"OutdoorSeating": false`` -> ("outdoor",
    "seating"), no; ``auto_shutoff: true`` -> ("auto", "shutoff"), yes."""
    if ":" not in text and "=" not in text:
        return []
    keys = [
        YesOrNo(key, _parts(key), m["value"].lower() not in _NO, m.start(), m.end())
        for m in _YES_OR_NO.finditer(text)
        if (key := m["key"])
    ]
    if ":" in text and any(value in text for value in _NONE_WRITTEN):
        labels = [
            YesOrNo(m["key"], tuple(m["key"].lower().split()), False, m.start(), m.end())
            for m in _NONE_FIELD.finditer(text)
            if m["value"][0].isalpha() or m["key"].lower().split()[-1] in _CHARGES
        ]
        if labels:  # "Exit fees: None" is one label, not the key "fees" inside it
            inside = {(k.start, k.end) for k in keys for x in labels if x.start <= k.start < x.end}
            keys = sorted(
                [k for k in keys if (k.start, k.end) not in inside] + labels,
                key=lambda found: found.start,
            )
    return keys


def _parts(key: str) -> tuple[str, ...]:
    parts = _CAMEL_PART.findall(key) if _CAMEL_WORD.fullmatch(key) else key.split("_")
    return tuple(part.lower() for part in parts if part)
