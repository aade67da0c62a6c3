"""Record modes (vcrpy's vocabulary) and the one table that says what each mode does.

Kept apart from :mod:`pytest_faithful.cache.store` so that option parsing at pytest start-up
does not import diskcache, sqlite3 or pydantic.
"""

from __future__ import annotations

import enum
from typing import Final, Literal, get_args

RecordMode = Literal["once", "none", "all", "off"]
"""vcrpy / pytest-recording record modes.

``once``: replay hits, call on misses and store. ``none``: replay only, a miss fails.
``all``: always call and overwrite. ``off``: no cache at all.
"""

RECORD_MODES: Final[tuple[RecordMode, ...]] = get_args(RecordMode)
DEFAULT_RECORD_MODE: Final[RecordMode] = "once"


class Action(enum.Enum):
    """What :class:`CachedBackend` does with one request."""

    REPLAY = "replay"
    """Return the stored response; do not call the backend."""
    CALL_AND_STORE = "call_and_store"
    """Call the backend and store (or overwrite) its response."""
    CALL = "call"
    """Call the backend; neither read nor write the cache."""
    FAIL = "fail"
    """Raise :class:`CacheMissError`; do not call the backend."""


def parse_record_mode(value: str) -> RecordMode:
    """Return ``value`` as a :data:`RecordMode`, or raise ``ValueError`` listing the choices."""
    for mode in RECORD_MODES:
        if value == mode:
            return mode
    choices = ", ".join(repr(mode) for mode in RECORD_MODES)
    raise ValueError(f"unknown record mode {value!r}; choose one of {choices}")


def decide(mode: RecordMode, hit: bool) -> Action:
    """The one decision table for record modes.

    ======  ==============  ==============
    mode    hit             miss
    ======  ==============  ==============
    once    REPLAY          CALL_AND_STORE
    none    REPLAY          FAIL
    all     CALL_AND_STORE  CALL_AND_STORE
    off     CALL            CALL
    ======  ==============  ==============
    """
    if mode == "once":
        return Action.REPLAY if hit else Action.CALL_AND_STORE
    if mode == "none":
        return Action.REPLAY if hit else Action.FAIL
    if mode == "all":
        return Action.CALL_AND_STORE
    if mode == "off":
        return Action.CALL
    parse_record_mode(mode)  # raises with the list of choices
    raise AssertionError("unreachable")  # pragma: no cover


def needs_lookup(mode: RecordMode) -> bool:
    """Whether ``mode`` has to read the cache: derived from :func:`decide`, not a second table."""
    return decide(mode, hit=True) is not decide(mode, hit=False)
