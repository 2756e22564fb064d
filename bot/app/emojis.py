"""``python -m bot emojis``: Tablée's pictures uploaded as the application's own emojis.

The seat marks, dice faces and card colours (:mod:`render.emojis`) become emojis of the bot's
application, which it may use in every server without any permission; the bot shows them in
its menus and posts (:mod:`bot.adapter.kit.emojis`), Unicode signs in their place until they
are uploaded. The token (``DISCORD_TOKEN``) says which application: the emojis are listed, and
only those missing by name are uploaded, so a second run uploads nothing. One line per emoji,
then a summary; a failure is one sentence (exit 1: Discord refused the token, cannot be reached,
or the application holds Discord's maximum of 2,000 emojis; 2: no token, or a bad config).
The running bot lists the emojis when it starts: restart it to show new ones.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable
from typing import Any

import aiohttp
import discord

from games.cli import counted
from render.emojis import images

from ..config import ConfigError, load_config
from .environment import CONFIG, epilog, paragraphs

MAX_EMOJIS = 2000
"""Discord's cap on one application's emojis."""
TOO_MANY = 30008
"""Discord's error code "Maximum number of emojis reached"."""


class Refused(Exception):
    """The upload stopped: the sentence says why (and what was uploaded before)."""


async def upload(token: str, say: Callable[[str], None] = print) -> tuple[int, int]:
    """Log in with ``token``, upload the emojis the application lacks (by name), saying one
    line per emoji; (uploaded, already there). :class:`Refused` with the sentence when Discord
    refuses or cannot be reached."""
    uploaded = 0

    def stopped(why: str, advice: str) -> Refused:
        done = (f"{counted(uploaded, 'emoji was', 'emojis were')} uploaded before that"
                if uploaded else "nothing was uploaded")
        return Refused(f"{why}: {done}; {advice}")

    pictures = images()
    try:
        async with discord.Client(intents=discord.Intents.none()) as client:
            await client.login(token)
            present = {e.name for e in await client.fetch_application_emojis()}
            count = len(present)  # every emoji of the application counts toward the cap
            missing = [name for name in pictures if name not in present]
            if count + len(missing) > MAX_EMOJIS:
                raise Refused(
                    f"the application has {count:,} emojis and Discord allows {MAX_EMOJIS:,}: "
                    f"{counted(len(missing), 'more does', 'more do')} not fit; delete some on "
                    "its Emojis page in the developer portal, then run this again")
            for name, png in pictures.items():
                if name in present:
                    say(f"{name}: already uploaded")
                    continue
                emoji = await client.create_application_emoji(name=name, image=png)
                uploaded += 1
                say(f"{name}: uploaded (id {emoji.id})")
    except discord.LoginFailure:
        raise stopped("Discord refused DISCORD_TOKEN", "check it, or reset it in the developer "
                      "portal (Bot page)") from None
    except discord.HTTPException as exc:
        if exc.code == TOO_MANY:
            raise stopped(f"the application holds Discord's maximum of {MAX_EMOJIS:,} emojis",
                          "delete some on its Emojis page in the developer portal, then run "
                          "this again") from None
        raise stopped(f"Discord refused the request ({exc.status}: {exc.text or exc})",
                      "run this again later; the emojis uploaded stay") from None
    except (OSError, TimeoutError, aiohttp.ClientError) as exc:
        raise stopped(f"cannot reach Discord ({type(exc).__name__}: {exc})",
                      "check the network and run this again") from None
    return uploaded, len(pictures) - uploaded


def summary(uploaded: int, there: int) -> str:
    """The last line of a run that went through."""
    total = counted(uploaded + there, "application emoji", "application emojis")
    if not uploaded:
        return f"{total}: all already uploaded, nothing to do."
    return (f"{total}: {uploaded} uploaded, {there} already there. The bot shows them from "
            "its next start (restart it if it runs).")


def main(args: argparse.Namespace) -> int:
    try:
        load_config(getattr(args, "config", None))
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print("error: DISCORD_TOKEN is not set (the bot token from the developer portal): it "
              "says which application gets the emojis", file=sys.stderr)
        return 2
    try:
        done = asyncio.run(upload(token))
    except Refused as exc:
        print(f"error: {exc}.", file=sys.stderr)
        return 1
    print(summary(*done))
    return 0


def add_parser(sub: Any) -> None:
    """``emojis``, added to ``python -m bot``'s parser."""
    p_emojis = sub.add_parser(
        "emojis", help="upload the seat, dice and card emojis to the application, then exit",
        description=paragraphs(
            "Upload Tablée's seat marks, dice faces and card colours as the application's own "
            "emojis (the bot token says which application), so that menus and posts show them "
            "instead of Unicode signs. Only the missing ones are uploaded: running it again "
            "uploads nothing. Safe while the bot runs; the bot shows new emojis from its next "
            "start. Exit code 1 when Discord refuses or cannot be reached, 2 without a token."),
        epilog=epilog("DISCORD_TOKEN", *CONFIG),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p_emojis.add_argument("--config", default=argparse.SUPPRESS, help="config file")
    p_emojis.set_defaults(main=main)
