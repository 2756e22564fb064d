"""``python -m bot`` (run) and ``python -m bot check``: config, database, then the Discord client.

Exit codes: 0 fine, 1 a runtime failure (database, login), 2 an unusable config or missing token.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
import threading
import traceback
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import discord
from discord.http import Route

from ..adapter.client import make_bot
from ..config import Config, ConfigError, load_config
from ..service import Outcome, Services
from ..service.ledger import default_prefs
from ..storage.url import is_url, shown
from ..web.server import WebServer
from .backup import regular_backups_task
from .environment import CONFIG, epilog, paragraphs
from .folder import folder_in_use, mark_folder, unmark_folder
from .installs import installation_line
from .lease import LeaseRefused, ShardLease, memo_path
from .process import settle_garbage_collector
from .version import program

log = logging.getLogger("tablee")
T = TypeVar("T")


def _load(config_path: str | None) -> Config | int:
    """The config with a usable database path, or the exit code after saying what is wrong."""
    try:
        config = load_config(config_path)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if is_url(config.database):  # PostgreSQL: opening it says what is wrong
        return config
    problem = database_problem(config.database_path)
    if problem:
        print(f"error: database {config.database_path}: {problem}", file=sys.stderr)
        return 1
    if not Path(config.database_path).exists() and folder_in_use(config.database_path):
        print(f"error: database {config.database_path} is missing, but a running Tablée uses "
              f"its folder (was the file deleted or moved?): no new database was made, so "
              f"that bot's games are not cut off from it. Stop the bot first; then restore the "
              f"newest backup (python -m bot restore FILE) or start afresh.", file=sys.stderr)
        return 1
    if Path(config.database_path).is_file() and Path(config.database_path).stat().st_size == 0:
        print(f"note: database {config.database_path} is empty: starting a new database",
              file=sys.stderr)
    return config


def database_problem(path: str) -> str | None:
    """Why the database file cannot be used, in the owner's words; None when it looks fine."""
    file = Path(path)
    folder = Path(os.path.abspath(file.parent))  # "/data", not "." (the image's working folder)
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if file.is_dir():
        return (f"this is a folder, not a file; point database.path at a file in it, "
                f"e.g. {file / 'tablee.db'}")
    if file.exists() and not os.access(file, os.R_OK | os.W_OK):
        return (f"{folder / file.name} is not readable and writable by {user()}; give it "
                f"to {user()} (e.g. chown), or run the bot as its owner")
    if not os.access(folder, os.W_OK | os.X_OK):
        # Even for an existing file: WAL mode writes NAME-wal and NAME-shm next to it.
        return (f"{user()} cannot create files in {folder} (SQLite needs to write "
                f"{file.name}-wal and {file.name}-shm next to the database); give that folder "
                f"to {user()} (e.g. chown), or run the bot as its owner")
    return None


def user() -> str:
    """"uid 10001": who this process runs as, as `ls -n` and `docker run --user` name it."""
    return f"uid {os.getuid()}" if hasattr(os, "getuid") else "this user"


async def _check_database(config: Config) -> None:
    host = await Services.open(config.database, computer_delay=config.computer_delay)
    await host.close()


def offline(config_path: str | None, job: Callable[[Config], Awaitable[T]]) -> tuple[Config, T] | int:
    """Run ``job`` on the config without Discord: (config, its result), or the exit code after
    saying what is wrong (a bad config, a database that fails)."""
    config = _load(config_path)
    if isinstance(config, int):
        return config
    try:
        return config, asyncio.run(job(config))
    except Exception as exc:  # any failure here is the owner's to fix: say what and where
        print(f"error: database {shown(config.database)}: {exc}", file=sys.stderr)
        return 1


def check_main(config_path: str | None) -> int:
    """Validate the config and open (and migrate) the database; then, with a token, ask Discord
    which installation types the application has (:mod:`bot.app.installs`)."""
    done = offline(config_path, _check_database)
    if isinstance(done, int):
        return done
    config = done[0]
    secret = os.environ.get("DISCORD_TOKEN", "").strip()
    token = "set" if secret else "NOT set (needed to run)"
    print(
        f"ok: config {config.source}, database {shown(config.database)}, "
        f"commands sync {config.sync}, DISCORD_TOKEN {token}{shards_text(config)}"
        f"{web_text(config)}, {program()}"
    )
    print(installation_line(secret))
    return 0


def web_text(config: Config) -> str:
    """", live table at 127.0.0.1:8080 (https://tables.example.org), Activity on" when the
    config serves the live table; nothing when it does not. No secret is printed."""
    if config.web is None:
        return ""
    public = (f" ({config.web.public_url})" if config.web.public_url
              else " (no public_url: no links)")
    activity = ", Activity on" if config.activity is not None else ""
    return f", live table at {config.web.listen}{public}{activity}"


