"""Hand-made L'ile des contrebandiers views that follow docs/views/ile-des-contrebandiers.md
exactly, so the renderer is tested without the engine."""

from __future__ import annotations

import copy
from typing import Any

View = dict[str, Any]
LONG = "W" * 32  # a 32-character name without a space
NAMES = ["Alice", "Computer 1 (greedy)", "Bartholomew the Magnificent XIV!", LONG]
ISLANDS = ("gems", "coins", "jewels", "vases", "barrels")
HIDDEN = {"hidden": True}


def islands(left: tuple[int, ...] = (4, 4, 4, 4, 4)) -> list[dict[str, Any]]:
    return [{"island": k, "name": ISLANDS[k], "harbour": f"H{k}", "sector": 2 * k,
             "goods_left": left[k]} for k in range(5)]


def face(destination: int, points: int, shown: bool = True) -> dict[str, Any]:
    """A tile with its face given (shown to all, or only to its owner when ``shown`` is false)."""
    return {"hidden": False, "destination": destination, "points": points, "shown": shown}


def turn(seat: int, stage: str, caught: list[int] | None = None,
         drops_left: list[int] | None = None) -> dict[str, Any]:
    return {"seat": seat, "stage": stage, "caught": list(caught or []),
            "drops_left": list(drops_left or [])}


def ic_view(**changes: Any) -> View:
    """A 3-player public view mid-game: seat 2 sails up to 3 after the beam turned 2 clockwise
    onto sector e (4); seat 1 at sea on 3c with a hidden tile, seat 2 in harbour H1 with a tile
    shown at a wrong harbour (to jewels, 2 points), seat 3 on 2h empty; a hidden tile floats on
    1d and a shown one on 2a; keyword arguments replace top-level keys."""
    view: View = {
        "game": "ile-des-contrebandiers", "viewer": None, "players": 3, "options": {},
        "to_move": [2], "result": None,
        "last_move": {"seat": 1, "move": "sail 3d 3c", "cells": ["3e", "3d", "3c"]},
        "beam": 4, "reefs": [],
        "islands": islands((3, 2, 4, 4, 3)),
        "boats": [
            {"seat": 1, "space": "3c", "tile": dict(HIDDEN)},
            {"seat": 2, "space": "H1", "tile": face(2, 2)},
            {"seat": 3, "space": "2h", "tile": None},
        ],
        "floating": [{"space": "1d", "tile": dict(HIDDEN)}, {"space": "2a", "tile": face(3, 1)}],
        "seats": [
            {"seat": 1, "score": 3, "delivered": [{"destination": 1, "points": 1},
                                                  {"destination": 4, "points": 2}]},
            {"seat": 2, "score": 0, "delivered": []},
            {"seat": 3, "score": 2, "delivered": [{"destination": 0, "points": 2}]},
        ],
        "dice": {"yellow": "cw2", "white": 3},
        "turn": turn(2, "sail"),
        "path": ["3d", "3c"],
        "hand": None,
    }
    view.update(copy.deepcopy(changes))
    return view


def setup_view() -> View:
    """Set-up, 2 players: seat 1 has put its boat in H3, seat 2 chooses; the 2-player reef on 3f."""
    return ic_view(players=2, to_move=[2], last_move={"seat": 1, "move": "start H3",
                                                      "cells": ["H3"]},
                   beam=6, reefs=["3f"], islands=islands(), floating=[], dice=None,
                   boats=[{"seat": 1, "space": "H3", "tile": None},
                          {"seat": 2, "space": None, "tile": None}],
                   seats=[{"seat": s, "score": 0, "delivered": []} for s in (1, 2)],
                   turn=turn(2, "start"), path=None)


def setup_first_view() -> View:
    """Set-up before anyone placed a boat (no turn entry, no last move)."""
    view = setup_view()
    view.update(to_move=[1], last_move=None, turn=None)
    view["boats"][0]["space"] = None
    return view


def reefs_view() -> View:
    """The variant: 3 reefs (3f and two more), the beam on one of them (sector b)."""
    return ic_view(reefs=["3f", "2b", "1h"], beam=1, dice={"yellow": "ccw3", "white": 1},
                   path=None, last_move=None)


def drop_view() -> View:
    """Seat 3 rolled 3 counter-clockwise; the beam stopped on sector c, catching seat 1 (3c) and
    seat 2 (1c): seat 3 drops seat 1's tile, then seat 2's."""
    view = ic_view(to_move=[3], beam=2, dice={"yellow": "ccw3", "white": 2},
                   turn=turn(3, "drop", caught=[1, 2], drops_left=[1, 2]), path=None,
                   last_move={"seat": 3, "move": "roll", "cells": []})
    view["boats"][1].update(space="1c", tile=dict(HIDDEN))
    return view


def own_drop_view() -> View:
    """Seat 1 caught its own boat with a black-arrow turn: it drops its own tile."""
    view = ic_view(to_move=[1], beam=2, dice={"yellow": "any2", "white": 4},
                   turn=turn(1, "drop", caught=[1], drops_left=[1]), path=None)
    return view


def turn_view() -> View:
    """Seat 1 rolled the black arrows: it chooses the way."""
    return ic_view(to_move=[1], dice={"yellow": "any2", "white": 2}, turn=turn(1, "turn"),
                   path=None, last_move=None)


