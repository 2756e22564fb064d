"""``python -m bot migrate --from tablee.db --to postgresql://…``: a server's SQLite data moved into
PostgreSQL, and what was moved said.

Every Tablée table is copied (those of migrations added later too: the list comes from the
schema), with its ids, into an empty (or freshly created, e.g. by ``python -m bot check``)
PostgreSQL database, in one transaction: the target gets everything or nothing. The source file
is never written: the copy is read from a consistent snapshot of it (SQLite's backup), upgraded
to the current schema if it is older. Identity sequences continue past every id SQLite ever gave
(its ``sqlite_sequence``), so a new table never takes the number of an old game.

Stop the bot before migrating: moves made after the snapshot would stay behind in the file.
Every refusal is one sentence on stderr (exit 2 for a bad URL, 1 otherwise); the password of
the URL is never printed.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import asyncpg

from games.cli import counted

from ..storage import dialect
from ..storage.postgres import CannotOpen, connect, migrate
from ..storage.schema import MIGRATIONS, SCHEMA_VERSION, SchemaTooNew, _statements
from ..storage.url import shown, url_problem
from .environment import epilog, paragraphs

BATCH = 5000  # rows per COPY: memory stays small however big the file
LABELS = {  # table -> (one, many), as the summary names them
    "tables": ("active table", "active tables"),
    "move_log": ("move", "moves"),
    "games": ("past game", "past games"),
    "player_results": ("player result", "player results"),
    "ratings": ("rating", "ratings"),
    "rated_games": ("rated game", "rated games"),
    "clocks": ("turn clock", "turn clocks"),
    "dm_prefs": ("DM preference", "DM preferences"),
    "transient_posts": ("post to edit", "posts to edit"),
    "guild_languages": ("server language", "server languages"),
    "user_locales": ("user's language", "users' languages"),
    "guild_settings": ("server setting", "server settings"),
    "analyses": ("game analysis", "game analyses"),
    "web_secret": ("web link key", "web link keys"),
    "web_links": ("personal web link", "personal web links"),
}


class Refused(Exception):
    """A sentence for the person running the command; ``code`` is the exit code."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


@contextmanager
def snapshot(source: str) -> Iterator[sqlite3.Connection]:
    """A consistent copy of the Tablée file ``source`` at the current schema, in a temporary
    file; :class:`Refused` when it is missing, not SQLite, not Tablée's or too new."""
    path = Path(source)
    if not path.is_file():
        raise Refused(f"{source}: no such file.")
    with tempfile.TemporaryDirectory(prefix="tablee-migrate-") as tmp:
        copy = sqlite3.connect(Path(tmp) / "snapshot.db", isolation_level=None)
        try:
            try:
                original = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
                try:
                    original.backup(copy)
                finally:
                    original.close()
            except sqlite3.DatabaseError as exc:
                raise Refused(f"{source} is not a SQLite database ({exc}).") from None
            version = tablee_version(copy, source)
            for number in range(version, SCHEMA_VERSION):
                copy.execute("BEGIN")
                for statement in _statements(MIGRATIONS[number]):
                    copy.execute(statement)
                copy.execute(f"PRAGMA user_version = {number + 1}")
                copy.execute("COMMIT")
            yield copy
        finally:
            copy.close()


def tablee_version(conn: sqlite3.Connection, source: str) -> int:
    """The schema version of the Tablée database ``conn`` (the file ``source``); :class:`Refused`
    when it is not SQLite, not Tablée's, or written by a newer Tablée."""
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as exc:
        raise Refused(f"{source} is not a SQLite database ({exc}).") from None
    if version == 0 or "tables" not in names:
        raise Refused(f"{source} is not a Tablée database (it has none of its tables).")
    if version > SCHEMA_VERSION:
        raise Refused(f"{source} was written by a newer Tablée (schema {version}, this "
                      f"one knows {SCHEMA_VERSION}); upgrade the bot first.")
    return int(version)


def copy_order() -> list[dialect.TableShape]:
    """Every Tablée table, each after the tables its foreign keys point at."""
    shapes = dialect.shapes()
    done: list[dialect.TableShape] = []
    while len(done) < len(shapes):
        for shape in sorted(shapes.values(), key=lambda s: s.name):
            if shape not in done and all(shapes[p] in done for p in shape.parents):
                done.append(shape)
    return done


def _cast(kind: str) -> Any:
    """What COPY needs of a SQLite value of a column of declared type ``kind`` (SQLite stores
    what it is given; PostgreSQL's binary COPY takes exactly int, float or str)."""
    if "INT" in kind:
        return lambda v: v if v is None or isinstance(v, int) else int(v)
    if any(k in kind for k in ("REAL", "FLOA", "DOUB")):
        return lambda v: v if v is None else float(v)
    if "BLOB" in kind:
        return lambda v: v
    return lambda v: v if v is None or isinstance(v, str) else str(v)


