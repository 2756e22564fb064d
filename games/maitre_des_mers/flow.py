"""The turn as the rules run it (MM-9 … MM-17): announce, roll, place or set aside, stow, fight,
loot, the end of a turn and of the game. Functions here change a working copy ``st`` of the
state in place and append events; legality is checked before (``moves.py``).

``st["turn"]`` holds the keys of the view's ``turn`` (docs/views/maitre-des-mers.md) plus internal ones:
``card`` (the target card's id), ``goal`` (the ship's cargo target, 0 for other cards) and
``loser`` (``{"seat", "ship"}`` of a fight's losing ship while the loot prompt waits).
"""

from __future__ import annotations

import functools
from typing import Any

from ..text import N_, Text, listing, say, say_n
from ..text import seat as seat_ref
from . import combos
from .cards import (
    BASE_DICE,
    FAMILY_BONUS,
    FAMILY_SIZE,
    GOODS,
    SHIPS,
    TREASURES,
    card_label,
    combination_name,
)
from .dice import dice_text, draw
from .notation import place_text

St = dict[str, Any]
Events = list[dict[str, Any]]

VIEW_TURN_KEYS = ("seat", "action", "target", "combination", "slots", "placed", "rolled", "aside",
                  "pool", "powers", "powers_used", "stage", "fight")


# -- reading ------------------------------------------------------------------------------------
def fleet(st: St, seat: int) -> list[dict[str, Any]]:
    return st["fleets"][seat - 1]


def free_ships(st: St, seat: int) -> list[str]:
    """MM-14: ships of ``seat`` that carry no card, in fleet order."""
    return [e["ship"] for e in st["fleets"][seat - 1] if e["cargo"] is None]


def has_map(st: St, seat: int) -> bool:
    return any(SHIPS[e["ship"]].map for e in st["fleets"][seat - 1])


def powers_of(st: St, seat: int) -> list[str]:
    """Powers of the goods cards ``seat`` carries, in stack (card) order."""
    cards = sorted(e["cargo"] for e in st["fleets"][seat - 1] if e["cargo"] in GOODS)
    return [GOODS[c].power for c in cards]


def score(st: St, seat: int) -> int:
    """MM-18: treasures carried plus a bonus per complete family."""
    ships = st["fleets"][seat - 1]
    points = sum(TREASURES[e["cargo"]].points for e in ships if e["cargo"] in TREASURES)
    for family, size in FAMILY_SIZE.items():
        if sum(1 for e in ships if SHIPS[e["ship"]].family == family) == size:
            points += FAMILY_BONUS
    return points


def tiebreak(st: St, seat: int) -> tuple[int, int, int]:
    """MM-18: score, then fleet size, then total firepower."""
    ships = st["fleets"][seat - 1]
    return score(st, seat), len(ships), sum(SHIPS[e["ship"]].firepower for e in ships)


def owner_of(st: St, ship: str) -> int | None:
    for seat, ships in enumerate(st["fleets"], start=1):
        if any(e["ship"] == ship for e in ships):
            return seat
    return None


# -- the turn -----------------------------------------------------------------------------------
def new_turn(st: St, seat: int) -> None:
    """MM-9: ``seat`` holds the dice and announces an action."""
    powers = powers_of(st, seat)
    st["turn"] = {
        "seat": seat, "action": None, "target": None, "combination": None, "slots": 0,
        "placed": [], "rolled": [], "aside": [], "pool": BASE_DICE + powers.count("die"),
        "powers": powers, "powers_used": [], "stage": "announce", "fight": None,
        "card": None, "goal": 0, "loser": None,
    }


def turn_json(turn: dict[str, Any]) -> dict[str, Any]:
    """The view's keys of a turn, copied."""
    out = {k: turn[k] for k in VIEW_TURN_KEYS}
    for k in ("placed", "rolled", "aside", "powers", "powers_used"):
        out[k] = list(out[k])
    out["target"] = None if out["target"] is None else dict(out["target"])
    fight = out["fight"]
    if fight is not None:
        out["fight"] = {"attacker": dict(fight["attacker"]), "defender": dict(fight["defender"]),
                        "winner": fight["winner"]}
    return out


