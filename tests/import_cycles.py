"""Import cycles among the modules of some packages: ``python -m tests.import_cycles [PACKAGE ...]``
(default: the whole project) prints each cycle with the import lines that close it, or "no
import cycles", and exits 1 when it found one.

Every import statement counts, wherever it is written: at the top of a module, inside a function,
under ``if TYPE_CHECKING:``. ``from a import b`` is an import of the module ``a.b`` when that is a
module, else of ``a`` (its ``__init__``). Importing ``a.b`` also runs ``a/__init__``, but that
implicit edge is left out: it is the packages' own layout, not a module reaching back for a name.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "i18n", "render", "bot", "benchmarks")

Edges = dict[str, dict[str, list[str]]]
"""module -> module it imports -> where (``path:line``), for modules of the scanned packages."""


def modules(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Dotted module name -> its file, for every ``.py`` of ``packages`` under ``root``."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """(module of ``known`` imported, line) for every import statement of one module."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # "a.b.c" of a name c in a.b: the module a.b
                target = target.rpartition(".")[0]
            if target:
                out.append((target, node.lineno))
    return out


def edges(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> Edges:
    known = modules(root, packages)
    graph: Edges = {name: {} for name in known}
    for name, path in known.items():
        for target, line in imports(name, path, known):
            where = f"{path.relative_to(root).as_posix()}:{line}"
            if target != name and where not in graph[name].get(target, []):
                graph[name].setdefault(target, []).append(where)
    return graph


def cycles(graph: Edges) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:  # iterative: a deep import chain needs no recursion limit
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(found)


def report(graph: Edges) -> list[str]:
    """One block per cycle: its modules, then each import between two of them."""
    lines = []
    for component in cycles(graph):
        members = set(component)
        lines.append("cycle: " + ", ".join(component))
        for source in component:
            for target, where in sorted(graph[source].items()):
                if target in members:
                    lines.append(f"  {source} -> {target} ({', '.join(where)})")
    return lines


def main(argv: list[str] | None = None) -> int:
    packages = (sys.argv[1:] if argv is None else argv) or list(PACKAGES)
    lines = report(edges(ROOT, packages))
    print("\n".join(lines) if lines else f"no import cycles in {', '.join(packages)}")
    return 1 if lines else 0


if __name__ == "__main__":
    raise SystemExit(main())
