"""Errors of the table service. Each carries a sentence for the person who caused it.

``exc.text`` is that sentence as a :class:`~games.text.Text` (or a catalog msgid): the Discord
adapter sends ``i18n.translate(exc.text, code)`` privately (ephemeral) in the user's language
and changes nothing else. ``exc.message`` / ``str(exc)`` is the English, for logs.
"""

from __future__ import annotations

from games.records import sentence
from games.text import N_

from ..storage.errors import BUSY as BUSY
from ..storage.errors import DISK_FULL as DISK_FULL
from ..storage.errors import Busy as Busy
from ..storage.errors import DiskFull as DiskFull
from ..storage.errors import Unavailable as Unavailable
from ..storage.errors import Uncertain as Uncertain

STALE = N_("That menu is out of date — press **My hand / Play** again.")
"""The one sentence for a menu or button built for an older version of the table."""
LOBBY_CHANGED = N_(
    "The lobby changed since this panel was drawn, so nothing was changed: here are the "
    "settings as they are now."
)


def said(exc: BaseException) -> str:
    """The sentence an engine's exception carries (BadOptions, UnknownGame, BadRecord …): its
    Text when the engine said one (translatable), else its str."""
    return sentence(exc)


# Busy / DiskFull (from the storage) are not HostErrors: the database, not the player, is at
# fault. They carry a sentence all the same; the adapter answers them like a refusal.

MOVE_MAYBE_SAVED = N_(
    "The bot lost its database's answer just as it was saving your move, so your move may "
    "have been played. The table's post will show it once the database answers again: look "
    "there before you play again.")


class MoveMaybeSaved(Uncertain):
    """A person's move was sent to the database, whose answer was lost (:class:`Uncertain`),
    and whether it was stored cannot be read now: never "nothing changed". The table is left
    behind, so its post shows the move once the database answers, if it was stored."""

    sentence = MOVE_MAYBE_SAVED


class HostError(Exception):
    """Base: a refusal with a player-facing message; subclasses say which refusal it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = str(message)
        self.text = message  # a Text (say) or a catalog msgid: translate it for the reader


class NoTable(HostError):
    pass


class TableExists(HostError):
    """A second /play in a channel that has a table; the message names the running game."""


class NotSeated(HostError):
    pass


class AlreadySeated(HostError):
    pass


class TableFull(HostError):
    pass


class NotOwner(HostError):
    """Only the lobby's owner (its "host" to players) may do that."""


class WrongPhase(HostError):
    """E.g. joining a game in play, moving in a lobby."""


class NotYourTurn(HostError):
    pass


class StaleVersion(HostError):
    """A button or menu built for an older version of the table."""


class UndoRefused(HostError):
    """Undo refused: nothing of the user's to take back, or a roll, a reveal or the end of the
    turn came after it (the message says which)."""


class IllegalMoveError(HostError):
    """The rules refused the move; the message is the engine's reason (plus a hint)."""


class BadTableOptions(HostError):
    pass


class UnknownGameError(HostError):
    pass


class NoPartnerChannel(HostError):
    """/partner where the game offers no partner channel now."""


class PartnerMessageRefused(HostError):
    """A partner message the rule or the size refuses (letters while apart, too long, empty)."""