def shards_text(config: Config) -> str:
    """", shards 0, 1 of 4" for a sharded config; nothing for one ordinary connection."""
    if config.shard_count is None:
        return ""
    served = ", ".join(map(str, config.shards.served))
    return f", shards {served} of {config.shard_count}"


async def _run(config: Config, token: str) -> None:
    try:
        host = await Services.open(
            config.database, computer_delay=config.computer_delay, workers=config.computer_workers,
            think_seconds=config.think_seconds, rematch_seconds=config.rematch_seconds,
            reveal_seconds=config.reveal_seconds, clock_config=config.clock, shards=config.shards,
            notify_default=default_prefs(config.dm_default, config.clock.turn_dm_after))
    except Exception as exc:  # the owner's to fix, in the sentence `check` gives
        log.debug("cannot open the database", exc_info=True)
        raise SystemExit(f"error: database {shown(config.database)}: {exc}") from None
    lease = ShardLease(host.store.db, config.shards, config.lease_seconds,
                       memo=memo_path(config.database))
    try:
        await lease.take()
    except BaseException as exc:
        await host.close()
        if isinstance(exc, LeaseRefused):
            raise SystemExit(f"error: {exc}") from None
        if isinstance(exc, Exception):  # the database failed: the owner's to fix, as above
            log.debug("cannot take the shard lease", exc_info=True)
            raise SystemExit(f"error: database {shown(config.database)}: {exc}") from None
        raise
    # A check run while this bot runs must not make a new database in place of a deleted file.
    mark = None if is_url(config.database) else mark_folder(config.database_path)
    web: WebServer | None = None
    if config.web is not None:  # the live table pages, beside the bot (bot.web)

        async def publish(outcome: Outcome) -> None:
            """A move made on a page: posted in Discord as a click's is (computers follow; a
            player who moves again has the same post extended, without a new mention)."""
            await bot.poster.publish(outcome)

        # The Activity asks Discord's API where discord.py does (a test's emulator too).
        web = WebServer(config.web, host, publish=publish, activity=config.activity,
                        discord_api=Route.BASE, bot_token=token)
    bot = make_bot(config, host, issue_link=web.personal_link if web is not None else None,
                   watch_link=web.watch_url if web is not None else None)
    if web is not None:
        try:
            await web.start()
        except OSError as exc:
            await lease.release()
            await host.close()
            unmark_folder(mark)
            raise SystemExit(f"error: cannot serve the live table at web.listen = "
                             f"{config.web.listen}: {exc.strerror or exc}") from None
    loop = asyncio.get_running_loop()
    settling = loop.create_task(settle_when_resumed(bot.resumed))
    stopping = install_stop(loop)
    keeping = loop.create_task(lease.keep())
    lost = stop_when_done(keeping)
    backups = regular_backups_task(config, bot.resumed)
    try:
        async with bot:
            await bot.start(token)
    except asyncio.CancelledError:
        if lost.is_set():
            raise SystemExit("error: another process took over this one's shards (it could not "
                             "renew its lease in time); stopped so that only one answers") from None
        if not stopping.is_set():
            raise
        log.info("stopped")
    except discord.LoginFailure:
        raise SystemExit(
            "error: Discord refused DISCORD_TOKEN (reset it in the developer portal)"
        ) from None
    except (OSError, TimeoutError, discord.GatewayNotFound, discord.HTTPException) as exc:
        # No network, DNS failure, Discord down: a sentence for the owner, not a traceback.
        log.debug("connection failure", exc_info=True)
        raise SystemExit(
            f"error: cannot reach Discord ({type(exc).__name__}: {exc}); check the network "
            "and try again"
        ) from None
    finally:
        settling.cancel()
        keeping.cancel()
        if backups is not None:
            backups.cancel()
        if web is not None:
            await web.close()
        if not lost.is_set():
            await lease.release()
        await host.close()
        unmark_folder(mark)


def stop_when_done(task: asyncio.Task[None]) -> asyncio.Event:
    """Cancel the running task (as SIGTERM does) once ``task`` ends by itself: the lease was
    lost. The event says so."""
    lost = asyncio.Event()
    running = asyncio.current_task()

    def done(finished: asyncio.Task[None]) -> None:
        if finished.cancelled():
            return
        lost.set()
        if running is not None:
            running.cancel()

    task.add_done_callback(done)
    return lost


def install_stop(loop: asyncio.AbstractEventLoop) -> asyncio.Event:
    """`docker stop` sends SIGTERM, Ctrl+C SIGINT: stop at once, whatever discord.py is doing
    (even sleeping before a reconnect, up to minutes), by cancelling the running task; leaving
    ``async with bot`` then closes the client. The event says the cancellation was ours.

    Through the loop's own signal handling, which wakes the loop whichever thread the signal
    reaches: with :func:`asyncio.run`'s plain SIGINT handler, a Ctrl+C delivered to one of the
    process's other threads (the database's, the worker pool's) waited for the loop's next wake,
    seen at over 30 s on an idle process."""
    stopping = asyncio.Event()
    running = asyncio.current_task()

    def stop(name: str) -> None:
        log.info("stopping (%s)", name)
        stopping.set()
        if running is not None:
            running.cancel()

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # no signal handlers on this platform
            loop.add_signal_handler(sig, stop, sig.name)
    return stopping


