"""The independent standings reference (tests/e2e/tournament_reference.py) on tournaments worked
out by hand: the numbers below were computed on paper from the definitions, not by the code."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.e2e.tournament_reference import (
    KNOCKOUT,
    SWISS,
    by_player,
    place_points,
    read_tournament,
    standings,
    table_points,
    tables_from_rows,
)


def _table(round_no: int, table: int, seats: list[int | None], scores: list[float],
           won: list[bool], forfeits: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"round": round_no, "table": table, "seats": seats,
            "result": {"scores": scores, "won": won, "forfeits": list(forfeits)}}


def _bye(round_no: int, *players: int) -> dict[str, Any]:
    return {"round": round_no, "table": 0, "seats": list(players), "result": None}


def test_the_place_scale_and_shared_places() -> None:
    assert place_points(2) == [1, 0]
    assert place_points(3) == [3, 1, 0]
    assert place_points(4) == [4, 2, 1, 0]
    assert place_points(6) == [6, 4, 3, 2, 1, 0]
    assert table_points(2, [1, 1]) == [0.5, 0.5]
    assert table_points(3, [1, 2, 2]) == [3, 0.5, 0.5]
    assert table_points(4, [1, 1, 3, 3]) == [3, 3, 0.5, 0.5]


def test_a_two_seat_swiss_with_byes_a_draw_and_a_forfeit() -> None:
    """Five players, two rounds. Round 1: 1 beats 2, 3 and 4 draw, 5 has the bye. Round 2: 5
    beats 1 on time (1 led 10 to 3 and forfeited), 2 beats 3, 4 has the bye.
    Points: 1: 1, 2: 1, 3: ½, 4: 1½, 5: 2. Buchholz (a bye's opponent: one's own points):
    1: 1 + 2 = 3, 2: 1 + ½ = 1½, 3: 1½ + 1 = 2½, 4: ½ + 1½ = 2, 5: 2 + 1 = 3. Sonneborn-Berger:
    1: 1 (beat 2), 2: ½ (beat 3), 3: ¾ (half of 4's 1½), 4: ¼ + 1½ = 1¾, 5: 2 + 1 = 3."""
    tables = [
        _table(1, 1, [1, 2], [3, 1], [True, False]),
        _table(1, 2, [3, 4], [5, 5], [False, False]),
        _bye(1, 5),
        _table(2, 1, [1, 5], [10, 3], [False, True], forfeits=(1,)),
        _table(2, 2, [3, 2], [0, 2], [False, True]),
        _bye(2, 4),
    ]
    lines = standings(SWISS, 2, [1, 2, 3, 4, 5], tables, withdrawn=[1])
    assert [line["player"] for line in lines] == [5, 4, 1, 2, 3]
    assert by_player(lines) == {
        5: (1, 2.0, (3.0, 3.0), 1),
        4: (2, 1.5, (2.0, 1.75), 1),
        1: (3, 1.0, (3.0, 1.0), 2),
        2: (4, 1.0, (1.5, 0.5), 2),
        3: (5, 0.5, (2.5, 0.75), 2),
    }
    assert [line["withdrawn"] for line in lines] == [False, False, True, False, False]


def test_a_three_seat_swiss_with_a_bye_ties_a_forfeit_and_computer_seats() -> None:
    """Seven players, three seats (3 / 1 / 0). Round 1: 1 wins over 2 and 3, who tie second
    (½ each); 6 forfeits (while leading) at 4, 5, 6: 5 first, 4 second; 7 has the bye (3).
    Round 2: 1 and 7 tie first (2 each) over 5; 4 beats 2 and 3; 6 plays two computers, one of
    which wins (6 second: 1). Points: 1: 5, 2: 1½, 3: ½, 4: 4, 5: 3, 6: 1, 7: 5. Opponents'
    points (the bye's and the computers' seats count one's own): 1: 1½ + ½ + 3 + 5 = 10,
    2: 5 + ½ + ½ + 4 = 10, 3: 5 + 1½ + 1½ + 4 = 12, 4: 3 + 1 + 1½ + ½ = 6, 5: 4 + 1 + 5 + 5 = 15,
    6: 4 + 3 + 1 + 1 = 9, 7: 5 + 5 + 5 + 3 = 18."""
    tables = [
        _table(1, 1, [1, 2, 3], [10, 7, 7], [True, False, False]),
        _table(1, 2, [4, 5, 6], [3, 8, 20], [False, True, False], forfeits=(6,)),
        _bye(1, 7),
        _table(2, 1, [1, 5, 7], [9, 2, 9], [True, False, True]),
        _table(2, 2, [2, 3, 4], [5, 1, 9], [False, False, True]),
        _table(2, 3, [6, None, None], [4, 6, 1], [False, True, False]),
    ]
    lines = standings(SWISS, 3, [1, 2, 3, 4, 5, 6, 7], tables)
    assert by_player(lines) == {
        7: (1, 5.0, (18.0,), 1),
        1: (2, 5.0, (10.0,), 2),
        4: (3, 4.0, (6.0,), 2),
        5: (4, 3.0, (15.0,), 2),
        2: (5, 1.5, (10.0,), 2),
        6: (6, 1.0, (9.0,), 2),
        3: (7, 0.5, (12.0,), 2),
    }


def test_full_ties_share_a_place_and_unplayed_tables_count_nothing() -> None:
    tables = [_table(1, 1, [1, 2], [4, 4], [False, False]),
              {"round": 2, "table": 1, "seats": [2, 1], "result": None}]
    assert by_player(standings(SWISS, 2, [1, 2, 3], tables)) == {
        1: (1, 0.5, (0.5, 0.25), 1), 2: (1, 0.5, (0.5, 0.25), 1), 3: (3, 0.0, (0.0, 0.0), 0)}


def test_a_knock_out_ranks_by_the_round_reached_then_the_place_there() -> None:
    tables = [_table(1, 1, [1, 4], [2, 0], [True, False]),
              _table(1, 2, [2, 3], [1, 0], [True, False]),
              _table(2, 1, [1, 2], [3, 1], [True, False])]
    assert by_player(standings(KNOCKOUT, 2, [1, 2, 3, 4], tables)) == {
        1: (1, 2.0, (2.0,), 2), 2: (2, 1.0, (2.0,), 2), 3: (3, 0.0, (1.0,), 1),
        4: (3, 0.0, (1.0,), 1)}


class _Rows:
    """The database's answers to read_tournament's four reads, in that order."""

    def __init__(self, *answers: list[tuple[Any, ...]]) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, tuple[Any, ...]]] = []

    async def fetchall(self, sql: str, params: Any = ()) -> list[tuple[Any, ...]]:
        self.asked.append((sql, tuple(params)))
        return self.answers.pop(0)


