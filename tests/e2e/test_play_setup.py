"""The bot's face in Discord before any game: commands synced where the config says, each with a
description, /play's choices coming from the registered games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games import all_games
from tests.e2e.test_play_helpers import running_tablee

COMMANDS = {"play", "move", "hand", "board", "rules", "abandon", "stats", "dms", "partner"}


async def test_global_sync_registers_every_command_with_descriptions_and_choices(
    discord_sim: Any, tmp_path: Path
) -> None:
    async with running_tablee(discord_sim, tmp_path):
        commands = {c["name"]: c for c in discord_sim.world.global_commands}
        assert set(commands) == COMMANDS
        assert discord_sim.world.guild_commands.get(discord_sim.world.guild_id, []) == []
        for command in commands.values():
            assert command["description"]
            assert all(o["description"] for o in command.get("options", []))
        play = {o["name"]: o for o in commands["play"]["options"]}
        assert [c["value"] for c in play["game"]["choices"]] == [g.id for g in all_games()]
        assert [c["value"] for c in play["mode"]["choices"]] == ["standard", "coop", "corsair"]
        assert [c["value"] for c in play["difficulty"]["choices"]] == ["easy", "medium", "hard"]
        assert [c["value"] for c in play["reserve"]["choices"]] == ["own", "common"]
        for seat_option in ("first", "corsair"):  # seat numbers, optional
            spec = play[seat_option]
            assert (spec["type"], spec["min_value"], spec["max_value"]) == (4, 1, 4)
            assert not spec.get("required")
        move = {o["name"]: o for o in commands["move"]["options"]}
        assert move["move"]["autocomplete"] is True
        # Table commands are hidden in DMs (guild context only); /rules and /dms work anywhere.
        for name, command in commands.items():
            in_dms = name in ("rules", "dms")
            assert command.get("dm_permission", True) is in_dms, name
            assert (command.get("contexts") in (None, [0, 1, 2])) if in_dms else (
                command.get("contexts") in (None, [0])), (name, command.get("contexts"))


async def test_guild_sync_registers_only_in_the_dev_guild(discord_sim: Any, tmp_path: Path) -> None:
    guild = discord_sim.world.guild_id
    async with running_tablee(discord_sim, tmp_path, sync="guild", dev_guild_id=guild):
        assert discord_sim.world.global_commands == []
        names = {c["name"] for c in discord_sim.world.guild_commands[guild]}
        assert names == COMMANDS


async def test_sync_off_registers_nothing(discord_sim: Any, tmp_path: Path) -> None:
    async with running_tablee(discord_sim, tmp_path, sync="off"):
        assert discord_sim.world.global_commands == []
        assert not discord_sim.world.guild_commands.get(discord_sim.world.guild_id)
