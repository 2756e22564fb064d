"""Applying one checked move to a working copy of the state, and why a move is refused."""

from __future__ import annotations

from typing import Any

from ..text import Text, say
from ..text import seat as seat_of
from . import flow
from .alignments import alignment_error, find_alignments, line_label, line_of
from .board import (
    blocked,
    bonus_colour,
    can_place_near,
    cells_of,
    galleons_of,
    place_targets,
    sails,
)
from .cards import value
from .notation import DIRECTION_TEXT, DIRECTIONS, parse_pos

St = dict[str, Any]
Events = list[dict[str, Any]]

PHASE_VERBS = {
    "discovery": ("place", "sail"),
    "bonus": ("again", "stop"),
    "conquest": ("take", "pass"),
    "corsair": ("sail", "done"),
}
PHASE_HELP = {
    "discovery": say("in the Discovery you place a card and sail a galleon"),
    "bonus": say("you earned a colour bonus, so play another Discovery or stop"),
    "conquest": say("in the Conquest you take an alignment or take nothing"),
    "corsair": say("during the corsair's moves you sail a galleon or end the moves"),
}


def legal(st: St) -> list[str]:
    """Legal moves of the current seat (unsorted)."""
    phase = st["phase"]
    if phase == "discovery":
        return flow.discovery_moves(st)
    if phase == "bonus":
        return ["again", "stop"]
    if phase == "corsair":
        own = [tuple(g) for g in st["galleons"][st["current"] - 1]]
        return [f"sail {n} {d}" for n, d, _ in sails(cells_of(st), own)] + ["done"]
    if phase == "conquest":
        cells = cells_of(st)
        found = find_alignments(cells, blocked(galleons_of(st)))
        texts = {p: f"{p[0]},{p[1]}" for p in cells}  # each found tuple is already in (x, y) order
        return ["take " + " ".join([texts[p] for p in a]) for a in found] + ["pass"]
    return []


def refusal(st: St, move: str) -> Text | None:
    """None if ``move`` (canonical) is legal for the current seat, else a sentence saying why."""
    phase = st["phase"]
    verb, *args = move.split()
    if verb not in PHASE_VERBS.get(phase, ()):
        return say("You cannot `{verb}` now: {why}.", verb=verb, why=PHASE_HELP[phase])
    if verb == "take":
        positions = [parse_pos(a) for a in args]
        return alignment_error(positions, cells_of(st), blocked(galleons_of(st)))
    if verb == "place" and _fine_place(st, args):
        return None
    if verb == "sail" and _fine_sail(st, args):
        return None
    if move in legal(st):
        return None
    return _why_not(st, verb, args)


def _fine_place(st: St, args: list[str]) -> bool:
    """Fast path: a placement is legal whenever it is well placed (a sail onto the new card
    always stays possible, so MI-9 never forbids it)."""
    seat = st["current"]
    pos = parse_pos(args[1])
    if st["placed"] or args[0] not in st["hands"][seat - 1]:
        return False
    cells = cells_of(st)
    return pos not in cells and any(
        tuple(g) in cells and abs(g[0] - pos[0]) + abs(g[1] - pos[1]) == 1
        for g in st["galleons"][seat - 1]
    )


def _fine_sail(st: St, args: list[str]) -> bool:
    """Fast path for a sail onto a card: the corsair's, the second Discovery action, or a first
    action that keeps a placement possible (MI-9). Anything else goes through ``legal``."""
    own = [tuple(g) for g in st["galleons"][st["current"] - 1]]
    n = int(args[0])
    if n > len(own) or (st["phase"] == "discovery" and st["sailed"]):
        return False
    dx, dy = DIRECTIONS[args[1]]
    moved = list(own)
    moved[n - 1] = (own[n - 1][0] + dx, own[n - 1][1] + dy)
    cells = cells_of(st)
    if moved[n - 1] not in cells:
        return False
    if st["phase"] == "corsair" or st["placed"]:
        return True
    return bool(st["hands"][st["current"] - 1]) and can_place_near(cells, moved)


def _why_not(st: St, verb: str, args: list[str]) -> Text:
    seat = st["current"]
    cells = cells_of(st)
    own = [tuple(g) for g in st["galleons"][seat - 1]]
    if verb == "place":
        card, pos = args[0], parse_pos(args[1])
        if st["placed"]:
            return say("You already placed a card in this Discovery.")
        if card not in st["hands"][seat - 1]:
            return say("You have no {card} in your hand.", card=card)
        if pos in cells:
            return say("There is already a card at {pos}.", pos=args[1])
        if pos not in place_targets(cells, own):
            return say("{pos} is not next to a card holding one of your galleons.", pos=args[1])
    if verb == "sail":
        n, d = int(args[0]), args[1]
        if st["phase"] == "discovery" and st["sailed"]:
            return say("You already sailed in this Discovery.")
        if n > len(own):
            return say("You have only one galleon: `sail 1`.")
        dx, dy = DIRECTIONS[d]
        dest = (own[n - 1][0] + dx, own[n - 1][1] + dy)
        if dest not in cells:
            return say("Galleon {n} cannot sail {direction}: no card at {x},{y} (galleons never "
                       "enter holes or open sea).", n=n, direction=DIRECTION_TEXT[d],
                       x=dest[0], y=dest[1])
        return say("After that sail you could not place a card any more: you must keep both "
                   "actions possible.")
    return say("That move is not possible now.")


