"""The table host: lobby -> playing -> finished, seats, turns, storage, rendering.

Knows nothing of discord.py. Every method takes plain ids (Discord snowflakes as ints) and returns
plain results (:mod:`bot.host.results`) or raises a :class:`bot.host.errors.HostError` whose
message is for the person who caused it.

SIGNATURES ARE THE CONTRACT WITH THE DISCORD ADAPTER: keep them; bodies to be implemented.
"""

from __future__ import annotations

from typing import Any

from .results import MenuEntry, Outcome, PrivateNote, PublicPost, TableInfo


class TableHost:
    @classmethod
    async def open(cls, db_path: str, *, bot_delay: float = 0.0) -> TableHost:
        """Open (and migrate) the database; reload active tables. ``bot_delay``: seconds to wait
        between computer moves (0 in tests)."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    # -- lobby --------------------------------------------------------------------------------
    async def create_lobby(
        self,
        channel_id: int,
        guild_id: int | None,
        game_id: str,
        options: dict[str, Any],
        host_user_id: int,
        host_name: str,
    ) -> TableInfo:
        """Open a lobby; the host takes seat 1. TableExists names the running game;
        UnknownGameError lists games; BadTableOptions names the option."""
        raise NotImplementedError

    async def join(self, channel_id: int, user_id: int, name: str) -> TableInfo:
        raise NotImplementedError

    async def leave(self, channel_id: int, user_id: int) -> TableInfo:
        """Leave a lobby. The host leaving an otherwise empty lobby cancels it (status
        'abandoned'); otherwise the next human becomes host."""
        raise NotImplementedError

    async def add_computer(self, channel_id: int, by_user: int, level: str = "greedy") -> TableInfo:
        raise NotImplementedError

    async def remove_computer(self, channel_id: int, by_user: int) -> TableInfo:
        """Remove the last computer seat (host only)."""
        raise NotImplementedError

    async def cancel(self, channel_id: int, by_user: int, *, is_admin: bool = False) -> TableInfo:
        """Cancel a lobby (host or admin)."""
        raise NotImplementedError

    async def start(self, channel_id: int, by_user: int) -> Outcome:
        """Host only; checks player count and options; computer players move until a human
        is to move. The Outcome's post is the first table post; notes go to every human seat."""
        raise NotImplementedError

    # -- play -----------------------------------------------------------------------------------
    async def play(
        self, channel_id: int, user_id: int, move: str, *, version: int | None = None
    ) -> Outcome:
        """Play ``move`` (any accepted spelling) for the user's seat. ``version`` comes from the
        button/menu that produced the move; a different current version -> StaleVersion. Then
        computer players move until a human is to move or the game ends (then finished: record
        and results stored, channel free)."""
        raise NotImplementedError

    async def abandon(self, channel_id: int, user_id: int, *, is_admin: bool = False) -> TableInfo:
        """Host or admin (Manage Channels) ends a lobby or a game without result."""
        raise NotImplementedError

    # -- reading --------------------------------------------------------------------------------
    async def table(self, channel_id: int) -> TableInfo | None:
        """The active table (lobby or playing) in this channel, or None."""
        raise NotImplementedError

    async def require_table(self, channel_id: int) -> TableInfo:
        """Like table() but NoTable with a sentence ("No game here. Start one with /play.")."""
        raise NotImplementedError

    async def board(self, channel_id: int) -> PublicPost:
        """A fresh public post for the current state (Board button, /board). No log lines."""
        raise NotImplementedError

    async def private_note(self, channel_id: int, user_id: int) -> PrivateNote:
        """The user's hand (and menu if it is their turn). NotSeated for spectators."""
        raise NotImplementedError

    async def spectator_note(self, channel_id: int) -> PublicPost:
        """What a non-seated person gets from My hand: the public view."""
        raise NotImplementedError

    async def menu(self, channel_id: int, user_id: int) -> tuple[int, list[MenuEntry]]:
        """(version, legal moves with menu steps) for the user; empty when not their turn."""
        raise NotImplementedError

    async def legal_moves(self, channel_id: int, user_id: int) -> list[MenuEntry]:
        """For /move autocomplete: the caller's legal moves (empty for someone not to move)."""
        raise NotImplementedError

    async def set_post(self, channel_id: int, message_id: int, version: int) -> None:
        """Remember which message is the current table post (to strip its buttons later)."""
        raise NotImplementedError

    async def stats(self, guild_id: int | None, user_id: int | None = None) -> dict[str, Any]:
        """Finished games in this guild: {"games": n, "per_game": {game_id: {"played": n,
        "wins": n}}} for the user, or totals for the guild when user_id is None."""
        raise NotImplementedError

    # -- user preferences -------------------------------------------------------------------------
    async def dm_enabled(self, user_id: int, default: bool) -> bool:
        raise NotImplementedError

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        raise NotImplementedError
