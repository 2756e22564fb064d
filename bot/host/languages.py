"""Which language each reader gets: the host side of the languages contract (issue 15).

Public things (table posts and their images, lobby posts, results, replays) speak the SERVER's
language; private things (refusals, hands, menus, DMs) the USER's. The adapter tells the host
what it sees on each interaction, and asks it which language to use:

- :meth:`LanguageHost.remember_locale` (user id, ``interaction.locale``) on every interaction:
  stored when it changes, so DMs and private notes sent later (a move by someone else, the turn
  clock) reach the user in the language their Discord speaks.
- :meth:`LanguageHost.guild_language` (guild id, ``guild.preferred_locale``): the server's
  language (an admin's choice, else its preferred locale, else English); passing the locale
  also remembers it for when no interaction is at hand.
- :meth:`LanguageHost.set_guild_language` (guild id, "fr" / "en" / None) for ``/settings
  language``; None follows the server's locale again.

What the host returns then: a :class:`~bot.host.results.PublicPost` is written and drawn in the
table's server language and a :class:`~bot.host.results.PrivateNote` (menus included) in its
reader's language, each saying which in ``.language``; methods that answer one user privately
(:meth:`~bot.host.host.TableHost.private_note`, ``menu``, ``legal_moves``) and ``board`` take
``language=`` (the interaction's) and look it up when it is None. Everything else the host
returns is lazy: refusals carry ``exc.text`` and :class:`~bot.host.results.TableInfo`,
:class:`~bot.host.results.Seat`, :class:`~bot.host.results.Setting` and
:class:`~bot.host.results.ClockView` hold :class:`~games.text.Text` values (each equal to its
English), which ``i18n.translate(value, code)`` or a ``_()`` field puts in the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterable

import i18n

from ..storage import Store


class LanguageHost:
    """Mixed into :class:`bot.host.host.TableHost`."""

    _store: Store

    def _seen(self) -> dict[tuple[str, int], str | None]:
        """What this host object last stored per user / guild (to skip writing the same)."""
        return self.__dict__.setdefault("_locales_seen", {})

    async def remember_locale(self, user_id: int, locale: object) -> None:
        """The Discord locale of the user's interaction (``discord.Locale`` or its str)."""
        text = i18n.locale_text(locale)
        if not text or self._seen().get(("user", user_id)) == text:
            return
        await self._store.remember_locale(user_id, text)
        self._seen()[("user", user_id)] = text

    async def set_guild_language(self, guild_id: int, code: str | None) -> None:
        """``/settings language``: a language of :data:`i18n.LANGUAGES`, or None to follow the
        server's preferred locale. Anything else -> ValueError (the adapter offers choices)."""
        if code is not None and code not in i18n.LANGUAGES:
            raise ValueError(f"no language {code!r}")
        await self._store.set_guild_language(guild_id, code)

    async def guild_language(self, guild_id: int | None, preferred_locale: object = None) -> str:
        """The server's language code: the one set with ``/settings language``, else its
        preferred locale (given here, or the last one given), else English. No server (a DM)
        -> English."""
        return await self._guild_code(guild_id, preferred_locale)

    async def guild_language_setting(self, guild_id: int) -> str | None:
        """What ``/settings language`` chose (None: follow the server's locale)."""
        return (await self._store.guild_language(guild_id))[0]

    async def user_language(self, user_id: int | None, guild_id: int | None = None) -> str:
        """The language for something private to ``user_id`` when no interaction is at hand:
        their last Discord locale, else the server's language, else English."""
        if user_id:
            return (await self._user_codes([user_id], guild_id))[user_id]
        return await self._guild_code(guild_id)

    async def user_languages(self, user_ids: Iterable[int], guild_id: int | None) -> dict[int, str]:
        """:meth:`user_language` of several users at once (one query, one guild lookup)."""
        return await self._user_codes(user_ids, guild_id)

    # the host's own lookups (private, so that counting the adapter's calls stays exact)
    async def _guild_code(self, guild_id: int | None, preferred_locale: object = None) -> str:
        if guild_id is None:
            return i18n.DEFAULT
        locale = i18n.locale_text(preferred_locale)
        chosen, seen = await self._store.guild_language(guild_id)
        if locale and locale != seen and self._seen().get(("guild", guild_id)) != locale:
            await self._store.remember_guild_locale(guild_id, locale)
            self._seen()[("guild", guild_id)] = locale
        if chosen in i18n.LANGUAGES:
            return chosen
        return i18n.language_of(locale or seen)

    async def _user_codes(
        self, user_ids: Iterable[int], guild_id: int | None, server: str | None = None,
    ) -> dict[int, str]:
        """Each user's language; one without a stored locale gets the server's (``server`` when
        the caller already knows it: no second lookup)."""
        ids = [u for u in user_ids if u]
        found = await self._store.user_locales(ids) if ids else {}
        missing = len(found) < len(set(ids))
        fallback = (server or await self._guild_code(guild_id)) if missing else i18n.DEFAULT
        return {u: i18n.language_of(found[u]) if u in found else fallback for u in ids}
