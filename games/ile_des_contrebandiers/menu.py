"""``menu_path`` / ``describe``: readable labels for a Discord menu, from the view only.

A sail is three choices: "Sail", then its first step ("Via 3b (clockwise) · 4 ends"), then its
end space ("to 3c (2 steps)", "to harbour H1 (jewels, 3 steps)"); a first step that is the
only end under it is labelled as that end. Every other move is one choice.
"""

from __future__ import annotations

from typing import Any

from ..base import MenuStep
from .board import ISLAND_NAMES, LETTERS, SECTORS, island_of, ring_of, sector_of
from .moves import sail_paths
from .notation import parse


def _mover(view: dict[str, Any]) -> int | None:
    turn = view.get("turn") or {}
    return turn.get("seat")


def _space_of(view: dict[str, Any], seat: int | None) -> str | None:
    for b in view.get("boats") or []:
        if b["seat"] == seat:
            return b["space"]
    return None


def _boat_on(view: dict[str, Any], space: str, but: int | None) -> int | None:
    for b in view.get("boats") or []:
        if b["space"] == space and b["seat"] != but:
            return b["seat"]
    return None


def _paths(view: dict[str, Any]) -> dict[str, list[str]]:
    seat = _mover(view)
    dice = view.get("dice") or {}
    if seat is None or not dice:
        return {}
    pseudo = {"boats": view["boats"], "beam": view["beam"], "reefs": view["reefs"],
              "turn": {"white": dice.get("white", 0)}}
    return sail_paths(pseudo, seat)


def _direction(start: str | None, step: str) -> str:
    if step.startswith("H"):
        return "into the harbour"
    if start is None or start.startswith("H"):
        return "out of the harbour"
    r0, r1 = ring_of(start), ring_of(step)
    if r1 != r0:
        return "inwards" if r1 < r0 else "outwards"
    return "clockwise" if (sector_of(step) - sector_of(start)) % SECTORS == 1 else \
        "counter-clockwise"


def end_label(view: dict[str, Any], path: list[str]) -> str:
    end = path[-1]
    steps = f"{len(path)} step{'s' if len(path) != 1 else ''}"
    k = island_of(end)
    if k is not None:
        return f"to harbour {end} ({ISLAND_NAMES[k]}, {steps})"
    extra = ""
    other = _boat_on(view, end, _mover(view))
    if other is not None:
        extra = f", pushing Seat {other}"
    elif any(f["space"] == end for f in view.get("floating") or []):
        extra = ", a tile there"
    return f"to {end} ({steps}{extra})"


def _sail_steps(view: dict[str, Any], path: list[str]) -> list[MenuStep]:
    paths = _paths(view)
    first = path[0]
    under = [p for p in paths.values() if p[0] == first]
    start = _space_of(view, _mover(view))
    if len(under) <= 1 and len(path) == 1:
        group = end_label(view, path)
    else:
        group = f"Via {first} ({_direction(start, first)}) · {len(under)} ends"
    steps = [MenuStep("sail", "Sail"), MenuStep(first, group)]
    if len(path) > 1:
        steps.append(MenuStep(" ".join(path[1:]), end_label(view, path)))
    return steps


def _turn_label(view: dict[str, Any], way: str) -> str:
    direction = 1 if way == "cw" else -1
    sectors: dict[int, list[int]] = {}
    for b in view.get("boats") or []:
        s = sector_of(b["space"]) if b["space"] else None
        if s is not None:
            sectors.setdefault(s, []).append(b["seat"])
    beam = view["beam"]
    caught: list[int] = []
    for _ in range(2):
        beam = (beam + direction) % SECTORS
        caught = sectors.get(beam, [])
        if caught:
            break
    name = "clockwise" if way == "cw" else "counter-clockwise"
    text = f"Turn the beam {name} (to sector {LETTERS[beam]}"
    if caught:
        text += ", catching " + " and ".join(f"Seat {s}" for s in sorted(caught))
    return text + ")"


def menu_path(view: dict[str, Any], move: str) -> list[MenuStep]:
    text = parse(move)
    verb, *args = text.split()
    mover = _mover(view)
    turn = view.get("turn") or {}
    here = _space_of(view, mover)
    if verb == "sail":
        return _sail_steps(view, args)
    if verb == "start":
        k = island_of(args[0])
        return [MenuStep(text, f"Start at {args[0]} ({ISLAND_NAMES[k]})")]
    if verb == "turn":
        return [MenuStep(text, _turn_label(view, args[0]))]
    if verb == "drop":
        owner = (turn.get("drops_left") or [None])[0]
        whose = f"Seat {owner}'s" if owner is not None else "the"
        return [MenuStep(text, f"Drop {whose} tile on {args[0]}")]
    if verb in ("push", "swap"):
        other = _boat_on(view, here, mover) if here else None
        who = f"Seat {other}" if other is not None else "the boat"
        if verb == "push":
            lit = " (into the beam: caught)" if sector_of(args[0]) == view["beam"] else ""
            return [MenuStep(text, f"Push {who} to {args[0]}{lit}")]
        cells = (view.get("last_move") or {}).get("cells") or []
        back = f" ({who} goes to {cells[-2]})" if len(cells) >= 2 else ""
        return [MenuStep(text, f"Swap places with {who}{back}")]
    if verb == "load":
        own = next((b["tile"] for b in view.get("boats") or [] if b["seat"] == mover), None)
        if own is not None:
            return [MenuStep(text, f"Swap your tile for the one on {here}")]
        return [MenuStep(text, f"Load the tile on {here}")]
    if turn.get("stage") == "load":
        return [MenuStep(text, f"Leave the tile on {here} and end the turn")]
    return [MenuStep(text, f"Stay on {here} and end the turn")]


def describe(view: dict[str, Any], move: str) -> str:
    """One phrase: ``Sail to harbour H1 (jewels, 3 steps)``, ``Drop Seat 2's tile on 2c``."""
    steps = menu_path(view, move)
    if steps[0].token == "sail":
        return "Sail " + steps[-1].label
    return steps[0].label
