"""Cost per evaluation: judge calls, tokens, time and silent failures of four faithfulness judges.

Every system judges the same fixed-seed sample of the labelled data through one local
OpenAI-compatible server (llama-cpp-python, started here on 127.0.0.1), behind a recording
proxy (``recording_proxy.py``) that counts requests and the upstream ``usage`` tokens the same
way for all of them, per system and per evaluation:

* ``two-step`` and ``single-call``: ``pytest_faithful.verify`` with the
  ``openai:MODEL@PROXY/c/<system>/<example>/v1`` judge, in this process;
* ``ragas`` (``Faithfulness``) and ``deepeval`` (``FaithfulnessMetric``): the adapter scripts in
  ``cost_adapters/``, run by the Python of a virtualenv of their own
  (``cost_adapters/requirements.txt``), never the project's.

    python benchmarks/cost.py --server-python /tmp/llama/bin/python \\
        --others-python /tmp/bench-others/bin/python --limit 30 --seed 0

Per system it prints judge calls, prompt and completion tokens, wall time, errors (loud
failures), silent failures (a NaN score; a score from zero statements; a score over a number of
usable verdicts other than the number of statements) and balanced accuracy (faithful iff
score >= threshold; ours also fails on a contradicted claim, as ``verify`` does) over the
evaluations that gave a score (``bal@``), and as a CI gate counts them, an error being a failed
check (``gate@``), then PASS/FAIL for the cost targets. For our systems it also prints how the
evidence of each SUPPORTED verdict was found (verbatim, normalized, fuzzy, located) and the gate
accuracy had located evidence been demoted; the ``-noquote`` systems run without the repair
request for quotes.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from accuracy import DEFAULT_DATA, RESULTS_DIR, Example, Tally, load_examples, select
from recording_proxy import Exchange, ProxyServer, recording_proxy
from server_judge import DEFAULT_MODEL, model_server

from pytest_faithful import FaithfulnessResult, LLMOptions, verify
from pytest_faithful.check.claims import WHOLE_SENTENCE_NOTE
from pytest_faithful.rules import DEFAULT_POLICY, POLICIES, RULE_NAMES, choose
from pytest_faithful.vocab import RECORD_MODES
from report import provenance, write_report

# system -> (single_call, quote_repair). The "-noquote" variants turn off the repair request
# for a SUPPORTED verdict without a usable quote, to measure it against locating the span.
OURS = {
    "two-step": (False, True),
    "single-call": (True, True),
    "two-step-noquote": (False, False),
    "single-call-noquote": (True, False),
}
ADAPTERS = {"ragas": "ragas_faithfulness.py", "deepeval": "deepeval_faithfulness.py"}
SYSTEMS = (*OURS, *ADAPTERS)
DEFAULT_SYSTEMS = ("two-step", "single-call", *ADAPTERS)
ADAPTER_DIR = Path(__file__).resolve().parent / "cost_adapters"
DEFAULT_OTHERS_PYTHON = "/tmp/bench-others/bin/python"
THRESHOLDS = (1.0, 0.5)
# Targets of issue 14: calls per evaluation, and our prompt tokens as a share of theirs.
MAX_CALLS = {"two-step": 2.3, "single-call": 1.15, "two-step-noquote": 2.3}
MAX_CALLS["single-call-noquote"] = 1.15
MAX_PROMPT_SHARE = {"deepeval": 0.5, "ragas": 0.8}
# What an error message says when a reply could not be parsed, in any of the four systems.
PARSE_WORDS = re.compile(
    r"json|pars|validat|usable answer|cut off|schema|instructorretry", re.IGNORECASE
)


@dataclass
class Evaluation:
    """One system's evaluation of one example, with what the proxy saw it cost."""

    example: Example
    score: float | None = None
    contradicted: bool = False  # ours: a contradicted claim fails the check whatever the score
    error: str | None = None
    nan: bool = False
    statements: int | None = None  # claims/statements extracted from the answer
    verdicts: int | None = None  # usable verdicts the score was computed from
    # ours: sentences the judge left without a claim (after its repair) that were verified whole
    judged_whole: int = 0
    # ours: (label, judge_label, alignment method or None) per claim
    claims: list[tuple[str, str, str | None]] = field(default_factory=list)
    # ours: the verdict rule that demoted each claim's SUPPORTED (None where none did)
    demoted_by: list[str | None] = field(default_factory=list)
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)
    calls: int = 0
    # ours: judge requests the check made, replayed from --cache-dir or not (None on an error:
    # a JudgeError carries no usage)
    requests: int | None = None
    request_prompt_tokens: int | None = None  # ours: the tokens of those requests, as recorded
    other_requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    http_errors: int = 0
    missing_usage: int = 0

    @property
    def silent_failures(self) -> list[str]:
        """Ways this evaluation produced a score it should not have (empty when none)."""
        if self.error is not None:
            return []
        kinds = []
        if self.nan:
            kinds.append("nan")
        if self.statements == 0:
            kinds.append("no-statements")
        if self.statements and self.verdicts is not None and self.verdicts != self.statements:
            kinds.append("verdict-count-mismatch")
        return kinds

    def predicts_faithful(self, threshold: float) -> bool | None:
        """The prediction at ``threshold``; None when there is no usable score."""
        if self.error is not None or self.score is None or self.nan:
            return None
        return self.score >= threshold and not self.contradicted

    def gate(self, threshold: float, whole_is_error: bool) -> bool:
        """Whether a CI gate passes the check: an error fails it. ``whole_is_error``: the other
        coverage policy, where a sentence still skipped after the repair is a JudgeError
        instead of being verified whole."""
        if whole_is_error and self.judged_whole:
            return False
        return bool(self.predicts_faithful(threshold))

    def gate_without_located(self, threshold: float) -> bool:
        """The gate had the verifier demoted every SUPPORTED whose evidence it located (the
        judge gave no usable quote) instead of showing the span that covers the claim."""
        if self.error is not None or not self.claims:
            return self.gate(threshold, whole_is_error=False)
        supported = sum(
            label == "SUPPORTED" and method != "located" for label, _, method in self.claims
        )
        return supported / len(self.claims) >= threshold and not self.contradicted

    @property
    def located(self) -> int:
        return sum(method == "located" for _, _, method in self.claims)

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.example.id,
            "source": self.example.source,
            "label": "faithful" if self.example.faithful else "unfaithful",
            "score": self.score,
            "contradicted": self.contradicted,
            "error": self.error,
            "nan": self.nan,
            "statements": self.statements,
            "verdicts": self.verdicts,
            "judged_whole": self.judged_whole,
            "claims": [list(c) for c in self.claims],
            "demoted_by": self.demoted_by,
            "silent_failures": self.silent_failures,
            "seconds": round(self.seconds, 3),
            "calls": self.calls,
            "requests": self.requests,
            "request_prompt_tokens": self.request_prompt_tokens,
            "other_requests": self.other_requests,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "http_errors": self.http_errors,
            "missing_usage": self.missing_usage,
            "warnings": self.warnings[:10],
        }


