"""Isis & Osiris through the host: whole games in each variant; memory mode keeps values hidden."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.service import Services
from bot.service.rules.posts import public_post
from bot.storage import TableRow
from games import get_game
from games.records import replay
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import play_to_end

GAME = "isis-osiris"


@pytest.mark.parametrize("options", [{}, {"open": "true"}, {"reserve": "common"}])
async def test_whole_game_in_each_variant(host: Services, options: dict[str, str]) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, GAME, options, ALICE, "Alice", seed=8)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.add_computer(CHANNEL, ALICE, "medium")
    start = await host.lobbies.start(CHANNEL, ALICE)
    outcomes = [start, *await play_to_end(host, CHANNEL)]
    last = outcomes[-1]
    assert last.table.status == "finished" and last.post.status.startswith("Game over: ")
    for outcome in (outcomes[0], outcomes[len(outcomes) // 2], last):
        png = outcome.post.image_png
        assert len(png) <= 300_000
        Image.open(io.BytesIO(png)).load()
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    stored = await host.store.history.game(game_row)
    summary = replay(stored["record"])
    assert summary["ok"] and summary["finished"] and summary["scores"] == stored["result"]["scores"]
    logged = [line for m in await host.store.log.moves(game_row) for line in m.lines]
    transient = [line for o in outcomes for line in o.post.transient_lines]
    memory = options.get("open") != "true"
    assert bool(transient) == memory  # reveals are announced once in memory mode only
    posted = [line for o in outcomes for line in o.post.lines]
    shown_for_good = [line for line in [*logged, *posted] if "revealed a" in line]
    assert (shown_for_good == []) == memory  # open mode keeps reveals in the log


def _row() -> TableRow:
    seats = [{"seat": i, "user_id": i, "name": f"P{i}", "bot_level": None} for i in (1, 2)]
    return TableRow(channel_id=CHANNEL, guild_id=GUILD, game_id=GAME, options={}, status="playing",
                    host_id=1, seats=seats, seed=1)


def test_public_png_hides_reserves_and_placed_values_in_memory_mode() -> None:
    game = get_game(GAME)
    states = []
    for seed in range(1, 50):
        state = game.new(2, {"first": 1}, seed)
        state, _ = game.apply(state, 1, "reveal")
        state, _ = game.apply(state, 1, game.legal(state, 1)[0])
        states.append(state)
    first_tile = [game.view(s, None)["last_move"] for s in states]
    assert all(m == first_tile[0] for m in first_tile)
    hidden = {str(s["board"]) for s in states}
    assert len(hidden) > 1  # the placed values really differ between these games
    images = {public_post(game, _row(), s).image_png for s in states}
    assert len(images) == 1
