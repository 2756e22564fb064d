"""Hostile sizes and shapes (issue 17, items 1 and 5): a refusal quotes at most a short prefix of
what was typed, records with absurd nesting, numbers or types get one sentence, and no record
makes Master Islands enumerate millions of alignments."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games import get_game
from games.base import Game, IllegalMove
from games.echo import ECHO_LIMIT, echo
from games.master_islands.alignments import MAX_ALIGNMENTS, find_alignments
from games.master_islands.cards import full_deck
from games.records import BadRecord, check_plain, read_record, replay, simulate
from tests.games.every_game import GAMES

ROOT = Path(__file__).resolve().parents[2]
LONG = "x" * 2_100
SHORT_REFUSAL = 300
"""Every refusal fits a Discord reply with room to spare (the longest usage line is ~240)."""

def long_moves(game: Game) -> list[str]:
    """Long texts shaped like the game's own moves: one legal move of each verb seen in a short
    random game of its first sample, each token in turn made 2,100 characters long, and each
    number 2,100 digits long; and a long word alone."""
    sample = game.samples()[0]
    state, rng, by_verb = sample.new(game), random.Random(1), {}
    for _ in range(300):
        if not (movers := game.to_move(state)):
            break
        legal = game.legal(state, movers[0])
        by_verb.update({m.split()[0]: m for m in legal if m.split()[0] not in by_verb})
        state, _ = game.apply(state, movers[0], rng.choice(legal))
    out = [LONG]
    for move in by_verb.values():
        tokens = move.split()
        out += [" ".join([*tokens[:i], LONG, *tokens[i + 1:]]) for i in range(len(tokens))]
        if re.search("[0-9]", move):
            out.append(re.sub("[0-9]+", "1" * 2_100, move))
    return out


SPELLINGS = {
    "master-islands": [LONG, f"place {LONG} 1,0", f"place B4 {LONG}", "place B4 " + "1" * 2_100,
                       f"sail {LONG} N", f"sail 1 {LONG}", f"take 1,0 {LONG}", f"take {LONG}"],
    "isis-osiris": [LONG, f"pawn {LONG}", f"tile {LONG}"],
    "maitre-des-mers": [LONG, f"arm {LONG}", f"discard {LONG}", f"use {LONG} 3", f"use +1 {LONG}",
                        f"attack C7 {LONG}:F9", f"attack C7 2:{LONG}", "place " + "7" * 2_100,
                        f"attack {LONG} 2:F9", "attack C7 " + "2" * 2_100 + ":F9"],
    "ile-des-contrebandiers": [LONG, f"drop {LONG}", f"sail 1a {LONG}", f"start {LONG}",
                               f"push {LONG}"],
}
"""More long inputs, inside the tokens of each game's notation."""
LONG_MOVES = [(g.id, text) for g in GAMES for text in long_moves(g) + SPELLINGS.get(g.id, [])]


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "games", *args], input=stdin, text=True,
                          capture_output=True, cwd=ROOT, env=env, timeout=120)


def test_echo_keeps_a_short_prefix_on_one_line() -> None:
    assert echo("b4") == "b4" and echo("x" * ECHO_LIMIT) == "x" * ECHO_LIMIT
    assert echo("x" * 10_000_000) == "x" * ECHO_LIMIT + "…"
    assert echo("a\nb\tc\x00d") == "a b c d"
    assert echo("\u202eb4\u2066 \ud800") == "b4 \ufffd"  # no reversed text, no broken UTF-16
    nested: list = []
    for _ in range(5_000):
        nested = [nested]
    assert len(echo(nested)) <= ECHO_LIMIT + 1 and len(echo(10**4_000)) == ECHO_LIMIT + 1
    assert echo(False) == "false" and echo(None) == "null"


@pytest.mark.parametrize(("game_id", "text"), LONG_MOVES,
                         ids=[f"{g}-{i}" for i, (g, _) in enumerate(LONG_MOVES)])
def test_a_2100_character_move_gets_one_short_sentence(game_id: str, text: str) -> None:
    game = get_game(game_id)
    state = game.new(game.min_players, {"first": 1}, 1)
    for attempt in (lambda: game.parse(text), lambda: game.apply(state, 1, text)):
        with pytest.raises(IllegalMove) as caught:
            attempt()
        assert len(str(caught.value)) < SHORT_REFUSAL and "\n" not in str(caught.value)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_10_mb_move_gets_one_short_sentence(game) -> None:
    state = game.new(game.min_players, {"first": 1}, 1)
    for text in ("y" * 10_000_000, "place " + "9" * 10_000_000):
        with pytest.raises(IllegalMove) as caught:
            game.apply(state, 1, text)
        assert len(str(caught.value)) < SHORT_REFUSAL


def test_long_options_and_setup_keys_are_quoted_short() -> None:
    for game in GAMES:
        for options in ({LONG: 1}, {"first": LONG}):
            with pytest.raises(ValueError) as caught:
                game.new(game.min_players, options, 1)
            assert len(str(caught.value)) < SHORT_REFUSAL
        with pytest.raises(ValueError) as caught:
            game.new(game.min_players, {}, 1, {LONG: 1, "z" + LONG: 2})
        assert len(str(caught.value)) < SHORT_REFUSAL


def test_replay_of_a_long_move_reports_it_short() -> None:
    record = {"game": "isis-osiris", "players": 2, "moves": [{"seat": 1, "move": LONG}]}
    out = replay(record)
    assert not out["ok"] and len(json.dumps(out["error"])) < SHORT_REFUSAL
    assert out["error"]["move"] == "x" * ECHO_LIMIT + "…"