# --- running the systems -------------------------------------------------------------------


def llm_options(single_call: bool, args: argparse.Namespace) -> LLMOptions:
    """The settings of server_judge.py: no retries, one call at a time, prompt-mode JSON."""
    return LLMOptions(
        single_call=single_call,
        structured_output=args.structured_output,
        timeout_s=args.timeout,
        max_retries=0,
        max_concurrency=1,
        max_context_chars=args.max_context_chars,
        max_tokens=args.max_tokens,
    )


def run_ours(
    system: str,
    examples: Sequence[Example],
    proxy: ProxyServer,
    alias: str,
    args: argparse.Namespace,
) -> list[Evaluation]:
    single_call, quote_repair = OURS[system]
    options = dataclasses.replace(llm_options(single_call, args), quote_repair=quote_repair)
    evaluations = []
    for n, example in enumerate(examples, start=1):
        evaluation = Evaluation(example)
        started = time.perf_counter()
        try:
            result = verify(
                example.answer,
                list(example.context),
                question=example.question,
                judge=f"openai:{alias}@{proxy.base_url(system, example.id)}",
                threshold=max(THRESHOLDS),
                # Every check calls the model (the cost is the point), unless --cache-dir asks
                # to replay the replies of an earlier run through a changed verifier.
                record_mode=args.record_mode,
                **({} if args.cache_dir is None else {"cache_dir": args.cache_dir}),
                llm=options,
                rules=args.rules,
                skip_rules=args.skip_rules,
            )
        except Exception as exc:  # JudgeError and anything else: a result, not a crash
            evaluation.error = f"{type(exc).__name__}: {exc}"[:1000]
        else:
            record_result(evaluation, result)
            if args.details is not None:
                write_details(args.details, system, example, result)
        evaluation.seconds = time.perf_counter() - started
        evaluations.append(evaluation)
        progress(system, n, len(examples), evaluation)
        # Each evaluation as soon as it is done, with its calls and tokens: a long run on a busy
        # machine can be read before it ends (the summary JSON is written at the end).
        partial = copy.deepcopy(evaluation)
        attach_usage(system, [partial], proxy.recorder.exchanges(system))
        with args.output.with_suffix(".partial.jsonl").open("a", encoding="utf-8") as out:
            out.write(json.dumps({"system": system, **partial.as_json()}) + "\n")
    return evaluations


