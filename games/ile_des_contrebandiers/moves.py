"""Legal moves per stage, the check of a typed move (with the sail path made canonical) and
playing it (IC-17 fixes which decisions are moves).

Sail paths (IC-11, IC-12, IC-16, IC-17): steps to neighbours, at most the white die, never onto
a lit space or a reef; a harbour or another boat's sea space may only be the last step. ``legal``
lists one path per reachable end space: the shortest, ties broken by comparing the paths as
lists of space names in Python's string order. Any other valid path is accepted and replaced by
that canonical one.
"""

from __future__ import annotations

from typing import Any

from ..base import IllegalMove
from ..text import Text, say
from ..text import seat as player
from . import flow, words
from .board import HARBOURS, SECTORS, SPACES, neighbours, sector_of, sector_spaces

St = dict[str, Any]

NEIGHBOURS = {n: neighbours(n) for n in SPACES + HARBOURS}
SEA = frozenset(SPACES)
SEA_NEIGHBOURS = {n: tuple(m for m in NEIGHBOURS[n] if m in SEA) for n in SPACES}
LIT = {s: frozenset(n for n in SPACES if sector_of(n) == s) for s in range(SECTORS)}
START_MOVES = sorted(f"start {h}" for h in HARBOURS)


def boat_spaces(st: St, but: int) -> dict[str, int]:
    """Sea spaces holding a boat other than seat ``but``'s, with that seat."""
    out = {}
    for i, b in enumerate(st["boats"], start=1):
        if i != but and b["space"] in SEA:
            out[b["space"]] = i
    return out


def sail_paths(st: St, seat: int) -> dict[str, list[str]]:
    """End space -> canonical path for the seat's boat this turn (the start itself excluded)."""
    start = st["boats"][seat - 1]["space"]
    blocked = LIT[st["beam"]] | frozenset(st["reefs"])
    others = boat_spaces(st, seat)
    paths: dict[str, list[str]] = {start: []}
    frontier = [start]
    for _ in range(st["turn"]["white"]):
        layer: dict[str, list[str]] = {}
        for here in frontier:
            if here != start and (here not in SEA or here in others):
                continue  # a harbour or a boat ends the move (IC-14, IC-12)
            base = paths[here]
            for step in NEIGHBOURS[here]:
                if step in paths or step in blocked:
                    continue
                cand = base + [step]
                old = layer.get(step)
                if old is None or cand < old:
                    layer[step] = cand
        if not layer:
            break
        paths.update(layer)
        frontier = list(layer)
    del paths[start]
    return paths


def drop_targets(st: St) -> list[str]:
    """IC-10 / IC-16: where the roller may put the next caught boat's tile."""
    owner = st["turn"]["drops_left"][0]
    at = st["boats"][owner - 1]["space"]
    reefs = set(st["reefs"])
    floating = st["floating"]
    near = [n for n in SEA_NEIGHBOURS[at] if n not in reefs and n not in floating]
    if near:
        return near
    seen = {at}
    frontier = [at]
    while frontier:  # nearest tile-free sea spaces, counting steps through sea, not reefs
        layer = []
        for here in frontier:
            for n in SEA_NEIGHBOURS[here]:
                if n not in seen and n not in reefs:
                    seen.add(n)
                    layer.append(n)
        found = [n for n in layer if n not in floating]
        if found:
            return found
        frontier = layer
    return []


def push_targets(st: St) -> list[str]:
    """IC-12 / IC-16: free neighbouring sea spaces of the pushed boat (no boat, no reef)."""
    turn = st["turn"]
    at = st["boats"][turn["pushed"] - 1]["space"]
    taken = {b["space"] for b in st["boats"]}
    reefs = set(st["reefs"])
    return [n for n in SEA_NEIGHBOURS[at] if n not in reefs and n not in taken]


def legal(st: St) -> list[str]:
    turn = st["turn"]
    stage = turn["stage"]
    seat = turn["seat"]
    if stage == "start":
        return list(START_MOVES)
    if stage == "turn":
        return ["turn ccw", "turn cw"]
    if stage == "drop":
        return sorted(f"drop {n}" for n in drop_targets(st))
    if stage == "push":
        return sorted(f"push {n}" for n in push_targets(st)) + ["swap"]
    if stage == "load":
        return ["load", "stay"]
    out = ["sail " + " ".join(p) for p in sail_paths(st, seat).values()]
    if st["boats"][seat - 1]["space"] in st["floating"]:
        out.append("load")
    out.append("stay")
    return sorted(out)


# -- checking a typed move ------------------------------------------------------------------------
def check(st: St, seat: int, text: str) -> str:
    """The canonical form of legal move ``text`` (already parsed); IllegalMove with the reason."""
    turn = st["turn"]
    stage = turn["stage"]
    verb = text.split()[0]
    if verb == "sail" and stage == "sail":
        return check_path(st, seat, text.split()[1:])
    if text in legal(st):
        return text
    raise IllegalMove(refusal(st, seat, text))


