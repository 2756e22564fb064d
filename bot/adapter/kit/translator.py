"""Slash commands in the reader's language: discord.py's :class:`app_commands.Translator` fed by
the catalogs, so a French Discord client shows ``/jouer``, ``/règles``… with French descriptions
and choices (Discord sends the English names back in interactions: nothing else changes).

- Names (commands, groups, options) are looked up as ``"command name: play"`` /
  ``"option name: game"`` msgids (:data:`NAMES`): a translator writes the localised name alone
  ("jouer"). Discord's rule applies (lowercase, 1-32 letters, digits, ``-`` ``_`` ``'``, no
  spaces): a translation breaking it is left out (Discord shows the English name) and logged.
- Descriptions and choice names are looked up by their English text; one built with fields
  (``"Toy Rounds (2–6 players)"``) carries its :class:`~games.text.Text` in the
  ``locale_str``'s extras (:func:`text`) so it is translated from its template.
- Right-click commands (context menus) are named by their English name as the msgid ("Challenge
  to a game"): their names may hold spaces and capitals (:func:`menu_name`).
- English locales, and languages without a catalog, get no localisation (the default shows).
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from .i18n import DEFAULT, LANGUAGES, N_, Text, language_of, translate
from .limits import MAX_DESCRIPTION, MAX_NAME, clip

log = logging.getLogger("tablee.adapter.translator")

NAME_RULE = re.compile(r"^[-_'\w]{1,32}$")
NAMES: dict[str, str] = {
    # commands and groups
    "play": N_("command name: play"),
    "rules": N_("command name: rules"),
    "move": N_("command name: move"),
    "hand": N_("command name: hand"),
    "board": N_("command name: board"),
    "abandon": N_("command name: abandon"),
    "dms": N_("command name: dms"),
    "notifications": N_("command name: notifications"),
    "leave": N_("command name: leave"),
    "undo": N_("command name: undo"),
    "history": N_("command name: history"),
    "replay": N_("command name: replay"),
    "analysis": N_("command name: analysis"),
    "leaderboard": N_("command name: leaderboard"),
    "stats": N_("command name: stats"),
    "partner": N_("command name: partner"),
    "settings": N_("command name: settings"),
    "language": N_("command name: language"),
    "tables": N_("command name: tables"),
    "help": N_("command name: help"),
    "vacation": N_("command name: vacation"),
    "tournament": N_("command name: tournament"),
    "tournaments": N_("command name: tournaments"),
    "create": N_("command name: create"),
    "show": N_("command name: show"),
    "join": N_("command name: join"),
    "start": N_("command name: start"),
    "cancel": N_("command name: cancel"),
    "season": N_("command name: season"),
    "end": N_("command name: end"),
    "list": N_("command name: list"),
}
"""English command name -> msgid of its localised name."""
OPTIONS: dict[str, str] = {
    "game": N_("option name: game"),
    "move": N_("option name: move"),
    "enabled": N_("option name: enabled"),
    "user": N_("option name: user"),
    "message": N_("option name: message"),
    "language": N_("option name: language"),
    "where": N_("option name: where"),
    "table": N_("option name: table"),
    "text": N_("option name: text"),
    "zone": N_("option name: zone"),
    "quiet_from": N_("option name: quiet_from"),
    "quiet_to": N_("option name: quiet_to"),
    "days": N_("option name: days"),
    "format": N_("option name: format"),
    "rounds": N_("option name: rounds"),
    "seats": N_("option name: seats"),
    "speed": N_("option name: speed"),
    "start": N_("option name: start"),
    "rated": N_("option name: rated"),
    "fill": N_("option name: fill"),
    "options": N_("option name: options"),
    "tournament": N_("option name: tournament"),
    "role": N_("option name: role"),
    "weeks": N_("option name: weeks"),
    "season": N_("option name: season"),
}
"""English option name -> msgid of its localised name (the games' own options keep theirs)."""


def text(value: Any, limit: int = MAX_DESCRIPTION) -> app_commands.locale_str:
    """A description or choice name for Discord: the English text (clipped to ``limit``), with
    the Text it came from so the translator can say it in another language."""
    english = clip(str(value), limit)
    if isinstance(value, Text):
        return app_commands.locale_str(english, text=value, limit=limit)
    return app_commands.locale_str(english, limit=limit)


def localised_name(english: str, msgid: str, code: str) -> str | None:
    """The localised name, or None when there is none or it breaks Discord's naming rule."""
    name = translate(msgid, code)
    if name == msgid or name == english:
        return None
    if not NAME_RULE.match(name) or name != name.lower() or len(name) > MAX_NAME:
        log.warning("the %s name %r for /%s breaks Discord's naming rule", code, name, english)
        return None
    return name


def menu_name(english: str, code: str) -> str | None:
    """A right-click command's localised name: its English name is the msgid; spaces and
    capitals allowed, 1-32 characters (a longer one is left out, Discord showing the English)."""
    name = translate(english, code)
    if name == english:
        return None
    if not 0 < len(name) <= MAX_NAME:
        log.warning("the %s name %r of the menu %r is longer than Discord allows", code, name,
                    english)
        return None
    return name


class CatalogTranslator(app_commands.Translator):
    """Discord's localisations of the slash commands, from the catalogs."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        code = language_of(locale, default="")
        if code in ("", DEFAULT) or code not in LANGUAGES:
            return None
        where = context.location
        if where is Where.command_name and isinstance(context.data, app_commands.ContextMenu):
            return menu_name(string.message, code)
        if where in (Where.command_name, Where.group_name):
            msgid = NAMES.get(string.message)
            return localised_name(string.message, msgid, code) if msgid else None
        if where is Where.parameter_name:
            msgid = OPTIONS.get(string.message)
            return localised_name(string.message, msgid, code) if msgid else None
        said = translate(string.extras.get("text", string.message), code)
        if said == string.message:
            return None
        return clip(said, string.extras.get("limit", MAX_DESCRIPTION))
