"""Migration 12's tables through the store, on SQLite and PostgreSQL: the links' key is made
once and kept, and a person's newest link at a table replaces the one before."""

from __future__ import annotations

from bot.storage import Store


async def test_the_key_is_made_once_and_the_newest_link_wins(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        key = await store.web.secret()
        assert len(bytes.fromhex(key)) == 32 and await store.web.secret() == key
        assert await store.web.link(5, 1) is None
        await store.web.put_link(5, 1, "first", 100.0)
        await store.web.put_link(5, 2, "other", 50.0)
        await store.web.put_link(5, 1, "second", 200.0)
        assert await store.web.link(5, 1) == ("second", 200.0)
        assert await store.web.link(5, 2) == ("other", 50.0)
        assert await store.web.link(6, 1) is None
    finally:
        await store.close()
    again = await Store.open(db_path)
    try:
        assert await again.web.secret() == key  # a restart keeps it: links stay valid
    finally:
        await again.close()
