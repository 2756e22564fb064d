"""Playing through the host: turns, errors, posts and notes, finishing, records and stats."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import i18n
from bot.service import Services, errors
from games.records import replay
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.drive import play_to_end
from tests.bot.toy import TOY_ID


async def _started(host: Services, *, bots: int = 0, seed: int = 3, **options: str):
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, dict(options), ALICE, "Alice", seed=seed)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    for _ in range(bots):
        await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    return await host.lobbies.start(CHANNEL, ALICE)


async def _mover(host: Services) -> tuple[int, int]:
    """(user id, seat) of the human to move."""
    table = await host.views.require_table(CHANNEL)
    for seat in table.seats:
        if seat.user_id is not None and (await host.views.menu(CHANNEL, seat.user_id))[1]:
            return seat.user_id, seat.seat
    raise AssertionError("no human to move")


async def test_first_post_shows_board_and_whose_turn(host: Services) -> None:
    outcome = await _started(host)
    post = outcome.post
    assert post is not None and post.lines == [] and post.version == outcome.table.version
    user, seat = await _mover(host)
    name = "Alice" if user == ALICE else "Bob"
    assert post.status == f"{name} (seat {seat}) to move · pile 4 · scores: Alice 0, Bob 0"
    assert post.to_move_user_ids == [user]
    assert Image.open(io.BytesIO(post.image_png)).size == (400, 120)


async def test_move_errors_are_specific(host: Services) -> None:
    with pytest.raises(errors.NoTable, match="No game here"):
        await host.moves.play(CHANNEL, ALICE, "play 1")
    await _started(host)
    user, seat = await _mover(host)
    other = BOB if user == ALICE else ALICE
    name = "Alice" if user == ALICE else "Bob"
    with pytest.raises(errors.NotYourTurn) as exc:
        await host.moves.play(CHANNEL, other, "play 1")
    assert exc.value.message == f"It's {name} (seat {seat})'s turn, not yours."
    with pytest.raises(errors.NotSeated):
        await host.moves.play(CHANNEL, CAROL, "play 1")
    with pytest.raises(errors.IllegalMoveError, match="Moves look like 'play 4'"):
        await host.moves.play(CHANNEL, user, "jump")
    with pytest.raises(errors.IllegalMoveError, match="no 0 in your hand"):
        await host.moves.play(CHANNEL, user, "play 0")
    version, entries = await host.views.menu(CHANNEL, user)
    with pytest.raises(errors.StaleVersion, match="That menu is out of date"):
        await host.moves.play(CHANNEL, user, entries[0].move, version=version - 1)
    # nothing was applied by any refusal
    assert (await host.views.require_table(CHANNEL)).version == version


async def test_move_in_lobby_is_wrong_phase(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice")
    with pytest.raises(errors.WrongPhase, match="not started"):
        await host.moves.play(CHANNEL, ALICE, "play 1")


async def test_menu_and_autocomplete_only_for_the_mover(host: Services) -> None:
    await _started(host)
    user, seat = await _mover(host)
    other = BOB if user == ALICE else ALICE
    entries = await host.views.legal_moves(CHANNEL, user)
    assert entries and all(e.move.startswith("play ") for e in entries)
    assert all(" ".join(t for t, _ in e.steps) == e.move for e in entries)
    assert await host.views.legal_moves(CHANNEL, other) == []
    assert await host.views.legal_moves(CHANNEL, CAROL) == []
    assert await host.views.legal_moves(CHANNEL + 1, user) == []
    note = await host.views.private_note(CHANNEL, user)
    assert note.your_turn and note.menu == entries and "it's your turn" in note.text
    other_note = await host.views.private_note(CHANNEL, other)
    assert not other_note.your_turn and other_note.menu == [] and "waiting for " in other_note.text and "(seat " in other_note.text
    with pytest.raises(errors.NotSeated):
        await host.views.private_note(CHANNEL, CAROL)


async def test_a_move_posts_its_line_and_tells_only_the_drawer_what_was_drawn(host: Services) -> None:
    await _started(host)
    user, seat = await _mover(host)
    version, entries = await host.views.menu(CHANNEL, user)
    outcome = await host.moves.play(CHANNEL, user, entries[0].move, version=version)
    card = entries[0].move.split()[1]
    assert outcome.applied == [entries[0].move]
    name = {ALICE: "Alice", BOB: "Bob"}[user]
    assert outcome.post.lines == [
        f"{name} (seat {seat}) played {card}.", f"{name} (seat {seat}) drew a card."
    ]
    assert outcome.post.version == version + 1
    drawer_note = next(n for n in outcome.notes if n.user_id == user)
    assert "You drew" in drawer_note.text and not drawer_note.your_turn
    other_note = next(n for n in outcome.notes if n.user_id != user)
    assert other_note.your_turn and "You drew" not in other_note.text
    assert "You drew" not in " ".join(outcome.post.lines) + outcome.post.status


async def test_computer_players_move_until_a_human_is_to_move(host: Services) -> None:
    await _started(host, bots=1)  # seats: Alice, Bob, computer; the toy starts with seat 1
    for user in (ALICE, BOB):
        version, entries = await host.views.menu(CHANNEL, user)
        outcome = await host.moves.play(CHANNEL, user, entries[0].move, version=version)
    assert len(outcome.applied) == 2 and outcome.applied[0] == entries[0].move
    assert f"Computer 1 (easy, seat 3) played {outcome.applied[1].split()[1]}." in outcome.post.lines
    assert outcome.post.to_move_user_ids == [ALICE]
    assert outcome.post.version == version + 2  # one version per move, computer moves included


async def test_whole_game_finishes_stores_record_and_results(host: Services) -> None:
    await _started(host, bots=1, length="long")
    outcomes = await play_to_end(host, CHANNEL)
    last = outcomes[-1]
    assert last.table.status == "finished" and last.post.finished
    assert last.post.status.startswith("Game over: ")
    assert await host.views.table(CHANNEL) is None  # the channel is free again
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    stored = await host.store.history.game(game_row)
    summary = replay(stored["record"])
    assert summary["ok"] and summary["finished"]
    assert summary["winners"] == stored["result"]["winners"] == last.post.result["winners"]
    assert len(stored["record"]["moves"]) == 14  # every card of the long deck was played
    stats = await host.ratings.stats(GUILD, ALICE)
    alice_won = 1 in stored["result"]["winners"]
    assert stats == {"games": 1, "per_game": {TOY_ID: {"played": 1, "wins": int(alice_won)}}}
    assert (await host.ratings.stats(GUILD))["games"] == 1
    assert (await host.ratings.stats(GUILD + 1, ALICE))["games"] == 0
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, BOB, "Bob")


async def test_transient_lines_are_shown_once_and_never_stored(host: Services) -> None:
    await _started(host, chatty="yes")
    user, seat = await _mover(host)
    version, entries = await host.views.menu(CHANNEL, user)
    outcome = await host.moves.play(CHANNEL, user, entries[0].move, version=version)
    assert outcome.post.transient_lines == [f"(psst: seat {seat} had {entries[0].move.split()[1]})"]
    assert not any("psst" in line for line in outcome.post.lines)
    row = await host.store.tables.get_table(CHANNEL)
    logged = await host.store.log.moves(row.id)
    assert logged and not any("psst" in line for m in logged for line in m.lines)
    assert (await host.views.board(CHANNEL)).transient_lines == []


async def test_board_posts_carry_no_lines_and_reuse_the_drawn_board(host: Services) -> None:
    await _started(host)
    board = await host.views.board(CHANNEL)
    again = await host.views.board(CHANNEL)
    assert board.lines == [] and board.image_png == again.image_png
    await host.ledger.set_post(CHANNEL, 555, board.version)
    assert (await host.views.require_table(CHANNEL)).post_message_id == 555


async def test_same_seed_and_moves_give_the_same_computer_moves(tmp_path) -> None:
    records = []
    for name in ("a.db", "b.db"):
        other = await Services.open(str(tmp_path / name))
        try:
            await other.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {"length": "long"}, ALICE, "Alice",
                                     seed=9)
            for _ in range(2):
                await other.lobbies.add_computer(CHANNEL, ALICE, "easy")
            await other.lobbies.start(CHANNEL, ALICE)
            await play_to_end(other, CHANNEL)
            [game_row] = await other.store.history.games_in_channel(CHANNEL)
            records.append((await other.store.history.game(game_row))["record"])
        finally:
            await other.close()
    assert records[0] == records[1] and len(records[0]["moves"]) == 14


async def test_transient_lines_keep_their_place_among_the_other_lines(host: Services) -> None:
    """A reveal is told where it happened, not after every later move of the same post."""
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {"chatty": "yes"}, ALICE, "Alice", seed=3)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await host.lobbies.start(CHANNEL, ALICE)
    version, entries = await host.views.menu(CHANNEL, ALICE)  # the toy starts with seat 1
    outcome = await host.moves.play(CHANNEL, ALICE, entries[0].move, version=version)
    mine, theirs = (m.split()[1] for m in outcome.applied)
    assert outcome.post.ordered_lines == [
        (f"Alice (seat 1) played {mine}.", False), ("Alice (seat 1) drew a card.", False),
        (f"(psst: seat 1 had {mine})", True),
        (f"Computer 1 (easy, seat 2) played {theirs}.", False),
        ("Computer 1 (easy, seat 2) drew a card.", False),
        (f"(psst: seat 2 had {theirs})", True),
    ]
    assert outcome.post.in_order() == outcome.post.ordered_lines


async def test_the_movers_private_answer_says_what_they_rolled(host: Services) -> None:
    """Le Maître des Mers rolls as an action is announced: the roll is in the table post's
    lines, and in the private answer of the person who rolled (the text above their menu)."""
    await host.lobbies.create_lobby(CHANNEL, GUILD, "maitre-des-mers", {"first": 1}, ALICE,
                                    "Alice", seed=5)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)
    for _ in range(20):
        version, entries = await host.views.menu(CHANNEL, ALICE)
        outcome = await host.moves.play(CHANNEL, ALICE, entries[0].move, version=version)
        rolls = [line for line in outcome.post.lines if "Alice (seat 1) rolls " in line]
        if rolls:
            break
    else:
        raise AssertionError("Alice never rolled")
    said = i18n.translate(outcome.said, "en")
    assert said == f"You played `{entries[0].move}`. {rolls[-1]}"
    assert i18n.translate(outcome.said, "fr").startswith("Vous avez joué `")
    assert "lance les dés" in i18n.translate(outcome.said, "fr")
    note = next((n for n in outcome.notes if n.user_id == ALICE and n.your_turn), None)
    if note is not None:  # she goes on: her menu's text opens with it
        assert note.text.startswith(said)
