"""Legal moves, refusals with reasons, and playing a move (MM-9 … MM-16)."""

from __future__ import annotations

from typing import Any

from ..text import N_, Text, say, say_n
from ..text import seat as seat_ref
from . import flow
from .cards import SHIPS, combination_name, power_name

St = dict[str, Any]

STAGE_VERBS = {
    "announce": ("arm", "hunt", "buy", "attack"),
    "dice": ("place", "discard", "use"),
    "stow": ("stow",),
    "loot": ("loot", "noloot"),
}
STAGE_HELP = {
    "announce": N_("announce your action first: `arm`, `hunt`, `buy` or `attack`"),
    "dice": N_("place dice on the card, use a goods power, or set a die aside when none fits"),
    "stow": N_("choose the free ship that takes the card you won (`stow <ship>`)"),
    "loot": N_("`loot <ship>` or `noloot`"),
}


def attacks(st: St, seat: int) -> list[str]:
    """MM-16, loyalty rule 1: another family, equal or greater firepower."""
    out = []
    for own in flow.fleet(st, seat):
        mine = SHIPS[own["ship"]]
        for other, ships in enumerate(st["fleets"], start=1):
            if other == seat:
                continue
            for e in ships:
                theirs = SHIPS[e["ship"]]
                if theirs.family != mine.family and theirs.firepower >= mine.firepower:
                    out.append(f"attack {mine.code} {other}:{theirs.code}")
    return out


def legal(st: St) -> list[str]:
    """Legal moves of the seat to move (unsorted)."""
    t = st["turn"]
    stage = t["stage"]
    seat = t["seat"]
    if stage == "announce":
        out = [f"arm {s}" for s in st["port"]]
        free = bool(flow.free_ships(st, seat))
        if free and st["treasures"] and flow.has_map(st, seat):
            out.append("hunt")
        if free and st["goods"]:
            out.append("buy")
        return out + attacks(st, seat)
    if stage == "dice":
        found = flow.placements(t)
        out = list(found)
        if not found:
            out += [f"discard {v}" for v in sorted(set(t["rolled"]))]
        return out + [f"use {p} {v}" for p, v in flow.use_options(t)]
    if stage == "stow":
        return [f"stow {s}" for s in flow.free_ships(st, seat)]
    winner = t["fight"]["winner"]
    return [f"loot {s}" for s in flow.free_ships(st, winner)] + ["noloot"]


def is_legal(st: St, move: str) -> bool:
    """``move`` (canonical) in ``legal(st)``, without listing every move (the apply path)."""
    t = st["turn"]
    stage = t["stage"]
    seat = t["seat"]
    verb, *args = move.split()
    if verb not in STAGE_VERBS[stage]:
        return False
    if stage == "dice":
        if verb == "place":
            return move in flow.placements(t)
        if verb == "discard":
            return not flow.placements(t) and int(args[0]) in t["rolled"]
        return (args[0], int(args[1])) in flow.use_options(t)
    if verb == "arm":
        return args[0] in st["port"]
    if verb == "stow":
        return args[0] in flow.free_ships(st, seat)
    if verb == "loot":
        return args[0] in flow.free_ships(st, t["fight"]["winner"])
    return move in legal(st)


def refusal(st: St, move: str) -> Text:
    """Why the canonical ``move`` is not legal now (called when it is not in ``legal``)."""
    t = st["turn"]
    seat = t["seat"]
    verb, *args = move.split()
    stage = t["stage"]
    if verb not in STAGE_VERBS[stage]:
        return say("You cannot `{verb}` now; {help}.", verb=verb, help=say(STAGE_HELP[stage]))
    if verb == "arm":
        return say("{ship} is not in the port.", ship=SHIPS[args[0]].name)
    if verb in ("hunt", "buy"):
        stack = "treasures" if verb == "hunt" else "goods"
        if not st[stack]:
            return say("No treasure is left.") if verb == "hunt" else say("No goods card is left.")
        if not flow.free_ships(st, seat):
            if verb == "hunt":
                return say("To hunt you need a free ship, one that carries nothing.")
            return say("To buy you need a free ship, one that carries nothing.")
        return say("To hunt you need a ship with the treasure-map icon in your fleet.")
    if verb == "attack":
        return _attack_refusal(st, seat, args)
    if verb == "place":
        values = [int(v) for v in args]
        missing = _not_rolled(t["rolled"], values)
        if missing:
            return missing
        free = t["slots"] - len(t["placed"])
        if len(values) > free:
            return say_n("The card has only {n} free slot.", "The card has only {n} free slots.",
                         free)
        return say("{dice} cannot go on the card: the {combination} could not be completed any "
                   "more.", dice=" ".join(args), combination=combination_name(t["combination"]))
    if verb == "discard":
        if flow.placements(t):
            return say("A die fits on the card: place at least one; set aside only when none "
                       "fits.")
        return _not_rolled(t["rolled"], [int(args[0])]) or say("You cannot set that die aside.")
    if verb == "use":
        power, value = args[0], int(args[1])
        if power not in t["powers"]:
            return say("You carry no goods card with the {power} power.", power=power_name(power))
        if power in t["powers_used"]:
            return say("You already used the {power} power this turn.", power=power_name(power))
        if value not in t["rolled"]:
            return say("No rolled die shows {value}.", value=value)
        return say("The {power} power cannot be used on a {value}: a die stays within 1–6.",
                   power=power_name(power), value=value)
    if verb in ("stow", "loot"):
        who = seat if verb == "stow" else t["fight"]["winner"]
        owner = flow.owner_of(st, args[0])
        if owner != who:
            return say("{ship} is not in your fleet.", ship=SHIPS[args[0]].name)
        return say("{ship} already carries a card: a ship carries only one.",
                   ship=SHIPS[args[0]].name)
    return say("That move is not possible now.")


