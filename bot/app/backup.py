"""``python -m bot backup [--out FILE]`` and ``python -m bot restore FILE``; the running bot's
regular backups into the data folder's ``backups/`` (``[backup] keep`` and ``every_hours``).

A backup of the SQLite file is SQLite's online backup (:meth:`sqlite3.Connection.backup`): one
consistent copy of the database as of one moment, taken while the bot runs and writes (in WAL
mode the bot's writes go on beside it), written beside the target and renamed into place, so a
backup file is always whole. On PostgreSQL, ``backup`` checks that the database is Tablée's and
prints the ``pg_dump`` line to use (PostgreSQL's own tool copies it best).

``restore`` puts a backup in place of the configured SQLite file. It refuses while a bot runs on
that file: a running bot holds a lease in the file's ``shard_leases`` table and renews it every
``discord.lease_seconds`` (:mod:`bot.app.lease`); a lease renewed within its expiry whose process
is not known to have ended (:func:`bot.app.lease.ended`: same host, pid gone) is a running bot.
(A lock attempt cannot tell: an idle bot holds no lock on its file.) The file it replaces is
first copied aside, whole (with what its write-ahead log held), as ``NAME.before-restore-STAMP``:
a restore never destroys data. Every answer is one sentence; a refusal exits 1 (2: bad config).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import re
import socket
import sqlite3
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import asyncpg

from ..config import Config, ConfigError, load_config
from ..storage.leases import COLUMNS, Holder, lease_of
from ..storage.postgres import CannotOpen, connect
from ..storage.schema import SCHEMA_VERSION
from ..storage.url import is_url, shown
from .environment import CONFIG, epilog, paragraphs
from .lease import RENEWALS, ended, when
from .migrate import Refused, tablee_version

log = logging.getLogger("tablee")

BACKUPS = "backups"
"""The folder, beside the database file, where the running bot keeps its regular backups."""
STAMP = "%Y%m%d-%H%M%S"
BUSY_TIMEOUT = 30.0  # seconds a backup waits for a lock (a checkpoint) before saying busy
RETRY = 3600.0  # seconds before a failed regular backup is tried again


def stamp(now: float) -> str:
    """"20261127-220500" (UTC): sorts as it reads."""
    return datetime.fromtimestamp(now, UTC).strftime(STAMP)


def size_text(size: int) -> str:
    """"840 bytes", "12.3 KB", "4.1 MB", "1.2 GB"."""
    if size < 1000:
        return f"{size} bytes"
    amount, unit = size / 1000, "KB"
    for bigger in ("MB", "GB"):
        if amount < 1000:
            break
        amount, unit = amount / 1000, bigger
    return f"{amount:.1f} {unit}"


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)


def copy_database(source: Path, out: Path) -> int:
    """A consistent copy of the Tablée file ``source`` (live or not) at ``out``, written as
    ``out.partial`` and renamed once whole; its schema version. :class:`Refused` when
    ``source`` is missing or not a Tablée database (nothing is left at ``out`` then)."""
    if not source.is_file():
        raise Refused(f"{source}: no such file, so nothing to back up (the bot creates it when "
                      "it first starts).")
    partial = out.with_name(out.name + ".partial")
    try:
        try:
            original = _read_only(source)
            try:
                version = _copy(original, partial, str(source))
            finally:
                original.close()
        except sqlite3.DatabaseError as exc:
            raise Refused(f"{source} could not be copied ({exc}).") from None
        except OSError as exc:
            raise Refused(f"{out} could not be written ({exc.strerror or exc}).") from None
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)
    return version


def _copy(source: sqlite3.Connection, out: Path, name: str) -> int:
    """SQLite's online backup of ``source`` into the file ``out``, made one self-contained file
    (no write-ahead log beside it); the copy's schema version (:class:`Refused`: not Tablée's)."""
    copy = sqlite3.connect(out)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode = DELETE")
        return tablee_version(copy, name)
    finally:
        copy.close()


def default_out(database: Path, now: float) -> Path:
    """tablee.db -> tablee-backup-20261127-220500.db, in the database's folder."""
    return database.with_name(f"{database.stem}-backup-{stamp(now)}{database.suffix or '.db'}")


