"""Run dev examples through a real OpenAI-compatible model server: the openai SDK path end to end.

Starts llama-cpp-python's server on 127.0.0.1 with a GGUF model, then checks a fixed-seed
sample of the labelled data with the ``openai:MODEL@http://127.0.0.1:PORT/v1`` judge in each
requested mode (two-step: extract then verify; single-call: both in one request), side by side
in one run. Prints, per mode: balanced accuracy, judge calls, prompt and completion tokens per
check, judge errors (a reply that stayed unusable after its repair request), seconds per check.

    python benchmarks/fetch_model.py                         # once: the verified GGUF
    pip install 'llama-cpp-python[server]'                   # into any venv (compiles, ~6 min)
    python benchmarks/server_judge.py --server-python /path/to/venv/bin/python --limit 20

Judge calls go through a call cache in a scratch directory (``--cache-dir`` to keep it), so the
numbers are those of real calls, not replays.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from accuracy import DEFAULT_DATA, Example, Tally, load_examples, select

from pytest_faithful import JudgeError
from pytest_faithful.check import run_check
from pytest_faithful.judges.llm.options import LLMOptions
from pytest_faithful.judges.registry import builtin_registry
from pytest_faithful.judges.resources import JudgeOptions
from report import provenance, write_report

DEFAULT_MODEL = (
    Path.home()
    / ".cache"
    / "pytest-faithful"
    / "models"
    / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
)
MODES = ("two-step", "single-call")


@dataclass
class ModeStats:
    tally: Tally = field(default_factory=Tally)
    errors: list[str] = field(default_factory=list)
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    seconds: float = 0.0

    @property
    def checks(self) -> int:
        return self.tally.n

    def per_check(self, total: int) -> float:
        return total / self.checks if self.checks else 0.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def model_server(
    python: str, model: Path, alias: str, n_ctx: int, threads: int, log: Path
) -> Iterator[str]:
    port = free_port()
    command = [
        python, "-m", "llama_cpp.server", "--model", str(model), "--model_alias", alias,
        "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx),
        "--n_threads", str(threads),
    ]  # fmt: skip
    with log.open("w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        base_url = f"http://127.0.0.1:{port}/v1"
        try:
            deadline = time.monotonic() + 300
            while True:
                if process.poll() is not None:
                    raise SystemExit(f"model server exited with {process.returncode}; see {log}")
                try:
                    with urllib.request.urlopen(f"{base_url}/models", timeout=2):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit(
                            f"model server did not start in 300 s; see {log}"
                        ) from None
                    time.sleep(1)
            yield base_url
        finally:
            process.terminate()
            process.wait(timeout=30)


def run_mode(
    mode: str, examples: Sequence[Example], spec: str, cache_dir: Path, args: argparse.Namespace
) -> ModeStats:
    llm = LLMOptions(
        single_call=mode == "single-call",
        structured_output=args.structured_output,
        timeout_s=args.timeout,
        max_retries=0,
        max_concurrency=1,
        max_context_chars=args.max_context_chars,
        max_tokens=args.max_tokens,
    )
    options = JudgeOptions(cache_dir=cache_dir / mode, record_mode="once", llm=llm)
    stats = ModeStats()
    try:
        judge = builtin_registry().build(spec, options)
        for n, example in enumerate(examples, start=1):
            started = time.perf_counter()
            try:
                result = run_check(
                    example.answer,
                    example.context,
                    judge=judge,
                    question=example.question,
                    threshold=args.threshold,
                )
            except JudgeError as exc:
                stats.errors.append(f"{example.id}: {exc}")
                stats.tally.add(example, None)
            else:
                stats.tally.add(example, result.passed)
                stats.calls += result.usage.judge_calls
                stats.input_tokens += result.usage.input_tokens
                stats.output_tokens += result.usage.output_tokens
            stats.seconds += time.perf_counter() - started
            print(f"  {mode} {n}/{len(examples)} {example.id}", file=sys.stderr, flush=True)
    finally:
        options.close()
    return stats


def table(stats: dict[str, ModeStats]) -> list[str]:
    header = (
        f"{'mode':<12} {'n':>3} {'errors':>6} {'bal_acc':>7} {'calls/chk':>9} "
        f"{'prompt_tok/chk':>14} {'compl_tok/chk':>13} {'s/chk':>6}"
    )
    lines = [header, "-" * len(header)]
    for mode, s in stats.items():
        accuracy = s.tally.balanced_accuracy
        shown = "-" if accuracy is None else f"{accuracy:.3f}"
        lines.append(
            f"{mode:<12} {s.checks:>3} {len(s.errors):>6} {shown:>7} "
            f"{s.per_check(s.calls):>9.2f} {s.per_check(s.input_tokens):>14.0f} "
            f"{s.per_check(s.output_tokens):>13.0f} {s.per_check(s.seconds):>6.1f}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL)
    parser.add_argument("--server-python", default=sys.executable)
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--threshold", type=float, default=1.0)
    parser.add_argument("--structured-output", default="prompt")
    parser.add_argument("--n-ctx", type=int, default=8192)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--max-context-chars", type=int, default=12_000)
    parser.add_argument("--max-tokens", type=int, default=1024)
    parser.add_argument("--cache-dir", type=Path, default=None)
    parser.add_argument("--output", type=Path, default=Path("benchmarks/results/server-judge.json"))
    args = parser.parse_args(argv)

    modes = [m for m in args.modes.split(",") if m]
    unknown = set(modes) - set(MODES)
    if unknown:
        parser.error(f"unknown mode(s) {sorted(unknown)}; choose from {MODES}")
    examples = select(load_examples(args.data), args.limit, args.seed)
    alias = args.model.stem
    with tempfile.TemporaryDirectory(prefix="faith-server-") as scratch:
        cache_dir = args.cache_dir or Path(scratch) / "cache"
        with model_server(
            args.server_python, args.model, alias, args.n_ctx, args.threads, Path(scratch) / "log"
        ) as base_url:
            spec = f"openai:{alias}@{base_url}"
            stats = {mode: run_mode(mode, examples, spec, cache_dir, args) for mode in modes}

    lines = [f"judge {spec} (structured output: {args.structured_output}), {args.data}"]
    lines += table(stats)
    print("\n".join(lines))
    for mode, s in stats.items():
        for error in s.errors:
            print(f"error [{mode}] {error[:300]}")
    report = {
        **provenance(__file__, argv),
        "model": args.model.name,
        "examples": [e.id for e in examples],
        "modes": {
            mode: {
                "checks": s.checks,
                "errors": s.errors,
                "balanced_accuracy": s.tally.balanced_accuracy,
                "judge_calls_per_check": s.per_check(s.calls),
                "prompt_tokens_per_check": s.per_check(s.input_tokens),
                "completion_tokens_per_check": s.per_check(s.output_tokens),
                "seconds_per_check": s.per_check(s.seconds),
            }
            for mode, s in stats.items()
        },
    }
    write_report(args.output, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
