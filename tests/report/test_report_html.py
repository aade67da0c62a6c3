"""The HTML report as a file: self-contained, user text escaped, failing checks first."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from report_suite import SUITE_OUTCOMES, make_report_suite

M = "test_suite.py::"


class _Page(HTMLParser):
    """The tags, their attributes and the checks (``<details class="check">``) in order."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.checks: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag == "details" and "check" in (attributes.get("class") or "").split():
            self.checks.append(attributes)


@pytest.fixture
def report(pytester: pytest.Pytester) -> str:
    suite = make_report_suite(pytester)
    suite.runpytest("--faith-report=out.html").assert_outcomes(**SUITE_OUTCOMES)
    return Path(suite.path, "out.html").read_text(encoding="utf-8")


def _parse(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    return page


def test_self_contained_no_network(report: str) -> None:
    page = _parse(report)
    names = {tag for tag, _ in page.tags}
    assert not names & {"link", "img", "iframe", "object", "embed", "base", "audio", "video"}
    for tag, attributes in page.tags:
        for name in ("src", "href", "srcset", "action", "data"):
            assert name not in attributes, f"<{tag} {name}=...>: the report loads nothing"
    assert not re.search(r"https?://", report), "no URL anywhere"
    assert "url(" not in report
    assert "@import" not in report
    csp = next(
        a["content"] for t, a in page.tags if a.get("http-equiv") == "Content-Security-Policy"
    )
    assert csp is not None
    assert csp.startswith("default-src 'none';")


def test_user_text_is_escaped(report: str) -> None:
    page = _parse(report)
    assert [tag for tag, _ in page.tags].count("script") == 1, "only the report's own script"
    assert "&lt;script&gt;window.pwned = 1&lt;/script&gt;" in report
    assert "Returns are &lt;b&gt;accepted&lt;/b&gt;." in report
    assert "b" not in {tag for tag, _ in page.tags}


def test_answers_and_passages_take_their_direction_from_their_text(report: str) -> None:
    # Hebrew or Arabic text in a <pre> without dir="auto" shows its punctuation at the wrong end.
    blocks = [a for t, a in _parse(report).tags if t == "pre"]
    shown = [a for a in blocks if (a.get("class") or "") in ("answer", "passage")]
    assert shown
    assert all(a.get("dir") == "auto" for a in shown)


def test_failing_checks_first_with_totals_colours_and_reasons(report: str) -> None:
    checks = _parse(report).checks
    # Failing: what fails the run; the xfail test's failed check is an expected failure.
    assert [c["data-failing"] for c in checks] == ["1"] * 3 + ["0"] * 8
    assert [c["data-xfailed"] for c in checks] == ["0"] * 3 + ["1"] + ["0"] * 7
    assert [c["data-test"] for c in checks[:4]] == [
        f"{M}test_error",
        f"{M}test_contradicted",
        f"{M}test_not_enough_info",
        f"{M}test_expected_failure",
    ]
    assert [c["data-contradicted"] for c in checks[:4]] == ["0", "1", "0", "1"]
    assert all("open" in c for c in checks[:4])
    assert not any("open" in c for c in checks[4:])
    # Totals in the header.
    totals = [("checks", "11"), ("failed", "2"), ("xfailed", "1"), ("errored", "1")]
    for name, value in [*totals, ("passed", "7")]:
        assert f'data-total="{name}"><dt>{name}</dt><dd>{value}</dd>' in report
    # The filters count what the tiles count.
    for label in ("All (11)", "Failing (3)", "Expected failures (1)", "Contradicted (2)"):
        assert f"> {label}</label>" in report
    assert "<title>Faithfulness report: 2 failed, 1 errored, 7 passed, 1 xfailed of 11" in report
    assert "rules/v1" in report
    assert "record mode <code>once</code>" in report
    # The contradicted sentence is coloured; its reason and evidence are shown.
    assert (
        '<span class="s contradicted" data-claims="c1" title="claim 1: CONTRADICTED">'
        "Returns are accepted within 60 days.</span>"
    ) in report
    assert '<td class="reason">rule: contradicted</td>' in report
    assert '<mark class="contradicted" title="evidence for claim 1: CONTRADICTED">' in report
