"""``menu_path`` / ``describe``: readable labels for a Discord menu, from the view only.

The announcement is a verb then its card (attack: your ship, then the target); a placement, a
set-aside, a power and the loot answers are one choice each, labelled with the dice they name.
Every label is a :func:`~games.text.say` Text (the reader's language comes later).
"""

from __future__ import annotations

from typing import Any

from ..base import MenuStep
from ..text import N_, Text, say
from ..text import seat as seat_ref
from .cards import SHIPS, goods_label, power_label, treasure_label
from .notation import parse

USE_LABELS = {"flip": N_("Flip a {v} → {r}"), "+1": N_("+1 on a {v} → {r}"),
              "-1": N_("−1 on a {v} → {r}"), "reroll": N_("Reroll a {v}")}


def ship_label(code: str) -> Text:
    """``Galion 11 (cargo 11, firepower 5)``."""
    s = SHIPS[code]
    return say("{ship} (cargo {target}, firepower {firepower})", ship=s.name, target=s.target,
               firepower=s.firepower)


def _cargo_label(cargo: dict[str, Any] | None) -> Text:
    if cargo is None:
        return say("card")
    if cargo["kind"] == "goods":
        return goods_label(cargo["letter"], cargo["power"])
    return treasure_label(cargo["letter"], cargo["points"])


def _loot_card(view: dict[str, Any]) -> Text:
    """The card the fight's loser carries (``card`` when the view does not show it)."""
    turn = view.get("turn") or {}
    fight = turn.get("fight") or {}
    winner = fight.get("winner")
    side = fight.get("defender") if winner == (fight.get("attacker") or {}).get("seat") else \
        fight.get("attacker")
    if not side:
        return _cargo_label(None)
    for s in view["seats"]:
        for e in s["fleet"]:
            if e["ship"] == side["ship"]:
                return _cargo_label(e["cargo"])
    return _cargo_label(None)


def menu_path(view: dict[str, Any], move: str) -> list[MenuStep]:
    text = parse(move)
    verb, *args = text.split()
    if verb == "arm":
        return [MenuStep("arm", say("Arm a ship")), MenuStep(args[0], ship_label(args[0]))]
    if verb == "hunt":
        top = (view.get("treasures") or [None])[0]
        label = (say("Hunt treasure {letter} (+{points})", letter=top["letter"],
                     points=top["points"]) if top else say("Hunt the top treasure"))
        return [MenuStep("hunt", label)]
    if verb == "buy":
        top = (view.get("goods") or [None])[0]
        label = (say("Buy goods {letter} ({power})", letter=top["letter"],
                     power=power_label(top["power"])) if top else say("Buy the top goods"))
        return [MenuStep("buy", label)]
    if verb == "attack":
        seat, target = args[1].split(":")
        own = SHIPS[args[0]]
        theirs = SHIPS[target]
        return [MenuStep("attack", say("Attack a ship")),
                MenuStep(args[0], say("With your {ship} (firepower {firepower})", ship=own.name,
                                      firepower=own.firepower)),
                MenuStep(args[1], say("{owner}'s {ship} (firepower {firepower})",
                                      owner=seat_ref(int(seat)), ship=theirs.name,
                                      firepower=theirs.firepower), icon=f"seat:{int(seat)}")]
    if verb == "place":
        return [MenuStep(text, say("Place {dice}", dice=" ".join(args)))]
    if verb == "discard":
        return [MenuStep(text, say("Set a {v} aside", v=int(args[0])), icon=f"die:{int(args[0])}")]
    if verb == "use":
        power, v = args[0], int(args[1])
        result = {"flip": 7 - v, "+1": v + 1, "-1": v - 1}.get(power, v)
        return [MenuStep(text, say(USE_LABELS[power], v=v, r=result), icon=f"die:{v}")]
    if verb == "stow":
        return [MenuStep(text, say("Stow it under your {ship}", ship=SHIPS[args[0]].name))]
    if verb == "loot":
        return [MenuStep(text, say("Loot the {card} onto your {ship}", card=_loot_card(view),
                                   ship=SHIPS[args[0]].name))]
    return [MenuStep(text, say("Leave the {card} where it is", card=_loot_card(view)))]


def describe(view: dict[str, Any], move: str) -> Text:
    """One phrase: ``Arm Galion 11 (cargo 11, firepower 5)``, ``Attack Seat 2's Frégate 9
    (firepower 3) with your Caravelle 7 (firepower 1)``, ``+1 on a 3 → 4``."""
    verb, *args = parse(move).split()
    if verb == "arm":
        return say("Arm {ship}", ship=ship_label(args[0]))
    if verb == "attack":
        seat, target = args[1].split(":")
        own, theirs = SHIPS[args[0]], SHIPS[target]
        return say("Attack {owner}'s {target} (firepower {their_firepower}) with your {own} "
                   "(firepower {own_firepower})", owner=seat_ref(int(seat)), target=theirs.name,
                   their_firepower=theirs.firepower, own=own.name, own_firepower=own.firepower)
    return menu_path(view, move)[0].label
