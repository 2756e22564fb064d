"""No import cycle among the project's modules (games/, i18n/, render/, bot/, benchmarks/;
``python -m tests.import_cycles`` lists them): every import counts, top-level, inside a function
or under ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
from pathlib import Path

from .import_cycles import PACKAGES, ROOT, cycles, edges, modules, report


def test_the_project_has_no_import_cycle() -> None:
    graph = edges(ROOT, PACKAGES)
    for module in ("games.base", "render.kit", "i18n", "bot.service.services",
                   "bot.adapter.posting.poster", "bot.storage.sqlite", "bot.app.cli",
                   "benchmarks.load"):
        assert module in graph, module
    assert report(graph) == []


def test_a_cycle_through_a_late_or_a_type_checking_import_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "a.py").write_text("from . import b\n", encoding="utf-8")
    (pkg / "b.py").write_text("def f():\n    from .a import x\n", encoding="utf-8")
    (pkg / "sub" / "__init__.py").write_text("from .c import C\n", encoding="utf-8")
    (pkg / "sub" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub import d\n",
        encoding="utf-8")
    (pkg / "sub" / "d.py").write_text("import pkg.sub.c as c\nfrom .. import a\n",
                                      encoding="utf-8")
    graph = edges(tmp_path, ["pkg"])
    assert cycles(graph) == [["pkg.a", "pkg.b"], ["pkg.sub.c", "pkg.sub.d"]]
    assert report(graph)[1] == "  pkg.a -> pkg.b (pkg/a.py:1)"
    assert "  pkg.b -> pkg.a (pkg/b.py:2)" in report(graph)


def unused_imports(root: Path, packages: tuple[str, ...] = ("bot",)) -> list[str]:
    """Imports made only for their side effects: a name imported and never read (unless given
    on explicitly, ``import x as x`` or in ``__all__``); listing it in a module-level tuple that
    nothing reads, to keep it imported, does not count as reading it."""
    known = modules(root, packages)
    trees = {name: ast.parse(path.read_text(encoding="utf-8"), str(path))
             for name, path in known.items()}
    # Every name some module reads, as a name, an attribute or an import.
    referenced = {n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute)
                  else n.name for tree in trees.values() for n in ast.walk(tree)
                  if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                  or isinstance(n, ast.Attribute | ast.alias)}
    bad = []
    for name, path in sorted(known.items()):
        tree = trees[name]
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        bound: dict[str, tuple[int, bool]] = {}  # name -> (line, is a module of ours)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname != alias.name:
                        bound[alias.asname or alias.name.split(".")[0]] = (node.lineno, False)
            elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
                base = here[: len(here) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                for alias in node.names:
                    if alias.asname != alias.name:
                        bound[alias.asname or alias.name] = (
                            node.lineno, f"{module}.{alias.name}" in known)
        exported = {c.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
                    for c in ast.walk(node.value) if isinstance(c, ast.Constant)}
        loads = [n for n in ast.walk(tree) if isinstance(n, ast.Name)
                 and isinstance(n.ctx, ast.Load)]
        # Names only listed in a module-level value no module reads (a tuple keeping modules
        # imported) are not used.
        kept = {id(n) for node in tree.body if isinstance(node, ast.Assign | ast.AnnAssign)
                for targets in [node.targets if isinstance(node, ast.Assign) else [node.target]]
                if not any(isinstance(t, ast.Name) and (t.id in referenced or t.id in exported)
                           for t in targets)
                for n in ast.walk(node.value or ast.Constant(None))}
        read = {n.id for n in loads if id(n) not in kept}
        for bound_name, (line, is_module) in sorted(bound.items(), key=lambda kv: kv[1]):
            if bound_name not in exported and bound_name not in read:
                what = "module never read" if is_module else "name never used"
                bad.append(f"{path.relative_to(root)}:{line}: {bound_name} ({what})")
    return bad


def test_no_module_in_bot_is_imported_for_its_side_effects() -> None:
    bad = unused_imports(ROOT)
    assert bad == [], "imported for side effects only:\n" + "\n".join(bad)


def test_a_module_kept_imported_in_a_tuple_is_found(tmp_path: Path) -> None:
    """As the adapter's client once kept the modules registering buttons imported."""
    pkg = tmp_path / "bot"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "clock.py").write_text("def offer():\n    pass\n", encoding="utf-8")
    (pkg / "hints.py").write_text("", encoding="utf-8")
    (pkg / "client.py").write_text(
        "from . import clock, hints\nfrom .clock import offer\nimport json\n"
        "from .clock import offer as offer\nMODULES = (clock, hints)\nclock.offer()\n",
        encoding="utf-8")
    assert unused_imports(tmp_path) == ["bot/client.py:1: hints (module never read)",
                                        "bot/client.py:2: offer (name never used)",
                                        "bot/client.py:3: json (name never used)"]
