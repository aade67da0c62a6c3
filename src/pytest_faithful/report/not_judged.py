"""The checks a judge left unjudged because it could not answer at all (no key, a rejected key,
an unreachable server): per judge, how many, and the failure that explains why. No pytest here.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from pydantic import Field

from pytest_faithful.errors import shorten
from pytest_faithful.models import FrozenModel
from pytest_faithful.report.records import CheckRecord


class NotJudged(FrozenModel):
    """Checks that errored because their judge could not answer at all.

    The first such check of a judge (in each process) carries the full explanation; the
    judge then fails every later check at once, with a one-line message.
    """

    judge_id: str
    checks: int = Field(ge=1, description="How many checks of this judge were not judged.")
    first: str = Field(description="test_id of the first failure: its error explains why.")
    reason: str = Field(description="The first line of that failure's error.")

    def describe(self) -> str:
        checks = "check" if self.checks == 1 else "checks"
        return (
            f"{self.checks} {checks} not judged: judge {self.judge_id} is unavailable "
            f"(first failure {self.first}: {shorten(self.reason, 160)})"
        )


def summarize_not_judged(
    records: Iterable[CheckRecord], first_failures: Collection[tuple[str, int]] = ()
) -> tuple[NotJudged, ...]:
    """The checks each unavailable judge left unjudged, by judge id.

    ``first_failures`` are the (nodeid, index) of each process's first unavailable check of a
    judge, the ones with the full explanation; the earliest in test order is named. Without
    one (a worker that crashed before reporting it), the earliest check of the judge is.
    """
    by_judge: dict[str, list[CheckRecord]] = {}
    for record in records:
        if record.error_kind == "judge_unavailable":
            by_judge.setdefault(record.judge_id, []).append(record)
    summaries = []
    for judge_id, failed in sorted(by_judge.items()):
        failed.sort(key=lambda r: (r.nodeid, r.index))
        first = next((r for r in failed if (r.nodeid, r.index) in first_failures), failed[0])
        reason = (first.error or "").strip().splitlines()
        summaries.append(
            NotJudged(
                judge_id=judge_id,
                checks=len(failed),
                first=first.test_id,
                reason=reason[0] if reason else "",
            )
        )
    return tuple(summaries)


def not_judged_lines(
    reported: Sequence[NotJudged] | None,
    records: Sequence[CheckRecord],
    first_failures: Collection[tuple[str, int]],
) -> list[str]:
    """What the terminal says of each unavailable judge: the report's summaries when one was
    built (``reported``), else the records' (a run with no report asked for)."""
    if not any(r.error_kind == "judge_unavailable" for r in records):
        return []
    summaries = reported if reported is not None else summarize_not_judged(records, first_failures)
    return [summary.describe() for summary in summaries]