def backup_file(database: Path, out: Path | None, now: float) -> str:
    """``python -m bot backup`` on a SQLite file: its sentence, or :class:`Refused`."""
    out = out or default_out(database, now)
    if out.exists() and out.resolve() == database.resolve():
        raise Refused(f"{out} is the database itself; choose another file with --out.")
    if out.exists():
        raise Refused(f"{out} already exists; choose another file with --out (a backup never "
                      "overwrites a file).")
    if not out.parent.is_dir():
        raise Refused(f"the folder {out.parent} does not exist.")
    version = copy_database(database, out)
    return (f"Backed up {database} to {out} ({size_text(out.stat().st_size)}, schema version "
            f"{version}).")


def pg_dump_line(url: str, out: str) -> str:
    """The command an owner runs to back up the PostgreSQL database ``url`` (never with its
    password: pg_dump asks for it, or reads PGPASSWORD or ~/.pgpass)."""
    return f"pg_dump --format=custom --file={out} '{shown(url)}'"


async def backup_postgres(url: str, out: str | None, now: float) -> str:
    """``python -m bot backup`` on PostgreSQL: that the database is Tablée's (its schema table),
    then the pg_dump line; :class:`Refused` otherwise."""
    try:
        conn = await connect(url, {})
    except CannotOpen as exc:
        raise Refused(str(exc)) from None
    try:
        version = await conn.fetchval("SELECT version FROM tablee_schema")
    except asyncpg.exceptions.UndefinedTableError:
        raise Refused(f"{shown(url)} is not a Tablée database (it has no tablee_schema table); "
                      "check database.url or DATABASE_URL.") from None
    except (asyncpg.exceptions.PostgresError, OSError) as exc:
        raise Refused(f"{shown(url)} could not be read ({exc}).") from None
    finally:
        await conn.close()
    if not version:
        raise Refused(f"{shown(url)} holds no Tablée data yet (its schema is empty).")
    return (f"{shown(url)} is a Tablée database (schema version {version}); back it up with "
            "PostgreSQL's own tool, which asks for the password (or reads PGPASSWORD):\n"
            f"{pg_dump_line(url, out or f'tablee-{stamp(now)}.dump')}")


def running_bot(conn: sqlite3.Connection, config: Config, now: float) -> str | None:
    """Why a bot runs on the file of ``conn`` ("a bot is running on … (host h, pid 12, started
    …); …"), from its live lease; None when none does."""
    try:
        rows = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM shard_leases").fetchall()
    except sqlite3.OperationalError:  # no lease table: an older file, or no bot ever ran on it
        return None
    me = Holder("restore", socket.gethostname(), os.getpid(), now)
    expiry = config.lease_seconds * RENEWALS
    for lease in map(lease_of, rows):
        if lease.alive(now, expiry) and not ended(lease.holder, me):
            holder = lease.holder
            return (f"a bot is running on {config.database_path} (host {holder.host}, pid "
                    f"{holder.pid}, started {when(holder.started_at)}); stop it first, then "
                    f"restore (if that process is gone, its claim lapses at "
                    f"{when(lease.renewed_at + expiry)})")
    return None


def restore_file(backup: Path, config: Config, now: float) -> str:
    """``python -m bot restore FILE`` on the configured SQLite file: its sentence, or
    :class:`Refused` (nothing changed then)."""
    target = Path(config.database_path)
    if not backup.is_file():
        raise Refused(f"{backup}: no such file.")
    if target.exists() and backup.resolve() == target.resolve():
        raise Refused(f"{backup} is the database itself (database.path); give a backup file.")
    if not target.parent.is_dir():
        raise Refused(f"the folder {target.parent} (of database.path) does not exist.")
    try:
        source = _read_only(backup)
    except sqlite3.DatabaseError as exc:
        raise Refused(f"{backup} is not a SQLite database ({exc}).") from None
    try:
        version = tablee_version(source, str(backup))
        if not target.exists():
            _restore_into(source, target)
            return (f"Restored {backup} (schema version {version}) to {target}, where there "
                    f"was no database before{_upgrade_note(version)}.")
        aside = target.with_name(f"{target.name}.before-restore-{stamp(now)}")
        try:
            current = sqlite3.connect(target, timeout=BUSY_TIMEOUT)
        except sqlite3.DatabaseError as exc:
            raise Refused(f"{target} could not be opened ({exc}).") from None
        try:
            try:
                running = running_bot(current, config, now)
            except sqlite3.DatabaseError as exc:
                raise Refused(f"{target} is not a SQLite database ({exc}); move it away "
                              "yourself, then restore.") from None
            if running:
                raise Refused(f"{running}.")
            if aside.exists():
                raise Refused(f"{aside} already exists; wait a second and try again.")
            try:
                _copy(current, aside, str(target))  # whole: with what its write-ahead log held
                source.backup(current)
            except sqlite3.DatabaseError as exc:
                raise Refused(f"{target} could not be replaced ({exc}); it is unchanged.") \
                    from None
        finally:
            current.close()
    finally:
        source.close()
    return (f"Restored {backup} (schema version {version}) to {target}; the database it "
            f"replaced is kept as {aside}{_upgrade_note(version)}.")


