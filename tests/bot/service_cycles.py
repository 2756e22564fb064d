"""Import cycles among the modules of bot/service: ``python tests/bot/service_cycles.py``.

Every import counts: top-level, inside functions and under ``TYPE_CHECKING``. Prints each
cycle (one per line, ``a -> b -> a``), or "no import cycle among N bot/service modules".
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = "bot.service"
ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The bot/service modules ``path`` imports, wherever the import statement is."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            # "from . import x, y": the submodules; "from .m import name": the module m
            subs = [f"{target}.{alias.name}" for alias in node.names]
            targets = [t for t in subs if t in modules] or [target]
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


def graph() -> dict[str, set[str]]:
    paths = sorted((ROOT / "bot" / "service").rglob("*.py"))
    modules = {module_name(p) for p in paths}
    # a package's __init__ is imported by every import of its submodules: not an edge
    return {module_name(p): imports(p, modules) - {PACKAGE} for p in paths}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each elementary cycle once (Tarjan's components, then a path inside each)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    components: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                components.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    found = []
    for comp in components:  # one cycle through the component's first module, for the record
        members = set(comp)
        start = comp[0]
        path, seen = [start], {start}
        while True:
            nxt = sorted(w for w in edges[path[-1]] if w in members)
            back = [w for w in nxt if w == start]
            if back and len(path) > 1:
                found.append([*path, start])
                break
            fresh = [w for w in nxt if w not in seen]
            if not fresh:
                found.append([*comp, "(strongly connected)"])
                break
            path.append(fresh[0])
            seen.add(fresh[0])
    return found


def main() -> int:
    edges = graph()
    found = cycles(edges)
    for cycle in found:  # one cycle per group of modules importing each other
        print(" -> ".join(m.removeprefix(PACKAGE + ".") for m in cycle))
    if not found:
        print(f"no import cycle among {len(edges)} bot/service modules")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
