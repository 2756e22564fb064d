"""The SQLite SQL of the storage modules, translated mechanically for PostgreSQL (asyncpg), and
the one thing each engine spells its own way: a move in one statement.

There is one set of SQL: the migrations in :mod:`bot.storage.schema` and the store's queries
(:mod:`bot.storage.tables` and its neighbours) are written for SQLite, in the portable subset both engines share. What differs
is translated here, once per distinct statement (cached):

- placeholders ``?`` become ``$1, $2, …``; ``x IS ?`` / ``x IS NOT ?`` become
  ``IS [NOT] DISTINCT FROM`` (PostgreSQL's ``IS`` takes only NULL, TRUE or FALSE);
- ``INSERT OR IGNORE`` becomes ``ON CONFLICT DO NOTHING`` and ``INSERT OR REPLACE`` an upsert on
  the table's primary key (columns the insert leaves out go back to their default, as a
  replaced row would);
- an insert into a table whose key SQLite numbers itself (AUTOINCREMENT) gets ``RETURNING`` its
  key, so the cursor's ``lastrowid`` means the same on both;
- in migrations, column types: INTEGER -> BIGINT (Discord ids are 64-bit), REAL -> DOUBLE
  PRECISION, TEXT -> TEXT COLLATE "C" (SQLite compares text byte by byte: so ORDER BY and
  UNIQUE agree), BLOB -> BYTEA, ``INTEGER PRIMARY KEY AUTOINCREMENT`` -> an identity column.

What is not translated must be written portably (tests run every query on both engines): no
boolean arithmetic (``SUM(x = 'a')``: write ``SUM(CASE WHEN x = 'a' THEN 1 ELSE 0 END)``), a
parameter only compared with NULL needs a type (``CAST(? AS TEXT) IS NULL``), no SQLite-only
functions (``json_extract``, ``strftime``, ``ifnull``: ``COALESCE``, ``group_concat``, the
two-argument ``MAX(a, b)``: ``CASE``), no ``PRAGMA``, no ``REPLACE INTO`` (``INSERT OR
REPLACE`` is translated). ``LIKE`` ignores ASCII case on SQLite only: compare ``LOWER(…)``.
NULLs sort first on SQLite and last on PostgreSQL: do not ORDER BY a column that may be NULL
without saying where they go (``ORDER BY x IS NULL, x``). A parameter's Python type must match
its column (asyncpg refuses a float for an INTEGER column or a str for a number).

Where the schema matters (primary keys, identity columns, column types), it comes from SQLite
itself: the migrations are applied once to an in-memory SQLite database and read back with
``PRAGMA table_info``, so a migration appended later is understood without code here.

One more difference is a rewrite rather than a translation. A move (its version-checked
UPDATE, its log rows, its clock: a guarded write, :func:`bot.storage.database.is_guarded`) is one
statement on each engine, so one round trip or one trip to SQLite's thread, written from the same
statements: on PostgreSQL a ``WITH`` of data-modifying parts (:func:`guarded`), on SQLite rows
inserted into a TEMP view whose triggers run them (:func:`guarded_view`, :func:`guarded_rows`).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from .database import Insert, Statement
from .schema import MIGRATIONS
from .schema import _statements as statements


@dataclass(frozen=True)
class TableShape:
    """What the translation needs of one table: its columns, primary key, and whether SQLite
    numbers the key itself (AUTOINCREMENT: an identity column on PostgreSQL)."""

    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...]
    identity: str | None  # the AUTOINCREMENT column, if any
    types: tuple[str, ...] = ()  # each column's declared SQLite type (INTEGER, REAL, TEXT …)
    parents: tuple[str, ...] = ()  # the tables its foreign keys point at


@cache
def shapes(migrations: tuple[str, ...] = MIGRATIONS) -> dict[str, TableShape]:
    """Every table of the schema after ``migrations``, by name (SQLite's own reading of it)."""
    db = sqlite3.connect(":memory:")
    try:
        for script in migrations:
            for statement in statements(script):
                db.execute(statement)
        out = {}
        tables = db.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
        for name, sql in tables:
            info = db.execute(f"PRAGMA table_info({name})").fetchall()
            columns = tuple(row[1] for row in info)
            key = tuple(row[1] for row in sorted((r for r in info if r[5]), key=lambda r: r[5]))
            auto = "AUTOINCREMENT" in sql.upper() and len(key) == 1
            parents = tuple(sorted({row[2] for row in
                                    db.execute(f"PRAGMA foreign_key_list({name})")}))
            out[name] = TableShape(name, columns, key, key[0] if auto else None,
                                   tuple(row[2].upper() for row in info), parents)
        return out
    finally:
        db.close()


def _outside_strings(sql: str, change: re.Pattern[str], replace: object) -> str:
    """Apply ``change.sub(replace, …)`` to the parts of ``sql`` outside '…' literals."""
    parts = re.split(r"('(?:[^']|'')*')", sql)
    return "".join(p if i % 2 else change.sub(replace, p) for i, p in enumerate(parts))  # type: ignore[call-overload]


_IS_PARAM = re.compile(r"\bIS\s+(NOT\s+)?\?", re.IGNORECASE)
_INSERT_OR = re.compile(r"^\s*INSERT\s+OR\s+(REPLACE|IGNORE)\s+INTO\s+(\w+)\s*\(([^)]*)\)",
                        re.IGNORECASE)
_INSERT = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)\s*\(([^)]*)\)", re.IGNORECASE)


