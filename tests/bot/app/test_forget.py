"""``python -m bot forget-user ID`` (issue 29 part 4): a person's preferences go, their name in
past games becomes "a former player" (in the reader's language), the games' results and
everyone else's ratings stay, a rebuild included; refused while they sit at a live table. On
SQLite and on PostgreSQL (the ``db_path`` fixture)."""

from __future__ import annotations

from pathlib import Path

import pytest

import i18n
from bot.__main__ import main
from bot.adapter.history.ratings import who
from bot.app.forget import StillSeated, forget
from bot.service import Services
from bot.service.history import choice_label
from bot.service.rules.wording import shown
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.drive import play_to_end
from tests.bot.toy import TOY_ID


async def _finished_game(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=5)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.join(CHANNEL, CAROL, "Carol")
    await host.lobbies.start(CHANNEL, ALICE)
    await play_to_end(host, CHANNEL)


def _numbers(ratings: dict[str, object]) -> dict[str, tuple[float, float, int, int]]:
    return {key: (round(r.mu, 9), round(r.sigma, 9), r.games, r.wins)  # type: ignore[attr-defined]
            for key, r in ratings.items()}

CHANNEL_OF_LINK = 31337  # a table Bob had a personal link to


async def test_forget_user_keeps_the_results_and_the_others_ratings(host: Services) -> None:
    season = await host.seasons.start(GUILD, CHANNEL, TOY_ID, 4)  # the game counts in it too
    await _finished_game(host)
    champion = (await host.seasons.end(GUILD, TOY_ID)).ended.season.champion
    await host.store.prefs.set_dm_enabled(BOB, False)
    await host.languages.remember_locale(BOB, "fr")
    await host.store.prefs.set_dm_enabled(ALICE, False)
    await host.store.web.put_link(CHANNEL_OF_LINK, BOB, "nonce", 1e12)
    await host.store.web.put_link(CHANNEL_OF_LINK, ALICE, "hers", 1e12)
    before = _numbers(await host.store.ratings.ratings_of(GUILD, TOY_ID))
    page = await host.game_history.history(GUILD)
    assert [p.name for p in page.entries[0].players] == ["Alice", "Bob", "Carol"]
    results = [(p.score, p.won) for p in page.entries[0].players]

    done = await forget(host.store, BOB)

    assert done == {"games": 1, "ratings": 2, "preferences": 2, "records": 2}  # 2: the season's
    assert await host.store.prefs.dm_enabled(BOB) is None
    assert await host.store.languages.user_locales([BOB]) == {}
    assert await host.store.prefs.dm_enabled(ALICE) is False  # only Bob's
    assert await host.store.web.link(CHANNEL_OF_LINK, BOB) is None  # his page links too
    assert await host.store.web.link(CHANNEL_OF_LINK, ALICE) == ("hers", 1e12)
    entry = (await host.game_history.history(GUILD)).entries[0]
    assert [(p.score, p.won) for p in entry.players] == results
    assert shown(entry.players[1].name) == "a former player"
    with i18n.language("fr"):
        assert shown(entry.players[1].name) == "un ancien joueur"
        assert "Alice, un ancien joueur, Carol" in choice_label(entry)
    assert (await host.game_history.history(GUILD, user_id=BOB)).total == 0
    game = await host.store.history.game(entry.game_row)
    assert game is not None and "Bob" not in str(game["seats"]) and str(BOB) not in str(
        [s["user_id"] for s in game["seats"]])

    after = _numbers(await host.store.ratings.ratings_of(GUILD, TOY_ID))
    assert "u:2" not in after
    [token] = [k for k in after if k.startswith("f:")]
    assert after[token] == before["u:2"]
    assert {k: v for k, v in after.items() if k != token} == {
        k: v for k, v in before.items() if k != "u:2"}
    past = (await host.seasons.board(GUILD, TOY_ID, ALICE, season.number))
    assert {s.player for s in past.board.top} == {"u:1", "u:3", token}
    assert past.season.champion == (token if champion == "u:2" else champion)
    assert await host.ratings.rebuild_ratings() == 1  # the same games give the same ratings
    assert _numbers(await host.store.ratings.ratings_of(GUILD, TOY_ID)) == after
    assert (await host.seasons.board(GUILD, TOY_ID, ALICE, season.number)).board == past.board
    board = await host.ratings.leaderboard(GUILD, TOY_ID, 10)
    [former] = [s for s in board.top if s.player == token]
    assert who(former.player) == "a former player"  # the leaderboard's line, in the reader's language
    with i18n.language("fr"):
        assert who(former.player) == "un ancien joueur"


