"""Nim with hidden weights, a test-only game: a row of twelve stones, each worth 1, 2 or 3
points, face down in an order dealt from the seed; in turn, each seat takes one to three stones
from the end of the row and turns them up. When the row is empty, the most points win."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Game, IllegalMove, Result, Sample, State, View, rng_for, setup_of
from games.echo import echo
from games.options import FIRST_OPTION
from games.registry import register
from games.text import say
from games.text import seat as seat_of
from games.views import view_head

from .levels import BOTS

STONES = (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)


class Nim(Game):
    id = "nim"
    name = "Nim"
    min_players = 2
    max_players = 3
    options = (FIRST_OPTION,)
    summary = say(
        "A row of twelve stones lies face down, each worth 1, 2 or 3 points. On your turn, take "
        "one, two or three stones from the end of the row: they are turned up and their points "
        "are yours. The next seat plays. When the row is empty, the most points win; a tie is "
        "shared. Nobody knows the order of the stones still in the row, so every take is a "
        "gamble on what lies at the end.")
    bots = BOTS

    def samples(self) -> tuple[Sample, ...]:
        return (Sample(2), Sample(3, seed=2))

    def new(self, players: int, options: Mapping[str, Any] | None, seed: int,
            setup: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(players, options)
        setup = setup_of(setup, ("stones",))
        base = {"seed": seed, "rng_counter": 0}
        stones = list(STONES)
        rng_for(base, "deal").shuffle(stones)
        stones = list(setup.get("stones") or stones)
        first = opts["first"] or rng_for(base, "first").randint(1, players)
        return {**base, "players": players, "options": opts, "stones": stones,
                "taken": [[] for _ in range(players)], "current": first, "last_move": None}

    def record_setup(self, state: State) -> dict[str, Any]:
        return {"stones": list(state["stones"])}

    def to_move(self, state: State) -> list[int]:
        return [state["current"]] if state["stones"] else []

    def legal(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        return [f"take {n}" for n in range(1, min(3, len(state["stones"])) + 1)]

    def parse(self, text: str) -> str:
        words = str(text).split()
        if len(words) != 2 or words[0].lower() != "take" or words[1] not in ("1", "2", "3"):
            raise IllegalMove(say("`{text}` is not a move: write take 1, take 2 or take 3.",
                                  text=echo(text)))
        return f"take {words[1]}"

    def apply(self, state: State, seat: int, move: str) -> tuple[State, list[dict[str, Any]]]:
        move = self.parse(move)
        if seat not in self.to_move(state):
            raise IllegalMove(say("It is not {who}'s turn.", who=seat_of(seat)))
        if move not in self.legal(state, seat):
            raise IllegalMove(say("Only {n} stones are left.", n=len(state["stones"])))
        n = int(move.split()[1])
        stones = list(state["stones"])
        took = stones[-n:]
        del stones[-n:]
        taken = [list(t) for t in state["taken"]]
        taken[seat - 1] += took
        after = {**state, "stones": stones, "taken": taken,
                 "current": seat % state["players"] + 1,
                 "last_move": {"seat": seat, "move": move, "cells": []}}
        text = say("{who} takes {n} stones worth {points}.", who=seat_of(seat), n=n,
                   points=sum(took))
        return after, [{"seat": seat, "text": text, "chance": "card"}]

    def view(self, state: State, seat: int | None) -> View:
        result = self.result(state)
        return {
            **view_head(self.id, state, seat, self.to_move(state),
                        dict(state["last_move"]) if state["last_move"] else None, result),
            "stones": len(state["stones"]),
            "seats": [{"seat": s, "score": sum(t)} for s, t in enumerate(state["taken"], 1)],
            "hand": None,
        }

    def result(self, state: State) -> Result:
        scores = [sum(t) for t in state["taken"]]
        if state["stones"]:
            return Result(False, scores)
        best = max(scores)
        return Result(True, scores, [s for s, v in enumerate(scores, 1) if v == best],
                      say("The row is empty."))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The stones still in the row, dealt again: sorted first, so the deal depends on what
        the seat knows (the multiset) and ``rng`` only, never on where they really are."""
        stones = sorted(state["stones"])
        rng.shuffle(stones)
        return {**state, "stones": stones}


GAME = register(Nim())
