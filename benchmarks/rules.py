"""The verdict rules, both ways: what they cost a judge that is right, what they catch of a liar.

After a judge gives its verdicts, the verifier holds every SUPPORTED verdict to its rules (the
quote is in a passage and bears on the claim, no negation or other value against it, no name or
number no passage states, ...). This measures them through the public ``pytest_faithful.verify``
(threshold 0.8, strict scoring: the defaults) with two judges built from the gold labels of
faith-dev, which differ only in which answers they are shown:

* the **honest judge**, on faithful answers: SUPPORTED on every claim, quoting what a careful
  model would quote (:mod:`rules_quotes`). Every answer it fails is a false alarm of the rules.
* the **lying judge**, on unfaithful answers: SUPPORTED on every claim, quoted the same way.
  Every answer it fails is one the rules caught.

Claims are the answer's sentences (``pytest_faithful.testing.FunctionJudge``). For each failed
faithful answer it lists the claims the rules demoted and which rule did (the verdict's ``rule``
field where the verifier has one, else read from its reason's wording: ``rule_of``).

Each *configuration* is a set of keyword arguments to ``verify``. Today only the default exists;
when ``pytest_faithful.rules`` is importable (``RULE_NAMES``, ``POLICIES``) the benchmark measures
every policy, each rule alone on top of the always-on rules, and all rules but each one
(``configurations``). The quotes do not depend on the configuration, so each example is quoted
once and checked under every configuration in turn; ``--jobs N`` spreads examples over processes.

    python benchmarks/rules.py                          # all 1,000 examples, every configuration
    python benchmarks/rules.py --per-source 60 --seed 7 # 60 faithful + 60 unfaithful per source
    python benchmarks/rules.py --source wice --limit 50 --config default
    python benchmarks/rules.py --list-configs
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import multiprocessing
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

from rules_quotes import DEFAULT_MAX_SPAN, GoldExample, Quoter, load_gold

from pytest_faithful import ClaimVerdict, JudgeError, Label, Verdict, verify
from pytest_faithful.testing import FunctionJudge
from report import provenance, write_report

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO / ".." / "shared" / "data" / "faith-dev.jsonl"
RESULTS_DIR = REPO / "benchmarks" / "results"
OVERALL = "overall"
JUDGE_REASON = "the quoted passage text states this"


# --------------------------------------------------------------------------------------------
# Configurations


@dataclass(frozen=True)
class Config:
    """One way of calling ``verify``: a name and the keyword arguments that make it."""

    name: str
    rules: str | None = None  # a policy name; None: verify's default
    skip_rules: tuple[str, ...] = ()

    def kwargs(self) -> dict[str, Any]:
        """Only what differs from the defaults, so the default runs on code without rule sets."""
        given: dict[str, Any] = {}
        if self.rules is not None:
            given["rules"] = self.rules
        if self.skip_rules:
            given["skip_rules"] = self.skip_rules
        return given


DEFAULT = Config("default")


def rules_module() -> ModuleType | None:
    """``pytest_faithful.rules`` when it exposes ``RULE_NAMES`` and ``POLICIES``, else None."""
    try:
        module = importlib.import_module("pytest_faithful.rules")
    except ImportError:
        return None
    if not hasattr(module, "RULE_NAMES") or not hasattr(module, "POLICIES"):
        return None
    return module


def configurations(
    rule_names: Sequence[str],
    policies: Mapping[str, Sequence[str]],
    default_policy: str | None = None,
) -> list[Config]:
    """The default, each policy, and for each rule that can be skipped: that rule alone on top of
    the always-on rules, and every rule but that one; then, for each rule of the default policy
    (``default_policy``) that can be skipped, the default without it: what a team that skips
    one rule, as a failure message says how to, gets.

    The always-on rules are the ``evidence`` policy's (else the smallest policy's): a rule in it
    is never skipped here. "Alone" and "all but" start from the policy with the most rules (the
    first of them in ``policies`` order on a tie) and skip the others, or that one.
    """
    configs = [DEFAULT, *(Config(f"policy:{name}", rules=name) for name in policies)]
    if not policies:
        return configs
    always = set(policies.get("evidence") or min(policies.values(), key=len))
    widest = max(policies, key=lambda name: len(policies[name]))
    skippable = [r for r in rule_names if r in policies[widest] and r not in always]
    for rule in skippable:
        others = tuple(r for r in skippable if r != rule)
        configs.append(Config(f"alone:{rule}", rules=widest, skip_rules=others))
    for rule in skippable:
        configs.append(Config(f"without:{rule}", rules=widest, skip_rules=(rule,)))
    for rule in policies.get(default_policy or "", ()):
        if rule not in always:
            configs.append(Config(f"default-without:{rule}", skip_rules=(rule,)))
    return configs


def available_configurations() -> list[Config]:
    module = rules_module()
    if module is None:
        return [DEFAULT]
    policies = {str(k): tuple(v) for k, v in dict(module.POLICIES).items()}
    default_policy = getattr(module, "DEFAULT_POLICY", None)
    return configurations(tuple(module.RULE_NAMES), policies, default_policy)


# --------------------------------------------------------------------------------------------
# Which rule demoted a verdict

# Today's wording of each demotion in ``verifier._check_evidence`` and ``verifier._left_out``,
# read after the bracketed notes a reason may start with ("[the judge extracted no claim ...]").
# Checked in order; the first that matches names the rule.
_WORDING: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.DOTALL))
    for name, pattern in (
        ("left-out-specifics", r"^\[the judge's claims from this sentence leave out part of it\]"),
        ("quote-in-passage", r"^(no evidence quote given|the evidence quote (cites|is not in))"),
        ("bears-on", r"^the evidence quote .* is too short or shares no word with the claim"),
        ("echo", r"^the judge's quote is the claim itself"),
        ("number-clash", r"^the evidence gives .* where the claim states "),
        ("opposites", r"^the evidence says .* where the claim says "),
        ("negation", r"^the evidence negates what the claim states"),
        ("unstated-specifics", r"^the claim states .* and no passage mentions"),
        ("answerer", r"^the claim speaks of the answerer"),
        ("no-context", r"^no context passages were given"),
    )
)
_NOTES = re.compile(r"^(?:\[[^\]]*\]\s*)+")


def rule_of(verdict: ClaimVerdict) -> str:
    """The rule that demoted ``verdict``: its ``rule`` field when the verifier has one, else read
    from its reason; "other" when neither names one."""
    named = getattr(verdict, "rule", None)
    if isinstance(named, str) and named:
        return named
    reason = verdict.reason.strip()
    if _WORDING[0][1].match(reason):
        return _WORDING[0][0]
    reason = _NOTES.sub("", reason)
    for name, pattern in _WORDING[1:]:
        if pattern.match(reason):
            return name
    return "other"


# --------------------------------------------------------------------------------------------
# Running


@dataclass(frozen=True)
class Demoted:
    claim: str
    rule: str
    reason: str


@dataclass(frozen=True)
class Outcome:
    """One example under one configuration."""

    passed: bool | None  # None: JudgeError
    claims: int = 0
    demoted: tuple[Demoted, ...] = ()
    error: str | None = None


@dataclass(frozen=True)
class Checked:
    """One example under every configuration, and how its quotes were found."""

    id: str
    source: str
    faithful: bool
    outcomes: tuple[Outcome, ...]
    quote_methods: Mapping[str, int]
    seconds: float


def gold_judge(quoter: Quoter, *, faithful: bool, heuristic: bool) -> FunctionJudge:
    """The honest judge (faithful answers) or the lying one (unfaithful): SUPPORTED on every
    claim, with the quote ``quoter`` gives, or no quote where no passage shares a word."""

    def verdicts(claims: Sequence[Any], passages: Sequence[str]) -> Iterable[Verdict]:
        for i, claim in enumerate(claims):
            quote = quoter.quote(claim.text)
            yield Verdict(
                claim_index=i,
                label=Label.SUPPORTED,
                reason=JUDGE_REASON,
                evidence=quote.text,
                passage_index=quote.passage,
            )

    kind = "honest" if faithful else "lying"
    return FunctionJudge(verdicts, id=f"gold-{kind}", heuristic=heuristic)


def check_example(
    example: GoldExample, configs: Sequence[Config], max_span: int, heuristic: bool
) -> Checked:
    started = time.perf_counter()
    quoter = Quoter(example.context, example.supporting, max_span, example.question)
    judge = gold_judge(quoter, faithful=example.faithful, heuristic=heuristic)
    outcomes = []
    for config in configs:
        try:
            result = verify(
                example.answer,
                list(example.context),
                question=example.question,
                judge=judge,
                **config.kwargs(),
            )
        except JudgeError as exc:
            outcomes.append(Outcome(None, error=str(exc)[:300]))
            continue
        demoted = tuple(
            Demoted(v.claim.text, rule_of(v), v.reason)
            for v in result.claim_verdicts
            if v.label is not Label.SUPPORTED
        )
        outcomes.append(Outcome(result.passed, len(result.claim_verdicts), demoted))
    return Checked(
        example.id,
        example.source,
        example.faithful,
        tuple(outcomes),
        dict(quoter.methods),
        time.perf_counter() - started,
    )


def check_all(
    examples: Sequence[GoldExample],
    configs: Sequence[Config],
    max_span: int,
    heuristic: bool,
    jobs: int,
) -> list[Checked]:
    work = partial(check_example, configs=configs, max_span=max_span, heuristic=heuristic)
    if jobs == 1:
        return [work(example) for example in examples]
    with multiprocessing.get_context().Pool(jobs) as pool:
        return list(pool.imap(work, examples, chunksize=4))


# --------------------------------------------------------------------------------------------
# Numbers


@dataclass
class Tally:
    faithful: int = 0
    false_alarms: int = 0  # faithful answers the honest judge failed
    unfaithful: int = 0
    caught: int = 0  # unfaithful answers the lying judge failed
    errors: int = 0

    def add(self, faithful: bool, passed: bool | None) -> None:
        if passed is None:
            self.errors += 1
        elif faithful:
            self.faithful += 1
            self.false_alarms += not passed
        else:
            self.unfaithful += 1
            self.caught += not passed

    @property
    def false_alarm_rate(self) -> float | None:
        return self.false_alarms / self.faithful if self.faithful else None

    @property
    def catch_rate(self) -> float | None:
        return self.caught / self.unfaithful if self.unfaithful else None

    def as_json(self) -> dict[str, Any]:
        return {
            "faithful": self.faithful,
            "false_alarms": self.false_alarms,
            "false_alarm_rate": _round(self.false_alarm_rate),
            "unfaithful": self.unfaithful,
            "caught": self.caught,
            "catch_rate": _round(self.catch_rate),
            "judge_errors": self.errors,
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


@dataclass
class ConfigSummary:
    config: Config
    tallies: dict[str, Tally] = field(default_factory=dict)
    # Claims demoted in failed faithful answers (false alarms), and in caught unfaithful ones.
    false_alarm_rules: Counter[str] = field(default_factory=Counter)
    false_alarm_answers: Counter[str] = field(default_factory=Counter)  # answers a rule failed
    catch_rules: Counter[str] = field(default_factory=Counter)
    failures: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, str]] = field(default_factory=list)

    def as_json(self, details: bool) -> dict[str, Any]:
        """The numbers; with ``details``, each false alarm's demoted claims, else its id."""
        return {
            "name": self.config.name,
            "verify_kwargs": {k: list(v) if isinstance(v, tuple) else v
                              for k, v in self.config.kwargs().items()},
            OVERALL: self.tallies[OVERALL].as_json(),
            "sources": {s: t.as_json() for s, t in sorted(self.tallies.items()) if s != OVERALL},
            "false_alarm_claims_by_rule": dict(self.false_alarm_rules.most_common()),
            "false_alarm_answers_by_rule": dict(self.false_alarm_answers.most_common()),
            "catch_claims_by_rule": dict(self.catch_rules.most_common()),
            "false_alarms": self.failures if details else [f["id"] for f in self.failures],
            "judge_errors": self.errors,
        }  # fmt: skip


