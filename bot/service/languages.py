"""Which language each reader gets: the service side of the languages contract (issue 15).

Public things (table posts and their images, lobby posts, results, replays) speak the SERVER's
language; private things (refusals, hands, menus, DMs) the USER's. The adapter tells the service
what it sees on each interaction, and asks it which language to use:

- :meth:`Languages.remember_locale` (user id, ``interaction.locale``) on every interaction:
  stored when it changes, so DMs and private notes sent later (a move by someone else, the turn
  clock) reach the user in the language their Discord speaks.
- :meth:`Languages.guild_language` (guild id, ``guild.preferred_locale``): the server's
  language (an admin's choice, else its preferred locale, else English); passing the locale
  also remembers it for when no interaction is at hand.
- :meth:`Languages.set_guild_language` (guild id, "fr" / "en" / None) for ``/settings
  language``; None follows the server's locale again.

What the service returns then: a :class:`~bot.service.results.PublicPost` is written and drawn in the
table's server language and a :class:`~bot.service.results.PrivateNote` (menus included) in its
reader's language, each saying which in ``.language``; methods that answer one user privately
(:meth:`~bot.service.reading.TableViews.private_note`, ``menu``, ``legal_moves``) and ``board`` take
``language=`` (the interaction's) and look it up when it is None. Everything else the service
returns is lazy: refusals carry ``exc.text`` and :class:`~bot.service.results.TableInfo`,
:class:`~bot.service.results.Seat`, :class:`~bot.service.results.Setting` and
:class:`~bot.service.results.ClockView` hold :class:`~games.text.Text` values (each equal to its
English), which ``i18n.translate(value, code)`` or a ``_()`` field puts in the reader's language.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

import i18n

from ..storage import TableRow
from .context import Context

LOCALE_SECONDS = 30.0
"""How long a user's locale, as this process last read or wrote it, is used without asking the
store again. Only another process can change it meanwhile (the same person acting in a server
another shard serves): their notes from here follow within this time. Every value this process
writes is used at once. A server's language is never kept: it is read with the table row."""
LOCALES_KEPT = 8192
"""Users whose locale is kept at most (past that, the expired ones go, or all of them)."""


class Languages:
    """The guild and user languages: stored ones, with users' locales kept a while in memory."""

    def __init__(self, ctx: Context, *, monotonic: Callable[[], float] = time.monotonic) -> None:
        self._store = ctx.store
        self.monotonic = monotonic  # when locales were learnt (tests make the time pass)
        self._seen: dict[tuple[str, int], str | None] = {}  # last stored per user / guild
        self._kept: dict[int, tuple[str | None, float]] = {}  # user -> (locale or None, when)

    async def remember_locale(self, user_id: int, locale: object) -> None:
        """The Discord locale of the user's interaction (``discord.Locale`` or its str)."""
        text = i18n.locale_text(locale)
        if not text or self._seen.get(("user", user_id)) == text:
            return
        await self._store.languages.remember_locale(user_id, text)
        self._seen[("user", user_id)] = text
        self._kept[user_id] = (text, self.monotonic())

    async def set_guild_language(self, guild_id: int, code: str | None) -> None:
        """``/settings language``: a language of :data:`i18n.LANGUAGES`, or None to follow the
        server's preferred locale. Anything else -> ValueError (the adapter offers choices)."""
        if code is not None and code not in i18n.LANGUAGES:
            raise ValueError(f"no language {code!r}")
        await self._store.languages.set_guild_language(guild_id, code)

    async def guild_language(self, guild_id: int | None, preferred_locale: object = None) -> str:
        """The server's language code: the one set with ``/settings language``, else its
        preferred locale (given here, or the last one given), else English. No server (a DM)
        -> English."""
        return await self.guild_code(guild_id, preferred_locale)

    async def guild_language_setting(self, guild_id: int) -> str | None:
        """What ``/settings language`` chose (None: follow the server's locale)."""
        return (await self._store.languages.guild_language(guild_id))[0]

    async def user_language(self, user_id: int | None, guild_id: int | None = None) -> str:
        """The language for something private to ``user_id`` when no interaction is at hand:
        their last Discord locale, else the server's language, else English."""
        if user_id:
            return (await self.user_codes([user_id], guild_id))[user_id]
        return await self.guild_code(guild_id)

    async def user_languages(self, user_ids: Iterable[int], guild_id: int | None) -> dict[int, str]:
        """:meth:`user_language` of several users at once (one query, one guild lookup)."""
        return await self.user_codes(user_ids, guild_id)

    # the service's own lookups, under other names than the adapter's (whose calls tests count)
    async def server_code(self, row: TableRow) -> str:
        """The language of ``row``'s server: from what was read with the row when it was
        (``get_table(beside=True)``), else looked up. Outside a server (a DM, a group DM: no
        server to ask), the language of the person who opened the table."""
        if row.guild_id is None:
            return (await self.user_codes([row.host_id], None))[row.host_id]
        if row.server_language is None:
            return await self.guild_code(row.guild_id)
        chosen, seen = row.server_language
        return chosen if chosen in i18n.LANGUAGES else i18n.language_of(seen)

    async def guild_code(self, guild_id: int | None, preferred_locale: object = None) -> str:
        if guild_id is None:
            return i18n.DEFAULT
        locale = i18n.locale_text(preferred_locale)
        chosen, seen = await self._store.languages.guild_language(guild_id)
        if locale and locale != seen and self._seen.get(("guild", guild_id)) != locale:
            await self._store.languages.remember_guild_locale(guild_id, locale)
            self._seen[("guild", guild_id)] = locale
        if chosen in i18n.LANGUAGES:
            return chosen
        return i18n.language_of(locale or seen)

    async def user_codes(
        self, user_ids: Iterable[int], guild_id: int | None, server: str | None = None,
    ) -> dict[int, str]:
        """Each user's language; one without a stored locale gets the server's (``server`` when
        the caller already knows it: no second lookup)."""
        ids = [u for u in user_ids if u]
        found = await self._stored_locales(ids)
        missing = len(found) < len(set(ids))
        fallback = (server or await self.guild_code(guild_id)) if missing else i18n.DEFAULT
        return {u: i18n.language_of(found[u]) if u in found else fallback for u in ids}

    async def _stored_locales(self, ids: list[int]) -> dict[int, str]:
        """user id -> stored locale of those who have one: known ones younger than
        :data:`LOCALE_SECONDS` as they are, the others in one query (remembered then)."""
        kept, now = self._kept, self.monotonic()
        found: dict[int, str] = {}
        ask = []
        for user in set(ids):
            hit = kept.get(user)
            if hit is None or now - hit[1] >= LOCALE_SECONDS:
                ask.append(user)
            elif hit[0] is not None:
                found[user] = hit[0]
        if ask:
            read = await self._store.languages.user_locales(ask)
            if len(kept) + len(ask) > LOCALES_KEPT:
                for user in [u for u, (_, at) in kept.items() if now - at >= LOCALE_SECONDS]:
                    del kept[user]
                if len(kept) + len(ask) > LOCALES_KEPT:
                    kept.clear()
            kept.update((user, (read.get(user), now)) for user in ask)
            found.update(read)
        return found
