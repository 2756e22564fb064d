"""Applying one checked move to a working copy of the state, and why a move is refused."""

from __future__ import annotations

from typing import Any

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
from .notation import DIRECTION_NAMES, DIRECTIONS, parse_pos

St = dict[str, Any]
Events = list[dict[str, Any]]

PHASE_VERBS = {
    "discovery": ("place", "sail"),
    "bonus": ("again", "stop"),
    "conquest": ("take", "pass"),
    "corsair": ("sail", "done"),
}
PHASE_HELP = {
    "discovery": "it is the Discovery: place a card and sail a galleon",
    "bonus": "you earned a colour bonus: answer again or stop",
    "conquest": "it is the Conquest: take an alignment or pass",
    "corsair": "it is the corsair's turn: sail a galleon or done",
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


def refusal(st: St, move: str) -> str | None:
    """None if ``move`` (canonical) is legal for the current seat, else a sentence saying why."""
    phase = st["phase"]
    verb, *args = move.split()
    if verb not in PHASE_VERBS.get(phase, ()):
        return f"You cannot {verb} now: {PHASE_HELP[phase]}."
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


def _why_not(st: St, verb: str, args: list[str]) -> str:
    seat = st["current"]
    cells = cells_of(st)
    own = [tuple(g) for g in st["galleons"][seat - 1]]
    if verb == "place":
        card, pos = args[0], parse_pos(args[1])
        if st["placed"]:
            return "You already placed a card in this Discovery."
        if card not in st["hands"][seat - 1]:
            return f"You have no {card} in your hand."
        if pos in cells:
            return f"There is already a card at {args[1]}."
        if pos not in place_targets(cells, own):
            return f"{args[1]} is not next to a card holding one of your galleons."
    if verb == "sail":
        n, d = int(args[0]), args[1]
        if st["phase"] == "discovery" and st["sailed"]:
            return "You already sailed in this Discovery."
        if n > len(own):
            return "You have only one galleon: sail 1."
        dx, dy = DIRECTIONS[d]
        dest = (own[n - 1][0] + dx, own[n - 1][1] + dy)
        if dest not in cells:
            return (f"Galleon {n} cannot sail {DIRECTION_NAMES[d]}: no card at {dest[0]},{dest[1]} "
                    "(galleons never enter holes or open sea).")
        return ("After that sail you could not place a card any more: you must keep both actions "
                "possible.")
    return "That move is not possible now."


def play(st: St, seat: int, move: str) -> Events:
    """Apply a legal canonical ``move`` to the working copy ``st``; the events."""
    verb, *args = move.split()
    ev: Events = []
    cells_hl: list[list[int]] = []
    if verb == "place":
        card, (x, y) = args[0], parse_pos(args[1])
        own = [tuple(g) for g in st["galleons"][seat - 1]]
        bonus = bonus_colour(cells_of(st), own, (x, y), card)
        st["hands"][seat - 1].remove(card)
        st["map"].append([x, y, card])
        st["holes"] = [h for h in st["holes"] if h != [x, y]]
        st["placed"] = True
        st["bonus"] = st["bonus"] or bonus
        cells_hl = [[x, y]]
        extra = " Colour bonus: another Discovery may follow." if bonus else ""
        ev.append({"seat": seat, "text": f"Seat {seat} placed {card} at {x},{y}.{extra}"})
        flow.after_discovery_action(st, ev)
    elif verb == "sail":
        n, d = int(args[0]), args[1]
        gx, gy = st["galleons"][seat - 1][n - 1]
        dx, dy = DIRECTIONS[d]
        st["galleons"][seat - 1][n - 1] = [gx + dx, gy + dy]
        cells_hl = [[gx, gy], [gx + dx, gy + dy]]
        who = "The corsair" if st["phase"] == "corsair" else f"Seat {seat}"
        ev.append({"seat": seat, "text": f"{who} sailed galleon {n} {DIRECTION_NAMES[d]} to "
                   f"{gx + dx},{gy + dy}."})
        if st["phase"] == "corsair":
            st["moves_left"] -= 1
            if st["moves_left"] <= 0 or not flow.corsair_can_move(st):
                flow.end_corsair(st, ev)
        else:
            st["sailed"] = True
            flow.after_discovery_action(st, ev)
    elif verb == "done":
        ev.append({"seat": seat, "text": "The corsair ends his moves."})
        flow.end_corsair(st, ev)
    elif verb == "again":
        ev.append({"seat": seat, "text": f"Seat {seat} plays another Discovery."})
        flow.begin_discovery(st, ev)
    elif verb == "stop":
        ev.append({"seat": seat, "text": f"Seat {seat} ends the Discovery."})
        flow.leave_discovery(st, ev)
    elif verb == "pass":
        ev.append({"seat": seat, "text": f"Seat {seat} takes nothing."})
        flow.supply(st, ev)
    elif verb == "take":
        positions = [parse_pos(a) for a in args]
        cells = cells_of(st)
        cards = [cells[p] for p in positions]
        gone = set(positions)
        st["map"] = [e for e in st["map"] if (e[0], e[1]) not in gone]
        st["holes"] = st["holes"] + [[x, y] for x, y in positions]
        st["collected"][seat - 1].extend(cards)
        cells_hl = [[x, y] for x, y in positions]
        total = len(st["collected"][seat - 1])
        ev.append({"seat": seat, "text": f"Seat {seat} took {take_label(cells, positions)} "
                   f"({', '.join(cards)}; {total} collected)."})
        if flow.check_victory(st):
            ev.append({"text": st["result"]["reason"]})
        else:
            flow.supply(st, ev)
    st["last_move"] = {"seat": seat, "move": move, "cells": cells_hl}
    return ev


def take_label(cells: dict[tuple[int, int], str], positions: list[tuple[int, int]]) -> str:
    """``5 + 4 + 1 on row 2``: values in position order, and the line."""
    positions = sorted(positions)
    values = " + ".join(str(value(cells[p])) for p in positions if p in cells)
    line = line_of(positions)
    return f"{values} on {line_label(line)}" if line else values