def _numbered(sql: str) -> str:
    """``?`` -> ``$1``, ``$2`` … in order (outside string literals)."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return _outside_strings(sql, re.compile(r"\?"), number)


def _upsert(sql: str, tables: dict[str, TableShape]) -> str:
    """INSERT OR IGNORE / OR REPLACE as PostgreSQL's ON CONFLICT."""
    found = _INSERT_OR.match(sql)
    if not found:
        return sql
    verb, table, listed = found.group(1).upper(), found.group(2), found.group(3)
    sql = "INSERT INTO" + sql[found.start(2) - 1:].rstrip().rstrip(";")
    if verb == "IGNORE":
        return sql + " ON CONFLICT DO NOTHING"
    return sql + _replacing(tables[table], [c.strip() for c in listed.split(",")])


def _replacing(shape: TableShape, given: list[str]) -> str:
    """What makes an insert of the ``given`` columns replace the row with its key: an upsert
    (the columns left out go back to their default, as a replaced row's would)."""
    sets = [f"{c} = EXCLUDED.{c}" if c in given else f"{c} = DEFAULT"
            for c in shape.columns if c not in shape.key]
    action = f"DO UPDATE SET {', '.join(sets)}" if sets else "DO NOTHING"
    return f" ON CONFLICT ({', '.join(shape.key)}) {action}"


def _returning(sql: str, tables: dict[str, TableShape]) -> str:
    """An insert that leaves an identity key to the database returns it (``lastrowid``)."""
    found = _INSERT.match(sql)
    if not found or re.search(r"\bRETURNING\b", sql, re.IGNORECASE):
        return sql
    shape = tables.get(found.group(1))
    if shape is None or shape.identity is None:
        return sql
    if shape.identity in [c.strip() for c in found.group(2).split(",")]:
        return sql
    return f"{sql.rstrip().rstrip(';')} RETURNING {shape.identity}"


@lru_cache(maxsize=4096)
def query(sql: str) -> str:
    """One SQLite statement (a query of the store) as PostgreSQL runs it."""
    tables = shapes()
    sql = _outside_strings(sql, _IS_PARAM,
                           lambda m: "IS DISTINCT FROM ?" if m.group(1) else
                           "IS NOT DISTINCT FROM ?")
    sql = _returning(_upsert(sql, tables), tables)
    return _numbered(sql)


_ARRAYS = {"INTEGER": "bigint", "REAL": "double precision", "TEXT": "text", "BLOB": "bytea"}
"""The PostgreSQL type of a column declared with each SQLite type (as :data:`_TYPES` makes it)."""


def guarded(guard: Statement, inserts: Sequence[Insert]) -> tuple[str, list[Any]]:
    """One PostgreSQL statement doing ``guard`` (an UPDATE or DELETE that changes one row or
    none: a version check) and ``inserts`` only if it changed its row, and answering how many
    rows it changed (0: a stale version, nothing written). A single statement is its own
    transaction, all or nothing, and one round trip: sent as BEGIN, UPDATE, INSERT, INSERT,
    COMMIT a move took five, each a wait for the server and a wake-up of the event loop.

    ``WITH moved AS (UPDATE … WHERE id = $10 AND version = $11 RETURNING 1), w0 AS (INSERT
    INTO move_log (…) SELECT … FROM moved, unnest($12::bigint[], …) AS m(…)), … SELECT
    count(*) FROM moved``: each insert's rows go as one array per column (its type the
    schema's), read only from the rows the guard changed."""
    args: list[Any] = list(guard.params)
    for insert in inserts:
        args += [list(column) for column in zip(*insert.rows, strict=True)] or [
            [] for _ in insert.columns]
    shape = tuple((i.table, tuple(i.columns), i.replace) for i in inserts)
    return _guarded_sql(guard.sql, len(guard.params), shape), args