def announce(st: St, seat: int, action: str, card: str | None, ev: Events) -> None:
    """MM-9 / MM-10: a dice action is announced and all the pool's dice are rolled at once."""
    t = st["turn"]
    t["action"] = action
    t["card"] = card
    t["stage"] = "dice"
    if action == "arm":
        ship = SHIPS[card]
        t["target"] = {"kind": "ship", "ship": card}
        t["combination"], t["goal"] = "ship", ship.target
        ev.append({"seat": seat, "text": say(
            "{who} sets out to arm {ship} (6, 5, 4 and cargo {target} or more).",
            who=seat_ref(seat), ship=ship.the, target=ship.target)})
    elif action == "hunt":
        tr = TREASURES[card]
        t["target"] = {"kind": "treasure", "letter": tr.letter, "points": tr.points}
        t["combination"] = tr.combination
        ev.append({"seat": seat, "text": say(
            "{who} hunts {card}: needs {combination}.", who=seat_ref(seat), card=card_label(card),
            combination=combination_name(tr.combination, article=True))})
    else:
        g = GOODS[card]
        t["target"] = {"kind": "goods", "letter": g.letter, "power": g.power}
        t["combination"] = g.combination
        ev.append({"seat": seat, "text": say(
            "{who} sets out to buy {card}: needs {combination}.", who=seat_ref(seat), card=card_label(card),
            combination=combination_name(g.combination, article=True))})
    t["slots"] = combos.SLOTS[t["combination"]]
    roll(st, ev)


def roll(st: St, ev: Events) -> None:
    """MM-10: roll every die neither placed nor set aside, then settle automatic steps."""
    t = st["turn"]
    k = t["pool"] - len(t["placed"]) - len(t["aside"])
    t["rolled"] = draw(st, k)
    ev.append({"seat": t["seat"], "text": say("{who} rolls {dice}.", who=seat_ref(t["seat"]),
                                              dice=dice_text(t["rolled"])),
               "chance": "die"})  # a roll can't be taken back (undo)
    settle(st, ev)


def placements(t: dict[str, Any]) -> tuple[str, ...]:
    """MM-10a: every multiset of rolled dice that may go on the card (``combos.placements``),
    as canonical ``place`` moves."""
    combination, goal = t["combination"], t["goal"]
    placed = tuple(sorted(t["placed"]))
    return _placements(combination, placed,
                       combos.relevant(combination, placed, t["rolled"], goal), goal)


@functools.lru_cache(maxsize=1 << 16)
def _placements(combination: str, placed: tuple[int, ...], relevant: tuple[int, ...],
                goal: int) -> tuple[str, ...]:
    """Memoised on the rolled dice that matter (:func:`combos.relevant`: the answer depends on
    them only): keyed by every roll, this cache grew by ~40 KB a game for good in every
    process that reads Le Maître des Mers' legal moves (the bot's and its worker)."""
    return tuple(place_text(p) for p in combos.placements(combination, placed, relevant, goal))


def use_options(t: dict[str, Any]) -> list[tuple[str, int]]:
    """MM-15: (power, value) pairs ``use`` may name now: one per unused power and distinct
    rolled value, never ``+1`` on a 6 nor ``-1`` on a 1."""
    out = []
    values = sorted(set(t["rolled"]))
    for power in t["powers"]:
        if power == "die" or power in t["powers_used"]:
            continue
        for v in values:
            if (power == "+1" and v == 6) or (power == "-1" and v == 1):
                continue
            out.append((power, v))
    return out


def settle(st: St, ev: Events) -> None:
    """MM-10b: a set-aside with one possible value and no usable power happens by itself."""
    t = st["turn"]
    if t["stage"] != "dice":
        return
    if len(set(t["rolled"])) == 1 and not use_options(t) and not placements(t):
        set_aside(st, t["rolled"][0], ev, auto=True)


def place(st: St, values: list[int], ev: Events) -> None:
    """MM-10: dice go onto the card for good; complete -> success, else roll the rest."""
    t = st["turn"]
    seat = t["seat"]
    rolled = list(t["rolled"])
    for v in values:
        rolled.remove(v)
    t["placed"] = t["placed"] + list(values)
    t["rolled"] = rolled
    ev.append({"seat": seat, "text": say(
        "{who} places {dice} ({placed} of {slots}).", who=seat_ref(seat),
        dice=dice_text(list(values)), placed=len(t["placed"]), slots=t["slots"])})
    if len(t["placed"]) == t["slots"]:
        success(st, ev)
    else:
        roll(st, ev)


def set_aside(st: St, value: int, ev: Events, auto: bool = False) -> None:
    """MM-10 / MM-10a: one die out for the turn; too few dice left for the free slots fails."""
    t = st["turn"]
    seat = t["seat"]
    rolled = list(t["rolled"])
    rolled.remove(value)
    t["rolled"] = rolled
    t["aside"] = t["aside"] + [value]
    line = (N_("{who} sets a {value} aside (no die fits).") if auto
            else N_("{who} sets a {value} aside (nothing fits)."))
    ev.append({"seat": seat, "text": say(line, who=seat_ref(seat), value=value)})
    left = t["pool"] - len(t["placed"]) - len(t["aside"])
    if left < t["slots"] - len(t["placed"]):
        t["rolled"] = []
        line = FAILS[t["action"]]
        ev.append({"seat": seat, "text": say(line, who=seat_ref(seat))})
        end_turn(st, "failure", ev)
    else:
        roll(st, ev)


