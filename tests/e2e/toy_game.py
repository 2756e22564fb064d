"""A test-only game for the e2e suite: it declares option kinds and counts the real games lack
(a ``number`` option, six options so the settings panel needs pages, up to six players), so the
bot is shown to offer any registered game without a line of bot/ naming it.

Each seat is dealt ``rounds`` cards; on their turn a seat plays one (``play 4``) and scores it
(+1 with ``bonus``). The game ends when every hand is empty; the highest score wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot import catalog
from games import FIRST_OPTION, Game, IllegalMove, Option, State, View, get_game, random_bot
from games.registry import UnknownGame
from tests.bot.toy import PlayOneCard

TOY_ID = "toy-rounds"


class ToyRounds(PlayOneCard):
    id = TOY_ID
    name = "Toy Rounds"
    min_players = 2
    max_players = 6
    summary = (
        "A test-only card game. Each player is dealt as many cards as there are rounds; on your "
        "turn you play one with `play <n>` and score its value. The highest score wins."
    )
    options = (
        Option("rounds", None, 2, "How many cards each player is dealt: one a round.",
               kind="number", label="Rounds", minimum=1, maximum=5),
        Option("deck", ("low", "high"), "low", "Low deals cards 1-5, high deals cards 5-9.",
               label="Deck"),
        Option("bonus", None, False, "Yes: every card played scores one point more. " * 3,
               kind="yesno", label="Bonus point"),
        Option("pace", ("calm", "brisk", "wild"), "calm", "Only a name, to fill the panel.",
               label="Pace"),
        Option("chatty", None, False, "Yes: each move also says a friendly word.",
               kind="yesno", label="Chatty"),
        FIRST_OPTION,
    )
    bots = {"easy": random_bot, "medium": random_bot, "hard": random_bot}

    def new(self, players: int, options: Mapping[str, Any] | None, seed: int,
            setup: Mapping[str, Any] | None = None) -> State:
        opts = self.normalize_options(players, options)
        rng = random.Random(seed)
        low = 1 if opts["deck"] == "low" else 5
        hands = [[rng.randint(low, low + 4) for _ in range(opts["rounds"])] for _ in range(players)]
        first = opts["first"] or rng.randint(1, players)
        return {"seed": seed, "rng_counter": 0, "players": players, "options": opts,
                "hands": hands, "scores": [0] * players, "turn": first, "last": None}

    def apply(self, state: State, seat: int, move: str) -> tuple[State, list[dict[str, Any]]]:
        move = self.parse(move)
        if seat not in self.to_move(state):
            raise IllegalMove(f"It is not seat {seat}'s turn.")
        card = int(move.split()[1])
        hands = [list(h) for h in state["hands"]]
        if card not in hands[seat - 1]:
            raise IllegalMove(f"You have no {card} in your hand.")
        hands[seat - 1].remove(card)
        scores = list(state["scores"])
        scores[seat - 1] += card + (1 if state["options"]["bonus"] else 0)
        events: list[dict[str, Any]] = [{"text": f"Seat {seat} played {card}.", "seat": seat}]
        if state["options"]["chatty"]:
            events.append({"text": f"Seat {seat} says hello."})
        nxt = seat
        for _ in range(state["players"]):
            nxt = nxt % state["players"] + 1
            if hands[nxt - 1]:
                break
        new = {**state, "hands": hands, "scores": scores, "turn": nxt,
               "last": {"seat": seat, "move": move}}
        return new, events

    def view(self, state: State, seat: int | None) -> View:
        res = self.result(state)
        return {
            "game": self.id, "viewer": seat, "players": state["players"],
            "options": state["options"], "to_move": self.to_move(state),
            "last_move": state["last"], "result": res.to_json() if res.finished else None,
            "seats": [{"seat": i + 1, "hand_size": len(h), "score": state["scores"][i]}
                      for i, h in enumerate(state["hands"])],
            "hand": list(state["hands"][seat - 1]) if seat else None,
        }


class ToyRenderer:
    @staticmethod
    def _draw(text: str) -> Image.Image:
        image = Image.new("RGB", (400, 100), (250, 247, 240))
        ImageDraw.Draw(image).text((8, 8), text, fill=(0, 0, 0))
        return image

    def board(self, view: View) -> Image.Image:
        return self._draw(" ".join(f"S{s['seat']}:{s['score']}" for s in view["seats"]))

    def hand(self, view: View) -> Image.Image:
        return self._draw(f"hand {view['hand']}")


def register_toy() -> Game:
    """Register the toy game with its renderer (once per process), as any game is offered."""
    try:
        return get_game(TOY_ID)
    except UnknownGame:
        return catalog.register(ToyRounds(), ToyRenderer()).game
