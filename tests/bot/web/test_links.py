"""Personal links (bot/web/links.py) on a real SQLite file: bound to one table and one person,
expiring, revoked by a newer one, and refused with a sentence when forged or tampered with."""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Store
from bot.web.links import EXPIRED, FORGED, OTHER_TABLE, REVOKED, LinkRefused, Links

TABLE, OTHER = 555, 556
ALICE, BOB = 1, 2


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(str(tmp_path / "links.db"))
    yield opened
    await opened.close()


async def refused(links: Links, token: str, table: int = TABLE) -> str:
    with pytest.raises(LinkRefused) as info:
        await links.check(token, table)
    return str(info.value.text)


async def test_a_link_names_its_holder_only_at_its_table(store: Store) -> None:
    links = Links(store, 12)
    alice, bob = await links.issue(TABLE, ALICE), await links.issue(TABLE, BOB)
    assert await links.check(alice, TABLE) == ALICE and await links.check(bob, TABLE) == BOB
    assert all(c.isalnum() or c in "-_." for c in alice)  # URL-safe as it is
    assert await refused(links, alice, OTHER) == OTHER_TABLE
    # The key lives in the database: another Links object (a restart) accepts the link.
    assert await Links(store, 12).check(alice, TABLE) == ALICE


async def test_expired_revoked_forged_and_tampered_links_are_refused(store: Store) -> None:
    clock = Clock()
    links = Links(store, 2, clock=clock)
    first = await links.issue(TABLE, ALICE)
    clock.t += 2 * 3600 - 1
    assert await links.check(first, TABLE) == ALICE
    clock.t += 1
    assert await refused(links, first) == EXPIRED
    second = await links.issue(TABLE, ALICE)
    third = await links.issue(TABLE, ALICE)  # pressing again revokes the one before
    assert await refused(links, second) == REVOKED
    assert await links.check(third, TABLE) == ALICE
    # Tampering: the same token claiming Bob, or a later expiry, breaks the signature.
    table, user, expires, nonce, sig = third.split(".")
    for forged in (f"{table}.{BOB}.{expires}.{nonce}.{sig}",
                   f"{table}.{user}.{int(expires) + 9999}.{nonce}.{sig}",
                   f"{OTHER}.{user}.{expires}.{nonce}.{sig}",
                   third[:-2], "", "garbage", "1.2.3.4.5.6", "x" * 500):
        assert await refused(links, forged) == FORGED, forged
    # Signed with another key (a link made by someone who guessed the format): refused.
    body = f"{table}.{user}.{expires}.{nonce}"
    other = base64.urlsafe_b64encode(hmac.new(b"k" * 32, body.encode(), hashlib.sha256)
                                     .digest()).rstrip(b"=").decode()
    assert await refused(links, f"{body}.{other}") == FORGED
    assert FORGED != REVOKED != EXPIRED and str(FORGED).endswith(".")
