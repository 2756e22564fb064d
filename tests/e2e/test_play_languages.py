"""Which language for what, end to end: what only the person who acted sees speaks their Discord
language; what the channel sees speaks the server's (its preferred locale by default); English
stays the default for everybody else."""

from __future__ import annotations

from typing import Any

from tests.e2e.french import english_words
from tests.e2e.test_play_helpers import (
    last_private,
    to_move,
)
from tests.e2e.toy_game import TOY_ID


async def test_a_french_user_reads_french_privately_and_the_english_server_reads_english(
        discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    alice, zoe = sim.user("alice"), sim.user("zoe", locale="fr")
    lobby = await sim.slash(zoe, f"play {TOY_ID}")
    assert "a table hosted by Zoe" in lobby.content  # public: the server's English
    assert {"Join", "Start"} <= set(lobby.labels)
    rules = await sim.slash(zoe, "rules", game=TOY_ID)
    assert rules.ephemeral and "(2 à 6 joueurs)" in rules.content
    assert "Jouez avec **Ma main / Jouer**" in rules.content
    await sim.click(alice, lobby, label="Join")
    await sim.click(alice, lobby, label="Settings")  # Alice is not the host: English refusal
    assert last_private(sim, alice).content == "Only the host (Zoe) can change the settings."
    refusal = await sim.slash(zoe, "move", move="x" * 300)
    assert refusal.ephemeral and refusal.content.startswith("C’est trop long pour un coup (300")
    await sim.click(zoe, lobby, label="Cancel")
    assert lobby.content == "The Toy Rounds table was cancelled by Zoe."


async def test_the_hosts_refusals_reach_each_player_in_their_language(
        discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    zoe, yann = sim.user("zoe", locale="fr"), sim.user("yann", locale="fr")
    players = {zoe.id: zoe, yann.id: yann}
    lobby = await sim.slash(zoe, f"play {TOY_ID}")
    await sim.click(yann, lobby, label="Join")
    await sim.click(zoe, lobby, label="Start")
    mover = to_move(sim, players)
    waiting = next(u for u in players.values() if u is not mover)
    refused = await sim.slash(waiting, "move", move="play 1")  # not their turn
    assert refused.ephemeral and not english_words(refused.content, ["Zoe", "Yann"]), (
        refused.content)
    illegal = await sim.slash(mover, "move", move="fly away")  # the rules refuse it
    assert "Ma main / Jouer" in illegal.content and "Press" not in illegal.content


async def test_a_french_server_posts_in_french_and_answers_each_person_in_theirs(
        discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    sim.set_guild_locale("fr")
    alice, zoe = sim.user("alice"), sim.user("zoe", locale="fr")
    lobby = await sim.slash(alice, f"play {TOY_ID}")
    assert "**Toy Rounds** : une table ouverte par Alice" in lobby.content
    assert {"Rejoindre", "Lancer", "Annuler"} <= set(lobby.labels)
    await sim.click(zoe, lobby, label="Rejoindre")
    assert "2. Zoe" in lobby.content
    await sim.click(zoe, lobby, label="Lancer")  # only the host starts: each in their language
    await sim.click(alice, lobby, label="Réglages")
    panel = last_private(sim, alice)
    assert panel.ephemeral and panel.content.startswith("**Settings of this Toy Rounds table**")
    await sim.click(zoe, lobby, label="Réglages")
    assert last_private(sim, zoe).content == "Seul l’hôte (Alice) peut changer les réglages."


def synced(sim: Any, name: str) -> dict[str, Any]:
    return next(c for c in sim.world.global_commands if c["name"] == name)


async def test_french_clients_see_french_commands(discord_sim: Any, toy_tablee: Any) -> None:
    """The translator's localisations reach Discord (and pass its naming rules: the emulator
    checks every synced command); English clients keep the English names."""
    sim = discord_sim
    play = synced(sim, "play")
    assert play["name_localizations"] == {"fr": "jouer"}
    assert play["description_localizations"]["fr"] == (
        "Ouvrir une table de jeu de société dans ce salon")
    toy = next(o for o in play["options"] if o["name"] == TOY_ID)
    assert toy["description_localizations"]["fr"] == "Toy Rounds (2 à 6 joueurs)"
    deck = next(o for o in toy["options"] if o["name"] == "deck")
    assert deck["choices"][0]["name"] == "low (default)"
    assert deck["choices"][0]["name_localizations"]["fr"].endswith("(par défaut)")
    rules = synced(sim, "rules")
    assert rules["name_localizations"]["fr"] == "règles"
    assert rules["options"][0]["name_localizations"]["fr"] == "jeu"
    move = synced(sim, "move")
    assert (move["name_localizations"]["fr"], move["options"][0]["name_localizations"]["fr"]) == (
        "coup", "coup")
    settings = synced(sim, "settings")
    assert settings["name_localizations"]["fr"] == "réglages"
    assert settings["options"][0]["name_localizations"]["fr"] == "langue"
    for command in sim.world.global_commands:
        assert not set(command.get("name_localizations") or {}) & {"en-US", "en-GB"}


async def test_an_admin_sets_the_server_language(discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    admin = sim.user("ada", permissions=1 << 5)  # Manage Server
    bob = sim.user("bob", locale="fr")
    said = await sim.slash(admin, "settings language", language="fr")
    assert said.ephemeral and said.content.startswith("Tables and posts in this server are now "
                                                      "in Français.")
    lobby = await sim.slash(admin, f"play {TOY_ID}")
    assert "une table ouverte par Ada" in lobby.content
    refused = await sim.slash(bob, "settings language", language="en")
    assert refused.content == ("Seules les personnes ayant la permission Gérer le serveur peuvent "
                               "changer la langue du serveur.")
    await sim.slash(admin, "settings language", language="auto")  # back to the server's locale
    assert "follow the server's language: English" in last_private(sim, admin).content
    await sim.click(admin, lobby, label="Annuler")  # drawn in French, redrawn in English
    assert lobby.content == "The Toy Rounds table was cancelled by Ada."


async def test_turn_dms_speak_each_readers_own_language(discord_sim: Any,
                                                       toy_tablee_dms_at_once: Any) -> None:
    """A DM has no interaction to read a locale from: it uses the reader's last one; so does
    the sentence it becomes once that turn is played."""
    sim = discord_sim
    alice, zoe = sim.user("alice"), sim.user("zoe", locale="fr")
    lobby = await sim.slash(zoe, f"play {TOY_ID}")
    await sim.click(alice, lobby, label="Join")
    await sim.click(zoe, lobby, label="Start")
    for _turn in range(2):  # both players' turns start: each gets a DM
        mover = to_move(sim, {alice.id: alice, zoe.id: zoe})
        suggestions = await sim.autocomplete(mover, "move", text="")
        await sim.slash(mover, "move", move=suggestions[0]["value"])
    sent = {user: [(m.history[0]["content"] if m.history else m.content) for m in sim.dms(user)]
            for user in (zoe, alice)}
    assert sent[zoe] and all(t.startswith("À vous de jouer à **Toy Rounds**") for t in sent[zoe])
    assert sent[alice] and all(t.startswith("Your turn in **Toy Rounds**") for t in sent[alice])
    played = {"Vous avez joué votre tour à **Toy Rounds**.",
              "You played your turn in **Toy Rounds**."}
    edited = [m.content for user in (zoe, alice) for m in sim.dms(user) if m.history]
    assert edited and set(edited) <= played  # each in its reader's language
