"""The partner channel (MI-C3) through the host, on a real SQLite file: galleons are moved by
playing moves, and the answer follows where they stand."""

from __future__ import annotations

import pytest

from bot.service import Services
from bot.service.errors import (
    NoPartnerChannel,
    NoTable,
    NotSeated,
    PartnerMessageRefused,
    WrongPhase,
)
from bot.service.rules.partner import APART, MAX_LENGTH
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD
from tests.games.coop_drive import next_move

GAME = "master-islands"
SEED = 5


async def coop_table(host: Services, *, computers: int = 0, start: bool = True) -> None:
    """Alice, Bob, Carol, Dave in seats 1-4 (computers take the last seats); Alice moves first."""
    await host.lobbies.create_lobby(CHANNEL, GUILD, GAME, {"mode": "coop", "first": 1}, ALICE, "Alice",
                            seed=SEED)
    for user, name in [(BOB, "Bob"), (CAROL, "Carol"), (DAVE, "Dave")][: 3 - computers]:
        await host.lobbies.join(CHANNEL, user, name)
    for _ in range(computers):
        await host.lobbies.add_computer(CHANNEL, ALICE, "medium")
    if start:
        await host.lobbies.start(CHANNEL, ALICE)


async def turn(host: Services, user: int, direction: str | None) -> list[str]:
    """The user's whole turn, steering their galleon one step toward ``direction``."""
    played = []
    while True:
        row = await host.store.tables.get_table(CHANNEL)
        assert row is not None and row.state is not None
        table = await host.views.table(CHANNEL)
        assert table is not None
        seat = table.seat_of(user)
        version, entries = await host.views.menu(CHANNEL, user)
        if not entries:
            return played
        move = next_move(row.state, seat, direction)
        await host.moves.play(CHANNEL, user, move, version=version)
        played.append(move)


async def test_mi_c3_secret_at_the_start_names_the_partner(host: Services) -> None:
    await coop_table(host)
    msg = await host.views.partner_message(CHANNEL, ALICE, "  go east, I hold a 7  ")
    assert (msg.reach, msg.seat, msg.name) == ("secret", 1, "Alice")
    assert (msg.partner_seat, msg.partner_user_id, msg.partner_name) == (3, CAROL, "Carol")
    assert msg.text == "go east, I hold a 7"
    back = await host.views.partner_message(CHANNEL, DAVE, "ok")
    assert (back.partner_seat, back.partner_user_id) == (2, BOB)


async def test_mi_c3_one_sail_apart_is_aloud_the_other_team_still_secret(host: Services) -> None:
    await coop_table(host)
    assert "sail 1 E" in await turn(host, ALICE, "E")
    assert (await host.views.partner_message(CHANNEL, CAROL, "come back")).reach == "aloud"
    assert (await host.views.partner_message(CHANNEL, BOB, "hi Dave")).reach == "secret"


async def test_mi_c3_two_sails_apart_only_emoji_cross(host: Services) -> None:
    await coop_table(host)
    await turn(host, ALICE, "E")
    await turn(host, BOB, None)
    assert "sail 1 W" in await turn(host, CAROL, "W")
    for text in ("go north", "7", "👍 2"):
        with pytest.raises(PartnerMessageRefused) as refused:
            await host.views.partner_message(CHANNEL, ALICE, text)
        assert refused.value.message == APART
    msg = await host.views.partner_message(CHANNEL, ALICE, "🙂👍 🏝️")
    assert (msg.reach, msg.text) == ("gestures", "🙂👍 🏝️")


async def test_mi_c3_length_is_limited_and_empty_refused(host: Services) -> None:
    await coop_table(host)
    assert len((await host.views.partner_message(CHANNEL, ALICE, "a" * MAX_LENGTH)).text) == MAX_LENGTH
    with pytest.raises(PartnerMessageRefused, match="300 characters"):
        await host.views.partner_message(CHANNEL, ALICE, "a" * (MAX_LENGTH + 1))
    with pytest.raises(PartnerMessageRefused, match="Write something"):
        await host.views.partner_message(CHANNEL, ALICE, "   ")


async def test_mi_c3_a_computer_partner_has_no_user_id(host: Services) -> None:
    await coop_table(host, computers=2)  # seats 3 and 4 are computers
    msg = await host.views.partner_message(CHANNEL, ALICE, "hello")
    assert (msg.partner_seat, msg.partner_user_id) == (3, None)
    assert msg.partner_name.startswith("Computer")


async def test_mi_c3_refusals_where_there_is_no_partner(host: Services) -> None:
    with pytest.raises(NoTable):
        await host.views.partner_message(CHANNEL, ALICE, "hi")
    await coop_table(host, start=False)
    with pytest.raises(WrongPhase):
        await host.views.partner_message(CHANNEL, ALICE, "hi")
    await host.lobbies.start(CHANNEL, ALICE)
    with pytest.raises(NotSeated):
        await host.views.partner_message(CHANNEL, 99, "hi")
    await host.lobbies.abandon(CHANNEL, ALICE)
    await host.lobbies.create_lobby(CHANNEL, GUILD, GAME, {"mode": "standard"}, ALICE, "Alice", seed=SEED)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)
    with pytest.raises(NoPartnerChannel, match="no partner to talk to"):
        await host.views.partner_message(CHANNEL, ALICE, "hi")
