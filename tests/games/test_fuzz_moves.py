"""Fuzzing move texts (issue 17, item 9): random unicode, very long texts and near misses of
legal moves, at positions spread over real playouts of every game and mode. Every input is
accepted or refused with one short sentence (no other exception), and every legal move, in any
case and spacing, is still accepted. The default run tries ~1,500 texts per game setup; the slow
one (--runslow) ten times as many over more positions."""

from __future__ import annotations

import random

import pytest

from games.base import Game, IllegalMove, State
from tests.games.every_game import setup_id
from tests.games.fuzz_support import ODD_CHARS, SETUPS, Tally, positions, random_text

HUGE = ("9" * 30, "-" + "9" * 30, "1" * 2_100, "0", "-1", "00", "1e9", "٣", "³")


def near_miss(rng: random.Random, move: str) -> str:
    """A legal move with one to three small mistakes a person (or an attacker) could make."""
    tokens = move.split()
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(tokens))
        kind = rng.randrange(8)
        if kind == 0:  # a character replaced
            t = tokens[i]
            j = rng.randrange(len(t))
            tokens[i] = t[:j] + rng.choice(ODD_CHARS + t) + t[j + 1:]
        elif kind == 1:  # a token dropped or doubled
            tokens = tokens[:i] + tokens[i + 1:] if rng.random() < 0.5 and len(tokens) > 1 else \
                tokens[:i + 1] + tokens[i:]
        elif kind == 2:  # two tokens swapped
            j = rng.randrange(len(tokens))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif kind == 3:  # a number replaced by an odd one
            tokens[i] = "".join(rng.choice(HUGE) if c.isdigit() else c for c in tokens[i])
        elif kind == 4:  # junk inserted
            tokens.insert(i, random_text(rng, rng.randint(1, 6)))
        elif kind == 5:  # tokens glued together
            if i + 1 < len(tokens):
                tokens[i:i + 2] = [tokens[i] + rng.choice(("", ",", ":", "->")) + tokens[i + 1]]
        elif kind == 6:  # a token made very long
            tokens[i] = tokens[i] * rng.randint(50, 400)
        else:  # the verb of another game
            tokens[0] = rng.choice(("place", "sail", "take", "pawn", "tile", "reveal", "arm", "use",
                                    "attack", "drop", "turn", "start", "stay", "done", "pass"))
    return " ".join(tokens)


def hostile(rng: random.Random, legal: list[str]) -> str:
    """One input: random unicode, a very long text or a near miss of a legal move."""
    roll = rng.random()
    if roll < 0.25:
        return random_text(rng, rng.randint(0, 40))
    if roll < 0.35:
        return rng.choice(legal) + " " + random_text(rng, rng.randint(1, 2_100))
    if roll < 0.40:
        return random_text(rng, 2_100) if rng.random() < 0.5 else "x" * 20_000
    return near_miss(rng, rng.choice(legal))


def spelt_otherwise(rng: random.Random, move: str) -> str:
    """The same legal move in other case and spacing, as people type it."""
    case = rng.choice((str.upper, str.lower, str.title, str))
    return "  " + "   ".join(case(t) for t in move.split()) + " \t"


def probe(game: Game, state: State, seat: int, rng: random.Random, tries: int, tally: Tally) -> None:
    legal = game.legal(state, seat)
    for move in rng.sample(legal, min(len(legal), 8)):
        tally.counts["inputs"] += 1
        try:
            assert game.parse(move) == move
            after, _ = game.apply(state, seat, move)
            assert game.apply(state, seat, spelt_otherwise(rng, move))[0] == after
            tally.counts["legal moves accepted"] += 1
        except Exception as exc:  # noqa: BLE001 - any exception here is the finding
            tally.fail(f"legal {move!r} refused: {type(exc).__name__}: {str(exc)[:200]}")
    for _ in range(tries):
        text = hostile(rng, legal)
        who = seat if rng.random() < 0.9 else rng.choice((0, -1, seat + 1, 99, 2**62))
        tally.counts["inputs"] += 1
        try:
            game.apply(state, who, text)
            tally.counts["accepted"] += 1
        except IllegalMove as exc:
            tally.refusal(str(exc), text)
        except Exception as exc:  # noqa: BLE001 - any other exception is the finding
            tally.fail(f"{type(exc).__name__}: {str(exc)[:200]} for {text[:120]!r} (seat {who})")


def run(setup: tuple[str, int, dict], seeds: range, spots: int, tries: int) -> Tally:
    game_id, players, options = setup
    tally = Tally()
    for seed in seeds:
        rng = random.Random(f"fuzz-moves:{game_id}:{seed}")
        for game, state, seat in positions(game_id, players, options, seed, spots):
            probe(game, state, seat, rng, tries, tally)
    return tally


def check(name: str, tally: Tally) -> None:
    print(tally.line(name))
    assert tally.counts["tracebacks"] == 0, tally.failures
    assert tally.counts["clear refusals"] > tally.counts["inputs"] // 2  # the fuzzer bit


@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_fuzzed_moves_are_accepted_or_refused_with_one_short_sentence(setup) -> None:
    check(f"moves {setup[0]}", run(setup, range(1), spots=15, tries=100))


@pytest.mark.slow
@pytest.mark.parametrize("setup", SETUPS, ids=setup_id)
def test_fuzzed_moves_long_run(setup) -> None:
    check(f"moves {setup[0]} (long)", run(setup, range(1, 6), spots=30, tries=100))