def record_result(evaluation: Evaluation, result: FaithfulnessResult) -> None:
    evaluation.score = result.score
    evaluation.contradicted = bool(result.contradicted)
    evaluation.requests = result.usage.judge_calls
    evaluation.request_prompt_tokens = result.usage.input_tokens
    # One ClaimVerdict per claim by construction: a missing verdict is a JudgeError instead.
    evaluation.statements = evaluation.verdicts = len(result.claim_verdicts)
    evaluation.judged_whole = sum(
        cv.reason.startswith(WHOLE_SENTENCE_NOTE) for cv in result.claim_verdicts
    )
    evaluation.claims = [
        (cv.label.value, cv.judge_label.value, cv.alignment.method if cv.alignment else None)
        for cv in result.claim_verdicts
    ]
    evaluation.demoted_by = [cv.rule for cv in result.claim_verdicts]


def write_details(path: Path, system: str, example: Example, result: FaithfulnessResult) -> None:
    """What each claim's verdict rests on, for reading why a check passed or failed."""
    claims = [
        {
            "claim": cv.claim.text,
            "label": cv.label.value,
            "judge_label": cv.judge_label.value,
            "rule": cv.rule,
            "reason": cv.reason,
            "quoted": cv.alignment.quoted if cv.alignment else cv.evidence,
            "evidence": cv.evidence if cv.alignment else None,
            "method": cv.alignment.method if cv.alignment else None,
            "passage": cv.passage_index,
        }
        for cv in result.claim_verdicts
    ]
    row = {"system": system, "id": example.id, "faithful": example.faithful, "claims": claims}
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")


def run_other(
    system: str,
    examples: Sequence[Example],
    proxy: ProxyServer,
    alias: str,
    args: argparse.Namespace,
    scratch: Path,
) -> list[Evaluation]:
    """Run one adapter script over all examples in the other virtualenv; read its JSON lines."""
    inputs, outputs, log = (
        scratch / f"{system}.{kind}" for kind in ("in.json", "out.jsonl", "log")
    )
    inputs.write_text(json.dumps([adapter_input(e) for e in examples]), encoding="utf-8")
    command = [
        args.ragas_python if system == "ragas" else args.deepeval_python,
        str(ADAPTER_DIR / ADAPTERS[system]),
        "--input", str(inputs), "--output", str(outputs),
        "--base-url", f"{proxy.url}/c/{system}/{{evaluation}}/v1",
        "--model", alias, "--timeout", str(args.timeout), "--max-tokens", str(args.max_tokens),
    ]  # fmt: skip
    if system == "ragas":
        command += ["--instructor-mode", args.ragas_instructor_mode]
    print(f"  {system}: {shlex.join(command)}", file=sys.stderr, flush=True)
    with log.open("w") as stderr:
        returncode = subprocess.run(
            command, stdout=stderr, stderr=stderr, env=adapter_env()
        ).returncode
    rows = read_adapter_rows(outputs)
    evaluations = [evaluation_from_row(e, rows.get(e.id), returncode, log) for e in examples]
    for n, evaluation in enumerate(evaluations, start=1):
        progress(system, n, len(examples), evaluation)
    return evaluations


def adapter_input(example: Example) -> dict[str, Any]:
    return {
        "id": example.id,
        "question": example.question,
        "context": list(example.context),
        "answer": example.answer,
    }


def adapter_env() -> dict[str, str]:
    """The environment of an adapter: no telemetry, no hub downloads, no real API key."""
    env = dict(os.environ)
    env.pop("OPENAI_API_KEY", None)  # the adapters pass a dummy key; a real one must not leak
    env.update(
        {
            "DEEPEVAL_TELEMETRY_OPT_OUT": "YES",
            "RAGAS_DO_NOT_TRACK": "true",
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "PYTHONUNBUFFERED": "1",
        }
    )
    return env


