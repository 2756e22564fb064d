"""What the bot keeps of the posts it sent: the table post each table and finished game points
to, and the posts showing a value that must be edited away (memory mode: a value shown once, e.g.
a revealed tile), with their value-free text, so that a restart still edits them."""

from __future__ import annotations

from .database import Database, Statement


class SentPosts:
    """Table posts and transient posts, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def add_transient_post(self, channel_id: int, message_id: int, plain: str) -> None:
        """Remember (or update) a post's value-free text until the post is edited."""
        await self._db.write([Statement(
            "INSERT INTO transient_posts (message_id, channel_id, plain) VALUES (?, ?, ?)"
            " ON CONFLICT (message_id) DO UPDATE SET plain = excluded.plain",
            (message_id, channel_id, plain))])

    async def transient_posts(self, channel_id: int) -> dict[int, str]:
        """message id -> value-free text, for the channel's posts still showing a value."""
        rows = await self._db.fetchall(
            "SELECT message_id, plain FROM transient_posts WHERE channel_id = ?", (channel_id,))
        return {m: p for m, p in rows}

    async def posted(self, channel_id: int, message_id: int, version: int,
                     plain: str | None) -> dict[int, str]:
        """A table post went out (or was extended): in one write, the post's value-free text
        kept (``plain``) or dropped (None: it shows no value), the post made the table's
        current one unless a newer one is (:meth:`bot.storage.tables.Tables.set_post`), or, when
        no table took it because the game is over, kept as the finished game's final post
        (:meth:`bot.storage.history.History.keep_final_post`); then, in one read, the channel's
        other posts still showing a value (message id -> value-free text)."""
        if plain is None:
            value = Statement("DELETE FROM transient_posts WHERE message_id = ?", (message_id,))
        else:
            value = Statement(
                "INSERT INTO transient_posts (message_id, channel_id, plain) VALUES (?, ?, ?)"
                " ON CONFLICT (message_id) DO UPDATE SET plain = excluded.plain",
                (message_id, channel_id, plain))
        await self._db.write([
            value,
            Statement("UPDATE tables SET post_message_id = ?, post_version = ? WHERE channel_id = ?"
                      " AND (post_version IS NULL OR post_version <= ?)",
                      (message_id, version, channel_id, version)),
            # Only when the statement before took no table row: none has this post now.
            Statement("UPDATE games SET post_message_id = ? WHERE id = (SELECT MAX(id) FROM games"
                      " WHERE channel_id = ?) AND status = 'finished' AND post_message_id IS NULL"
                      " AND NOT EXISTS (SELECT 1 FROM tables WHERE channel_id = ? AND"
                      " (status = 'playing' OR (post_message_id = ? AND post_version = ?)))",
                      (message_id, channel_id, channel_id, message_id, version)),
        ])
        rows = await self._db.fetchall(
            "SELECT message_id, plain FROM transient_posts WHERE channel_id = ?"
            " AND message_id <> ?", (channel_id, message_id))
        return {m: p for m, p in rows}

    async def drop_transient_post(self, message_id: int) -> None:
        await self._db.write([Statement("DELETE FROM transient_posts WHERE message_id = ?",
                                        (message_id,))])
