"""A French server and French players read French from the host: table posts (status and
lines), private notes, menus and every word drawn in the images, for each game (the adapter's
e2e tests cover what Discord shows around them). Computers are named in French too."""

from __future__ import annotations

import random

import pytest

from bot.service import Outcome, Services
from games import all_games, choose
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.e2e.french import assert_french, drawing_words

MOVES = 25  # moves of each game read (the first ones: a lobby, a start, every kind of post)


def _read(outcome: Outcome, texts: list[str]) -> None:
    if outcome.post is not None:
        texts += [outcome.post.status, *(line for line, _once in outcome.post.ordered_lines)]
    for note in outcome.notes:
        texts += [note.text, *(e.label for e in note.menu),
                  *(label for e in note.menu for _token, label in e.steps)]


@pytest.mark.sqlite_only
@pytest.mark.parametrize("game_id", [g.id for g in all_games()
                                     if type(g).__module__.startswith("games.")])  # not toys
async def test_a_french_table_reads_french(host: Services, game_id: str) -> None:
    await host.languages.set_guild_language(GUILD, "fr")
    await host.languages.remember_locale(ALICE, "fr")
    await host.languages.remember_locale(BOB, "fr-FR")
    await host.lobbies.create_lobby(CHANNEL, GUILD, game_id, {}, ALICE, "Alice", seed=2)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    info = await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    texts: list[str] = []
    rng = random.Random(2)
    with drawing_words() as drawn:
        outcome = await host.lobbies.start(CHANNEL, ALICE)
        _read(outcome, texts)
        for _ in range(MOVES):
            if outcome.table.status == "finished":
                break
            row = await host.store.tables.get_table(CHANNEL)
            assert row is not None and row.state is not None
            game = host.context.game(game_id)
            seat = game.to_move(row.state)[0]
            move = choose(game, "easy", row.state, seat, rng)
            outcome = await host.moves.play(CHANNEL, row.seats[seat - 1]["user_id"], move)
            _read(outcome, texts)
            if outcome.computers_next and (more := await host.moves.computers_move(CHANNEL)):
                outcome = more
                _read(outcome, texts)
    assert "Ordinateur 1 (facile, place 3)" in " ".join(texts)
    assert len(texts) > MOVES and drawn
    assert_french(texts + drawn, names=["Alice", "Bob", info.game_name])
