"""The partner channel of cooperative Master Islands (MI-C3): who may say what to whom, now.

The host only decides; the adapter delivers (a DM for "secret", a channel message otherwise).
Everything is decided from the public view, so a refusal or a delivery reveals nothing hidden.
"""

from __future__ import annotations

from dataclasses import dataclass

from games import Game
from games.master_islands.coop import TalkRange, partner_seat, talk_range

from ..storage import TableRow
from . import errors
from .tables import seat_entry

MAX_LENGTH = 300
NOT_COOP = "The partner channel is open only during a cooperative Master Islands game (mode coop)."
APART = "Your galleons are apart: only emoji can cross the sea. 🙂👍"
EMPTY = "Write something for your partner."
TOO_LONG = "That message is too long for the partner channel: {max} characters at most."


@dataclass(frozen=True)
class PartnerMessage:
    """What to deliver: ``mode`` says how (DM, aloud in the channel, emoji in the channel)."""

    mode: TalkRange
    seat: int
    name: str  # the sender's name at the table
    partner_seat: int
    partner_user_id: int | None  # None: a computer player (nobody to read a DM)
    partner_name: str
    text: str


def check_text(text: str, mode: TalkRange) -> str:
    """The text to deliver, or PartnerMessageRefused with the reason."""
    text = text.strip()
    if not text:
        raise errors.PartnerMessageRefused(EMPTY)
    if len(text) > MAX_LENGTH:
        raise errors.PartnerMessageRefused(TOO_LONG.format(max=MAX_LENGTH))
    if mode == "gestures" and any(ch.isalnum() for ch in text):
        raise errors.PartnerMessageRefused(APART)
    return text


def partner_message(game: Game, row: TableRow, seat: int, text: str) -> PartnerMessage:
    """Decide a seated player's message to their partner at a table in play."""
    assert row.state is not None
    view = game.view(row.state, None)
    mode = talk_range(view, seat) if game.id == "master-islands" else None
    partner = partner_seat(view, seat) if mode is not None else None
    if mode is None or partner is None:
        raise errors.NoPartnerChannel(NOT_COOP)
    other = seat_entry(row, partner)
    return PartnerMessage(
        mode=mode,
        seat=seat,
        name=str(seat_entry(row, seat)["name"]),
        partner_seat=partner,
        partner_user_id=other["user_id"],
        partner_name=str(other["name"]),
        text=check_text(text, mode),
    )