def read_adapter_rows(path: Path) -> dict[str, dict[str, Any]]:
    if not path.is_file():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return {row["id"]: row for row in rows}


def evaluation_from_row(
    example: Example, row: dict[str, Any] | None, returncode: int, log: Path
) -> Evaluation:
    if row is None:  # the adapter died before this example
        tail = log.read_text(encoding="utf-8", errors="replace")[-800:] if log.is_file() else ""
        return Evaluation(example, error=f"adapter exited with {returncode} first: {tail}")
    return Evaluation(
        example,
        score=row["score"],
        error=row["error"],
        nan=row["nan"],
        statements=row["statements"],
        verdicts=row["verdicts"],
        seconds=row["seconds"],
        warnings=row["warnings"],
    )


def progress(system: str, n: int, total: int, evaluation: Evaluation) -> None:
    status = "error" if evaluation.error else f"score {evaluation.score}"
    print(
        f"  {system} {n}/{total} {evaluation.example.id}: {status} ({evaluation.seconds:.1f} s)",
        file=sys.stderr,
        flush=True,
    )


def attach_usage(system: str, evaluations: Sequence[Evaluation], exchanges: list[Exchange]) -> None:
    """Add what the proxy recorded under ``/c/<system>/<example id>/`` to each evaluation."""
    by_id = {e.example.id: e for e in evaluations}
    for exchange in exchanges:
        evaluation = by_id.get(exchange.evaluation)
        if exchange.client != system or evaluation is None:
            continue
        evaluation.http_errors += exchange.status >= 400
        if not exchange.is_completion:
            evaluation.other_requests += 1
            continue
        evaluation.calls += 1
        evaluation.prompt_tokens += exchange.prompt_tokens
        evaluation.completion_tokens += exchange.completion_tokens
        evaluation.missing_usage += exchange.status < 400 and not exchange.has_usage


# --- summarising ---------------------------------------------------------------------------


