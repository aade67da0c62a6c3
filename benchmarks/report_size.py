"""Report file sizes for a suite of N checks (default 1,000), run once through pytest.

    python benchmarks/report_size.py              # 1,000 checks -> results/report-size.json
    python benchmarks/report_size.py --checks 100 --output /tmp/size.json
    python benchmarks/report_size.py --screenshot benchmarks/results/examples-report.png

The generated suite has one ``assert_faithful`` per test (parametrized), judged by the built-in
``lexical`` judge (no network): a three-sentence answer over three ~300-character passages; every
tenth answer has an unsupported sentence, so the reports carry failing checks with reasons.
``--screenshot PNG`` instead runs the ``examples`` suite with an HTML report and saves a
screenshot of it as seen in headless Chromium (Debian's /usr/bin/chromium, driven by Playwright).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from report import provenance, write_report

ROOT = Path(__file__).resolve().parents[1]
PYTEST = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:hypothesispytest"]
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

SUITE = """
import pytest

PASSAGES = [
    "Orders ship within two business days from our warehouse in Leeds. Tracking numbers are "
    "emailed when the parcel leaves the warehouse. Express delivery is available for an extra "
    "fee in the United Kingdom only, and arrives the next working day if ordered before noon.",
    "Returns are accepted within 30 days of delivery for unused items in their original "
    "packaging. Refunds are issued to the original payment method within five working days of "
    "the return being received. Sale items can be exchanged but not refunded.",
    "Our support team answers email within one working day. Phone support is open from 9am to "
    "5pm, Monday to Friday. Business customers have a dedicated account manager and can request "
    "invoices with their VAT number from the billing page.",
]
ANSWER = ("Orders ship within two business days. Returns are accepted within 30 days of "
          "delivery. Phone support is open from 9am to 5pm, Monday to Friday.")
WRONG = ("Orders ship within two business days. Refunds arrive as store credit after 90 days "
         "at the manager's discretion. Phone support is open from 9am to 5pm.")

@pytest.mark.parametrize("n", range({checks}))
def test_answer(assert_faithful, n):
    if n % 10 == 9:
        with pytest.raises(AssertionError):
            assert_faithful(WRONG, PASSAGES, question=f"Question {{n}} about orders?")
    else:
        assert_faithful(ANSWER, PASSAGES, question=f"Question {{n}} about orders?")
"""


def measure(checks: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "pytest.ini").write_text("[pytest]\nfaith_judge = lexical\n")
        (work / "test_generated.py").write_text(SUITE.format(checks=checks))
        command = [*PYTEST, "-q", "--faith-report=report.json", "--faith-report=report.html"]
        started = time.perf_counter()
        run = subprocess.run(command, cwd=work, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - started
        if run.returncode != 0:
            sys.exit(f"pytest failed ({run.returncode}):\n{run.stdout[-3000:]}{run.stderr}")
        document = json.loads((work / "report.json").read_text(encoding="utf-8"))
        assert len(document["checks"]) == checks, "one entry per check"
        sizes = {name: (work / f"report.{name}").stat().st_size for name in ("json", "html")}
    return {
        "checks": checks,
        "failed_checks": document["totals"]["failed"],
        "bytes": sizes,
        "bytes_per_check": {name: round(size / checks) for name, size in sizes.items()},
        "pytest_seconds": round(seconds, 2),
    }


def screenshot(png: Path) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        html = Path(folder) / "examples-report.html"
        subprocess.run([*PYTEST, "examples", f"--faith-report={html}", "-q"], cwd=ROOT, check=True)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            page = browser.new_page(viewport={"width": 1200, "height": 1400})
            page.goto(html.as_uri())
            png.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(png))
            browser.close()
    print(f"{png}: {png.stat().st_size:,} bytes")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=1000)
    parser.add_argument("--output", type=Path, default=ROOT / "benchmarks/results/report-size.json")
    parser.add_argument("--screenshot", type=Path, metavar="PNG")
    args = parser.parse_args(argv)
    if args.screenshot:
        screenshot(args.screenshot)
        return
    result = {**provenance(__file__, argv), **measure(args.checks)}
    sizes, per = result["bytes"], result["bytes_per_check"]
    assert isinstance(sizes, dict)
    assert isinstance(per, dict)
    failing, seconds = result["failed_checks"], result["pytest_seconds"]
    print(f"{args.checks:,} checks ({failing} failing), pytest {seconds} s")
    print(f"{'format':<8}{'bytes':>12}{'MiB':>8}{'bytes/check':>13}")
    for name, size in sizes.items():
        print(f"{name:<8}{size:>12,}{size / 2**20:>8.2f}{per[name]:>13,}")
    write_report(args.output, result)


if __name__ == "__main__":
    main()
