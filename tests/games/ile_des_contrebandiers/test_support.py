"""Helpers shared by the L'île des contrebandiers tests (no tests here)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games import get_game
from games.base import Event, State

GAME = get_game("ile-des-contrebandiers")
GOODS = [["1:1", "2:2", "3:3", "4:1"], ["2:1", "3:2", "4:3", "0:1"], ["3:1", "4:2", "0:3", "1:1"],
         ["4:1", "0:2", "1:3", "2:1"], ["0:1", "1:2", "2:3", "3:1"]]
"""The IC-5 tiles in a fixed order: island k's top tile goes to k+1 for 1 point."""


def new(players: int = 2, dice: Iterable[Any] = (), beam: int = 5, goods: list[list[str]] | None
        = None, seed: int = 1, reefs: list[str] | None = None, **options: Any) -> State:
    """A fresh state (set-up stage), seat 1 first unless ``first`` is given, setup fixed."""
    options.setdefault("first", 1)
    setup: dict[str, Any] = {"beam": beam, "goods": goods if goods is not None else GOODS,
                             "dice": [list(d) for d in dice]}
    if reefs is not None:
        setup["reefs"] = reefs
    return GAME.new(players, options, seed, setup)


def play(state: State, *moves: str) -> tuple[State, list[Event]]:
    """Apply moves for whoever is to move; the final state and all events."""
    events: list[Event] = []
    for move in moves:
        state, ev = GAME.apply(state, GAME.to_move(state)[0], move)
        events.extend(ev)
    return state, events


def texts(events: list[Event]) -> list[str]:
    return [e["text"] for e in events]


def arrange(state: State, boats: dict[int, tuple[str, str | None]] | None = None,
            floating: dict[str, str] | None = None, *, seat: int = 1, white: int = 4,
            beam: int | None = None, stage: str = "sail", shown: Iterable[int] = ()) -> State:
    """A copy of ``state`` with boats (``{seat: (space, tile)}``) and floating tiles placed and
    ``seat`` to choose its sail with the white die ``white`` (the beam already turned)."""
    st = {**state, "boats": [dict(b) for b in state["boats"]], "floating": {},
          "stacks": [list(s) for s in state["stacks"]]}
    for s, (space, tile) in (boats or {}).items():
        st["boats"][s - 1] = {"space": space, "tile": tile, "shown": s in set(shown)}
    for b in st["boats"]:
        if b["space"] is None:
            b["space"] = "H0"
    for space, tile in (floating or {}).items():
        st["floating"][space] = {"tile": tile, "shown": False}
    if beam is not None:
        st["beam"] = beam
    st["turn"] = {"seat": seat, "stage": stage, "caught": [], "drops_left": [], "white": white,
                  "after": "sail", "from": None, "pushed": None}
    st["dice"] = {"yellow": "sleep", "white": white}
    return st


def tiles_of(state: State) -> list[str]:
    """Every tile the state holds (stacks, boats, sea, delivered), sorted."""
    out = [t for s in state["stacks"] for t in s]
    out += [b["tile"] for b in state["boats"] if b["tile"] is not None]
    out += [f["tile"] for f in state["floating"].values()]
    out += [t for d in state["delivered"] for t in d]
    return sorted(out)


def ends(state: State) -> dict[str, str]:
    """End space -> legal sail move, for the seat to move."""
    seat = GAME.to_move(state)[0]
    return {m.split()[-1]: m for m in GAME.legal(state, seat) if m.startswith("sail")}
