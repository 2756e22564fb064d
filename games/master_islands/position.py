"""The position in words (:meth:`games.base.Game.board_words`), from a view only
(docs/views/master-islands.md): the turn, the phase, the piles and goals, each seat, the map row
by row, the holes, and the viewer's own hand."""

from __future__ import annotations

from typing import Any

from ..base import View, hand_words, seats_words, turn_words
from ..text import Text, listing, say, say_n, series
from ..text import seat as seat_text
from .cards import label

PHASES: dict[str, Text] = {
    "discovery": say("Discovery (place a card and sail a galleon)"),
    "bonus": say("colour bonus (another Discovery, or stop)"),
    "conquest": say("Conquest (take an alignment worth 10, or pass)"),
    "corsair": say("the corsair's moves"),
    "over": say("the game is over"),
}
"""What the phase of the view means for the seat to move."""


def position_words(view: View) -> list[Text]:
    """Every public fact of a Master Islands view, most important first."""
    lines = [turn_words(view), say("Phase: {phase}.", phase=PHASES[view["phase"]])]
    lines += _goal(view)
    lines += [_seat(view, s) for s in view["seats"]]
    lines += _map(view)
    hand = hand_words(view, label)
    if hand is not None:
        lines.append(hand)
    return lines


def _goal(view: View) -> list[Text]:
    mode, target = view["mode"], view["target"]
    lines: list[Text] = []
    if mode == "corsair":
        lines.append(say("Corsair mode: round {round} of {rounds}; the corsair has {steps} steps "
                         "left this round.", round=view["round"], rounds=view["rounds_max"],
                         steps=view["moves_left"]))
        crew = (view.get("team_scores") or {}).get("crew", 0)
        lines.append(say("The crew has {score} of the {target} cards it needs.", score=crew,
                         target=target))
    elif mode == "coop":
        for name, score in sorted((view.get("team_scores") or {}).items()):
            members = [s["seat"] for s in view["seats"] if str(s.get("team")) == str(name)]
            lines.append(say("Team {team} ({players}) has {score} of the {target} cards it needs.",
                             team=name, players=seats_words(members), score=score,
                             target=target))
    else:
        lines.append(say("A player needs {target} collected cards to win.", target=target))
    lines.append(say_n("{n} card in the draw pile.", "{n} cards in the draw pile.", view["pile"]))
    return lines


def _seat(view: View, s: dict[str, Any]) -> Text:
    """``Seat 2, team 1: 3 collected cards (B4 (blue 4), …); 3 cards in hand; galleon 1 on
    0,0 and galleon 2 on 1,0.``"""
    who: Any = seat_text(s["seat"])
    if s["role"] == "corsair":
        who = say("{player}, the corsair", player=who)
    elif s["role"] == "crew":
        who = say("{player}, crew", player=who)
    elif s.get("team") is not None:
        who = say("{player}, team {team}", player=who, team=s["team"])
    galleons = [say("galleon {n} on {position}", n=i, position=_pos(g))
                for i, g in enumerate(s["galleons"], start=1)]
    ships: Any = say("no galleon")
    if len(galleons) == 1:
        ships = galleons[0]
    elif galleons:
        ships = say("{a} and {b}", a=galleons[0], b=galleons[1])
    collected = s["collected"]
    cards = say_n("{n} collected card", "{n} collected cards", len(collected))
    if collected:
        cards = say("{count} ({cards})", count=cards, cards=listing([label(c) for c in collected]))
    if s["role"] == "corsair":
        return say("{who}: {ships}.", who=who, ships=ships)
    hand = say_n("{n} card in hand", "{n} cards in hand", s["hand_size"])
    return say("{who}: {cards}; {hand}; {ships}.", who=who, cards=cards, hand=hand, ships=ships)


def _pos(xy: list[int]) -> str:
    return f"{xy[0]},{xy[1]}"


def _north_first(xy: list[int]) -> tuple[int, int]:
    return xy[1], xy[0]


def _map(view: View) -> list[Text]:
    """The map row by row (north to south, west to east in a row), with the galleons on each
    card, then the holes."""
    on: dict[tuple[int, int], list[Any]] = {}
    for s in view["seats"]:
        for i, g in enumerate(s["galleons"], start=1):
            on.setdefault((g[0], g[1]), []).append(
                say("galleon {n} of {player}", n=i, player=seat_text(s["seat"])))
    rows: dict[int, list[dict[str, Any]]] = {}
    for cell in view["map"]:
        rows.setdefault(cell["y"], []).append(cell)
    lines = [say_n("The map has {n} card, row by row from north to south (x,y: card).",
                   "The map has {n} cards, row by row from north to south (x,y: card).",
                   len(view["map"]))]
    for y in sorted(rows):
        cards = []
        for cell in sorted(rows[y], key=lambda c: c["x"]):
            item = say("{position}: {card}", position=_pos([cell["x"], cell["y"]]),
                       card=label(cell["card"]))
            ships = on.get((cell["x"], cell["y"]))
            if ships:
                item = say("{card} with {galleons}", card=item, galleons=listing(ships))
            cards.append(item)
        lines.append(say("Row {y}: {cards}.", y=y, cards=series(cards)))
    holes = view.get("holes") or []
    if holes:
        lines.append(say("Holes left by conquests: {positions}.",
                         positions=series([_pos(h) for h in sorted(holes, key=_north_first)])))
    return lines
