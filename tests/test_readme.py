"""README.md stays true: its Python blocks run as written, and it names only options that exist.

Each fenced ``python`` block of the README is one test here (``pytest -v tests/test_readme.py``
lists them; the summary counts those that ran and those skipped):

- a block whose first line names a ``conftest.py`` is the README's conftest: every block that
  defines tests runs with it;
- a block that defines tests (``def test_``) runs in-process with ``pytester``, beside that
  conftest and the files the README gives (a block after ``<!-- readme-test: file PATH -->``);
  its tests must all pass (or fail as their strict ``xfail`` expects): with the lexical judge,
  no key and no network;
- any other block is executed as a script, in a temporary directory, with no key and no
  network;
- a block that cannot run here (an API key, a model file, a server) has
  ``<!-- readme-test: skip (why) -->`` right before it, and is reported skipped with that reason.

A block with no marker that cannot run fails. The options the README names (``--faith-*``,
``faith_*``) must be declared by the plugin, every declared option must have a row in a README
table, a row's default (where it gives a plain value) must be the declared one, the signatures
it writes out (``assert_faithful``, ``verify``, the metric fixtures) must be the code's, and every
link to a heading (in the README or the benchmarks' Markdown files) must find it.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import socket
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_faithful.fields import Option, PathValue, options_of
from pytest_faithful.plugin.declared import TABLE, Reports

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

_FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w+-]*)[ \t]*$")
_MARKER = re.compile(r"^<!--\s*readme-test:\s*(?P<what>.*?)\s*-->$")
_DEFINES_TESTS = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+test_", re.MULTILINE)
_CONFTEST = re.compile(r"^#\s*(?P<path>\S*conftest\.py)\b")
_FLAG = re.compile(r"(?<![#\w-])--faith-[a-z]+(?:-[a-z]+)*")
_INI_KEY = re.compile(r"\bfaith_[a-z]+(?:_[a-z]+)*\b")
_NO_KEY_VARIABLES = (
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "ANTHROPIC_BASE_URL",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
)


@dataclasses.dataclass(frozen=True)
class Block:
    """One fenced block: where it opens, its language, its text (indent removed) and the
    ``readme-test`` marker right before it, if any."""

    line: int
    lang: str
    text: str
    marker: str | None

    @property
    def id(self) -> str:
        return f"README.md:{self.line}"

    @property
    def skip_reason(self) -> str | None:
        if self.marker is None or not self.marker.startswith("skip"):
            return None
        reason = re.fullmatch(r"skip\s*\((?P<why>[^)]+)\)", self.marker)
        if reason is None:
            raise ValueError(f"{self.id}: write the marker as 'skip (why it cannot run here)'")
        return reason["why"]

    @property
    def file(self) -> str | None:
        """The path a ``file PATH`` marker gives the block's text."""
        if self.marker is None or not self.marker.startswith("file "):
            return None
        return self.marker.removeprefix("file ").strip()

    @property
    def conftest(self) -> str | None:
        found = _CONFTEST.match(self.text)
        return found["path"] if found else None


def fenced_blocks(text: str) -> list[Block]:
    """Every fenced block of a Markdown text, in order."""
    lines = text.splitlines()
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        opening = _FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        indent = opening["indent"]
        end = index + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        if end == len(lines):
            raise ValueError(f"README.md:{index + 1}: a code fence is never closed")
        body = [line.removeprefix(indent) for line in lines[index + 1 : end]]
        before = next((line.strip() for line in reversed(lines[:index]) if line.strip()), "")
        marker = _MARKER.match(before)
        blocks.append(
            Block(
                line=index + 1,
                lang=opening["lang"],
                text="\n".join(body) + "\n",
                marker=marker["what"] if marker else None,
            )
        )
        index = end + 1
    return blocks


BLOCKS = fenced_blocks(README.read_text(encoding="utf-8"))
PYTHON = [b for b in BLOCKS if b.lang == "python"]
CONFTESTS = [b for b in PYTHON if b.conftest is not None]
FILES = [b for b in BLOCKS if b.file is not None]


def _kind(block: Block) -> str:
    if block.skip_reason is not None:
        return "skipped"
    if block.conftest is not None:
        return "conftest"
    return "tests" if _DEFINES_TESTS.search(block.text) else "snippet"


