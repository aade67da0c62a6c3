"""Judge kinds that installed packages declare as entry points reach verify() and the plugin."""

from __future__ import annotations

from importlib import metadata

import pytest

from pytest_faithful import verify
from pytest_faithful.judges import registry as registry_module
from pytest_faithful.judges.registry import ENTRY_POINT_GROUP, JudgeSpec, installed_registry
from pytest_faithful.judges.resources import JudgeOptions
from pytest_faithful.testing import FunctionJudge

BUILT: list[str] = []


def make_echo_judge(spec: JudgeSpec, options: JudgeOptions) -> FunctionJudge:
    BUILT.append(str(spec))

    def verdicts(claims: list[str], passages: list[str]) -> list[dict[str, object]]:
        return [
            {
                "claim_index": i,
                "label": "SUPPORTED",
                "reason": "echo",
                "evidence": passages[0],
                "passage_index": 0,
            }
            for i, _ in enumerate(claims)
        ]

    return FunctionJudge(verdicts, id=f"echo:{spec.model}")


def _declared(*names: str) -> list[metadata.EntryPoint]:
    return [
        metadata.EntryPoint(name=n, value=f"{__name__}:make_echo_judge", group=ENTRY_POINT_GROUP)
        for n in names
    ]


def test_an_installed_kind_reaches_verify(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry_module, "_entry_points", lambda: tuple(_declared("echo")))
    BUILT.clear()
    result = verify("Returns take 30 days.", ["Returns take 30 days."], judge="echo:m1")
    assert result.passed
    assert BUILT == ["echo:m1"]


def test_installed_kinds_are_imported_on_first_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry_module, "_entry_points", lambda: tuple(_declared("echo")))
    BUILT.clear()
    registry = installed_registry()
    assert "echo" in registry
    assert "lexical" in registry
    assert BUILT == []


def test_a_kind_declared_twice_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry_module, "_entry_points", lambda: tuple(_declared("lexical")))
    with pytest.raises(ValueError, match="'lexical' is already registered"):
        installed_registry()


def test_the_plugin_sees_installed_kinds(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry_module, "_entry_points", lambda: tuple(_declared("echo")))
    pytester.makepyfile(
        """
        def test_refund(assert_faithful):
            assert_faithful("Returns take 30 days.", ["Returns take 30 days."])
        """
    )
    result = pytester.runpytest("--faith-judge=echo:m2", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_a_duplicate_installed_kind_is_a_usage_error(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry_module, "_entry_points", lambda: tuple(_declared("openai")))
    pytester.makepyfile("def test_nothing(): pass")
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*'openai' is already registered*pytest_faithful.judges*"])
