"""The phase machine: Discovery (MI-8..10), Conquest (MI-11..14), Supply (MI-15, MI-16),
prompt skipping (MI-17), and the corsair round (MI-K3, MI-K5).

Functions here work on a *working copy* of the state (``st``, already copied by the engine) and
append events. Each one either stops at a prompt (a seat has a real choice) or moves on.
"""

from __future__ import annotations

from typing import Any

from ..text import Text, dump, load, say, say_n
from ..text import seat as seat_of
from .alignments import has_alignment
from .board import blocked, can_place_near, cells_of, galleons_of, place_targets, sails
from .cards import CORSAIR_MOVES, HAND_SIZE, TEAM_TARGET, WIN_CARDS, value

St = dict[str, Any]
Events = list[dict[str, Any]]


# -- who is who ---------------------------------------------------------------------------------
def mode(st: St) -> str:
    return st["options"]["mode"]


def teams(st: St) -> dict[str, list[int]]:
    """Groups that win together: coop teams (MI-C1), the crew (MI-K2), else each seat alone."""
    n = st["players"]
    if mode(st) == "coop":
        return {"1": [1, 3], "2": [2, 4]}
    if mode(st) == "corsair":
        return {"crew": [s for s in range(1, n + 1) if s != st["options"]["corsair"]]}
    return {str(s): [s] for s in range(1, n + 1)}


def target(st: St) -> int:
    return WIN_CARDS[st["players"]] if mode(st) == "standard" else TEAM_TARGET


# -- discovery ----------------------------------------------------------------------------------
def discovery_moves(st: St) -> list[str]:
    """Legal Discovery actions of the current seat, MI-9 included (unsorted)."""
    seat = st["current"]
    cells = cells_of(st)
    own = [tuple(g) for g in st["galleons"][seat - 1]]
    hand = st["hands"][seat - 1]
    placed, sailed = st["placed"], st["sailed"]
    if placed and sailed:
        return []
    places = []
    if not placed and hand:
        targets = place_targets(cells, own)
        places = [f"place {c} {x},{y}" for c in sorted(set(hand)) for x, y in targets]
    if placed:
        return [f"sail {n} {d}" for n, d, _ in sails(cells, own)]
    if sailed:
        return places
    # Neither done yet. Placing always leaves a sail (onto the new card); a sail is a legal
    # first action only if a placement stays possible after it (MI-9).
    all_sails = sails(cells, own)
    good_sails = []
    if hand:
        for n, d, dest in all_sails:
            moved = list(own)
            moved[n - 1] = dest
            if can_place_near(cells, moved):
                good_sails.append(f"sail {n} {d}")
    if places or good_sails:
        return places + good_sails
    return [f"sail {n} {d}" for n, d, _ in all_sails]  # MI-9 decision: only one is possible


def _both_possible(cells: dict, own: list, hand: list[str]) -> bool:
    """MI-9: can this Discovery do both actions, in some order? (Same test as
    ``discovery_moves`` without building the move texts.)"""
    if not hand:
        return False
    if can_place_near(cells, own):
        return True  # placing first always leaves a sail onto the new card
    for n, _d, dest in sails(cells, own):
        moved = list(own)
        moved[n - 1] = dest
        if can_place_near(cells, moved):
            return True
    return False


def begin_discovery(st: St, ev: Events) -> None:
    st.update(phase="discovery", placed=False, sailed=False, bonus=False)
    seat = st["current"]
    cells = cells_of(st)
    own = [tuple(g) for g in st["galleons"][seat - 1]]
    hand = st["hands"][seat - 1]
    if _both_possible(cells, own, hand):
        return
    if not sails(cells, own):
        ev.append({"seat": seat, "text": say("{who} can neither place a card nor sail: Discovery "
                                             "skipped.", who=seat_of(seat))})
        leave_discovery(st, ev)
    elif not hand:
        ev.append({"seat": seat, "text": say("{who} has no card: only a sail this Discovery.",
                                             who=seat_of(seat))})
    else:
        ev.append({"seat": seat, "text": say("{who} has no room to place a card: only a sail this "
                                             "Discovery.", who=seat_of(seat))})


def _discovery_open(st: St) -> bool:
    """After one action: is the other one still to do? (Cheaper than ``discovery_moves``.)"""
    if st["placed"] and st["sailed"]:
        return False
    seat = st["current"]
    own = [tuple(g) for g in st["galleons"][seat - 1]]
    if st["placed"]:
        return bool(sails(cells_of(st), own))
    return bool(st["hands"][seat - 1]) and can_place_near(cells_of(st), own)


def after_discovery_action(st: St, ev: Events) -> None:
    """Wait for the next action, or close the Discovery (bonus prompt if earned, MI-10)."""
    if _discovery_open(st):
        return
    seat = st["current"]
    if st["bonus"] and st["hands"][seat - 1]:
        st["phase"] = "bonus"
        return
    if st["bonus"]:
        ev.append({"seat": seat, "text": say("{who} has no card left for another Discovery.",
                                             who=seat_of(seat))})
    leave_discovery(st, ev)


def leave_discovery(st: St, ev: Events) -> None:
    """After a seat's last Discovery: its Conquest, or (corsair mode) the next crew player."""
    if mode(st) != "corsair":
        begin_conquest(st, ev)
        return
    st["index"] += 1
    if st["index"] < len(st["order"]):
        st["current"] = st["order"][st["index"]]
        begin_discovery(st, ev)
    else:
        begin_corsair(st, ev)