def use_power(st: St, power: str, value: int, ev: Events) -> None:
    """MM-15: change one rolled die showing ``value``."""
    t = st["turn"]
    seat = t["seat"]
    rolled = list(t["rolled"])
    i = rolled.index(value)
    if power == "flip":
        rolled[i] = 7 - value
    elif power == "+1":
        rolled[i] = value + 1
    elif power == "-1":
        rolled[i] = value - 1
    else:
        rolled[i] = draw(st, 1)[0]
    t["rolled"] = rolled
    t["powers_used"] = t["powers_used"] + [power]
    ev.append({"seat": seat, "text": say(USED[power], who=seat_ref(seat), value=value,
                                         new=rolled[i], dice=dice_text(rolled)),
               **({"chance": "die"} if power == "reroll" else {})})
    settle(st, ev)


USED = {
    "flip": N_("{who} flips a {value}: {new} (dice {dice})."),
    "+1": N_("{who} adds 1 to a {value}: {new} (dice {dice})."),
    "-1": N_("{who} takes 1 from a {value}: {new} (dice {dice})."),
    "reroll": N_("{who} rerolls a {value}: {new} (dice {dice})."),
}
"""MM-15: the line of each ``use`` power."""
FAILS = {
    "arm": N_("{who} has too few dice left: arming the ship fails."),
    "hunt": N_("{who} has too few dice left: the treasure hunt fails."),
    "buy": N_("{who} has too few dice left: the purchase fails."),
}
"""MM-10a: the line of a dice action that runs out of dice."""


def success(st: St, ev: Events) -> None:
    """MM-11 / MM-12 / MM-13: the card is won."""
    t = st["turn"]
    seat, card = t["seat"], t["card"]
    if t["action"] == "arm":
        i = st["port"].index(card)
        st["fleets"][seat - 1] = fleet(st, seat) + [{"ship": card, "cargo": None}]
        event: dict[str, Any] = {"seat": seat}
        if st["pile"]:
            st["port"][i] = st["pile"].pop(0)
            event["text"] = say("{who} arms {ship}. {new} comes into the port.", who=seat_ref(seat),
                                ship=SHIPS[card].the, new=SHIPS[st["port"][i]].name)
            event["chance"] = "card"  # turned up from the face-down pile: no undo past it
        else:
            del st["port"][i]
            event["text"] = say("{who} arms {ship}. The pile is empty: the port does not refill.",
                                who=seat_ref(seat), ship=SHIPS[card].the)
        ev.append(event)
        end_turn(st, "success", ev)
        return
    stack = "treasures" if t["action"] == "hunt" else "goods"
    st[stack] = st[stack][1:]
    ev.append({"seat": seat, "text": say("{who} wins {card}.", who=seat_ref(seat),
                                         card=card_label(card))})
    free = free_ships(st, seat)
    if len(free) == 1:  # MM-13a: no prompt with one free ship
        stow(st, free[0], ev)
    else:
        t["stage"] = "stow"


def stow(st: St, ship: str, ev: Events) -> None:
    """MM-13a: the won card goes under a free ship of the player."""
    t = st["turn"]
    seat = t["seat"]
    _set_cargo(st, seat, ship, t["card"])
    ev.append({"seat": seat, "text": say("{who} stows {card} under {ship}.", who=seat_ref(seat),
                                         card=card_label(t["card"]), ship=SHIPS[ship].the)})
    end_turn(st, "success", ev)


def _set_cargo(st: St, seat: int, ship: str, card: str | None) -> None:
    st["fleets"][seat - 1] = [
        {"ship": e["ship"], "cargo": card} if e["ship"] == ship else e for e in fleet(st, seat)
    ]


