"""Le Maître des Mers computer players. They decide from ``game.view(state, seat)`` and
``game.legal(state, seat)`` only (every card is face up; nothing needs determinizing).

greedy: announces the action with the best expected value, success chance (exact dice odds from
:mod:`.odds`, or the fight odds) times what success is worth to the final score (treasure points,
progress to a complete family, a map ship that opens hunts, goods powers, denying an opponent);
places dice for the best completion chance; uses a goods power when it raises that chance; stows
and loots onto the ship hardest to attack; always loots a treasure.
"""

from __future__ import annotations

import random
from typing import Any

from ..base import Game, State
from ..levels import random_bot
from .cards import FAMILY_BONUS, GOODS, SHIPS, TREASURES
from .odds import completion_chance, fight_win_chance, roll_value

View = dict[str, Any]

BASE_DICE = 5
FAMILY_SIZE = 4
GOODS_COMBINATION = {g.letter: g.combination for g in GOODS.values()}
TREASURE_COMBINATION = {t.letter: t.combination for t in TREASURES.values()}
POWER_WORTH = {"die": 2.2, "reroll": 1.3, "flip": 1.1, "+1": 1.0, "-1": 0.9}
"""What a goods card's power is worth in final points (a rough estimate: it raises the odds of
later hunts and arms)."""
USE_MARGIN = 0.02
"""A power is used when it raises the completion chance by more than this (it is then spent for
the rest of the turn)."""


# -- reading the view ----------------------------------------------------------------------------


def target_of(code: str) -> int:
    """The cargo target of a ship code (``G11`` -> 11)."""
    return int(code[1:])


def firepower_of(code: str) -> int:
    return target_of(code) - 6


def fleet(view: View, seat: int) -> list[dict[str, Any]]:
    return view["seats"][seat - 1]["fleet"]


def free_ships(view: View, seat: int) -> list[dict[str, Any]]:
    return [e for e in fleet(view, seat) if e["cargo"] is None]


def dice_pool(view: View, seat: int) -> int:
    """5 dice plus one per extra-die goods card carried (MM-15)."""
    extra = sum(
        1
        for e in fleet(view, seat)
        if e["cargo"] and e["cargo"]["kind"] == "goods" and e["cargo"]["power"] == "die"
    )
    return BASE_DICE + extra


def cargo_worth(cargo: dict[str, Any] | None) -> float:
    if cargo is None:
        return 0.0
    if cargo["kind"] == "treasure":
        return float(cargo["points"])
    return POWER_WORTH.get(cargo["power"], 1.0)


def owners(view: View) -> dict[str, int]:
    """Ship code -> seat holding it in a fleet."""
    return {e["ship"]: s["seat"] for s in view["seats"] for e in s["fleet"]}


def leader_gap(view: View, seat: int) -> float:
    """How far the best opponent leads this seat (negative when this seat leads)."""
    mine = view["seats"][seat - 1]["score"]
    others = [s["score"] for s in view["seats"] if s["seat"] != seat]
    return (max(others) if others else 0) - mine


def standing(view: View, seat: int) -> tuple[int, int, int]:
    """MM-18's order: score, then fleet size, then total firepower."""
    ships = fleet(view, seat)
    return (view["seats"][seat - 1]["score"], len(ships), sum(e["firepower"] for e in ships))


def would_win(view: View, seat: int) -> bool:
    """Whether ``seat`` wins (or shares the win) if the game ended now."""
    mine = standing(view, seat)
    return all(standing(view, s["seat"]) <= mine for s in view["seats"])


# -- what things are worth -----------------------------------------------------------------------


def family_worth(view: View, seat: int, code: str, holder: int) -> float:
    """What ship ``code`` adds towards ``holder``'s complete family (MM-18), 0 when another fleet
    holds a ship of that family (the family cannot be completed)."""
    family = code[0]
    held = owners(view)
    mine = sum(1 for c, s in held.items() if c[0] == family and s == holder and c != code)
    if any(c[0] == family and s != holder for c, s in held.items() if c != code):
        return 0.0
    before, after = mine, mine + 1
    return FAMILY_BONUS * (after**2 - before**2) / FAMILY_SIZE**2


