"""Images as Discord attachments."""

from __future__ import annotations

import io

import discord


def png_file(png: bytes | None, name: str) -> discord.File | None:
    return discord.File(io.BytesIO(png), name) if png else None
