"""Finished games stored in bulk through the store's own close path (history tests, unit and
end-to-end); no tests here."""

from __future__ import annotations

from bot.service import Services
from bot.storage import TableRow
from bot.storage.rows import Ending

GAMES = ("isis-osiris", "master-islands", "maitre-des-mers")
OTHER_GUILD = 8


async def store_finished(
    host: Services, count: int, guild_id: int, *, channel: int = 1000, players: tuple[int, int, int] = (1, 2, 3),
) -> list[dict]:
    """``count`` finished games through the store's own close path, cycling games, players and
    servers; what was stored, oldest first."""
    made = []
    for n in range(count):
        game_id = GAMES[n % 3]
        alice, bob, carol = players
        seated = [alice, bob] if n % 2 else [alice, carol]
        guild = OTHER_GUILD if n % 10 == 9 else guild_id
        seats = [{"seat": i + 1, "user_id": u, "name": f"P{u}", "bot_level": None}
                 for i, u in enumerate(seated)] + [
            {"seat": 3, "user_id": None, "name": "Computer 3", "bot_level": "easy"}]
        row = await host.store.tables.create_table(TableRow(
            channel_id=channel + n, guild_id=guild, game_id=game_id, options={}, status="playing",
            host_id=alice, seats=seats, seed=n, state={}, version=2))
        winner = 1 + n % 3
        result = {"finished": True, "scores": [n, 1, 2], "winners": [winner], "reason": ""}
        outcomes = [(s["seat"], s["user_id"], "win" if s["seat"] == winner else "loss", 0.0)
                    for s in seats]
        await host.store.tables.close_table(row, row.version, [], Ending(
            "finished", {"game": game_id, "players": 3, "moves": []}, result, outcomes))
        made.append({"id": row.id, "game": game_id, "players": seated, "guild": guild})
    # One abandoned game: never listed.
    row = await host.store.tables.create_table(TableRow(
        channel_id=channel - 1, guild_id=guild_id, game_id="isis-osiris", options={}, status="playing",
        host_id=alice, seats=[{"seat": 1, "user_id": alice, "name": "P1"}], seed=0, state={}))
    await host.store.tables.close_table(row, row.version, [], Ending("abandoned", {}, None, []))
    return made
