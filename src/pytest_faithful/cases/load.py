"""Reading a golden file: the format by its extension, the text decoded, ids checked unique."""

from __future__ import annotations

import codecs
import os
import re
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path

from pytest_faithful.cases.csvfile import read_csv
from pytest_faithful.cases.jsonl import read_jsonl
from pytest_faithful.cases.model import Case, CaseFileError
from pytest_faithful.cases.yamlfile import read_yaml

Reader = Callable[[str, Path], Iterator[tuple[int, Case]]]


def _read_tsv(text: str, path: Path) -> Iterator[tuple[int, Case]]:
    return read_csv(text, path, delimiter="\t")


READERS: dict[str, Reader] = {
    "jsonl": read_jsonl,
    "csv": read_csv,
    "tsv": _read_tsv,
    "yaml": read_yaml,
}
"""Formats by name."""
EXTENSIONS: dict[str, str] = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".tsv": "tsv",
    ".yaml": "yaml",
    ".yml": "yaml",
}
"""Formats by file extension (any case)."""


DEFAULT_ENCODING = "utf-8-sig"
"""UTF-8, with or without a byte-order mark; a file that starts with UTF-16's mark is read as
UTF-16."""


def load_cases(
    path: str | os.PathLike[str], *, format: str | None = None, encoding: str = DEFAULT_ENCODING
) -> tuple[Case, ...]:
    """The cases of a golden file, in file order: JSON Lines (``.jsonl``, ``.ndjson``), CSV
    (``.csv``, ``.tsv``) or YAML (``.yaml``, ``.yml``; needs PyYAML).

    ``format`` ("jsonl", "csv", "tsv" or "yaml") overrides the extension. The default
    encoding reads UTF-8 with or without a byte-order mark, and UTF-16 with one (what Excel
    writes as "Unicode text"). A relative ``path`` is relative
    to the current directory, as ``open`` reads it: tests usually pass
    ``Path(__file__).parent / "golden.jsonl"``.

    Every problem is a :class:`CaseFileError` (a ``ValueError``) naming ``file:line`` and the
    field; an id used twice names both lines. Use the result directly in
    ``@pytest.mark.parametrize("case", load_cases(...))``: each test is named after its
    case's id.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    where = Path(path)
    if where.is_dir():
        raise IsADirectoryError(
            f"path: {where} is a directory; pass the golden file in it (one of "
            f"{', '.join(EXTENSIONS)})"
        )
    name = _format(where, format)
    try:
        data = where.read_bytes()
    except FileNotFoundError:
        raise FileNotFoundError(
            f"golden file {where} not found (relative paths are relative to the current "
            f"directory, {Path.cwd()}: build it from Path(__file__).parent in a test module)"
        ) from None
    if encoding == DEFAULT_ENCODING and data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        # Excel's "Unicode text" export (a TSV) is UTF-16 with its byte-order mark: unambiguous.
        encoding = "utf-16"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise CaseFileError(
            where,
            line,
            f"not {encoding} text (byte {exc.start}, {data[exc.start]:#04x}): pass encoding= "
            "to read it (encoding='cp1252' for a Windows or Latin-1 file)",
        ) from None
    except LookupError:
        raise ValueError(f"encoding: unknown encoding {encoding!r}") from None
    _check_no_nul(text, where, encoding)
    cases: list[Case] = []
    first: dict[str, tuple[str, int]] = {}
    for line, case in READERS[name](text, where):
        key = _told_apart(case.id)
        if key in first:
            earlier, at = first[key]
            again = (
                f"{case.id!r} is used again"
                if earlier == case.id
                else f"{case.id!r} differs from {earlier!r} only in case, spaces or accents' "
                "encoding (-k and a reader cannot tell them apart)"
            )
            raise CaseFileError(
                where,
                line,
                f"field 'id': {again} (first at line {at}); ids name tests and baseline keys, "
                "so each must be unique",
            )
        first[key] = (case.id, line)
        cases.append(case)
    return tuple(cases)


_SPACES = re.compile(r"\s+")


def _told_apart(case_id: str) -> str:
    """What tells two ids apart for a reader: not case (``-k`` ignores it), not how many spaces
    in a row, not whether an accent is one code point or two (NFC/NFD look the same)."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", case_id).casefold())


def _check_no_nul(text: str, path: Path, encoding: str) -> None:
    """A NUL character is in no text file: UTF-16 read without its byte-order mark (every other
    byte is NUL), or a binary file. Without this, its first row reads as junk ("no 'id'
    column")."""
    at = text.find("\x00")
    if at < 0:
        return
    raise CaseFileError(
        path,
        text.count("\n", 0, at) + 1,
        f"a NUL character at position {at}: not {encoding} text (UTF-16 without its "
        "byte-order mark? pass encoding='utf-16-le' or 'utf-16-be')",
    )


def _format(path: Path, format: str | None) -> str:
    if format is not None:
        if format not in READERS:
            raise ValueError(f"format must be one of {', '.join(READERS)}, got {format!r}")
        return format
    name = EXTENSIONS.get(path.suffix.lower())
    if name is None:
        raise ValueError(
            f"{path}: cannot tell the format from the extension {path.suffix!r}; use one of "
            f"{', '.join(EXTENSIONS)} or pass format= ({', '.join(READERS)})"
        )
    return name
