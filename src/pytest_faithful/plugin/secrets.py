"""The keys a run's checks ran with, for the reports made at its end.

The reports are masked where they are made (``report.records.without_secrets``), at the end of
the session, with the keys in the environment then. A key a fixture sets for its tests
(``monkeypatch.setenv("OPENAI_API_KEY", ...)``, a vault or a dotenv file read in a fixture) is
gone by then, and an answer that leaked it would reach the terminal summary and every report
whole. So each check's record notes the keys in the environment as it is kept; the report is
masked with all of them. An xdist worker masks the records it sends with the keys set after it
started: the controller, whose environment the worker started with, knows only the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from pytest_faithful.redaction import mask_secrets_in, secret_values

if TYPE_CHECKING:
    from pydantic import BaseModel


class SecretsSeen:
    """The secrets (:func:`~pytest_faithful.redaction.secret_values`) of the environment at
    start and whenever :meth:`note` is called; never written anywhere."""

    def __init__(self) -> None:
        self._at_start = frozenset(secret_values())
        self._seen = set(self._at_start)
        self._kept = 0  # records kept when the environment was last read

    @property
    def values(self) -> frozenset[str]:
        return frozenset(self._seen)

    def note(self, kept: int) -> None:
        """Remember the secrets of the environment now, if a check's record was kept since the
        last time (``kept``: how many records the session holds): a test without checks leaks
        nothing, and reading the environment at each of its phases cost every test ~0.08 ms."""
        if kept != self._kept:
            self._kept = kept
            self._seen.update(secret_values())

    def dumped(self, records: Sequence[BaseModel]) -> list[dict[str, Any]]:
        """``records`` as the JSON data a worker sends, with every run of a secret set after
        start written as as many ``*``, as the report would show it (nearly every run has
        none: nothing is read)."""
        dumped = [record.model_dump(mode="json") for record in records]
        late = sorted(self._seen - self._at_start, key=len, reverse=True)
        if not late:
            return dumped
        from pytest_faithful.report.records import IDENTITIES

        return [cast("dict[str, Any]", mask_secrets_in(d, late, IDENTITIES)) for d in dumped]