@pytest.fixture
def offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """No key (so the default judge is lexical) and no connection beyond this machine."""
    for variable in _NO_KEY_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    connect = socket.socket.connect

    def loopback_only(sock: socket.socket, address: Any) -> None:
        host = address[0] if isinstance(address, tuple) else None
        if sock.family in (socket.AF_INET, socket.AF_INET6) and host not in (
            "127.0.0.1",
            "::1",
            "localhost",
        ):
            raise OSError(f"a README block tried to reach {address!r}: blocks run offline")
        connect(sock, address)

    monkeypatch.setattr(socket.socket, "connect", loopback_only)


def test_the_readme_has_blocks_of_every_kind() -> None:
    kinds = [_kind(block) for block in PYTHON]
    # The Quickstart's conftest, tests that use it, snippets, and blocks that cannot run here.
    assert kinds.count("conftest") == 1, [b.id for b in CONFTESTS]
    assert kinds.count("tests") >= 5
    assert kinds.count("snippet") >= 2
    assert "skipped" in kinds
    for block in BLOCKS:
        if block.marker is not None:
            assert block.skip_reason is not None or block.file is not None, (
                f"{block.id}: unknown marker {block.marker!r} (skip (why) or file PATH)"
            )


@pytest.fixture(scope="module")
def test_blocks_run() -> dict[str, list[str]]:
    """The outcomes of the README's test blocks, by block id: filled by the first block test
    of this module that needs them (one in-process pytest session runs them all)."""
    return {}


@pytest.mark.parametrize("block", PYTHON, ids=[b.id for b in PYTHON])
def test_python_block(
    block: Block,
    pytester: pytest.Pytester,
    offline: None,
    test_blocks_run: dict[str, list[str]],
) -> None:
    """One README block, run as its kind says (in pytester's directory, the current one)."""
    kind = _kind(block)
    if kind == "skipped":
        pytest.skip(f"{block.id}: {block.skip_reason}")
    if kind == "conftest":
        # It runs with every test block (below); here it must at least compile.
        compile(block.text, block.id, "exec")
        return
    if kind == "snippet":
        code = compile(block.text, block.id, "exec")
        exec(code, {"__name__": "readme_snippet"})
        return
    if not test_blocks_run:
        test_blocks_run.update(_run_test_blocks(pytester))
    outcomes = test_blocks_run[block.id]
    ran = outcomes.count("passed") + outcomes.count("xfailed")
    problems = [o for o in outcomes if o not in ("passed", "xfailed")]
    assert not problems, f"{block.id}: the README's tests do not all pass as written: " + (
        "\n".join(problems)
    )
    assert ran >= 1, f"{block.id}: none of the README's tests in this block ran"


def _module(block: Block) -> str:
    return f"tests/test_readme_line{block.line}.py"


