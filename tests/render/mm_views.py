"""Hand-made Le Maitre des Mers views that follow docs/views/maitre-des-mers.md exactly,
so the renderer is tested without the engine."""

from __future__ import annotations

import copy
from typing import Any

View = dict[str, Any]
LONG = "W" * 32  # a 32-character name without a space

GOODS = [{"letter": "A", "power": "flip"}, {"letter": "A", "power": "+1"},
         {"letter": "A", "power": "-1"}, {"letter": "B", "power": "reroll"},
         {"letter": "C", "power": "die"}, {"letter": "D", "power": "die"},
         {"letter": "D", "power": "die"}]
TREASURES = [{"letter": "A", "points": 5}, {"letter": "A", "points": 5},
             {"letter": "B", "points": 6}, {"letter": "C", "points": 7},
             {"letter": "D", "points": 8}]
MAP = {"C7", "C8", "F8", "F9", "G9", "G10"}


def ship(code: str, cargo: dict[str, Any] | None = None) -> dict[str, Any]:
    """A fleet entry for ``code`` ("G11"), carrying ``cargo`` (a goods or treasure dict)."""
    target = int(code[1:])
    return {"ship": code, "family": code[0], "target": target, "firepower": target - 6,
            "map": code in MAP, "cargo": copy.deepcopy(cargo)}


def goods(k: int) -> dict[str, Any]:
    return {"kind": "goods", **GOODS[k]}


def treasure(k: int) -> dict[str, Any]:
    return {"kind": "treasure", **TREASURES[k]}


def action(**changes: Any) -> dict[str, Any]:
    """A ``turn`` entry: seat 2 announcing; keyword arguments replace keys."""
    turn: dict[str, Any] = {
        "seat": 2, "action": None, "target": None, "combination": None, "slots": 0,
        "placed": [], "rolled": [], "aside": [], "pool": 5, "powers": [], "powers_used": [],
        "stage": "announce", "fight": None,
    }
    turn.update(copy.deepcopy(changes))
    return turn


def mm_view(**changes: Any) -> View:
    """A 3-player public view, seat 2 mid-roll arming G11: 6 5 4 placed, 2 and 3 rolled, a 1 set
    aside, powers +1 (used) and flip; keyword arguments replace top-level keys."""
    view: View = {
        "game": "maitre-des-mers", "viewer": None, "players": 3, "options": {},
        "to_move": [2], "result": None,
        "last_move": {"seat": 2, "move": "place 4 5 6", "cells": ["G11"]},
        "port": ["G11", "C7", "F10", "C10"], "pile": 5,
        "goods": copy.deepcopy(GOODS[2:]), "treasures": copy.deepcopy(TREASURES[1:]),
        "seats": [
            {"seat": 1, "score": 5, "fleet": [ship("C8", treasure(0)), ship("G12")]},
            {"seat": 2, "score": 0, "fleet": [ship("F8", goods(1)), ship("C9", goods(0))]},
            {"seat": 3, "score": 0, "fleet": [ship("F11")]},
        ],
        "turn": action(seat=2, action="arm", target={"kind": "ship", "ship": "G11"},
                       combination="ship", slots=5, placed=[6, 5, 4], rolled=[2, 3], aside=[1],
                       pool=6, powers=["+1", "flip"], powers_used=["+1"], stage="dice"),
        "last_action": None, "hand": None,
    }
    view.update(copy.deepcopy(changes))
    return view


def announce_view() -> View:
    """Seat 3 is to announce; the previous action (seat 2's arm of G11) failed."""
    last = mm_view()["turn"]
    last.update(rolled=[1], aside=[1, 2], outcome="failure")
    return mm_view(to_move=[3], turn=action(seat=3), last_action=last,
                   last_move={"seat": 2, "move": "discard 2", "cells": []})


def hunt_view() -> View:
    """Seat 1 hunts the top treasure (a full house), two dice placed, power -1 left."""
    view = mm_view(to_move=[1])
    view["seats"][0]["fleet"][1]["cargo"] = goods(2)
    view["turn"] = action(seat=1, action="hunt", target={"kind": "treasure", **TREASURES[1]},
                          combination="full house", slots=5, placed=[3, 3], rolled=[5, 5, 1],
                          pool=5, powers=["-1"], stage="dice")
    return view


def stow_view() -> View:
    """Seat 2 bought goods A -1 and chooses which free ship carries it."""
    view = mm_view(goods=copy.deepcopy(GOODS[3:]))
    view["seats"][1]["fleet"].append(ship("G10"))
    view["turn"] = action(seat=2, action="buy", target={"kind": "goods", **GOODS[2]},
                          combination="three of a kind", slots=3, placed=[4, 4, 4],
                          rolled=[], pool=5, powers=["+1", "flip"], powers_used=[],
                          stage="stow")
    return view