def summarise(checked: Sequence[Checked], configs: Sequence[Config]) -> list[ConfigSummary]:
    summaries = [ConfigSummary(config, {OVERALL: Tally()}) for config in configs]
    for item in checked:
        for summary, outcome in zip(summaries, item.outcomes, strict=True):
            for group in (item.source, OVERALL):
                summary.tallies.setdefault(group, Tally()).add(item.faithful, outcome.passed)
            if outcome.passed is None:
                summary.errors.append({"id": item.id, "error": outcome.error or ""})
            elif not outcome.passed:
                rules = Counter(d.rule for d in outcome.demoted)
                if item.faithful:
                    summary.false_alarm_rules.update(rules)
                    summary.false_alarm_answers.update(set(rules))
                    summary.failures.append({
                        "id": item.id,
                        "source": item.source,
                        "claims": outcome.claims,
                        "demoted": [
                            {"claim": d.claim, "rule": d.rule, "reason": _shown(d.reason)}
                            for d in outcome.demoted
                        ],
                    })  # fmt: skip
                else:
                    summary.catch_rules.update(rules)
    return summaries


_JUDGE_SAID = f" (judge said SUPPORTED: {JUDGE_REASON})"


def _shown(reason: str) -> str:
    """A demotion's reason without what the gold judge said, which is always the same."""
    return reason.replace(_JUDGE_SAID, "")


