"""The L'île des contrebandiers ``Game``: set-up, turn checks, views, results, determinization.

State (plain JSON): ``beam`` (the lit sector 0-9), ``reefs`` (every reef space, sorted) and
``extra_reefs`` (the variant's, for the record), ``stacks`` (five lists of tiles, top first),
``boats`` / ``floating`` / ``turn`` (see ``flow.py``), ``delivered`` (per seat, tiles kept),
``dice`` (the last roll), ``path`` (the last sail), ``script`` + ``dice_used`` + ``seed`` +
``rng_counter`` (the dice: ``setup.dice`` first, then the seeded generator), ``first``,
``last_move``, ``over``, ``reason`` (the game-over sentence as :func:`games.text.dump` data,
so it can be said in any language after a JSON round trip), ``winners``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import Game, IllegalMove, MenuStep, Result, Sample, State, View, rng_for, setup_of
from ..options import FIRST_OPTION, Option
from ..text import Text, load, say
from ..text import seat as player
from . import deal, flow, moves
from .board import (
    ANCHOR,
    ISLANDS,
    SPACES,
    distances_from,
    harbour_access,
    harbours_connected,
)
from .levels import BOTS
from .menu import describe, menu_path
from .notation import parse, parse_sea
from .position import position_words
from .summary import SUMMARY
from .view import build_view
from .words import sector

SETUP_KEYS = ("beam", "goods", "dice", "reefs")
_DIGITS = ("0", "1", "2", "3", "4")
MAX_REEFS = 3
REEFS_OPTION = Option(
    "reefs", None, 0,
    say("Variant: extra reefs (0 to 3) put on free sea spaces at random, every harbour kept "
        "reachable."),
    kind="number", label=say("Extra reefs"), minimum=0, maximum=MAX_REEFS, unset=say("no extra reefs"),
)


def standard_goods() -> list[list[str]]:
    """IC-5: island k's tiles go to k+1 … k+4 (mod 5), worth 1, 2, 3 and 1 points."""
    return [[f"{(k + j) % ISLANDS}:{p}" for j, p in zip((1, 2, 3, 4), (1, 2, 3, 1), strict=True)]
            for k in range(ISLANDS)]


