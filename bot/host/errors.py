"""Errors of the table host. Each carries a sentence for the person who caused it.

The Discord adapter sends ``str(exc)`` privately (ephemeral) and changes nothing else.
"""

from __future__ import annotations


class HostError(Exception):
    """Base: a refusal with a player-facing message. ``code`` is stable for tests and logs."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoTable(HostError):
    code = "no_table"


class TableExists(HostError):
    """A second /play in a channel that has a table; the message names the running game."""

    code = "table_exists"


class NotSeated(HostError):
    code = "not_seated"


class AlreadySeated(HostError):
    code = "already_seated"


class TableFull(HostError):
    code = "table_full"


class NotHost(HostError):
    code = "not_host"


class WrongPhase(HostError):
    """E.g. joining a game in play, moving in a lobby."""

    code = "wrong_phase"


class NotYourTurn(HostError):
    code = "not_your_turn"


class StaleVersion(HostError):
    """A button or menu built for an older version of the table."""

    code = "stale"


class IllegalMoveError(HostError):
    """The rules refused the move; the message is the engine's reason (plus a hint)."""

    code = "illegal_move"


class BadTableOptions(HostError):
    code = "bad_options"


class UnknownGameError(HostError):
    code = "unknown_game"


class NoPartnerChannel(HostError):
    """/partner where no cooperative game is being played (MI-C3)."""

    code = "no_partner_channel"


class PartnerMessageRefused(HostError):
    """A partner message the rule or the size refuses (letters while apart, too long, empty)."""

    code = "partner_message_refused"
