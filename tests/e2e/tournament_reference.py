"""A tournament's standings recomputed from its records, independently of the bot (issue 40:
"the standings equal the ones computed independently from the records").

Written from the issue's and the contract's definitions, without importing the bot's pairing or
standings rules, over plain values, so an end-to-end test can compare what the bot shows with
what the finished games say. The definitions:

* **A table's places**, from its game: a seat that lost on time (a forfeit) is last; the others
  are ranked winners first, then by score, higher first; seats equal on all that share the best
  of the places they cover (two seats tied first are both 1, the next is 3). A game ended
  without a result (abandoned) is a draw: every seat is first.
* **Points by place** (the scale the bot's rules document): two seats 1 / 0; three to six seats
  the table size for the winner, then one less for each place after the second, down to 0:
  3 / 1 / 0, 4 / 2 / 1 / 0, 5 / 3 / 2 / 1 / 0, 6 / 4 / 3 / 2 / 1 / 0. Seats sharing a place share
  the average of the points of the places they cover (at two seats a tie is ½ each). A bye
  scores the winner's points; a computer seat takes its place and scores nothing.
* **Tie-breaks**: two-seat Swiss: Buchholz (the sum of the opponents' points), then
  Sonneborn-Berger (the points of the opponents beaten, plus half those of the opponents tied);
  three to six seats: opponents' points (every table-mate's points, table by table); two-seat
  round robin: Sonneborn-Berger; knock-out: the round reached (then, untold, the place at that
  round's table and the points). Opponents' points are their final points, withdrawn players
  included. An opponent who is not a tournament player — a bye's, a computer seat — counts as
  the player's own points (FIDE's virtual opponent).
* **Places in the standings**: points, then the tie-breaks in order, higher first; lines equal
  on all share the best place. Games played: the tables, byes not counted.

Plain values: a table is a dict ``{"round", "table" (0: the round's byes, every seat one),
"seats" (user ids, None for a computer), "result"}``, where ``result`` is None while it plays,
else ``{"scores": [per seat], "won": [per seat], "forfeits": [user ids]}``.
:func:`tables_from_rows` builds them from database rows; :func:`read_tournament` reads those.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

SWISS, ROUND_ROBIN, KNOCKOUT = "swiss", "round_robin", "knockout"
Table = dict[str, Any]
Line = dict[str, Any]


def place_points(seats: int) -> list[float]:
    """Points of each place, first place first."""
    if seats == 2:
        return [1.0, 0.0]
    return [float(seats)] + [float(points) for points in range(seats - 2, -1, -1)]


def table_places(table: Table) -> list[int]:
    """Each seat's place at an ended table."""
    result = table["result"]
    keys = [(player is not None and player in result["forfeits"], not won, -float(score))
            for player, won, score in zip(table["seats"], result["won"], result["scores"],
                                          strict=True)]
    return [1 + sum(other < key for other in keys) for key in keys]


def table_points(seats: int, places: Sequence[int]) -> list[float]:
    """Each seat's points at an ended table of a tournament of ``seats`` seats."""
    scale = place_points(seats)
    out = []
    for place in places:
        sharing = list(places).count(place)
        covered = [scale[p - 1] if p <= len(scale) else 0.0 for p in range(place, place + sharing)]
        out.append(sum(covered) / sharing)
    return out


def _games(seats: int, tables: Sequence[Table]) -> dict[int, list[dict[str, Any]]]:
    """Each player's ended tables and byes in round order: the round, the opponents (None: a
    virtual one), the points scored there, the place, whether it was a bye."""
    games: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table in sorted(tables, key=lambda t: (t["round"], t["table"])):
        if table["table"] == 0:
            for player in table["seats"]:
                games[player].append({"round": table["round"], "opponents": [None] * (seats - 1),
                                      "scored": place_points(seats)[0], "place": 1, "bye": True})
            continue
        if table["result"] is None:
            continue
        places = table_places(table)
        points = table_points(seats, places)
        for k, player in enumerate(table["seats"]):
            if player is not None:
                games[player].append({
                    "round": table["round"], "bye": False, "scored": points[k],
                    "place": places[k],
                    "opponents": [o for j, o in enumerate(table["seats"]) if j != k]})
    return games


