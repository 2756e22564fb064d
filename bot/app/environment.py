"""The environment variables the commands read, said at the end of each command's ``--help``
(tests/bot/app/test_cli_polish.py runs each command and checks its list against what it read)."""

from __future__ import annotations

import textwrap

from ..config import ACTIVITY_SECRET_ENV, SHARD_ENV
from .version import STAMP_ENV

WIDTH = 79
NAME_WIDTH = 24

VARIABLES = {
    "DISCORD_TOKEN": "the bot token (developer portal, Bot page): the bot needs it to run; "
                     "check says whether it is set",
    "TABLEE_CONFIG": "the config file when --config is not given (default: ./config.toml)",
    "DATABASE_URL": "a PostgreSQL database (postgresql://user:password@host:5432/dbname); wins "
                    "over the config's [database]",
    SHARD_ENV[0]: "how many shards the bot has in all; wins over discord.shard_count",
    SHARD_ENV[1]: "the shards this process serves (e.g. 0,1); wins over discord.shard_ids",
    ACTIVITY_SECRET_ENV: "the Discord Activity's client secret; wins over "
                         "activity.client_secret",
    "MALLOC_ARENA_MAX": "glibc's malloc arenas (Linux); unset, every command uses 2, which "
                        "saves memory",
    STAMP_ENV: "the commit --version names when not run from a git checkout (a Docker build "
               "sets it)",
}
CONFIG = ("TABLEE_CONFIG", "DATABASE_URL", *SHARD_ENV, ACTIVITY_SECRET_ENV)  # load_config's
EVERY_COMMAND = ("MALLOC_ARENA_MAX", STAMP_ENV)  # bot.app.cli and bot.app.version: not per command


def paragraphs(text: str) -> str:
    """``text`` wrapped to the terminal's usual width, paragraph by paragraph (blank lines
    between them kept), for a description shown by RawDescriptionHelpFormatter."""
    return "\n\n".join(textwrap.fill(" ".join(p.split()), WIDTH) for p in text.split("\n\n"))


def epilog(*names: str, title: str = "environment variables") -> str:
    """The help's last part: each variable named and what it does, or "none" when a command
    reads none."""
    if not names:
        return f"{title}: none"
    lines = [f"{title}:"]
    for name in names:
        lines.append(textwrap.fill(VARIABLES[name], WIDTH,
                                   initial_indent=f"  {name:<{NAME_WIDTH}}",
                                   subsequent_indent=" " * (NAME_WIDTH + 2)))
    return "\n".join(lines)
