"""A tiny card game with hidden hands, so the host is tested without the real engines.

Each seat holds 2 cards (values 1-9); on their turn a seat plays one (``play 4``): it scores its
value and draws the top of the pile (a private event). The option ``chatty=yes`` adds a transient
public line to each move, like an Isis & Osiris reveal. Ends when every hand is empty.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot import catalog
from games import Game, IllegalMove, Option, Result, State, View, get_game, random_bot
from games.registry import UnknownGame

TOY_ID = "toy-cards"


class PlayOneCard(Game):
    """What the test-only card games share: on your turn you play one card of your hand
    (``play 4``); the game ends when every hand is empty, the highest score winning."""

    def to_move(self, state: State) -> list[int]:
        return [] if self.result(state).finished else [state["turn"]]

    def legal(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        return sorted({f"play {c}" for c in state["hands"][seat - 1]})

    def parse(self, text: str) -> str:
        parts = text.split()
        if len(parts) != 2 or parts[0].lower() != "play" or not parts[1].isdigit():
            raise IllegalMove("Moves look like 'play 4'.")
        return f"play {int(parts[1])}"

    def result(self, state: State) -> Result:
        scores = list(state["scores"])
        if any(state["hands"]):
            return Result(False, scores)
        best = max(scores)
        return Result(True, scores, [i + 1 for i, s in enumerate(scores) if s == best], "all cards played")

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return state


class ToyCards(PlayOneCard):
    id = TOY_ID
    name = "Toy Cards"
    min_players = 2
    max_players = 3
    summary = (
        "A tiny card game that exists only for the tests of the table host and the adapter.\n"
        "Each player holds a few numbered cards drawn from a shuffled deck. On your turn you play "
        "one card from your hand with `play <n>`, score its value and draw the top card of the "
        "pile, which only you see. When the pile and every hand are empty, the highest score "
        "wins; equal scores share the win."
    )
    options = (
        Option("length", ("short", "long"), "short",
               "How long the game is: short deals 8 cards, long deals 14."),
        Option("chatty", ("no", "yes"), "no",
               "Whether each move also adds a line that is shown only once."),
    )
    bots = {"easy": random_bot, "medium": random_bot, "hard": random_bot}

    def new(self, players: int, options: Mapping[str, Any] | None, seed: int,
            setup: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(players, options)
        if setup and "deck" in setup:
            deck = [int(c) for c in setup["deck"]]
        else:
            size = 8 if opts["length"] == "short" else 14
            rng = random.Random(seed)
            deck = [rng.randint(1, 9) for _ in range(size)]
        hands = [deck[2 * i:2 * i + 2] for i in range(players)]
        return {"seed": seed, "rng_counter": 0, "players": players, "options": opts,
                "hands": hands, "pile": deck[2 * players:], "scores": [0] * players,
                "turn": 1, "last": None}

    def apply(self, state: State, seat: int, move: str) -> tuple[State, list[dict[str, Any]]]:
        move = self.parse(move)
        if seat not in self.to_move(state):
            raise IllegalMove(f"It is not seat {seat}'s turn.")
        card = int(move.split()[1])
        hand = list(state["hands"][seat - 1])
        if card not in hand:
            raise IllegalMove(f"You have no {card} in your hand.")
        hand.remove(card)
        pile = list(state["pile"])
        events: list[dict[str, Any]] = [{"text": f"Seat {seat} played {card}.", "seat": seat}]
        if pile:
            drawn = pile.pop(0)
            hand.append(drawn)
            events.append({"text": f"Seat {seat} drew a card.", "private": {seat: f"You drew {drawn}."}})
        if state["options"]["chatty"] == "yes":
            events.append({"text": f"(psst: seat {seat} had {card})", "transient": True})
        hands = [list(h) for h in state["hands"]]
        hands[seat - 1] = hand
        scores = list(state["scores"])
        scores[seat - 1] += card
        nxt = seat
        for _ in range(state["players"]):
            nxt = nxt % state["players"] + 1
            if hands[nxt - 1]:
                break
        new = {**state, "hands": hands, "pile": pile, "scores": scores, "turn": nxt,
               "last": {"seat": seat, "move": move, "cells": []}}
        return new, events

    def view(self, state: State, seat: int | None) -> View:
        res = self.result(state)
        return {
            "game": self.id, "viewer": seat, "players": state["players"],
            "options": state["options"], "to_move": self.to_move(state),
            "last_move": state["last"], "result": res.to_json() if res.finished else None,
            "seats": [{"seat": i + 1, "hand_size": len(h), "score": state["scores"][i]}
                      for i, h in enumerate(state["hands"])],
            "pile": len(state["pile"]),
            "hand": list(state["hands"][seat - 1]) if seat else None,
        }

    def status(self, view: View) -> list[str]:
        return [f"pile {view['pile']}", *super().status(view)]


def toy_game() -> Game:
    """The toy game, registered once with its renderer (the way any game is offered)."""
    try:
        return get_game(TOY_ID)
    except UnknownGame:
        return catalog.register(ToyCards(), ToyRenderer()).game


class ToyRenderer:
    """Draws the public/private view as text; deterministic, so equal views give equal PNGs."""

    @staticmethod
    def _draw(text: str) -> Image.Image:
        image = Image.new("RGB", (400, 120), (250, 247, 240))
        ImageDraw.Draw(image).text((8, 8), text, fill=(0, 0, 0))
        return image

    def board(self, view: View) -> Image.Image:
        seats = " ".join(f"S{s['seat']}:{s['score']}/{s['hand_size']}" for s in view["seats"])
        return self._draw(f"pile {view['pile']}  {seats}  last {view['last_move']}")

    def hand(self, view: View) -> Image.Image:
        return self._draw(f"hand {view['hand']}")