def ship_worth(view: View, seat: int, code: str) -> float:
    """What arming ``code`` is worth to ``seat`` in final points (roughly)."""
    worth = 1.0 + family_worth(view, seat, code, seat)
    ships = fleet(view, seat)
    has_map = any(e["map"] for e in ships)
    if view["treasures"] and not has_map and SHIPS[code].map:
        worth += 2.5
    if not free_ships(view, seat):
        worth += 1.5  # a free ship to carry the next goods or treasure
    # denial: the ship would complete, or bring closer, an opponent's family
    for other in view["seats"]:
        if other["seat"] == seat:
            continue
        same = [e for e in other["fleet"] if e["ship"][0] == code[0]]
        if len(same) == FAMILY_SIZE - 1:
            worth += 3.0
    # every arm brings the end nearer (MM-17): good when leading, and it keeps two leading-swapping
    # attackers from looping forever
    lead = -leader_gap(view, seat)
    if lead > 0:
        worth += 1.0 + 0.4 * min(lead, 10)
    if view["pile"] == 0 and len(view["port"]) == 1:
        worth += 10.0 if would_win(view, seat) else -10.0
    return worth


def safety(view: View, seat: int, code: str) -> float:
    """The best chance an opponent's ship has to win an attack on ``code`` (MM-16: another
    family, firepower at most ``code``'s); lower is safer."""
    fp = firepower_of(code)
    worst = 0.0
    for other in view["seats"]:
        if other["seat"] == seat:
            continue
        for e in other["fleet"]:
            if e["family"] != code[0] and e["firepower"] <= fp:
                worst = max(worst, 1.0 - fight_win_chance(fp, e["firepower"], attacking=False))
    return worst


def safest_ship(view: View, seat: int, codes: list[str]) -> str:
    return min(codes, key=lambda c: (safety(view, seat, c), firepower_of(c), c))


# -- announcing ----------------------------------------------------------------------------------


def announce_value(view: View, seat: int, move: str) -> float:
    """Expected final points of announcing ``move``."""
    verb, *args = move.split()
    pool = dice_pool(view, seat)
    if verb == "arm":
        code = args[0]
        chance = completion_chance("ship", (), pool, target_of(code))
        return chance * ship_worth(view, seat, code)
    if verb == "hunt":
        top = view["treasures"][0]
        chance = completion_chance(TREASURE_COMBINATION[top["letter"]], (), pool)
        return chance * top["points"] * 1.1  # a treasure also blocks a free ship: keep it high
    if verb == "buy":
        top = view["goods"][0]
        chance = completion_chance(GOODS_COMBINATION[top["letter"]], (), pool)
        worth = POWER_WORTH.get(top["power"], 1.0)
        if view["treasures"] and any(e["map"] for e in fleet(view, seat)):
            worth -= 0.4 * (len(free_ships(view, seat)) == 1)  # the last free ship is for loot
        return chance * worth
    if verb == "attack":
        return attack_value(view, seat, args[0], args[1])
    return 0.0


def attack_value(view: View, seat: int, own: str, other: str) -> float:
    their_seat_text, theirs = other.split(":")
    their_seat = int(their_seat_text)
    mine = next(e for e in fleet(view, seat) if e["ship"] == own)
    target = next(e for e in fleet(view, their_seat) if e["ship"] == theirs)
    win = fight_win_chance(mine["firepower"], target["firepower"], attacking=True)
    leader = leader_gap(view, seat) >= 0 and all(
        s["score"] <= view["seats"][their_seat - 1]["score"] for s in view["seats"]
    )
    deny = 1.0 if leader else 0.6
    if target["cargo"] is not None:
        # with no free ship to take it, the loot stays where it is (MM-16): nothing changes
        gain = cargo_worth(target["cargo"]) * (1.0 + deny) if free_ships(view, seat) else 0.0
    else:
        # an empty losing ship goes back under the pile
        gain = deny * (1.0 + family_worth(view, their_seat, theirs, their_seat))
    if mine["cargo"] is not None:
        loss = cargo_worth(mine["cargo"]) * (1.0 if free_ships(view, their_seat) else 0.0)
    else:
        loss = 1.0 + family_worth(view, seat, own, seat)
    return win * gain - (1.0 - win) * loss - 0.3


