"""Which of the bot's messages may still be edited in place.

Discord limits edits to messages older than an hour (error 30046, "Maximum number of edits to
messages older than 1 hour reached"), and an old post far up a conversation is hard to find
anyway. So a message is edited in place only while it is younger than :data:`RECENT_SECONDS`;
after that, a change goes out as a new message. The bound leaves a quarter of an hour to spare, so
an edit decided at 44 minutes still lands well inside the hour even when it waits on a rate limit.

A message's age is read from its id (a snowflake carries its creation time) against the caller's
clock (the service's ``now``), so no sending time is stored; a negative age (a clock behind
Discord's) counts as recent.
"""

from __future__ import annotations

import discord

RECENT_SECONDS = 45 * 60.0
EDIT_LIMIT_OLD = 30046  # Discord: "Maximum number of edits to messages older than 1 hour reached"


def age(message_id: int, now: float) -> float:
    """Seconds since the message was created, at the epoch time ``now``."""
    return now - discord.utils.snowflake_time(message_id).timestamp()


def still_editable(message_id: int, now: float) -> bool:
    """Whether the message is recent enough to edit in place (see the module doc)."""
    return age(message_id, now) < RECENT_SECONDS
