"""The position in words (:meth:`games.base.Game.board_words`), from a view only
(docs/views/maitre-des-mers.md): the turn, the scores, the action in progress (its target, dice,
powers, fight), the port and the pile, each seat's fleet, the goods and treasure stacks, then
the previous action as it ended. Every card is face up; the pile is a count."""

from __future__ import annotations

from typing import Any

from ..base import View, turn_words
from ..text import Text, listing, say, say_n, series
from ..text import seat as seat_text
from .cards import SHIPS, combination_name, goods_label, power_label, treasure_label

STAGES: dict[str, Text] = {
    "announce": say("announce an action"),
    "dice": say("place dice"),
    "stow": say("choose the ship that takes the card"),
    "loot": say("the winner decides whether to loot"),
}
OUTCOMES: dict[str, Text] = {"success": say("success"), "failure": say("failure")}


def position_words(view: View) -> list[Text]:
    """Every public fact of a Le Maître des Mers view, most important first."""
    lines = [turn_words(view)]
    lines += [say_n("{player}: {n} point.", "{player}: {n} points.", s["score"],
                    player=seat_text(s["seat"])) for s in view["seats"]]
    if view.get("turn"):
        lines += _action(view["turn"], None)
    port = [SHIPS[code].name for code in view["port"]]
    lines.append(say("Port: {ships}.", ships=listing(port)) if port
                 else say("The port is empty."))
    lines.append(say_n("{n} ship face down in the pile.", "{n} ships face down in the pile.",
                       view["pile"]))
    lines += [_fleet(s) for s in view["seats"]]
    goods = [goods_label(g["letter"], g["power"]) for g in view["goods"]]
    lines.append(say("Goods stack, top first: {cards}.", cards=series(goods)) if goods
                 else say("The goods stack is empty."))
    treasures = [treasure_label(t["letter"], t["points"]) for t in view["treasures"]]
    lines.append(say("Treasure stack, top first: {cards}.", cards=listing(treasures)) if treasures
                 else say("The treasure stack is empty."))
    if view.get("last_action"):
        lines += _action(view["last_action"], view["last_action"].get("outcome"))
    return lines


def _fleet(s: dict[str, Any]) -> Text:
    """``Fleet of Seat 1: Caravelle 7 (firepower 1, treasure map) carrying goods A (…); …``"""
    ships = []
    for entry in s["fleet"]:
        ship = SHIPS[entry["ship"]]
        about = (say("firepower {n}, treasure map", n=entry["firepower"]) if entry["map"]
                 else say("firepower {n}", n=entry["firepower"]))
        item = say("{ship} ({about})", ship=ship.name, about=about)
        cargo = entry.get("cargo")
        if cargo:
            item = say("{ship} carrying {card}", ship=item, card=_cargo(cargo))
        ships.append(item)
    if not ships:
        return say("Fleet of {player}: no ship.", player=seat_text(s["seat"]))
    return say("Fleet of {player}: {ships}.", player=seat_text(s["seat"]),
               ships=series(ships))


def _cargo(card: dict[str, Any]) -> Text:
    if card["kind"] == "goods":
        return goods_label(card["letter"], card["power"])
    return treasure_label(card["letter"], card["points"])


def _target(turn: dict[str, Any]) -> Any:
    target = turn.get("target") or {}
    if target.get("kind") == "ship":
        return SHIPS[target["ship"]].the
    if target.get("kind") == "treasure":
        return treasure_label(target["letter"], target["points"])
    if target.get("kind") == "goods":
        return goods_label(target["letter"], target["power"])
    return None


def _dice(values: list[int]) -> Any:
    return listing([str(v) for v in values]) if values else say("no dice")


def _action(turn: dict[str, Any], outcome: str | None) -> list[Text]:
    """The action of the turn in progress (``outcome`` None) or the previous one as it ended."""
    who = seat_text(turn["seat"])
    action, target = turn.get("action"), _target(turn)
    if action is None:
        return [say("{player} has not announced an action yet ({stage}).", player=who,
                    stage=STAGES[turn["stage"]])]
    if action == "arm":
        what = say("arm {ship}", ship=target)
    elif action == "hunt":
        what = say("hunt {card}", card=target)
    elif action == "buy":
        what = say("buy {card}", card=target)
    else:
        what = say("attack {ship}", ship=target)
    if outcome is None:
        head = say("Action of {player}: {action}; now: {stage}.", player=who, action=what,
                   stage=STAGES[turn["stage"]])
    else:
        head = say("Previous action, by {player}: {action}; {outcome}.", player=who, action=what,
                   outcome=OUTCOMES.get(outcome, outcome))
    lines = [head]
    if turn.get("combination"):
        lines.append(say("It needs {combination} on {slots} dice. On the card: {placed}; rolled: "
                         "{rolled}; set aside: {aside}; {pool} dice in the pool.",
                         combination=combination_name(turn["combination"], article=True),
                         slots=turn["slots"], placed=_dice(turn["placed"]),
                         rolled=_dice(turn["rolled"]), aside=_dice(turn["aside"]),
                         pool=turn["pool"]))
    if turn.get("powers"):
        used = list(turn.get("powers_used") or [])
        powers = []
        for power in turn["powers"]:
            if power in used:
                used.remove(power)
                powers.append(say("{power} (used)", power=power_label(power)))
            else:
                powers.append(power_label(power))
        lines.append(say("Goods powers of {player}: {powers}.", player=who,
                         powers=series(powers)))
    fight = turn.get("fight")
    if fight:
        lines.append(say("Fight: {attack} against {defence}; {winner} wins.",
                         attack=_side(fight["attacker"]), defence=_side(fight["defender"]),
                         winner=seat_text(fight["winner"])))
    return lines


def _side(side: dict[str, Any]) -> Text:
    return say("{ship} of {player} (firepower {firepower} + die {die} = {total})",
               ship=SHIPS[side["ship"]].name, player=seat_text(side["seat"]),
               firepower=side["firepower"], die=side["die"], total=side["total"])