class IleDesContrebandiers(Game):
    """L'île des contrebandiers (Anja Wrede): smuggle goods between islands past a lighthouse."""

    id = "ile-des-contrebandiers"
    name = "L'île des contrebandiers"
    min_players = 2
    max_players = 4
    options = (FIRST_OPTION, REEFS_OPTION)
    summary = SUMMARY
    bots = BOTS

    def samples(self) -> tuple[Sample, ...]:
        """Two to four boats; extra reefs (the variant)."""
        return (Sample(2), Sample(3, {"reefs": 2}, 2), Sample(4, seed=3))

    # -- set-up -------------------------------------------------------------------------------
    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> State:
        opts = self.normalize_options(players, options)
        setup = setup_of(setup, SETUP_KEYS)
        base = {"seed": seed, "rng_counter": 0}
        beam = setup.get("beam")
        if beam is None:  # IC-3, IC-S2: the beam points at an island drawn at random
            beam = 2 * rng_for(base, "beam").randrange(ISLANDS)
        elif not (isinstance(beam, int) and not isinstance(beam, bool) and 0 <= beam <= 9):
            raise ValueError("setup 'beam' must be a sector number from 0 to 9")
        goods = setup.get("goods")
        if goods is None:  # IC-5, IC-S2
            goods = standard_goods()
            rnd = rng_for(base, "goods")
            for stack in goods:
                rnd.shuffle(stack)
        else:
            goods = _read_goods(goods)
        anchor = [ANCHOR] if players == 2 else []
        extra = setup.get("reefs")
        if extra is None:
            extra = _draw_reefs(base, anchor, opts["reefs"])
        else:
            extra = _read_reefs(extra, anchor)
        script = _read_dice(setup.get("dice") or [])
        first = opts["first"]
        if first is None:  # IC-S1
            first = rng_for(base, "first").randint(1, players)
        st: dict[str, Any] = {
            "game": self.id, "players": players, "options": opts, "seed": seed,
            "rng_counter": 0, "script": script, "dice_used": 0, "first": first,
            "beam": beam, "reefs": sorted(set(anchor + extra)), "extra_reefs": sorted(extra),
            "stacks": goods, "boats": [{"space": None, "tile": None, "shown": False}
                                       for _ in range(players)],
            "floating": {}, "delivered": [[] for _ in range(players)], "dice": None,
            "path": None, "last_move": None, "over": False, "reason": "", "winners": [],
            "turn": {"seat": first, "stage": "start", "caught": [], "drops_left": [],
                     "white": 0, "after": "sail", "from": None, "pushed": None},
        }
        return st

    def record_setup(self, state: State) -> dict[str, Any]:
        """``beam`` and ``goods`` (valid for a fresh state), ``reefs`` when the variant placed
        some, ``dice`` when the state was made from ``setup.dice``."""
        out: dict[str, Any] = {"beam": state["beam"],
                               "goods": [list(s) for s in state["stacks"]]}
        if state["extra_reefs"]:
            out["reefs"] = list(state["extra_reefs"])
        if state["script"]:
            out["dice"] = [list(p) for p in state["script"]]
        return out

    # -- play ---------------------------------------------------------------------------------
    def to_move(self, state: State) -> list[int]:
        if state["over"] or state["turn"] is None:
            return []
        return [state["turn"]["seat"]]

    def legal(self, state: State, seat: int) -> list[str]:
        if seat not in self.to_move(state):
            return []
        return moves.legal(state)

    def parse(self, text: str) -> str:
        return parse(text)

    def apply(self, state: State, seat: int, move: str) -> tuple[State, list[dict[str, Any]]]:
        text = parse(move)
        if state["over"]:
            raise IllegalMove(say("The game is over."))
        movers = self.to_move(state)
        if seat not in movers:
            raise IllegalMove(say("It is not your turn: {who} is to move.",
                                  who=player(movers[0])))
        text = moves.check(state, seat, text)
        st = _working_copy(state)
        if state["turn"]["stage"] not in ("push", "load"):
            st["path"] = None
        events = moves.play(st, seat, text)
        st["last_move"] = {"seat": seat, "move": text,
                           "cells": moves.cells(state, st, seat, text)}
        return st, events

    def view(self, state: State, seat: int | None) -> View:
        return build_view(self.id, state, seat, self.result(state), self.to_move(state))

    def result(self, state: State) -> Result:
        scores = [flow.score(state, s) for s in range(1, state["players"] + 1)]
        if not state["over"]:
            return Result(False, scores)
        return Result(True, scores, list(state["winners"]), load(state["reason"]))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Every tile ``seat`` cannot see (island stacks, hidden floating tiles, other boats'
        hidden tiles) dealt again as its knowledge allows (:mod:`.deal`); future dice
        re-seeded."""
        st = _working_copy(state)
        deal.determinize(st, seat, rng)
        st["script"] = []
        st["dice_used"] = 0
        st["seed"] = rng.randrange(2**62)
        st["rng_counter"] = 0
        return st

    # -- presentation -------------------------------------------------------------------------
    def menu_path(self, view: View, move: str) -> list[MenuStep]:
        return menu_path(view, move)

    def describe(self, view: View, move: str) -> str:
        return describe(view, move)

    def status(self, view: View) -> list[str]:
        """The lit sector, then the scores."""
        return [say("beam on {sector}", sector=sector(view["beam"]))] + super().status(view)

    def board_words(self, view: View) -> list[Text]:
        """The turn, scores, dice, beam and reefs, boats, floating tiles, islands, the hand."""
        return position_words(view)


def _working_copy(state: State) -> dict[str, Any]:
    """A copy deep enough that ``moves.play`` never touches ``state``."""
    st = dict(state)
    st["stacks"] = [list(s) for s in state["stacks"]]
    st["boats"] = [dict(b) for b in state["boats"]]
    st["floating"] = dict(state["floating"])
    st["delivered"] = list(state["delivered"])
    if state["turn"] is not None:
        st["turn"] = dict(state["turn"])
    return st


def _read_goods(goods: Any) -> list[list[str]]:
    usage = ("setup 'goods' must be five lists (islands 0-4) of tiles \"<destination>:<points>\""
             " (destination 0-4, points 1-3), top first, 20 tiles at most")
    if not isinstance(goods, list) or len(goods) != ISLANDS:
        raise ValueError(usage)
    out = []
    for stack in goods:
        if not isinstance(stack, list):
            raise ValueError(usage)
        tiles = []
        for tile in stack:
            parts = tile.split(":") if isinstance(tile, str) else []
            if len(parts) != 2 or parts[0] not in _DIGITS[:5] or parts[1] not in _DIGITS[1:4]:
                raise ValueError(usage)
            tiles.append(f"{int(parts[0])}:{int(parts[1])}")
        out.append(tiles)
    if sum(len(s) for s in out) > 20:
        raise ValueError(usage)
    return out


def _read_reefs(reefs: Any, anchor: list[str]) -> list[str]:
    if not isinstance(reefs, list) or not all(isinstance(r, str) for r in reefs):
        raise ValueError("setup 'reefs' must be a list of sea spaces like \"2c\"")
    try:
        names = [parse_sea(r) for r in reefs]
    except IllegalMove as exc:
        raise ValueError(f"setup 'reefs': {exc}") from None
    extra = sorted(set(names) - set(anchor))
    if len(set(extra + anchor)) > MAX_REEFS:
        raise ValueError("setup 'reefs': at most 3 reefs in all (with 2 players, 3f is one)")
    if not harbours_connected(frozenset(extra + anchor)):
        raise ValueError("setup 'reefs' cut a harbour off: every harbour must stay reachable")
    return extra


def _draw_reefs(base: dict[str, Any], anchor: list[str], wanted: int) -> list[str]:
    """The variant (IC-4): ``wanted`` reefs on free sea spaces (3 in all with the anchor's),
    never on a harbour's access space, redrawn until every free sea space, and so every
    harbour, stays reachable from every other."""
    count = min(wanted, MAX_REEFS - len(anchor))
    if count <= 0:
        return []
    access = {harbour_access(k) for k in range(ISLANDS)}
    free = [s for s in SPACES if s not in anchor and s not in access]
    rnd = rng_for(base, "reefs")
    while True:
        extra = sorted(rnd.sample(free, count))
        blocked = frozenset(extra + anchor)
        reach = distances_from(harbour_access(0), blocked)
        if all(s in reach for s in SPACES if s not in blocked):
            return extra


def _read_dice(dice: Any) -> list[list[Any]]:
    usage = ("setup 'dice' must be a list of [yellow, white] pairs, yellow one of "
             f"{' '.join(flow.YELLOW_FACES)}, white 1-4")
    if not isinstance(dice, list):
        raise ValueError(usage)
    out = []
    for pair in dice:
        if not (isinstance(pair, list | tuple) and len(pair) == 2):
            raise ValueError(usage)
        yellow, white = pair
        if yellow not in flow.YELLOW_FACES or isinstance(white, bool) \
                or not isinstance(white, int) or not 1 <= white <= 4:
            raise ValueError(usage)
        out.append([yellow, white])
    return out
