"""The board in words for people (bot/service/rules/words.py, TableViews.board_words): the
lines named and translated, fitted into an alt text of at most 1,024 characters (whole lines,
then a note; in English and French, over whole games of every game, with long names) or into
pages; the table post's alt text comes from the public view only."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.service import Services
from bot.service.rules.posts import public_post
from bot.service.rules.words import ALT_TEXT_LIMIT, alt_text, board_lines, cut, more_note, pages
from bot.storage import TableRow
from games import Game, Sample, get_game
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.games.board_words import positions
from tests.games.every_game import SAMPLES, sample_id

LONG = "Wolfeschlegelsteinhausenbergerd"  # 31 characters: Discord allows 32 in a name


def row_for(game: Game, sample: Sample, state: dict[str, Any]) -> TableRow:
    """A table of long-named people, and a computer in the last seat."""
    seats: list[dict[str, Any]] = [
        {"seat": i, "user_id": 100 + i, "name": f"{LONG}{i}", "bot_level": None}
        for i in range(1, sample.players)]
    seats.append({"seat": sample.players, "user_id": None, "name": "Computer 1",
                  "bot_level": "medium"})
    return TableRow(channel_id=CHANNEL, guild_id=GUILD, game_id=game.id,
                    options=dict(sample.options), status="playing", host_id=101, seats=seats,
                    seed=sample.seed, state=state)


# -- fitting ------------------------------------------------------------------------------------
def test_lines_that_fit_are_all_kept_in_order() -> None:
    assert alt_text(["a b", "c"], "en") == "a b\nc"
    assert alt_text(["x" * 1020, "abc"], "en", limit=1024) == "x" * 1020 + "\nabc"


def test_the_lines_that_do_not_fit_are_counted_in_a_note_in_the_readers_language() -> None:
    lines = [f"line {i} " + "x" * 90 for i in range(20)]
    text = alt_text(lines, "en")
    assert len(text) <= ALT_TEXT_LIMIT
    kept = text.split("\n")[:-1]
    assert kept == lines[:len(kept)] and len(kept) == 9
    assert text.split("\n")[-1] == (f"… and {20 - len(kept)} more lines: press Describe for the "
                                    "whole position.")
    french = alt_text(lines, "fr")
    assert len(french) <= ALT_TEXT_LIMIT
    assert french.endswith("lignes de plus : touchez Décrire pour toute la position.")
    assert more_note(1, "en") == "… and 1 more line: press Describe for the whole position."
    assert more_note(1, "fr") == "… et 1 ligne de plus : touchez Décrire pour toute la position."


def test_a_line_longer_than_the_limit_is_cut_at_a_word() -> None:
    line = " ".join(f"word{i}" for i in range(400))
    alone = alt_text([line], "en")
    assert len(alone) <= ALT_TEXT_LIMIT and alone.endswith("…")
    assert line.startswith(alone[:-1]) and line[len(alone) - 1] == " "  # cut before a word
    text = alt_text([line, "second"], "en")
    first, note = text.split("\n")
    assert len(text) <= ALT_TEXT_LIMIT and first.endswith("…") and line.startswith(first[:-1])
    assert note == more_note(1, "en")
    assert cut("abcdef", 4) == "abc…" and cut("ab cdef", 6) == "ab…" and cut("abc", 3) == "abc"
    for limit in (0, 1, 2, 5, 30, 80):
        assert len(alt_text([line, "second", "third"], "fr", limit=limit)) <= limit


def test_pages_keep_whole_lines_and_break_only_a_line_longer_than_a_page() -> None:
    lines = [f"line {i} " + "y" * (i * 7 % 300) for i in range(60)]
    got = pages(lines, 2000)
    assert len(got) > 1 and all(len(p) <= 2000 for p in got)
    assert "\n".join(got).split("\n") == lines  # every line once, whole, in order
    assert all(len(got[i]) + 1 + len(got[i + 1].split("\n")[0]) > 2000
               for i in range(len(got) - 1))  # a page holds all the lines that fit
    long = " ".join(["word"] * 700)
    split = pages(["short", long, "end"], 1000)
    assert all(len(p) <= 1000 for p in split) and split[-1].endswith("end")
    assert " ".join(" ".join(split).split()) == " ".join(["short", long, "end"])
    assert pages([], 100) == [""] and pages(["one"], 100) == ["one"]


# -- whole games ------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "sample"), SAMPLES, ids=[sample_id(c) for c in SAMPLES])
def test_the_alt_text_fits_at_every_position_of_whole_games(game: Game, sample: Sample) -> None:
    longest = {"en": 0, "fr": 0}
    for state in positions(game, sample, seeds=(1, 2)):
        row = row_for(game, sample, state)
        view = game.view(state, None)
        for code in ("en", "fr"):
            lines = board_lines(game, row, view, code, short=True)
            assert f"{LONG}1" in "\n".join(lines)  # the players' names, not "Seat 1"
            text = alt_text(lines, code)
            assert len(text) <= ALT_TEXT_LIMIT
            assert text.split("\n")[0] == lines[0] or len(lines[0]) > ALT_TEXT_LIMIT // 2
            assert not re.search(r"Your hand|Your tile|Votre main|Votre marchandise", text)
            longest[code] = max(longest[code], len("\n".join(lines)))
    assert longest["en"] and longest["fr"]


def test_the_table_post_says_the_public_position_only() -> None:
    game = get_game("master-islands")
    sample = Sample(3)
    state = list(positions(game, sample, seeds=(4,)))[10]
    row = row_for(game, sample, state)
    post = public_post(game, row, state, image=b"", regions=[], code="fr")
    public = board_lines(game, row, game.view(state, None), "fr", short=True)
    assert post.alt_text == alt_text(public, "fr") and post.alt_text
    assert f"{LONG}1" in post.alt_text and "(place 1)" not in post.alt_text  # names alone
    assert "Votre main" not in post.alt_text
    mine = board_lines(game, row, game.view(state, 1), "fr")
    assert mine[-1].startswith("Votre main : ") and mine[-1] not in post.alt_text


# -- the service -------------------------------------------------------------------------------
async def test_a_seated_player_reads_their_hand_and_a_spectator_does_not(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, "master-islands", {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)
    row = await host.store.tables.get_table(CHANNEL)
    assert row is not None and row.state is not None
    seat = next(s["seat"] for s in row.seats if s["user_id"] == ALICE)
    said = await host.views.board_words(CHANNEL, ALICE, language="en-US")
    assert said.seat == seat and said.version == row.version and said.channel_id == CHANNEL
    hand = row.state["hands"][seat - 1]
    assert said.lines[-1].startswith("Your hand: ") and all(c in said.lines[-1] for c in hand)
    assert "Alice (seat" in "\n".join(said.lines) and "Bob (seat" in "\n".join(said.lines)
    watcher = await host.views.board_words(CHANNEL, 999, language="fr")
    assert watcher.seat is None and len(watcher.lines) == len(said.lines) - 1
    assert watcher.lines[0].startswith("À ")  # French: "À Alice (place 1) de jouer."
    assert not [line for line in watcher.lines if "Votre main" in line]
    spectator = await host.views.board_words(CHANNEL, 999, language="en")
    assert spectator.lines == said.lines[:-1]  # the same position, without the hand
