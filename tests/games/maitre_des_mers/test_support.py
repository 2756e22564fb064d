"""Helpers shared by the Le Maître des Mers tests (no tests here)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games import get_game
from games.base import Event, State
from games.maitre_des_mers import flow
from games.maitre_des_mers.cards import GOODS_IDS, SHIP_CODES, TREASURE_IDS

GAME = get_game("maitre-des-mers")
PORT = ["G11", "C7", "F9", "C8"]
SHIPS = PORT + [s for s in SHIP_CODES if s not in PORT]
"""A fixed ship order: port G11 C7 F9 C8, then the pile in card order (C9 first)."""


def new(players: int = 2, dice: Iterable[int] = (), ships: list[str] | None = None,
        seed: int = 1, **options: Any) -> State:
    """A state with seat 1 first unless ``first`` is given, ships and dice fixed."""
    options.setdefault("first", 1)
    return GAME.new(players, options, seed, {"ships": ships or SHIPS, "dice": list(dice)})


def play(state: State, *moves: str) -> tuple[State, list[Event]]:
    """Apply moves for whoever is to move; the final state and all events."""
    events: list[Event] = []
    for move in moves:
        state, ev = GAME.apply(state, GAME.to_move(state)[0], move)
        events.extend(ev)
    return state, events


def texts(events: list[Event]) -> list[str]:
    return [e["text"] for e in events]


def with_fleets(state: State, fleets: dict[int, list[tuple[str, str | None]]]) -> State:
    """A copy where seats hold these ships and cargoes (taken out of the port, pile and stacks);
    the turn restarts at announce for the seat to move, so its pool and powers follow."""
    st = {**state, "port": list(state["port"]), "pile": list(state["pile"]),
          "goods": list(state["goods"]), "treasures": list(state["treasures"]),
          "fleets": [list(f) for f in state["fleets"]]}
    for seat, ships in fleets.items():
        st["fleets"][seat - 1] = [{"ship": s, "cargo": c} for s, c in ships]
        for ship, cargo in ships:
            for key in ("port", "pile"):
                if ship in st[key]:
                    st[key].remove(ship)
            for key in ("goods", "treasures"):
                if cargo in st[key]:
                    st[key].remove(cargo)
    flow.new_turn(st, state["turn"]["seat"])
    return st


def cards_accounted(state: State) -> tuple[list[str], list[str], list[str]]:
    """Every ship, goods and treasure id the state holds, sorted (for conservation checks)."""
    fleet = [e for f in state["fleets"] for e in f]
    ships = state["port"] + state["pile"] + [e["ship"] for e in fleet]
    cargo = [e["cargo"] for e in fleet if e["cargo"]]
    turn = state["turn"]
    pending = [turn["card"]] if turn and turn["stage"] == "stow" else []
    goods = state["goods"] + [c for c in cargo + pending if c in GOODS_IDS]
    treasures = state["treasures"] + [c for c in cargo + pending if c in TREASURE_IDS]
    return sorted(ships), sorted(goods), sorted(treasures)
