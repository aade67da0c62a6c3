"""Report files: which renderer a path gets (by extension), and writing them. No pytest here."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path

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


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file, then a rename),
    creating missing parent directories. The file gets the usual permissions (0666 less the
    umask), not the 0600 of a temporary file, so a CI artifact step or a web server can read it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_reports(report: FaithReport, paths: Sequence[Path]) -> list[str]:
    """Write each report file; return one message per file that could not be written."""
    problems = []
    for path in paths:
        render = renderer_for(path)
        if render is None:  # options reject these; kept for callers outside pytest
            problems.append(f"{path}: no report format for {path.suffix or 'no extension'!r}")
            continue
        try:
            write_text(path, render(report))
        except OSError as exc:
            problems.append(f"{path}: {exc.strerror or exc}")
    return problems
