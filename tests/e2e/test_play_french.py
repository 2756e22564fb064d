"""A whole game of each game in French (issue 15): a French server (preferred locale ``fr``)
and French players play to the end by the menus, and every sentence they read — public posts,
private menus and hands, DMs, buttons and selects, and the words drawn in the images — is
French (tests/e2e/french.py), player and game names aside. The drivers are the English tests'
own (tests/e2e/test_play_helpers.py), reading the screen in French."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from games import get_game
from tests.e2e.french import assert_french, drawing_words, texts_seen
from tests.e2e.test_play_helpers import (
    OVER,
    PREFERRED,
    Words,
    assert_all_requests_valid,
    deal_with_seed,
    last_public,
    lobby_of,
    play_to_the_end,
    play_turn_by_menu,
    running_tablee,
)
from tests.e2e.test_play_maitre_des_mers import ARM

FR = Words("fr")
PLAYERS = ["Alice", "Bob"]


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path, guild_locale="fr") as app:
        yield app
    assert_all_requests_valid(discord_sim)


@pytest.mark.parametrize(("game_id", "computers", "prefer", "seed", "deal"), [
    ("master-islands", 0, PREFERRED, 7, 3),
    ("isis-osiris", 1, PREFERRED, 5, None),
    ("maitre-des-mers", 4, ARM, 5, 14),  # computers make the port empty sooner
    ("ile-des-contrebandiers", 1, PREFERRED, 3, 1),
])
async def test_a_whole_game_reads_french(discord_sim: Any, tablee: Any, game_id: str,
                                         computers: int, prefer: tuple[str, ...], seed: int,
                                         deal: int | None,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``seed``: the players' choices; ``deal``: the table's (:func:`deal_with_seed`), one of
    the shorter whole games of the deals tried (random deals gave games of 100 to 270 clicks, and
    this test 5 to 30 s); Isis & Osiris lasts as long whatever the deal."""
    if deal is not None:
        deal_with_seed(monkeypatch, deal)
    sim = discord_sim
    alice, bob = sim.user("alice", locale="fr"), sim.user("bob", locale="fr")
    users = {alice.id: alice, bob.id: bob}
    rng = random.Random(seed)

    async def turn(user: Any) -> None:
        await play_turn_by_menu(sim, user, rng, prefer=prefer, words=FR)

    with drawing_words() as drawn:
        await sim.slash(alice, "rules", game=game_id)
        await lobby_of(sim, alice, [bob], computers=computers, game=game_id, words=FR)
        await play_to_the_end(sim, users, turn, limit=600, words=FR)
    final = last_public(sim)
    assert FR(OVER) in final.content and FR("Rematch") in final.labels and final.attachments
    assert drawn, "no image was drawn"
    assert_french(texts_seen(sim) + drawn, names=[*PLAYERS, get_game(game_id).name])