def push_view() -> View:
    """Seat 3 sailed 2h 2g 3g into seat 1's space 3g (both boats are drawn there): push or swap."""
    view = ic_view(to_move=[3], dice={"yellow": "sleep", "white": 4}, turn=turn(3, "push"),
                   path=["2g", "3g"], last_move={"seat": 3, "move": "sail 2g 3g",
                                                 "cells": ["2h", "2g", "3g"]})
    view["boats"][0]["space"] = "3g"
    view["boats"][2]["space"] = "3g"  # the mover entered the pushed boat's space
    return view


def load_view() -> View:
    """Seat 2 sailed 3b 3a 2a onto the shown floating tile: it may load it (swapping its own)."""
    view = ic_view(dice={"yellow": "sleep", "white": 3}, turn=turn(2, "load"),
                   path=["3b", "3a", "2a"], beam=6,
                   last_move={"seat": 2, "move": "sail 3b 3a 2a", "cells": ["3b", "3a", "2a"]})
    view["boats"][1]["space"] = "2a"
    return view


def harbour_crowd_view() -> View:
    """4 players, every boat in harbour H2 (two with tiles), each name 32 characters."""
    boats = [{"seat": 1, "space": "H2", "tile": dict(HIDDEN)},
             {"seat": 2, "space": "H2", "tile": face(4, 3)},
             {"seat": 3, "space": "H2", "tile": None},
             {"seat": 4, "space": "H2", "tile": face(0, 1)}]
    seats = [{"seat": s, "score": s, "delivered": [{"destination": s % 5, "points": 1}] * s}
             for s in range(1, 5)]
    return ic_view(players=4, to_move=[4], boats=boats, seats=seats, floating=[],
                   turn=turn(4, "sail"), dice={"yellow": "ccw2", "white": 4}, path=["3d", "3e",
                                                                                     "H2"],
                   last_move={"seat": 3, "move": "sail 3d 3e H2", "cells": ["3c", "3d", "3e",
                                                                            "H2"]})


def four_view() -> View:
    """4 players all at sea (one in the lit sector), floating tiles, a boat on a tile."""
    boats = [{"seat": 1, "space": "1a", "tile": dict(HIDDEN)},
             {"seat": 2, "space": "2f", "tile": face(1, 3)},
             {"seat": 3, "space": "3i", "tile": None},
             {"seat": 4, "space": "2e", "tile": dict(HIDDEN)}]
    floating = [{"space": "1a", "tile": dict(HIDDEN)}, {"space": "3j", "tile": dict(HIDDEN)},
                {"space": "2c", "tile": face(4, 2)}, {"space": "1g", "tile": dict(HIDDEN)}]
    seats = [{"seat": s, "score": [6, 4, 1, 5][s - 1], "delivered": []} for s in range(1, 5)]
    return ic_view(players=4, to_move=[1], boats=boats, floating=floating, seats=seats,
                   reefs=["3f"], beam=5, turn=turn(1, "sail"),
                   dice={"yellow": "cw3", "white": 1}, path=None,
                   last_move={"seat": 4, "move": "sail 2d 2e", "cells": ["2d", "2e"]})


def finished_view() -> View:
    """Seat 1 delivered its 4th tile at H4 and reached 7 points."""
    view = ic_view(to_move=[], turn=None, path=["3h", "3i", "H4"],
                   last_move={"seat": 1, "move": "sail 3h 3i H4", "cells": ["3g", "3h", "3i",
                                                                            "H4"]},
                   result={"finished": True, "scores": [7, 0, 2], "winners": [1],
                           "reason": "Seat 1 reached 7 points."})
    view["boats"][0].update(space="H4", tile=None)
    view["seats"][0].update(score=7, delivered=[{"destination": 1, "points": 1},
                                                {"destination": 4, "points": 2},
                                                {"destination": 4, "points": 3},
                                                {"destination": 2, "points": 1}])
    return view


def tie_view() -> View:
    """No tile left anywhere: seats 1 and 3 share the win on 5 points."""
    view = ic_view(to_move=[], turn=None, floating=[], path=None, last_move=None,
                   islands=islands((0, 0, 0, 0, 0)),
                   result={"finished": True, "scores": [5, 4, 5], "winners": [1, 3],
                           "reason": "No tile is left anywhere."})
    for b in view["boats"]:
        b["tile"] = None
    for s, score in zip(view["seats"], (5, 4, 5), strict=True):
        s["score"] = score
    return view


def named(view: View, names: list[str] | None = None) -> View:
    """``view`` with the host's display names (long ones by default)."""
    names = names or NAMES
    for i, s in enumerate(view["seats"]):
        s["name"] = names[i % len(names)]
    return view


def yellow_views() -> dict[str, View]:
    """One view per face of the yellow die."""
    return {face_: ic_view(dice={"yellow": face_, "white": w})
            for face_, w in (("cw2", 1), ("cw3", 2), ("ccw2", 3), ("ccw3", 4), ("any2", 2),
                             ("sleep", 3))}


VIEWS = {
    "mid": ic_view, "setup": setup_view, "setup-first": setup_first_view, "reefs": reefs_view,
    "drop": drop_view, "own-drop": own_drop_view, "turn": turn_view, "push": push_view,
    "load": load_view, "harbour-crowd": harbour_crowd_view, "four": four_view,
    "finished": finished_view, "tie": tie_view,
}
