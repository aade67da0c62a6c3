"""Report files: which renderer a path gets (by extension), and writing them. No pytest here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path

from pytest_faithful.files import write_text
from pytest_faithful.report import html, json_report, markdown
from pytest_faithful.report.model import FaithReport

RENDERERS: dict[str, Callable[[FaithReport], str]] = {
    ".json": json_report.render,
    ".html": html.render,
    ".htm": html.render,
    ".md": markdown.render,
}
EXTENSIONS = (".json", ".html", ".md")


def renderer_for(path: str | Path) -> Callable[[FaithReport], str] | None:
    return RENDERERS.get(Path(path).suffix.lower())


def generator() -> str:
    try:
        version = metadata.version("pytest-faithful")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a source tree
        version = "unknown"
    return f"pytest-faithful {version}"


def write_reports(report: FaithReport, paths: Sequence[Path]) -> tuple[list[Path], list[str]]:
    """Write each report file: (the files written, one message per file that could not be)."""
    written, problems = [], []
    for path in paths:
        render = renderer_for(path)
        if render is None:  # options reject these; kept for callers outside pytest
            problems.append(f"{path}: no report format for {path.suffix or 'no extension'!r}")
            continue
        try:
            write_text(path, render(report))
        except OSError as exc:
            problems.append(f"{path}: {exc.strerror or exc}")
        else:
            written.append(path)
    return written, problems
