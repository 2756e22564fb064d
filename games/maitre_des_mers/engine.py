"""The Le Maître des Mers ``Game``: set-up, turn checks, views, results, determinization.

State (plain JSON): ``port`` (ship codes face up, in port order), ``pile`` (ship codes, top
first), ``goods`` / ``treasures`` (card ids, top first), ``fleets`` (per seat, ``[{"ship",
"cargo"}]`` in the order the ships were armed; cargo a card id or None), ``turn`` (the action
under way, see ``flow.py``; None once the game is over), ``last_action`` (the previous turn as it
ended), ``script`` + ``dice_used`` + ``seed`` + ``rng_counter`` (the dice, see ``dice.py``),
``last_move``, ``over``, ``reason``, ``winners``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import Game, IllegalMove, MenuStep, Result, Sample, State, View, rng_for, setup_of
from ..echo import echo
from ..options import FIRST_OPTION
from ..text import Text, say
from ..text import seat as seat_ref
from . import flow, moves
from .cards import GOODS_IDS, SHIP_CODES, TREASURE_IDS
from .levels import BOTS
from .menu import describe, menu_path
from .notation import parse, parse_ship
from .position import position_words
from .summary import SUMMARY
from .view import build_view

SETUP_KEYS = ("ships", "dice")


class MaitreDesMers(Game):
    """Le Maître des Mers (Jérémie Caplanne): dice combinations win ships, goods and treasures."""

    id = "maitre-des-mers"
    name = "Le Maître des Mers"
    min_players = 2
    max_players = 6
    options = (FIRST_OPTION,)
    summary = SUMMARY
    bots = BOTS

    def samples(self) -> tuple[Sample, ...]:
        """A small table and a large one."""
        return (Sample(3), Sample(5, seed=2))

    # -- set-up -------------------------------------------------------------------------------
    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> State:
        opts = self.normalize_options(players, options)
        ships, script = _read_setup(setup)
        base = {"seed": seed, "rng_counter": 0}
        if ships is None:  # MM-8
            ships = list(SHIP_CODES)
            rng_for(base, "ships").shuffle(ships)
        first = opts["first"]
        if first is None:
            first = rng_for(base, "first").randint(1, players)
        st: dict[str, Any] = {
            "game": self.id, "players": players, "options": opts, "seed": seed,
            "rng_counter": 0, "script": script, "dice_used": 0, "first": first,
            "port": ships[:4], "pile": ships[4:], "goods": list(GOODS_IDS),
            "treasures": list(TREASURE_IDS), "fleets": [[] for _ in range(players)],
            "turn": None, "last_action": None, "last_move": None, "over": False, "reason": "",
            "winners": [],
        }
        flow.new_turn(st, first)
        return st

    def record_setup(self, state: State) -> dict[str, Any]:
        """``{"ships": [...]}``: port then pile, top first (valid for a fresh state). The dice
        come from the seed; a state made from ``setup.dice`` keeps them (``"dice"``)."""
        out: dict[str, Any] = {"ships": list(state["port"]) + list(state["pile"])}
        if state["script"]:
            out["dice"] = list(state["script"])
        return out

    # -- play ---------------------------------------------------------------------------------
    def to_move(self, state: State) -> list[int]:
        turn = state["turn"]
        if state["over"] or turn is None:
            return []
        if turn["stage"] == "loot":  # MM-16: the fight's winner decides, even the defender
            return [turn["fight"]["winner"]]
        return [turn["seat"]]

    def legal(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        return sorted(moves.legal(state))

    def parse(self, text: str) -> str:
        return parse(text)

    def apply(self, state: State, seat: int, move: str) -> tuple[State, list[dict[str, Any]]]:
        text = parse(move)
        if state["over"]:
            raise IllegalMove(say("The game is over."))
        movers = self.to_move(state)
        if seat not in movers:
            raise IllegalMove(say("It is not your turn: {who} is to move.", who=seat_ref(movers[0])))
        if not moves.is_legal(state, text):
            raise IllegalMove(moves.refusal(state, text))
        st = _working_copy(state)
        events = moves.play(st, seat, text)
        return st, events

    def view(self, state: State, seat: int | None) -> View:
        return build_view(self.id, state, seat, self.result(state), self.to_move(state))

    def result(self, state: State) -> Result:
        scores = [flow.score(state, s) for s in range(1, state["players"] + 1)]
        if not state["over"]:
            return Result(False, scores)
        reason = state["reason"]  # a msgid (plain str in the JSON state)
        return Result(True, scores, list(state["winners"]), say(reason) if reason else reason)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The pile reshuffled and the future dice re-seeded: everything else is public. The pile
        is sorted before the shuffle, so the result never depends on its real order."""
        st = _working_copy(state)
        st["pile"] = sorted(st["pile"])
        rng.shuffle(st["pile"])
        st["script"] = []
        st["seed"] = rng.randrange(2**62)
        st["rng_counter"] = 0
        return st

    # -- presentation -------------------------------------------------------------------------
    def menu_path(self, view: View, move: str) -> list[MenuStep]:
        return menu_path(view, move)

    def describe(self, view: View, move: str) -> str:
        return describe(view, move)

    def status(self, view: View) -> list[str]:
        """Ships in the port and the pile, then the scores."""
        return [say("port {n}", n=len(view["port"])), say("pile {n}", n=view["pile"])] + \
            super().status(view)

    def board_words(self, view: View) -> list[Text]:
        """The turn and its action, the scores, the port, pile and stacks, each fleet."""
        return position_words(view)


def _working_copy(state: State) -> dict[str, Any]:
    """A copy deep enough that ``moves.play`` never touches ``state``: lists it edits are
    copied, and fleet entries and turn lists are replaced, never edited in place."""
    st = dict(state)
    for key in ("port", "pile", "goods", "treasures"):
        st[key] = list(state[key])
    st["fleets"] = [list(f) for f in state["fleets"]]
    if state["turn"] is not None:
        st["turn"] = dict(state["turn"])
    return st


def _read_setup(setup: Mapping[str, Any] | None) -> tuple[list[str] | None, list[int]]:
    """(ships top first or None to shuffle, dice values); a misspelt key is refused."""
    setup = setup_of(setup, SETUP_KEYS)
    ships = setup.get("ships")
    if ships is not None:
        if not isinstance(ships, list) or not ships:
            raise ValueError("setup 'ships' must be a non-empty list of ships like \"G11\"")
        try:
            ships = [parse_ship_code(s) for s in ships]
        except IllegalMove as exc:
            raise ValueError(f"setup 'ships': {exc}") from None
        if len(set(ships)) != len(ships):
            raise ValueError("setup 'ships' names a ship twice")
    dice = setup.get("dice") or []
    if not isinstance(dice, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in dice
    ):
        raise ValueError("setup 'dice' must be a list of die values 1 to 6")
    return ships, list(dice)


def parse_ship_code(value: Any) -> str:
    if not isinstance(value, str):
        raise IllegalMove(say("`{bad}` is not a ship.", bad=echo(value)))
    return parse_ship(value)
