"""``python -m bot check``'s second line: which installation types the application has, as the
Developer Portal's Installation page set them (Discord's ``integration_types_config``: "0" a
server adds the bot, "1" a person adds the app to their account and plays in DMs, group DMs and
servers without the bot), with what to switch on when one is off; asked of Discord with
``DISCORD_TOKEN``, and one line saying so when Discord cannot be asked."""

from __future__ import annotations

import asyncio

import aiohttp
import discord

ASK_SECONDS = 15.0
"""How long check waits for Discord's answer before saying it could not ask."""
PORTAL = "in the Developer Portal (the application's Installation page, Installation Contexts)"


def install_link(application_id: int) -> str:
    """The link that adds the app to a person's account (user install)."""
    return (f"https://discord.com/oauth2/authorize?client_id={application_id}"
            "&integration_type=1&scope=applications.commands")


async def installation_types(token: str) -> tuple[int, bool, bool]:
    """(application id, servers can add it, people can add it), as Discord answers."""
    async with discord.Client(intents=discord.Intents.none()) as client:
        await client.login(token)  # reads the application (GET /oauth2/applications/@me)
        info = client.application
    assert info is not None
    return (info.id, info.guild_integration_config is not None,
            info.user_integration_config is not None)


def installation_text(application_id: int, servers: bool, people: bool) -> str:
    """``installation: servers ✓, people ✓``, and what to switch on for a type that is off."""
    line = f"installation: servers {'✓' if servers else '✗'}, people {'✓' if people else '✗'}"
    advice = []
    if not servers:
        advice.append(f"to let servers add the bot, switch on Guild Install {PORTAL}")
    if not people:
        advice.append(f"to let people add Tablée to their own account and play in DMs, group "
                      f"DMs and servers without the bot, switch on User Install {PORTAL}, then "
                      f"share {install_link(application_id)}")
    return f"{line}: {'; '.join(advice)}" if advice else line


def installation_line(token: str) -> str:
    """The line check prints: the installation types, or why Discord was not asked."""
    if not token:
        return "installation: not asked (DISCORD_TOKEN is not set)"
    try:
        found = asyncio.run(asyncio.wait_for(installation_types(token), ASK_SECONDS))
    except TimeoutError:
        return f"installation: not known: cannot reach Discord (no answer in {ASK_SECONDS:.0f} s)"
    except discord.LoginFailure:
        return ("installation: not known: Discord refused DISCORD_TOKEN (check it, or reset it "
                "in the developer portal, Bot page)")
    except discord.HTTPException as exc:
        return f"installation: not known: Discord refused the request ({exc.status}: {exc.text})"
    except (OSError, aiohttp.ClientError) as exc:
        return f"installation: not known: cannot reach Discord ({type(exc).__name__}: {exc})"
    return installation_text(*found)