def _not_rolled(rolled: list[int], values: list[int]) -> Text | None:
    left = list(rolled)
    for v in values:
        if v not in left:
            shown = " ".join(str(x) for x in rolled)
            if v in rolled:
                return say("You did not roll another {value} (rolled: {dice}).", value=v,
                           dice=shown)
            return say("You did not roll a {value} (rolled: {dice}).", value=v, dice=shown)
        left.remove(v)
    return None


def _attack_refusal(st: St, seat: int, args: list[str]) -> Text:
    own = args[0]
    target_seat, target = args[1].split(":")
    target_seat_n = int(target_seat)
    if flow.owner_of(st, own) != seat:
        return say("{ship} is not in your fleet.", ship=SHIPS[own].name)
    if target_seat_n == seat:
        return say("You cannot attack your own fleet.")
    if not 1 <= target_seat_n <= st["players"]:
        return say("There is no seat {number} at this table.", number=target_seat_n)
    if flow.owner_of(st, target) != target_seat_n:
        return say("{who} has no {ship}.", who=seat_ref(target_seat_n), ship=SHIPS[target].name)
    if SHIPS[own].family == SHIPS[target].family:
        return say("Loyalty rule 1: attack a ship of another family.")
    return say("Loyalty rule 1: attack a ship whose firepower is equal to or greater than your "
               "ship's.")


def play(st: St, seat: int, move: str) -> list[dict[str, Any]]:
    """Apply the legal canonical ``move`` to the working copy ``st``; the events."""
    verb, *args = move.split()
    ev: list[dict[str, Any]] = []
    t = st["turn"]
    cells: list[str] = []
    if verb == "arm":
        cells = [args[0]]
        flow.announce(st, seat, "arm", args[0], ev)
    elif verb == "hunt":
        cells = ["treasures"]
        flow.announce(st, seat, "hunt", st["treasures"][0], ev)
    elif verb == "buy":
        cells = ["goods"]
        flow.announce(st, seat, "buy", st["goods"][0], ev)
    elif verb == "attack":
        target_seat, target = args[1].split(":")
        cells = [args[0], target]
        flow.attack(st, seat, args[0], int(target_seat), target, ev)
    elif verb == "place":
        cells = [_target_cell(t)]
        flow.place(st, [int(v) for v in args], ev)
    elif verb == "discard":
        cells = [_target_cell(t)]
        flow.set_aside(st, int(args[0]), ev)
    elif verb == "use":
        cells = [_target_cell(t)]
        flow.use_power(st, args[0], int(args[1]), ev)
    elif verb == "stow":
        cells = [args[0]]
        flow.stow(st, args[0], ev)
    elif verb == "loot":
        cells = [t["loser"]["ship"], args[0]]
        flow.loot(st, args[0], ev)
    else:  # noloot
        cells = [t["loser"]["ship"]]
        flow.loot(st, None, ev)
    st["last_move"] = {"seat": seat, "move": move, "cells": cells}
    return ev


def _target_cell(t: dict[str, Any]) -> str:
    """What ``last_move.cells`` highlights for a dice move: the target ship or stack."""
    if t["action"] == "arm":
        return t["card"]
    return "treasures" if t["action"] == "hunt" else "goods"
