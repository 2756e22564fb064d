"""The tournament's words (bot/adapter/tournament/texts.py): what /tournament create reads from
what the organiser typed (the start time, the game's options), points as people read them,
and a table thread's name in English and French."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.adapter.kit.errors import Refusal
from bot.adapter.kit.i18n import language
from bot.adapter.tournament import texts
from bot.service.results import RoundTable, StandingLine, TournamentInfo, TournamentPlace
from tests.e2e.toy_game import register_toy

PARIS = "Europe/Paris"
NOW = dt.datetime(2026, 12, 7, 18, 30, tzinfo=ZoneInfo(PARIS)).timestamp()


def at(hour: int, minute: int = 0, day: int = 7) -> float:
    return dt.datetime(2026, 12, day, hour, minute, tzinfo=ZoneInfo(PARIS)).timestamp()


@pytest.mark.parametrize(("typed", "expected"), [
    ("in 30 minutes", NOW + 1800), ("30 min", NOW + 1800), ("in 2 hours", NOW + 7200),
    ("dans 2 heures", NOW + 7200), ("in 2h", NOW + 7200), ("In 1 Minute", NOW + 60),
    ("20:00", at(20)), ("20h", at(20)), ("20h15", at(20, 15)),
    ("9:00", at(9, day=8)), ("2h", at(2, day=8)),  # passed today: tomorrow
    ("2026-12-24 20:00", at(20, day=24)), ("2026-12-24T20:00", at(20, day=24)),
    ("2026-12-24T20:00+00:00", dt.datetime(2026, 12, 24, 20, tzinfo=dt.UTC).timestamp()),
])
def test_a_start_time_is_read_in_the_organisers_zone(typed: str, expected: float) -> None:
    assert texts.parse_start(typed, NOW, PARIS) == expected


@pytest.mark.parametrize("typed", ["tomorrow", "25:00", "20:61", "in minutes", "", "2026-13-01"])
def test_what_is_no_start_time_is_refused_saying_what_is_accepted(typed: str) -> None:
    with pytest.raises(Refusal) as refused:
        texts.parse_start(typed, NOW, PARIS)
    assert "“in 30 minutes”" in refused.value.message and "20:00" in refused.value.message


@pytest.mark.parametrize("typed", ["2026-12-01 20:00", "in 0 minutes", "2027-06-01 10:00"])
def test_a_start_past_or_too_far_is_refused(typed: str) -> None:
    with pytest.raises(Refusal) as refused:
        texts.parse_start(typed, NOW, PARIS)
    assert "in the future, and at most 90 days away" in refused.value.message


def test_the_games_options_are_read_as_name_value_pairs_of_their_kind() -> None:
    game = register_toy()
    assert texts.parse_options(game, None) == {}
    assert texts.parse_options(game, "  ") == {}
    assert texts.parse_options(game, "rounds=1 deck=high bonus=yes") == {
        "rounds": 1, "deck": "high", "bonus": True}
    assert texts.parse_options(game, "rounds: 3, chatty=non; first=2") == {
        "rounds": 3, "chatty": False, "first": 2}
    # A value of the wrong kind goes to the game as typed: the game refuses it in its words.
    assert texts.parse_options(game, "rounds=many") == {"rounds": "many"}


def test_the_options_autocomplete_adds_one_option_at_its_default() -> None:
    game = register_toy()
    assert texts.option_suggestions(game, "") == [
        "rounds=2", "deck=low", "bonus=no", "pace=calm", "chatty=no"]
    assert texts.option_suggestions(game, "rounds=1 deck=high ") == [
        "rounds=1 deck=high", "rounds=1 deck=high bonus=no", "rounds=1 deck=high pace=calm",
        "rounds=1 deck=high chatty=no"]


@pytest.mark.parametrize("typed", ["colour=red", "rounds", "rounds=1 and more"])
def test_options_the_game_lacks_or_no_pairs_are_refused_naming_its_options(typed: str) -> None:
    game = register_toy()
    with pytest.raises(Refusal) as refused:
        texts.parse_options(game, typed)
    message = refused.value.message
    assert "“rounds=2”" in message
    assert "rounds, deck, bonus, pace, chatty, first" in message


@pytest.mark.parametrize(("points", "english", "french"), [
    (0, "0", "0"), (1.0, "1", "1"), (0.5, "0.5", "0,5"), (2.5, "2.5", "2,5"),
    (1.25, "1.25", "1,25"), (10.0, "10", "10"), (1 / 3, "0.33", "0,33")])
def test_points_read_as_the_reader_writes_numbers(points: float, english: str,
                                                  french: str) -> None:
    assert texts.points_text(points) == english
    with language("fr"):
        assert texts.points_text(points) == french


def test_a_table_thread_is_named_in_the_servers_language() -> None:
    assert texts.thread_name(2, 3) == "Round 2 · Table 3"
    with language("fr"):
        assert texts.thread_name(2, 3) == "Ronde 2 · Table 3"


# -- the post ----------------------------------------------------------------------------------
def tournament(**changes: object) -> TournamentInfo:
    """An 8-player two-seat Swiss in round 2 of 3: Ann leads, Dan withdrew, Eve has the bye."""
    names = ("Ann", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus", "Hal")
    players = tuple(TournamentPlace(i + 1, name, withdrawn=name == "Dan")
                    for i, name in enumerate(names))
    standings = (
        StandingLine(1, 1, 1.0, (1.0, 1.0), 1, name="Ann"),
        StandingLine(2, 2, 0.5, (0.5, 0.25), 1, name="Bob"),
        StandingLine(2, 3, 0.5, (0.5, 0.25), 1, name="Cyd"),
        StandingLine(4, 4, 0.0, (1.0, 0.0), 1, withdrawn=True, name="Dan"),
    )
    tables = (RoundTable(2, 1, (1, 2), ("Ann", "Bob"), channel_id=501, ended=True,
                         places=(1, 2)),
              RoundTable(2, 2, (3, None), ("Cyd", "Computer 1 (medium)"), channel_id=502),
              RoundTable(2, 3, (6, 7), ("Fay", "Gus")))
    base = dict(id=7, guild_id=1, channel_id=10, owner_id=1, owner_name="Ann",
                game_id="toy-rounds", game_name="Toy Rounds", options={"rounds": 1},
                option_texts=[("Rounds", "1")], format="swiss", seats=2, rounds=3, round=2,
                status="running", speed="live", start_at=None, rated=True, fill="bye",
                players=players, tables=tables, byes=(5,), standings=standings,
                tiebreaks=("Buchholz", "Sonneborn-Berger"), podium=standings[:3])
    return TournamentInfo(**{**base, **changes})  # type: ignore[arg-type]


def test_the_post_of_a_running_round_lists_its_tables_byes_and_standings() -> None:
    text = texts.tournament_text(tournament())
    lines = text.split("\n")
    assert lines[0] == "🏆 **Toy Rounds tournament** organised by Ann"
    assert lines[1] == ("Swiss · 3 rounds · tables of 2 · live (a few minutes a move) · rated")
    assert "Options: Rounds: 1" in lines
    assert "**Round 2 of 3**" in lines
    assert "Table 1: Ann, Bob · <#501> ✅" in lines
    assert "Table 2: Cyd, Computer 1 (medium) · <#502>" in lines
    assert "Table 3: Fay, Gus" in lines  # its thread is not made yet
    assert "Bye: Eve" in lines
    assert "1. **Ann** · Points 1 · Buchholz 1 · Sonneborn-Berger 1 · 1 game" in lines
    assert "2. **Cyd** · Points 0.5 · Buchholz 0.5 · Sonneborn-Berger 0.25 · 1 game" in lines
    assert "4. **Dan (withdrawn)** · Points 0 · Buchholz 1 · Sonneborn-Berger 0 · 1 game" in lines


def test_the_sign_up_post_says_when_it_starts_and_who_plays() -> None:
    info = tournament(status="signup", round=0, rounds=None, tables=(), byes=(), standings=(),
                      start_at=1_800_000_000.0, fill="computer", rated=False)
    lines = texts.tournament_text(info).split("\n")
    assert lines[1] == "Swiss · tables of 2 · live (a few minutes a move) · not rated"
    assert "An incomplete table gets a computer seat (it scores nothing)." in lines
    assert "Starts <t:1800000000:f> (<t:1800000000:R>)." in lines
    assert "**7 players**: Ann, Bob, Cyd, Eve, Fay, Gus, Hal" in lines
    assert "Standings" not in " ".join(lines)


def test_the_final_post_shows_the_podium_then_the_standings_in_french() -> None:
    info = tournament(status="finished", round=3)
    with language("fr"):
        lines = texts.tournament_text(info).split("\n")
        columns = texts.standings_columns(info.tiebreaks)
    assert lines[0] == "🏆 **Tournoi de Toy Rounds** organisé par Ann"
    assert lines[1] == "Suisse · 3 rondes · tables de 2 · en direct (quelques minutes par coup) · classé"
    assert "**Classement final**" in lines
    assert "🥇 Ann · 🥈 Bob · 🥈 Cyd" in lines  # a shared second place
    assert "1. **Ann** · Points 1 · Buchholz 1 · Sonneborn-Berger 1 · 1 partie" in lines
    assert "Table 1" not in " ".join(lines)
    assert columns == ("Place", "Joueur", "Points", "Buchholz", "Sonneborn-Berger", "Parties")
    with language("fr"):  # the service's names of the tie-breaks are translated too
        assert texts.standings_columns(("Opponents' points",))[3] == "Points des adversaires"


def test_a_64_player_post_fits_discord_giving_up_the_last_standings_lines_first() -> None:
    players = tuple(TournamentPlace(i, f"Player number {i}") for i in range(1, 65))
    standings = tuple(StandingLine(i, i, 64.0 - i, (100.5, 99.25), 5, name=f"Player number {i}")
                      for i in range(1, 65))
    tables = tuple(RoundTable(6, t, (2 * t - 1, 2 * t), (f"Player number {2 * t - 1}",
                                                         f"Player number {2 * t}"),
                              channel_id=10**18 + t) for t in range(1, 33))
    info = tournament(players=players, standings=standings, tables=tables, round=6, rounds=7,
                      byes=())
    text = texts.tournament_text(info)
    assert len(text) <= 2000
    lines = text.split("\n")
    assert "**Round 6 of 7**" in lines and "**Standings**" in lines
    assert lines[-1].startswith("… and ") and lines[-1].endswith(
        " more: the image shows everyone.")
    assert lines[-1] == "… and 54 more: the image shows everyone."  # the top ten stay
    assert lines[-2].startswith("10. **Player number 10**")
    # The tables came first: some of them are left out too, saying how many.
    assert "… and " in text.split("**Standings**")[0]
    finished = texts.tournament_text(tournament(players=players, standings=standings,
                                                tables=(), status="finished",
                                                podium=standings[:3]))
    assert len(finished) <= 2000 and "🥇 Player number 1" in finished


def test_tables_that_cannot_open_tell_the_organiser_what_to_grant_in_french() -> None:
    with language("fr"):
        lines = texts.tournament_text(tournament(speed="daily"),
                                      ("Send Messages", "Send Messages in Threads")).split("\n")
    assert ("⚠️ Je ne peux pas ouvrir les tables de cette ronde : il me manque Envoyer des "
            "messages, Envoyer des messages dans les fils dans <#10>. Elles s’ouvrent dès "
            "qu’un admin du serveur me l’accorde.") in lines
    assert not any(line.startswith("⚠️") for line in texts.tournament_text(
        tournament()).split("\n"))
