"""Regular expressions compiled on first use.

The readers of ``text/`` and the rules hold some four hundred patterns at module level, and
compiling them all was a third of the time ``import pytest_faithful`` took for a check's
modules (about 100 ms of 290 ms on this project's 2-core machine), paid by every pytest run that
checks anything and by every xdist worker. A check reads a few dozen of them: a claim its
evidence states word for word reads no wording rule's. :func:`regex` defers the compile to the
first match; after it the compiled pattern's own methods answer, with nothing in between.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

# What a compiled pattern answers; read from it on first use and kept on the instance, so a
# later call finds the bound method of the compiled pattern itself.
_ANSWERED = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "flags",
    "groups",
    "groupindex",
)


class Regex:
    """A pattern that compiles itself when first used; otherwise a ``re.Pattern[str]``."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        """The source, read without compiling (patterns built from others use it)."""
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        # Only reached while an answered name is not yet on the instance: compile, keep the
        # compiled pattern's methods, answer.
        if name not in _ANSWERED:
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self._flags)
        for answered in _ANSWERED:
            self.__dict__[answered] = getattr(compiled, answered)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"regex({self.pattern!r}, {self._flags!r})"

    if TYPE_CHECKING:
        flags: int
        groups: int
        groupindex: Mapping[str, int]

        def search(self, string: str, pos: int = 0, endpos: int = ...) -> re.Match[str] | None: ...

        def match(self, string: str, pos: int = 0, endpos: int = ...) -> re.Match[str] | None: ...

        def fullmatch(
            self, string: str, pos: int = 0, endpos: int = ...
        ) -> re.Match[str] | None: ...

        def finditer(
            self, string: str, pos: int = 0, endpos: int = ...
        ) -> Iterator[re.Match[str]]: ...

        def findall(self, string: str, pos: int = 0, endpos: int = ...) -> list[Any]: ...

        def sub(
            self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
        ) -> str: ...

        def subn(
            self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
        ) -> tuple[str, int]: ...

        def split(self, string: str, maxsplit: int = 0) -> list[str | Any]: ...


def regex(pattern: str, flags: int = 0) -> Regex:
    """``re.compile(pattern, flags)``, compiled when first used."""
    return Regex(pattern, flags)