# -- rolling -------------------------------------------------------------------------------------


def dice_target(turn: dict[str, Any]) -> int:
    target = turn.get("target") or {}
    return target_of(target["ship"]) if target.get("kind") == "ship" else 0


def after_power(power: str, value: int) -> list[tuple[int, float]]:
    """The die values a power turns ``value`` into, with their chances."""
    if power == "flip":
        return [(7 - value, 1.0)]
    if power == "+1":
        return [(value + 1, 1.0)]
    if power == "-1":
        return [(value - 1, 1.0)]
    return [(v, 1 / 6) for v in range(1, 7)]  # reroll


def use_value(turn: dict[str, Any], power: str, value: int) -> float:
    combination = turn["combination"]
    target = dice_target(turn)
    total = 0.0
    for new, p in after_power(power, value):
        rolled = list(turn["rolled"])
        rolled.remove(value)
        rolled.append(new)
        total += p * roll_value(combination, turn["placed"], rolled, target)
    return total


def dice_move(view: View, seat: int, legal: list[str]) -> str:
    turn = view["turn"]
    combination = turn["combination"]
    target = dice_target(turn)
    placed = list(turn["placed"])
    rolled = list(turn["rolled"])
    now = roll_value(combination, placed, rolled, target)
    uses = [m for m in legal if m.startswith("use ")]
    if uses and now < 1.0:
        # ties spend the power worth least
        scored = [
            (use_value(turn, m.split()[1], int(m.split()[2])), -POWER_WORTH.get(m.split()[1], 1), m)
            for m in uses
        ]
        best_value, _, best_use = max(scored)
        if best_value > now + USE_MARGIN:
            return best_use
    places = [m for m in legal if m.startswith("place ")]
    if places:
        left = len(rolled)

        def placed_chance(move: str) -> tuple[float, int, str]:
            sub = [int(v) for v in move.split()[1:]]
            chance = completion_chance(combination, placed + sub, left - len(sub), target)
            return (chance, -len(sub), move)

        return max(places, key=placed_chance)
    discards = [m for m in legal if m.startswith("discard ")]
    if discards:
        return discards[0]  # the other dice are rolled again: any die will do
    return legal[0]


# -- the bot -------------------------------------------------------------------------------------


def greedy(game: Game, state: State, seat: int, rng: random.Random) -> str:
    legal = game.legal(state, seat)
    if len(legal) <= 1:
        return random_bot(game, state, seat, rng)
    view = game.view(state, seat)
    turn = view["turn"] or {}
    stage = turn.get("stage")
    if stage == "announce":
        value, move = max((announce_value(view, seat, m), m) for m in legal)
        arms = [m for m in legal if m.startswith("arm ")]
        if value <= 0 and arms:
            # nothing worth doing: move the game on (a table of bots never stalls, MM-17)
            return max(arms, key=lambda m: (completion_chance("ship", (), 5, target_of(m[4:])), m))
        return move
    if stage == "dice":
        return dice_move(view, seat, legal)
    if stage == "stow":
        codes = [m.split()[1] for m in legal if m.startswith("stow ")]
        return f"stow {safest_ship(view, seat, codes)}"
    if stage == "loot":
        codes = [m.split()[1] for m in legal if m.startswith("loot ")]
        if not codes:
            return "noloot"
        fight = turn.get("fight") or {}
        attacker, defender = fight.get("attacker"), fight.get("defender")
        loser = defender if attacker and fight.get("winner") == attacker["seat"] else attacker
        cargo = _loser_cargo(view, loser)
        if cargo is not None and cargo["kind"] == "goods":
            keep_free = view["treasures"] and any(e["map"] for e in fleet(view, seat))
            if keep_free and len(codes) == 1 and POWER_WORTH.get(cargo["power"], 1) < 2:
                return "noloot"
        return f"loot {safest_ship(view, seat, codes)}"
    return rng.choice(legal)


def _loser_cargo(view: View, loser: dict[str, Any] | None) -> dict[str, Any] | None:
    if not loser:
        return None
    for e in fleet(view, loser["seat"]):
        if e["ship"] == loser["ship"]:
            return e["cargo"]
    return None