def standings(fmt: str, seats: int, players: Sequence[int], tables: Sequence[Table],
              withdrawn: Sequence[int] = ()) -> list[Line]:
    """The standings, best first: each line ``{"place", "player", "points", "tiebreaks",
    "played", "withdrawn"}``; ``players``: every player signed up (withdrawn ones too)."""
    games = _games(seats, tables)
    points = {p: sum(g["scored"] for g in games.get(p, [])) for p in players}

    def worth(opponent: int | None, own: float) -> float:
        return own if opponent is None else points.get(opponent, 0.0)

    keyed = []
    for player in players:
        own = points[player]
        mine = games.get(player, [])
        opponents = sum(worth(o, own) for g in mine for o in g["opponents"])
        beaten = sum(worth(g["opponents"][0], own) * {1.0: 1.0, 0.5: 0.5}.get(g["scored"], 0.0)
                     for g in mine) if seats == 2 else 0.0
        if fmt == KNOCKOUT:
            reached = float(mine[-1]["round"]) if mine else 0.0
            tiebreaks = [reached]
            key = [reached, -float(mine[-1]["place"]) if mine else 0.0, own]
        else:
            tiebreaks = ([opponents] if seats > 2 else
                         [opponents, beaten] if fmt == SWISS else [beaten])
            key = [own, *tiebreaks]
        keyed.append(([round(k, 6) for k in key], {
            "player": player, "points": own, "tiebreaks": tuple(round(t, 6) for t in tiebreaks),
            "played": sum(1 for g in mine if not g["bye"]), "withdrawn": player in withdrawn}))
    keyed.sort(key=lambda item: ([-k for k in item[0]], item[1]["player"]))
    lines: list[Line] = []
    for index, (key, line) in enumerate(keyed):
        shared = index and keyed[index - 1][0] == key
        lines.append({"place": lines[-1]["place"] if shared else index + 1, **line})
    return lines


def by_player(lines: Sequence[Line]) -> dict[int, tuple[int, float, tuple[float, ...], int]]:
    """The lines as {player: (place, points, tie-breaks, games played)}, to compare with the
    bot's (a ``Standing`` gives ``(s.place, s.points, s.tiebreaks, s.played)``)."""
    return {line["player"]: (line["place"], line["points"], line["tiebreaks"], line["played"])
            for line in lines}


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def tables_from_rows(table_rows: Sequence[Mapping[str, Any]],
                     game_rows: Sequence[Mapping[str, Any]],
                     result_rows: Sequence[Mapping[str, Any]]) -> list[Table]:
    """The tables of one tournament from its rows: ``tournament_tables`` (round, table_no,
    seats JSON, game_row — the ``games`` id once ended, forfeits JSON user ids), ``games`` (id,
    status, result JSON) and ``player_results`` (game_row, seat, user_id, outcome, score). A
    table without a game row, or whose game is not stored yet, is still playing."""
    games = {g["id"]: g for g in game_rows}
    results: dict[int, dict[int, Mapping[str, Any]]] = defaultdict(dict)
    for r in result_rows:
        results[r["game_row"]][r["seat"]] = r
    tables = []
    for row in table_rows:
        seats = list(_json(row["seats"]))
        table: Table = {"round": row["round"], "table": row["table_no"], "seats": seats,
                        "result": None}
        game = games.get(row["game_row"]) if row["game_row"] is not None else None
        if row["table_no"] != 0 and game is not None:
            forfeits = list(_json(row["forfeits"]) or [])
            by_seat = results.get(game["id"], {})
            if game["status"] != "finished" or not _json(game["result"]) or not by_seat:
                table["result"] = {"scores": [0.0] * len(seats), "won": [True] * len(seats),
                                   "forfeits": []}  # ended without a result: a draw
            else:
                for seat, player in enumerate(seats, 1):
                    assert by_seat[seat]["user_id"] == player, (row, by_seat[seat])
                table["result"] = {
                    "scores": [float(by_seat[s]["score"]) for s in range(1, len(seats) + 1)],
                    "won": [by_seat[s]["outcome"] == "win" for s in range(1, len(seats) + 1)],
                    "forfeits": forfeits}
        tables.append(table)
    return tables


async def read_tournament(db: Any, tournament_id: int) -> tuple[list[int], list[int], list[Table]]:
    """(the players, the withdrawn ones, the tables) of a tournament, read with ``db.fetchall``
    (a :class:`bot.storage.database.Database`: SQL in SQLite's spelling, rows as tuples)."""
    players = await db.fetchall(
        "SELECT user_id, withdrawn_after FROM tournament_players WHERE tournament_id = ?",
        (tournament_id,))
    rows = await db.fetchall(
        "SELECT round, table_no, seats, table_id, forfeits FROM tournament_tables"
        " WHERE tournament_id = ?", (tournament_id,))
    table_rows = [dict(zip(("round", "table_no", "seats", "game_row", "forfeits"), r,
                           strict=True)) for r in rows]
    ids = [r["game_row"] for r in table_rows if r["game_row"] is not None and r["table_no"]]
    game_rows: list[dict[str, Any]] = []
    result_rows: list[dict[str, Any]] = []
    if ids:
        marks = ", ".join("?" * len(ids))
        game_rows = [dict(zip(("id", "status", "result"), r, strict=True)) for r in
                     await db.fetchall(f"SELECT id, status, result FROM games WHERE id IN ({marks})",
                                       ids)]
        result_rows = [dict(zip(("game_row", "seat", "user_id", "outcome", "score"), r,
                                strict=True)) for r in await db.fetchall(
            "SELECT game_row, seat, user_id, outcome, score FROM player_results"
            f" WHERE game_row IN ({marks})", ids)]
    return ([p[0] for p in players], [p[0] for p in players if p[1] is not None],
            tables_from_rows(table_rows, game_rows, result_rows))