@dataclass
class Summary:
    system: str
    evaluations: list[Evaluation]
    wall_seconds: float

    @property
    def n(self) -> int:
        return len(self.evaluations)

    def mean(self, attribute: str) -> float:
        values = [getattr(e, attribute) for e in self.evaluations]
        return sum(values) / len(values) if values else 0.0

    def count(self, predicate: Any) -> int:
        return sum(1 for e in self.evaluations if predicate(e))

    @property
    def errors(self) -> int:
        return self.count(lambda e: e.error is not None)

    def per_completed(self, attribute: str) -> float | None:
        """Mean of an attribute the completed checks have (None on a JudgeError)."""
        made = [getattr(e, attribute) for e in self.evaluations]
        made = [m for m in made if m is not None]
        return round(sum(made) / len(made), 3) if made else None

    @property
    def cache_misses(self) -> int:
        """Checks that failed because --record-mode none found no recording for a request."""
        return self.count(lambda e: e.error is not None and e.error.startswith("CacheMissError"))

    def demotions(self) -> dict[str, int]:
        """Claims whose SUPPORTED a verdict rule demoted, by rule."""
        counts: dict[str, int] = {}
        for evaluation in self.evaluations:
            for rule in evaluation.demoted_by:
                if rule is not None:
                    counts[rule] = counts.get(rule, 0) + 1
        return dict(sorted(counts.items()))

    @property
    def parse_errors(self) -> int:
        return self.count(lambda e: e.error is not None and bool(PARSE_WORDS.search(e.error)))

    @property
    def silent(self) -> int:
        return self.count(lambda e: e.silent_failures)

    def silent_kind(self, kind: str) -> int:
        return self.count(lambda e: kind in e.silent_failures)

    def tally(self, threshold: float) -> Tally:
        tally = Tally()
        for evaluation in self.evaluations:
            tally.add(evaluation.example, evaluation.predicts_faithful(threshold))
        return tally

    def gate_tally(self, threshold: float, whole_is_error: bool) -> Tally:
        tally = Tally()
        for evaluation in self.evaluations:
            tally.add(evaluation.example, evaluation.gate(threshold, whole_is_error))
        return tally

    def gate_tally_without_located(self, threshold: float) -> Tally:
        tally = Tally()
        for evaluation in self.evaluations:
            tally.add(evaluation.example, evaluation.gate_without_located(threshold))
        return tally

    def methods(self) -> dict[str, int]:
        """SUPPORTED verdicts by how their evidence was found."""
        counts: dict[str, int] = {}
        for evaluation in self.evaluations:
            for label, _, method in evaluation.claims:
                if label == "SUPPORTED":
                    key = method or "none"
                    counts[key] = counts.get(key, 0) + 1
        return counts

    def as_json(self) -> dict[str, Any]:
        return {
            "evaluations": self.n,
            "wall_seconds": round(self.wall_seconds, 2),
            "seconds_per_evaluation": round(self.mean("seconds"), 2),
            "calls_per_evaluation": round(self.mean("calls"), 3),
            "max_calls": max((e.calls for e in self.evaluations), default=0),
            # With --cache-dir, calls are only the replies the cache did not have; requests
            # count every judge request of the completed checks, replayed or not.
            "requests_per_completed_evaluation": self.per_completed("requests"),
            "request_prompt_tokens_per_completed_evaluation": self.per_completed(
                "request_prompt_tokens"
            ),
            "prompt_tokens_per_evaluation": round(self.mean("prompt_tokens"), 1),
            "completion_tokens_per_evaluation": round(self.mean("completion_tokens"), 1),
            "prompt_tokens": sum(e.prompt_tokens for e in self.evaluations),
            "completion_tokens": sum(e.completion_tokens for e in self.evaluations),
            "other_requests": sum(e.other_requests for e in self.evaluations),
            "http_errors": sum(e.http_errors for e in self.evaluations),
            "replies_without_usage": sum(e.missing_usage for e in self.evaluations),
            "errors": self.errors,
            "cache_misses": self.cache_misses,
            "parse_errors": self.parse_errors,
            "silent_failures": self.silent,
            "silent_failure_kinds": {
                kind: self.silent_kind(kind)
                for kind in ("nan", "no-statements", "verdict-count-mismatch")
            },
            "scored_with_logged_warnings": self.count(lambda e: e.error is None and e.warnings),
            "accuracy": {str(t): self.tally(t).as_json() for t in THRESHOLDS},
            "evaluations_with_sentences_judged_whole": self.count(lambda e: e.judged_whole),
            # Errors counted as failed checks, as a CI gate counts them: the coverage policy
            # shipped (skipped sentences verified whole) against the other one (JudgeError).
            "gate_accuracy_judged_whole": {
                str(t): self.gate_tally(t, whole_is_error=False).as_json() for t in THRESHOLDS
            },
            "gate_accuracy_if_skipped_sentences_were_errors": {
                str(t): self.gate_tally(t, whole_is_error=True).as_json() for t in THRESHOLDS
            },
            "gate_accuracy_without_located_evidence": {
                str(t): self.gate_tally_without_located(t).as_json() for t in THRESHOLDS
            },
            "evaluations_with_located_evidence": self.count(lambda e: e.located),
            "supported_by_evidence_method": self.methods(),
            "claims_demoted_by_rule": self.demotions(),
            "per_evaluation": [e.as_json() for e in self.evaluations],
        }


