"""Personal links: what lets a seated player play from the page.

A token is ``<table>.<user>.<expires>.<nonce>.<signature>``: the signature is HMAC-SHA256 of
the rest with the key kept in the database (migration 12, made at random the first time), in
URL-safe base64 without padding, so the token travels in an address's fragment as it is
(``{public_url}/t/{table}#k={token}``: never sent to a server, never in a log). It is bound to
one table and one person, expires after ``[web] link_hours``, and only the person's newest link
at a table works: issuing one stores a new nonce, which revokes the one before.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable

from games.text import Text, say

from ..service.errors import HostError
from ..storage import Store

FORGED = say("This link is not a valid table link. Press Play in browser on the table post "
             "for a new one.")
OTHER_TABLE = say("This link is for another table. Press Play in browser on this table's post "
                  "for a link to it.")
EXPIRED = say("This link has expired. Press Play in browser on the table post for a new one.")
REVOKED = say("This link was replaced by a newer one. Use the newest link, or press Play in "
              "browser again.")


class LinkRefused(HostError):
    """A personal link that does not let its holder play (or one not given); ``text`` says
    why, to them. A :class:`~bot.service.errors.HostError`, so the adapter answers it as any
    refusal."""

    def __init__(self, text: Text) -> None:
        super().__init__(text)


def _signature(key: bytes, body: str) -> str:
    digest = hmac.new(key, body.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


class Links:
    """Makes and checks personal links, keyed in ``store`` (``hours``: how long one lasts)."""

    def __init__(self, store: Store, hours: float, *,
                 clock: Callable[[], float] = time.time) -> None:
        self._store = store
        self._seconds = hours * 3600.0
        self._clock = clock
        self._key: bytes | None = None

    async def _secret(self) -> bytes:
        if self._key is None:
            self._key = bytes.fromhex(await self._store.web_secret())
        return self._key

    async def issue(self, table: int, user_id: int) -> str:
        """A new link token for ``user_id`` at ``table``; their previous one stops working."""
        key = await self._secret()
        nonce = secrets.token_urlsafe(12)
        expires = int(self._clock() + self._seconds)
        await self._store.put_web_link(table, user_id, nonce, float(expires))
        body = f"{table}.{user_id}.{expires}.{nonce}"
        return f"{body}.{_signature(key, body)}"

    async def check(self, token: str, table: int) -> int:
        """The user id ``token`` lets play at ``table``; :class:`LinkRefused` saying why not
        (forged or damaged, for another table, expired, replaced by a newer one)."""
        parts = token.split(".") if isinstance(token, str) and len(token) < 200 else []
        if len(parts) != 5 or not all(p.isdigit() for p in parts[:3]):
            raise LinkRefused(FORGED)
        key = await self._secret()
        body = token.rpartition(".")[0]
        if not hmac.compare_digest(_signature(key, body), parts[4]):
            raise LinkRefused(FORGED)
        linked, user_id, expires, nonce = int(parts[0]), int(parts[1]), int(parts[2]), parts[3]
        if linked != table:
            raise LinkRefused(OTHER_TABLE)
        stored = await self._store.web_link(table, user_id)
        if stored is None or not hmac.compare_digest(stored[0], nonce):
            raise LinkRefused(REVOKED)
        if self._clock() >= expires:
            raise LinkRefused(EXPIRED)
        return user_id
