"""Where a table can reach its players (issue 41, "Play anywhere").

A server that added the bot lets its token post the table (``BOT``: threads, posts, edits, as
ever). A conversation it can't post in by itself (a DM or a group DM between people, or a server
that has Tablée only as someone's installed app) reaches its players only through interaction
responses and followups (``INTERACTIONS``): each press or command there carries the table on
(:mod:`bot.adapter.posting.carriers`), and a turn reaches a person only by the bot's DM, so such a
table's clock defaults to the daily speed (:data:`INTERACTIONS_SPEED`)."""

from __future__ import annotations

BOT = "bot"
INTERACTIONS = "interactions"
REACHES = (BOT, INTERACTIONS)
INTERACTIONS_SPEED = "daily"
"""The default speed of a table reached only through interactions: a post that a computer's
move or the clock makes waits there for the next press, and a reminder reaches a person only by
DM (to whoever asked for them), so a live table's minutes would time people out who never heard
of their turn."""
