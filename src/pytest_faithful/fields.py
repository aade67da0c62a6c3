"""One declaration per option: the field it fills, its flag, ini key, kind, bound, default and help.

An option is declared once, on the settings dataclass field it fills, with :func:`option`::

    chunk_chars: int = option(
        "--faith-local-chunk-chars", Whole(100), "Passage characters the model reads at once.",
        metavar="N", default=1500,
    )

Its kind (:class:`Whole`, :class:`Number`, :class:`Choice`, :class:`Flag`, :class:`Text`,
:class:`PathValue`) is the one place its bound is written: ``parse`` reads the text of a
command-line or ini value (its ``ValueError`` is what pytest shows, after the option's name),
``check`` refuses a bad value given to the dataclass in Python (``{field} must be ...``; each
dataclass calls :func:`check_fields` in ``__post_init__``). The plugin
(:mod:`pytest_faithful.plugin.options`) adds every declared option to pytest and parses it once.

Standard library only: the plugin reads these declarations at pytest start-up.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from typing import Any


class Kind:
    """What an option's value is: how its text is parsed and which values are allowed."""

    def parse(self, text: str) -> Any:
        """The value of a command-line or ini text; ``ValueError`` saying what is wrong."""
        return text

    def problem(self, value: object) -> str | None:
        """What a value given in Python must be ("a whole number >= 1"), or None when it is."""
        return None

    def check(self, name: str, value: object) -> None:
        problem = self.problem(value)
        if problem is not None:
            raise ValueError(f"{name} must be {problem}, got {value!r}")


class Text(Kind):
    """Any string (a judge spec)."""


@dataclasses.dataclass(frozen=True)
class PathValue(Kind):
    """A file (or, with ``directory``, a directory): relative to the current directory on the
    command line, to the ini file's folder (else the rootdir) in the ini file."""

    directory: bool = False


class Flag(Kind):
    """On or off: a store-true flag on the command line, a bool in the ini file."""

    def problem(self, value: object) -> str | None:
        # LLMOptions(single_call="false") must not switch single-call mode on.
        return None if isinstance(value, bool) else "True or False"


