"""No import cycle among the project's modules (games/, i18n/, render/, bot/, benchmarks/;
``python -m tests.import_cycles`` lists them): every import counts, top-level, inside a function
or under ``TYPE_CHECKING``."""

from __future__ import annotations

from pathlib import Path

from .import_cycles import PACKAGES, ROOT, cycles, edges, report


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
