"""Metrics beside faithfulness (answer relevancy, context precision and recall, reference checks).

Faithfulness itself lives in ``pytest_faithful.check``; each metric here reuses its
segmentation, judges, evidence checks, cache and reports."""
