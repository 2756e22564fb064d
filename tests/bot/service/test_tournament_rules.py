"""The tournament's own rules as plain functions (bot.service.rules.tournament): places of an
ended game (forfeits last, ties sharing the best place, no result a draw), the result of a
table ended on time, missed games in a row withdrawing a player, a table's seats and record
marks, and a forfeit ranking last in ratings too."""

from __future__ import annotations

from bot.service.rules import tournament as rules
from bot.service.rules.tournament_model import Pairing, Played
from bot.storage.rows import Finished, TableRow, TournamentPlayer, TournamentRow, TournamentTable
from bot.storage.skill import sides


def test_places_winners_then_who_did_not_forfeit_then_the_score() -> None:
    assert rules.places({"winners": [2], "scores": [5, 3]}, 2) == (2, 1)
    assert rules.places({"winners": [1, 2], "scores": [4, 4]}, 2) == (1, 1)  # a draw
    assert rules.places(None, 3) == (1, 1, 1)  # abandoned: everyone shares the first place
    # three seats, seat 1 forfeited with the best score: last all the same
    assert rules.places({"winners": [2], "scores": [9, 5, 5], "forfeits": [1]}, 3) == (3, 1, 2)
    assert rules.places({"winners": [3], "scores": [2, 2, 7]}, 3) == (2, 2, 1)


def test_a_table_ended_on_time() -> None:
    two = rules.ended_result([4, 1], [1], rules.TIME_UP)
    assert (two["winners"], two["forfeits"]) == ([2], [1])  # at two seats the other wins
    three = rules.ended_result([6, 2, 2], [1], rules.TIME_UP)
    assert three["winners"] == [2, 3] and rules.places(three, 3) == (3, 1, 1)
    deadline = rules.ended_result([1, 3, 2], [], rules.ROUND_OVER)
    assert deadline["winners"] == [2] and rules.places(deadline, 3) == (3, 1, 2)
    table = TournamentTable(1, 2, 3, [7, None, 9])
    ended = rules.ended_table(table, "finished", '{"winners": [3], "scores": [5, 1, 0],'
                                                 ' "forfeits": [1]}')
    assert (ended.places, ended.forfeits) == ([3, 2, 1], [7])
    assert rules.ended_table(table, "abandoned", None).places == [1, 1, 1]


def test_two_missed_games_in_a_row_withdraw_and_a_game_played_clears_the_count() -> None:
    players = [TournamentPlayer(1, u, f"P{u}") for u in (1, 2)]

    def lost_on_time(round_no: int, who: list[int]) -> TournamentTable:
        return TournamentTable(1, round_no, 1, [1, 2], places=[1, 2], forfeits=who)

    once = rules.counted(players, [lost_on_time(1, [2])])
    assert [(p.missed, p.withdrawn_after) for p in once] == [(0, None), (1, None)]
    cleared = rules.counted(once, [lost_on_time(2, [])])
    assert [p.missed for p in cleared] == [0, 0]
    twice = rules.counted(rules.counted(players, [lost_on_time(1, [2])]), [lost_on_time(2, [2])])
    assert [(p.missed, p.withdrawn_after) for p in twice] == [(0, None), (2, 2)]


def test_a_round_as_stored_and_read_back() -> None:
    stored = rules.paired_tables(5, Pairing(2, ((1, 2), (3, None)), (4, 6)))
    assert [(t.table_no, t.seats) for t in stored] == [(1, [1, 2]), (2, [3, None]), (0, [4, 6])]
    assert not rules.round_over(stored)
    read = rules.played(stored)
    assert read[2:] == [Played(2, 0, (4,)), Played(2, 0, (6,))] and all(p.done for p in read[2:])
    seats = rules.table_seats([3, None, None], {3: "Cy"})
    assert [s["name"] for s in seats] == ["Cy", "Computer 1 (medium)", "Computer 2 (medium)"]
    assert [s["bot_level"] for s in seats] == [None, "medium", "medium"]


def test_a_tournament_table_carries_its_marks_into_its_record() -> None:
    t = TournamentRow(id=8, rated=False)
    head = rules.marked_head({"options": {}}, t, 2, 3)
    row = TableRow(channel_id=1, guild_id=1, game_id="toy", options={}, status="playing",
                   host_id=1, seats=[], seed=1, record_head=head)
    assert rules.tournament_of(row) == (8, 2, 3)
    assert rules.tournament_of(TableRow(channel_id=1, guild_id=1, game_id="toy", options={},
                                        status="playing", host_id=1, seats=[], seed=1)) is None
    record = rules.in_record(head, {"moves": []})
    assert record == {"moves": [], "tournament": {"id": 8, "round": 2, "table": 3},
                      "unrated": True}
    assert head["no_vacation"] is True  # the round's pace is the tournament's
    rated = rules.marked_head({}, TournamentRow(id=8, rated=True), 1, 1)
    assert "unrated" not in rated


def test_a_forfeit_ranks_last_in_ratings_too() -> None:
    seats = [{"seat": s, "user_id": s, "name": f"P{s}"} for s in (1, 2, 3)]
    game = Finished(1, "toy", seats, {}, {"winners": [2], "scores": [9, 5, 1],
                                          "forfeits": [1]})
    ranks = {keys[0]: rank for keys, rank, _ in sides(game, lambda g, n, o: [[1], [2], [3]])}
    assert ranks == {"u:2": 1, "u:3": 2, "u:1": 3}
