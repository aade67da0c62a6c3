"""Choosing how to ask a server for JSON, and remembering per base URL what it accepted.

OpenAI-compatible servers differ: llama-cpp-python's server answers ``response_format`` json_schema
with HTTP 500 and accepts json_object with a schema; others take neither. In ``auto`` a judge
tries ``schema``, then ``json``, then ``prompt``; the first the server accepts is remembered in
a :class:`StructuredOutputMemory` owned by the run (never a module global), so later requests
go straight to it. A pinned mode is the only one tried.

The mode is part of each request (``params["structured_output"]``), hence of its cache key:
a recording made with one mode is never replayed as another's.
"""

from __future__ import annotations

import threading

from pytest_faithful.judges.llm.options import StructuredOutput
from pytest_faithful.providers.endpoint import WIRE_MODES, WireMode


class StructuredOutputMemory:
    """Base URL -> the mode its server accepted. One per run; safe across threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._modes: dict[str, WireMode] = {}

    def get(self, where: str) -> WireMode | None:
        with self._lock:
            return self._modes.get(where)

    def remember(self, where: str, mode: WireMode) -> None:
        with self._lock:
            self._modes[where] = mode


class ModeNegotiator:
    """The modes to try for one server, in order, and what to remember about the outcome."""

    def __init__(self, memory: StructuredOutputMemory, where: str, pin: StructuredOutput) -> None:
        self._memory = memory
        self.where = where
        self.pin = pin

    @property
    def pinned(self) -> bool:
        return self.pin != "auto"

    def candidates(self) -> tuple[WireMode, ...]:
        if self.pinned:
            return (self.pin,)
        remembered = self._memory.get(self.where)
        start = WIRE_MODES.index(remembered) if remembered in WIRE_MODES else 0
        return WIRE_MODES[start:]

    def accepted(self, mode: WireMode) -> None:
        if not self.pinned:
            self._memory.remember(self.where, mode)
