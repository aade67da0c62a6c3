"""The message of a failed check: readable without -vv, verdict summary first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pytest_faithful.errors import MAX_QUOTE, shorten
from pytest_faithful.vocab import Label

if TYPE_CHECKING:
    from pytest_faithful.models import ClaimVerdict, FaithfulnessResult, MetricItem, MetricResult

_MARK = {Label.SUPPORTED: "ok", Label.CONTRADICTED: "XX", Label.NOT_ENOUGH_INFO: "??"}


def judge_line(judge_id: str, heuristic: bool) -> str:
    if heuristic:
        return f"judge: {judge_id} (heuristic: word-overlap verdicts, not a model's)"
    return f"judge: {judge_id}"


def claim_line(verdict: ClaimVerdict, width: int | None = MAX_QUOTE) -> str:
    """One claim: mark, label, text, reason and evidence; texts cut to ``width`` (None: whole)."""

    def cut(text: str) -> str:
        return " ".join(text.split()) if width is None else shorten(text, width)

    line = f"  {_MARK[verdict.label]} {verdict.label.value:<15} {cut(verdict.claim.text)!r}"
    details = []
    if verdict.reason:
        ruled = f"[rule {verdict.rule}] " if verdict.rule else ""
        details.append(ruled + cut(verdict.reason))
    if verdict.evidence and verdict.passage_index is not None:
        where = f"contexts[{verdict.passage_index}]"
        details.append(f"evidence {where}{evidence_note(verdict)}: {cut(verdict.evidence)!r}")
    return line + (" -- " + "; ".join(details) if details else "")


def evidence_note(verdict: ClaimVerdict) -> str:
    """How the evidence shown was found, in a few words ("" for a verbatim quote)."""
    if verdict.alignment is None:
        return "" if verdict.evidence_found else " (not found there)"
    how = verdict.alignment
    if how.method == "located":
        note = f"located, {how.quality:.0%} of the claim's words; the judge gave no usable quote"
    elif how.method == "fuzzy":
        note = f"aligned, quality {how.quality:.2f}"
    else:
        note = ""
    if not verdict.evidence_found:
        note = ", ".join(n for n in (note, "does not bear on the claim") if n)
    return f" ({note})" if note else ""


def failure_message(result: FaithfulnessResult) -> str:
    lines = [
        f"faithfulness {result.explanation}",
        judge_line(result.judge_id, result.heuristic),
    ]
    lines.extend(claim_line(v) for v in result.claim_verdicts)
    lines.extend(rules_lines(result))
    return "\n".join(lines)


_TRUST_RULES = ("quote-in-passage", "bears-on")
"""The rules no check can skip (``pytest_faithful.rules.REQUIRED``), named here so that a
failure message needs no import of the rules."""


def rules_lines(result: FaithfulnessResult) -> list[str]:
    """Which verdict rules demoted the judge's SUPPORTED, and how to skip one that misfires on
    your data (a trust rule cannot be skipped)."""
    demoting = [
        v.rule for v in result.claim_verdicts if v.rule and v.judge_label is Label.SUPPORTED
    ]
    if not demoting:
        return []
    counted = {rule: demoting.count(rule) for rule in demoting}
    named = ", ".join(f"{rule} ({n})" for rule, n in counted.items())
    lines = [f"verdict rules {result.rules!r} held back: {named}"]
    skippable = [rule for rule in counted if rule not in _TRUST_RULES]
    if skippable:
        listed = ",".join(skippable)
        lines.append(
            f"  to skip a rule that misfires on your data: assert_faithful(..., "
            f"skip_rules={skippable!r}), @pytest.mark.faithfulness(skip_rules={skippable!r}) or "
            f"--faith-skip-rules={listed}"
        )
    return lines


def error_label(error_kind: str | None) -> str:
    """How the reports introduce an errored check's message: a judge that gave no usable
    verdicts (or none at all) is a "judge error"; another exception is just an "error"; the
    checks of a test whose xdist worker crashed are "lost"."""
    if error_kind == "worker_crashed":
        return "lost"
    return "error" if error_kind == "exception" else "judge error"


METRIC_TITLES = {
    "answer_relevancy": "answer relevancy",
    "context_precision": "context precision",
    "context_recall": "context recall",
    "reference": "reference",
}
_ITEM_WORDS = {
    "answer_relevancy": ("relevant", "OFF-TOPIC"),
    "context_precision": ("useful", "NOT USEFUL"),
    "context_recall": ("found", "MISSING"),
    "reference": ("found", "MISSING"),
}


def metric_item_line(result: MetricResult, item: MetricItem, width: int | None = MAX_QUOTE) -> str:
    """One judged item: ok/XX, its verdict word, where it is, its text and the reason."""

    def cut(text: str) -> str:
        return " ".join(text.split()) if width is None else shorten(text, width)

    good, bad = _ITEM_WORDS[result.metric]
    where = ""
    if item.kind == "passage" and item.passage_index is not None:
        where = f"contexts[{item.passage_index}] "
    elif item.part:
        where = f"{item.part}: "
    line = f"  {'ok' if item.ok else 'XX'} {good if item.ok else bad:<10} {where}{cut(item.text)!r}"
    details = [cut(item.reason)] if item.reason else []
    if item.evidence and item.passage_index is not None and item.kind != "passage":
        found = "" if item.evidence_found else " (not found there)"
        details.append(f"evidence contexts[{item.passage_index}]{found}: {cut(item.evidence)!r}")
    return line + (" -- " + "; ".join(details) if details else "")


def metric_failure_message(result: MetricResult) -> str:
    """First line the verdict; then the judge; then every item, failing ones marked XX."""
    lines = [f"{METRIC_TITLES[result.metric]} {result.explanation}"]
    if result.metric != "reference":
        lines.append(judge_line(result.judge_id, result.heuristic))
    items = result.items if result.metric != "reference" else result.failing_items
    lines.extend(metric_item_line(result, item) for item in items)
    return "\n".join(lines)
