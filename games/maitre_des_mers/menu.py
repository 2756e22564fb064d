"""``menu_path`` / ``describe``: readable labels for a Discord menu, from the view only.

The announcement is a verb then its card (attack: your ship, then the target); a placement, a
set-aside, a power and the loot answers are one choice each, labelled with the dice they name.
"""

from __future__ import annotations

from typing import Any

from ..base import MenuStep
from .cards import POWER_LABELS, SHIPS
from .notation import parse

USE_LABELS = {"flip": "Flip a {v} → {r}", "+1": "+1 on a {v} → {r}", "-1": "−1 on a {v} → {r}",
              "reroll": "Reroll a {v}"}


def ship_label(code: str) -> str:
    """``Galion 11 (cargo 11, firepower 5)``."""
    s = SHIPS[code]
    return f"{s.name} (cargo {s.target}, firepower {s.firepower})"


def _cargo_label(cargo: dict[str, Any] | None) -> str:
    if cargo is None:
        return "card"
    if cargo["kind"] == "goods":
        return f"goods {cargo['letter']} ({POWER_LABELS[cargo['power']]})"
    return f"treasure {cargo['letter']} (+{cargo['points']})"


def _loot_card(view: dict[str, Any]) -> str:
    turn = view.get("turn") or {}
    fight = turn.get("fight") or {}
    winner = fight.get("winner")
    side = fight.get("defender") if winner == (fight.get("attacker") or {}).get("seat") else \
        fight.get("attacker")
    if not side:
        return "the card"
    for s in view["seats"]:
        for e in s["fleet"]:
            if e["ship"] == side["ship"]:
                return f"the {_cargo_label(e['cargo'])}"
    return "the card"


def menu_path(view: dict[str, Any], move: str) -> list[MenuStep]:
    text = parse(move)
    verb, *args = text.split()
    if verb == "arm":
        return [MenuStep("arm", "Arm a ship"), MenuStep(args[0], ship_label(args[0]))]
    if verb == "hunt":
        top = (view.get("treasures") or [None])[0]
        what = f"treasure {top['letter']} (+{top['points']})" if top else "the top treasure"
        return [MenuStep("hunt", f"Hunt {what}")]
    if verb == "buy":
        top = (view.get("goods") or [None])[0]
        what = f"goods {top['letter']} ({POWER_LABELS[top['power']]})" if top else "the top goods"
        return [MenuStep("buy", f"Buy {what}")]
    if verb == "attack":
        seat, target = args[1].split(":")
        own = SHIPS[args[0]]
        theirs = SHIPS[target]
        return [MenuStep("attack", "Attack a ship"),
                MenuStep(args[0], f"With your {own.name} (firepower {own.firepower})"),
                MenuStep(args[1], f"Seat {seat}'s {theirs.name} (firepower {theirs.firepower})")]
    if verb == "place":
        return [MenuStep(text, f"Place {' '.join(args)}")]
    if verb == "discard":
        return [MenuStep(text, f"Set a {args[0]} aside")]
    if verb == "use":
        power, v = args[0], int(args[1])
        result = {"flip": 7 - v, "+1": v + 1, "-1": v - 1}.get(power, v)
        return [MenuStep(text, USE_LABELS[power].format(v=v, r=result))]
    if verb == "stow":
        return [MenuStep(text, f"Stow it under your {SHIPS[args[0]].name}")]
    if verb == "loot":
        return [MenuStep(text, f"Loot {_loot_card(view)} onto your {SHIPS[args[0]].name}")]
    return [MenuStep(text, f"Leave {_loot_card(view)} where it is")]


def describe(view: dict[str, Any], move: str) -> str:
    """One phrase: ``Arm Galion 11 (cargo 11, firepower 5)``, ``Attack Seat 2's Frégate 9
    (firepower 3) with your Caravelle 7 (firepower 1)``, ``+1 on a 3 → 4``."""
    steps = menu_path(view, move)
    verb = steps[0].token
    if verb == "arm":
        return f"Arm {steps[1].label}"
    if verb == "attack":
        return f"Attack {steps[2].label} {steps[1].label[0].lower()}{steps[1].label[1:]}"
    return steps[0].label