def loot_view() -> View:
    """Seat 1's C8 (attacker, 2 + 5 = 7) lost to seat 3's F11 (defender, 5 + 3 = 8): seat 3
    decides whether to loot C8's treasure."""
    fight = {"attacker": {"seat": 1, "ship": "C8", "firepower": 2, "die": 5, "total": 7},
             "defender": {"seat": 3, "ship": "F11", "firepower": 5, "die": 3, "total": 8},
             "winner": 3}
    view = mm_view(to_move=[3],
                   last_move={"seat": 1, "move": "attack C8 3:F11", "cells": ["C8", "F11"]})
    view["turn"] = action(seat=1, action="attack", target={"kind": "ship", "ship": "F11"},
                          stage="loot", fight=fight)
    return view


def finished_tie_view() -> View:
    """The port is empty: seats 1 and 3 tie on score, fleet size and firepower (shared win)."""
    seats = [
        {"seat": 1, "score": 13, "fleet": [ship("C7", treasure(2)), ship("F10", treasure(1)),
                                           ship("G11")]},
        {"seat": 2, "score": 5, "fleet": [ship("C8", treasure(0)), ship("F8", goods(1))]},
        {"seat": 3, "score": 13, "fleet": [ship("C10", treasure(3)), ship("F9", treasure(4)),
                                           ship("G9", goods(0))]},
    ]
    last = action(seat=3, action="hunt", target={"kind": "treasure", **TREASURES[4]},
                  combination="five of a kind", slots=5, placed=[2, 2, 2, 2, 2], pool=5,
                  stage="stow")
    last["outcome"] = "success"
    return mm_view(port=[], pile=0, treasures=[], to_move=[], seats=seats, turn=None,
                   last_action=last,
                   last_move={"seat": 3, "move": "arm G11", "cells": ["G11"]},
                   result={"finished": True, "scores": [13, 5, 13], "winners": [1, 3],
                           "reason": "No ship is left in the port."})


ALL_SHIPS = ["C7", "C8", "C9", "C10", "F8", "F9", "F10", "F11", "G9", "G10", "G11", "G12"]


def full_fleets_view(players: int) -> View:
    """``players`` seats sharing the 10 ships not in the port (late in a game), seat ``players``
    to move: its attack was just won by the attacker, who may loot."""
    port = ["F10", "C9"]
    fleets: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    cargos = [treasure(k) for k in range(5)] + [goods(k) for k in range(7)]
    for k, code in enumerate(c for c in ALL_SHIPS if c not in port):
        fleets[k % players].append(ship(code, cargos[k] if k % 3 else None))
    attacker = min(fleets[-1], key=lambda s: s["firepower"])
    owner, defender = next((k + 1, s) for k in range(players - 1) for s in fleets[k]
                           if s["family"] != attacker["family"]
                           and s["firepower"] >= attacker["firepower"])
    defender["cargo"] = treasure(2)
    seats = [{"seat": s + 1, "score": 5 * s, "fleet": fleets[s]} for s in range(players)]
    fight = {"attacker": {"seat": players, "ship": attacker["ship"],
                          "firepower": attacker["firepower"], "die": 6,
                          "total": attacker["firepower"] + 6},
             "defender": {"seat": owner, "ship": defender["ship"],
                          "firepower": defender["firepower"], "die": 1,
                          "total": defender["firepower"] + 1},
             "winner": players}
    turn = action(seat=players, action="attack",
                  target={"kind": "ship", "ship": defender["ship"]}, stage="loot", fight=fight)
    return mm_view(players=players, to_move=[players], seats=seats, port=port, pile=0, turn=turn,
                   last_move={"seat": players, "move": f"attack {attacker['ship']} "
                              f"{owner}:{defender['ship']}", "cells": [attacker["ship"],
                                                                 defender["ship"]]})


def named(view: View, names: list[str] | None = None) -> View:
    """``view`` with the host's display names (long ones by default)."""
    names = names or ["Alice", "Computer 1 (greedy)", "Bartholomew the Magnificent XIV!", "Zoé",
                      "Computer 2 (random)", LONG]
    for i, s in enumerate(view["seats"]):
        s["name"] = names[i % len(names)]
    return view


def empty_view() -> View:
    """Edge cases: empty port, empty pile, no goods, no treasures, no ships anywhere, no turn
    info beyond the announcement, no previous action."""
    return mm_view(port=[], pile=0, goods=[], treasures=[], to_move=[1], last_move=None,
                   seats=[{"seat": s, "score": 0, "fleet": []} for s in (1, 2)], players=2,
                   turn=action(seat=1), last_action=None)


def dice_many_view() -> View:
    """A pool of 8 dice (three extra-die goods), all still rolling: rows of dice wrap."""
    view = mm_view()
    view["turn"].update(placed=[], rolled=[6, 5, 4, 3, 2, 1, 6, 6], aside=[], pool=8,
                        powers=["die", "die", "die", "flip", "reroll"],
                        powers_used=["flip", "die"])
    return view


VIEWS = {
    "dice": mm_view, "announce": announce_view, "hunt": hunt_view, "stow": stow_view,
    "loot": loot_view, "finished-tie": finished_tie_view, "two": lambda: full_fleets_view(2),
    "six": lambda: full_fleets_view(6), "empty": empty_view, "dice-many": dice_many_view,
}
