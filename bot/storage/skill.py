"""Ratings from finished games, with openskill's Plackett-Luce model (a multiplayer, team-aware
Bayesian rating): pure functions over plain data, so live updates and a rebuild compute alike.

Who is rated: every human seat (one identity per user), every computer seat (one identity per
level, "Computer (hard)", so people can measure themselves against it), per server and game.
Seats a computer took over for an absent human (``was_replaced``) are left out: that result is
neither the human's nor the level's. A seat a substitute took (``before``: who played it before,
:mod:`bot.service.rules.substitutes`) rates only its last person, and them only if they played at
least half of the seat's moves in the record (from their first move, ``move``, on) and no
computer took over from them; the people they replaced are not rated for that game. A game
whose record has ``hints`` (the table offered hints for learners: :mod:`bot.service.rules.hints`) is
not rated at all, nor one marked ``unrated`` (a table of an unrated tournament). Sides are the
game's teams (:meth:`games.Game.teams`): a team is rated as one side. The winners' sides rank first; the others follow by their score (summed
over the side), ties sharing a rank; a side that lost on time (a tournament's forfeit:
``forfeits`` in the result) ranks below every other.

What people see is the ordinal (mu - 3 sigma, a rating we are fairly sure the player is above),
scaled to a friendly number: a newcomer shows 1000, a strong regular about 2000.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from games import level_of

from .rows import Finished, Rating

MODEL = PlackettLuce()
DEFAULT = (MODEL.mu, MODEL.sigma)

Teams = Callable[[str, int, Mapping[str, Any]], list[list[int]]]
"""(game id, players, record options) -> the game's sides (lists of seats)."""


BEFORE = "before"
"""Seat key: who played the seat before its substitute (a list of {user_id, name, version,
move}, oldest first)."""
UNRATED = "hints"
"""Record key of a game ratings leave out: the table offered hints (its marks, maybe none)."""
LEFT_OUT = "unrated"
"""Record key of a game ratings leave out by choice: a table of an unrated tournament
(:mod:`bot.service.rules.tournament`)."""
FORFEITS = "forfeits"
"""Result key: the seats that lost the game on time (a tournament's forfeit). They rank below
every other seat, as the tournament places them."""
FROM_MOVE = "move"
"""Key of a ``before`` entry in a finished game: the index in the record's moves of the first
move made after the seat changed hands."""


def user_key(user_id: int) -> str:
    return f"u:{int(user_id)}"


def player_key(seat: Mapping[str, Any], moves: Sequence[int] = ()) -> str | None:
    """"u:<user id>" for a human, "c:<level>" for a computer, "f:<token>" for a forgotten
    person (``python -m bot forget-user``: one random token for all their games, so a rebuild
    rates everyone else exactly as before), None for a seat left out. ``moves``: the seat of
    each move of the record, in order (a substitute's share of their seat's moves)."""
    if seat.get("was_replaced") or not played_enough(seat, moves):
        return None
    if seat.get("forgotten"):
        return f"f:{seat['forgotten']}"
    if seat.get("user_id") is None:
        return f"c:{level_of(seat.get('bot_level'))}"
    return user_key(seat["user_id"])


def played_enough(seat: Mapping[str, Any], moves: Sequence[int]) -> bool:
    """Whether the seat's last person played at least half of its moves (True for a seat that
    never changed hands; False for a substitute who made no move)."""
    before = seat.get(BEFORE)
    if not before:
        return True
    start = before[-1].get(FROM_MOVE)
    if not isinstance(start, int):
        return False
    number = seat.get("seat")
    theirs = sum(1 for m in moves[start:] if m == number)
    return theirs > 0 and 2 * theirs >= sum(1 for m in moves if m == number)


def sides(game: Finished, teams: Teams) -> list[tuple[list[str], int, bool]]:
    """(keys, rank, won) per side with someone rated on it; empty when fewer than two sides are
    left (nothing to compare), or for a game left unrated (hints were on)."""
    if game.unrated:
        return []
    players = len(game.seats)
    try:
        groups = teams(game.game_id, players, game.options)
    except Exception:  # an unknown game or options a newer version refuses: everyone alone
        groups = [[s] for s in range(1, players + 1)]
    winners = set(game.result.get("winners") or [])
    lost = set(game.result.get(FORFEITS) or [])
    scores = list(game.result.get("scores") or [0] * players)
    keyed = []
    for group in groups:
        keys = [k for s in group if (k := player_key(game.seats[s - 1], game.moves)) is not None]
        if keys:
            won = any(s in winners for s in group)
            rank = (not won, any(s in lost for s in group), -sum(float(scores[s - 1])
                                                                 for s in group))
            keyed.append((keys, won, rank))
    if len(keyed) < 2:
        return []
    order = sorted({rank for _, _, rank in keyed})
    return [(keys, order.index(rank) + 1, won) for keys, won, rank in keyed]


def rate(table: dict[str, Rating], game: Finished, teams: Teams) -> dict[str, Rating]:
    """Apply one game to ``table`` (key -> Rating, missing keys start fresh); return the changed
    entries. An identity on several seats (two "hard" computers) is rated on each as a copy of
    its rating before the game, then takes the mean of the copies."""
    ranked = sides(game, teams)
    if not ranked:
        return {}
    before = {k: table.get(k) or Rating(*DEFAULT) for keys, _, _ in ranked for k in keys}
    teams_in = [[MODEL.rating(mu=before[k].mu, sigma=before[k].sigma) for k in keys]
                for keys, _, _ in ranked]
    after = MODEL.rate(teams_in, ranks=[float(rank) for _, rank, _ in ranked])
    copies: dict[str, list[tuple[float, float]]] = {}
    won_by: dict[str, bool] = {}
    for (keys, _, won), new in zip(ranked, after, strict=True):
        for key, rating in zip(keys, new, strict=True):
            copies.setdefault(key, []).append((rating.mu, rating.sigma))
            won_by[key] = won_by.get(key, False) or won
    changed = {}
    for key, values in copies.items():
        old = before[key]
        changed[key] = Rating(
            mu=sum(m for m, _ in values) / len(values),
            sigma=sum(s for _, s in values) / len(values),
            games=old.games + 1,
            wins=old.wins + int(won_by[key]),
        )
    table.update(changed)
    return changed


def replay(games: Sequence[Finished], teams: Teams) -> dict[tuple[str, str], Rating]:
    """Every game in order from scratch: (game id, key) -> Rating (the rebuild)."""
    out: dict[tuple[str, str], Rating] = {}
    per_game: dict[str, dict[str, Rating]] = {}
    for game in games:
        table = per_game.setdefault(game.game_id, {})
        for key, rating in rate(table, game, teams).items():
            out[(game.game_id, key)] = rating
    return out
