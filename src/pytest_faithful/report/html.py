"""The HTML report: one self-contained file (inline CSS and JavaScript, nothing fetched).

Checks are listed failing first. Each shows the answer with every sentence coloured by the worst
verdict of its claims, the claims with their verdicts, reasons and evidence, and the contexts
with the evidence quotes highlighted. A filter shows all, failing or contradicted checks.

Every piece of user text (answers, contexts, reasons, test ids) goes through ``html.escape``, and
a Content-Security-Policy lets only this file's own script and style run (by hash), so an answer
that contains markup is shown as text and the page makes no request.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
from collections.abc import Sequence
from html import escape
from importlib import resources
from typing import TypeVar

from pytest_faithful.errors import counted, visible
from pytest_faithful.models import ClaimVerdict, Label
from pytest_faithful.report import costs, metric_sections, pass_rates
from pytest_faithful.report.failure import evidence_note
from pytest_faithful.report.model import BADGES, CheckEntry, FaithReport
from pytest_faithful.report.totals import outcome_tag
from pytest_faithful.text.align import align

_T = TypeVar("_T")

_RANK = {Label.SUPPORTED: 0, Label.NOT_ENOUGH_INFO: 1, Label.CONTRADICTED: 2}
_CLASS = {
    Label.SUPPORTED: "supported",
    Label.NOT_ENOUGH_INFO: "nei",
    Label.CONTRADICTED: "contradicted",
}


def _asset(name: str) -> str:
    return (resources.files("pytest_faithful.report") / "assets" / name).read_text(encoding="utf-8")


# The page's style and script are package files (report/assets), read once at import; the
# leading newline keeps the page byte for byte as it was when they were inline.
CSS = "\n" + _asset("report.css")

SCRIPT = "\n" + _asset("report.js")


def _csp_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


CSP = (
    f"default-src 'none'; style-src {_csp_hash(CSS)}; script-src {_csp_hash(SCRIPT)}; "
    "img-src data:; base-uri 'none'; form-action 'none'"
)


def _e(text: object) -> str:
    """User text as HTML: markup escaped, control characters shown as escapes (``\\x1b``)."""
    return escape(visible(str(text)), quote=True)


def _worst(labels: Sequence[Label]) -> Label:
    return max(labels, key=_RANK.__getitem__)


def segments(length: int, spans: Sequence[tuple[int, int, _T]]) -> list[tuple[int, int, list[_T]]]:
    """Cut ``[0, length)`` at every span edge; each piece lists the spans that cover it, in
    the order given.

    One sweep over the edges, keeping the spans open at each: testing every span for every
    piece took time quadratic in the claims (an answer of 4,000 sentences: 5 s).
    """
    bounds = {0, length}
    opening: dict[int, list[int]] = {}
    closing: dict[int, list[int]] = {}
    for i, (start, end, _) in enumerate(spans):
        first, last = max(0, min(start, length)), max(0, min(end, length))
        bounds.update((first, last))
        if first < last:  # a span covers the pieces from its clipped start to its clipped end
            opening.setdefault(first, []).append(i)
            closing.setdefault(last, []).append(i)
    pieces: list[tuple[int, int, list[_T]]] = []
    open_spans: set[int] = set()
    for a, b in itertools.pairwise(sorted(bounds)):
        open_spans.difference_update(closing.get(a, ()))
        open_spans.update(opening.get(a, ()))
        pieces.append((a, b, [spans[i][2] for i in sorted(open_spans)]))
    return pieces


def find_quote(passage: str, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` is in ``passage``: the verifier's own matcher (``evidence.align``), so
    the page highlights exactly the span the verdict was checked against."""
    found = align(passage, quote)
    return None if found is None else (found.start, found.end)


def _answer_text(check: CheckEntry) -> str:
    if check.answer is not None:
        return check.answer
    if check.result is None:
        return ""
    # A record written without the answer: rebuild it from the claims' sentences.
    sentences = {cv.claim.start: cv.claim.sentence for cv in check.result.claim_verdicts}
    return " ".join(sentences[k] for k in sorted(sentences))


def _claim_title(numbered: Sequence[tuple[int, ClaimVerdict]]) -> str:
    return "; ".join(f"claim {n}: {cv.label.value}" for n, cv in numbered)


