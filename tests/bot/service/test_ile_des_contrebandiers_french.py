"""L'île des contrebandiers at a French table, through the host: a whole game against a computer
player, every public post (status, lines, board) and private note (text, menu, hand) written in
French, a refusal translated, the names in place of the seats."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

import i18n
from bot.service import Outcome, Services, errors
from games import get_game
from tests.bot.conftest import ALICE, CHANNEL, GUILD

GAME_ID = "ile-des-contrebandiers"
ENGLISH = re.compile(r"\b(the|tiles?|boats?|beam|harbour|sails|stays|rolls|white|caught|Seat|"
                     r"Island|your|You|and|is|are|to|from|lighthouse|keeper|steps?|clockwise|"
                     r"Sail|Push|Drop|Swap|Load|Stay|Via|turn|waiting|wins?|points? left)\b")
"""English words that must not reach a French player (move notation is removed first, as in
"Vous avez joué `turn ccw`.")."""
NOTATION = re.compile(r"\b(start|turn|drop|sail|push|swap|load|stay) ?(H\d|\d[a-j]|cw|ccw|<\w+>)?"
                      r"(?= ou|\)|\.|,|$| \w+ | \d[a-j]| H\d|`)")


def _read(outcome: Outcome, seen: list[str]) -> None:
    """Keep every sentence of ``outcome`` and check its images decode."""
    post = outcome.post
    if post is not None:
        assert post.language == "fr"
        seen += [post.status, *(text for text, _ in post.in_order())]
        if post.image_png:
            Image.open(io.BytesIO(post.image_png)).load()
    for note in outcome.notes:
        assert note.language == "fr"
        seen.append(note.text)
        for entry in note.menu:
            seen += [entry.label, *(label for _, label in entry.steps)]
        if note.image_png:
            Image.open(io.BytesIO(note.image_png)).load()


async def test_a_whole_french_game_reads_in_french(host: Services) -> None:
    game = get_game(GAME_ID)
    await host.languages.set_guild_language(GUILD, "fr")
    await host.languages.remember_locale(ALICE, "fr")
    await host.lobbies.create_lobby(CHANNEL, GUILD, GAME_ID, {"first": 1}, ALICE, "Zoé", seed=4)
    await host.lobbies.add_computer(CHANNEL, ALICE, "medium")
    seen: list[str] = []
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    _read(outcome, seen)
    with pytest.raises(errors.HostError) as refused:
        await host.moves.play(CHANNEL, ALICE, "sail 3a 3b 3c 3d 3e")
    assert i18n.translate(refused.value.text, "fr").startswith(
        "Placez d’abord votre bateau dans un port : start H0 … start H4.")
    rng = random.Random(4)
    for _ in range(200):
        if outcome.post is not None and outcome.post.finished:
            break
        row = await host.store.tables.get_table(CHANNEL)
        assert row is not None and row.state is not None
        move = game.bots["medium"](game, row.state, 1, rng)
        outcome = await host.moves.play(CHANNEL, ALICE, move)
        _read(outcome, seen)
    assert outcome.post is not None and outcome.post.finished, "the game did not end"
    words = "\n".join(seen)
    for french in ("Zoé (place 1) lance les dés", "Ordinateur 1 (moyen", "le rayon de lumière",
                   "marchandise", "Votre marchandise va à l’île aux "):
        assert french in words, french
    leftover = sorted({t for t in seen if ENGLISH.search(NOTATION.sub("", t))})
    assert leftover == []
