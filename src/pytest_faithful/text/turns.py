"""The turns of a dialogue, read in the forms chats, logs and mail are written in.

A turn is a speaker's label and what follows it up to the next turn. Read, one line at a time
in one pass over the passage:

- a label and a colon at a line's start: ``Anna: ...``, ``Helen (chair): ...``,
  ``**Anna:** ...``, ``Anna (10:02): ...``, a transcript's tag ``#Person1#: ...``
  (DialogSum); after a timestamp or a chat export's date a label may be lower case:
  ``[10:06] raj: ...``, ``[00:01:05] Ben: ...``, ``10:02 anna: ...``,
  ``12/03/24, 18:22 - Sara: ...`` (WhatsApp), ``[12.03.24 18:22] Sara: ...`` (Telegram),
  ``10:02:11 From Priya to Everyone: ...`` (a Zoom chat);
- an IRC nick: ``<raj> ...``, perhaps after a timestamp;
- a play's speech prefix: a speaker's name in capitals and a full stop, ``HAMLET. ...``,
  ``KING OSRIC. ...``, ``FIRST OFFICER. ...``, with words in lower case after it (a heading
  of an all-capitals text opens no turn, nor ``ACT II.`` or ``SCENE III.``);
- a line that is only a speaker and a time, with the words on the lines below it: Slack's
  ``anna  10:02 AM``, Discord's ``anna — Today at 9:14 PM``, Teams' ``[9:02 AM] Lee, Anna``;
- an email: its ``From:`` header's sender ("Mark Chen" in ``From: Mark Chen <mark@...>``) is
  the speaker of the body below the header block (``To:``, ``Date:``, ``Subject:`` lines),
  and ``On <date>, Kim Hale <kim@...> wrote:`` opens a quoted reply; quoted lines (``> ...``)
  are read without their markers;
- a role in words with a name, ``Tower captain (Derek): ...``, where the name labels another
  turn (``Derek: ...``, or the same label again): "Opening hours (Summer): 9-5" opens none;
  nor does a record's field label, ``Total: £3,200 + VAT.``, ``**Fare:** £189``, ``Notes:``,
  in a quote's email or an itinerary (no speaker is called Total);
- turns flattened onto one line, each closed by a spaced full stop, as SAMSum dialogues are
  in SummEdits: ``Ann: Buy some butter. . Mike: Ok. . Mike: Do we have milk? . Ann: ...``.
  Such a turn starts at the spaced stop before its label, so the turn before it ends at its
  own words (``Ok.``, ``milk?``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from pytest_faithful.text.patterns import regex

_QUOTED = regex(r"[ \t]*(?:>[ \t]?)*[ \t]*")
_TIME = r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp]\.?[Mm]\.?)?"
_TIME_12 = r"\d{1,2}:\d{2}[ \t]?[AaPp]\.?[Mm]\.?"
# What a chat export or a log writes before a label: a bracketed timestamp (with a date or
# not), a bare time, or a date and time and a dash (WhatsApp).
_STAMP = (
    rf"(?:\[[^\]\n]{{0,20}}{_TIME}[^\]\n]{{0,12}}\][ \t]*"
    rf"|{_TIME}[ \t]+"
    rf"|\d{{1,4}}[/.-]\d{{1,2}}[/.-]\d{{2,4}},?[ \t]+{_TIME}[ \t]*[-\u2013\u2014][ \t]*)"
)
_WORD = r"[^\W\d_][\w.'-]*"
_CAPITAL_WORDS = r"[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)?"
# Up to five words: a title before a full name, "Fire Chief Angela Morrow", "Deputy Police
# Chief Victor Lane", as transcripts name their speakers.
_CAPITAL_NAME = r"[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,4}"
_ANY_NAME = r"[^\W\d_][\w.'-]*(?: [^\W\d_][\w.'-]*){0,2}"
_ASIDE = r"(?: \([^()\n]{1,40}\))?"
# A role in words with the speaker's name after it: "Tower captain (Derek): ...".
_ROLE = r"[A-Z][a-z'-]+(?: [a-z][a-z'-]+){1,2}(?= \([A-Z][a-z'-]+(?: [A-Z][a-z'-]+)?\):)"
# "Anna: ...", "**Anna:** ...", "**Anna**: ..."; after a timestamp, "raj: ..." too; a
# transcript's speaker tag, "#Person1#: ..." (DialogSum).
_LABELLED = regex(
    rf"(?:(?P<stamp>{_STAMP})(?P<any>{_ANY_NAME})|\*\*(?P<bold>{_CAPITAL_NAME}){_ASIDE}"
    rf"(?::\*\*|\*\*:)|#(?P<tag>[A-Za-z]\w{{0,20}})#|(?P<role>{_ROLE})|(?P<name>{_CAPITAL_NAME}))"
    rf"(?P<aside>{_ASIDE})(?(bold)|:)[ \t]+"
)
_ZOOM = regex(
    rf"(?:{_TIME}[ \t]+)?From[ \t]+(?P<name>{_ANY_NAME})[ \t]+to[ \t]+[^:\n]{{1,40}}:[ \t]*"
)
# "HAMLET. To be ...": a play's speech prefix, one to three words in capitals.
_PLAY = regex(r"(?P<name>[A-Z][A-Z'-]+(?: [A-Z][A-Z'-]+){0,2})\.[ \t]+(?=[^\n]*[a-z])")
_PLAY_HEADINGS = frozenset(["ACT", "SCENE"])
_IRC = regex(rf"(?:{_STAMP})?<[@+%~&]?(?P<name>[^\W\d_][\w.'|^`-]{{0,30}})>[ \t]+")
# A line that is only who spoke and when: the words are on the lines below.
_HEADER_LINE = regex(
    rf"(?P<slack>{_WORD}(?: {_WORD})?)(?:[ \t]{{2,}}{_TIME}|[ \t]+{_TIME_12})[ \t]*$"
    rf"|(?P<discord>{_ANY_NAME})[ \t]+[\u2014\u2013-][ \t]+"
    rf"(?:Today|Yesterday|\d{{1,2}}/\d{{1,2}}/\d{{2,4}})\b[^\n]{{0,30}}$"
    rf"|\[{_TIME}\][ \t]+(?P<teams>{_CAPITAL_WORDS}, {_CAPITAL_WORDS})[ \t]*$"
)
_FROM = regex(r"From:[ \t]+(?P<sender>[^\n]{1,200})$", re.IGNORECASE)
_MAIL_HEADER = regex(r"(?:To|Cc|Bcc|Date|Sent|Subject|Reply-To):(?:[ \t][^\n]*)?$", re.IGNORECASE)
_WROTE = regex(r"On [^\n]{1,120}?,[ \t]*(?P<sender>[^,\n]{1,80}?)[ \t]+wrote:[ \t]*$")
_ADDRESS = regex(r"[ \t]*[<(\[][^<>()\[\]\n]*@[^<>()\[\]\n]*[>)\]][ \t]*|\"")
_MAILBOX = regex(r"([^\W\d_][\w'-]*)(?:[._][^@\s]*)?@")
_NAME_WORD = regex(r"[^\W\d_][\w'-]*")
# A spaced full stop before a speaker's label and colon, inside a line that opens a turn:
# where a flattened dialogue (module docstring) starts its next turn.
FLAT_BREAK = " . "
_FLAT_TURN = regex(rf" \.(?= (?:#[A-Za-z]\w{{0,20}}#|{_CAPITAL_NAME}){_ASIDE}:[ \t])")
_NONE: frozenset[str] = frozenset()
# The labels of a record's fields, which open no turn (a speaker called "Total" is none).
_FIELDS = frozenset(
    "total subtotal grand price prices fare fares cost costs fee fees charge charges rate "  # noqa: SIM905
    "rates amount balance deposit payment due discount tax vat note notes ps out back return "
    "outbound inbound location address venue ref reference status phone tel email website "
    "includes included excludes excluded warranty terms starts ends applies expires".split()
)


def _sender(field: str) -> str:
    """The name in a ``From:`` field: "Mark Chen <mark@x.com>" -> "Mark Chen"; a bare
    address -> its mailbox's first word ("maria.lopez@x.com" -> "maria")."""
    name = _ADDRESS.sub(" ", field).strip()
    if name and "@" not in name:
        return name if name[0].isalpha() else ""
    mailbox = _MAILBOX.search(field)
    return mailbox[1] if mailbox else ""


