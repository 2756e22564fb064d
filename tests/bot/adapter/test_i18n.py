"""Every user-facing string of the Discord adapter goes through the one translation helper.

Read from the source: a bare string literal (or f-string) given to Discord as a message,
label, placeholder or description is a string a translation could never reach."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import bot.adapter

ADAPTER = Path(bot.adapter.__file__).parent
TEXT_KEYWORDS = {"content", "label", "placeholder", "description", "name"}
TEXT_CALLS = {"send_message", "send", "edit_original_response", "edit_message", "edit",
              "Refusal", "reply_private", "describe",
              "respond", "respond_all", "followup", "edit_original"}  # bot/adapter/kit/send.py
NOT_TEXT = {"name"}  # Choice(name=…) and command names are identifiers unless said otherwise


def _literal(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip()
    )


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def bare_strings(source: str) -> list[tuple[int, str]]:
    """(line, text) of string literals passed as user-facing text without ``_()``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or _call_name(node) == "_":
            continue
        name = _call_name(node)
        args = [a for a in node.args if name in TEXT_CALLS]
        for kw in node.keywords:
            if kw.arg in TEXT_KEYWORDS - NOT_TEXT or (name == "describe" and kw.arg):
                args.append(kw.value)
        for arg in args:
            if _literal(arg):
                found.append((node.lineno, ast.unparse(arg)))
    return found


def test_the_checker_finds_a_bare_description() -> None:
    source = 'x = app_commands.command(name="play", description="Open a table")\n'
    assert bare_strings(source) == [(1, "'Open a table'")]
    assert bare_strings('send_message(_("Hi"), ephemeral=True)\n') == []


def test_adapter_strings_go_through_the_translation_helper() -> None:
    bare = {
        f"{path.name}:{line}: {text}"
        for path in sorted(ADAPTER.glob("*.py"))
        for line, text in bare_strings(path.read_text())
    }
    assert not bare, "\n".join(sorted(bare))


def test_the_helper_is_the_one_from_i18n() -> None:
    """A module with its own ``_`` would slip past a translation added in i18n.py."""
    for path in sorted(ADAPTER.glob("*.py")):
        source = path.read_text()
        if path.name == "i18n.py" or not re.search(r"(?<![\w.])_\(", source):
            continue
        assert re.search(r"^from \.i18n import .*(?<![\w])_(?![\w])", source, re.M), path.name