def _fmt(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def summary_table(summaries: Sequence[Summary]) -> list[str]:
    bal = "  ".join(f"{'bal@' + format(t, 'g'):>7}" for t in THRESHOLDS)
    gate = "  ".join(f"{'gate@' + format(t, 'g'):>7}" for t in THRESHOLDS)
    header = (
        f"{'system':<20} {'n':>3} {'calls/ev':>8} {'max':>4} {'prompt/ev':>9} {'compl/ev':>8} "
        f"{'s/ev':>6} {'wall_s':>7} {'errors':>6} {'parse':>5} {'http':>4} {'silent':>6}  {bal}"
        f"  {gate}"
    )
    lines = [header, "-" * len(header)]
    for s in summaries:
        report = s.as_json()
        accuracies = "  ".join(f"{_fmt(s.tally(t).balanced_accuracy):>7}" for t in THRESHOLDS)
        accuracies += "  " + "  ".join(
            f"{_fmt(s.gate_tally(t, whole_is_error=False).balanced_accuracy):>7}"
            for t in THRESHOLDS
        )
        lines.append(
            f"{s.system:<20} {s.n:>3} {s.mean('calls'):>8.2f} {report['max_calls']:>4} "
            f"{s.mean('prompt_tokens'):>9.0f} {s.mean('completion_tokens'):>8.0f} "
            f"{s.mean('seconds'):>6.1f} {s.wall_seconds:>7.0f} {s.errors:>6} "
            f"{s.parse_errors:>5} {report['http_errors']:>4} {s.silent:>6}  {accuracies}"
        )
    return lines


def evaluation_table(summaries: Sequence[Summary]) -> list[str]:
    header = (
        f"{'system':<12} {'example':<44} {'label':<5} {'calls':>5} {'prompt':>6} {'compl':>5} "
        f"{'s':>6}  outcome"
    )
    lines = [header, "-" * len(header)]
    for s in summaries:
        for e in s.evaluations:
            label = "F" if e.example.faithful else "U"
            lines.append(
                f"{s.system:<12} {e.example.id[:44]:<44} {label:<5} {e.calls:>5} "
                f"{e.prompt_tokens:>6} {e.completion_tokens:>5} {e.seconds:>6.1f}  {outcome(e)}"
            )
    return lines


def outcome(evaluation: Evaluation) -> str:
    if evaluation.error is not None:
        return f"ERROR {evaluation.error[:120]}"
    text = "score NaN" if evaluation.nan else f"score {_fmt(evaluation.score, 2)}"
    text += f" ({evaluation.verdicts}/{evaluation.statements} statements judged)"
    if evaluation.contradicted:
        text += ", contradicted"
    if evaluation.silent_failures:
        text += f"  SILENT: {', '.join(evaluation.silent_failures)}"
    return text


# --- targets -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    name: str
    passed: bool | None  # None: could not be measured
    detail: str

    def line(self) -> str:
        verdict = {True: "PASS", False: "FAIL", None: "n/a "}[self.passed]
        return f"{verdict}  {self.name}: {self.detail}"


def target_checks(summaries: dict[str, Summary]) -> list[Check]:
    checks = []
    for system in (s for s in OURS if s in summaries):
        ours = summaries[system]
        calls = ours.mean("calls")
        checks.append(
            Check(
                f"{system} calls/evaluation <= {MAX_CALLS[system]:g}",
                calls <= MAX_CALLS[system],
                f"{calls:.2f} (max {ours.as_json()['max_calls']})",
            )
        )
        for other, share in MAX_PROMPT_SHARE.items():
            checks.append(prompt_share_check(ours, other, summaries.get(other), share))
        checks.append(Check(f"{system} silent failures == 0", ours.silent == 0, str(ours.silent)))
    return checks


def prompt_share_check(ours: Summary, other: str, theirs: Summary | None, share: float) -> Check:
    """Prompt tokens of ours against theirs, on the examples both evaluated without error.

    Pairing keeps a system that fails early (and so spends little) from looking cheap.
    """
    name = f"{ours.system} prompt tokens <= {share:g} x {other}"
    if theirs is None:
        return Check(name, None, "not run")
    done = {e.example.id for e in theirs.evaluations if e.error is None}
    done &= {e.example.id for e in ours.evaluations if e.error is None}
    mine = sum(e.prompt_tokens for e in ours.evaluations if e.example.id in done)
    other = sum(e.prompt_tokens for e in theirs.evaluations if e.example.id in done)
    if not done or other == 0:
        return Check(name, None, f"no example both evaluated without error ({len(done)})")
    ratio = mine / other
    detail = f"{ratio:.2f} x ({mine:,} vs {other:,} tokens on {len(done)} examples both completed)"
    return Check(name, ratio <= share, detail)


# --- main ----------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL)
    parser.add_argument(
        "--server-python", default=sys.executable, help="python with llama-cpp-python[server]"
    )
    parser.add_argument(
        "--others-python",
        default=DEFAULT_OTHERS_PYTHON,
        help="python of the venv with ragas and deepeval. Default: %(default)s",
    )
    parser.add_argument("--ragas-python", default=None, help="overrides --others-python")
    parser.add_argument("--deepeval-python", default=None, help="overrides --others-python")
    parser.add_argument("--systems", default=",".join(DEFAULT_SYSTEMS))
    parser.add_argument("--limit", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--start",
        type=int,
        default=0,
        help="skip the first START examples of the --limit/--seed sample: extends an earlier "
        "run of the same seed (temperature 0, so those verdicts would repeat) in pieces",
    )
    parser.add_argument(
        "--ids",
        default="",
        help="comma-separated example ids: judge only these of the sample (to look into them)",
    )
    parser.add_argument(
        "--details",
        type=Path,
        default=None,
        help="ours: append each evaluation's claims, quotes, evidence and reasons to this JSON "
        "lines file. It holds dataset text: keep it outside the repository",
    )
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=None,
        help="ours: keep the judge's replies in this call cache and replay them on the next run "
        "(record mode 'once'), to measure a verifier change without the model. The calls and "
        "tokens counted are then only those of requests not yet in the cache",
    )
    parser.add_argument(
        "--record-mode",
        choices=RECORD_MODES,
        default=None,
        help="ours: the cache's record mode with --cache-dir (default 'once'; 'none' replays "
        "only, and a request the cache lacks fails its check with CacheMissError). Without "
        "--cache-dir every check calls the model ('off')",
    )
    parser.add_argument(
        "--rules",
        default=None,
        help="ours: the verdict rules, passed to verify(rules=...): a policy "
        f"({', '.join(POLICIES)}) or rule names, separated by commas. "
        f"Default: verify's ({DEFAULT_POLICY})",
    )
    parser.add_argument(
        "--skip-rules",
        default="",
        help="ours: rules to leave out, separated by commas, passed to "
        f"verify(skip_rules=...) ({', '.join(RULE_NAMES)})",
    )
    parser.add_argument("--threads", type=int, default=2, help="llama.cpp threads")
    parser.add_argument("--n-ctx", type=int, default=8192)
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per request")
    parser.add_argument("--max-tokens", type=int, default=1024, help="for every system")
    parser.add_argument("--max-context-chars", type=int, default=12_000)
    parser.add_argument("--structured-output", default="prompt", help="ours; see server_judge")
    parser.add_argument(
        "--ragas-instructor-mode",
        choices=("json", "md_json"),
        default="json",
        help="json: RAGAS's default for OpenAI clients (response_format json_object, "
        "grammar-constrained on llama.cpp); md_json: JSON asked for in the prompt only",
    )
    parser.add_argument("--output", type=Path, default=RESULTS_DIR / "cost.json")
    parser.add_argument(
        "--work-dir",
        type=Path,
        default=None,
        help="keep the server log and the adapters' inputs, outputs and logs here "
        "(default: a temporary folder, removed at the end)",
    )
    args = parser.parse_args(argv)
    args.systems = [s for s in args.systems.split(",") if s]
    unknown = set(args.systems) - set(SYSTEMS)
    if unknown:
        parser.error(f"unknown system(s) {sorted(unknown)}; choose from {SYSTEMS}")
    args.ragas_python = args.ragas_python or args.others_python
    args.deepeval_python = args.deepeval_python or args.others_python
    try:
        args.rule_set = choose(
            args.rules, args.skip_rules, argument="--rules", skip_argument="--skip-rules"
        )
    except (TypeError, ValueError) as exc:
        parser.error(str(exc))
    if args.record_mode is None:
        args.record_mode = "off" if args.cache_dir is None else "once"
    elif args.cache_dir is None and args.record_mode != "off":
        parser.error(f"--record-mode {args.record_mode} needs --cache-dir")
    elif args.cache_dir is not None and args.record_mode == "off":
        parser.error("--record-mode off keeps no cache: leave out --cache-dir")
    return args


