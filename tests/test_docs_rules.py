"""The games' rules documents in docs/rules/ and the code that cites them stay in step.

Each docs/rules/<game-id>.md states ``Rule id prefix: XX`` near its top and defines each rule id
once, as a bold marker at the start of a list item or paragraph (``- **XX-7** ...``). From those
files alone (no table here, so a new game needs no change in this test) the tests check that:

- every game registered by ``games`` has its rules file (and its view file in docs/views/);
- every rule id cited in the Python code (games/, bot/, render/, tests/) and every rule test
  named after an id (``test_xx_7_...``) is defined in the rules file of its prefix;
- each rules file's "Options" and "Move notation" tables agree with the engine;
- no comment or docstring points to a file outside the repository (the repository must document
  itself).

Each check is a helper that returns the problems it finds; a planted sample in ``tmp_path``
shows that every helper does find them.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from games import all_games, get_game

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs" / "rules"
VIEW_DOCS = REPO / "docs" / "views"
CODE_DIRS = ("games", "bot", "render", "tests")
EXCLUDED = ("tests/e2e/emulator/spec",)

ID = r"[A-Z]+-[A-Z]*[0-9]+[a-z]?"
DEFINITION = re.compile(rf"^(?:[-*] +|[0-9]+\. +)?\*\*({ID})\*\*", re.MULTILINE)
PREFIX_LINE = re.compile(r"^Rule id prefix: `?([A-Z]+)`?[ \t]*$", re.MULTILINE)
RULE_TEST = re.compile(r"^test_([a-z]+)_([a-z]*)([0-9]+)([a-z]?)(?:_|$)")

OUTSIDE = (
    ("a shared folder outside the repository", re.compile(r"(?<![\w-])shared/")),
    ("an absolute path of the host machine", re.compile(r"(?<![\w.-])/work/")),
    ("a rules file not under docs/rules/", re.compile(r"(?<!docs/)(?<![\w/-])rules/[\w-]+\.md")),
)
MD_MENTION = re.compile(r"(?<![\w/.<>-])((?:\.{0,2}/)?[\w./-]*\w\.md)\b")
HINTS = ("shared/", "/work/", "rules/", ".md")
"""Text that every match of :data:`OUTSIDE` and :data:`MD_MENTION` holds: a file holding none of
them points nowhere, and is not tokenized (9 files in 10; tokenizing them all took 4-19 s)."""


# -- reading the rules files ---------------------------------------------------------------------
@dataclass(frozen=True)
class RulesDoc:
    path: Path
    prefix: str | None
    ids: tuple[str, ...]  # in the order they are defined (duplicates kept, to be reported)


def read_doc(path: Path) -> RulesDoc:
    text = path.read_text(encoding="utf-8")
    prefix = PREFIX_LINE.search(text)
    return RulesDoc(path, prefix.group(1) if prefix else None, tuple(DEFINITION.findall(text)))


def rules_docs(docs_dir: Path) -> dict[str, RulesDoc]:
    """Game id -> its rules document (every ``*.md`` but the README)."""
    return {p.stem: read_doc(p) for p in sorted(docs_dir.glob("*.md")) if p.name != "README.md"}


def doc_problems(docs: dict[str, RulesDoc]) -> list[str]:
    """A missing or shared prefix, ids of another prefix, ids defined twice, no ids at all."""
    out = []
    owners: dict[str, str] = {}
    for game_id, doc in docs.items():
        if doc.prefix is None:
            out.append(f"{game_id}: no 'Rule id prefix: XX' line")
            continue
        if doc.prefix in owners:
            out.append(f"{game_id}: prefix {doc.prefix} is already {owners[doc.prefix]}'s")
        owners[doc.prefix] = game_id
        if not doc.ids:
            out.append(f"{game_id}: defines no rule id")
        for rule_id in doc.ids:
            if not rule_id.startswith(doc.prefix + "-"):
                out.append(f"{game_id}: {rule_id} does not have the prefix {doc.prefix}")
        seen: set[str] = set()
        for rule_id in doc.ids:
            if rule_id in seen:
                out.append(f"{game_id}: {rule_id} is defined twice")
            seen.add(rule_id)
    return out


def defined_by_prefix(docs: dict[str, RulesDoc]) -> dict[str, set[str]]:
    return {d.prefix: set(d.ids) for d in docs.values() if d.prefix is not None}


def missing_docs(game_ids: Iterable[str], docs_dir: Path) -> list[str]:
    return [g for g in game_ids if not (docs_dir / f"{g}.md").is_file()]


# -- reading the code ----------------------------------------------------------------------------
def python_files(root: Path) -> list[Path]:
    out = []
    for top in CODE_DIRS:
        for path in sorted((root / top).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if not any(rel == e or rel.startswith(e + "/") for e in EXCLUDED):
                out.append(path)
    return out


def cited_ids(text: str, prefixes: Iterable[str]) -> set[str]:
    names = "|".join(sorted(map(re.escape, prefixes)))
    if not names:
        return set()
    return set(re.findall(rf"\b(?:{names})-[A-Z]*[0-9]+[a-z]?\b", text))


def undefined_citations(files: Iterable[Path], root: Path, defined: dict[str, set[str]]) -> list[str]:
    """``path:line: ID`` for each cited id that its prefix's rules file does not define."""
    known = set().union(*defined.values()) if defined else set()
    out = []
    for path in files:
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            for rule_id in sorted(cited_ids(line, defined) - known):
                out.append(f"{path.relative_to(root).as_posix()}:{number}: {rule_id}")
    return out