def _run_test_blocks(pytester: pytest.Pytester) -> dict[str, list[str]]:
    """Every test block as a module under tests/, beside the README's conftest and files, in
    one in-process session; each block's outcomes ('passed', 'xfailed', or what went wrong)."""
    pytester.makeini(
        "[pytest]\n"
        "xfail_strict = true\n"
        "asyncio_default_fixture_loop_scope = function\n"
        "filterwarnings = error\n"
    )
    blocks = [b for b in PYTHON if _kind(b) == "tests"]
    written = [(c.conftest, c.text) for c in CONFTESTS] + [(f.file, f.text) for f in FILES]
    written += [(_module(b), b.text) for b in blocks]
    for name, text in written:
        path = pytester.path / str(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    recorded = pytester.inline_run("-p", "no:cacheprovider", *(_module(b) for b in blocks))
    outcomes: dict[str, list[str]] = {b.id: [] for b in blocks}
    by_module = {_module(b): b.id for b in blocks}
    for report in recorded.getreports("pytest_collectreport"):
        if report.failed:
            block = by_module.get(report.nodeid.split("::")[0], "README.md")
            outcomes.setdefault(block, []).append(f"collection error: {report.longreprtext}")
    for report in recorded.getreports("pytest_runtest_logreport"):
        block = by_module[report.nodeid.split("::")[0]]
        if report.when == "call" and report.passed and not hasattr(report, "wasxfail"):
            outcomes[block].append("passed")
        elif report.skipped and hasattr(report, "wasxfail"):
            outcomes[block].append("xfailed")
        elif report.failed or report.skipped or hasattr(report, "wasxfail"):
            outcomes[block].append(f"{report.nodeid} {report.when}: {report.longreprtext}")
    return outcomes


# --- options, ini keys, defaults and links -------------------------------------------------


def _declared() -> dict[str, tuple[Option, object]]:
    """Every option the plugin declares: its flag -> (declaration, default)."""
    found: dict[str, tuple[Option, object]] = {}
    for settings in TABLE:
        for field, declared in options_of(settings):
            if field.default is not dataclasses.MISSING:
                default: object = field.default
            elif field.default_factory is not dataclasses.MISSING:
                default = field.default_factory()
            else:  # pragma: no cover - every option has a default
                default = None
            found[declared.flag] = (declared, default)
    return found


DECLARED = _declared()
TEXT = README.read_text(encoding="utf-8")


def test_every_option_the_readme_names_exists() -> None:
    named = set(_FLAG.findall(TEXT))
    assert named, "the README names no --faith-* option"
    unknown = sorted(named - set(DECLARED))
    assert not unknown, f"the README names options the plugin does not have: {unknown}"
    ini_keys = {d.dest for d, _ in DECLARED.values() if d.ini}
    unknown_ini = sorted(set(_INI_KEY.findall(TEXT)) - ini_keys)
    assert not unknown_ini, f"the README names ini keys the plugin does not have: {unknown_ini}"


def _tables(text: str) -> Iterator[tuple[list[str], list[list[str]]]]:
    """Each Markdown table outside code blocks: its header cells and its rows' cells."""
    rows: list[str] = []
    for line in [*_outside_code(text).splitlines(), ""]:
        if line.lstrip().startswith("|"):
            rows.append(line.strip())
            continue
        if len(rows) >= 2:
            cells = [_cells(row) for row in rows]
            yield cells[0], cells[2:]
        rows = []


def _cells(row: str) -> list[str]:
    return [c.strip() for c in re.split(r"(?<!\\)\|", row.strip().strip("|"))]


def _outside_code(text: str) -> str:
    return re.sub(r"^[ \t]*```.*?^[ \t]*```[ \t]*$", "", text, flags=re.MULTILINE | re.DOTALL)


def _same(shown: str, default: object) -> bool:
    if isinstance(default, bool):
        return shown.lower() == str(default).lower()
    if isinstance(default, (int, float)):
        try:
            return float(shown) == float(default)
        except ValueError:
            return False
    return shown == str(default)


def test_every_option_has_a_table_row_with_its_ini_key_and_default() -> None:
    rows: dict[str, list[dict[str, str]]] = {}
    for header, body in _tables(TEXT):
        for cells in body:
            flags = _FLAG.findall(" ".join(cells))
            if flags:
                rows.setdefault(flags[0], []).append(dict(zip(header, cells, strict=False)))
    missing = sorted(set(DECLARED) - set(rows))
    assert not missing, f"options with no row in a README table: {missing}"
    wrong = []
    for flag, (declared, default) in DECLARED.items():
        for cells in rows[flag]:
            if "ini" in cells:
                ini = cells["ini"]
                if declared.ini and declared.dest not in ini:
                    wrong.append(f"{flag}: ini cell {ini!r} does not name {declared.dest}")
                if not declared.ini and ini:
                    wrong.append(f"{flag}: has no ini key, but the table gives {ini!r}")
            shown = cells.get("default", "")
            plain = re.match(r"`([^`]+)`", shown)
            if plain is not None and not _same(plain[1], default):
                wrong.append(f"{flag}: README default {plain[1]!r}, the code's {default!r}")
            if shown in ("off", "none") and default not in (False, None, ()):
                wrong.append(f"{flag}: README default {shown!r}, the code's {default!r}")
    assert not wrong, "\n".join(wrong)


def test_the_help_of_every_path_option_says_what_its_ini_path_is_relative_to() -> None:
    # README, Settings and precedence: "CLI paths are relative to the current directory, ini
    # paths to the ini file's folder (else the rootdir)"; --help said "relative to the
    # rootdir" and ".faith-cache in the rootdir" for --faith-cache-dir, whose cache is beside
    # the ini file when the rootdir is elsewhere (--rootdir, -c).
    assert "ini paths to the ini file's folder (else the rootdir)" in " ".join(TEXT.split())
    wrong = []
    for flag, (declared, _) in DECLARED.items():
        if not isinstance(declared.kind, (PathValue, Reports)) or not declared.ini:
            continue
        if "relative to the ini file" not in (declared.ini_help or ""):
            wrong.append(f"{flag}: ini help {declared.ini_help!r}")
        shown = declared.shown_default or ""
        if "rootdir" in shown and "beside the ini file" not in shown:
            wrong.append(f"{flag}: --help default {shown!r}")
    assert not wrong, "\n".join(wrong)


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = _outside_code(path.read_text(encoding="utf-8"))
    return {_slug(h) for h in re.findall(r"^#{1,6}[ \t]+(.+?)[ \t]*$", text, re.MULTILINE)}


def test_every_link_to_a_heading_finds_it() -> None:
    broken = []
    for target, anchor in re.findall(r"\]\(([^)#\s]*)#([^)\s]+)\)", _outside_code(TEXT)):
        path = README if not target else ROOT / target
        if not path.is_file():
            broken.append(f"{target}#{anchor}: no such file")
        elif anchor not in _anchors(path):
            broken.append(f"{target or 'README.md'}#{anchor}: no such heading")
    for target in re.findall(r"\]\(([^)#\s:]+)\)", _outside_code(TEXT)):
        if not (ROOT / target).exists():
            broken.append(f"{target}: no such file")
    assert not broken, broken


def test_the_parser_reads_blocks_as_the_readme_writes_them() -> None:
    # The parser itself, on a small text: an indented fence, a marker, a conftest block.
    sample = textwrap.dedent(
        """\
        <!-- readme-test: skip (needs a model) -->
        ```python
        verify(answer, contexts)
        ```

        - item:

          ```python
          # tests/conftest.py
          import pytest
          ```
        <!-- readme-test: file data/x.jsonl -->
        ```json
        {"id": 1}
        ```
        """
    )
    first, second, third = fenced_blocks(sample)
    assert (first.line, first.skip_reason, _kind(first)) == (2, "needs a model", "skipped")
    assert (second.conftest, second.text) == (
        "tests/conftest.py",
        "# tests/conftest.py\nimport pytest\n",
    )
    assert (third.lang, third.file, third.text) == ("json", "data/x.jsonl", '{"id": 1}\n')


def _parameters(inside: str) -> list[tuple[str, str, object]]:
    """The parameters written between a signature's parentheses: (name, kind, default)."""
    tree = ast.parse(f"def documented({inside}): pass")
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef)
    args = function.args
    positional = args.posonlyargs + args.args
    defaults: list[object] = [inspect.Parameter.empty] * (len(positional) - len(args.defaults))
    defaults += [ast.literal_eval(d) for d in args.defaults]
    found = [(a.arg, "positional", d) for a, d in zip(positional, defaults, strict=True)]
    for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        found.append(
            (a.arg, "keyword", inspect.Parameter.empty if d is None else ast.literal_eval(d))
        )
    return found


