"""The tournament post's buttons as the tournament goes, and the thread a restart finds again
(bot/adapter/tournament/runner.py)."""

from __future__ import annotations

from types import SimpleNamespace

from bot.adapter.tournament.runner import orphan, post_view
from tests.bot.adapter.test_tournament_texts import tournament

BOT = 42


def test_the_buttons_follow_the_tournament() -> None:
    signup = post_view(tournament(status="signup"))
    assert signup is not None
    assert [(b.item.label, b.custom_id) for b in signup.children] == [  # type: ignore[attr-defined]
        ("Join", "tz:join:7"), ("Leave", "tz:leave:7"), ("Start", "tz:start:7"),
        ("Cancel", "tz:cancel:7")]
    running = post_view(tournament(status="running"))
    assert running is not None
    assert [(b.item.label, b.custom_id) for b in running.children] == [  # type: ignore[attr-defined]
        ("Withdraw", "tz:leave:7")]
    assert post_view(tournament(status="finished")) is None
    assert post_view(tournament(status="cancelled")) is None


def thread(name: str, owner: int = BOT, messages: int = 0) -> SimpleNamespace:
    return SimpleNamespace(name=name, owner_id=owner, message_count=messages,
                           last_message_id=99 if messages else None, id=hash(name) % 1000)


def test_a_restart_finds_the_empty_thread_it_made_before_the_table_started() -> None:
    home = SimpleNamespace(threads=[thread("Round 2 · Table 3", messages=4),
                                    thread("Round 2 · Table 4", owner=7),
                                    thread("Round 2 · Table 4")])
    assert orphan(home, "Round 2 · Table 4", BOT) is home.threads[2]
    assert orphan(home, "Round 2 · Table 3", BOT) is None  # a table plays there
    assert orphan(home, "Round 2 · Table 5", BOT) is None
    assert orphan(SimpleNamespace(), "Round 2 · Table 4", BOT) is None  # no thread known


def test_a_restart_finds_the_forum_post_it_made_before_the_table_started() -> None:
    intro_only = SimpleNamespace(name="Round 1 · Table 2", owner_id=BOT, message_count=1, id=50,
                                 last_message_id=50)  # its first message has the post's id
    playing = SimpleNamespace(name="Round 1 · Table 1", owner_id=BOT, message_count=2, id=60,
                              last_message_id=61)
    forum = SimpleNamespace(threads=[playing, intro_only])
    assert orphan(forum, "Round 1 · Table 2", BOT) is intro_only
    assert orphan(forum, "Round 1 · Table 1", BOT) is None
