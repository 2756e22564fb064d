"""The adapter's component registry: custom ids stay byte for byte what posts already carry
(buttons posted before an upgrade must keep working), every namespace is taken once, every
component is registered and comes back from its own id; the rooms loaded as extensions give the
bot exactly the slash commands and components it had before them."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.adapter
from bot import catalog
from bot.adapter.client import TableeBot
from bot.adapter.clock.clock import ClockButton
from bot.adapter.clock.substitutes import SeatAnswer, SeatButton
from bot.adapter.history.analysis import AnalysisButton
from bot.adapter.history.history import HistoryButton
from bot.adapter.kit import components
from bot.adapter.live.activity import OpenTableButton
from bot.adapter.live.live import PlayInBrowserButton
from bot.adapter.lobby import settings as st
from bot.adapter.lobby.challenge import ChallengeSelect
from bot.adapter.lobby.lobby import AddComputerSelect, LobbyButton, SettingsPage, SettingsSelect
from bot.adapter.lobby.rematch import RematchButton
from bot.adapter.lobby.server_tables import JoinFromList
from bot.adapter.notifications.notifications import NotifySelect
from bot.adapter.play import play_menu as pm
from bot.adapter.play.hints import HintButton
from bot.adapter.play.private_play import MenuButton, MenuSelect, WordsPage
from bot.adapter.play.table_buttons import TableButton
from bot.adapter.play.undo import UndoButton
from bot.adapter.rooms import EXTENSIONS
from bot.adapter.tournament.runner import TournamentButton
from bot.config import Config
from bot.service import Services
from bot.service.results import MenuEntry, Setting

CHANNEL, VERSION = 1234567890123456789, 42
ENTRIES = [MenuEntry("place B4", [("place", "Place"), ("B4", "B4")], "Place B4")]


def panel_select_ids() -> list[str]:
    setting = Setting("speed", "Speed", "How fast.", "live", "live", [("live", "live")])
    info = SimpleNamespace(channel_id=CHANNEL, version=VERSION, settings=[setting],
                           game_name="Game")
    return [spec.custom_id for spec in st.panel_page(info).selects]


def samples() -> list[tuple[Any, str]]:
    """(a component as the adapter builds it, the literal id it carried before the registry)."""
    c, v = CHANNEL, VERSION
    out: list[tuple[Any, str]] = []
    out += [(TableButton(a, c, v), f"tt:{a}:{c}:{v}") for a in ("hand", "board", "rules")]
    out.append((TableButton("describe", c, v), f"tt:describe:{c}:{v}"))  # new with the words
    out.append((WordsPage(c, v, 3), f"tp:{c}:{v}:3"))
    out += [(LobbyButton(a, c, v), f"tl:{a}:{c}:{v}")
            for a in ("join", "leave", "bot", "unbot", "start", "cancel", "settings")]
    out.append((AddComputerSelect(c, v), f"tl:level:{c}:{v}"))
    out += [(SettingsSelect(cid), cid) for cid in panel_select_ids()]
    assert panel_select_ids() == [f"ts:s:{c}:{v}:0:speed"]
    out.append((SettingsPage(c, v, 1), f"ts:p:{c}:{v}:1"))
    for kind, prefix, code in (("n", (), ""), ("n", ("place",), "place"),
                               ("p", ("place", "B4"), "place|B4")):
        cid = pm.custom_id(kind, c, v, ENTRIES, prefix, 0)
        assert cid == f"tm:{kind}:{c}:{v}:0:{code}"
        out.append((MenuButton(cid), cid))
    cid = pm.custom_id("s", c, v, ENTRIES, ("place",), 2)
    assert cid == f"tm:s:{c}:{v}:2:place"
    out.append((MenuSelect(cid), cid))
    out.append((RematchButton(c, 77), f"tm:rematch:{c}:77"))
    out.append((AnalysisButton(c, 77), f"ta:{c}:77"))
    out += [(ClockButton(a, c, v), f"tc:{a}:{c}:{v}") for a in ("skip", "take", "back", "end")]
    out.append((UndoButton(c, v), f"tu:undo:{c}:{v}"))
    out.append((HintButton(c, v), f"tk:hint:{c}:{v}"))
    out.append((HistoryButton(5, 10, None, None), "th:5:10:*:0"))
    out.append((SeatButton(c, 2, v, name="Bob"), f"ts:sit:{c}:2:{v}"))
    out += [(SeatAnswer(a, c, 9, 2, 77, v), f"tq:{a}:{c}:9:2:77:{v}") for a in ("yes", "no")]
    out.append((HistoryButton(5, 20, "isis-osiris", 7), "th:5:20:isis-osiris:7"))
    out.append((JoinFromList(c), f"tj:{c}"))
    out.append((PlayInBrowserButton(c), f"tw:browser:{c}"))
    out.append((OpenTableButton(c), f"to:open:{c}"))
    out += [(NotifySelect(f, 77), f"tn:{f}:77") for f in ("how", "live", "slow", "from", "to")]
    out += [(TournamentButton(a, 12), f"tz:{a}:12") for a in ("join", "leave", "start", "cancel")]
    out.append((ChallengeSelect(7, 0, "Bob: the 2nd"), "tx:7:0:Bob: the 2nd"))
    return out


def test_every_custom_id_is_the_one_posts_already_carry() -> None:
    for item, literal in samples():
        assert item.custom_id == literal, type(item).__name__


def test_every_id_comes_back_as_its_own_component_and_no_other() -> None:
    registered = components.namespaces().values()
    for item, literal in samples():
        matching = [cls for cls in registered
                    if cls.__discord_ui_compiled_template__.fullmatch(literal)]
        assert matching == [type(item)], literal
        match = type(item).__discord_ui_compiled_template__.fullmatch(literal)
        again = type(item).from_match(match)
        assert again.custom_id == literal
    again = HistoryButton.from_match(
        HistoryButton.__discord_ui_compiled_template__.fullmatch("th:5:10:*:0"))
    assert (again.viewer, again.offset, again.game, again.user) == (5, 10, None, None)
    again = TableButton.from_match(
        TableButton.__discord_ui_compiled_template__.fullmatch(f"tt:board:{CHANNEL}:{VERSION}"))
    assert (again.action, again.channel_id, again.version) == ("board", CHANNEL, VERSION)


def test_every_component_is_registered_under_its_own_namespace() -> None:
    defined = set()
    for info in pkgutil.walk_packages(bot.adapter.__path__, "bot.adapter."):
        module = importlib.import_module(info.name)
        defined |= {obj for _name, obj in inspect.getmembers(module, inspect.isclass)
                    if issubclass(obj, discord.ui.DynamicItem) and obj.__module__ == info.name}
    registered = components.namespaces()
    assert defined == set(registered.values())
    assert len(registered) == len(defined)  # one namespace each
    assert {type(item) for item, _literal in samples()} == defined  # each is sampled above
    for namespace, cls in registered.items():
        assert cls.namespace == namespace
        assert cls.__discord_ui_compiled_template__.pattern.startswith(re.escape(namespace))


def test_a_namespace_is_taken_once() -> None:
    with pytest.raises(ValueError, match="taken"):
        class Twin(components.Component, discord.ui.DynamicItem[discord.ui.Button],
                   namespace="tt:", template=r"twin"):
            pass


COMMANDS = [
    ("abandon", ("table",)), ("analysis", ("game",)), ("board", ("table", "text")), ("dms", ("enabled",)),
    ("hand", ("table",)), ("help", ()), ("history", ("game", "user")),
    ("leaderboard", ("game", "season")),
    ("leave", ("table",)), ("move", ("move", "table")),
    ("notifications", ("zone", "quiet_from", "quiet_to")), ("partner", ("message",)), ("play", ()),
    ("replay", ("game",)), ("rules", ("game",)), ("season", ()), ("season end", ("game",)),
    ("season list", ("game",)), ("season start", ("game", "weeks")), ("settings", ()),
    ("settings language", ("language",)), ("settings tables", ("where",)),
    ("settings tournaments", ("role",)),
    ("settings vacation", ("days",)), ("stats", ("game", "user")), ("tables", ()),
    ("tournament", ()),
    ("tournament cancel", ("tournament",)),
    ("tournament create", ("game", "fmt", "rounds", "seats", "speed", "start", "rated",
                           "fill", "options", "days")),
    ("tournament join", ("tournament",)), ("tournament leave", ("tournament",)),
    ("tournament show", ("tournament",)), ("tournament start", ("tournament",)),
    ("undo", ("table",)), ("vacation", ("days",)),
]
"""The bot's slash commands (and their options) before the rooms, besides /play <game>; then
/tournament and /settings tournaments (issue 40)."""
TEMPLATES = [
    r"ta:(?P<channel_id>\d+):(?P<game_row>\d+)",
    r"tc:(?P<action>skip|take|back|end):(?P<channel_id>\d+):(?P<version>\d+)",
    r"th:(?P<viewer>\d+):(?P<offset>\d+):(?P<game>[a-z0-9-]+|\*):(?P<user>\d+)",
    r"tj:(?P<table>\d+)",
    r"tk:hint:(?P<channel_id>\d+):(?P<version>\d+)",
    r"tl:(?P<action>join|leave|bot|unbot|start|cancel|settings):(?P<channel_id>\d+)"
    r":(?P<version>\d+)",
    r"tl:level:(?P<channel_id>\d+):(?P<version>\d+)",
    r"tm:(?P<kind>[np]):(?P<channel>\d+):(?P<version>\d+):(?P<page>\d+):(?P<code>.*)",
    r"tm:rematch:(?P<channel_id>\d+):(?P<game_row>\d+)",
    r"tm:s:(?P<channel>\d+):(?P<version>\d+):(?P<page>\d+):(?P<code>.*)",
    r"tn:(?P<field>how|live|slow|from|to):(?P<user>\d+)",
    r"to:open:(?P<channel_id>\d+)",
    r"tp:(?P<channel_id>\d+):(?P<version>\d+):(?P<page>\d+)",
    r"tq:(?P<answer>yes|no):(?P<channel_id>\d+):(?P<table>\d+):(?P<seat>\d+):(?P<user>\d+)"
    r":(?P<since>\d+)",
    r"ts:p:(?P<channel_id>\d+):(?P<version>\d+):(?P<page>\d+)",
    r"ts:s:(?P<channel>\d+):(?P<version>\d+):(?P<page>\d+):(?P<name>.+)",
    r"ts:sit:(?P<channel_id>\d+):(?P<seat>\d+):(?P<version>\d+)",
    r"tt:(?P<action>hand|board|describe|rules):(?P<channel_id>\d+):(?P<version>\d+)",
    r"tu:undo:(?P<channel_id>\d+):(?P<version>\d+)",
    r"tw:browser:(?P<channel_id>\d+)",
    r"tx:(?P<person>\d+):(?P<part>\d):(?P<name>.+)",
    r"tz:(?P<action>join|leave|start|cancel):(?P<tid>\d+)",
]
"""The custom-id templates the bot listens for (ids on posts out there): those it listened for
before the rooms, the table button's with ``describe`` added (its old ids read as before), the
board in words' pages (``tp:``), the /notifications panel's selects (``tn:``) and the tournament
post's buttons (``tz:``), the games offered to a challenger (``tx:``, issue 41)."""


