"""The tiny discord.py bot the emulator's self-tests drive: one command per thing to prove.

Built only from discord.py's public API, the way the real adapter will be; a few commands break
Discord's rules on purpose so the self-tests can show the emulator catches them.
"""

from __future__ import annotations

import asyncio
import io
import time
from typing import Any

import discord
from discord import app_commands
from PIL import Image

GAMES = ["isis-osiris", "master-islands", "maitre-des-mers", "ile-des-contrebandiers"]


def png(width: int, height: int, colour: str = "navy") -> discord.File:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buffer, "PNG")
    buffer.seek(0)
    return discord.File(buffer, filename=f"board-{width}x{height}.png")


class Lobby(discord.ui.View):
    """Join / Leave buttons and a colour select, answered with each callback type."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.players: list[str] = []

    def text(self) -> str:
        return "Players: " + (", ".join(self.players) or "nobody")

    @discord.ui.button(label="Join", custom_id="lobby:join", style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.players.append(interaction.user.name)
        await interaction.response.edit_message(content=self.text(), view=self)  # type 7

    @discord.ui.button(label="Leave", custom_id="lobby:leave")
    async def leave(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # type 6, then edit the message it sits on
        if interaction.user.name in self.players:
            self.players.remove(interaction.user.name)
        await interaction.edit_original_response(content=self.text(), view=self)

    @discord.ui.button(label="Hand", custom_id="lobby:hand")
    async def hand(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(
            f"your hand, {interaction.user.name}", file=png(40, 20, "red"), ephemeral=True
        )

    @discord.ui.select(
        custom_id="lobby:colour",
        options=[discord.SelectOption(label=c, value=c) for c in ("red", "green", "blue")],
        max_values=2,
    )
    async def colour(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(
            "you chose " + "+".join(select.values), ephemeral=True
        )


class SixButtons(discord.ui.View):
    """A view that lies about its layout: six buttons in one row (Discord allows five)."""

    def to_components(self) -> list[dict[str, Any]]:
        buttons = [
            {"type": 2, "style": 1, "label": str(i), "custom_id": f"six:{i}"} for i in range(6)
        ]
        return [{"type": 1, "components": buttons}]


class Notes(discord.ui.View):
    """Followups after an update: "Note" defers the update (6), "Swap" updates (7); both then
    send a public and a private followup."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Note", custom_id="notes:note")
    async def note(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # type 6
        await interaction.followup.send("public note")
        await interaction.followup.send("private note", ephemeral=True)

    @discord.ui.button(label="Swap", custom_id="notes:swap")
    async def swap(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="swapped", view=self)  # type 7
        await interaction.followup.send("after the swap")


class Board(discord.ui.LayoutView):
    """A Components V2 message: a container with text, two sections (a thumbnail, a button),
    a media gallery and an action row, the media uploaded with it."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        ping = discord.ui.Button(label="Ping", custom_id="layout:ping")
        ping.callback = self.ping  # type: ignore[method-assign]
        details = discord.ui.Button(label="Details", custom_id="layout:details")
        details.callback = self.details  # type: ignore[method-assign]
        self.add_item(discord.ui.Container(
            discord.ui.TextDisplay("## Turn 3"),
            discord.ui.Section("Alice to play", accessory=discord.ui.Thumbnail(
                "attachment://board-40x20.png", description="the small board")),
            discord.ui.Section("Bob waits", accessory=details),
            discord.ui.MediaGallery(discord.MediaGalleryItem(
                "attachment://board-64x32.png", description="the big board")),
            discord.ui.ActionRow(ping),
            accent_colour=0x2E86C1,
        ))

    @staticmethod
    def files() -> list[discord.File]:
        return [png(40, 20, "red"), png(64, 32)]

    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    async def details(self, interaction: discord.Interaction) -> None:
        view = discord.ui.LayoutView()
        view.add_item(discord.ui.TextDisplay("Bob has 3 cards"))
        await interaction.response.edit_message(view=view, attachments=[])  # type 7, still V2


def parsed(components: list[Any]) -> str:
    """What discord.py parsed from a V2 message: component kinds, texts, colours, media."""
    out = []
    for comp in components:
        name = type(comp).__name__
        if isinstance(comp, discord.components.Container):
            out.append(f"{name}#{comp.accent_colour}[{parsed(comp.children)}]")
        elif isinstance(comp, discord.components.SectionComponent):
            out.append(f"{name}[{parsed(comp.children)}|{parsed([comp.accessory])}]")
        elif isinstance(comp, discord.components.ActionRow):
            out.append(f"{name}[{parsed(comp.children)}]")
        elif isinstance(comp, discord.components.TextDisplay):
            out.append(f"{name}:{comp.content}")
        elif isinstance(comp, discord.components.ThumbnailComponent):
            out.append(f"{name}:{comp.media.url.rsplit('/', 1)[-1]}:{comp.description}")
        elif isinstance(comp, discord.components.MediaGalleryComponent):
            items = ",".join(f"{i.media.url.rsplit('/', 1)[-1]}:{i.description}"
                             for i in comp.items)
            out.append(f"{name}:{items}")
        elif isinstance(comp, discord.components.Button):
            out.append(f"{name}:{comp.label}")
        else:
            out.append(name)
    return " ".join(out)


class TinyBot(discord.Client):
    def __init__(self, *, guild_commands: bool = False, members: bool = False) -> None:
        intents = discord.Intents.default()
        intents.members = members
        super().__init__(intents=intents)
        self.tree = app_commands.CommandTree(self)
        self.guild_commands = guild_commands
        self.stored: discord.Interaction | None = None
        self.errors: list[str] = []
        self.ready_count = 0
        self.resumed_count = 0
        self.launched: list[str | None] = []  # the instance ids /launch got back
        _commands(self)

    async def setup_hook(self) -> None:
        self.add_view(Lobby())  # persistent: the buttons work after a restart
        if self.guild_commands:
            # The guild is only known after READY; the tests sync guild commands from on_ready.
            return
        await self.tree.sync()

    async def on_ready(self) -> None:
        self.ready_count += 1
        if self.guild_commands and self.ready_count == 1:
            guild = self.guilds[0]
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def on_resumed(self) -> None:
        self.resumed_count += 1


def _commands(bot: TinyBot) -> None:
    tree = bot.tree

    @tree.command(description="Greet someone")
    async def hello(interaction: discord.Interaction, who: discord.User, times: int = 1) -> None:
        await interaction.response.send_message(f"hello {who.mention} x{times}")

    @tree.command(description="Options named user and name")
    async def greet(interaction: discord.Interaction, user: discord.User, name: str) -> None:
        await interaction.response.send_message(f"greetings {user.mention} alias {name}")

    @tree.command(description="What may I do here?")
    async def whoami(interaction: discord.Interaction) -> None:
        perms = interaction.permissions
        await interaction.response.send_message(
            f"{interaction.user.name} manage_channels={perms.manage_channels}", ephemeral=True
        )

    @tree.command(description="Which languages this interaction carries")
    async def locales(interaction: discord.Interaction) -> None:
        guild = interaction.guild
        preferred = guild.preferred_locale if guild is not None else None
        await interaction.response.send_message(
            f"user {interaction.locale} guild {interaction.guild_locale} server {preferred}",
            ephemeral=True,
        )

    @tree.command(description="Pick a game")
    @app_commands.describe(game="which game")
    async def play(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(f"lobby for {game}", view=Lobby())

    @play.autocomplete("game")
    async def play_game(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GAMES if current in g]

    @tree.command(description="Think, then answer")
    async def think(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.2)
        await interaction.followup.send("thought about it")

    @tree.command(description="A secret")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you see this", ephemeral=True)

    @tree.command(description="DM someone")
    async def poke(interaction: discord.Interaction, who: discord.User) -> None:
        try:
            await who.send(f"poke from {interaction.user.name}", view=Lobby())
        except discord.Forbidden as err:
            await interaction.response.send_message(f"{who.mention} has closed DMs ({err.code})")
        else:
            await interaction.response.send_message("poked", ephemeral=True)

    @tree.command(description="Images: reply, followup, edit")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("board", file=png(64, 32))
        await interaction.followup.send("second", file=png(10, 10, "white"))
        await interaction.edit_original_response(content="board v2", attachments=[png(80, 40)])

    @tree.command(description="Channel messages: post, edit, fetch, delete")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await interaction.client.fetch_channel(interaction.channel_id)
        assert isinstance(channel, discord.TextChannel)
        table = await channel.send("table v1", file=png(30, 30), view=Lobby())
        await table.edit(content="table v2")
        fetched = await channel.fetch_message(table.id)
        scratch = await channel.send("scratch")
        await scratch.delete()
        guild = await interaction.client.fetch_guild(channel.guild.id)
        original = await interaction.original_response()
        await interaction.edit_original_response(
            content=f"{fetched.content} in {guild.name}, original {original.id}"
        )

    @tree.command(description="Followups edited and deleted, original deleted")
    async def undo(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("oops")
        note = await interaction.followup.send("note v1", ephemeral=True, wait=True)
        await note.edit(content="note v2")
        fetched = await interaction.followup.fetch_message(note.id)
        extra = await interaction.followup.send("extra", wait=True)
        await extra.delete()
        await interaction.delete_original_response()
        await interaction.followup.send(f"fetched {fetched.content}")

    @tree.command(description="Answers, then renders in a thread and follows up")
    async def render(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("rendering")
        await asyncio.to_thread(time.sleep, 0.15)  # silent work: no request meanwhile
        await interaction.followup.send("rendered")

    @tree.command(description="Reads back what Discord knows")
    async def inspect(interaction: discord.Interaction, who: discord.User) -> None:
        await interaction.response.defer(thinking=True)
        client = interaction.client
        guild = await client.fetch_guild(interaction.guild_id or 0)
        channels = await guild.fetch_channels()
        roles = await guild.fetch_roles()
        member = await guild.fetch_member(who.id)
        user = await client.fetch_user(who.id)
        commands = await bot.tree.fetch_commands()
        channel = channels[0]
        assert isinstance(channel, discord.TextChannel)
        async with channel.typing():
            history = [m.content async for m in channel.history(limit=5)]
        await interaction.followup.send(
            f"{len(channels)} channels, {len(roles)} roles, member {member.name}, "
            f"user {user.name}, {len(commands)} commands, history {history}"
        )

    @tree.command(description="Answers too late")
    async def slow(interaction: discord.Interaction, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await interaction.response.send_message("finally")

    @tree.command(description="Keeps the interaction for later")
    async def later(interaction: discord.Interaction) -> None:
        bot.stored = interaction
        await interaction.response.send_message("kept")

    @tree.command(description="Uses the kept interaction's token")
    async def finish(interaction: discord.Interaction) -> None:
        assert bot.stored is not None
        try:
            await bot.stored.followup.send("late followup")
            outcome = "sent"
        except discord.HTTPException as err:
            outcome = f"{err.status} {err.code}"
        await interaction.response.send_message(outcome)

    @tree.command(description="Six buttons in a row")
    async def six(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("six", view=SixButtons())

    @tree.command(description="Too long")
    async def chatter(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * 2001)

    @tree.command(description="Posts in the channel (rate-limit test)")
    async def announce(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        assert interaction.channel is not None
        await interaction.channel.send("announcement")  # type: ignore[union-attr]
        await interaction.followup.send("announced")

    @tree.command(description="A form")
    async def form(interaction: discord.Interaction) -> None:
        modal = discord.ui.Modal(title="Your name")
        modal.add_item(discord.ui.TextInput(label="Name", custom_id="form:name"))
        await interaction.response.send_modal(modal)

    @tree.command(description="Opens the Activity")
    async def launch(interaction: discord.Interaction) -> None:
        response = await interaction.response.launch_activity()  # type 12
        interaction.client.launched.append(response.activity_id)  # type: ignore[attr-defined]

    @tree.command(description="Buttons whose followups come after an update")
    async def notes(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("notes", view=Notes())

    @tree.command(description="Defers, then two followups")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("first")
        await interaction.followup.send("second")

    @tree.command(description="Edits the kept interaction's answer with this one's token")
    async def meddle(interaction: discord.Interaction, channel_post: bool = False) -> None:
        await interaction.response.defer(thinking=True)
        assert bot.stored is not None and interaction.channel is not None
        if channel_post:
            target = await interaction.channel.send("a channel post")  # type: ignore[union-attr]
        else:
            target = await bot.stored.original_response()
        try:
            await interaction.followup.edit_message(target.id, content="meddled")
            outcome = "edited"
        except discord.HTTPException as err:
            outcome = f"{err.status} {err.code}"
        await interaction.followup.send(outcome)

    @tree.command(description="Edits the kept interaction's original answer")
    async def amend(interaction: discord.Interaction) -> None:
        assert bot.stored is not None
        try:
            await bot.stored.edit_original_response(content="amended")
            outcome = "amended"
        except discord.HTTPException as err:
            outcome = f"{err.status} {err.code}"
        await interaction.response.send_message(outcome)

    @tree.command(description="A Components V2 message, read back")
    async def layout(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(view=Board(), files=Board.files())
        sent = await interaction.original_response()
        await interaction.followup.send(
            f"v2={sent.flags.components_v2} {parsed(sent.components)}", ephemeral=True)

    @tree.command(description="A Components V2 post in the channel, edited")
    async def layout_post(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.channel is not None
        post = await interaction.channel.send(  # type: ignore[union-attr]
            view=Board(), files=Board.files())
        view = discord.ui.LayoutView()
        view.add_item(discord.ui.Container(discord.ui.TextDisplay("Turn 4"), accent_colour=7))
        await post.edit(view=view, attachments=[])
        fetched = await interaction.channel.fetch_message(post.id)  # type: ignore[union-attr]
        await interaction.followup.send(f"v2={fetched.flags.components_v2} "
                                        f"{parsed(fetched.components)}")

    @tree.command(description="Posts in the channel N times")
    async def burst(interaction: discord.Interaction, count: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert interaction.channel is not None
        for index in range(count):
            await interaction.channel.send(f"post {index}")  # type: ignore[union-attr]
        await interaction.followup.send(f"posted {count}")

    @tree.command(description="Answers, then posts in the channel N times")
    async def spread(interaction: discord.Interaction, count: int) -> None:
        await interaction.response.send_message("spreading", ephemeral=True)
        assert interaction.channel is not None
        for index in range(count):
            await interaction.channel.send(f"post {index}")  # type: ignore[union-attr]

    group = app_commands.Group(name="table", description="Table admin")

    @group.command(description="Abandon the table")
    async def abandon(interaction: discord.Interaction, reason: str = "none") -> None:
        await interaction.response.send_message(f"abandoned ({reason})")

    tree.add_command(group)
