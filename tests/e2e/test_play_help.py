"""``/help`` (issue 29 part 6) through the real discord.py client: what Tablée does, every
command as the reader's Discord names it with its own description, and each game's rules
(links under ``[help] rules_url``, else ``/rules``), privately, in English and in French."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_helpers import assert_all_requests_valid, running_tablee
from tests.e2e.toy_game import register_toy

RULES = "https://example.org/tablee/blob/main/docs/rules"


def answer(sim: Any, user: Any, channel: Any = None) -> str:
    """Everything /help told ``user`` privately (in #general, or ``channel``): one message, or
    more when it is longer than one may be (the games listed depend on what the run
    registered)."""
    mine = [m for m in sim.visible_to(user, channel) if m.visible_only_to is user]
    assert mine and all(len(m.content) <= 2000 for m in mine)
    return "\n\n".join(m.content for m in mine)


@pytest.fixture
async def linked(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    register_toy()
    async with running_tablee(discord_sim, tmp_path, rules_url=RULES) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def test_help_in_english_lists_the_commands_and_links_the_rules(
        discord_sim: Any, linked: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    reply = await sim.slash(alice, "help")
    assert reply.ephemeral
    text = answer(sim, alice)
    assert text.startswith("**Tablée** hosts board games in this server's channels: open a "
                           "table with `/play`")
    assert "Master Islands" in text and "Toy Rounds" in text
    for line in ("`/play`: Open a table for a board game in this channel",
                 "`/move`: Play a move in this channel's game",
                 "`/rules`: A short summary of a game's rules (privately)",
                 "`/help`: What Tablée does, its commands and the games' rules (privately)"):
        assert line in text
    assert text.index("`/play`") < text.index("`/move`") < text.index("`/history`")
    assert "Apps › **Challenge to a game** opens a table here" in text  # the right-click ones
    assert "`/Challenge to a game`" not in text  # ...not listed as slash commands
    assert f"• Master Islands: <{RULES}/master-islands.md>" in text
    assert f"• Le Maître des Mers: <{RULES}/maitre-des-mers.md>" in text
    assert ("**Notifications**: `/notifications` chooses how “your turn” reaches you (a mention "
            "in the table post, a DM, both or nothing)") in text
    assert "and the clock keeps running. `/dms` turns the DM on or off." in text
    assert ("**Tournaments**: `/tournament create` (server admins, or the organisers' role "
            "named with `/settings`) posts a Swiss") in text
    assert "`/tournament show` shows them to you at any time." in text
    assert ("**Playing outside servers**: add Tablée to your own account (from its profile in "
            "Discord) and `/play` works in a DM with a friend, in a group DM") in text
    assert ("the server commands (`/settings`, `/tournament`, `/season`, `/tables`, `/vacation`) "
            "are not offered.") in text
    assert not sim.public()  # nothing in the channel


async def test_help_in_french_names_the_commands_as_a_french_discord_shows_them(
        discord_sim: Any, linked: Any) -> None:
    sim = discord_sim
    zoe = sim.user("zoe", locale="fr")
    reply = await sim.slash(zoe, "help")
    assert reply.ephemeral
    text = answer(sim, zoe)
    assert text.startswith("**Tablée** fait jouer à des jeux de société dans les salons de ce "
                           "serveur : ouvrez une table avec `/jouer`")
    assert "`/règles` : Un résumé des règles d’un jeu (en privé)" in text
    assert "`/aide` : Ce que fait Tablée, ses commandes et les règles des jeux (en privé)" in text
    assert "**Commandes**" in text and "**Règles** (`/règles` en donne un résumé ici)" in text
    assert f"• Master Islands : <{RULES}/master-islands.md>" in text
    assert "**Notifications** : `/notifications` choisit comment « à vous de jouer »" in text
    assert "`/mp` active ou coupe le message privé." in text
    assert "**Tournois** : `/tournoi créer` (les admins du serveur" in text
    assert "`/tournoi voir` vous le montre à tout moment." in text
    assert ("**Jouer hors des serveurs** : ajoutez Tablée à votre propre compte (depuis son "
            "profil dans Discord) et `/jouer` fonctionne dans un message privé") in text
    assert "les rappels n’arrivent que par message privé" in text
    assert "Open a table" not in text  # no English description left


async def test_help_in_a_group_dm_answers_in_french_through_the_interaction_alone(
        discord_sim: Any, linked: Any) -> None:
    """Issue 41: where only the person installed the app, /help answers there (the bot's token
    could not post), privately, in their language, and says what plays outside servers."""
    sim = discord_sim
    zoe, bob = sim.user("zoe", locale="fr"), sim.user("bob")
    group = sim.group_dm(zoe, bob)
    reply = await sim.slash(zoe, "help", channel=group)
    assert reply.ephemeral
    text = answer(sim, zoe, group)
    assert "**Jouer hors des serveurs** : ajoutez Tablée à votre propre compte" in text
    assert "`/jouer` :" in text
    for servers in ("réglages", "tournoi", "historique", "classement"):  # not offered here
        assert f"`/{servers}` :" not in text, servers
    assert sim.refused_bot_requests() == []


async def test_help_without_a_rules_address_points_to_rules(
        discord_sim: Any, toy_tablee: Any) -> None:
    reply = await discord_sim.slash(discord_sim.user("alice"), "help")
    assert "**Rules**: `/rules` gives each game's summary here, privately." in reply.content
    assert "https://" not in reply.content