def detailed(config: Config) -> bool:
    """Whether a configuration's report lists each false alarm's claims (the default and the
    policies: what a user runs), or only its id (a rule alone or left out)."""
    return config.name == DEFAULT.name or config.name.startswith("policy:")


def _pct(part: int, whole: int) -> str:
    return f"{part:>4}/{whole:<4} {100 * part / whole:5.1f}%" if whole else f"{'-':>16}"


def table(summaries: Sequence[ConfigSummary]) -> str:
    sources = sorted({s for summary in summaries for s in summary.tallies if s != OVERALL})
    width = max(len(s.config.name) for s in summaries)
    lines = []
    for caption, attr in (
        ("faithful answers failed (false alarms of the honest judge)", "false_alarms"),
        ("unfaithful answers caught (the lying judge failed)", "caught"),
    ):
        whole = "faithful" if attr == "false_alarms" else "unfaithful"
        header = f"{'configuration':<{width}} " + " ".join(f"{c:>16}" for c in [*sources, OVERALL])
        lines += [caption, header, "-" * len(header)]
        for summary in summaries:
            cells = []
            for column in [*sources, OVERALL]:
                tally = summary.tallies.get(column, Tally())
                cells.append(_pct(getattr(tally, attr), getattr(tally, whole)))
            lines.append(f"{summary.config.name:<{width}} " + " ".join(f"{c:>16}" for c in cells))
        lines.append("")
    lines.append("claims demoted in faithful answers that failed, by rule")
    for summary in summaries:
        counts = ", ".join(f"{rule} {n}" for rule, n in summary.false_alarm_rules.most_common())
        errors = summary.tallies[OVERALL].errors
        lines.append(
            f"{summary.config.name:<{width}} {counts or '-'}"
            + (f"   [{errors} judge errors]" if errors else "")
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Selection and command line


HALVES = ("tune", "held-out")


def half_of(example_id: str) -> str:
    """A fixed split by a hash of the id: the verdict rules' class fixes were found looking at
    the ``tune`` half only (first byte of sha256(id) below 128: 499 of faith-dev's 1,000); the
    ``held-out`` half is reported, never read example by example."""
    first = hashlib.sha256(example_id.encode("utf-8")).digest()[0]
    return HALVES[0] if first < 128 else HALVES[1]


def select(
    examples: Sequence[GoldExample],
    sources: Sequence[str] | None,
    seed: int | None,
    per_source: int | None,
    limit: int | None,
    half: str | None = None,
) -> list[GoldExample]:
    """Examples of ``sources`` in file order, or shuffled with ``seed``; then the first ``limit``.

    With ``per_source``: N faithful and N unfaithful examples of each source, drawn from each
    group (in file order) by ``random.Random(seed).sample`` (a fresh generator per group, so a
    group's draw depends on nothing else), or the first N with no seed; kept in file order.
    """
    chosen = [e for e in examples if not sources or e.source in sources]
    chosen = [e for e in chosen if half is None or half_of(e.id) == half]
    if per_source is not None:
        groups: dict[tuple[str, bool], list[GoldExample]] = {}
        for example in chosen:
            groups.setdefault((example.source, example.faithful), []).append(example)
        kept: set[str] = set()
        for group in groups.values():
            size = min(per_source, len(group))
            drawn = group[:size] if seed is None else random.Random(seed).sample(group, size)
            kept.update(e.id for e in drawn)
        chosen = [e for e in chosen if e.id in kept]
    elif seed is not None:
        random.Random(seed).shuffle(chosen)
    return chosen if limit is None else chosen[:limit]


def default_output(args: argparse.Namespace) -> Path:
    parts = ["rules"]
    if args.heuristic:
        parts.append("heuristic")
    if args.source:
        parts.append("+".join(sorted(args.source)))
    if args.per_source is not None:
        parts.append(f"per{args.per_source}")
    if args.seed is not None:
        parts.append(f"seed{args.seed}")
    if args.limit is not None:
        parts.append(f"n{args.limit}")
    if args.max_span != DEFAULT_MAX_SPAN:
        parts.append(f"span{args.max_span}")
    if args.half is not None:
        parts.append(args.half)
    if args.custom:
        parts.append("custom")
    if len(parts) == 1:
        parts.append("all")
    return RESULTS_DIR / ("-".join(parts) + ".json")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def custom_config(spec: str) -> Config:
    """A configuration from ``RULES[/SKIP]`` (``--custom``): verify's ``rules`` and
    ``skip_rules``, each comma-separated names; an empty RULES is the default's."""
    rules, _, skip = spec.partition("/")
    skipped = tuple(name for name in skip.split(",") if name.strip())
    if not rules.strip() and not skipped:
        raise argparse.ArgumentTypeError(f"{spec!r} names no rules to choose or skip")
    module = rules_module()
    if module is None:
        raise argparse.ArgumentTypeError("this code has no rule sets to choose from")
    try:
        module.choose(rules.strip() or None, skipped)
    except (TypeError, ValueError) as exc:
        raise argparse.ArgumentTypeError(f"{spec!r}: {exc}") from None
    return Config(f"custom:{spec}", rules=rules.strip() or None, skip_rules=skipped)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="labelled JSONL file. Default: %(default)s"
    )
    parser.add_argument(
        "--config",
        action="append",
        help="measure this configuration (repeat for several; --list-configs names them). "
        "Default: all of them",
    )
    parser.add_argument("--list-configs", action="store_true", help="name them and stop")
    parser.add_argument(
        "--custom",
        action="append",
        type=custom_config,
        default=[],
        metavar="RULES[/SKIP]",
        help="also measure verify(rules=RULES, skip_rules=SKIP), comma-separated names "
        "(e.g. 'standard,negation/unstated-names'); repeatable",
    )
    parser.add_argument("--source", action="append", help="only this source (repeatable)")
    parser.add_argument("--seed", type=int, default=None, help="shuffle with this seed first")
    parser.add_argument(
        "--per-source",
        type=_positive,
        default=None,
        help="the first N faithful and N unfaithful examples of each source (after --seed)",
    )
    parser.add_argument("--limit", type=_positive, default=None, help="only the first N examples")
    parser.add_argument(
        "--half",
        choices=HALVES,
        default=None,
        help="only one half of a fixed split by a hash of the ids (see half_of)",
    )
    parser.add_argument(
        "--max-span",
        type=_positive,
        default=DEFAULT_MAX_SPAN,
        help="most passage sentences in one quote. Default: %(default)s",
    )
    parser.add_argument(
        "--heuristic", action="store_true", help="run the gold judges as heuristic judges"
    )
    parser.add_argument(
        "--jobs", type=_positive, default=1, help="worker processes. Default: %(default)s"
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=None,
        help="JSON results path. Default: benchmarks/results/rules-<selection>.json "
        "(rules-all.json for every example)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    configs = available_configurations()
    if args.list_configs:
        for config in configs:
            print(f"{config.name:<32} {config.kwargs()}")
        return 0
    if args.config:
        known = {c.name: c for c in configs}
        unknown = [name for name in args.config if name not in known]
        if unknown:
            print(
                f"--config: unknown {', '.join(unknown)}; known: {', '.join(known)}",
                file=sys.stderr,
            )
            return 2
        configs = [known[name] for name in dict.fromkeys(args.config)]
    elif args.custom:
        configs = [DEFAULT]
    configs = [*configs, *args.custom]
    data = args.data.resolve()
    if not data.is_file():
        print(f"no data file at {data} (pass --data PATH)", file=sys.stderr)
        return 2
    examples = load_gold(data)
    sources = sorted({e.source for e in examples})
    unknown = sorted(set(args.source or ()) - set(sources))
    if unknown:
        print(
            f"--source: unknown {', '.join(unknown)}; known: {', '.join(sources)}", file=sys.stderr
        )
        return 2
    chosen = select(examples, args.source, args.seed, args.per_source, args.limit, args.half)
    started = time.perf_counter()
    checked = check_all(chosen, configs, args.max_span, args.heuristic, args.jobs)
    wall = time.perf_counter() - started
    summaries = summarise(checked, configs)
    methods: Counter[str] = Counter()
    for item in checked:
        methods.update(item.quote_methods)
    kind = "heuristic" if args.heuristic else "model"
    print(
        f"{len(chosen)} examples of {data} ({sum(e.faithful for e in chosen)} faithful), "
        f"{len(configs)} configurations, gold judges as {kind} judges, "
        f"{wall:.1f} s with {args.jobs} job(s)"
    )
    print(f"quotes: {dict(methods.most_common())}")
    print(table(summaries))
    report = {
        **provenance(__file__, argv),
        "data": str(data),
        "data_sha256": hashlib.sha256(data.read_bytes()).hexdigest(),
        "sources": args.source,
        "seed": args.seed,
        "half": args.half,
        "per_source": args.per_source,
        "limit": args.limit,
        "examples": len(chosen),
        "faithful": sum(e.faithful for e in chosen),
        "heuristic": args.heuristic,
        "max_span": args.max_span,
        "jobs": args.jobs,
        "wall_seconds": round(wall, 2),
        "check_seconds": round(sum(item.seconds for item in checked), 2),
        "quotes": dict(methods.most_common()),
        "rules_module": rules_module() is not None,
        "configurations": [s.as_json(detailed(s.config)) for s in summaries],
    }
    write_report(args.output or default_output(args), report)
    unread = sum(s.false_alarm_rules["other"] + s.catch_rules["other"] for s in summaries)
    if unread:
        print(
            f"{unread} demoted claims name no rule and match no known wording (rules.rule_of); "
            "the report lists the false alarms' reasons",
            file=sys.stderr,
        )
    errors = sum(s.tallies[OVERALL].errors for s in summaries)
    if errors:
        print(f"{errors} judge errors: the gold judges must never fail", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
