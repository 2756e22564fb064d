"""What the adapter reports back after sending: which message is a channel's table post, which
posts still show a value to edit away, and whether a person wants DMs."""

from __future__ import annotations

from .context import Context


class PostLedger:
    def __init__(self, ctx: Context) -> None:
        self._store = ctx.store

    async def set_post(self, channel_id: int, message_id: int, version: int) -> None:
        """Remember which message is the current table post (to strip its buttons later); the
        final post of a finished game is kept with the game (its link in /history)."""
        if not await self._store.tables.set_post(channel_id, message_id, version):
            await self._store.history.keep_final_post(channel_id, message_id)

    async def posted(self, channel_id: int, message_id: int, version: int, *,
                     plain: str | None) -> dict[int, str]:
        """The adapter's one call after a table post went out (or was extended in place): it is
        the channel's current post; when ``plain`` is given the post shows a value to edit away
        at the next move (``plain``: its text without it), otherwise it shows none. Returns the
        channel's other posts still showing a value (message id -> text without it): retire
        them, then :meth:`forget_transient_post` each one edited. One write and one read
        (:meth:`bot.storage.sent_posts.SentPosts.posted`)."""
        return await self._store.sent_posts.posted(channel_id, message_id, version, plain)

    async def remember_transient_post(self, channel_id: int, message_id: int, plain: str) -> None:
        """A post shows a value to edit away at the next move (a transient line); ``plain`` is its
        text without it. Stored, so the edit still happens after a restart."""
        await self._store.sent_posts.add_transient_post(channel_id, message_id, plain)

    async def transient_posts(self, channel_id: int) -> dict[int, str]:
        """message id -> value-free text of this channel's posts still showing a value."""
        return await self._store.sent_posts.transient_posts(channel_id)

    async def forget_transient_post(self, message_id: int) -> None:
        """The post was edited (or is gone): nothing left to edit away."""
        await self._store.sent_posts.drop_transient_post(message_id)

    async def dm_enabled(self, user_id: int, default: bool) -> bool:
        """Whether the person takes DMs (their choice, else ``default``)."""
        stored = await self._store.prefs.dm_enabled(user_id)
        return default if stored is None else stored

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        await self._store.prefs.set_dm_enabled(user_id, enabled)
