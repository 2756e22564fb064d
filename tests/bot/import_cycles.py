"""Import cycles among the modules of one package (default: bot/adapter), counting every import:
top-level, inside functions and under ``if TYPE_CHECKING:`` alike.

``python -m tests.bot.import_cycles [package dir]`` prints one cycle a line (none: nothing).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, package: str, root: Path = ROOT) -> set[str]:
    """The modules of ``package`` that the file at ``path`` imports, wherever the import is."""
    here = module_name(path, root)
    base = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                module = ".".join(anchor + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}  # from . import x
    return {m for m in found if m == package or m.startswith(package + ".")}


def graph(directory: Path, root: Path = ROOT) -> dict[str, set[str]]:
    """module -> the modules of the same package it imports."""
    package = module_name(directory / "__init__.py", root)
    modules = {module_name(p, root): p for p in sorted(directory.rglob("*.py"))}
    return {name: {m for m in imports(path, package, root) if m in modules and m != name}
            for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(out)


def main(argv: list[str]) -> int:
    directory = Path(argv[0]) if argv else ROOT / "bot" / "adapter"
    found = cycles(graph(directory.resolve()))
    for component in found:
        print(f"cycle of {len(component)}: " + " ".join(component))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
