"""One place turning failures into private replies.

A :class:`~bot.service.errors.HostError` (or an adapter :class:`Refusal`) becomes its own sentence,
sent ephemerally. Anything unexpected is logged with its context and answered with a short
apology, so a person never sees "This interaction failed".
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from bot.service.errors import HostError, Unavailable

from .i18n import _, language, translate
from .languages import reader, remember
from .limits import clip
from .send import reply_private

log = logging.getLogger("tablee.adapter")
LOGGED = 300  # characters of a refusal kept in the log (it may echo what a person typed)


class Refusal(Exception):
    """An adapter-level refusal (command in DMs, missing permission); the message is for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _context(interaction: discord.Interaction, what: str) -> str:
    return (
        f"{what} (user {interaction.user.id}, channel {interaction.channel_id}, "
        f"guild {interaction.guild_id}, interaction {interaction.id})"
    )


@asynccontextmanager
async def guarded(interaction: discord.Interaction, what: str) -> AsyncIterator[None]:
    """Run an interaction handler in the language of the person who acted (public posts switch
    to the server's: :func:`bot.adapter.kit.languages.in_public`); every failure ends in a private
    sentence in that language, never silence. Once answered, the bot hears of it
    (``interaction_answered``: a table whose post waits for an interaction goes on with it,
    :meth:`bot.adapter.posting.poster.Poster.carry_on`)."""
    with language(reader(interaction)):
        try:
            yield
        except Unavailable as exc:  # the database is busy or full: say so, in time
            log.warning("%s: storage unavailable: %s", _context(interaction, what), exc.message)
            await reply_private(interaction, said(exc))
        except (HostError, Refusal) as exc:
            log.info("%s refused: %s", _context(interaction, what), clip(exc.message, LOGGED))
            # Refusals are translated where they are raised; the service's sentences here.
            await reply_private(interaction, exc.message if isinstance(exc, Refusal) else said(exc))
        except discord.Forbidden as exc:
            log.warning("%s: Discord refused: %s", _context(interaction, what), exc)
            await reply_private(interaction, missing_access_sentence())
        except Exception:
            log.exception("unexpected error in %s", _context(interaction, what))
            await reply_private(
                interaction,
                _("Sorry, something went wrong on my side. It has been logged; please try "
                  "again."),
            )
        finally:
            await remember(interaction)
            # answered: where only interactions reach a table, this one may carry its post
            interaction.client.dispatch("interaction_answered", interaction)


def said(exc: Exception) -> str:
    """A service refusal in the current language: its Text (``text``) when it has one, else its
    message looked up as a catalog msgid."""
    return translate(getattr(exc, "text", None) or getattr(exc, "message", str(exc)))


def missing_access_sentence() -> str:
    return _(
        "I can't post in this channel. A server admin needs to give me View Channel, Send Messages "
        "and Attach Files here."
    )
