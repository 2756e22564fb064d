"""Personal links: what lets a seated player play from the page.

A token is ``<table>.<user>.<expires>.<nonce>.<signature>``: the signature is HMAC-SHA256 of
the rest with the key kept in the database (migration 12, made at random the first time), in
URL-safe base64 without padding, so the token travels in an address's fragment as it is
(``{public_url}/t/{table}#k={token}``: never sent to a server, never in a log). It is bound to
one table and one person, expires after ``[web] link_hours``, and only the person's newest link
at a table works: issuing one stores a new nonce, which revokes the one before.

A watch token (:meth:`Links.watch`) lets its holder watch one table: the signature alone, of
``watch.<table>`` with the same key. The table post's Watch live link carries it in its fragment
(``#w=``), so knowing a table's id is not enough to watch it: one must have seen its post (or
hold a personal link). It does not expire (the post keeps showing it); a player's personal link
carries one too, so a page whose personal link lapsed goes on as a spectator's.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
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


NOT_WATCHING = say("This table's page opens from the Watch live button on its post in Discord.")
DIGITS = re.compile(r"[0-9]{1,20}")  # ASCII digits only (str.isdigit takes any script's)
SIGNATURE = re.compile(r"[A-Za-z0-9_-]{43}")  # URL-safe base64 of 32 bytes, no padding


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
            self._key = bytes.fromhex(await self._store.web.secret())
        return self._key

    async def load(self) -> None:
        """Read the key now (the web server does at start-up), so :meth:`watch` can sign."""
        await self._secret()

    def watch(self, table: int) -> str:
        """The watch token of ``table`` (see the module doc); the key must be loaded."""
        if self._key is None:
            raise RuntimeError("Links.load() must run before Links.watch()")
        return _signature(self._key, f"watch.{table}")

    async def may_watch(self, token: str | None, table: int) -> bool:
        """Whether ``token`` is ``table``'s watch token."""
        if not isinstance(token, str) or not SIGNATURE.fullmatch(token):
            return False
        await self.load()
        return hmac.compare_digest(self.watch(table), token)

    async def issue(self, table: int, user_id: int) -> str:
        """A new link token for ``user_id`` at ``table``; their previous one stops working."""
        key = await self._secret()
        nonce = secrets.token_urlsafe(12)
        expires = int(self._clock() + self._seconds)
        await self._store.web.put_link(table, user_id, nonce, float(expires))
        body = f"{table}.{user_id}.{expires}.{nonce}"
        return f"{body}.{_signature(key, body)}"

    async def check(self, token: str, table: int) -> int:
        """The user id ``token`` lets play at ``table``; :class:`LinkRefused` saying why not
        (forged or damaged, for another table, expired, replaced by a newer one)."""
        ok = isinstance(token, str) and len(token) < 200 and token.isascii()
        parts = token.split(".") if ok else []
        if (len(parts) != 5 or not all(DIGITS.fullmatch(p) for p in parts[:3])
                or not SIGNATURE.fullmatch(parts[4])):
            raise LinkRefused(FORGED)
        key = await self._secret()
        body = token.rpartition(".")[0]
        if not hmac.compare_digest(_signature(key, body), parts[4]):
            raise LinkRefused(FORGED)
        linked, user_id, expires, nonce = int(parts[0]), int(parts[1]), int(parts[2]), parts[3]
        if linked != table:
            raise LinkRefused(OTHER_TABLE)
        stored = await self._store.web.link(table, user_id)
        if stored is None or not hmac.compare_digest(stored[0], nonce):
            raise LinkRefused(REVOKED)
        if self._clock() >= expires:
            raise LinkRefused(EXPIRED)
        return user_id
