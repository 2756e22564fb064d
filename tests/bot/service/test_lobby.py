"""Lobby through the host: one table per channel, seats, hosts, computer players, start checks."""

from __future__ import annotations

import pytest

from bot.service import Services, errors
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD
from tests.bot.toy import TOY_ID


async def _lobby(host: Services, **options: str) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, dict(options), ALICE, "Alice", seed=3)


async def test_host_takes_seat_one(host: Services) -> None:
    await _lobby(host)
    table = await host.views.require_table(CHANNEL)
    assert table.status == "lobby" and table.host_id == ALICE
    assert [(s.seat, s.user_id, s.name) for s in table.seats] == [(1, ALICE, "Alice")]
    assert (table.min_players, table.max_players, table.game_name) == (2, 3, "Toy Cards")


async def test_second_play_is_refused_naming_the_running_game(host: Services) -> None:
    await _lobby(host)
    with pytest.raises(errors.TableExists) as exc:
        await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, BOB, "Bob")
    assert exc.value.message == (
        "There is already a game of Toy Cards in this channel (lobby, hosted by Alice). "
        "Finish or /abandon it first."
    )


async def test_unknown_game_and_bad_option_are_named(host: Services) -> None:
    with pytest.raises(errors.UnknownGameError, match="Known games: .*toy-cards"):
        await host.lobbies.create_lobby(CHANNEL, GUILD, "chess", {}, ALICE, "Alice")
    with pytest.raises(errors.BadTableOptions, match="length"):
        await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {"length": "epic"}, ALICE, "Alice")
    assert await host.views.table(CHANNEL) is None


async def test_join_once_until_full(host: Services) -> None:
    await _lobby(host)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    with pytest.raises(errors.AlreadySeated):
        await host.lobbies.join(CHANNEL, BOB, "Bob")
    table = await host.lobbies.join(CHANNEL, CAROL, "Carol")
    assert [s.user_id for s in table.seats] == [ALICE, BOB, CAROL]
    with pytest.raises(errors.TableFull, match="3 of 3"):
        await host.lobbies.join(CHANNEL, DAVE, "Dave")


async def test_host_leaving_passes_the_lobby_on(host: Services) -> None:
    await _lobby(host)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    table = await host.lobbies.leave(CHANNEL, ALICE)
    assert table.host_id == BOB and [(s.seat, s.user_id) for s in table.seats] == [(1, BOB)]
    with pytest.raises(errors.NotSeated):
        await host.lobbies.leave(CHANNEL, ALICE)


async def test_last_human_leaving_cancels_the_lobby(host: Services) -> None:
    await _lobby(host)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    table = await host.lobbies.leave(CHANNEL, ALICE)
    assert table.status == "abandoned"
    assert await host.views.table(CHANNEL) is None


async def test_computer_players_host_only_and_known_levels(host: Services) -> None:
    await _lobby(host)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    with pytest.raises(errors.NotOwner, match="Only the host \\(Alice\\)"):
        await host.lobbies.add_computer(CHANNEL, BOB, "easy")
    with pytest.raises(errors.BadTableOptions, match="no computer level 'genius': choose easy, "
                       "medium or hard"):
        await host.lobbies.add_computer(CHANNEL, ALICE, "genius")
    table = await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    assert table.seats[2].is_computer and table.seats[2].bot_level == "easy"
    assert table.seats[2].name == "Computer 1 (easy)"
    table = await host.lobbies.remove_computer(CHANNEL, ALICE)
    assert len(table.seats) == 2
    with pytest.raises(errors.HostError, match="no computer player"):
        await host.lobbies.remove_computer(CHANNEL, ALICE)


async def test_start_is_for_the_host_with_enough_players(host: Services) -> None:
    await _lobby(host)
    with pytest.raises(errors.BadTableOptions, match="at least 2 players; 1 seated"):
        await host.lobbies.start(CHANNEL, ALICE)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    with pytest.raises(errors.NotOwner):
        await host.lobbies.start(CHANNEL, BOB)
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    assert outcome.table.status == "playing"
    with pytest.raises(errors.WrongPhase):
        await host.lobbies.join(CHANNEL, CAROL, "Carol")
    with pytest.raises(errors.WrongPhase):
        await host.lobbies.start(CHANNEL, ALICE)


async def test_start_notes_every_human_privately(host: Services) -> None:
    await _lobby(host)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    assert sorted(n.user_id for n in outcome.notes) == [ALICE, BOB]
    assert all(n.text.startswith(f"Seat {n.seat} · Your hand: ") for n in outcome.notes)


async def test_cancel_and_abandon_need_host_or_admin(host: Services) -> None:
    await _lobby(host)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    with pytest.raises(errors.NotOwner):
        await host.lobbies.cancel(CHANNEL, BOB)
    assert (await host.lobbies.cancel(CHANNEL, BOB, is_admin=True)).status == "abandoned"
    with pytest.raises(errors.NoTable, match="No game here. Start one with /play."):
        await host.views.require_table(CHANNEL)
    await _lobby(host)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)
    with pytest.raises(errors.NotOwner):
        await host.lobbies.abandon(CHANNEL, BOB)
    assert (await host.lobbies.abandon(CHANNEL, ALICE)).status == "abandoned"
    assert await host.views.table(CHANNEL) is None
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    assert (await host.store.history.game(game_row))["status"] == "abandoned"


async def test_dm_preference_defaults_until_set(host: Services) -> None:
    assert await host.ledger.dm_enabled(ALICE, True) is True
    await host.store.prefs.set_dm_enabled(ALICE, False)
    assert await host.ledger.dm_enabled(ALICE, True) is False


async def test_a_bad_seat_option_is_named_for_a_full_table(host: Services) -> None:
    """The lobby is still filling, so the refusal names the option, not the seat count."""
    with pytest.raises(errors.BadTableOptions) as exc:
        await host.lobbies.create_lobby(CHANNEL, GUILD, "master-islands",
                                {"mode": "corsair", "corsair": 5}, ALICE, "Alice")
    assert exc.value.message == "Option 'corsair' must be a seat from 1 to 4, not 5."