def test_the_reader_turns_rows_into_tables() -> None:
    """A finished game, a forfeited one, an abandoned one (a draw), a bye, one still playing."""
    db = _Rows(
        [(10, None), (11, None), (12, 1), (13, None), (14, None)],
        [(1, 1, "[10, 11]", 501, "[]"), (1, 2, "[12, 13]", 502, "[12]"), (1, 0, "[14]", None, None),
         (2, 1, "[14, 10]", 503, None), (2, 2, "[11, 13]", 504, None)],
        [(501, "finished", '{"finished": true}'), (502, "finished", '{"finished": true}'),
         (503, "abandoned", None)],
        [(501, 1, 10, "win", 7.0), (501, 2, 11, "loss", 3.0),
         (502, 1, 12, "loss", 9.0), (502, 2, 13, "win", 1.0)],
    )
    players, withdrawn, tables = asyncio.run(read_tournament(db, 7))
    assert players == [10, 11, 12, 13, 14] and withdrawn == [12]
    assert db.asked[2][1] == (501, 502, 503, 504) and db.asked[0][1] == (7,)
    assert [t["result"] for t in tables] == [
        {"scores": [7.0, 3.0], "won": [True, False], "forfeits": []},
        {"scores": [9.0, 1.0], "won": [False, True], "forfeits": [12]},
        None,
        {"scores": [0.0, 0.0], "won": [True, True], "forfeits": []},
        None,  # game 504 is not stored yet: still playing
    ]
    lines = by_player(standings(SWISS, 2, players, tables))
    assert {p: line[1] for p, line in lines.items()} == {10: 1.5, 11: 0.0, 12: 0.0, 13: 1.0,
                                                         14: 1.5}
    assert tables_from_rows([], [], []) == []
