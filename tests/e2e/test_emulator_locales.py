"""Languages on the emulator: each person's client locale and the server's preferred locale
reach the bot as Discord sends them, and command localisations are held to Discord's naming
rules (English stays the default everywhere)."""

from __future__ import annotations

from typing import Any

from tests.e2e.emulator import validate
from tests.e2e.emulator.tinybot import TinyBot

COMMANDS = "/applications/{application_id}/commands"


async def test_interactions_carry_the_user_and_server_locales(discord_sim: Any) -> None:
    sim = discord_sim
    bot = await sim.start_bot(TinyBot())
    anna, zoe = sim.user("anna"), sim.user("zoe", locale="fr")
    assert (await sim.slash(anna, "locales")).content == "user en-US guild en-US server en-US"
    assert (await sim.slash(zoe, "locales")).content == "user fr guild en-US server en-US"
    assert sim.last_interaction.payload["locale"] == "fr"
    sim.set_guild_locale("fr")
    assert (await sim.slash(anna, "locales")).content == "user en-US guild fr server fr"
    assert str(bot.guilds[0].preferred_locale) == "fr"  # GUILD_UPDATE reached the cache


def command(**extra: Any) -> list[dict[str, Any]]:
    return [{"name": "play", "description": "Open a table", "type": 1, **extra}]


def test_french_command_names_pass_the_naming_rules() -> None:
    body = command(
        name_localizations={"fr": "jouer"}, description_localizations={"fr": "Ouvrir une table"},
        options=[{"type": 3, "name": "game", "description": "Which game",
                  "name_localizations": {"fr": "jeu"},
                  "choices": [{"name": "Yes", "value": "y", "name_localizations": {"fr": "Oui"}}]}],
    )
    assert validate.validate_body("PUT", COMMANDS, body) == []


def test_capitals_spaces_and_unknown_locales_are_refused() -> None:
    problems = validate.validate_body(
        "PUT", COMMANDS, command(name_localizations={"fr": "Jouer", "xx": "play", "de": "zwei wörter"}))
    assert "$[0].name_localizations.fr: 'Jouer' must be lowercase" in problems
    assert "$[0].name_localizations.xx: 'xx' is not one of Discord's locales" in problems
    assert any(p.startswith("$[0].name_localizations.de: 'zwei wörter' is not a valid") for p in problems)


def test_a_localised_option_name_must_not_clash() -> None:
    body = command(options=[
        {"type": 3, "name": "game", "description": "d", "name_localizations": {"fr": "mode"}},
        {"type": 3, "name": "mode", "description": "d", "required": False},
    ])
    problems = validate.validate_body("PUT", COMMANDS, body)
    assert problems == ["$[0].options[0].name_localizations.fr: 'mode' is already another "
                        "option's name"]