class Dialogue(NamedTuple):
    """A passage's turns, in order."""

    starts: tuple[int, ...]
    """Where each turn's label starts."""
    bodies: tuple[int, ...]
    """Where each turn's words start, past its label."""
    labels: tuple[frozenset[str], ...]
    """The words that name each turn's speaker, lower case."""
    speakers: frozenset[str]
    """Every word of every label."""
    aliases: Mapping[str, frozenset[str]]
    """For each label word, the words of every label it is in ("liz": {"elizabeth", "liz"}),
    and the name each such speaker introduced themselves by ("agent": {"agent", "rachel"})."""
    by_start: Mapping[str, tuple[str, ...]]
    """The label words by their first three letters, to find the one a short form starts."""


def speaker_words(label: str) -> frozenset[str]:
    """The words of a turn's label, lower case: "Elizabeth (Liz)" -> {"elizabeth", "liz"}."""
    return frozenset(word.lower() for word in _NAME_WORD.findall(label) if len(word) > 1)


def _line_turn(line: str, passage: str) -> tuple[int, str] | None:
    """Where the words of a turn that ``line`` opens start (in the line) and its label; a
    role's label only where its name labels a turn of ``passage`` too."""
    quoted = _QUOTED.match(line)
    at = quoted.end() if quoted else 0
    zoom = _ZOOM.match(line, at)
    if zoom:
        return zoom.end(), zoom["name"]
    labelled = _LABELLED.match(line, at)
    if labelled:
        name = (
            labelled["any"]
            or labelled["bold"]
            or labelled["tag"]
            or labelled["role"]
            or labelled["name"]
        )
        # An aside that is a time ("Anna (10:02):") names nobody.
        aside = "" if any(c.isdigit() for c in labelled["aside"]) else labelled["aside"]
        if labelled["role"] and not _speaks_again(labelled["role"], aside, passage):
            return None
        if (labelled["name"] or labelled["bold"]) and _field_label(name):
            return None  # "Total: £3,200 + VAT." in a quote's email: a field, not a speaker
        return labelled.end(), name + aside
    irc = _IRC.match(line, at)
    if irc:
        return irc.end(), irc["name"]
    play = _PLAY.match(line, at)
    if play and play["name"].split()[0] not in _PLAY_HEADINGS:
        return play.end(), play["name"]
    return None