def _answer_html(check: CheckEntry) -> str:
    text = _answer_text(check)
    verdicts = () if check.result is None else check.result.claim_verdicts
    if check.answer is None:
        spans: list[tuple[int, int, tuple[int, ClaimVerdict]]] = []
    else:
        spans = [(cv.claim.start, cv.claim.end, (n, cv)) for n, cv in enumerate(verdicts, start=1)]
    parts = []
    for a, b, covering in segments(len(text), spans):
        piece = _e(text[a:b])
        if covering:
            label = _worst([cv.label for _, cv in covering])
            refs = " ".join(f"c{n}" for n, _ in covering)
            parts.append(
                f'<span class="s {_CLASS[label]}" data-claims="{refs}" '
                f'title="{_e(_claim_title(covering))}">{piece}</span>'
            )
        else:
            parts.append(piece)
    body = "".join(parts) if text else '<span class="meta">(empty answer)</span>'
    return f'<pre class="answer" dir="auto">{body}</pre>'


def _claims_html(check: CheckEntry, cid: str) -> str:
    if check.result is None or not check.result.claim_verdicts:
        return ""
    rows = []
    for n, cv in enumerate(check.result.claim_verdicts, start=1):
        evidence = ""
        if cv.evidence:
            where = "" if cv.passage_index is None else f"contexts[{cv.passage_index}]: "
            note = evidence_note(cv).strip()
            missing = f' <span class="meta">{_e(note)}</span>' if note else ""
            evidence = f'<span class="mono">{_e(where)}</span>“{_e(cv.evidence)}”{missing}'
        ruled = f" · rule {_e(cv.rule)}" if cv.rule else ""
        judge_said = (
            ""
            if cv.judge_label is cv.label
            else f'<br><span class="meta">judge said {cv.judge_label.value}{ruled}</span>'
        )
        unsupported = " unsupported" if cv.label is not Label.SUPPORTED else ""
        rows.append(
            f'<tr id="{cid}-c{n}" class="claim{unsupported}"><td>{n}</td>'
            f'<td class="label {_CLASS[cv.label]}">{cv.label.value}{judge_said}</td>'
            f"<td>{_e(cv.claim.text)}</td>"
            f'<td class="reason">{_e(cv.reason)}</td><td>{evidence}</td></tr>'
        )
    return (
        '<h3>Claims</h3><table class="claims"><thead><tr><th>#</th><th>verdict</th>'
        "<th>claim</th><th>reason</th><th>evidence</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )


def _contexts_html(check: CheckEntry) -> str:
    if check.contexts is None:
        return ""
    verdicts = () if check.result is None else check.result.claim_verdicts
    # Each passage's quotes, gathered once: not every verdict for every passage (10,000
    # passages and 1,000 claims were ten million tests).
    cited: dict[int, list[tuple[int, ClaimVerdict]]] = {}
    for n, cv in enumerate(verdicts, start=1):
        if cv.passage_index is not None and cv.evidence:
            cited.setdefault(cv.passage_index, []).append((n, cv))
    items = []
    for index, passage in enumerate(check.contexts):
        spans = []
        for n, cv in cited.get(index, ()):
            where = find_quote(passage, cv.evidence)
            if where is not None:
                spans.append((where[0], where[1], (n, cv)))
        parts = []
        for a, b, covering in segments(len(passage), spans):
            piece = _e(passage[a:b])
            if covering:
                label = _worst([cv.label for _, cv in covering])
                title = "evidence for " + _claim_title(covering)
                parts.append(f'<mark class="{_CLASS[label]}" title="{_e(title)}">{piece}</mark>')
            else:
                parts.append(piece)
        source = check.sources[index] if check.sources and index < len(check.sources) else None
        shown = f' <span class="psource">{_e(source)}</span>' if source else ""
        items.append(
            f'<li><span class="pidx">contexts[{index}]</span>{shown}'
            f'<pre class="passage" dir="auto">{"".join(parts)}</pre></li>'
        )
    if not items:
        return '<h3>Contexts</h3><p class="meta">(no passages)</p>'
    return f'<h3>Contexts</h3><ol class="contexts">{"".join(items)}</ol>'


def _check_html(number: int, check: CheckEntry) -> str:
    result = check.result
    cid = f"check-{number}"
    badge = BADGES[check.status]
    tag = outcome_tag(check.status, check.test_outcome, check.repeat)
    if tag:
        badge += f" ({tag})"
    if result is None:
        score = "no score"
        counts = ""
    else:
        score = f"score {result.score:.2f} / {result.threshold:.2f}"
        counts = f"{result.counts.supported}S/{result.counts.contradicted}C/"
        counts += f"{result.counts.not_enough_info}N"
        if result.vacuous:
            counts += " (vacuous)"
    location = "" if check.path is None else f"{check.path}:{check.line or ''}".rstrip(":")
    summary = (
        f'<summary><span class="badge {check.status}">{_e(badge)}</span>'
        f'<span class="test-id">{_e(check.test_id)}</span>'
        f'<span class="meta score">{_e(score)}</span><span class="meta">{_e(counts)}</span>'
        f'<span class="meta">{_e(check.judge_id)}</span></summary>'
    )
    body = []
    if result is not None:
        body.append(f'<p class="explanation">{_e(result.explanation)}</p>')
    if check.error:
        body.append(f'<pre class="error">{_e(check.error)}</pre>')
    meta = [location, f"judge {check.judge_id}"]
    if result is not None:
        meta.append(f"{result.scoring} scoring")
        if result.allow_contradictions:
            meta.append("contradictions allowed")
        meta.append(f"{result.usage.judge_calls} judge calls, {result.usage.cache_hits} cached")
    if check.cost is not None:
        meta.append(f"cost {check.cost.dollars()}")
    body.append(f'<p class="meta">{_e(" · ".join(m for m in meta if m))}</p>')
    if check.question:
        body.append(f"<h3>Question</h3><p>{_e(check.question)}</p>")
    body.append("<h3>Answer</h3>" + _answer_html(check))
    body.append(_claims_html(check, cid))
    body.append(_contexts_html(check))
    is_open = " open" if check.failing else ""
    return (
        f'<details class="check {check.status}" id="{cid}" data-test="{_e(check.test_id)}" '
        f'data-status="{check.status}" '
        f'data-failing="{int(check.failing and not (check.expected or check.failed_run))}" '
        f'data-xfailed="{int(check.expected)}" '
        f'data-contradicted="{int(check.contradicted)}"{is_open}>'
        f'{summary}<div class="body">{"".join(body)}</div></details>'
    )


def _totals_html(report: FaithReport) -> str:
    """The header's tiles: every check on the page (faithfulness and metrics, as the filters
    count them), the faithfulness checks' mean score and contradictions, and the whole run's
    judge calls."""
    t = report.totals
    counts = report.counts()
    usage = t.usage
    for metric in report.metric_totals:
        usage = usage + metric.usage
    rate = "-" if usage.judge_calls == 0 else f"{usage.cache_hits / usage.judge_calls:.0%}"
    mean = "faithfulness mean score" if report.metrics else "mean score"
    cells = [
        ("checks", counts.checks, ""),
        ("passed", counts.passed, "ok" if counts.passed else ""),
        ("failed", counts.failed, "bad" if counts.failed else ""),
        ("xfailed", counts.xfailed, ""),
        ("errored", counts.errored, "bad" if counts.errored else ""),
        (mean, "-" if t.mean_score is None else f"{t.mean_score:.3f}", ""),
        ("contradictions", t.contradictions, "bad" if t.contradictions else ""),
        ("judge calls", usage.judge_calls, ""),
        ("cache hit rate", rate, ""),
        ("tokens in/out", f"{usage.input_tokens}/{usage.output_tokens}", ""),
    ]
    if t.estimated:
        cells.insert(4, ("estimated", t.estimated, ""))
    if counts.failed_runs or counts.rates_failed:
        cells.insert(4, ("failed runs", counts.failed_runs, ""))
        cells.insert(
            5, ("pass rates below min", counts.rates_failed, "bad" * bool(counts.rates_failed))
        )
    if counts.regressed:
        cells.insert(5, ("regressed below baseline", counts.regressed, "bad"))
    if report.cost is not None:
        cells.append(("cost", report.cost.total.dollars(), ""))
    items = "".join(
        f'<div class="{css}" data-total="{_e(name)}"><dt>{_e(name)}</dt><dd>{_e(value)}</dd></div>'
        for name, value, css in cells
    )
    return f'<dl class="totals" id="totals">{items}</dl>'


def _cost_html(report: FaithReport) -> str:
    """The run's cost line and a table of what each test cost, the most expensive first."""
    summary = report.cost
    if summary is None:
        return ""
    rows = "".join(
        f"<tr><td><code>{_e(t.nodeid)}</code></td><td>{t.cost.calls}</td>"
        f"<td>{t.cost.replayed}</td><td>{_e(t.cost.dollars())}</td></tr>"
        for t in summary.tests
    )
    return (
        f'<section id="cost"><h2>Cost</h2><p class="meta">{_e(costs.run_line(summary))}</p>'
        "<details><summary>by test</summary><table><thead><tr><th>test</th><th>live calls</th>"
        f"<th>replayed</th><th>cost</th></tr></thead><tbody>{rows}</tbody></table></details>"
        "</section>"
    )


def _run_html(report: FaithReport) -> str:
    run = report.run
    judges = []
    for judge in run.judges:
        tag = " (heuristic)" if judge.heuristic else ""
        prompt = f", prompt {judge.prompt_version}" if judge.prompt_version else ""
        judges.append(f"<code>{_e(judge.id)}</code>{_e(tag + prompt)}")
    if not judges:
        judges.append(f"<code>{_e(run.default_judge)}</code>")
    d = run.defaults
    contradictions = "allowed" if d.allow_contradictions else "not allowed"
    parts = [
        "judge" + ("s" if len(judges) > 1 else "") + ": " + ", ".join(judges),
        f"record mode <code>{_e(run.record_mode)}</code>",
        _e(
            f"defaults: threshold {d.threshold:.2f}, {d.scoring} scoring, "
            f"contradictions {contradictions}"
        ),
    ]
    html = f'<p class="run" id="run">{" · ".join(parts)}</p>'
    heuristic, judged = report.heuristic_share()
    if heuristic:
        which = "All" if heuristic == judged else "Some"
        html += (
            f'<p class="note">{which} verdicts are heuristic (lexical word overlap), '
            "not a language model's.</p>"
        )
    for unjudged in report.not_judged:
        html += f'<p class="note not-judged">{_e(unjudged.describe())}</p>'
    for lost in report.lost_tests:
        html += f'<p class="note lost">{_e(lost.describe())}</p>'
    note = report.counts().expected_note()
    if note:
        html += f'<p class="note xfailed">{_e(note[0].upper() + note[1:])}.</p>'
    return html


def _baseline_html(report: FaithReport) -> str:
    """The regression baseline delta, above the checks: regressions first, then the rest."""
    summary = report.baseline
    if summary is None:
        return ""
    rows = []
    for status in ("regressed", "improved", "new"):
        for c in summary.with_status(status):
            score, before = c.shown_scores()
            claims = "<br>".join(_e(str(change)) for change in c.changes) or "-"
            if c.pass_rate is not None:  # a repeated check: its runs and interval
                claims = _e(c.describe())
            rows.append(
                f'<tr class="{status}"><td>{status}</td><td><code>{_e(c.key)}</code></td>'
                f"<td>{score}</td><td>{before}</td><td>{claims}</td></tr>"
            )
    rows.extend(
        f'<tr class="stale"><td>stale</td><td><code>{_e(key)}</code></td>'
        "<td>-</td><td>-</td><td>-</td></tr>"
        for key in summary.stale
    )
    rows.extend(
        f'<tr class="not-run"><td>not run</td><td><code>{_e(key)}</code></td>'
        "<td>-</td><td>-</td><td>-</td></tr>"
        for key in summary.not_run
    )
    table = (
        "<table><thead><tr><th>baseline</th><th>key</th><th>score</th><th>baseline score</th>"
        f"<th>changed claims</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        if rows
        else ""
    )
    return (
        f'<section id="baseline"><p class="run">baseline <code>{_e(summary.path)}</code>: '
        f"{_e(summary.counts_line())}</p>{table}</section>"
    )


def _filters_html(report: FaithReport) -> str:
    # The filters, the tiles and the page's script count every check on the page, metric
    # checks included: Failing is what fails the run (the failed and errored tiles).
    counts = report.counts()
    listed = counts.checks
    contradicted = sum(1 for c in report.checks if c.contradicted)
    options = [
        ("all", f"All ({listed})", True),
        ("failing", f"Failing ({counts.failed + counts.errored})", False),
        ("xfailed", f"Expected failures ({counts.xfailed})", False),
        ("contradicted", f"Contradicted ({contradicted})", False),
    ]
    radios = "".join(
        f'<label><input type="radio" name="filter" value="{value}"'
        f"{' checked' if checked else ''}> {_e(text)}</label>"
        for value, text, checked in options
    )
    legend = (
        '<span class="legend"><span class="s supported">supported</span>'
        '<span class="s nei">not enough info</span>'
        '<span class="s contradicted">contradicted</span></span>'
    )
    return (
        f'<nav id="filters">{radios}<input type="search" id="search" '
        f'placeholder="filter by test id" aria-label="filter by test id">'
        f'<span id="shown">{counted(listed, "check")}</span>{legend}</nav>'
    )


def render(report: FaithReport) -> str:
    verdict = report.counts().headline()
    checks = "".join(_check_html(n, c) for n, c in enumerate(report.worst_first(), start=1))
    if not report.checks:
        checks = '<p class="meta">No faithfulness checks ran.</p>' if not report.metrics else ""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Faithfulness report: {_e(verdict)}</title><style>{CSS}</style></head>\n"
        f"<body><header><h1>Faithfulness report</h1>{_run_html(report)}"
        f"{_totals_html(report)}{_baseline_html(report)}"
        f"{pass_rates.html_section(report.pass_rates, _e)}{_cost_html(report)}</header>\n"
        f"{_filters_html(report)}\n"
        f'<main id="checks">\n{checks}\n{metric_sections.html_sections(report)}\n</main>\n'
        f"<footer>{_e(report.run.generator)} · JSON schema version {report.schema_version}"
        f"</footer>\n<script>{SCRIPT}</script></body></html>\n"
    )
