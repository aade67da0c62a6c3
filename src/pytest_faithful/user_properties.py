"""Names of the ``user_properties`` that carry checks from the test to the controller.

Test reports travel from xdist workers to the controller with their ``user_properties``; these
are the keys the plugin's records ride under (JSON strings).
"""

from __future__ import annotations

from typing import Final

CHECK_PROPERTY: Final = "faithfulness"
"""A :class:`~pytest_faithful.report.records.CheckRecord`: what was checked and the result."""

BASELINE_PROPERTY: Final = "faithfulness_baseline"
"""A baseline comparison (:mod:`pytest_faithful.baseline_plugin`)."""
