"""The one way the adapter sends or edits a message: explicit allowed mentions, clipped content.

Text the bot sends carries names people chose (display names, partner messages, echoed input), so
it may contain ``@everyone``, ``<@id>`` or ``<@&role>``. Discord pings whatever the message's
allowed mentions permit, whatever the text says, so every send and edit here names exactly the
users meant to be pinged (``ping``; nobody by default) and never everyone, roles or the replied
user. Content is clipped to Discord's 2,000 characters, so a long text (an echoed 2,100-character
move) never makes Discord refuse the message and leave the person with "thinking…" forever.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord

from .limits import MAX_CONTENT, clip

_UNSET: Any = discord.utils.MISSING
PUBLIC_LOADING = "tablee_public_loading"
"""In ``interaction.extras`` while the interaction's answer is a public "thinking…"."""
log = logging.getLogger("tablee.adapter")


def allowed(ping: Iterable[int] = ()) -> discord.AllowedMentions:
    """Allowed mentions pinging exactly the users ``ping`` (none when empty)."""
    users = [discord.Object(id=u) for u in dict.fromkeys(ping)]
    return discord.AllowedMentions(
        everyone=False, roles=False, users=users or False, replied_user=False
    )


def fit(content: Any) -> Any:
    """Content within Discord's limit (``MISSING``/None pass through: "leave as it is")."""
    return clip(content, MAX_CONTENT) if isinstance(content, str) else content


async def respond(
    interaction: discord.Interaction,
    content: str,
    *,
    ephemeral: bool = False,
    ping: Iterable[int] = (),
    **kwargs: Any,
) -> None:
    """The interaction's first response while it is open, else a followup."""
    if interaction.response.is_done():
        await followup(interaction, content, ephemeral=ephemeral, ping=ping, **kwargs)
    else:
        await interaction.response.send_message(
            fit(content), ephemeral=ephemeral, allowed_mentions=allowed(ping), **kwargs
        )


async def defer_private(interaction: discord.Interaction) -> None:
    """Acknowledge now, before any wait (Discord allows 3 s): a private "thinking…" that the
    answer (or a refusal) replaces. Nothing when the interaction is already acknowledged."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def defer_public(interaction: discord.Interaction) -> None:
    """Acknowledge now, before any wait, for an answer the channel sees (a lobby post, an
    announcement): a public "thinking…" that the answer replaces. A private answer after it (a
    refusal) is not put in its place, which everyone sees: the "thinking…" is deleted and the
    answer sent privately on its own (:func:`followup`)."""
    if not interaction.response.is_done():
        await interaction.response.defer(thinking=True)
        interaction.extras[PUBLIC_LOADING] = True


async def reply_private(interaction: discord.Interaction, text: str) -> None:
    """Answer only the person who acted: the first response if still open, else a followup."""
    try:
        await respond(interaction, text, ephemeral=True)
    except discord.HTTPException:
        log.warning(
            "could not send a private reply for interaction %s", interaction.id, exc_info=True
        )


async def respond_all(
    interaction: discord.Interaction, texts: list[str], *, ephemeral: bool = False
) -> None:
    """A text too long for one message, as the response and followups (in order)."""
    for text in texts:
        await respond(interaction, text, ephemeral=ephemeral)


async def followup(
    interaction: discord.Interaction,
    content: str,
    *,
    ephemeral: bool = False,
    ping: Iterable[int] = (),
    **kwargs: Any,
) -> discord.WebhookMessage:
    """A followup message (after a deferral it replaces the "thinking…" message; a private one
    after a public "thinking…" goes on its own, the "thinking…" deleted: :func:`defer_public`)."""
    if ephemeral and interaction.extras.get(PUBLIC_LOADING):
        # Deleted first; should that fail, the mark stays: nothing private ever goes in it.
        await interaction.delete_original_response()
        del interaction.extras[PUBLIC_LOADING]
    else:
        interaction.extras.pop(PUBLIC_LOADING, None)  # this answer replaces it
    return await interaction.followup.send(
        fit(content), ephemeral=ephemeral, allowed_mentions=allowed(ping), wait=True, **kwargs
    )


async def edit_original(
    interaction: discord.Interaction,
    *,
    content: str | None = _UNSET,
    ping: Iterable[int] = (),
    **kwargs: Any,
) -> None:
    """Edit the interaction's response (or the message its component is on, once deferred)."""
    interaction.extras.pop(PUBLIC_LOADING, None)
    await interaction.edit_original_response(
        content=fit(content), allowed_mentions=allowed(ping), **kwargs
    )


async def send(
    channel: discord.abc.Messageable,
    content: str | None,
    *,
    ping: Iterable[int] = (),
    **kwargs: Any,
) -> discord.Message:
    """A message in a channel or a DM."""
    return await channel.send(fit(content), allowed_mentions=allowed(ping), **kwargs)


async def edit(
    message: discord.Message | discord.PartialMessage,
    *,
    content: str | None = _UNSET,
    ping: Iterable[int] = (),
    **kwargs: Any,
) -> None:
    """Edit a message the bot sent."""
    await message.edit(content=fit(content), allowed_mentions=allowed(ping), **kwargs)
