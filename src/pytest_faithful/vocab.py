"""Names every layer shares, importable without pydantic (option parsing, the run header and
the reports need them at start-up): the three verdict labels, the scoring policies, the record
modes and the defaults of a check and of the call cache.

Scoring policies: ``strict``: supported claims / all claims. ``lenient``: claims not
contradicted / all claims.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Literal, get_args


class Label(str, Enum):
    """What the contexts say about one claim."""

    SUPPORTED = "SUPPORTED"
    CONTRADICTED = "CONTRADICTED"
    NOT_ENOUGH_INFO = "NOT_ENOUGH_INFO"

    def __str__(self) -> str:
        return self.value


ScoringPolicy = Literal["strict", "lenient"]
SCORING_POLICIES: Final[tuple[ScoringPolicy, ...]] = get_args(ScoringPolicy)
DEFAULT_SCORING: Final[ScoringPolicy] = "strict"
DEFAULT_RULES: Final = "standard"
"""The verdict rules a check runs when none are chosen (``pytest_faithful.rules.POLICIES``)."""
DEFAULT_THRESHOLD: Final = 0.8
"""The score a check needs to pass, unless a call, marker, option or ini key sets another."""

RecordMode = Literal["once", "none", "all", "off"]
"""vcrpy / pytest-recording record modes.

``once``: replay hits, call on misses and store. ``none``: replay only, a miss fails.
``all``: always call and overwrite. ``off``: no cache at all. What each does with one request:
:func:`pytest_faithful.cache.replay.decide`.
"""

RECORD_MODES: Final[tuple[RecordMode, ...]] = get_args(RecordMode)
DEFAULT_RECORD_MODE: Final[RecordMode] = "once"
DEFAULT_CACHE_DIR: Final = ".faith-cache"
"""Where recorded judge calls are kept: relative to the current directory in ``verify()``, to
the ini file's folder (else the rootdir) in a pytest run."""


def parse_record_mode(value: str) -> RecordMode:
    """Return ``value`` as a :data:`RecordMode`, or raise ``ValueError`` listing the choices."""
    for mode in RECORD_MODES:
        if value == mode:
            return mode
    choices = ", ".join(repr(mode) for mode in RECORD_MODES)
    raise ValueError(f"unknown record mode {value!r}; choose one of {choices}")