# -- corsair (MI-K3) ----------------------------------------------------------------------------
def corsair_can_move(st: St) -> bool:
    seat = st["options"]["corsair"]
    return bool(sails(cells_of(st), [tuple(g) for g in st["galleons"][seat - 1]]))


def begin_corsair(st: St, ev: Events) -> None:
    seat = st["options"]["corsair"]
    st.update(phase="corsair", current=seat, moves_left=CORSAIR_MOVES)
    if not corsair_can_move(st):
        ev.append({"seat": seat, "text": say("{who}, the corsair, cannot move.", who=seat_of(seat))})
        end_corsair(st, ev)


def end_corsair(st: St, ev: Events) -> None:
    st["moves_left"] = 0
    st["index"] = 0
    st["current"] = st["order"][0]
    begin_conquest(st, ev)


# -- conquest and supply ------------------------------------------------------------------------
def begin_conquest(st: St, ev: Events) -> None:
    st["phase"] = "conquest"
    if not has_alignment(cells_of(st), blocked(galleons_of(st))):
        supply(st, ev)  # MI-17: no alignment, no question


def check_victory(st: St) -> bool:
    """MI-14 / MI-C2 / MI-K5: after a conquest, does a player, team or the crew reach the target?"""
    need = target(st)
    for name, seats in teams(st).items():
        total = sum(len(st["collected"][s - 1]) for s in seats)
        if total >= need:
            finish(st, seats, say("{who} collected {total} cards (target {target}).",
                                  who=_who(st, name, seats), total=total, target=need))
            return True
    return False


def supply(st: St, ev: Events) -> None:
    """MI-15: draw back to 3; MI-16 / MI-K5: drawing the last card ends the game at once."""
    seat = st["current"]
    hand = st["hands"][seat - 1]
    need = HAND_SIZE - len(hand)
    if need > 0:
        pile = st["pile"]
        drawn, st["pile"] = pile[:need], pile[need:]
        hand.extend(drawn)
        if drawn:
            ev.append({"seat": seat, "text": say_drew(seat, len(drawn), len(st["pile"])),
                       "private": {seat: say("You drew {cards}.", cards=", ".join(drawn))},
                       "chance": "card"})  # a drawn card can't be taken back (undo)
        if not st["pile"]:
            exhausted(st, ev)
            return
    next_turn(st, ev)


def exhausted(st: St, ev: Events) -> None:
    """The pile is out: MI-16 (most cards, then highest sum, else shared), or MI-K5 (corsair)."""
    if mode(st) == "corsair":
        corsair = st["options"]["corsair"]
        finish(st, [corsair], say("The crew drew the last card of the pile: the corsair wins."))
    else:
        best: tuple[int, int] | None = None
        winners: list[int] = []
        for _name, seats in teams(st).items():
            cards = [c for s in seats for c in st["collected"][s - 1]]
            key = (len(cards), sum(value(c) for c in cards))
            if best is None or key > best:
                best, winners = key, list(seats)
            elif key == best:
                winners += seats
        finish(st, sorted(winners), say("The last card of the pile was drawn: most cards, "
                                        "then highest sum, wins."))
    ev.append({"text": reason_of(st)})


def next_turn(st: St, ev: Events) -> None:
    if mode(st) != "corsair":
        st["current"] = st["current"] % st["players"] + 1
        begin_discovery(st, ev)
        return
    st["index"] += 1
    if st["index"] < len(st["order"]):
        st["current"] = st["order"][st["index"]]
        begin_conquest(st, ev)
        return
    if st["round"] >= st["rounds_max"]:
        corsair = st["options"]["corsair"]
        finish(st, [corsair], say("Round {round} of {rounds} is over without the crew reaching "
                                  "its target: the corsair wins.", round=st["round"],
                                  rounds=st["rounds_max"]))
        ev.append({"text": reason_of(st)})
        return
    st["round"] += 1
    st["index"] = 0
    st["current"] = st["order"][0]
    ev.append({"text": say("Round {round} of {rounds} begins.", round=st["round"],
                           rounds=st["rounds_max"])})
    begin_discovery(st, ev)


def say_drew(seat: int, drawn: int, left: int) -> Text:
    """The public line of a Supply: how many cards, never which."""
    return say_n("{who} drew {n} card ({left} left in the pile).",
                 "{who} drew {n} cards ({left} left in the pile).", drawn,
                 who=seat_of(seat), left=left)


def finish(st: St, winners: list[int], reason: Text) -> None:
    """The game is over; the reason is kept as Text data (:func:`games.text.dump`) so that a
    stored state still says it in any language."""
    st["phase"] = "over"
    st["result"] = {"winners": winners, "reason": dump(reason)}


def reason_of(st: St) -> Text | str:
    """Why the game ended, as a Text again (a plain str from a state saved before)."""
    return load(st["result"]["reason"])


def _who(st: St, name: str, seats: list[int]) -> Text:
    if mode(st) == "coop":
        return say("Team {team} ({first} and {second})", team=name, first=seat_of(seats[0]),
                   second=seat_of(seats[1]))
    if mode(st) == "corsair":
        return say("The crew")
    return seat_of(seats[0])