@dataclasses.dataclass(frozen=True)
class Whole(Kind):
    """A whole number from ``minimum`` up (to ``maximum``, when it has one)."""

    minimum: int
    maximum: int | None = None

    def _expected(self) -> str:
        if self.maximum is None:
            return f"{self.minimum} or more"
        return f"{self.minimum} to {self.maximum}"

    def parse(self, text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(
                f"{text!r} is not a whole number (expected {self._expected()})"
            ) from None
        if value < self.minimum:
            raise ValueError(f"{text!r} is less than {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"{text!r} is more than {self.maximum}")
        return value

    def problem(self, value: object) -> str | None:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < self.minimum
            or (self.maximum is not None and value > self.maximum)
        ):
            if self.maximum is None:
                return f"a whole number >= {self.minimum}"
            return f"a whole number from {self.minimum} to {self.maximum}"
        return None


@dataclasses.dataclass(frozen=True)
class Number(Kind):
    """A number in ``[low, high]``, or a finite one above ``low`` when there is no ``high``
    (a timeout of ``inf`` would wait for ever)."""

    low: float
    high: float | None = None
    noun: str = "number"

    @property
    def _a_noun(self) -> str:
        # "an amount in US dollars", "a number of seconds".
        return ("an " if self.noun[:1] in tuple("aeiou") else "a ") + self.noun

    def _inside(self, value: float) -> bool:
        if self.high is not None:
            return self.low <= value <= self.high
        return math.isfinite(value) and value > self.low

    def parse(self, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            expected = f" (expected {self.low:g} to {self.high:g})" if self.high is not None else ""
            raise ValueError(f"{text!r} is not {self._a_noun}{expected}") from None
        if not self._inside(value):
            if self.high is not None:
                raise ValueError(f"{text!r} is not in [{self.low:g}, {self.high:g}]")
            if not math.isfinite(value):
                raise ValueError(f"{text!r} is not a finite {self.noun} (expected > {self.low:g})")
            raise ValueError(f"{text!r} is not > {self.low:g}")
        return value

    def problem(self, value: object) -> str | None:
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not self._inside(value)
        ):
            if self.high is not None:
                return f"{self._a_noun} in [{self.low:g}, {self.high:g}]"
            return f"a finite {self.noun} > {self.low:g}"
        return None


UNIT = Number(0, 1)
"""Thresholds, probabilities and tolerances."""
SECONDS = Number(0, noun="number of seconds")
"""A duration above zero."""


@dataclasses.dataclass(frozen=True)
class Choice(Kind):
    """One of ``values``. ``parse`` (when given) parses and words its own refusal; with
    ``cli_choices`` the command line lists the values as argparse choices (``{a,b}``)."""

    values: Sequence[str]
    parse_value: Callable[[str], Any] | None = None
    cli_choices: bool = True

    def parse(self, text: str) -> Any:
        if self.parse_value is not None:
            return self.parse_value(text)
        if text not in self.values:
            raise ValueError(f"{text!r} is not one of {', '.join(self.values)}")
        return text

    def check(self, name: str, value: object) -> None:
        if value in self.values:
            return
        if self.parse_value is not None and isinstance(value, str):
            self.parse_value(value)  # raises in its own words
        raise ValueError(f"{name} must be one of {', '.join(self.values)}, got {value!r}")


@dataclasses.dataclass(frozen=True)
class Names(Kind):
    """Names: one string, separated by commas or spaces ("strict,judge-quote"), or a sequence
    of strings in Python and in a marker. ``known`` reads them and raises ValueError naming
    what is unknown (a rule set's names are checked where they are chosen)."""

    known: Callable[[str | Sequence[str]], object] | None = None

    def parse(self, text: str) -> Any:
        if self.known is not None:
            self.known(text)
        return text

    def problem(self, value: object) -> str | None:
        if isinstance(value, str):
            return None
        if isinstance(value, Sequence) and all(isinstance(v, str) for v in value):
            return None
        return "a str or a sequence of str"

    def check(self, name: str, value: object) -> None:
        super().check(name, value)
        if self.known is not None:
            self.known(value)  # type: ignore[arg-type]  # checked just above


@dataclasses.dataclass(frozen=True)
class Option:
    """A command-line option and its ini twin (the flag without ``--``, ``-`` read as ``_``)."""

    flag: str
    kind: Kind
    help: str
    metavar: str | None = None
    ini: bool = True
    ini_help: str | None = None
    """The ini key's help; default: the option's help and "(see FLAG)"."""
    shown_default: str | None = None
    """How ``--help`` shows the default; default: the field's default (None: not shown)."""

    @property
    def dest(self) -> str:
        """The name of the option (``config.getoption``) and of its ini key."""
        return self.flag.removeprefix("--").replace("-", "_")


def option(
    flag: str,
    kind: Kind,
    help: str,
    *,
    metavar: str | None = None,
    ini: bool = True,
    ini_help: str | None = None,
    shown_default: str | None = None,
    default: Any = dataclasses.MISSING,
    default_factory: Any = dataclasses.MISSING,
) -> Any:
    """A dataclass field that is also a command-line option and (unless ``ini=False``) its ini
    key. Give ``default`` or ``default_factory`` as to ``dataclasses.field``."""
    declared = Option(flag, kind, help, metavar, ini, ini_help, shown_default)
    return dataclasses.field(
        default=default, default_factory=default_factory, metadata={"option": declared}
    )


def options_of(settings: type[Any]) -> list[tuple[dataclasses.Field[Any], Option]]:
    """A settings dataclass's options, in field order, with the field each fills."""
    return [
        (f, f.metadata["option"]) for f in dataclasses.fields(settings) if "option" in f.metadata
    ]


def shown_default(f: dataclasses.Field[Any], declared: Option) -> str | None:
    """The default ``--help`` shows for an option, None for none."""
    if declared.shown_default is not None:
        return declared.shown_default
    if isinstance(declared.kind, Flag) or f.default in (dataclasses.MISSING, None, ()):
        return None
    return str(f.default)


def check_fields(settings: object) -> None:
    """Refuse a bad value given to a settings dataclass, naming the field (``__post_init__``)."""
    for f, declared in options_of(type(settings)):
        declared.kind.check(f.name, getattr(settings, f.name))