def run_systems(
    examples: Sequence[Example], args: argparse.Namespace, scratch: Path
) -> tuple[dict[str, Summary], list[Exchange]]:
    alias = args.model.stem
    summaries = {}
    log = scratch / "llama-server.log"
    with (
        model_server(args.server_python, args.model, alias, args.n_ctx, args.threads, log) as url,
        recording_proxy(url.removesuffix("/v1")) as proxy,
    ):
        for system in args.systems:
            started = time.perf_counter()
            if system in OURS:
                evaluations = run_ours(system, examples, proxy, alias, args)
            else:
                evaluations = run_other(system, examples, proxy, alias, args, scratch)
            wall = time.perf_counter() - started
            attach_usage(system, evaluations, proxy.recorder.exchanges(system))
            summaries[system] = Summary(system, evaluations, wall)
        exchanges = proxy.recorder.exchanges()
    return summaries, exchanges


def cost_report(
    args: argparse.Namespace,
    argv: Sequence[str] | None,
    examples: Sequence[Example],
    summaries: dict[str, Summary],
    checks: list[Check],
    exchanges: list[Exchange],
) -> dict[str, Any]:
    untagged = [e for e in exchanges if e.client not in summaries]
    return {
        **provenance(__file__, argv),
        "model": args.model.name,
        "data": str(args.data),
        "limit": args.limit,
        "seed": args.seed,
        "start": args.start,
        "threads": args.threads,
        "max_tokens": args.max_tokens,
        "ragas_instructor_mode": args.ragas_instructor_mode,
        # ours: as given (null: verify's default), and the set verify read from them
        "rules": args.rules,
        "skip_rules": args.skip_rules,
        "rule_set": args.rule_set.label,
        "rule_names": sorted(args.rule_set.names),
        "record_mode": args.record_mode,
        "examples": [e.id for e in examples],
        "systems": {name: s.as_json() for name, s in summaries.items()},
        "targets": [{"name": c.name, "passed": c.passed, "detail": c.detail} for c in checks],
        "response_formats": response_formats(exchanges),
        "untagged_requests": len(untagged),
        "versions": framework_versions(args),
    }


