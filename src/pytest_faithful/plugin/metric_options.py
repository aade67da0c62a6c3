"""The metric fixtures' options: their thresholds on the command line and in the ini file.

Each is a field of :class:`MetricOptions`, declared with :func:`pytest_faithful.fields.option`
like every other option; ``plugin/options.py`` adds them to pytest with the rest of its table.
Command line > ini > default, below the call and the marker (``plugin/metric_fixture.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pytest_faithful.fields import UNIT, check_fields, option

DEFAULT_METRIC_THRESHOLD = 0.8


def _metric_threshold(name: str, what: str, fixture: str) -> Any:
    return option(
        f"--faith-{name}-threshold",
        UNIT,
        f"Minimum {what} score in [0, 1] for {fixture} to pass.",
        metavar="X",
        ini_help=f"Minimum {what} score in [0, 1].",
        default=DEFAULT_METRIC_THRESHOLD,
    )


@dataclasses.dataclass(frozen=True)
class MetricOptions:
    """The metrics' thresholds: command line > ini > default, below the call and the marker
    (``plugin/metric_fixture.py``)."""

    relevancy_threshold: float = _metric_threshold(
        "relevancy", "answer relevancy", "assert_relevant"
    )
    precision_threshold: float = _metric_threshold(
        "precision", "context precision (average precision)", "assert_retrieval"
    )
    recall_threshold: float = _metric_threshold("recall", "context recall", "assert_retrieval")
    reference_threshold: float = _metric_threshold(
        "reference", "keyword coverage and completeness", "assert_reference"
    )

    def __post_init__(self) -> None:
        check_fields(self)
