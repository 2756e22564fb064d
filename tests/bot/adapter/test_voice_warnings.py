"""Server owners running Tablée see no discord.py warning about voice (the bot has no voice)."""

from __future__ import annotations

import logging

import pytest
from discord.voice_client import VoiceClient

from bot.adapter.client import TableeBot
from bot.config import Config
from bot.service import Services


async def test_starting_the_bot_logs_no_voice_warning(
    host: Services, db_path: str, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(VoiceClient, "warn_nacl", True)  # as in a fresh process
    monkeypatch.setattr(VoiceClient, "warn_dave", True)
    with caplog.at_level(logging.WARNING, logger="discord"):
        bot = TableeBot(Config(database_path=db_path), host)
    await bot.close()
    assert not [r for r in caplog.records if "voice" in r.getMessage().lower()]