async def settle_when_resumed(resumed: asyncio.Event) -> int:
    """Once the tables are resumed and the clock runs (start-up done), settle the garbage
    collector (:func:`bot.app.process.settle_garbage_collector`); the number of objects frozen."""
    await resumed.wait()
    frozen = settle_garbage_collector()
    log.info("start-up done: %d objects left out of garbage collections", frozen)
    return frozen


def run_main(config_path: str | None) -> int:
    config = _load(config_path)
    if isinstance(config, int):
        return config
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print(
            "error: DISCORD_TOKEN is not set (the bot token from the developer portal)",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    log.info("%s: config %s, database %s", program(), config.source, shown(config.database))
    if config.shard_count is not None:
        log.info("serving%s", shards_text(config).removeprefix(","))
    try:
        run_to_the_end(_run(config, token))
    except KeyboardInterrupt:
        return 0
    return 0


LOOKUP_GRACE = 1.0
"""Seconds a stopping bot waits for a host-name lookup under way (an unanswering DNS server holds
one for its whole timeout, 5 to 30 s: `docker stop` used to wait 2-8 s, or SIGKILL it)."""


def run_to_the_end(main: Coroutine[Any, Any, None]) -> None:
    """``asyncio.run(main)``, except that the end does not wait for a host-name lookup under way.

    aiohttp (so discord.py) looks names up with getaddrinfo in the loop's default executor, in a
    thread nothing can interrupt; ``asyncio.run`` and the interpreter's exit both wait for those
    threads. Here they get :data:`LOOKUP_GRACE` seconds once the loop is closed (the lease given
    back, the database closed); if one is still busy, the process leaves at once (``os._exit``,
    after saying what ``main`` ended with and flushing), with the exit code it would have had."""
    loop = asyncio.new_event_loop()
    lookups = ThreadPoolExecutor(thread_name_prefix="tablee-lookup")
    loop.set_default_executor(lookups)
    ending: BaseException | None = None
    try:
        loop.run_until_complete(main)
    except BaseException as exc:  # noqa: BLE001 - raised again below, or said before leaving
        ending = exc
    finally:
        try:
            tasks = asyncio.all_tasks(loop)
            for task in tasks:
                task.cancel()
            if tasks:
                loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()
    done = threading.Thread(target=lookups.shutdown, daemon=True)
    done.start()
    done.join(LOOKUP_GRACE)
    if done.is_alive():
        log.info("not waiting for a host-name lookup under way (the DNS server does not answer)")
        leave_now(ending)
    if ending is not None:
        raise ending


def leave_now(ending: BaseException | None) -> NoReturn:
    """Exit at once, without waiting for other threads, as ``ending`` would have (None: 0)."""
    code = 0
    if isinstance(ending, SystemExit):
        code = 1 if isinstance(ending.code, str) else int(ending.code or 0)
        if isinstance(ending.code, str):
            print(ending.code, file=sys.stderr)
    elif ending is not None and not isinstance(ending, KeyboardInterrupt):
        traceback.print_exception(ending)
        code = 1
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def add_parser(sub: Any) -> None:
    """``run`` (the default) and ``check``, added to ``python -m bot``'s parser."""
    p_run = sub.add_parser(
        "run", help="run the bot (the default)", description=paragraphs(
            "Connect to Discord and serve the tables until stopped (SIGTERM, as `docker stop` "
            "sends, or Ctrl-C). `python -m bot` alone does the same. The config is checked and "
            "the database opened (created or upgraded) first; a problem is one sentence, exit "
            "code 2 for the config or a missing token, 1 for the database or the login."),
        epilog=epilog("DISCORD_TOKEN", *CONFIG),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p_check = sub.add_parser(
        "check", help="validate the config and the database, then exit", description=paragraphs(
            "Check the config, open the database (creating or upgrading it) and print one line "
            "saying what the bot would run with: config, database, whether DISCORD_TOKEN is "
            "set, shards, live table, version. With DISCORD_TOKEN set, a second line says which "
            "installation types the application has (servers, people) as Discord answers, or "
            "what to switch on in the Developer Portal; Discord is asked nothing else. Exit code "
            "0 when all is well; otherwise one sentence says what is wrong (exit code 2: the "
            "config; 1: the database)."),
        epilog=epilog("DISCORD_TOKEN", *CONFIG),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    for p in (p_run, p_check):  # `python -m bot check --config PATH` works too
        p.add_argument("--config", default=argparse.SUPPRESS, help="config file")
    p_run.set_defaults(main=lambda args: run_main(args.config))
    p_check.set_defaults(main=lambda args: check_main(args.config))

