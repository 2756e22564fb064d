"""The tables left behind after a stored change (issue 30, item 2): when each is tried again."""

from __future__ import annotations

from bot.service.followup import Behind
from tests.bot.conftest import CHANNEL


def test_tables_left_behind_are_tried_again_sooner_first_then_less_often() -> None:
    behind = Behind()
    behind.mark(CHANNEL, 100.0)
    assert behind.due(100.0) == [] and behind.next_at() == 100.5
    [(channel, marks, repost)] = behind.due(100.5)
    assert not repost
    behind.mark(CHANNEL, 100.5)  # the try failed: twice as long
    assert behind.next_at() == 101.5
    behind.settled(channel, marks)  # a failure came during that try: still behind
    assert CHANNEL in behind
    assert behind.hurry(CHANNEL, 101.0) and behind.due(101.0) == [(CHANNEL, marks + 1, False)]
    behind.settled(CHANNEL, marks + 1)
    assert CHANNEL not in behind and behind.next_at() is None and not behind.hurry(CHANNEL, 1)


def test_a_table_whose_post_failed_is_tried_again_to_post_it() -> None:
    behind = Behind()
    behind.mark(CHANNEL, 100.0)  # its computers failed
    behind.mark(CHANNEL, 100.0, repost=True)  # then its post
    behind.mark(CHANNEL, 100.0)  # a later failure does not forget the post
    assert behind.due(100.5) == [(CHANNEL, 3, True)]
