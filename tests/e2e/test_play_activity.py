"""Open table: the table post's button that launches the Activity, only when it is configured;
pressing it answers with LAUNCH_ACTIVITY (no message), which puts the presser in the Activity of
the table's own channel or thread: the channel the Activity's page then opens the table of."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import ActivityConfig, WebConfig
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    playing,
    running_tablee,
    table_post,
)
from tests.e2e.toy_game import TOY_ID, register_toy

OPEN = "Open table"


def activity_settings(sim: Any) -> dict[str, Any]:
    return {"web": WebConfig(listen="127.0.0.1:0", public_url="https://tables.example.org"),
            "activity": ActivityConfig(client_id=sim.world.application_id,
                                       client_secret=sim.client_secret)}


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path, request: Any) -> AsyncIterator[Any]:
    register_toy()
    place, configured = request.param
    if configured:  # the owner turned Activities on in the developer portal first
        discord_sim.enable_activities()
    settings = activity_settings(discord_sim) if configured else {}
    async with running_tablee(discord_sim, tmp_path, tables_place=place, **settings) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def started(sim: Any) -> tuple[Any, Any]:
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await sim.slash(alice, f"play {TOY_ID}")
    await sim.click(bob, lobby, label="Join")
    await sim.click(alice, lobby, label="Start")
    return alice, bob


@pytest.mark.parametrize("tablee", [("channel", False)], indirect=True)
async def test_no_open_table_button_without_the_activity(discord_sim: Any, tablee: Any) -> None:
    await started(discord_sim)
    post = table_post(discord_sim)
    assert "My hand / Play" in post.labels and OPEN not in post.labels


@pytest.mark.parametrize("tablee", [("channel", True)], indirect=True)
async def test_a_launch_discord_refuses_gets_a_sentence(discord_sim: Any, tablee: Any) -> None:
    """The application lost its Activity (turned off in the portal): Discord refuses the
    launch, and the presser is told so privately."""
    sim = discord_sim
    alice, _bob = await started(sim)
    sim.api.activities.enabled = False
    answer = await sim.click(alice, table_post(sim), label=OPEN)
    assert answer is not None and answer.ephemeral
    assert answer.content.startswith("Discord would not open the table here.")


@pytest.mark.parametrize("tablee", [("channel", True), ("threads", True)], indirect=True)
async def test_open_table_launches_the_activity_of_the_tables_channel(
        discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    # The bot's command sync kept the Entry Point command Discord made (a bulk update without
    # it is refused with 50240, which would have stopped the bot at start-up).
    names = [(c["name"], c["type"]) for c in sim.world.global_commands]
    assert ("launch", 4) in names and ("play", 1) in names
    alice, bob = await started(sim)
    where = playing(sim)
    post = table_post(sim)
    assert OPEN in post.labels
    before = len(sim.public(where))
    assert await sim.click(bob, post, label=OPEN) is None  # no message: Discord opens it
    launched = sim.last_interaction
    assert launched.response_type == 12
    instance = launched.activity
    assert instance.channel is where and instance.users == [bob]
    await sim.click(alice, post, label=OPEN)
    assert sim.last_interaction.activity is instance and instance.users == [bob, alice]
    assert len(sim.public(where)) == before
    table = await tablee.bot.service.views.table(where.id)
    assert table is not None and table.seat_of(bob.id) is not None
    # The button survives a restart: the new process answers it the same way.
    await tablee.restart()
    await sim.click(sim.user("carol"), post, label=OPEN)
    assert sim.last_interaction.response_type == 12 and len(instance.users) == 3
