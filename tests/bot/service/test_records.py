"""Finished games store a record that replays on its own: the deal (``setup``) and the seat that
went first (``options.first``) are fixed at start, so neither the seed nor shuffling code matter."""

from __future__ import annotations

import pytest

from bot.service import Services
from games.records import replay
from tests.bot.conftest import ALICE, CHANNEL, GUILD
from tests.bot.drive import play_to_end


@pytest.mark.parametrize("game_id, options", [
    ("isis-osiris", {}),
    ("isis-osiris", {"reserve": "common"}),
    ("master-islands", {}),
])
async def test_a_stored_record_replays_to_the_same_result_with_another_seed(
    host: Services, game_id: str, options: dict
) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, game_id, options, ALICE, "Alice", seed=21)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await host.lobbies.start(CHANNEL, ALICE)
    outcomes = await play_to_end(host, CHANNEL)
    assert outcomes[-1].table.status == "finished"
    [row] = await host.store.history.games_in_channel(CHANNEL)
    stored = await host.store.history.game(row)
    record = stored["record"]
    assert record["setup"], "the deal is in the record"
    assert record["options"]["first"] in (1, 2)
    same = replay(record)
    assert same["finished"] and same["scores"] == stored["result"]["scores"]
    for seed in (0, 22, 12345):
        other = replay({**record, "seed": seed})
        assert other["ok"], other
        assert other["scores"] == stored["result"]["scores"]
        assert other["winners"] == stored["result"]["winners"]
