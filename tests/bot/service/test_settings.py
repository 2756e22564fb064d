"""Lobby settings through the host, on a real SQLite file: what is in force, what the host may
pick, and the seat count that follows the options (a mode may need other counts)."""

from __future__ import annotations

import pytest

from bot.service import Services, errors
from games import get_game
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD

MI = "master-islands"
IO = "isis-osiris"


def _setting(table, name):
    return next(s for s in table.settings if s.name == name)


async def test_lobby_shows_the_options_in_force_with_their_labels(host: Services) -> None:
    table = await host.lobbies.create_lobby(CHANNEL, GUILD, MI, {}, ALICE, "Alice")
    assert table.option_texts == [("Mode", "standard"), ("First player", "drawn at random"),
                                  ("Table speed", "live (a few minutes a move)")]
    assert [s.name for s in table.settings] == ["mode", "first", "table:speed", "table:hints"]
    first = _setting(table, "first")
    assert first.value == "" and first.choices[0] == ("", "drawn at random")
    assert [v for v, _text in first.choices[1:]] == ["1", "2", "3", "4"]
    assert (table.min_players, table.max_players) == (2, 4)


async def test_a_mode_brings_its_own_options_and_seat_count(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, MI, {}, ALICE, "Alice")
    table = await host.lobbies.set_option(CHANNEL, ALICE, "mode", "corsair")
    assert [s.name for s in table.settings] == ["mode", "corsair", "difficulty", "first",
                                                "table:speed", "table:hints"]
    assert ("Corsair seat", "the last seat") in table.option_texts
    assert (table.min_players, table.max_players) == (3, 4)
    table = await host.lobbies.set_option(CHANNEL, ALICE, "difficulty", "hard")
    table = await host.lobbies.set_option(CHANNEL, ALICE, "corsair", "2")
    assert table.options == {"mode": "corsair", "difficulty": "hard", "corsair": 2}
    # Back to standard: the corsair's options stop applying and are dropped.
    table = await host.lobbies.set_option(CHANNEL, ALICE, "mode", "coop")
    assert table.options == {"mode": "coop"}
    assert (table.min_players, table.max_players) == (4, 4)
    assert "difficulty" not in [s.name for s in table.settings]


async def test_only_the_host_changes_settings_and_only_in_the_lobby(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, IO, {}, ALICE, "Alice")
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    with pytest.raises(errors.NotOwner, match="Only the host \\(Alice\\)"):
        await host.lobbies.set_option(CHANNEL, BOB, "open", "true")
    table = await host.lobbies.set_option(CHANNEL, ALICE, "open", "true")
    assert table.options == {"open": True} and ("Open board", "yes") in table.option_texts
    table = await host.lobbies.set_option(CHANNEL, ALICE, "first", "2")
    table = await host.lobbies.set_option(CHANNEL, ALICE, "first", "")  # back to the default
    assert "first" not in table.options
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    assert outcome.table.status == "playing"
    with pytest.raises(errors.WrongPhase):
        await host.lobbies.set_option(CHANNEL, ALICE, "reserve", "common")


async def test_refused_values_name_the_reason_and_change_nothing(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, MI, {}, ALICE, "Alice")
    for user, name in ((BOB, "Bob"), (CAROL, "Carol"), (DAVE, "Dave")):
        await host.lobbies.join(CHANNEL, user, name)
    before = await host.views.require_table(CHANNEL)
    with pytest.raises(errors.BadTableOptions, match="must be one of standard, coop, corsair"):
        await host.lobbies.set_option(CHANNEL, ALICE, "mode", "solo")
    with pytest.raises(errors.BadTableOptions, match="no setting 'difficulty'"):
        await host.lobbies.set_option(CHANNEL, ALICE, "difficulty", "hard")  # not in standard mode
    with pytest.raises(errors.BadTableOptions, match="seat from 1 to 4, not 5"):
        await host.lobbies.set_option(CHANNEL, ALICE, "first", "5")
    after = await host.views.require_table(CHANNEL)
    assert (after.version, after.options) == (before.version, before.options)


async def test_seats_follow_the_mode(host: Services) -> None:
    """Coop seats exactly 4: the lobby starts only with 4, and a 4-seat lobby cannot switch to a
    mode with less room than the players seated."""
    await host.lobbies.create_lobby(CHANNEL, GUILD, MI, {"mode": "coop"}, ALICE, "Alice")
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    with pytest.raises(errors.BadTableOptions, match="exactly 4 players"):
        await host.lobbies.start(CHANNEL, ALICE)
    await host.lobbies.add_computer(CHANNEL, ALICE, "medium")
    table = await host.lobbies.add_computer(CHANNEL, ALICE, "medium")
    assert [s.name for s in table.seats] == ["Alice", "Bob", "Computer 1 (medium)", "Computer 2 (medium)"]
    with pytest.raises(errors.TableFull, match="4 of 4"):
        await host.lobbies.join(CHANNEL, CAROL, "Carol")
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    assert outcome.table.status == "playing"


async def test_two_people_with_one_name_are_told_apart(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, IO, {"first": 1}, ALICE, "Alex")
    await host.lobbies.join(CHANNEL, BOB, "Alex")
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    assert outcome.post is not None
    assert outcome.post.status.startswith("Alex #1 (seat 1) to move")


def test_every_real_game_declares_labelled_options() -> None:
    for game_id in (MI, IO):
        for opt in get_game(game_id).options:
            assert opt.label and opt.description and opt.kind in ("choice", "yesno", "seat",
                                                                   "number")


async def test_a_panel_drawn_for_an_older_lobby_changes_nothing(host: Services) -> None:
    table = await host.lobbies.create_lobby(CHANNEL, GUILD, IO, {}, ALICE, "Alice")
    drawn_at = table.version
    await host.lobbies.join(CHANNEL, BOB, "Bob")  # the lobby moves on after the panel was drawn
    with pytest.raises(errors.StaleVersion, match="lobby changed since this panel was drawn"):
        await host.lobbies.set_option(CHANNEL, ALICE, "open", "true", version=drawn_at)
    assert (await host.views.require_table(CHANNEL)).options == {}
    now = (await host.views.require_table(CHANNEL)).version
    table = await host.lobbies.set_option(CHANNEL, ALICE, "open", "true", version=now)
    assert table.options == {"open": True}


def test_a_wide_number_option_offers_every_value_and_the_panel_shows_25_around_it() -> None:
    """The host lists every value; the adapter's select shows Discord's 25 around the current."""
    from bot.adapter.lobby.settings import select_options
    from bot.service.results import Setting
    from bot.service.rules.settings import choices
    from games import Option

    wide = Option("length", None, 40, "How long.", kind="number", minimum=1, maximum=60)
    values = choices(wide, 4)
    assert [v for v, _t in values] == [str(n) for n in range(1, 61)]
    setting = Setting("length", "Length", "How long.", "40", "40", values)
    shown = select_options(setting)
    assert len(shown) == 25 and ("40", "=40", True) in shown
