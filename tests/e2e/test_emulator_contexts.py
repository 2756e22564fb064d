"""The emulator's installation contexts (issue 41): where the app is installed, group DMs and
DMs between people, the interaction's context fields, and Discord's rules for a user-installed
app, each through real discord.py."""

from typing import Any

import discord
import pytest
from discord import app_commands
from discord.http import Route

from tests.e2e.emulator import validate
from tests.e2e.emulator.state import (
    ATTACH_FILES,
    BOT_DM_APP_PERMISSIONS,
    EMBED_LINKS,
    MENTION_EVERYONE,
    PRIVATE_APP_PERMISSIONS,
    USE_EXTERNAL_APPS,
)
from tests.e2e.emulator.tinybot import TinyBot


async def test_application_reports_the_installation_contexts_turned_on(discord_sim):
    bot = await discord_sim.start_bot(TinyBot())
    info = await bot.application_info()
    assert info.guild_integration_config is not None
    assert info.user_integration_config is None  # the default: installable to servers only
    discord_sim.world.install_types = {0, 1}
    discord_sim.world.install_params = {
        0: {"scopes": ["applications.commands", "bot"], "permissions": "2048"}}
    info = await bot.application_info()
    assert info.user_integration_config is not None
    assert info.user_integration_config.oauth2_install_params is None
    params = info.guild_integration_config.oauth2_install_params
    assert params.scopes == ["applications.commands", "bot"]
    assert params.permissions.send_messages
    answers = [r for r in discord_sim.requests if r.route == "/oauth2/applications/@me"]
    assert answers[-1].response["integration_types_config"] == {
        "0": {"oauth2_install_params": {"scopes": ["applications.commands", "bot"],
                                        "permissions": "2048"}},
        "1": {},
    }
    for r in answers:
        assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r


EVERYWHERE = {"guilds": True, "dms": True, "private_channels": True}
BOTH_INSTALLS = {"guilds": True, "users": True}


def describe(interaction: discord.Interaction) -> str:
    """What discord.py made of the interaction: its context, owners and permissions."""
    owners = ",".join(f"{k}:{v}" for k, v in sorted(interaction._integration_owners.items()))
    return (f"context={interaction.context.guild}/{interaction.context.dm_channel}/"
            f"{interaction.context.private_channel} owners={owners} "
            f"guild={interaction.guild_id} user={interaction.user.name} "
            f"channel={type(interaction.channel).__name__} "
            f"perms={interaction.app_permissions.value}")