def play(st: St, seat: int, move: str) -> Events:
    """Apply a legal canonical ``move`` to the working copy ``st``; the events."""
    verb, *args = move.split()
    ev: Events = []
    cells_hl: list[list[int]] = []
    if verb == "place":
        cells_hl = _place(st, seat, args, ev)
    elif verb == "sail":
        cells_hl = _sail(st, seat, args, ev)
    elif verb == "done":
        ev.append({"seat": seat, "text": say("{who}, the corsair, ends their moves.",
                                             who=seat_of(seat))})
        flow.end_corsair(st, ev)
    elif verb == "again":
        ev.append({"seat": seat, "text": say("{who} plays another Discovery.", who=seat_of(seat))})
        flow.begin_discovery(st, ev)
    elif verb == "stop":
        ev.append({"seat": seat, "text": say("{who} ends the Discovery.", who=seat_of(seat))})
        flow.leave_discovery(st, ev)
    elif verb == "pass":
        ev.append({"seat": seat, "text": say("{who} takes nothing.", who=seat_of(seat))})
        flow.supply(st, ev)
    elif verb == "take":
        cells_hl = _take(st, seat, args, ev)
    st["last_move"] = {"seat": seat, "move": move, "cells": cells_hl}
    return ev


def _place(st: St, seat: int, args: list[str], ev: Events) -> list[list[int]]:
    """``place <card> <x,y>``: the card leaves the hand for the map; the cell to highlight."""
    card, (x, y) = args[0], parse_pos(args[1])
    own = [tuple(g) for g in st["galleons"][seat - 1]]
    bonus = bonus_colour(cells_of(st), own, (x, y), card)
    st["hands"][seat - 1].remove(card)
    st["map"].append([x, y, card])
    st["holes"] = [h for h in st["holes"] if h != [x, y]]
    st["placed"] = True
    st["bonus"] = st["bonus"] or bonus
    if bonus:
        text = say("{who} placed {card} at {x},{y}. Colour bonus: another Discovery may "
                   "follow.", who=seat_of(seat), card=card, x=x, y=y)
    else:
        text = say("{who} placed {card} at {x},{y}.", who=seat_of(seat), card=card, x=x, y=y)
    ev.append({"seat": seat, "text": text})
    flow.after_discovery_action(st, ev)
    return [[x, y]]


def _sail(st: St, seat: int, args: list[str], ev: Events) -> list[list[int]]:
    """``sail <n> <direction>``, in a Discovery or as the corsair; the cells left and reached."""
    n, d = int(args[0]), args[1]
    gx, gy = st["galleons"][seat - 1][n - 1]
    dx, dy = DIRECTIONS[d]
    st["galleons"][seat - 1][n - 1] = [gx + dx, gy + dy]
    if st["phase"] == "corsair":
        text = say("{who}, the corsair, sailed galleon {n} {direction} to {x},{y}.",
                   who=seat_of(seat), n=n, direction=DIRECTION_TEXT[d], x=gx + dx, y=gy + dy)
    else:
        text = say("{who} sailed galleon {n} {direction} to {x},{y}.", who=seat_of(seat), n=n,
                   direction=DIRECTION_TEXT[d], x=gx + dx, y=gy + dy)
    ev.append({"seat": seat, "text": text})
    if st["phase"] == "corsair":
        st["moves_left"] -= 1
        if st["moves_left"] <= 0 or not flow.corsair_can_move(st):
            flow.end_corsair(st, ev)
    else:
        st["sailed"] = True
        flow.after_discovery_action(st, ev)
    return [[gx, gy], [gx + dx, gy + dy]]


def _take(st: St, seat: int, args: list[str], ev: Events) -> list[list[int]]:
    """``take <x,y> ...``: the aligned cards are collected and leave holes; the cells taken."""
    positions = [parse_pos(a) for a in args]
    cells = cells_of(st)
    cards = [cells[p] for p in positions]
    gone = set(positions)
    st["map"] = [e for e in st["map"] if (e[0], e[1]) not in gone]
    st["holes"] = st["holes"] + [[x, y] for x, y in positions]
    st["collected"][seat - 1].extend(cards)
    total = len(st["collected"][seat - 1])
    ev.append({"seat": seat, "text": say("{who} took {alignment} ({cards}; {total} collected).",
                                         who=seat_of(seat), alignment=take_label(cells, positions),
                                         cards=", ".join(cards), total=total)})
    if flow.check_victory(st):
        ev.append({"text": flow.reason_of(st)})
    else:
        flow.supply(st, ev)
    return [[x, y] for x, y in positions]


def take_label(cells: dict[tuple[int, int], str], positions: list[tuple[int, int]]) -> Text | str:
    """``5 + 4 + 1 on row 2``: values in position order, and the line."""
    positions = sorted(positions)
    values = " + ".join(str(value(cells[p])) for p in positions if p in cells)
    line = line_of(positions)
    return say("{values} on {line}", values=values, line=line_label(line)) if line else values
