"""The application's emojis (seat marks, dice faces, card colours), or Unicode in their place.

``python -m bot emojis`` uploads the pictures once (:mod:`render.emojis` draws them, named
``tablee_seat1``, ``tablee_die3``, ``tablee_card_blue``…). At start-up the bot lists the
application's emojis once (:func:`load_emojis`: one request); what it finds is an
:class:`Emojis`, which gives each thing as text (``<:tablee_seat1:123>`` in a message, or a
coloured circle, square or die sign when it is not uploaded) and as a
:class:`discord.PartialEmoji` for a select option or a button.

The bot keeps it as its ``app_emojis`` (:func:`emojis_of` reads it, Unicode for a bot that has
none).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from render.emojis import CARD_COLOUR_LETTERS, card_name, die_name, names, seat_name

log = logging.getLogger("tablee.adapter.emojis")
T = TypeVar("T")

SEAT_SIGNS = {1: "🟠", 2: "🔵", 3: "🟣", 4: "⚪", 5: "🟡", 6: "🟢"}
"""Each seat's colour as a Unicode circle (orange, sky, purple, white, yellow, bluish green)."""
DIE_SIGNS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
"""Die faces in text. They are symbols, not emojis: a select or a button cannot show them."""
CARD_SIGNS = {"blue": "🟦", "green": "🟩", "red": "🟥", "yellow": "🟨"}
"""Each card colour as a Unicode square."""
LETTER_COLOURS = {letter: colour for colour, letter in CARD_COLOUR_LETTERS.items()}
CDN = "https://cdn.discordapp.com"  # where Discord serves an emoji's picture


@dataclass(frozen=True)
class Emojis:
    """The uploaded emojis, name -> id (empty: every one is shown in Unicode)."""

    uploaded: Mapping[str, int] = field(default_factory=dict)

    def seat(self, n: int) -> str:
        """Seat ``n``'s mark for a message: its emoji, else its colour's circle ("" past 6)."""
        return self._text(seat_name(n), SEAT_SIGNS.get(n, ""))

    def die(self, n: int) -> str:
        """The die face ``n`` (1-6) for a message: its emoji, else ⚀-⚅ ("" for another n)."""
        return self._text(die_name(n), DIE_SIGNS.get(n, ""))

    def card(self, colour: str) -> str:
        """A card colour (``blue`` or its letter ``B``) for a message: its emoji, else the
        colour's square ("" for an unknown colour)."""
        colour = LETTER_COLOURS.get(colour, colour)
        return self._text(card_name(colour), CARD_SIGNS.get(colour, ""))

    def seat_picture(self, n: int) -> str | None:
        """The URL of seat ``n``'s uploaded picture (a table post's seat thumbnail); None when
        it is not uploaded."""
        emoji_id = self.uploaded.get(seat_name(n))
        return f"{CDN}/emojis/{emoji_id}.png" if emoji_id else None

    def seat_emoji(self, n: int) -> discord.PartialEmoji | None:
        """Seat ``n``'s mark for a select option or a button (None past 6)."""
        return self._emoji(seat_name(n), SEAT_SIGNS.get(n))

    def die_emoji(self, n: int) -> discord.PartialEmoji | None:
        """The die face ``n`` for a select option or a button: None when not uploaded (⚀-⚅
        are not emojis Discord shows there; the label says the number)."""
        return self._emoji(die_name(n), None)

    def card_emoji(self, colour: str) -> discord.PartialEmoji | None:
        """A card colour (``blue`` or ``B``) for a select option or a button."""
        colour = LETTER_COLOURS.get(colour, colour)
        return self._emoji(card_name(colour), CARD_SIGNS.get(colour))

    def icon(self, hint: str) -> discord.PartialEmoji | None:
        """The emoji for a menu step's icon (:class:`games.base.MenuStep`: ``seat:2``,
        ``die:3``, ``card:blue``) on a select option or a button; None for none or one this
        bot does not know."""
        return _by_kind(hint, {"card": self.card_emoji, "seat": self.seat_emoji,
                               "die": self.die_emoji})

    def mark(self, hint: str) -> str:
        """A menu step's icon in a message's text ("" for none)."""
        return _by_kind(hint, {"card": self.card, "seat": self.seat, "die": self.die}) or ""

    def _text(self, name: str, sign: str) -> str:
        emoji_id = self.uploaded.get(name)
        return f"<:{name}:{emoji_id}>" if emoji_id else sign

    def _emoji(self, name: str, sign: str | None) -> discord.PartialEmoji | None:
        emoji_id = self.uploaded.get(name)
        if emoji_id:
            return discord.PartialEmoji(name=name, id=emoji_id)
        return discord.PartialEmoji(name=sign) if sign else None


def _by_kind(hint: str, by: Mapping[str, Callable[[Any], T]]) -> T | None:
    """What ``by`` gives for the hint's kind, from its value (None: no hint, or one of a kind
    not in ``by``)."""
    kind, what = _hint(hint)
    return by[kind](what) if kind in by else None


def _hint(hint: str) -> tuple[str, str | int]:
    """``"seat:2"`` -> ("seat", 2), ``"card:blue"`` -> ("card", "blue"); ("", "") for none or
    a malformed one."""
    kind, _sep, what = hint.partition(":")
    if kind == "card" and what:
        return kind, what
    if kind in ("seat", "die") and what.isdigit():
        return kind, int(what)
    return "", ""


UNICODE = Emojis()
"""No emoji uploaded: Unicode everywhere."""


async def load_emojis(client: discord.Client) -> Emojis:
    """The application's emojis among Tablée's, listed once (the client is logged in: its
    application id is known, as in ``setup_hook``). A failure, or none uploaded, gives
    :data:`UNICODE`, said once in the log; the bot runs either way."""
    try:
        found = await client.fetch_application_emojis()
    except (discord.HTTPException, discord.MissingApplicationID, OSError, TimeoutError) as exc:
        log.warning("cannot list the application's emojis (%s): Unicode signs are shown in "
                    "their place", exc)
        return UNICODE
    wanted = set(names())
    ours = {e.name: e.id for e in found if e.name in wanted}
    if not ours:
        log.info("no application emoji uploaded (python -m bot emojis uploads them): Unicode "
                 "signs are shown in their place")
    elif len(ours) < len(wanted):
        log.info("%d of %d application emojis uploaded (python -m bot emojis uploads the "
                 "others): Unicode signs are shown for the rest", len(ours), len(wanted))
    return Emojis(ours)


def emojis_of(client: discord.Client) -> Emojis:
    """The emojis the bot loaded at start-up (its ``app_emojis``); :data:`UNICODE` for a
    client without them (one started without :func:`load_emojis`)."""
    loaded = getattr(client, "app_emojis", None)
    return loaded if isinstance(loaded, Emojis) else UNICODE
