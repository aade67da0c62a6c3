"""The HTML report in a real browser: headless Chromium (Debian's /usr/bin/chromium) driven by
Playwright. What a person sees: the failing check is listed first, the filters hide and bring
back checks, the verdict colours apply (the page's Content-Security-Policy lets its own style and
script run), and the page requests nothing but itself."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from report_suite import METRIC_SUITE, METRIC_SUITE_OUTCOMES, SUITE_OUTCOMES, make_report_suite

CHROMIUM = Path("/usr/bin/chromium")
# Flags for this machine's closed network; Playwright adds --headless and a fresh user data dir.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
M = "test_suite.py::"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium for the module's tests: a launch takes about a second, and each test gets a
    page of its own (:func:`page`)."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (pip install -e '.[dev]')"
    )
    if not CHROMIUM.exists() and shutil.which("chromium") is None:
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    executable = str(CHROMIUM) if CHROMIUM.exists() else shutil.which("chromium")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=executable, args=FLAGS, timeout=30_000
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page in a fresh browser context (its own cookies, storage and cache), as
    ``browser.new_page`` makes one, closed after the test."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


def _open(page: Any, path: Path) -> tuple[str, list[str], list[str]]:
    url = path.resolve().as_uri()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url)
    return url, requests, errors


def test_metric_sections_in_chromium(pytester: pytest.Pytester, page: Any) -> None:
    pytester.makepyfile(test_suite=METRIC_SUITE)
    pytester.makeini("[pytest]\nfaith_judge = lexical\n")
    pytester.runpytest("--faith-report=report.html").assert_outcomes(**METRIC_SUITE_OUTCOMES)
    url, requests, errors = _open(page, Path(pytester.path, "report.html"))

    sections = page.locator("section.metric")
    assert sections.evaluate_all("s => s.map(e => e.id)") == [
        "answer_relevancy",
        "context_precision",
        "context_recall",
        "reference",
    ]
    # The passage ranked first is marked not useful, the second useful, each with its reason.
    precision = page.locator("#context_precision details.check")
    assert precision.count() == 1
    assert precision.get_attribute("open") is not None, "a failing check is open"
    rows = precision.locator("tbody tr")
    assert rows.evaluate_all("r => r.map(e => e.className)") == ["contradicted", "supported"]
    assert rows.nth(0).locator("td").nth(1).inner_text() == "contexts[0]"
    assert rows.nth(0).is_visible()
    assert rows.nth(1).is_visible()
    assert "0.50" in precision.locator(".score").inner_text()
    recall = page.locator("#context_recall details.check")
    assert recall.locator("tbody tr.supported q.evidence").count() == 1
    xfailed = page.locator("#reference details.check", has_text="test_number_changed")
    assert xfailed.locator(".badge").inner_text() == "FAIL (xfailed)"

    # The filters count and filter every check on the page, metric checks included.
    every = page.locator("details.check")
    visible = page.locator("details.check:visible")
    total = every.count()
    assert total == 7  # one faithfulness check and six metric checks
    assert page.get_by_label(f"All ({total})").is_checked()
    failing = every.evaluate_all("c => c.filter(e => e.dataset.failing === '1').length")
    page.get_by_label(f"Failing ({failing})").check()
    assert visible.count() == failing == 2  # test_number_changed is an expected failure
    assert page.locator('[data-total="failed"] dd').inner_text() == "2"
    page.get_by_label("Expected failures (1)").check()
    assert visible.locator(".test-id").all_inner_texts() == [f"{M}test_number_changed"]
    page.get_by_label(f"Failing ({failing})").check()
    assert page.locator("#shown").inner_text() == f"{failing} of {total} checks shown"
    assert page.locator("#context_recall details.check:visible").count() == 0
    assert requests == [url], "the page requests nothing but itself"
    assert errors == []


def test_report_in_chromium_failing_first_and_filters(
    pytester: pytest.Pytester, page: Any, tmp_path: Path
) -> None:
    suite = make_report_suite(pytester)
    suite.runpytest("--faith-report=report.html").assert_outcomes(**SUITE_OUTCOMES)
    url, requests, errors = _open(page, Path(suite.path, "report.html"))

    checks = page.locator("details.check")
    visible = page.locator("details.check:visible")
    assert checks.count() == 11
    first = visible.first
    assert first.locator(".badge").inner_text() == "ERROR"
    assert first.locator(".test-id").inner_text() == f"{M}test_error"
    badges = [b.strip() for b in page.locator("details.check .badge").all_inner_texts()]
    assert badges[:4] == ["ERROR", "FAIL", "FAIL", "FAIL (xfailed)"]
    assert set(badges[4:]) <= {"PASS"}
    # A failing check is open: its contradicted sentence is shown, coloured, with its reason.
    contradicted = page.locator("#check-2 .answer .s.contradicted")
    assert contradicted.inner_text() == "Returns are accepted within 60 days."
    assert contradicted.is_visible()
    background = contradicted.evaluate("e => getComputedStyle(e).backgroundColor")
    assert background == "rgb(255, 235, 233)", "the report's CSS applies"
    assert page.locator("#check-2 tr.unsupported .reason").inner_text() == "rule: contradicted"
    assert page.locator('[data-total="checks"] dd').inner_text() == "11"

    page.get_by_label("Failing (3)").check()
    assert visible.count() == 3
    assert set(page.locator("details.check:visible .badge").all_inner_texts()) == {"ERROR", "FAIL"}
    assert page.locator("#shown").inner_text() == "3 of 11 checks shown"
    page.get_by_label("Expected failures (1)").check()
    assert visible.locator(".badge").all_inner_texts() == ["FAIL (xfailed)"]
    page.get_by_label("Contradicted (2)").check()
    assert visible.locator(".test-id").all_inner_texts() == [
        f"{M}test_contradicted",
        f"{M}test_expected_failure",
    ]
    page.get_by_label("All (11)").check()
    assert visible.count() == 11
    page.get_by_placeholder("filter by test id").fill("test_pass")
    assert visible.count() == 3
    page.get_by_placeholder("filter by test id").fill("")

    # The answer's markup is text: shown as written, never run.
    markup = page.locator("details.check", has_text="test_markup_in_answer")
    markup.locator("summary").click()
    assert "<script>window.pwned = 1</script>" in markup.locator(".answer").inner_text()
    assert page.evaluate("typeof window.pwned") == "undefined"

    screenshot = tmp_path / "report.png"
    page.screenshot(path=str(screenshot), full_page=True)
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert requests == [url], "the page requests nothing but itself"
    assert errors == []