def _field_label(label: str) -> bool:
    """Whether ``label`` names a field of a record, a price list or an itinerary ("Total",
    "Fare", "Out", "Notes"), which no dialogue's speaker is called."""
    words = label.lower().split()
    return bool(words) and all(word in _FIELDS for word in words)


def _speaks_again(role: str, aside: str, passage: str) -> bool:
    """Whether the name of a role's label (" (Derek)") labels another turn of ``passage``,
    alone ("Derek: ...") or with the role again."""
    return f"\n{aside.strip(' ()')}:" in f"\n{passage}" or passage.count(f"{role}{aside}:") > 1


def _flattened(line: str, body: int) -> list[tuple[int, int, str]]:
    """The turns after the first of a line that flattens a dialogue (module docstring): for
    each, where its spaced stop starts, where its words start, and its label."""
    found = []
    for stop in _FLAT_TURN.finditer(line, body):
        labelled = _LABELLED.match(line, stop.end() + 1)
        if labelled is not None and (
            name := labelled["tag"] or labelled["role"] or labelled["name"]
        ):
            found.append((stop.start(), labelled.end(), name + labelled["aside"]))
    return found


# Read once per passage: every claim of a check asks about the same passages.
@functools.lru_cache(maxsize=256)
def dialogue(passage: str) -> Dialogue:
    """The turns of ``passage`` (module docstring), in one pass over its lines."""
    starts: list[int] = []
    bodies: list[int] = []
    names: list[str] = []
    pending: tuple[int, str] | None = None  # a turn whose words start on a later line
    sender: tuple[int, str] | None = None  # a From: line without an address, until a header
    in_header = False  # inside an email's header block, after its From: line
    at = 0
    for line in passage.splitlines(keepends=True):
        start, text = at, line.rstrip("\r\n")
        at += len(line)
        quoted = _QUOTED.match(text)
        bare = text[quoted.end() if quoted else 0 :]
        if (in_header or sender) and _MAIL_HEADER.match(bare):
            pending, sender, in_header = pending or sender, None, True
            continue
        in_header, sender = False, None
        header = _FROM.match(bare)
        found = header or _WROTE.match(bare)
        if found and (name := _sender(found["sender"])):
            # "From: 9 am" in a timetable is no sender: a sender has an address, or a header
            # line (To:, Sent:) follows.
            if "@" in found["sender"] or found is not header:
                pending, in_header = (start, name), found is header
            else:
                sender = (start, name)
            continue
        header = _HEADER_LINE.match(bare)
        if header:
            pending = (start, header["slack"] or header["discord"] or header["teams"])
            continue
        if not bare.strip():
            continue
        if (turn := _line_turn(text, passage)) is not None:
            pending = None
            starts.append(start)
            bodies.append(start + turn[0])
            names.append(turn[1])
            if FLAT_BREAK in text:  # most lines hold no flattened turns
                for at_break, body, name in _flattened(text, turn[0]):
                    starts.append(start + at_break)
                    bodies.append(start + body)
                    names.append(name)
        elif pending is not None:
            starts.append(pending[0])
            bodies.append(start)
            names.append(pending[1])
            pending = None
    labels = tuple(speaker_words(name) for name in names)
    introduced = _introduced(passage, bodies, starts, labels)
    aliases: dict[str, frozenset[str]] = {}
    for label in set(labels):
        for word in label:
            aliases[word] = aliases.get(word, frozenset()) | label | introduced.get(label, _NONE)
    by_start: dict[str, tuple[str, ...]] = {}
    for word in aliases:
        by_start[word[:3]] = (*by_start.get(word[:3], ()), word)
    return Dialogue(
        tuple(starts),
        tuple(bodies),
        labels,
        frozenset(aliases),
        MappingProxyType(aliases),
        MappingProxyType(by_start),
    )


