"""Fuzzing game records (issue 17, item 9): real records of every game, mutated (values of the
wrong type, deep nesting, huge numbers, random keys, long texts) or cut short as JSON text, go
through ``read_record`` and ``replay`` as ``python -m games replay`` runs them. Each ends in a
result that prints as JSON or in one short BadRecord sentence, never another exception; the
untouched records still replay. A few go through the real command line too."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.records import BadRecord, read_record, replay, simulate
from tests.games.fuzz_support import SETUPS, Tally, random_text

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("game", "players", "options", "seed", "setup", "moves", "seat", "move", "deck", "tiles",
        "pile", "ships", "dice", "beam", "goods", "reefs", "mode", "first", "reserve")


def deep(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value] if levels % 2 else {"a": value}
    return value


def weird(rng: random.Random) -> Any:
    """A value of a kind a record should not hold there."""
    return rng.choice((
        False, True, None, 0, -1, 7, 1.5, float("nan"), 2**63, -(10**4_000), "", "٣", "+٣", "B4",
        "\ud800", "x" * 2_100, random_text(rng, 12), [], {}, [None], ["B4"] * 48, {"x": 1},
        deep(rng.choice((5, 50, 500))), [[1, 2]] * 30, ["+2"] * 30, [-9] * 7,
    ))


def record_for(setup: tuple[str, int, dict], seed: int) -> dict[str, Any]:
    """A real record: computer players, its first 25 moves (replays stay cheap)."""
    game_id, players, options = setup
    record = simulate(game_id, players, seed, options, ["random"] * players)
    record["moves"] = record["moves"][:25]
    return record


def mutate(rng: random.Random, record: Any) -> Any:
    """The record with one to three values, keys or list items changed in place."""
    record = json.loads(json.dumps(record))
    for _ in range(rng.randint(1, 3)):
        parent, key = None, None
        node = record
        while isinstance(node, (dict, list)) and node and rng.random() < 0.7:
            parent = node
            key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            node = node[key]
        if parent is None:
            return weird(rng) if rng.random() < 0.2 else record
        roll = rng.random()
        if roll < 0.6:
            parent[key] = weird(rng)
        elif roll < 0.75 and isinstance(parent, dict):
            del parent[key]
        elif isinstance(parent, dict):
            parent[rng.choice(KEYS + (random_text(rng, 8),))] = weird(rng)
        else:
            parent.insert(key, weird(rng))
    return record


def as_text(rng: random.Random, record: Any) -> str:
    """JSON text of the record, sometimes cut short, nested, or with a huge number in it."""
    text = json.dumps(record)
    roll = rng.random()
    if roll < 0.1:
        return text[: rng.randrange(len(text))]
    if roll < 0.15:
        levels = rng.choice((900, 1_000, 100_000))
        return text[:-1] + ', "x": ' + "[" * levels + "]" * levels + "}"
    if roll < 0.2:
        return text.replace(": 0", ": 1" + "0" * rng.choice((4_000, 5_000)), 1)
    if roll < 0.25:
        i = rng.randrange(len(text))
        return text[:i] + random_text(rng, 3) + text[i:]
    return text


def try_one(text: str, tally: Tally) -> None:
    tally.counts["inputs"] += 1
    try:
        out = replay(read_record(text))
        json.dumps(out, sort_keys=True)  # what the command prints
    except BadRecord as exc:
        tally.refusal(str(exc), text)
        return
    except Exception as exc:  # noqa: BLE001 - any other exception is the finding
        tally.fail(f"{type(exc).__name__}: {str(exc)[:200]} for {text[:160]!r}")
        return
    if out["ok"]:
        tally.counts["replayed"] += 1
    else:
        tally.refusal(out["error"]["message"], text)
        shown = str(out["error"]["move"])
        if len(shown) > 41:
            tally.fail(f"long move echo {shown[:60]!r}")


def run(seeds: range, tries: int) -> dict[str, Tally]:
    tallies = {}
    for setup in SETUPS:
        tally = tallies[setup[0]] = tallies.get(setup[0], Tally())
        for seed in seeds:
            rng = random.Random(f"fuzz-records:{setup}:{seed}")
            record = record_for(setup, seed)
            assert replay(read_record(json.dumps(record)))["ok"]  # the real record replays
            for _ in range(tries):
                try_one(as_text(rng, mutate(rng, record)), tally)
    return tallies


def check(tallies: dict[str, Tally], suffix: str = "") -> None:
    for name, tally in tallies.items():
        print(tally.line(f"records {name}{suffix}"))
    assert all(t.counts["tracebacks"] == 0 for t in tallies.values()), \
        [f for t in tallies.values() for f in t.failures]
    assert all(t.counts["clear refusals"] > t.counts["inputs"] // 3 for t in tallies.values())


def test_fuzzed_records_replay_or_get_one_short_sentence() -> None:
    check(run(range(1), 150))


def test_fuzzed_records_through_the_command_line() -> None:
    """The same inputs end without a traceback in a real ``python -m games replay``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random("fuzz-records-cli")
    record = record_for(SETUPS[0], 1)
    texts = [as_text(rng, mutate(rng, record)) for _ in range(5)]
    texts += ["[" * 100_000, '{"game": 1' + "0" * 5_000 + "}", json.dumps(record)[:-9]]
    for text in texts:
        res = subprocess.run([sys.executable, "-m", "games", "replay", "-"], input=text, text=True,
                             capture_output=True, cwd=ROOT, env=env, timeout=120)
        assert res.returncode in (0, 1, 2) and "Traceback" not in res.stderr, res.stderr[-2_000:]
        assert len(res.stderr) < 320


@pytest.mark.slow
def test_fuzzed_records_long_run() -> None:
    check(run(range(1, 6), 400), " (long)")