def _restore_into(source: sqlite3.Connection, target: Path) -> None:
    try:
        _copy(source, target, str(target))
    except sqlite3.DatabaseError as exc:
        target.unlink(missing_ok=True)
        raise Refused(f"{target} could not be written ({exc}).") from None


def _upgrade_note(version: int) -> str:
    if version < SCHEMA_VERSION:
        return f" (the bot upgrades it to schema version {SCHEMA_VERSION} when it starts)"
    return ""


# --- the running bot's regular backups ----------------------------------------------------------

_REGULAR = re.compile(r"-(\d{8}-\d{6})\.db$")


def regular_backups(folder: Path, database: Path) -> list[Path]:
    """The regular backups of ``database`` in ``folder``, oldest first (the file names sort by
    time: NAME-20261127-220500.db). Other files there are never touched."""
    if not folder.is_dir():
        return []
    prefix = f"{database.stem}-"
    return sorted(p for p in folder.iterdir() if p.name.startswith(prefix)
                  and _REGULAR.fullmatch(p.name[len(prefix) - 1:]))


def regular_backup(database: Path, keep: int, now: float) -> tuple[Path, int]:
    """One regular backup into the data folder's ``backups/``, then the oldest removed past the
    newest ``keep``; (the new file, its schema version)."""
    folder = database.parent / BACKUPS
    folder.mkdir(exist_ok=True)
    out = folder / f"{database.stem}-{stamp(now)}.db"
    version = copy_database(database, out)
    for old in regular_backups(folder, database)[:-keep]:
        old.unlink(missing_ok=True)
    return out, version


def next_due(database: Path, every: float, now: float) -> float:
    """Seconds until the next regular backup is due: ``every`` after the newest one (by the
    time in its name), at once when there is none."""
    found = regular_backups(database.parent / BACKUPS, database)
    if not found:
        return 0.0
    made = datetime.strptime(_REGULAR.search(found[-1].name)[1], STAMP)  # type: ignore[index]
    return max(0.0, made.replace(tzinfo=UTC).timestamp() + every - now)


async def keep_backing_up(config: Config, started: asyncio.Event | None = None,
                          clock: Callable[[], float] = time.time) -> None:
    """The running bot's regular backups (a task beside it), once ``started`` is set (the
    tables resumed: the first backup does not slow the start): one every ``[backup]
    every_hours`` (counted from the newest backup, so restarts add none), the newest ``keep``
    kept. A backup that fails is logged and tried again within the hour; the bot plays on."""
    database = Path(config.database_path)
    if started is not None:
        await started.wait()
    log.info("backups every %g h into %s, the newest %d kept ([backup] in the config)",
             config.backup_every / 3600, database.parent / BACKUPS, config.backup_keep)
    while True:
        await asyncio.sleep(next_due(database, config.backup_every, clock()))
        try:
            out, version = await asyncio.to_thread(regular_backup, database, config.backup_keep,
                                                   clock())
        except (Refused, OSError) as exc:
            log.warning("the regular backup failed: %s Trying again in %g minutes.", exc,
                        min(RETRY, config.backup_every) / 60)
            await asyncio.sleep(min(RETRY, config.backup_every))
            continue
        log.info("backup made: %s (%s, schema version %d)", out, size_text(out.stat().st_size),
                 version)


def regular_backups_task(config: Config, started: asyncio.Event | None = None
                         ) -> asyncio.Task[None] | None:
    """Start :func:`keep_backing_up` for a SQLite file with ``keep`` above 0 (None otherwise;
    PostgreSQL is backed up with pg_dump, which the log says once)."""
    if config.backup_keep == 0:
        return None
    if is_url(config.database):
        log.info("regular backups are made of a SQLite file only: back up PostgreSQL with "
                 "pg_dump (python -m bot backup prints the line)")
        return None
    return asyncio.get_running_loop().create_task(keep_backing_up(config, started))