def test_cli_quotes_a_long_option_short() -> None:
    res = cli("simulate", "isis-osiris", "--players", "2", "--option", LONG)
    assert res.returncode == 2 and len(res.stderr) < SHORT_REFUSAL and "Traceback" not in res.stderr


@pytest.mark.parametrize(("text", "words"), [
    ('{"game": "isis-osiris", "players": 2, "options": ' + "[" * 1_000 + "]" * 1_000 + "}",
     "nested"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"game": "isis-osiris", "players": 2, "seed": 1' + "0" * 5_000 + "}", "digits long"),
    ('{"game": "isis-osiris", "players": 2, "seed": 1' + "0" * 4_000 + "}", "number too large"),
    ('{"game": "isis-osiris", "players": 1' + "0" * 4_000 + "}", "number too large"),
], ids=["options-1000-deep", "100000-deep", "5000-digits", "4000-digit-seed", "4000-digit-count"])
def test_records_with_absurd_nesting_or_numbers_get_one_sentence(text: str, words: str) -> None:
    with pytest.raises(BadRecord, match=words) as caught:
        replay(read_record(text))
    assert len(str(caught.value)) < SHORT_REFUSAL
    res = cli("replay", "-", stdin=text)
    assert res.returncode == 2 and words in res.stderr and "Traceback" not in res.stderr
    assert len(res.stderr) < SHORT_REFUSAL


@pytest.mark.parametrize("key", ["options", "setup", "moves"])
def test_wrong_types_are_refused_not_taken_as_absent(key: str) -> None:
    right: object = [] if key == "moves" else {}
    for empty in (right, None):
        assert replay({"game": "isis-osiris", "players": 2, key: empty})["ok"]
    for wrong in (False, "", 0, {} if key == "moves" else []):
        with pytest.raises(BadRecord, match=f"'{key}' must be .*, not ") as caught:
            replay({"game": "isis-osiris", "players": 2, key: wrong})
        assert len(str(caught.value)) < SHORT_REFUSAL


def test_simulate_piped_into_head_ends_quietly() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "games", "simulate", "maitre-des-mers",
                             "--players", "6", "--bot", "random", "--bot", "random", "--bot",
                             "random", "--bot", "random", "--bot", "random", "--bot", "random"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the record is written: EPIPE
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert err == "" and proc.returncode == 1


def test_master_islands_deck_is_a_multiset_of_the_real_deck() -> None:
    game = get_game("master-islands")
    with pytest.raises(ValueError, match=r"more cards than the game has: Y1×45 too many"):
        game.new(2, {}, 1, {"deck": ["Y1"] * 48})
    with pytest.raises(BadRecord, match="more cards than the game has"):
        replay({"game": "master-islands", "players": 2, "setup": {"deck": ["B4"] * 3 + full_deck()}})
    real = full_deck()
    assert game.new(2, {}, 1, {"deck": real})["pile"] == real[7:]  # the whole real deck is fine


def test_master_islands_alignment_listing_is_bounded() -> None:
    row = {(x, 0): card for x, card in enumerate(full_deck())}  # 624,360 alignments in one row
    found = find_alignments(row, [])
    assert len(found) == MAX_ALIGNMENTS and all(sum(int(row[p][1]) for p in a) == 10 for a in found)
    junk = {(x, 0): "Y1" for x in range(200)}  # no record can hold this, a state still might
    assert len(find_alignments(junk, [])) == MAX_ALIGNMENTS
    assert find_alignments({(x, 0): "Y3" for x in range(200)}, []) == []  # nothing sums to 10


@pytest.mark.parametrize("raw", ["٣", "³", "+٣", "-³", "①", "+ 2", "2_0", " +2x"])
def test_tile_values_accept_ascii_digits_only(raw: str) -> None:
    game = get_game("isis-osiris")
    with pytest.raises(ValueError, match="is not a tile value"):
        game.new(2, {}, 1, {"tiles": [[raw], ["+1"]]})
    assert game.new(2, {}, 1, {"tiles": [[" +2 "], ["-1"]]})["reserves"] == [[2], [-1]]


@pytest.mark.parametrize("text", ["discard ³", "discard ٣", "arm C٧", "attack C7 ٢:F9",
                                  "attack C7 ²:F9", "place ³ 4", "use +1 ٣"])
def test_maitre_des_mers_numbers_are_ascii_digits(text: str) -> None:
    with pytest.raises(IllegalMove):
        get_game("maitre-des-mers").parse(text)


def test_simulated_records_still_replay() -> None:
    for game in GAMES:
        record = simulate(game.id, game.min_players, 3, {}, ["random"] * game.min_players)
        assert replay(read_record(json.dumps(record)))["ok"]


def test_a_deep_record_is_refused_in_the_same_words_whichever_check_meets_it() -> None:
    """1,000 nested lists are refused either by JSON's own recursion guard or by the depth walk,
    depending on how deep the caller's stack already is: both sentences say "nested"."""
    deep: list = []
    for _ in range(9):
        deep = [deep]
    with pytest.raises(BadRecord, match="nested more than 8 levels deep"):
        check_plain({"game": "isis-osiris", "options": deep})
    with pytest.raises(BadRecord, match="nested too deeply"):
        read_record("[" * 100_000 + "]" * 100_000)
