"""Master Islands and Isis & Osiris through the host in a French server with French players:
every table post, log line, private note, menu label, refusal and word drawn in the images of
a whole game is French (tests/e2e/french.py decides; names and game names aside)."""

from __future__ import annotations

from typing import Any

import pytest

import i18n
from bot.service import Outcome, Services, errors
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import play_to_end
from tests.e2e.french import assert_french, drawing_words

NAMES = ["Alice", "Bob", "Master Islands", "Isis & Osiris"]
BAD = {"master-islands": "sail 3 N", "isis-osiris": "pawn Z9"}


def _read(outcomes: list[Outcome]) -> list[str]:
    """What the channel and the two players read along the game."""
    texts: list[str] = []
    for outcome in outcomes:
        if outcome.post is not None:
            assert outcome.post.language == "fr"
            texts += [outcome.post.status, *(line for line, _ in outcome.post.in_order())]
        for note in outcome.notes:
            assert note.language == "fr"
            texts.append(note.text)
            for entry in note.menu:
                texts += [entry.label, *(label for _, label in entry.steps)]
    return texts


@pytest.mark.parametrize(("game_id", "options", "players"), [
    ("master-islands", {"mode": "corsair", "difficulty": "hard"}, 3),
    ("master-islands", {"mode": "coop"}, 4),
    ("isis-osiris", {"reserve": "common"}, 3),
])
async def test_a_whole_game_reads_in_french(
        host: Services, game_id: str, options: dict[str, Any], players: int) -> None:
    await host.languages.set_guild_language(GUILD, "fr")
    await host.languages.remember_locale(ALICE, "fr")
    await host.languages.remember_locale(BOB, "fr-FR")
    await host.lobbies.create_lobby(CHANNEL, GUILD, game_id, options, ALICE, "Alice", seed=5)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    for _ in range(players - 2):
        await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    with drawing_words() as drawn:
        start = await host.lobbies.start(CHANNEL, ALICE)
        refusals = []
        for user in (ALICE, BOB):  # a bad move and, for one of them, a move out of turn
            with pytest.raises((errors.IllegalMoveError, errors.NotYourTurn)) as refused:
                await host.moves.play(CHANNEL, user, BAD[game_id])
            refusals.append(i18n.translate(refused.value.text, "fr"))
        outcomes = [start, *await play_to_end(host, CHANNEL)]
    texts = _read(outcomes)
    assert outcomes[-1].post is not None and outcomes[-1].post.finished
    assert outcomes[-1].post.status.startswith("Partie terminée")
    assert len(texts) > 100 and len(drawn) > 100
    assert_french(texts + refusals + drawn, names=NAMES)
