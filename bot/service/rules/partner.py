"""A game's partner channel (:meth:`games.Game.partner_talk`): who may say what to whom, now.

The game decides the reach from its public view; the service checks the text; the adapter delivers
(a DM for "secret", a channel message otherwise). Nothing hidden is used, so a refusal or a
delivery reveals nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games import Game
from games.text import N_, say

from ...storage.rows import TableRow
from .. import errors
from .tables import names, seat_entry

MAX_LENGTH = 300
TalkRange = Literal["secret", "aloud", "gestures"]
NO_PARTNER = N_("There is no partner to talk to at this table right now.")
APART = N_("Your partner is out of earshot: only emoji reach them now. 🙂👍")
EMPTY = N_("Write something for your partner.")
TOO_LONG = N_("That message is too long for the partner channel: {max} characters at most.")


@dataclass(frozen=True)
class PartnerMessage:
    """What to deliver: ``reach`` says how (DM, aloud in the channel, emoji in the channel)."""

    reach: TalkRange
    seat: int
    name: str  # the sender's name at the table (a computer's: a Text)
    partner_seat: int
    partner_user_id: int | None  # None: a computer player (nobody to read a DM)
    partner_name: str
    text: str


def check_text(text: str, reach: TalkRange) -> str:
    """The text to deliver, or PartnerMessageRefused with the reason."""
    text = text.strip()
    if not text:
        raise errors.PartnerMessageRefused(EMPTY)
    if len(text) > MAX_LENGTH:
        raise errors.PartnerMessageRefused(say(TOO_LONG, max=MAX_LENGTH))
    if reach == "gestures" and any(ch.isalnum() for ch in text):
        raise errors.PartnerMessageRefused(APART)
    return text


def partner_message(game: Game, row: TableRow, seat: int, text: str) -> PartnerMessage:
    """Decide a seated player's message to their partner at a table in play."""
    assert row.state is not None
    talk = game.partner_talk(game.view(row.state, None), seat)
    if talk is None:
        raise errors.NoPartnerChannel(NO_PARTNER)
    partner = talk.partner
    other = seat_entry(row, partner)
    return PartnerMessage(
        reach=talk.reach,
        seat=seat,
        name=names(row)[seat],
        partner_seat=partner,
        partner_user_id=other["user_id"],
        partner_name=names(row)[partner],
        text=check_text(text, talk.reach),
    )
