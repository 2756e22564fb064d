"""What the start of a person's turn does for them (their choices:
:class:`~bot.storage.rows.NotifyPrefs`, the moments: :mod:`bot.service.rules.notify`): a
mention in the table post, a DM (at once, or once they stayed idle at a live table), or the turn
held for their waiting-list DM, at the end of their quiet hours or at their digest hour.

Quiet hours: no mention and no DM; a person who would have been mentioned or DMed gets the turn
in their waiting-list DM when the quiet hours end (a mention cannot wait: one message late can
only be a DM). A digest: a slow table's DM waits for the digest hour (moved out of quiet hours),
or comes at the end of quiet hours when the mention it stands in for would have come then.

Away (a /vacation on the table's server): at a slow table, as in quiet hours, no mention and no
DM; the turn is held for their waiting-list DM, told as a turn beginning when they are back would
be (then, at the end of quiet hours they are back in, or at their digest hour), and never when
they want nothing. A live table is unaffected: whoever plays there is at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .notify import NotifyPrefs, dm_moment, mention_now, quiet_at, quiet_ends


@dataclass(frozen=True)
class TurnNotice:
    """``ping``: the post mentions them; ``dm_at``: their turn DM is due then (at a live table
    only while they stay idle; None: no DM); ``held_until``: the turn waits for their
    waiting-list DM until then (None: not held)."""

    ping: bool
    dm_at: float | None = None
    held_until: float | None = None


def turn_notice(prefs: NotifyPrefs, began: float, *, live: bool,
                away_until: float | None = None) -> TurnNotice:
    """What a turn beginning at ``began`` does for a person who chose ``prefs``
    (``away_until``: they are away until then, on vacation)."""
    if away_until is not None and not live:
        back = _back_due(prefs, away_until)
        return TurnNotice(False, None, back)
    ping = mention_now(prefs, began)
    dm = dm_moment(prefs, began, live=live)
    missed = prefs.mentions and quiet_at(prefs, began)  # a mention quiet hours hold back
    if dm is not None and not live and prefs.slow == "digest":
        held = quiet_ends(prefs, dm)
        return TurnNotice(ping, None, min(held, quiet_ends(prefs, began)) if missed else held)
    if quiet_at(prefs, began) and (missed or dm is not None):
        return TurnNotice(False, None, quiet_ends(prefs, began))
    return TurnNotice(ping, dm, None)


def notice_now(prefs: NotifyPrefs, now: float, *, ping: bool) -> TurnNotice:
    """A notice due ``now`` (a live table's DM once its person stayed idle, a half-time
    reminder): ``ping`` as the caller decided; the DM now, held to the end of their quiet
    hours, or none when they chose no DM."""
    if not prefs.dms:
        return TurnNotice(ping)
    if quiet_at(prefs, now):
        return TurnNotice(ping, None, quiet_ends(prefs, now))
    return TurnNotice(ping, now)


def _back_due(prefs: NotifyPrefs, back: float) -> float | None:
    """When a slow table's turn held while the person is away is told: as a turn beginning at
    ``back`` would be, in their waiting-list DM (None: they want nothing)."""
    then = turn_notice(prefs, back, live=False)
    if then.held_until is not None:
        return then.held_until
    return back if then.ping or then.dm_at is not None else None


def rescheduled_due(prefs: NotifyPrefs, now: float, *, slow: bool,
                    away_until: float | None = None) -> float | None:
    """When a held turn is told after the person changed their choices (or came back) at
    ``now``: never when they now want neither a mention nor a DM; when they are back when
    still away (``away_until``) from a slow table (``slow``: the turn is a slow table's); at
    their next digest hour when they gather slow tables; else once quiet hours allow."""
    if not (prefs.mentions or prefs.dms):
        return None
    if slow and away_until is not None and away_until > now:
        return _back_due(prefs, away_until)
    if slow and prefs.dms and prefs.slow == "digest":
        return quiet_ends(prefs, dm_moment(prefs, now, live=False) or now)
    return quiet_ends(prefs, now)
