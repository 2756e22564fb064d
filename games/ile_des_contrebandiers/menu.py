"""``menu_path`` / ``describe``: readable labels for a Discord menu, from the view only.

A sail is three choices: "Sail", then its first step ("Via 3b (clockwise) · 4 ends"), then its
end space ("to 3c (2 steps)", "to harbour H1 (Jewel Island, 3 steps)"); a first step that is the
only end under it is labelled as that end. Every other move is one choice.
"""

from __future__ import annotations

from typing import Any

from ..base import MenuStep
from ..text import Text, say, say_n
from ..text import seat as player
from . import words
from .board import SECTORS, island_of, ring_of, sector_of
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


def view_paths(view: dict[str, Any]) -> dict[str, list[str]]:
    """End space -> path of the sail the seat to move may make, from a view (any seat's: the
    boats, beam, reefs and dice are public); empty when no sail is to be made."""
    seat = _mover(view)
    dice = view.get("dice") or {}
    if seat is None or not dice:
        return {}
    pseudo = {"boats": view["boats"], "beam": view["beam"], "reefs": view["reefs"],
              "turn": {"white": dice.get("white", 0)}}
    return sail_paths(pseudo, seat)


def _direction(start: str | None, step: str) -> Text:
    if step.startswith("H"):
        return say("into the harbour")
    if start is None or start.startswith("H"):
        return say("out of the harbour")
    r0, r1 = ring_of(start), ring_of(step)
    if r1 != r0:
        return say("inwards") if r1 < r0 else say("outwards")
    return words.way(1 if (sector_of(step) - sector_of(start)) % SECTORS == 1 else -1)


def end_label(view: dict[str, Any], path: list[str]) -> Text:
    end = path[-1]
    n = len(path)
    k = island_of(end)
    if k is not None:
        return say_n("to harbour {space} ({island}, {n} step)",
                     "to harbour {space} ({island}, {n} steps)", n, space=end,
                     island=words.island(k))
    other = _boat_on(view, end, _mover(view))
    if other is not None:
        return say_n("to {space} ({n} step, pushing {other})",
                     "to {space} ({n} steps, pushing {other})", n, space=end,
                     other=player(other))
    if any(f["space"] == end for f in view.get("floating") or []):
        return say_n("to {space} ({n} step, a tile there)", "to {space} ({n} steps, a tile there)",
                     n, space=end)
    return say_n("to {space} ({n} step)", "to {space} ({n} steps)", n, space=end)


def _sail_steps(view: dict[str, Any], path: list[str]) -> list[MenuStep]:
    paths = view_paths(view)
    first = path[0]
    under = [p for p in paths.values() if p[0] == first]
    start = _space_of(view, _mover(view))
    if len(under) <= 1 and len(path) == 1:
        group = end_label(view, path)
    else:
        group = say_n("Via {space} ({direction}) · {n} end",
                      "Via {space} ({direction}) · {n} ends", len(under), space=first,
                      direction=_direction(start, first))
    steps = [MenuStep("sail", say("Sail")), MenuStep(first, group)]
    if len(path) > 1:
        steps.append(MenuStep(" ".join(path[1:]), end_label(view, path)))
    return steps


def _turn_label(view: dict[str, Any], way: str) -> Text:
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
    sector = words.sector(beam)
    if caught and direction > 0:
        return say("Turn the beam clockwise (to {sector}, catching {who})", sector=sector,
                   who=words.seats(sorted(caught)))
    if caught:
        return say("Turn the beam counter-clockwise (to {sector}, catching {who})", sector=sector,
                   who=words.seats(sorted(caught)))
    if direction > 0:
        return say("Turn the beam clockwise (to {sector})", sector=sector)
    return say("Turn the beam counter-clockwise (to {sector})", sector=sector)


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
        return [MenuStep(text, say("Start at {harbour} ({island})", harbour=args[0],
                                   island=words.island(k)))]
    if verb == "turn":
        return [MenuStep(text, _turn_label(view, args[0]))]
    if verb == "drop":
        return [MenuStep(text, _drop_label(turn, mover, args[0]))]
    if verb in ("push", "swap"):
        other = _boat_on(view, here, mover) if here else None
        icon = f"seat:{other}" if other is not None else ""
        if verb == "push":
            return [MenuStep(text, _push_label(other, args[0], sector_of(args[0]) == view["beam"]),
                             icon=icon)]
        cells = (view.get("last_move") or {}).get("cells") or []
        return [MenuStep(text, _swap_label(other, cells[-2] if len(cells) >= 2 else None),
                         icon=icon)]
    if verb == "load":
        own = next((b["tile"] for b in view.get("boats") or [] if b["seat"] == mover), None)
        if own is not None:
            return [MenuStep(text, say("Swap your tile for the one on {space}", space=here))]
        return [MenuStep(text, say("Load the tile on {space}", space=here))]
    if turn.get("stage") == "load":
        return [MenuStep(text, say("Leave the tile on {space} and end the turn", space=here))]
    return [MenuStep(text, say("Stay on {space} and end the turn", space=here))]


def _drop_label(turn: dict[str, Any], mover: int | None, space: str) -> Text:
    owner = (turn.get("drops_left") or [None])[0]
    if owner is None:
        return say("Drop the tile on {space}", space=space)
    if owner == mover:
        return say("Drop your own tile on {space}", space=space)
    return say("Drop {owner}'s tile on {space}", owner=player(owner), space=space)


def _push_label(other: int | None, space: str, lit: bool) -> Text:
    if other is None and lit:
        return say("Push the boat to {space} (into the beam: caught)", space=space)
    if other is None:
        return say("Push the boat to {space}", space=space)
    if lit:
        return say("Push {other} to {space} (into the beam: caught)", other=player(other),
                   space=space)
    return say("Push {other} to {space}", other=player(other), space=space)


def _swap_label(other: int | None, back: str | None) -> Text:
    if other is None:
        return say("Swap places with the boat")
    if back is None:
        return say("Swap places with {other}", other=player(other))
    return say("Swap places with {other} ({other} goes to {space})", other=player(other),
               space=back)


def describe(view: dict[str, Any], move: str) -> Text:
    """One phrase: ``Sail to harbour H1 (Coin Island, 3 steps)``, ``Drop Seat 2's tile on 2c``."""
    verb, *path = parse(move).split()
    if verb == "sail":
        return say("Sail {where}", where=end_label(view, path))
    return menu_path(view, move)[0].label