def response_formats(exchanges: list[Exchange]) -> dict[str, dict[str, int]]:
    """Per system, how its completions asked for JSON (grammar-constrained ones are slow)."""
    formats: dict[str, dict[str, int]] = {}
    for exchange in (e for e in exchanges if e.is_completion):
        kind = exchange.response_format or "none"
        per_client = formats.setdefault(exchange.client, {})
        per_client[kind] = per_client.get(kind, 0) + 1
    return formats


def framework_versions(args: argparse.Namespace) -> dict[str, str | None]:
    versions: dict[str, str | None] = {}
    for name, python in (("ragas", args.ragas_python), ("deepeval", args.deepeval_python)):
        if name not in args.systems:
            continue
        probe = f"from importlib.metadata import version; print(version({name!r}))"
        result = subprocess.run([python, "-c", probe], capture_output=True, text=True)
        versions[name] = result.stdout.strip() or None
    return versions


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    examples = select(load_examples(args.data), args.limit, args.seed)[args.start :]
    if args.ids:
        wanted = set(args.ids.split(","))
        unknown = wanted - {e.id for e in examples}
        if unknown:
            raise SystemExit(f"--ids: not in the sample: {', '.join(sorted(unknown))}")
        examples = [e for e in examples if e.id in wanted]
    with tempfile.TemporaryDirectory(prefix="faith-cost-") as scratch:
        work_dir = args.work_dir or Path(scratch)
        work_dir.mkdir(parents=True, exist_ok=True)
        summaries, exchanges = run_systems(examples, args, work_dir)
    checks = target_checks(summaries)
    print(f"{len(examples)} examples (seed {args.seed}) of {args.data}, model {args.model.name}")
    print(f"ours: verdict rules {args.rule_set.label!r}, record mode {args.record_mode!r}")
    print("\n".join(summary_table(list(summaries.values()))))
    print()
    for name, summary in summaries.items():
        if name in OURS:
            fill, error = (
                summary.gate_tally(max(THRESHOLDS), whole_is_error=flag).balanced_accuracy
                for flag in (False, True)
            )
            print(
                f"{name}: {summary.count(lambda e: e.judged_whole)} checks verified a skipped "
                f"sentence whole; gate bal. acc. @{max(THRESHOLDS):g}, errors as failures: "
                f"{_fmt(fill)} as shipped, {_fmt(error)} if those were JudgeErrors"
            )
            unlocated = summary.gate_tally_without_located(max(THRESHOLDS)).balanced_accuracy
            print(
                f"{name}: {summary.count(lambda e: e.located)} checks kept a SUPPORTED by locating "
                f"its evidence; gate bal. acc. {_fmt(fill)} as shipped, {_fmt(unlocated)} had "
                f"those been demoted; SUPPORTED by evidence method: {summary.methods()}"
            )
            print(f"{name}: claims demoted, by rule: {summary.demotions()}")
            if summary.cache_misses:
                print(
                    f"{name}: {summary.cache_misses} checks made a request the cache lacks "
                    f"(record mode {args.record_mode!r}): they count as failed checks"
                )
    print()
    print("\n".join(evaluation_table(list(summaries.values()))))
    print()
    print("\n".join(check.line() for check in checks))
    write_report(args.output, cost_report(args, argv, examples, summaries, checks, exchanges))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