async def test_the_rooms_give_the_bot_the_same_commands_and_components(
    host: Services, db_path: str,
) -> None:
    bot = TableeBot(Config(database_path=db_path, sync="off"), host)
    try:
        await bot.setup_hook()
        assert sorted(bot.extensions) == sorted(EXTENSIONS)
        commands = sorted((c.qualified_name, tuple(p.name for p in getattr(c, "parameters", [])))
                          for c in bot.tree.walk_commands())
        games = [(c, p) for c, p in commands if c.startswith("play ")]
        assert [c for c, _p in games] == sorted(
            f"play {t.game.id}" for t in catalog.table_games())
        assert [c for c in commands if c not in games] == COMMANDS
        listened = bot._connection._view_store._dynamic_items  # discord.py's own registry
        assert sorted(pattern.pattern for pattern in listened) == TEMPLATES
        assert set(listened.values()) == set(components.namespaces().values())
    finally:
        await bot.close()


ADAPTER = Path(bot.adapter.__file__).parent
ROOMS = sorted(p.parent.name for p in ADAPTER.glob("*/__init__.py")
               if p.parent.name not in ("kit", "posting"))


def test_every_room_is_an_extension_holding_only_its_setup() -> None:
    """Each room's ``extension`` module imports and defines ``setup``, nothing else: discord.py
    runs it afresh at each load, so it defines no class or state (those live beside it)."""
    assert sorted(EXTENSIONS) == [f"bot.adapter.{room}.extension" for room in ROOMS]
    for room in ROOMS:
        tree = ast.parse((ADAPTER / room / "extension.py").read_text(encoding="utf-8"))
        body = [n for n in tree.body if not isinstance(n, ast.Import | ast.ImportFrom)]
        assert isinstance(body[0], ast.Expr), room  # the docstring
        assert [type(n) for n in body[1:]] == [ast.AsyncFunctionDef], room
        assert body[1].name == "setup", room  # type: ignore[attr-defined]


def test_only_setup_adds_to_the_bot() -> None:
    """Commands, cogs and components reach the bot in a room's setup (or the client's loading
    of the rooms), never when a module is imported."""
    adding = {"add_dynamic_items", "add_cog", "add_command", "add_view", "add_listener",
              "load_extension"}

    def adds(node: ast.AST) -> list[int]:
        """Lines calling the bot (``bot``, ``client``, ``self``, a ``tree``) to add something."""
        return [c.lineno for c in ast.walk(node) if isinstance(c, ast.Call)
                and isinstance(c.func, ast.Attribute) and c.func.attr in adding
                and ast.unparse(c.func.value).rpartition(".")[2] in (
                    "bot", "client", "self", "tree")]

    bad = []
    for path in sorted(ADAPTER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name not in (
                    "setup", "load_rooms"):
                bad += [f"{path.relative_to(ADAPTER)}:{line} in {node.name}"
                        for line in adds(node)]
        bad += [f"{path.relative_to(ADAPTER)}:{line} at import" for node in tree.body
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                for line in adds(node)]
    assert bad == []