class Again(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Again", custom_id="ctx:again")
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(describe(interaction))

    @discord.ui.select(custom_id="ctx:colour",
                       options=[discord.SelectOption(label=c) for c in ("red", "blue")])
    async def colour(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"{select.values[0]} by "
                                                f"{interaction.user.name}")


class ContextBot(discord.Client):
    """Commands installable to servers and to people, usable everywhere, and one server-only
    command, the way the real bot declares them (allowed_installs / allowed_contexts)."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.kept: discord.Interaction | None = None
        self.outcomes: list[str] = []
        _context_commands(self)

    async def setup_hook(self) -> None:
        self.add_view(Again())
        await self.tree.sync()


def _context_commands(bot: ContextBot) -> None:
    tree = bot.tree

    async def attempt(call: Any) -> str:
        try:
            await call
        except discord.HTTPException as err:
            return f"{err.status} {err.code}"
        return "ok"

    @tree.command(description="Where am I?")
    @app_commands.allowed_installs(**BOTH_INSTALLS)
    @app_commands.allowed_contexts(**EVERYWHERE)
    async def where(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(describe(interaction), view=Again())

    @tree.command(description="Pick a game")
    @app_commands.allowed_installs(**BOTH_INSTALLS)
    @app_commands.allowed_contexts(**EVERYWHERE)
    async def pick(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(f"picked {game}")

    @pick.autocomplete("game")
    async def pick_game(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in ("chess", "go") if current in g]

    @tree.command(description="Only in servers")
    @app_commands.guild_only()
    async def serveronly(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("server")

    @tree.command(description="Uses the bot's own token here")
    @app_commands.allowed_installs(**BOTH_INSTALLS)
    @app_commands.allowed_contexts(**EVERYWHERE)
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        channel = interaction.channel
        outcome = await attempt(channel.send("by the bot"))  # type: ignore[union-attr]
        await interaction.followup.send(outcome)

    @tree.command(description="Answers, then follows up n times")
    @app_commands.allowed_installs(**BOTH_INSTALLS)
    @app_commands.allowed_contexts(**EVERYWHERE)
    async def burst(interaction: discord.Interaction, count: int, private: bool = False) -> None:
        await interaction.response.send_message("start", ephemeral=private)
        bot.outcomes = [await attempt(interaction.followup.send(f"followup {i}"))
                        for i in range(count)]

    @tree.command(description="Keeps the interaction")
    @app_commands.allowed_installs(**BOTH_INSTALLS)
    @app_commands.allowed_contexts(**EVERYWHERE)
    async def keep(interaction: discord.Interaction) -> None:
        bot.kept = interaction
        await interaction.response.send_message("kept")

    @tree.command(description="Uses the kept interaction's token")
    @app_commands.allowed_installs(**BOTH_INSTALLS)
    @app_commands.allowed_contexts(**EVERYWHERE)
    async def reuse(interaction: discord.Interaction) -> None:
        assert bot.kept is not None
        edit = await attempt(bot.kept.edit_original_response(content="edited"))
        followup = await attempt(bot.kept.followup.send("later"))
        await interaction.response.send_message(f"edit {edit}, followup {followup}")

    @tree.context_menu(name="Challenge to a game")
    @app_commands.allowed_installs(**BOTH_INSTALLS)
    @app_commands.allowed_contexts(**EVERYWHERE)
    async def challenge(interaction: discord.Interaction, user: discord.User) -> None:
        await interaction.response.send_message(
            f"{interaction.user.name} challenges {user.name} ({type(user).__name__}) "
            f"{describe(interaction)}")

    @tree.context_menu(name="Replay")
    @app_commands.allowed_installs(**BOTH_INSTALLS)
    @app_commands.allowed_contexts(**EVERYWHERE)
    async def replay(interaction: discord.Interaction, message: discord.Message) -> None:
        await interaction.response.send_message(
            f"replay of {message.id}: {message.content[:20]}", ephemeral=True)


def spec_problems(sim: Any) -> list[str]:
    """Every interaction the test sent, and every message's interaction_metadata, against the
    spec's schemas."""
    problems = [p for i in sim.world.interactions.values()
                for p in validate.interaction_problems(i.payload)]
    for message in sim.world.messages.values():
        if message.interaction is not None:
            kind = message.interaction.type
            problems += validate.schema_problems(validate.METADATA_SCHEMAS[kind],
                                                 message.interaction.metadata())
    return problems


@pytest.fixture
async def bot(discord_sim):
    return await discord_sim.start_bot(ContextBot())


async def test_a_group_dm_of_three_plays_through_the_user_install(discord_sim, bot):
    sim = discord_sim
    alice, bob, carol, dave = (sim.user(n) for n in ("alice", "bob", "carol", "dave"))
    gdm = sim.group_dm(alice, bob, carol)
    reply = await sim.slash(alice, "where", channel=gdm)
    assert reply.content == (f"context=False/False/True owners=1:{alice.id} guild=None "
                             f"user=alice channel=GroupChannel perms={PRIVATE_APP_PERMISSIONS}")
    payload = sim.last_interaction.payload
    assert payload["context"] == 2 and "member" not in payload and "guild_id" not in payload
    assert payload["channel"]["type"] == 3
    assert {u["username"] for u in payload["channel"]["recipients"]} == {"alice", "bob", "carol"}
    assert payload["app_permissions"] == str(ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE)
    # bob presses alice's button: the owner is still alice, who ran the command
    again = await sim.click(bob, reply, label="Again")
    assert f"owners=1:{alice.id} " in again.content and "user=bob" in again.content
    assert [m.content[:10] for m in sim.public(gdm)] == ["context=Fa"] * 2
    assert sim.visible_to(carol, gdm) == sim.public(gdm)
    assert sim.visible_to(dave, gdm) == [] and sim.public() == []
    with pytest.raises(AssertionError, match="dave cannot see"):
        await sim.click(dave, reply, label="Again")
    with pytest.raises(AssertionError, match="dave is not in"):
        await sim.slash(dave, "where", channel=gdm)
    picked = await sim.select(carol, reply, values=["blue"])
    assert picked is reply and reply.content == "blue by carol"
    assert await sim.autocomplete(bob, "pick", text="c", channel=gdm) == [
        {"name": "chess", "value": "chess"}]
    challenge = await sim.user_command(alice, "Challenge to a game", target=bob, channel=gdm)
    assert challenge.content.startswith("alice challenges bob (User) context=False/False/True")
    data = sim.last_interaction.payload["data"]
    assert (data["type"], data["target_id"]) == (2, str(bob.id))
    assert "members" not in data["resolved"] and str(bob.id) in data["resolved"]["users"]
    assert challenge.to_json()["type"] == 23  # CONTEXT_MENU_COMMAND
    replay = await sim.message_command(bob, "Replay", reply)
    assert replay.ephemeral and replay.content == f"replay of {reply.id}: blue by carol"
    assert sim.last_interaction.payload["data"]["resolved"]["messages"][str(reply.id)]
    assert sim.refused_bot_requests() == []
    assert spec_problems(sim) == []


async def test_a_dm_between_two_people_and_the_bot_s_own_dm(discord_sim, bot):
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    dm = sim.dm_between(alice, bob)
    assert sim.dm_between(bob, alice) is dm and dm.type == 1
    reply = await sim.slash(bob, "where", channel=dm)
    assert reply.content == (f"context=False/False/True owners=1:{bob.id} guild=None "
                             f"user=bob channel=DMChannel perms={PRIVATE_APP_PERMISSIONS}")
    assert sim.visible_to(alice, dm) == [reply]
    own = sim.world.dm_channel(alice)  # the bot's DM with alice: the guild install too
    reply = await sim.slash(alice, "where", channel=own)
    assert reply.content == (f"context=False/True/False owners=0:0,1:{alice.id} guild=None "
                             f"user=alice channel=DMChannel perms={BOT_DM_APP_PERMISSIONS}")
    assert spec_problems(sim) == []


async def test_commands_are_offered_where_their_installs_and_contexts_allow(discord_sim, bot):
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob", installed=False)
    gdm = sim.group_dm(alice, bob)
    elsewhere = sim.add_guild("Friends", bot_member=False)
    everywhere = ["Challenge to a game", "Replay", "burst", "keep", "pick", "post", "reuse",
                  "where"]
    assert sim.commands_offered(alice) == sorted([*everywhere, "serveronly"])
    assert sim.commands_offered(alice, gdm) == everywhere
    assert sim.commands_offered(alice, elsewhere) == everywhere  # her install, not the server's
    assert sim.commands_offered(alice, sim.world.dm_channel(alice)) == everywhere
    assert sim.commands_offered(bob) == sorted([*everywhere, "serveronly"])  # the server's
    assert sim.commands_offered(bob, gdm) == [] and sim.commands_offered(bob, elsewhere) == []
    with pytest.raises(AssertionError, match="alice cannot see 'serveronly'"):
        await sim.slash(alice, "serveronly", channel=gdm)
    with pytest.raises(AssertionError, match="bob cannot see 'where'"):
        await sim.slash(bob, "where", channel=gdm)
    with pytest.raises(AssertionError, match="bob cannot see 'Challenge to a game'"):
        await sim.user_command(bob, "Challenge to a game", target=alice, channel=elsewhere)
    assert (await sim.slash(bob, "serveronly")).content == "server"
    synced = {c["name"]: c for c in sim.commands()}
    assert synced["Replay"]["type"] == 3 and synced["Challenge to a game"]["type"] == 2
    assert sim.world.interactions and spec_problems(sim) == []


async def test_a_server_that_never_added_the_bot(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    elsewhere = sim.add_guild("Friends", bot_member=False)
    guild_id = elsewhere.guild_id
    await sim.wait_idle()
    assert bot.get_guild(guild_id) is None and [g.id for g in bot.guilds] == [sim.world.guild_id]
    assert not any(f["t"] == "GUILD_CREATE" and f["d"]["id"] == str(guild_id)
                   for s in sim.emulator.gateway.sessions.values() for f in s.sent)
    reply = await sim.slash(alice, "where", channel=elsewhere)
    assert reply.content.startswith(f"context=True/False/False owners=1:{alice.id} "
                                    f"guild={guild_id} user=alice")
    assert not reply.ephemeral  # @everyone may use external apps there
    payload = sim.last_interaction.payload
    assert payload["member"] and payload["guild_id"] == str(guild_id)
    bob = sim.user("bob")
    challenge = await sim.user_command(alice, "Challenge to a game", target=bob,
                                       channel=elsewhere)
    assert challenge.content.startswith("alice challenges bob (Member) context=True/False/False")
    assert str(bob.id) in sim.last_interaction.payload["data"]["resolved"]["members"]
    post = await sim.slash(alice, "post", channel=elsewhere)
    assert post.content == "403 50001"
    refused = sim.refused_bot_requests()
    assert [(r.method, r.route, r.status) for r in refused] == [
        ("POST", "/channels/{channel_id}/messages", 403)]
    gdm = sim.group_dm(alice, bob)
    assert (await sim.slash(alice, "post", channel=gdm)).content == "403 50001"
    assert (await sim.slash(alice, "post", channel=sim.dm_between(alice, sim.user("carol")))
            ).content == "403 50001"
    for path in (f"/guilds/{guild_id}", f"/channels/{gdm.id}",
                 f"/channels/{elsewhere.id}/messages/{reply.id}"):
        with pytest.raises(discord.Forbidden) as err:
            await bot.http.request(Route("GET", path))
        assert err.value.code == 50001
    assert len(sim.refused_bot_requests()) == 6
    assert (await sim.slash(alice, "post")).content == "ok"  # the server that added it
    club = sim.add_guild("Club")  # a server adding the bot while it runs: GUILD_CREATE
    await sim.wait_idle()
    assert bot.get_guild(club.guild_id) is not None
    assert (await sim.slash(alice, "post", channel=club)).content == "ok"
    assert sim.public() and spec_problems(sim) == []


async def test_replies_come_out_ephemeral_without_use_external_apps(discord_sim, bot):
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob", permissions=USE_EXTERNAL_APPS)
    strict = sim.add_guild("Strict", bot_member=False, external_apps=False)
    reply = await sim.slash(alice, "burst", channel=strict, count=2)
    assert reply.ephemeral and reply.content == "start"
    followups = sim.last_interaction.followups
    assert [m.ephemeral for m in followups] == [True, True] and sim.public(strict) == []
    reply = await sim.slash(bob, "burst", channel=strict, count=1)  # a role grants it
    assert not reply.ephemeral and not sim.last_interaction.followups[0].ephemeral
    assert not (await sim.slash(alice, "burst", count=1)).ephemeral  # the server added the app


async def test_five_followups_when_only_a_person_installed_the_app(discord_sim, bot):
    sim = discord_sim
    sim.limits.off()  # the interaction webhook's 5 per 2 s would pace the sixth: not the point
    alice = sim.user("alice")
    gdm = sim.group_dm(alice, sim.user("bob"))
    await sim.slash(alice, "burst", channel=gdm, count=6)
    assert bot.outcomes == ["ok"] * 5 + ["400 40094"]
    assert len(sim.last_interaction.followups) == 5
    await sim.slash(alice, "burst", count=6)  # in the server that added the app: no limit
    assert bot.outcomes == ["ok"] * 6


async def test_tokens_expire_15_minutes_later_on_discord_s_clock(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    gdm = sim.group_dm(alice, sim.user("bob"))
    kept = await sim.slash(alice, "keep", channel=gdm)
    sim.advance(14 * 60)
    assert (await sim.slash(alice, "reuse", channel=gdm)).content == "edit ok, followup ok"
    assert kept.content == "edited"
    sim.advance(61)
    assert (await sim.slash(alice, "reuse", channel=gdm)).content == (
        "edit 401 50027, followup 401 50027")
    assert kept.content == "edited" and len(sim.world.interaction_by_token(
        bot.kept.token).followups) == 1