def _actual(function: Any) -> list[tuple[str, str, object]]:
    keyword = inspect.Parameter.KEYWORD_ONLY
    return [
        (p.name, "keyword" if p.kind is keyword else "positional", p.default)
        for p in inspect.signature(function).parameters.values()
        if p.name != "self"
    ]


def _signature_in_text(name: str) -> str:
    """What the README writes between the parentheses of ``name(..., *, ...)``."""
    text = r"(?:[^()]|\(\))*"  # anything but parentheses, or an empty tuple's
    found = re.search(rf"\b{name}\((?P<inside>{text}\*,{text})\)", TEXT)
    assert found is not None, f"the README gives no signature of {name}"
    return " ".join(found["inside"].split())


def _signature_in_table(fixture: str) -> str:
    found = re.search(rf"^\| `{fixture}` [^|]*\| `\((?P<inside>[^`]*)\)`", TEXT, re.MULTILINE)
    assert found is not None, f"the README's fixture table has no row for {fixture}"
    return found["inside"]


def test_the_signatures_the_readme_gives_are_the_codes() -> None:
    from pytest_faithful import api
    from pytest_faithful.plugin.fixture import AssertFaithful
    from pytest_faithful.plugin.metric_fixture import (
        AssertReference,
        AssertRelevant,
        AssertRetrieval,
    )

    documented = {
        "assert_faithful": (_signature_in_text("assert_faithful"), AssertFaithful.__call__),
        "verify": (_signature_in_text("verify"), api.verify),
        "assert_reference": (_signature_in_table("assert_reference"), AssertReference.__call__),
        "assert_relevant": (_signature_in_table("assert_relevant"), AssertRelevant.__call__),
        "assert_retrieval": (_signature_in_table("assert_retrieval"), AssertRetrieval.__call__),
    }
    for name, (inside, function) in documented.items():
        assert _parameters(inside) == _actual(function), name
    # The awaitable forms take what the blocking ones take.
    assert _actual(AssertFaithful.aio) == _actual(AssertFaithful.__call__)
    assert _actual(api.averify) == _actual(api.verify)