@lru_cache(maxsize=256)
def _guarded_sql(guard: str, given: int, inserts: tuple[tuple[str, tuple[str, ...], bool], ...],
                 ) -> str:
    """The text of :func:`guarded` (the same for every move of one shape)."""
    tables = shapes()
    sql = f"WITH moved AS ({query(guard)} RETURNING 1)"
    for number, (table, columns, replace) in enumerate(inserts):
        shape = tables[table]
        kinds = [_ARRAYS[shape.types[shape.columns.index(c)]] for c in columns]
        marks = [f"${given + i + 1}::{kind}[]" for i, kind in enumerate(kinds)]
        given += len(columns)
        names = ", ".join(columns)
        upsert = _replacing(shape, list(columns)) if replace else ""
        sql += (f", w{number} AS (INSERT INTO {table} ({names}) SELECT {names}"
                f" FROM moved, unnest({', '.join(marks)}) AS m({names}){upsert})")
    return sql + " SELECT count(*) FROM moved"


STALE = "tablee: stale version"
"""What the SQLite form of a guarded write (:func:`guarded_view`) aborts with when its guard
changed no row."""


def _on_new(sql: str) -> str:
    """``?`` -> ``NEW.c0``, ``NEW.c1`` … in order (outside string literals): the statement in
    a trigger, its parameters the inserted row's columns."""
    count = -1

    def column(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"NEW.c{count}"

    return _outside_strings(sql, re.compile(r"\?"), column)


def guarded_width(guard: Statement, inserts: Sequence[Insert]) -> int:
    """How many value columns the view of :func:`guarded_view` has."""
    return max(len(guard.params), *(len(insert.columns) for insert in inserts))


def guarded_view(name: str, guard: Statement, inserts: Sequence[Insert]) -> str:
    """SQLite: the TEMP view ``name`` and its INSTEAD OF triggers that make a guarded write
    (as :func:`guarded`) one statement, :func:`guarded_rows` inserted into the view: row
    ``part`` 0 runs ``guard`` and aborts the whole statement (``RAISE(ABORT)``: nothing of it
    kept) unless it changed exactly one row, row ``part`` n the n-th insert's row. TEMP objects
    belong to the connection that made them: nothing of them is in the file. Each is made only
    if missing, so the script may run again after a failure."""
    width = guarded_width(guard, inserts)
    columns = ", ".join(f"c{i}" for i in range(width))
    nulls = ", ".join("NULL" for _ in range(width + 1))
    trigger = f"CREATE TEMP TRIGGER IF NOT EXISTS {name}_{{}} INSTEAD OF INSERT ON {name}"
    script = [f"CREATE TEMP VIEW IF NOT EXISTS {name} (part, {columns})"
              f" AS SELECT {nulls} WHERE 0",
              trigger.format(0) + f" WHEN NEW.part = 0 BEGIN {_on_new(guard.sql)};"
              f" SELECT RAISE(ABORT, '{STALE}') WHERE changes() <> 1; END"]
    for part, insert in enumerate(inserts, 1):
        script.append(trigger.format(part)
                      + f" WHEN NEW.part = {part} BEGIN {_on_new(insert.sql)}; END")
    return ";\n".join(script) + ";"


def guarded_rows(guard: Statement, inserts: Sequence[Insert]) -> tuple[int, list[Any]]:
    """(how many rows, their parameters, flat) of the write into :func:`guarded_view`."""
    width = guarded_width(guard, inserts)
    rows = [[0, *guard.params]] + [[part, *row] for part, insert in enumerate(inserts, 1)
                                    for row in insert.rows]
    return len(rows), [v for row in rows for v in (*row, *[None] * (width + 1 - len(row)))]


_TYPES = [
    (re.compile(r"\bINTEGER\s+PRIMARY\s+KEY\s+AUTOINCREMENT\b", re.IGNORECASE),
     "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b", re.IGNORECASE), "BIGINT"),
    (re.compile(r"\bREAL\b", re.IGNORECASE), "DOUBLE PRECISION"),
    (re.compile(r"\bTEXT\b", re.IGNORECASE), 'TEXT COLLATE "C"'),
    (re.compile(r"\bBLOB\b", re.IGNORECASE), "BYTEA"),
    (re.compile(r"\)\s*(WITHOUT\s+ROWID|STRICT)(\s*,\s*(WITHOUT\s+ROWID|STRICT))*\s*$",
                re.IGNORECASE), ")"),
]
_DDL = re.compile(r"^\s*(CREATE\s+TABLE|ALTER\s+TABLE)\b", re.IGNORECASE)


def migration(script: str) -> list[str]:
    """One migration of :data:`bot.storage.schema.MIGRATIONS` as PostgreSQL statements."""
    out = []
    for statement in statements(script):
        if _DDL.match(statement):
            for pattern, replacement in _TYPES:
                statement = _outside_strings(statement, pattern, replacement)
        out.append(query(statement) if "?" in statement or _INSERT_OR.match(statement)
                   else statement)
    return out
