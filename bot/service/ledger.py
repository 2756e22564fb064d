"""What the adapter reports back after sending: which message is a channel's table post, and
whether a person wants DMs. (The posts still showing a value to edit away, and a person's DM
choice itself, are the store's: ``store.sent_posts``, ``store.prefs``.)"""

from __future__ import annotations

from ..storage.rows import NotifyPrefs
from .context import Context


class PostLedger:
    def __init__(self, ctx: Context) -> None:
        self._store = ctx.store

    async def set_post(self, channel_id: int, message_id: int, version: int) -> None:
        """Remember which message is the current table post (to strip its buttons later); the
        final post of a finished game is kept with the game (its link in /history)."""
        if not await self._store.tables.set_post(channel_id, message_id, version):
            await self._store.history.keep_final_post(channel_id, message_id)

    async def dm_enabled(self, user_id: int, default: bool) -> bool:
        """Whether the person takes DMs (their choice, else ``default``)."""
        stored = await self._store.prefs.dm_enabled(user_id)
        return default if stored is None else stored


def default_prefs(dm_default: bool, turn_dm_after: float) -> NotifyPrefs:
    """The choices of a person who made none: a mention, with a DM too when the owner's
    ``[dms] default`` says so, after ``[clock] turn_dm_after_seconds`` at a live table."""
    return NotifyPrefs(how="both" if dm_default else "mention", live_after=int(turn_dm_after))
