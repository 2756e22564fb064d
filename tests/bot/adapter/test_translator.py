"""Localised slash-command names: every language's names follow Discord's naming rule (a name
that breaks it would silently fall back to English), and English clients get no localisation;
right-click commands keep their spaces and capitals."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Where

from bot.adapter.history.menus import history_menus
from bot.adapter.kit.translator import (
    NAME_RULE,
    NAMES,
    OPTIONS,
    CatalogTranslator,
    localised_name,
    menu_name,
)
from bot.adapter.lobby.challenge import challenge_menu
from i18n import DEFAULT, LANGUAGES, translate

OTHERS = [code for code in LANGUAGES if code != DEFAULT]


@pytest.mark.parametrize("code", OTHERS)
def test_every_localised_name_follows_discords_rule(code: str) -> None:
    for english, msgid in {**NAMES, **OPTIONS}.items():
        name = translate(msgid, code)
        assert name != msgid, f"{code}: {msgid!r} is not translated"
        assert NAME_RULE.match(name) and name == name.lower(), f"{code}: {name!r} for {english}"


def test_a_name_breaking_the_rule_falls_back_to_english() -> None:
    assert localised_name("play", "Not A Name", "fr") is None  # no catalog entry: itself


async def test_english_clients_get_no_localisation_and_french_ones_do() -> None:
    translator = CatalogTranslator()
    name = app_commands.locale_str("play")
    context = TranslationContext(Where.command_name, None)
    assert await translator.translate(name, discord.Locale.american_english, context) is None
    assert await translator.translate(name, discord.Locale.french, context) == "jouer"
    assert await translator.translate(name, discord.Locale.german, context) is None
    about = app_commands.locale_str("See the current board (privately)")
    described = TranslationContext(Where.command_description, None)
    assert await translator.translate(about, discord.Locale.french, described) == (
        "Voir le plateau actuel (en privé)")


async def test_a_right_click_command_keeps_its_spaces_and_capitals_in_french() -> None:
    translator = CatalogTranslator()
    menus = [challenge_menu(), *history_menus()]
    said = {}
    for menu in menus:
        context = TranslationContext(Where.command_name, menu)
        name = app_commands.locale_str(menu.name)
        assert await translator.translate(name, discord.Locale.american_english, context) is None
        said[menu.name] = await translator.translate(name, discord.Locale.french, context)
    assert said == {"Challenge to a game": "Défier à un jeu", "Tablée stats": "Stats Tablée",
                    "Replay": "Revoir la partie", "Analysis": "Analyse"}
    assert all(0 < len(name) <= 32 for name in said.values())
    assert menu_name("Not a menu", "fr") is None  # no catalog entry: Discord shows the English