# --- the command line ---------------------------------------------------------------------------


def _config(path: str | None) -> Config | int:
    try:
        return load_config(path)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def backup_main(args: argparse.Namespace) -> int:
    config = _config(args.config)
    if isinstance(config, int):
        return config
    now = time.time()
    try:
        if is_url(config.database):
            said = asyncio.run(backup_postgres(config.database, args.out, now))
        else:
            said = backup_file(Path(config.database_path), Path(args.out) if args.out else None,
                               now)
    except Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    print(said)
    return 0


SQLITE_MAGIC = b"SQLite format 3\0"
PG_DUMP_MAGIC = b"PGDMP"  # pg_dump's custom format


def postgres_restore(file: Path, url: str) -> str:
    """Why ``restore`` does not put ``file`` in place of the PostgreSQL database ``url``, and
    what does, by what the file is: a pg_dump file or none yet (pg_restore), a SQLite backup
    (``migrate``, into an empty database), or neither."""
    head = b""
    with contextlib.suppress(OSError):
        with file.open("rb") as opened:
            head = opened.read(len(SQLITE_MAGIC))
    where = f"this bot uses PostgreSQL ({shown(url)})"
    if head.startswith(SQLITE_MAGIC):
        return (f"{file} is a SQLite database, and {where}: restore does not load one into "
                f"PostgreSQL. To move a SQLite database's tables there, stop the bot and copy "
                f"it into an empty PostgreSQL database with: python -m bot migrate --from {file} "
                f"--to 'postgresql://USER:PASSWORD@HOST:5432/EMPTY_DATABASE'")
    if head.startswith(PG_DUMP_MAGIC) or not file.is_file():
        return (f"restore replaces a SQLite file, and {where}: stop the bot, then restore this "
                f"pg_dump file with PostgreSQL's own tool: pg_restore --clean --if-exists "
                f"--dbname='{shown(url)}' {file}")
    return (f"{file} is neither a SQLite database nor a pg_dump file, and {where}: back it up "
            f"and restore it with PostgreSQL's own tools (python -m bot backup prints the "
            f"pg_dump line; restore its file with pg_restore)")


def restore_main(args: argparse.Namespace) -> int:
    config = _config(args.config)
    if isinstance(config, int):
        return config
    try:
        if is_url(config.database):
            raise Refused(postgres_restore(Path(args.file), config.database))
        said = restore_file(Path(args.file), config, time.time())
    except Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.code
    print(said)
    return 0


def add_parser(sub: Any) -> None:
    """``backup`` and ``restore``, added to ``python -m bot``'s parser."""
    p_backup = sub.add_parser(
        "backup", help="copy the database safely, even while the bot runs (PostgreSQL: print "
        "the pg_dump line), then exit", description=paragraphs(
            "Copy the configured SQLite database into one file, consistent as of one moment, "
            "safely while the bot runs and writes (SQLite's online backup); the file is written "
            "whole or not at all. On PostgreSQL, check that the database is Tablée's and print "
            "the pg_dump command to copy it with (PostgreSQL's own tool copies it best)."),
        epilog=epilog(*CONFIG), formatter_class=argparse.RawDescriptionHelpFormatter)
    p_backup.add_argument("--out", metavar="FILE", help="the backup file to write (default: "
                          "NAME-backup-DATE-TIME.db beside the database)")
    p_restore = sub.add_parser(
        "restore", help="put a backup in place of the database (the bot stopped; the replaced "
        "file is kept aside), then exit", description=paragraphs(
            "Put a backup made by `python -m bot backup` in place of the configured SQLite "
            "database. Refused while a bot runs on it (stop the bot first). The file it replaces "
            "is first copied aside, whole, as NAME.before-restore-DATE: a restore never destroys "
            "data. On PostgreSQL, says what to do instead. Exit code 1 when refused, 2 for a bad "
            "config."),
        epilog=epilog(*CONFIG), formatter_class=argparse.RawDescriptionHelpFormatter)
    p_restore.add_argument("file", metavar="FILE", help="a backup made by `python -m bot backup`")
    for p in (p_backup, p_restore):
        p.add_argument("--config", default=argparse.SUPPRESS, help="config file")
    p_backup.set_defaults(main=backup_main)
    p_restore.set_defaults(main=restore_main)
