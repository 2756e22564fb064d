"""Messages are edited in place only while recent (bot.adapter.kit.recency)."""

from __future__ import annotations

import datetime as dt

import discord

from bot.adapter.kit.recency import RECENT_SECONDS, age, still_editable

SENT = dt.datetime(2026, 12, 7, 12, 0, tzinfo=dt.UTC)
MESSAGE = discord.utils.time_snowflake(SENT)


def test_a_message_is_editable_until_the_bound_and_not_after() -> None:
    sent = SENT.timestamp()
    assert age(MESSAGE, sent + 90) == 90
    assert still_editable(MESSAGE, sent + RECENT_SECONDS - 1)
    assert not still_editable(MESSAGE, sent + RECENT_SECONDS)
    assert not still_editable(MESSAGE, sent + 3600)
    assert RECENT_SECONDS < 3600  # inside Discord's hour


def test_a_clock_behind_discord_counts_as_recent() -> None:
    assert still_editable(MESSAGE, 1_000_000.0)
