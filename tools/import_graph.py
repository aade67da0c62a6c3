"""Count the package's import graph: modules, arrows, cycles, upward arrows, pytest importers.

    python tools/import_graph.py [--layers target|before] [--no-type-checking] [--edges]

Arrow A -> B: module A imports module B (both in src/pytest_faithful) anywhere: at the top, in a
function (lazy) or under `if TYPE_CHECKING:` (dropped by --no-type-checking). `from pkg import x`
is an arrow to pkg.x when that is a module, else to pkg. importlib strings are not arrows.
Cycle: a strongly connected component of 2+ modules. Upward: to a higher layer than the
importer's (LAYERS, top first; the longest matching prefix wins; the package alone is layer 0).
"""

from __future__ import annotations

import argparse
import ast
from dataclasses import dataclass
from pathlib import Path

PKG = "pytest_faithful"
SRC = Path(__file__).resolve().parents[1] / "src"
# Layers, top first, separated by "|"; the empty first layer is the package's __init__ alone.
TARGET = (
    " | plugin | report | api testing | metrics check | rules | scoring | judges | cache"
    " | providers | models errors redaction files | text | fields vocab"
)
# The layout before the re-layout (commit fec5d5b), for --layers before --src OLD_CHECKOUT/src.
BEFORE = (
    " | plugin fixture session options option_table llm_options local_options baseline_options"
    " baseline_plugin hookspecs user_properties settings | report | api testing | verifier"
    " | evidence scoring | judges | cache | providers calls | models errors"
    " | segment redaction labels scoring_policy record_modes"
)
LAYERS = {
    name: [[f"{PKG}.{m}" if m else PKG for m in (row.split() or [""])] for row in rows]
    for name, rows in (("target", TARGET.split("|")), ("before", BEFORE.split("|")))
}


def modules(src: Path) -> dict[str, Path]:
    found = {}
    for path in sorted((src / PKG).rglob("*.py")):
        parts = path.relative_to(src).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path, known: set[str], type_checking: bool) -> set[str]:
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if (
            isinstance(node, ast.If)
            and not type_checking
            and "TYPE_CHECKING" in ast.unparse(node.test)
        ):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.update(
                f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                for a in node.names
            )
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with two or more modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = stack[stack.index(v) :]
            del stack[stack.index(v) :]
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def layer(name: str, layers: list[list[str]]) -> int:
    best = (-1, -len(layers))  # (depth of the matching prefix, -layer)
    for number, prefixes in enumerate(layers):
        for p in prefixes:
            if name == p or (p != PKG and name.startswith(p + ".")):
                best = max(best, (p.count("."), -number))
    return -best[1]


@dataclass
class Graph:
    modules: dict[str, Path]
    raw: dict[str, set[str]]  # every import, the package's and others' (pytest, pydantic...)
    arrows: list[tuple[str, str]]
    cycles: list[list[str]]
    upward: list[tuple[str, str]]
    unplaced: list[str]
    pytest_users: list[str]


def measure(src: Path = SRC, layers: str = "target", type_checking: bool = True) -> Graph:
    found = modules(src)
    raw = {n: imports(p, set(found), type_checking) for n, p in found.items()}
    graph = {n: {t for t in ts if t in found and t != n} for n, ts in raw.items()}
    arrows = sorted((a, b) for a, ts in graph.items() for b in ts)
    rows = LAYERS[layers]
    return Graph(
        modules=found,
        raw=raw,
        arrows=arrows,
        cycles=cycles(graph),
        upward=[(a, b) for a, b in arrows if layer(b, rows) < layer(a, rows)],
        unplaced=sorted(n for n in found if layer(n, rows) == len(rows)),
        pytest_users=sorted(
            n for n, ts in raw.items() if any(t.split(".")[0] == "pytest" for t in ts)
        ),
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--src", type=Path, default=SRC)
    parser.add_argument("--layers", choices=sorted(LAYERS), default="target")
    parser.add_argument("--no-type-checking", action="store_true")
    parser.add_argument("--edges", action="store_true")
    args = parser.parse_args()
    g = measure(args.src, args.layers, not args.no_type_checking)
    top = [n for n, p in g.modules.items() if p.parent == args.src / PKG and n != PKG]
    size = {n: len(p.read_text(encoding="utf-8").splitlines()) for n, p in g.modules.items()}
    print(f"modules: {len(g.modules)} ({len(top)} at the top level besides __init__)")
    print(f"import arrows: {len(g.arrows)}")
    print(f"cycles: {len(g.cycles)}" + "".join(f"\n  {' <-> '.join(c)}" for c in g.cycles))
    print(
        f"upward arrows ({args.layers}): {len(g.upward)}"
        + "".join(f"\n  {a} -> {b}" for a, b in g.upward)
    )
    print(f"in no layer: {', '.join(g.unplaced) or '-'}")
    print(f"import pytest: {', '.join(g.pytest_users)}")
    big = sorted(size, key=size.__getitem__, reverse=True)[:5]
    print("largest (lines): " + ", ".join(f"{n} {size[n]}" for n in big))
    if args.edges:
        print("\n".join(f"{a} -> {b}" for a, b in g.arrows))


if __name__ == "__main__":
    main()
