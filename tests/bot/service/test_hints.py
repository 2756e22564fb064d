"""Hints for learners through the host, on both stores: the table setting (off by default, the
host's, kept for a rematch), the mover's Hint (legal moves, only on their own turn, for the
menu's version, the table's version unchanged), the marks in the record, and the unrated game
(live rating and rebuild alike)."""

from __future__ import annotations

import pytest

from bot.service import Services, errors
from bot.service.hints import HintsOff
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.drive import play_to_end
from tests.bot.toy import TOY_ID

HINTS_ON = ("Hints", "on (unrated)")


async def mover(host: Services) -> tuple[int, int]:
    """(the user to move, the table version)."""
    for user in (ALICE, BOB):
        version, entries = await host.views.menu(CHANNEL, user)
        if entries:
            return user, version
    raise AssertionError("nobody to move")


async def test_hints_are_a_table_setting_marked_in_the_record_and_left_unrated(
    host: Services
) -> None:
    host.hints.playouts = 8  # a small search: this is about the host, not the advice
    table = await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    setting = next(s for s in table.settings if s.name == "table:hints")
    assert setting.value == "off" and [v for v, _t in setting.choices] == ["off", "on"]
    assert HINTS_ON not in table.option_texts  # off goes without saying
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    with pytest.raises(errors.NotOwner):
        await host.lobbies.set_option(CHANNEL, BOB, "table:hints", "on")
    with pytest.raises(errors.BadTableOptions, match="on or off, not 'maybe'"):
        await host.lobbies.set_option(CHANNEL, ALICE, "table:hints", "maybe")
    table = await host.lobbies.set_option(CHANNEL, ALICE, "table:hints", "on")
    assert HINTS_ON in table.option_texts and table.options == {}  # not a game option
    start = await host.lobbies.start(CHANNEL, ALICE)
    assert [n.offers.hints for n in start.notes if n.your_turn] == [True]
    assert not [n for n in start.notes if not n.your_turn and n.hints]

    user, version = await mover(host)
    other = BOB if user == ALICE else ALICE
    assert (await host.views.private_note(CHANNEL, user)).offers.hints
    assert not (await host.views.private_note(CHANNEL, other)).offers.hints
    with pytest.raises(errors.NotYourTurn):
        await host.hints.hint(CHANNEL, other)
    with pytest.raises(errors.NotSeated):
        await host.hints.hint(CHANNEL, CAROL)
    with pytest.raises(errors.StaleVersion):
        await host.hints.hint(CHANNEL, user, version=version - 1)
    hint = await host.hints.hint(CHANNEL, user, version=version, language="en")
    _v, entries = await host.views.menu(CHANNEL, user)
    labels = {e.move: e.label for e in entries}
    assert hint.moves and all(m.move in labels and m.label == labels[m.move] for m in hint.moves)
    assert all(m.chance is not None and 0 <= m.chance <= 1 for m in hint.moves)
    assert await host.hints.hint(CHANNEL, user, version=version) == hint  # the same advice again
    assert (await host.views.table(CHANNEL)).version == version  # the menu in hand stays valid
    await host.moves.play(CHANNEL, user, hint.moves[0].move, version=version)

    outcomes = await play_to_end(host, CHANNEL)
    final = outcomes[-1].post
    assert final.finished and "hints were used, so this game is not rated" in final.status
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    finished = await host.store.history.game(game_row)
    seat = 1 if user == ALICE else 2
    assert finished["record"]["hints"] == [{"seat": seat, "move": 0}]  # once, asked twice
    assert finished["lobby"]["settings"]["hints"] is True
    assert await host.store.ratings.ratings_of(GUILD, TOY_ID) == {}  # unrated

    # A rematch keeps hints on; the same game without them is rated, and a rebuild agrees.
    rematch = (await host.lobbies.rematch(CHANNEL, BOB, "Bob", game_row=game_row)).table
    assert HINTS_ON in rematch.option_texts
    table = await host.lobbies.set_option(CHANNEL, BOB, "table:hints", "off")
    assert HINTS_ON not in table.option_texts
    await host.lobbies.join(CHANNEL, ALICE, "Alice")
    start = await host.lobbies.start(CHANNEL, BOB)
    assert not any(n.hints for n in start.notes)
    user, version = await mover(host)
    with pytest.raises(HintsOff):
        await host.hints.hint(CHANNEL, user, version=version)
    outcomes = await play_to_end(host, CHANNEL)
    assert "rated" not in outcomes[-1].post.status
    rated = await host.store.ratings.ratings_of(GUILD, TOY_ID)
    assert rated and {r.games for r in rated.values()} == {1}
    assert "hints" not in (await host.store.history.game(max(
        await host.store.history.games_in_channel(CHANNEL))))["record"]
    assert await host.ratings.rebuild_ratings() == 2  # both games read, the one with hints skipped
    assert await host.store.ratings.ratings_of(GUILD, TOY_ID) == rated


async def test_hints_on_but_unused_still_leave_the_game_unrated(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=4, hints=True)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)
    outcomes = await play_to_end(host, CHANNEL)
    assert "hints were on, so this game is not rated" in outcomes[-1].post.status
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    assert (await host.store.history.game(game_row))["record"]["hints"] == []
    assert await host.store.ratings.ratings_of(GUILD, TOY_ID) == {}
