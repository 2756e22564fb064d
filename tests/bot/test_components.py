"""The adapter's component registry: custom ids stay byte for byte what posts already carry
(buttons posted before an upgrade must keep working), every namespace is taken once, every
component is registered and comes back from its own id; no import cycle in bot/adapter."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.adapter
from bot.adapter import client
from bot.adapter.clock.clock import ClockButton
from bot.adapter.clock.substitutes import SeatAnswer, SeatButton
from bot.adapter.history.analysis import AnalysisButton
from bot.adapter.history.history import HistoryButton
from bot.adapter.kit import components
from bot.adapter.live.activity import OpenTableButton
from bot.adapter.live.live import PlayInBrowserButton
from bot.adapter.lobby import settings as st
from bot.adapter.lobby.lobby import AddComputerSelect, LobbyButton, SettingsPage, SettingsSelect
from bot.adapter.lobby.rematch import RematchButton
from bot.adapter.lobby.server_tables import JoinFromList
from bot.adapter.play import play_menu as pm
from bot.adapter.play.hints import HintButton
from bot.adapter.play.private_play import MenuButton, MenuSelect
from bot.adapter.play.table_buttons import TableButton
from bot.adapter.play.undo import UndoButton
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
    assert client.COMPONENT_MODULES  # the bot imports them all


def test_a_namespace_is_taken_once() -> None:
    with pytest.raises(ValueError, match="taken"):
        class Twin(components.Component, discord.ui.DynamicItem[discord.ui.Button],
                   namespace="tt:", template=r"twin"):
            pass


def test_the_bot_listens_for_every_component() -> None:
    class Recorder:
        added: tuple[Any, ...] = ()

        def add_dynamic_items(self, *items: Any) -> None:
            self.added = items

    recorder = Recorder()
    components.install(recorder)  # type: ignore[arg-type]
    assert set(recorder.added) == set(components.namespaces().values())
