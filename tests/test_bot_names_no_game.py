"""bot/ is generic: no file of it names a game (id, name, package) or a game's own option, so a
new game is only games/<game>/, render/<game>.py and docs/rules/<game>.md."""

from __future__ import annotations

import ast
import builtins
import io
import tokenize
from pathlib import Path

from games import FIRST_OPTION, all_games

ROOT = Path(__file__).resolve().parent.parent


def words_of(source: str) -> tuple[list[str], set[str]]:
    """(texts: every string constant and comment, names: every identifier) of a module."""
    tree = ast.parse(source)
    texts = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    texts += [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline)
              if t.type == tokenize.COMMENT]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.keyword) and node.arg:
            names.add(node.arg)
    return texts, names


def game_words() -> tuple[set[str], set[str]]:
    """(phrases no text may contain, option names no string or identifier may equal)."""
    phrases: set[str] = set()
    options: set[str] = set()
    for game in all_games():
        if not type(game).__module__.startswith("games."):
            continue  # games registered by tests
        phrases |= {game.id, game.id.replace("-", "_"), game.name.lower()}
        options |= {o.name for o in game.options if o != FIRST_OPTION}
    return phrases, options


def offences(source: str, phrases: set[str], options: set[str]) -> list[str]:
    texts, names = words_of(source)
    found = [f"text names {p!r}: {t.strip()[:60]!r}" for t in texts for p in phrases
             if p in t.lower()]
    found += [f"string {t!r} is an option name" for t in texts if t in options]
    found += [f"identifier {n!r}" for n in sorted(names - set(dir(builtins)))
              if n.lower() in options or any(p.replace("-", "_") in n.lower() for p in phrases)]
    return found


def test_no_file_of_bot_names_a_game_or_its_options() -> None:
    phrases, options = game_words()
    assert phrases and options  # the registry was read
    bad = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        bad += [f"{path.relative_to(ROOT)}: {o}" for o in
                offences(path.read_text(encoding="utf-8"), phrases, options)]
    assert not bad, "bot/ must stay generic:\n" + "\n".join(bad)


def test_the_check_catches_names_options_and_comments() -> None:
    phrases, options = {"chess", "chess_960"}, {"castling"}
    sample = (
        'GAME = "chess"  # the default\n'
        "def setup(castling=None):\n"
        '    return {"castling": castling}\n'
        "# Chess rules need care\n"
        "chess_960_mode = 1\n"
    )
    found = offences(sample, phrases, options)
    assert any("'chess'" in f and "GAME" not in f for f in found)
    assert "string 'castling' is an option name" in found
    assert "identifier 'castling'" in found
    assert any("Chess rules" in f for f in found)
    assert "identifier 'chess_960_mode'" in found
    assert offences('x = "a chair"\n', phrases, options) == []
