"""/play's seat options `first` and `corsair`, and options a game lacks refused privately in
the game's own words."""

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


@pytest.mark.parametrize(("game", "option", "sentence"), [
    ("master-islands", {"reserve": "own"}, "Master Islands has no option 'reserve'"),
    ("isis-osiris", {"corsair": 2}, "Isis & Osiris has no option 'corsair'"),
    ("master-islands", {"corsair": 2}, "Option 'corsair' only applies to corsair mode"),
    ("isis-osiris", {"difficulty": "hard"}, "Isis & Osiris has no option 'difficulty'"),
])
async def test_options_a_game_lacks_are_refused_privately_in_its_words(
    discord_sim: Any, tablee: Any, game: str, option: dict[str, Any], sentence: str
) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    reply = await sim.slash(alice, "play", game=game, **option)
    assert reply.ephemeral and sentence in reply.content, reply.content
    assert not sim.public()  # no lobby was opened
    assert (await sim.slash(alice, "hand")).content == "No game here. Start one with /play."


async def test_first_and_corsair_seats_are_used(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    lobby = await sim.slash(alice, "play", game="master-islands", mode="corsair", corsair=1,
                            first=3)
    assert "corsair: 1" in lobby.content and "first: 3" in lobby.content
    for user in (bob, carol):
        await sim.click(user, lobby, label="Join")
    assert "3. Carol" in lobby.content
    await sim.click(alice, lobby, label="Start")
    post = table_post(sim)
    assert [int(u) for u in TURN.findall(post.content)] == [carol.id]
    assert "Carol (seat 3) to move" in post.content


async def test_first_works_for_isis_osiris_too(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game="isis-osiris", first=2)
    assert [int(u) for u in TURN.findall(table_post(sim).content)] == [bob.id]
