"""/play <game>'s seat options (first player, corsair seat) reach the game; a game's subcommand
offers only its own options, and a cross-check the game makes is refused privately in its words."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_helpers import (
    TURN,
    assert_all_requests_valid,
    lobby_of,
    running_tablee,
    table_post,
)


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


@pytest.mark.parametrize(("game", "option"), [
    ("master-islands", {"reserve": "own"}),
    ("isis-osiris", {"corsair": 2}),
    ("isis-osiris", {"difficulty": "hard"}),
])
async def test_options_a_game_lacks_are_not_offered_at_all(
    discord_sim: Any, tablee: Any, game: str, option: dict[str, Any]
) -> None:
    """Each game's subcommand has only its own options: Discord would not send another."""
    with pytest.raises(LookupError, match=f"has no option {next(iter(option))!r}"):
        await discord_sim.slash(discord_sim.user("alice"), f"play {game}", **option)


async def test_an_option_outside_its_mode_is_refused_privately_in_the_games_words(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    reply = await sim.slash(alice, "play master-islands", corsair=2)
    assert reply.ephemeral and "Option 'corsair' only applies to corsair mode" in reply.content
    assert not sim.public()  # no lobby was opened
    assert (await sim.slash(alice, "hand")).content == "No game here. Start one with /play."


async def test_first_and_corsair_seats_are_used(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    lobby = await sim.slash(alice, "play master-islands", mode="corsair", corsair=1,
                            first=3, difficulty="easy")
    for text in ("Mode: corsair", "Corsair seat: 1", "First player: 3", "Difficulty: easy"):
        assert text in lobby.content, text
    for user in (bob, carol):
        await sim.click(user, lobby, label="Join")
    assert "3. Carol" in lobby.content
    await sim.click(alice, lobby, label="Start")
    post = table_post(sim)
    assert [int(u) for u in TURN.findall(post.content)] == [carol.id]
    assert "Carol (seat 3) to move" not in post.content  # said once: on her line


async def test_first_works_for_isis_osiris_too(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game="isis-osiris", first=2)
    assert [int(u) for u in TURN.findall(table_post(sim).content)] == [bob.id]
