"""The README's invite asks for exactly the permissions it lists, each with Discord's own bit
(discord.py's ``Permissions`` flags are Discord's bits), and they cover what the bot checks
before it posts and what its thread tables need (issue 26 item 3): a wrong sum would silently
leave a permission out of every invite."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.adapter.kit.checks import NAMES

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
THREADS = ("Create Public Threads", "Send Messages in Threads", "Manage Threads")


def listed() -> tuple[int, dict[str, int]]:
    """(the integer the sentence names, {permission name: bit}) from "Permissions `N` are
    exactly: View Channel (1024), …"."""
    found = re.search(r"Permissions `(\d+)` are exactly:(.+?)\. The bot needs", README, re.S)
    assert found, "the README's permission list is missing"
    pairs = re.findall(r"([A-Z][A-Za-z ]+?) \((\d+)\)", " ".join(found[2].split()))
    return int(found[1]), {name: int(bit) for name, bit in pairs}


def flag(name: str) -> str:
    return name.lower().replace(" ", "_")


def test_the_invite_url_asks_for_the_listed_permissions_with_discords_bits() -> None:
    total, bits = listed()
    invite = re.findall(r"oauth2/authorize\?\S*permissions=(\d+)", README)
    assert invite == [str(total)]
    assert sum(bits.values()) == total
    for name, bit in bits.items():
        assert discord.Permissions(**{flag(name): True}).value == bit, name


def test_the_invite_covers_the_bots_checks_and_the_thread_tables() -> None:
    _total, bits = listed()
    granted = discord.Permissions(sum(bits.values()))
    for name in [*NAMES, *map(flag, THREADS)]:
        assert getattr(granted, name), name
    for name in THREADS:  # and the README says why each is needed
        assert re.search(rf"^- {name}: \S", README, re.M), name