async def _refuse_unless_empty(conn: asyncpg.Connection, target: str) -> None:
    """Refuse a target already holding Tablée data, or tables of the same names not ours."""
    names = {r[0] for r in await conn.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")}
    ours = [s.name for s in copy_order() if s.name in names]
    if ours and "tablee_schema" not in names:
        raise Refused(f"{shown(target)} already has a table named {ours[0]} that Tablée did not "
                      "create; migrate into an empty database.")
    held = {name: await conn.fetchval(f"SELECT COUNT(*) FROM {name}") for name in ours}
    if any(held.values()):
        raise Refused(f"{shown(target)} already holds Tablée data ({describe(held)}); migrate "
                      "only into an empty database.")


async def _copy(snap: sqlite3.Connection, conn: asyncpg.Connection) -> dict[str, int]:
    """Copy every table's rows and move identity sequences past SQLite's; rows per table."""
    moved: dict[str, int] = {}
    for shape in copy_order():
        casts = [_cast(kind) for kind in shape.types]
        cursor = snap.execute(f"SELECT {', '.join(shape.columns)} FROM {shape.name}")
        count = 0
        while rows := cursor.fetchmany(BATCH):
            records = [tuple(cast(v) for cast, v in zip(casts, row, strict=True)) for row in rows]
            await conn.copy_records_to_table(shape.name, records=records, columns=shape.columns)
            count += len(records)
        moved[shape.name] = count
        if shape.identity:
            (top,) = snap.execute(f"SELECT MAX({shape.identity}) FROM {shape.name}").fetchone()
            seq = snap.execute("SELECT seq FROM sqlite_sequence WHERE name = ?",
                               (shape.name,)).fetchone() if _has_sequence(snap) else None
            last = max(top or 0, seq[0] if seq else 0)
            await conn.execute("SELECT setval(pg_get_serial_sequence($1, $2), $3, $4)",
                               shape.name, shape.identity, max(last, 1), last > 0)
    return moved


def _has_sequence(snap: sqlite3.Connection) -> bool:
    return snap.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").fetchone() \
        is not None


async def run(source: str, target: str) -> dict[str, int]:
    """Migrate; rows moved per table. :class:`Refused` says why not (nothing written then)."""
    problem = url_problem(target)
    if problem:
        raise Refused(f"--to {problem}.", 2)
    with snapshot(source) as snap:
        try:
            conn = await connect(target, {})
        except CannotOpen as exc:
            raise Refused(_sentence(str(exc))) from None
        try:
            async with conn.transaction():
                await _refuse_unless_empty(conn, target)
                await migrate(conn)  # nested: a savepoint of this one transaction
                return await _copy(snap, conn)
        except SchemaTooNew as exc:
            raise Refused(f"{shown(target)}: {exc}; upgrade the bot first.") from None
        except (asyncpg.exceptions.PostgresError, OSError, TimeoutError) as exc:
            raise Refused(_sentence(f"PostgreSQL refused the copy into {shown(target)}, nothing "
                                    f"was moved: {exc}")) from None
        finally:
            await conn.close()


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else text + "."


def describe(counts: dict[str, int]) -> str:
    """"12 active tables, 3,402 moves, …" (the tables with rows, the main ones first)."""
    order = list(LABELS)
    parts = []
    for name in sorted(counts, key=lambda n: (order.index(n) if n in order else len(order), n)):
        one, many = LABELS.get(name, (f"row of {name}", f"rows of {name}"))
        if counts[name]:
            parts.append(counted(counts[name], one, many))
    return ", ".join(parts)


def summary(moved: dict[str, int], source: str, target: str) -> str:
    """"Moved 12 active tables, 3,402 moves, … from tablee.db to postgresql://host/db"."""
    what = describe(moved) or "nothing (the file holds no data yet; the tables exist)"
    return f"Moved {what} from {source} to {shown(target)}."


def main(args: argparse.Namespace) -> int:
    try:
        moved = asyncio.run(run(args.source, args.target))
    except Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    print(summary(moved, args.source, args.target))
    return 0


def add_parser(sub: Any) -> None:
    """This subcommand's parser, added to ``python -m bot``'s."""
    p_migrate = sub.add_parser(
        "migrate", help="copy a SQLite database into an empty PostgreSQL database, then exit",
        description=paragraphs(
            "Copy every table of a SQLite file (upgraded to the current schema if older; the "
            "file itself is only read) into an empty PostgreSQL database, in one transaction: "
            "all or nothing. Stop the bot first: moves made during the copy would stay behind. "
            "Then point the bot at PostgreSQL (database.url or DATABASE_URL). Takes no config: "
            "--from and --to say everything; the password is never printed."),
        epilog=epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p_migrate.add_argument("--from", dest="source", required=True, metavar="FILE",
                           help="the SQLite file (e.g. tablee.db); it is only read")
    p_migrate.add_argument("--to", dest="target", required=True, metavar="URL",
                           help="postgresql://user:password@host:5432/dbname (an empty database)")
    p_migrate.set_defaults(main=main)
