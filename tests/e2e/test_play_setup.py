"""The bot's face in Discord before any game: commands synced where the config says, each with a
description; /play has one subcommand per registered game with exactly its options, typed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import catalog
from games import Game, Option
from tests.bot.adapter.test_installs import ADDED_SERVERS, ANY_SERVER
from tests.e2e.test_play_helpers import running_tablee

STRING, INTEGER, BOOLEAN, SUBCOMMAND = 3, 4, 5, 1

COMMANDS = {"play", "move", "hand", "board", "rules", "leave", "abandon", "stats", "leaderboard",
            "dms", "partner", "history", "replay", "analysis", "undo", "settings", "help", "tables",
            "notifications", "vacation", "season", "tournament"}

MENUS = {("Challenge to a game", 2), ("Tablée stats", 2), ("Replay", 3), ("Analysis", 3)}
"""The right-click commands: on a person (2), on a message (3)."""


async def test_global_sync_registers_every_command_with_descriptions_and_choices(
    discord_sim: Any, tmp_path: Path
) -> None:
    async with running_tablee(discord_sim, tmp_path):
        synced = discord_sim.world.global_commands
        commands = {c["name"]: c for c in synced if c.get("type", 1) == 1}
        assert set(commands) == COMMANDS
        menus = {(c["name"], c["type"]): c for c in synced if c.get("type", 1) != 1}
        assert set(menus) == MENUS
        for menu in menus.values():  # right-click commands everywhere (issue 41)
            assert menu["contexts"] == [0, 1, 2] and menu["integration_types"] == [0, 1]
        assert discord_sim.world.guild_commands.get(discord_sim.world.guild_id, []) == []
        for command in commands.values():
            assert command["description"]
            assert all(o["description"] for o in command.get("options", []))
        assert_play_matches_the_registry(commands["play"])
        rules = {o["name"]: o for o in commands["rules"]["options"]}
        assert [c["value"] for c in rules["game"]["choices"]] == [
            t.game.id for t in catalog.table_games()
        ]
        move = {o["name"]: o for o in commands["move"]["options"]}
        assert move["move"]["autocomplete"] is True
        # Every command is offered in DMs and group DMs too (issue 41), but the server-only
        # ones (guild context only).
        for name, command in commands.items():
            in_dms = name not in ADDED_SERVERS | ANY_SERVER
            assert command.get("dm_permission", True) is in_dms, name
            assert command.get("contexts") == ([0, 1, 2] if in_dms else [0]), name
            assert command.get("integration_types") == (
                [0] if name in ADDED_SERVERS else [0, 1]), name


async def test_server_only_commands_are_offered_in_servers_and_absent_in_dms(
    discord_sim: Any, tmp_path: Path
) -> None:
    """Issue 41: what each person's Discord offers, from the synced integration types and
    contexts: everything in a server that added the bot; in a server that never did, all but
    the commands of servers that added it; in a group DM, a DM between people or the bot's DM,
    none of the server-only ones."""
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    async with running_tablee(sim, tmp_path):
        offered = set(sim.commands_offered(alice))
        menus = {name for name, _kind in MENUS}  # the right-click commands: everywhere
        assert offered == COMMANDS | menus
        elsewhere = COMMANDS - ADDED_SERVERS - ANY_SERVER
        assert {"play", "move", "hand", "rules", "help"} <= elsewhere
        for channel in (sim.group_dm(alice, bob, carol), sim.dm_between(alice, bob),
                        sim.world.dm_channel(alice)):
            assert set(sim.commands_offered(alice, channel)) == elsewhere | menus, channel
        no_bot = sim.add_guild("No Bot Here", bot_member=False)
        assert set(sim.commands_offered(alice, no_bot)) == (COMMANDS - ADDED_SERVERS) | menus
        outsider = sim.user("dan", installed=False)  # without the app on their account
        assert sim.commands_offered(outsider, sim.group_dm(outsider, bob)) == []
        assert set(sim.commands_offered(outsider)) == COMMANDS | menus  # the server added it


async def test_guild_sync_registers_only_in_the_dev_guild(discord_sim: Any, tmp_path: Path) -> None:
    guild = discord_sim.world.guild_id
    async with running_tablee(discord_sim, tmp_path, sync="guild", dev_guild_id=guild):
        assert discord_sim.world.global_commands == []
        names = {c["name"] for c in discord_sim.world.guild_commands[guild]}
        assert names == COMMANDS | {name for name, _kind in MENUS}


async def test_sync_off_registers_nothing(discord_sim: Any, tmp_path: Path) -> None:
    async with running_tablee(discord_sim, tmp_path, sync="off"):
        assert discord_sim.world.global_commands == []
        assert not discord_sim.world.guild_commands.get(discord_sim.world.guild_id)


def expected_option(game: Game, opt: Option) -> dict[str, Any]:
    """What Discord must show of one game option (its type and bounds)."""
    if opt.kind == "choice":
        return {"type": STRING, "choices": list(opt.choices or ())}
    if opt.kind == "yesno":
        return {"type": BOOLEAN}
    if opt.kind == "seat":
        return {"type": INTEGER, "min_value": 1, "max_value": game.max_players}
    return {"type": INTEGER, "min_value": opt.minimum, "max_value": opt.maximum}


def assert_play_matches_the_registry(play: dict[str, Any]) -> None:
    """/play <game> for every game with a renderer; each has the game's options, optional,
    typed and bounded, described within Discord's 100 characters."""
    games = [t.game for t in catalog.table_games()]
    subcommands = {o["name"]: o for o in play["options"]}
    assert set(subcommands) == {g.id for g in games}
    for game in games:
        sub = subcommands[game.id]
        assert sub["type"] == SUBCOMMAND and game.name in sub["description"]
        assert len(sub["description"]) <= 100
        shown = {o["name"]: o for o in sub.get("options", [])}
        assert set(shown) == {o.name for o in game.options}, game.id
        for opt in game.options:
            spec = shown[opt.name]
            assert not spec.get("required")
            assert spec["description"] and len(spec["description"]) <= 100
            want = expected_option(game, opt)
            got = {"type": spec["type"], "min_value": spec.get("min_value"),
                   "max_value": spec.get("max_value"),
                   "choices": [c["value"] for c in spec.get("choices", [])]}
            assert {k: got[k] for k in want} == want, (game.id, opt.name)