def attack(st: St, seat: int, own: str, target_seat: int, target: str, ev: Events) -> None:
    """MM-16: one die each plus firepower; the attacker wins ties; loot or sink."""
    t = st["turn"]
    t["action"] = "attack"
    t["card"] = target
    t["target"] = {"kind": "ship", "ship": target}
    a_die, d_die = draw(st, 2)
    a_fp, d_fp = SHIPS[own].firepower, SHIPS[target].firepower
    a_total, d_total = a_die + a_fp, d_die + d_fp
    winner = seat if a_total >= d_total else target_seat
    t["fight"] = {
        "attacker": {"seat": seat, "ship": own, "firepower": a_fp, "die": a_die, "total": a_total},
        "defender": {"seat": target_seat, "ship": target, "firepower": d_fp, "die": d_die,
                     "total": d_total},
        "winner": winner,
    }
    ev.append({"seat": seat, "text": say(
        "{attacker} attacks {defender}: {own} against {target}. {attacker} rolls {a_die} "
        "(+{a_fp} = {a_total}), {defender} rolls {d_die} (+{d_fp} = {d_total}). {winner} wins "
        "the fight.",
        attacker=seat_ref(seat), defender=seat_ref(target_seat), winner=seat_ref(winner),
        target=SHIPS[target].the, own=SHIPS[own].the, a_die=a_die, a_fp=a_fp,
        a_total=a_total, d_die=d_die, d_fp=d_fp, d_total=d_total), "chance": "die"})
    loser_seat, loser_ship = (target_seat, target) if winner == seat else (seat, own)
    cargo = _cargo(st, loser_seat, loser_ship)
    if cargo is None:
        st["fleets"][loser_seat - 1] = [e for e in fleet(st, loser_seat) if e["ship"] != loser_ship]
        st["pile"].append(loser_ship)
        ev.append({"text": say("{who} loses {ship}: with nothing aboard, it goes back under the "
                               "ship pile.", who=seat_ref(loser_seat),
                               ship=SHIPS[loser_ship].the)})
        end_turn(st, "success" if winner == seat else "failure", ev)
        return
    if not free_ships(st, winner):
        ev.append({"text": say("{winner} has no free ship: the {card} stays with {loser}.",
                               winner=seat_ref(winner), card=card_label(cargo),
                               loser=seat_ref(loser_seat))})
        end_turn(st, "success" if winner == seat else "failure", ev)
        return
    t["stage"] = "loot"
    t["loser"] = {"seat": loser_seat, "ship": loser_ship}


def _cargo(st: St, seat: int, ship: str) -> str | None:
    for e in fleet(st, seat):
        if e["ship"] == ship:
            return e["cargo"]
    return None


def loot(st: St, ship: str | None, ev: Events) -> None:
    """MM-16: the fight's winner takes the losing ship's card onto a free ship, or not."""
    t = st["turn"]
    winner = t["fight"]["winner"]
    loser = t["loser"]
    cargo = _cargo(st, loser["seat"], loser["ship"])
    if ship is None:
        ev.append({"seat": winner, "text": say("{who} leaves the {card} where it is.",
                                               who=seat_ref(winner), card=card_label(cargo))})
    else:
        _set_cargo(st, loser["seat"], loser["ship"], None)
        _set_cargo(st, winner, ship, cargo)
        ev.append({"seat": winner, "text": say(
            "{who} loots the {card} from {loser} and stows it under {ship}.",
            who=seat_ref(winner), card=card_label(cargo), loser=seat_ref(loser["seat"]),
            ship=SHIPS[ship].the)})
    end_turn(st, "success" if winner == t["seat"] else "failure", ev)


def end_turn(st: St, outcome: str, ev: Events) -> None:
    """The dice pass to the left; MM-17: an empty port ends the game at once."""
    t = st["turn"]
    st["last_action"] = {**turn_json(t), "outcome": outcome}
    if not st["port"]:
        finish(st, ev)
        return
    new_turn(st, t["seat"] % st["players"] + 1)


def finish(st: St, ev: Events) -> None:
    """MM-17 / MM-18: scores, tie-breaks, shared wins."""
    st["turn"] = None
    st["over"] = True
    st["reason"] = REASON
    n = st["players"]
    keys = [tiebreak(st, s) for s in range(1, n + 1)]
    best = max(keys)
    winners = [s for s in range(1, n + 1) if keys[s - 1] == best]
    st["winners"] = winners
    table = listing([say("{who} {points}", who=seat_ref(s), points=keys[s - 1][0])
                     for s in range(1, n + 1)])
    who = and_list([seat_ref(w) for w in winners])
    won = say_n("{who} wins.", "{who} share the win.", len(winners), who=who)
    ev.append({"text": say("Game over: no ship is left in the port. Scores: {table}. {won}",
                           table=table, won=won)})


def and_list(items: list[Text]) -> Text:
    """``Seat 1, Seat 2 and Seat 3`` as one Text: the "and" is a catalog template, so each
    language writes its own."""
    if len(items) == 1:
        return items[0]
    return say("{first} and {last}", first=listing(items[:-1]), last=items[-1])


REASON = N_("No ship is left in the port.")
"""MM-17: why the game ended (kept in the state as this msgid, a plain str)."""
