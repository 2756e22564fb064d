"""Turn reminders by DM: the player's own hand and a link to the table post.

Only the player whose turn starts gets their note; the note was built from ``view(state, seat)``
of that seat, so nobody else's hand can travel here. Closed DMs (Discord error 50007) are
reported back so the table post can say where the hand is instead.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable

import discord

from bot.service import TableService
from bot.service.results import PrivateNote

from . import send
from .i18n import _, language, shown
from .languages import dm_language

log = logging.getLogger("tablee.adapter.dms")

CANNOT_SEND_TO_USER = 50007


def turn_notes(notes: Iterable[PrivateNote], actor: int | None) -> list[PrivateNote]:
    """Notes of players whose turn starts now: someone who just moved and moves again already
    has their menu in front of them."""
    seen: set[int] = set()
    out = []
    for note in notes:
        if note.your_turn and note.user_id != actor and note.user_id not in seen:
            seen.add(note.user_id)
            out.append(note)
    return out


async def send_turn_dms(
    client: discord.Client,
    host: TableService,
    notes: Iterable[PrivateNote],
    *,
    actor: int | None,
    jump_url: str,
    game_name: str,
    dm_default: bool,
) -> list[int]:
    """DM each player whose turn starts (unless they opted out); the ids whose DMs are closed."""
    closed: list[int] = []
    for note in turn_notes(notes, actor):
        if not await host.dm_enabled(note.user_id, dm_default):
            continue
        with language(await dm_language(client, note.user_id)):
            text = _(
                "Your turn in **{game}**: {url}\n{note}\n-# Turn these messages off with /dms.",
                game=game_name,
                url=jump_url,
                note=shown(note.text),
            )
        file = discord.File(io.BytesIO(note.image_png), "hand.png") if note.image_png else None
        if not await send_dm(client, note.user_id, text, file):
            closed.append(note.user_id)
    return closed


async def send_dm(
    client: discord.Client, user_id: int, text: str, file: discord.File | None = None
) -> bool:
    """DM one person; False when their DMs are closed or the send failed (logged)."""
    try:
        channel = await client.create_dm(discord.Object(id=user_id))
        if file is not None:
            await send.send(channel, text, file=file)
        else:
            await send.send(channel, text)
    except discord.Forbidden as exc:
        if exc.code != CANNOT_SEND_TO_USER:
            log.warning("DM to %s refused: %s", user_id, exc)
        return False
    except discord.HTTPException:
        log.warning("DM to %s failed", user_id, exc_info=True)
        return False
    return True
