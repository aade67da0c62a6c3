"""The code identifiers an answer sentence writes, and whether a passage writes each.

Answers about software documentation name things that exist only in their exact form: an
environment variable (``ACME_API_TOKEN``), a setting (``max_retries``), a command-line flag
(``--verbose``), a function (``client.refresh()``), a file (``acme.toml``), a path
(``~/.acme/logs``), an email address. A changed one ("set ``ACME_TOKEN``", "use ``--debug``") is a
hallucination the rest of the sentence hides, as a changed name or figure is, and the words
around it say nothing about it. So an identifier is a specific
(:mod:`~pytest_faithful.text.specifics`): stated when a passage writes it, ignoring case (a
passage's "Node.js" states an answer's "node.js"), anywhere in its text (a passage's
``client.upload(path, ...)`` states ``client.upload()``, its ``~/.acme/logs/acme.log`` states
``~/.acme/logs``).

What reads as an identifier, in an answer sentence (the forms prose does not take):

* a word with an underscore inside it (``max_retries``, ``ACME_API_TOKEN``; not Markdown's
  ``__bold__``);
* a long flag: ``--`` and a word (``--verbose``; not "--" between words as a dash);
* a word written as a call: ``sync()``, ``client.upload(...)``;
* a dotted name whose later parts start in lower case and have two letters or more
  (``acme.toml``, ``client.upload``, ``Node.js``; not "e.g.", "U.S.", "3.9", or two sentences
  run together, "in 2014.He was");
* a word in lower camel case (``maxRetries``, ``getUser``; not a unit, "kWh", "mAh", "pH",
  "dB", or "mRNA");
* an email address;
* a path that starts at a root, a home or the current directory (``/etc/hosts``, ``~/.acme``,
  ``./config``; not "and/or", "km/h" or an HTML tag's "</li>").

Not a URL (``https://acme.io/docs``, ``acme.io/docs``) or a site (``docs.acme.io``,
"Booking.com", which names a company too), and nothing in brackets: that is where
answers cite their sources ("(Source: returns.pdf)", "[faq.md]", "[policy](https://...)"),
which an application adds from its documents' metadata, not from the text the passages hold.

A plain word in backticks (`` `region` ``) is not one: answers put ``None``, ``True`` or a
status word in backticks that the passages say in words.

Nor are the names an answer makes up for its own example: the lines of a code example (a
sentence of several lines of statements, an HTML answer's script element), a name the sentence
assigns an object it makes ("``my_client = acme.Client(key)``") and what is reached through it,
and a placeholder for the reader to fill in ("``YOUR_API_KEY``", "``my_bucket``"). A setting
given a value ("``timeout_s = 60``") is held to the passages as any identifier is.

And the values an answer's example gives are its own (:func:`without_examples`): an ID or key
written with a prefix a passage gives ("``cus_8Hx2``", "``sk_test_4eC39...``" where IDs start
with ``cus_`` and test keys with ``sk_test_``), and, in a code example or inline code, the
figure a setting, parameter or flag the passages name is given ("``limit=50``", "``--timeout
600``", "``batch_size: 200``", "``--to v1.4.2``"). The name must be stated: "``retry_count=5``"
is not the passages' setting, and its figure is held to them; so is a figure compared, not given
("``status_code == 420``"), and a default or limit the prose states.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from pytest_faithful.text.patterns import regex

# One alternation, tried at each position in turn, so a sentence is read in one linear pass.
_IDENTIFIER = regex(
    r"""
    (?P<url>\b[a-z][a-z0-9+.-]{1,15}://[^\s<>()\[\]{}"'`]+)
    | (?P<email>(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+)
    | (?P<path>(?<![\w/.~<-])(?:~|\.{1,2})?/[\w.@-]+(?:/[\w.@-]+)*/?)
    | (?P<flag>(?<![\w-])--[A-Za-z][\w-]*)
    | (?P<site>(?<![\w.-])[A-Za-z_][\w-]*(?:\.[a-z_][\w-]+)+/[^\s<>()\[\]{}"'`]*)
    | (?P<dotted>(?<![\w.-])[A-Za-z_][\w-]*(?:\.[a-z_][\w-]+)+\b)
    | (?P<call>(?<![\w.])[A-Za-z_]\w*(?=\(\)))
    | (?P<snake>(?<![\w-])_*[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+_*(?![\w-]))
    | (?P<camel>(?<![\w-])[a-z]+[A-Z][a-z]{2}[A-Za-z0-9]*\b)
    """,
    re.VERBOSE,
)
# Cheap tests first: most sentences have none of these marks, and are read no further. The
# marks a substring test finds, then a full stop before a lower-case letter ("acme.toml") and a
# capital after one ("getFile"), looked for at each full stop and capital, which are few.
_MARKS = ("_", "--", "()", "@", "/")
_CAPITAL = regex(r"[A-Z]")


def _may_hold_one(sentence: str) -> bool:
    if any(mark in sentence for mark in _MARKS):
        return True
    at = sentence.find(".", 1)
    while 0 < at < len(sentence) - 1:
        if sentence[at + 1].islower() and (sentence[at - 1].isalnum() or sentence[at - 1] in "_-"):
            return True
        at = sentence.find(".", at + 1)
    return any(sentence[m.start() - 1].islower() for m in _CAPITAL.finditer(sentence, 1))


# What a sentence adds after a path that is not the path's: "see /etc/hosts.".
_TRAILING = ".,;:!?'\")]/"
# A stretch in brackets, in which an answer cites its sources ("(Source: returns.pdf)",
# "[faq.md]", "(doc_id: returns_v2)") and an HTML answer writes its tags: innermost only, one
# linear pass.
_BRACKETED = regex(
    # an HTML answer's script or style element first: code, as an example's lines are
    r"<(?i:script|style)\b[^<>]*>[^<]*</(?i:script|style)[^\S\n]*>"
    r"|\([^()]*\)|\[[^\[\]]*\]|<[^<>]*>"
)
# A host name by its top-level domain: a site ("CNN.com", "docs.acme.io") is cited as a URL is,
# and names a company too ("Booking.com" for the passages' "Booking").
_SITE = regex(r"\.(?:com|org|net|io|co|uk|us|de|fr|eu|gov|edu|ai|app|dev|info|biz)$")
# The lines of a code example: its statements and its closing fence. An answer's example
# names its own variables and placeholders ("my_client = acme.Client(api_key=MY_KEY)"), which
# no passage writes; a sentence of them is read as code, not as prose that names things.
_CODE_LINE = regex(
    r"(?m)^[^\S\n]*(?:(?:import|from|def|class|for|while|return|const|let|var|function|async"
    r"|await|try|except|catch|with|echo|export|print)\b|[A-Za-z_][\w.\[\]'\"]*[^\S\n]*[-+*/]?="
    r"(?!=)|[})\]];?[^\S\n]*$|```|~~~)"
)
# A name the sentence assigns an object it makes ("my_client = acme.Client(key)", "rows = await
# fetch()"): the answer's own. A setting given a value ("timeout_s = 60") is the passages'.
_ASSIGNED = regex(
    r"(?<![\w.])([A-Za-z_][\w.]*)[^\S\n]*=(?!=)[^\S\n]*(?:await[^\S\n]+|new[^\S\n]+)?"
    r"[A-Za-z_][\w.]*\("
)
# A placeholder an answer invents for the reader to fill in: "YOUR_API_KEY", "my_bucket".
_PLACEHOLDER = regex(r"(?i)(?:your|my|example|sample|dummy|fake|placeholder)_")


def reads_as_code(sentence: str) -> bool:
    """Whether ``sentence`` is lines of a code example (:data:`_CODE_LINE`), not prose."""
    return "\n" in sentence.strip() and _CODE_LINE.search(sentence) is not None


# An ID or key as written, and a prefix a passage gives one ("starts with `cus_`", "`sk_live_...`").
_PREFIXED = regex(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*_[\w*]*[A-Za-z0-9*]")
_PREFIX = regex(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*_(?:[A-Za-z0-9]+_)*(?![A-Za-z0-9])")
# A value given to a name: "limit=50", "batch_size: 200", "--timeout 600", "\"id\": \"ord_9f\"".
_GIVEN = regex(
    r"(?<![\w.-])(?:(?P<flag>--?[A-Za-z][\w-]*)[^\S\n]+|(?P<name>[A-Za-z_][\w.-]*)[\"']?[^\S\n]*"
    r"(?<![=!<>])[=:](?!=)[^\S\n]*)(?P<value>[\"']?v?\d[\w.:-]*|\"[^\"\n]*\"|'[^'\n]*')"
)
# In inline code, a value given as a call's argument or a query parameter ("Client(timeout=10)",
# "?limit=50"): "`flush_interval: 60s`" in prose states a setting's value.
_ARGUMENT = regex(r"[(,?&][^\S\n]*[A-Za-z_][\w-]*=")
# An HTTP status or error code is the passages' even as a value: "\"status\": 422".
_STATUS = regex(r"(?i)status|code")
_INLINE_CODE = regex(r"`[^`\n]+`")


@functools.lru_cache(maxsize=256)
def _prefixes(passages: tuple[str, ...]) -> frozenset[str]:
    return frozenset(m[0].casefold() for p in passages for m in _PREFIX.finditer(p))


def without_examples(text: str, passages: Sequence[str]) -> str:
    """``text`` without the values its example makes up (see the module docstring): an ID's
    part after a prefix a passage gives, and a figure given in code to a name a passage states;
    each dropped, the rest of ``text`` as written."""
    # An ID has an underscore; a value given in code is in backticks or a code example's lines.
    if "_" not in text and "`" not in text and not reads_as_code(text):
        return text
    prefixes = _prefixes(tuple(passages))
    cuts: list[tuple[int, int]] = []
    for m in _PREFIXED.finditer(text) if prefixes else ():
        ends = [i + 1 for i, ch in enumerate(m[0]) if ch == "_"]
        stated = [e for e in ends if m[0][:e].casefold() in prefixes]
        if stated:
            cuts.append((m.start() + stated[-1], m.end()))
    code = reads_as_code(text)
    spans = [(0, len(text))] if code else [m.span() for m in _INLINE_CODE.finditer(text)]
    for start, end in spans:
        for m in _GIVEN.finditer(text, start, end):
            name, value = m["flag"] or m["name"], m["value"]
            if not code and not _ARGUMENT.search(text, m.start() - 1, m.start("value")):
                continue
            if value[0] in "\"'" and not any(ch.isdigit() or ch == "@" for ch in value):
                continue  # a word value: a status, a region, an error code the passages define
            if _STATUS.search(name) or not identifier_stated(name, passages):
                continue
            cuts.append((m.start("value"), m.end("value")))
    for start, end in sorted(cuts, reverse=True):
        text = text[:start] + text[end:]
    return text


# What documentation converted to Markdown writes before its underscores and brackets.
_ESCAPE = regex(r"\\(?=[_*\[\]()`.-])")


@functools.lru_cache(maxsize=4096)
def identifiers(sentence: str) -> tuple[str, ...]:
    """The code identifiers ``sentence`` writes (see the module docstring), each once, as
    written; a name written as a call ends in ``()`` ("client.upload(path)" is
    ``client.upload()``)."""
    if not _may_hold_one(sentence):
        return ()
    if reads_as_code(sentence):
        return ()
    cited = [range(m.start(), m.end()) for m in _BRACKETED.finditer(sentence)]
    own = tuple(m[1] for m in _ASSIGNED.finditer(sentence)) if "=" in sentence else ()
    found: dict[str, None] = {}
    for m in _IDENTIFIER.finditer(sentence):
        kind, text = m.lastgroup, m[0]
        if kind in ("url", "site") or any(m.start() in span for span in cited):
            continue
        if _PLACEHOLDER.match(text) or any(text == n or text.startswith(f"{n}.") for n in own):
            continue
        if kind == "dotted" and _SITE.search(text):
            continue
        if kind in ("path", "email"):
            text = text.rstrip(_TRAILING)
        elif kind in ("dotted", "call") and sentence.startswith("(", m.end()):
            text += "()"
        if text:
            found.setdefault(text, None)
    return tuple(found)


def _plain(text: str) -> str:
    """``text`` as identifiers are compared: case folded, Markdown's escapes dropped, and a
    hyphen read as an underscore (``acme-sdk`` is the package ``acme_sdk``)."""
    return _ESCAPE.sub("", text.casefold()).replace("-", "_")


# Where a passage's text breaks into the tokens an identifier is most often written as whole.
_TOKEN_BREAK = regex(r"[\s`'\"()\[\]{}<>,;=]+")


@functools.lru_cache(maxsize=256)
def _plain_passages(passages: tuple[str, ...]) -> tuple[tuple[str, ...], frozenset[str]]:
    """The passages as :func:`_plain` reads them, and their tokens with and without the
    punctuation a sentence ends them with: most identifiers a passage states are one of them,
    found without reading the passages again."""
    texts = tuple(_plain(p) for p in passages)
    tokens = {t for text in texts for t in _TOKEN_BREAK.split(text)}
    return texts, frozenset(tokens | {t.rstrip(".:!?") for t in tokens})


def identifier_stated(identifier: str, passages: Sequence[str]) -> bool:
    """Whether a passage writes ``identifier`` anywhere in its text, ignoring case (see
    :func:`_plain`); a method written as a call (``client.refresh()``) when a passage writes
    the method (``refresh()``, ``.refresh``), whatever object the answer calls it on."""
    texts, tokens = _plain_passages(tuple(passages))
    call = identifier.endswith("()")
    wanted = _plain(identifier.removesuffix("()"))
    if wanted in tokens or any(wanted in t for t in texts):
        return True
    if call and "." in wanted:
        method = wanted.rsplit(".", 1)[1]
        return any(f"{method}(" in t or f".{method}" in t for t in texts)
    return False
