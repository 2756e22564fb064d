"""SQLite storage of tables, moves, finished games and preferences (aiosqlite, one file)."""

from .store import Conflict, MoveEntry, Store, TableRow

__all__ = ["Conflict", "MoveEntry", "Store", "TableRow"]