def rule_test_id(name: str, prefixes: Iterable[str]) -> str | None:
    """``test_mi_c3_talk`` -> ``MI-C3`` when ``MI`` is a known prefix, else None."""
    match = RULE_TEST.match(name)
    if not match or match.group(1).upper() not in set(prefixes):
        return None
    prefix, letters, number, suffix = match.groups()
    return f"{prefix.upper()}-{letters.upper()}{number}{suffix}"


def unknown_rule_tests(files: Iterable[Path], root: Path, defined: dict[str, set[str]]) -> list[str]:
    """``path:line: test_name -> ID`` for rule tests whose id is not defined."""
    known = set().union(*defined.values()) if defined else set()
    out = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                rule_id = rule_test_id(node.name, defined)
                if rule_id is not None and rule_id not in known:
                    rel = path.relative_to(root).as_posix()
                    out.append(f"{rel}:{node.lineno}: {node.name} -> {rule_id}")
    return out


def comment_and_docstring_lines(source: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of every comment and of every line of a bare string statement
    (module, class and function docstrings, and the docstrings placed under constants)."""
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.start[0], tok.string
    lines = source.splitlines()
    for node in statements(ast.parse(source)):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            end = node.end_lineno or node.lineno
            for number in range(node.lineno, end + 1):
                yield number, lines[number - 1]


def statements(tree: ast.AST) -> Iterator[ast.AST]:
    """Every statement of ``tree`` (a bare string is one), at any depth: only the statement
    lists are walked, not the expressions (most of the nodes), which hold no statement."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                todo.extend(block)


@functools.cache
def _md_names(root: Path) -> frozenset[str]:
    return frozenset(p.name for p in root.rglob("*.md") if ".git" not in p.parts)


def _md_exists(mention: str, path: Path, root: Path) -> bool:
    if "/" not in mention:
        return mention in _md_names(root)
    relative = mention.lstrip("./") if mention.startswith("./") else mention
    return any(
        (base / relative).resolve().is_file() and (base / relative).resolve().is_relative_to(root)
        for base in (root, path.parent)
    )


def outside_pointers(files: Iterable[Path], root: Path) -> list[str]:
    """``path:line: why | text`` for comments and docstrings that point outside the repository:
    a shared folder, a machine path, a rules file not under docs/rules/, or a Markdown file that
    the repository does not hold (such as a design document kept elsewhere)."""
    out = []
    for path in files:
        rel = path.relative_to(root).as_posix()
        source = path.read_text(encoding="utf-8")
        if not any(hint in source for hint in HINTS):
            continue
        seen: set[int] = set()
        for number, text in sorted(comment_and_docstring_lines(source)):
            if number in seen:
                continue
            why = [label for label, pattern in OUTSIDE if pattern.search(text)]
            why += [
                f"{m} is not in the repository"
                for m in MD_MENTION.findall(text)
                if not _md_exists(m, path, root)
            ]
            if why:
                seen.add(number)
                out.append(f"{rel}:{number}: {'; '.join(why)} | {text.strip()}")
    return out


def table_rows(text: str, heading: str) -> list[list[str]]:
    """Cells of the table under ``## heading`` (header and separator rows left out)."""
    match = re.search(rf"^## {re.escape(heading)}[ \t]*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not match:
        return []
    rows = [line for line in match.group(1).splitlines() if line.startswith("|")]
    return [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows[2:]]


def code_spans(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def registered_ids() -> list[str]:
    """Games registered by the ``games`` package itself (tests may register toy games)."""
    return [g.id for g in all_games() if type(g).__module__.startswith("games.")]


# -- the repository ------------------------------------------------------------------------------
DOC_IDS = sorted(p.stem for p in DOCS.glob("*.md") if p.name != "README.md")


def test_every_registered_game_has_a_rules_file_and_a_view_file() -> None:
    ids = registered_ids()
    assert ids
    assert missing_docs(ids, DOCS) == []
    assert missing_docs(ids, VIEW_DOCS) == []


def test_every_view_file_is_a_registered_games() -> None:
    ids = registered_ids()
    assert [p.stem for p in sorted(VIEW_DOCS.glob("*.md"))
            if p.name != "README.md" and p.stem not in ids] == []


def test_rules_files_state_a_prefix_and_define_ids_once() -> None:
    docs = rules_docs(DOCS)
    assert docs, "docs/rules/ holds no rules file"
    assert doc_problems(docs) == []


def test_every_cited_rule_id_is_defined() -> None:
    defined = defined_by_prefix(rules_docs(DOCS))
    assert undefined_citations(python_files(REPO), REPO, defined) == []


def test_every_rule_test_is_named_after_a_defined_id() -> None:
    defined = defined_by_prefix(rules_docs(DOCS))
    files = [p for p in python_files(REPO) if p.parts[len(REPO.parts)] == "tests"]
    assert unknown_rule_tests(files, REPO, defined) == []


def test_no_comment_or_docstring_points_outside_the_repository() -> None:
    problems = outside_pointers(python_files(REPO), REPO)
    assert problems == [], "\n".join(problems)


def test_rules_files_point_nowhere_outside_the_repository() -> None:
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        assert [label for label, pattern in OUTSIDE if pattern.search(text)] == [], path.name
        assert not re.search(r"seeds/|design\.md", text), path.name


@pytest.mark.parametrize("game_id", DOC_IDS)
def test_options_table_matches_the_engine(game_id: str) -> None:
    game = get_game(game_id)
    rows = table_rows((DOCS / f"{game_id}.md").read_text(encoding="utf-8"), "Options")
    documented = {code_spans(row[0])[0]: row for row in rows if code_spans(row[0])}
    assert sorted(documented) == sorted(o.name for o in game.options)
    for option in game.options:
        _, values, default, _meaning = documented[option.name]
        if isinstance(option.default, bool):  # a yes/no option
            assert {"yes", "no"} <= set(code_spans(values)), option.name
            assert code_spans(default) == ["yes" if option.default else "no"], option.name
            continue
        if option.choices:
            assert code_spans(values) == list(option.choices), option.name
        if option.default is not None:
            assert code_spans(default) == [str(option.default)], option.name


@pytest.mark.parametrize("game_id", DOC_IDS)
def test_notation_examples_are_canonical_moves(game_id: str) -> None:
    game = get_game(game_id)
    rows = table_rows((DOCS / f"{game_id}.md").read_text(encoding="utf-8"), "Move notation")
    assert rows, "no Move notation table"
    for _action, texts, example in rows:
        verbs = {t.split()[0] for t in code_spans(texts)}
        for move in code_spans(example):
            assert game.parse(move) == move
            assert move.split()[0] in verbs, move


def test_notation_covers_every_verb_a_simulated_game_plays() -> None:
    """Each sample table of each registered game, played by its computers (medium level)."""
    from games.records import simulate

    for game in all_games():
        if type(game).__module__.startswith("games."):
            rows = table_rows((DOCS / f"{game.id}.md").read_text(encoding="utf-8"),
                              "Move notation")
            verbs = {t.split()[0] for row in rows for t in code_spans(row[1])}
            for sample in game.samples():
                record = simulate(game.id, sample.players, 1, dict(sample.options), None)
                played = {m["move"].split()[0] for m in record["moves"]}
                assert played <= verbs, (game.id, sample)


# -- every helper finds what it looks for ---------------------------------------------------------
def _plant(tmp_path: Path) -> tuple[Path, Path]:
    docs = tmp_path / "docs" / "rules"
    docs.mkdir(parents=True)
    (docs / "zz-game.md").write_text(
        "# Zz\n\nRule id prefix: ZZ\n\n- **ZZ-1** fine.\n- **ZZ-C1** fine.\n"
        "ZZ-2 is mentioned without a bold marker, so it is not defined.\n"
        "- **ZZ-1** defined twice.\n- **YY-1** another game's id.\n",
        encoding="utf-8",
    )
    (docs / "no-prefix.md").write_text("# No prefix\n\n- **QQ-1** x.\n", encoding="utf-8")
    (docs / "README.md").write_text("- [Zz](zz-game.md)\n", encoding="utf-8")
    code = tmp_path / "games" / "zz"
    code.mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    return docs, code


def test_planted_docs_problems_are_found(tmp_path: Path) -> None:
    docs_dir, _ = _plant(tmp_path)
    docs = rules_docs(docs_dir)
    assert docs["zz-game"].prefix == "ZZ" and "ZZ-2" not in docs["zz-game"].ids
    assert doc_problems(docs) == [
        "no-prefix: no 'Rule id prefix: XX' line",
        "zz-game: YY-1 does not have the prefix ZZ",
        "zz-game: ZZ-1 is defined twice",
    ]
    assert missing_docs(["zz-game", "other-game"], docs_dir) == ["other-game"]


def test_planted_undefined_citations_are_found(tmp_path: Path) -> None:
    docs_dir, code = _plant(tmp_path)
    bad = code / "engine.py"
    bad.write_text(
        '"""Rules ZZ-1 and ZZ-C1 (defined), ZZ-2 (not: no bold marker)."""\n'
        "X = 1  # ZZ-C9, and the ranges ZZ-1..ZZ-3; QQ-5 has no rules file\n"
        "\n\ndef test_zz_1_fine():\n    pass\n\n\ndef test_zz_c2_unknown():\n    pass\n\n\n"
        "def test_zz_3b_unknown():\n    pass\n\n\ndef test_zz_setup_is_no_rule_test():\n    pass\n",
        encoding="utf-8",
    )
    defined = defined_by_prefix(rules_docs(docs_dir))
    assert undefined_citations([bad], tmp_path, defined) == [
        "games/zz/engine.py:1: ZZ-2",
        "games/zz/engine.py:2: ZZ-3",
        "games/zz/engine.py:2: ZZ-C9",
    ]
    assert unknown_rule_tests([bad], tmp_path, defined) == [
        "games/zz/engine.py:9: test_zz_c2_unknown -> ZZ-C2",
        "games/zz/engine.py:13: test_zz_3b_unknown -> ZZ-3b",
    ]
    assert rule_test_id("test_zz_c1_x", ["ZZ"]) == "ZZ-C1"
    assert rule_test_id("test_zz_10b", ["ZZ"]) == "ZZ-10b"
    assert rule_test_id("test_ab_1_x", ["ZZ"]) is None


def test_planted_outside_pointers_are_found(tmp_path: Path) -> None:
    _, code = _plant(tmp_path)
    (tmp_path / "docs" / "views").mkdir()
    (tmp_path / "docs" / "views" / "README.md").write_text("# Views\n", encoding="utf-8")
    bad = code / "engine.py"
    bad.write_text(
        '"""The engine (rules: shared/rules/zz-game.md).\n'
        "\n"
        "Shapes as in docs/views/README.md; rules in docs/rules/zz-game.md or docs/rules/<game-id>.md.\n"
        '"""\n'
        "\n"
        'TEXT = "shared/ in a plain string is data, not a pointer"\n'
        "X = 1  # design.md: dealing order\n"
        '"""A constant\'s docstring: see ../shared/rules and rules/zz-game.md."""\n'
        "\n\ndef f():\n"
        '    """Emulated as the docs say (/work/elsewhere/api-docs/)."""\n'
        "    return 1  # README.md is fine\n",
        encoding="utf-8",
    )
    (tmp_path / "README.md").write_text("# Root\n", encoding="utf-8")
    found = outside_pointers([bad], tmp_path)
    assert [line.split(": ", 1)[0] for line in found] == [
        "games/zz/engine.py:1",
        "games/zz/engine.py:7",
        "games/zz/engine.py:8",
        "games/zz/engine.py:12",
    ]
    assert "design.md is not in the repository" in found[1]
    assert "a rules file not under docs/rules/" in found[2]
    assert "an absolute path of the host machine" in found[3]


def test_planted_tables_are_read(tmp_path: Path) -> None:
    text = (
        "# G\n\n## Options\n\n| option | values | default | meaning |\n|---|---|---|---|\n"
        "| `mode` | `a`, `b` | `a` | what |\n\n## Move notation\n\n| action | text | example |\n"
        "|---|---|---|\n| go | `go <n>` | `go 2` |\n| stop / wait | `stop` / `wait` | |\n"
    )
    assert table_rows(text, "Options") == [["`mode`", "`a`, `b`", "`a`", "what"]]
    assert table_rows(text, "Move notation")[1] == ["stop / wait", "`stop` / `wait`", ""]
    assert table_rows(text, "Missing") == []