def check_path(st: St, seat: int, path: list[str]) -> str:
    boat = st["boats"][seat - 1]
    start = boat["space"]
    white = st["turn"]["white"]
    if len(path) > white:
        raise IllegalMove(say("The white die shows {white}: a path of {steps} steps is too long.",
                              white=white, steps=len(path)))
    lit = LIT[st["beam"]]
    reefs = set(st["reefs"])
    others = boat_spaces(st, seat)
    here = start
    for i, step in enumerate(path):
        if step not in NEIGHBOURS[here]:
            raise IllegalMove(say("{space} is not next to {here}: sail one space at a time.",
                                  space=step, here=here))
        if step in lit:
            raise IllegalMove(say("{space} is in the lit sector: no boat may enter or cross it.",
                                  space=step))
        if step in reefs:
            raise IllegalMove(say("{space} is a reef: no boat may enter it.", space=step))
        last = i == len(path) - 1
        if not last and step in others:
            raise IllegalMove(say("{space} holds {other}'s boat: entering it pushes that boat, so "
                                  "the path must end there.", space=step,
                                  other=player(others[step])))
        if not last and step not in SEA:
            raise IllegalMove(say("Entering harbour {space} ends the move, so the path must end "
                                  "there.", space=step))
        here = step
    if here == start:
        raise IllegalMove(say("The path ends where your boat started: write stay instead."))
    return "sail " + " ".join(sail_paths(st, seat)[here])


def refusal(st: St, seat: int, text: str) -> Text:
    turn = st["turn"]
    stage = turn["stage"]
    verb = text.split()[0]
    options = legal(st)
    if stage == "start":
        return say("Place your boat in a harbour first: start H0 … start H4.")
    if stage == "turn":
        return say("Black arrows: choose the beam's direction first, turn cw or turn ccw.")
    if stage == "drop":
        owner = player(turn["drops_left"][0])
        where = ", ".join(o.split()[1] for o in options)
        if verb == "drop":
            return say("{owner}'s tile cannot go on {space}: it goes on a free sea space next to "
                       "that boat ({where}).", owner=owner, space=text.split()[1], where=where)
        return say("First throw {owner}'s tile overboard: drop on {where}.", owner=owner,
                   where=where)
    if stage == "push":
        other = player(turn["pushed"])
        where = ", ".join(o.split()[1] for o in options if o.startswith("push"))
        if verb == "push" and where:
            return say("{other}'s boat cannot be pushed to {space} (free spaces: {where}).",
                       other=other, space=text.split()[1], where=where)
        if verb == "push":
            return say("{other}'s boat cannot be pushed to {space} (no free space: swap).",
                       other=other, space=text.split()[1])
        if where:
            return say("You ran into {other}'s boat: push it ({where}) or swap.", other=other,
                       where=where)
        return say("You ran into {other}'s boat: no space is free to push it to, so swap.",
                   other=other)
    if stage == "load":
        return say("You stopped on a floating tile: load it or stay.")
    if verb == "load":
        return say("There is no floating tile on {space} to load.",
                   space=st["boats"][seat - 1]["space"])
    if verb in ("push", "swap"):
        return say("There is no boat to push: sail into one first.")
    if verb == "turn":
        return say("The beam has already turned this turn.")
    if verb == "drop":
        return say("There is no tile to throw overboard.")
    if verb == "start":
        return say("Every boat is already at sea or in a harbour: sail, load or stay.")
    return say("'{move}' is not possible now.", move=text)


# -- playing ------------------------------------------------------------------------------------
def play(st: St, seat: int, text: str) -> list[dict[str, Any]]:
    """Play canonical legal ``text`` on the working copy ``st``; the events."""
    events: list[dict[str, Any]] = []
    turn = st["turn"]
    verb, *args = text.split()
    if verb == "start":
        st["boats"][seat - 1]["space"] = args[0]
        k = int(args[0][1])
        events.append({"text": say("{who} starts at {harbour} ({island}).", who=player(seat),
                                   harbour=args[0], island=words.island(k)), "seat": seat})
        nxt = seat % st["players"] + 1
        if st["boats"][nxt - 1]["space"] is None:
            turn["seat"] = nxt
        elif flow.tiles_left(st) == 0:
            flow.no_tile_end(st, events)
        else:
            flow.begin_turn(st, st["first"], events)
    elif verb == "turn":
        turn["stage"] = "sail"
        flow.rotate(st, 1 if args[0] == "cw" else -1, 2, events)
    elif verb == "drop":
        flow.drop(st, args[0], events)
    elif verb == "sail":
        flow.sail(st, seat, args, events)
    elif verb == "push":
        flow.push(st, seat, args[0], events)
    elif verb == "swap":
        flow.push(st, seat, None, events)
    elif verb == "load":
        flow.load(st, seat, events)
    else:  # stay
        events.append({"text": say("{who} stays on {space}.", who=player(seat),
                                   space=st["boats"][seat - 1]["space"]), "seat": seat})
        flow.end_turn(st, events)
    return events


def cells(st_before: St, st_after: St, seat: int, text: str) -> list[str]:
    """Spaces to highlight for ``last_move`` (a turn: the newly lit sector)."""
    verb, *args = text.split()
    turn = st_before["turn"]
    here = st_before["boats"][seat - 1]["space"]
    if verb in ("start", "drop"):
        return [args[0]]
    if verb == "sail":
        return [here, *args]
    if verb == "turn":
        return list(sector_spaces(st_after["beam"]))
    if verb == "push":
        return [here, args[0]]
    if verb == "swap":
        return [here, turn["from"]]
    return [here] if here else []

