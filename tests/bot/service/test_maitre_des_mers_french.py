"""Le Maître des Mers at a French table, through the host: on a French server with French players
the table posts (status, log lines), the private notes, the menus, refusals and the words drawn
in the images are French, and so is the post of a finished game (tests/e2e/french.py reads them
as a French player would). The whole game on the emulator is the adapter's French e2e test."""

from __future__ import annotations

import random

import pytest

import i18n
from bot.service import Services, errors
from bot.service.rules.posts import public_post
from bot.storage import TableRow
from games import get_game
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import play_first_legal
from tests.e2e.french import assert_french, drawing_words

GAME = "maitre-des-mers"
NAMES = ["Alice", "Bob", "Le Maître des Mers"]


async def test_a_french_table_reads_in_french(host: Services) -> None:
    await host.languages.set_guild_language(GUILD, "fr")
    for user in (ALICE, BOB):
        await host.languages.remember_locale(user, "fr")
    await host.lobbies.create_lobby(CHANNEL, GUILD, GAME, {"first": 1}, ALICE, "Alice", seed=11)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    seen: list[str] = []
    with drawing_words() as drawn:
        outcomes = [await host.lobbies.start(CHANNEL, ALICE)]
        for move, user in (("arm G11", BOB), ("sail away", ALICE), ("hunt", ALICE)):
            with pytest.raises(errors.HostError) as refused:  # Bob's turn? a word? no map ship
                await host.moves.play(CHANNEL, user, move)
            seen.append(i18n.translate(refused.value.text, "fr"))
        for _ in range(12):  # tests/bot/service/test_french_tables.py reads more moves of every game
            outcome = await play_first_legal(host, CHANNEL)
            assert outcome is not None
            outcomes.append(outcome)
    for outcome in outcomes:
        assert outcome.post is not None and outcome.post.language == "fr"
        seen += [outcome.post.status, *outcome.post.lines]
        for note in outcome.notes:
            assert note.language == "fr"
            seen.append(note.text)
            for entry in note.menu:
                seen += [entry.label, *(label for _token, label in entry.steps)]
    assert seen[2].startswith("Pour partir à la chasse au trésor, il vous faut un navire libre")
    assert any("tente d’armer" in line for line in seen)
    assert len(seen) > 100 and len(drawn) > 300
    assert_french(seen + drawn, names=NAMES)


def test_a_finished_game_posts_in_french() -> None:
    game = get_game(GAME)
    rng = random.Random(5)
    state = game.new(2, {"first": 1}, 5)
    while game.to_move(state):
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    seats = [{"seat": 1, "user_id": ALICE, "name": "Alice", "bot_level": None},
             {"seat": 2, "user_id": BOB, "name": "Bob", "bot_level": None}]
    row = TableRow(channel_id=CHANNEL, guild_id=GUILD, game_id=GAME, options={},
                   status="playing", host_id=ALICE, seats=seats, seed=5)
    with drawing_words() as drawn:
        post = public_post(game, row, state, code="fr")
    assert post.finished and "Il n’y a plus de navire au port." in " ".join(drawn)
    assert_french([post.status, *drawn], names=NAMES)