async def test_forget_user_refuses_while_the_person_sits_at_a_live_table(
        host: Services) -> None:
    await _finished_game(host)
    await host.lobbies.create_lobby(CHANNEL + 1, GUILD, TOY_ID, {}, CAROL, "Carol", seed=1)
    await host.lobbies.join(CHANNEL + 1, BOB, "Bob")
    await host.store.prefs.set_dm_enabled(BOB, True)
    with pytest.raises(StillSeated, match=r"^User 2 sits at 1 live table \(channel 101\); "
                       r"nothing was changed"):
        await forget(host.store, BOB)
    assert await host.store.prefs.dm_enabled(BOB) is True
    page = await host.game_history.history(GUILD)
    assert [p.name for p in page.entries[0].players] == ["Alice", "Bob", "Carol"]
    await host.lobbies.leave(CHANNEL + 1, BOB)
    assert (await forget(host.store, BOB))["games"] == 1


def test_the_command_says_what_it_did_in_one_sentence(
        demo_config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = demo_config
    capsys.readouterr()
    assert main(["forget-user", "1", "--config", str(config)]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"Forgot user 1 in {config.parent / 'demo' / 'demo.db'}: 1 preference (language, DMs) "
                           "deleted, their name replaced by \"a former player\" in 1 past game "
                           "and 1 rating made anonymous;")
    assert said.count("\n") == 1
    with pytest.raises(SystemExit) as exited:
        main(["forget-user", "Alex", "--config", str(config)])
    assert exited.value.code == 2
    assert "'Alex' is not a Discord user id" in capsys.readouterr().err


def test_an_id_nobody_has_is_refused_not_reported_forgotten(
        demo_config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 38, item 12: a mistyped id printed "Forgot user … 0 preferences … 0 past games" and
    exited 0, as if someone had been forgotten."""
    capsys.readouterr()
    assert main(["forget-user", "999999999999999999", "--config", str(demo_config)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: nobody with the id 999999999999999999 is known in ")
    assert "nothing was changed" in captured.err and captured.err.count("\n") == 1
    assert main(["forget-user", "1", "--config", str(demo_config)]) == 0  # the real one still is


async def _tournament(host: Services, players: list[int], *, owner: int = 99) -> int:
    info = await host.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, owner_id=owner, owner_name=f"U{owner}",
        game_id=TOY_ID, options={}, fmt="swiss", rounds=1, seats=2, speed="live",
        start_at=None, rated=True, fill="bye")
    for user in players:
        await host.tournaments.join(info.id, user, f"U{user}")
    return info.id


async def test_forget_user_in_tournaments(host: Services) -> None:
    """Out of a tournament signing up; in one over, a stand-in number and "a former player"
    keep the standings; refused while they play in one under way."""
    over = await _tournament(host, [ALICE, BOB], owner=BOB)
    await host.tournaments.start(over, BOB, False)
    [table] = await host.tournaments.unopened(over)
    await host.tournaments.open_table(over, 1, 1, 500)
    row = await host.store.tables.get_table(500)
    assert row is not None
    bob = table.seats.index(BOB) + 1
    await host.committer.finish(row, [], {"finished": True, "scores": [1, 1], "winners": [bob],
                                          "reason": ""})
    before = await host.tournaments.advance(over)
    signing_up = await _tournament(host, [BOB, CAROL])
    running = await _tournament(host, [BOB, CAROL])
    await host.tournaments.start(running, 99, False)
    with pytest.raises(StillSeated, match=r"^User 2 plays in 1 tournament under way "
                       rf"\(tournament {running}\); nothing was changed"):
        await forget(host.store, BOB)
    await host.tournaments.leave(running, BOB)  # withdrawn: forgotten like a finished one

    await forget(host.store, BOB)

    assert [p.user_id for p in (await host.tournaments.show(signing_up)).players] == [CAROL]
    after = await host.tournaments.show(over)
    assert [(s.place, s.points, s.name) for s in after.standings] == [
        (s.place, s.points, "a former player" if s.player == BOB else s.name)
        for s in before.standings]
    assert after.owner_name == "a former player" and after.owner_id == 0
    with i18n.language("fr"):
        assert i18n.translate(after.name_of(after.standings[0].player)) == "un ancien joueur"
    for tid in (over, running):
        for table_row in await host.store.tournaments.tables(tid):
            assert BOB not in table_row.seats and BOB not in (table_row.forfeits or [])
        assert BOB not in [p.user_id for p in await host.store.tournaments.players(tid)]