# A speaker naming themselves in their first turn: "Sales Agent: Hi, this is Rachel from
# Brightline.", "My name is Tom Becker, I'm with SunPeak.", "Hi, I'm Mark.", "it's Greg from
# Riverside Motors". The name is followed by where they are from, or ends its clause.
_INTRODUCTION = regex(
    r"\b(?:[Tt]his is|[Ii]t's|[Ii]t\u2019s|[Mm]y name is|I'm|I\u2019m|I am)[ \t]+"
    r"(?P<name>[A-Z][a-z'\u2019-]+(?:[ \t]+[A-Z][a-z'\u2019-]+)?)"
    r"(?=[ \t]+(?:from|with|at|of|here|calling)\b|[ \t]*[,.!?;]|[ \t]*$)"
)
# How far into a speaker's first turn a greeting names them.
_INTRODUCTION_REACH = 120


def _introduced(
    passage: str,
    bodies: list[int],
    starts: list[int],
    labels: tuple[frozenset[str], ...],
) -> dict[frozenset[str], frozenset[str]]:
    """Each label -> the name its speaker gives themselves near the start of their first turn
    (:data:`_INTRODUCTION`): "Rachel" for "Sales Agent:". An alias of the speaker, not a label:
    a claim that names it names the speaker, and it makes no new speaker of the dialogue. A
    name that is a word of another speaker's label is left out ("This is Sam" introducing
    "Sam:"), as is any where the passage is no dialogue."""
    added: dict[frozenset[str], frozenset[str]] = {}
    if len(set(labels)) < 2:
        return added
    every = frozenset().union(*labels)
    for k, label in enumerate(labels):
        if label in added or not label:
            continue
        end = starts[k + 1] if k + 1 < len(starts) else len(passage)
        found = _INTRODUCTION.search(passage, bodies[k], min(end, bodies[k] + _INTRODUCTION_REACH))
        name = speaker_words(found["name"]) if found else _NONE
        added[label] = _NONE if (name & every) - label else name - label
    return added


def speaker_named(dialogue: Dialogue, word: str) -> str | None:
    """The label word that ``word`` (a claim's capitalised word) names: itself, or the one
    label word it is the start of ("Jon" for "Jonathan:", "Matt" for "Matthew:"), if only
    one; else None."""
    named = word.lower()
    if named in dialogue.speakers:
        return named
    if len(named) < 3:
        return None
    longer = [s for s in dialogue.by_start.get(named[:3], ()) if s.startswith(named)]
    return longer[0] if len(longer) == 1 else None
