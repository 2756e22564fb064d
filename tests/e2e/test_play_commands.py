"""/play <game> is built from a game's declarations alone: option names that are not Python
identifiers (or are keywords) keep their Discord name, and the callback gets the game's names
back. No emulator needed: the command's payload and a direct call."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands

from bot.adapter.lobby import game_commands
from games import Option
from tests.e2e.toy_game import ToyRounds


class OddNames(ToyRounds):
    id = "odd-names"
    name = "Odd Names"
    options = (
        Option("max-rounds", None, 2, "A dash in the name.", kind="number", minimum=1, maximum=9),
        Option("class", ("a", "b"), "a", "A Python keyword."),
        Option("interaction", None, False, "The callback's own parameter name.", kind="yesno"),
    )


def test_odd_option_names_keep_their_discord_names_and_reach_the_lobby(
    monkeypatch: Any,
) -> None:
    group = game_commands.play_group([OddNames()])
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = group.to_dict(tree)
    (sub,) = payload["options"]
    assert sub["name"] == "odd-names" and sub["description"] == "Odd Names (2–6 players)"
    shown = {o["name"]: o for o in sub["options"]}
    assert list(shown) == ["max-rounds", "class", "interaction"]
    assert (shown["max-rounds"]["min_value"], shown["max-rounds"]["max_value"]) == (1, 9)
    assert [c["value"] for c in shown["class"]["choices"]] == ["a", "b"]
    assert shown["interaction"]["type"] == 5

    received: list[dict[str, Any]] = []

    async def open_lobby(interaction: Any, game: Any, options: dict[str, Any]) -> None:
        received.append(options)

    monkeypatch.setattr(game_commands, "open_lobby", open_lobby)
    command = group.get_command("odd-names")
    params = {p.display_name: p.name for p in command.parameters}

    kwargs = {params["max-rounds"]: 3, params["class"]: "b", params["interaction"]: None}
    asyncio.run(command.callback(object(), **kwargs))
    assert received == [{"max-rounds": 3, "class": "b"}]
