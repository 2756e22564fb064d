"""Which finished game a message shows, for the right-click **Replay** and **Analysis** on a
message (the same answer as ``/replay <n>`` and ``/analysis <n>`` of that game).

The rule, for a message of the bot's sent at ``sent_at`` in a conversation (a channel, a thread,
a DM, a group DM), among the games of this server (outside servers: of no server) only:

1. the game whose final table post it is (``games.post_message_id``);
2. else, the message is a thread's summary (a thread takes the id of the message it was made
   from: a table in a thread is keyed by its lobby post, later its summary): the game being
   played in that thread if there is one (not over yet), else the newest game of that thread
   (a rematch lobby open there leaves the summary on the last result);
3. else, the game of the conversation that started last before the message was sent: the table
   open here when it opened before (not over yet), else the newest stored game that started
   before. Every post of a game (its lobby post, its table posts, its final post) comes after
   its table opened and before the next one did. ``SLACK`` seconds allow for the bot's clock
   being a little ahead of Discord's.

None of these: the message is no game's. A game that ended without a result (abandoned) has no
replay. Outside servers a game is only found from a message of the conversation it was played
in, never another's: the message's own channel is the one searched.
"""

from __future__ import annotations

from games.text import N_, say

from ...storage.rows import PostedGames, TableRow
from .. import errors

SLACK = 2.0
"""Seconds a table may seem to have opened after its first post (the two clocks differ)."""
NOT_A_GAME = N_("That message is not a Tablée game: use it on a table post or a game's summary.")
NOT_OVER = N_("That game has not ended yet: its replay and analysis come once it is over, as "
              "they show every hidden card.")
ABANDONED = N_("That game was abandoned before its end: only a finished game has a replay and "
               "an analysis.")


class NotAGamePost(errors.HostError):
    """Replay or Analysis on a message that shows no stored game."""


def game_of(found: PostedGames, thread_table: TableRow | None, table_here: TableRow | None,
            sent_at: float) -> int:
    """The number of the finished game the message shows (see the module doc); ``found``: the
    stored games it may show, ``thread_table``: the open table of the thread it would be the
    summary of, ``table_here``: the conversation's open table."""
    if found.final is not None:
        picked = found.final
    elif thread_table is not None and (thread_table.status != "lobby"
                                       or found.summarised is None):
        raise errors.WrongPhase(say(NOT_OVER))
    elif found.summarised is not None:
        picked = found.summarised
    elif table_here is not None and table_here.created_at <= sent_at + SLACK:
        raise errors.WrongPhase(say(NOT_OVER))
    elif found.earlier is not None:
        picked = found.earlier
    else:
        raise NotAGamePost(say(NOT_A_GAME))
    number, status = picked
    if status != "finished":
        raise errors.WrongPhase(say(ABANDONED))
    return number
