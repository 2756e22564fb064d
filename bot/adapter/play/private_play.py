"""Private play: My hand / Play, the step-by-step move menu, Board, the board in words (Describe,
/board text) and Rules answers.

Everything here is ephemeral: the hand image comes from the pressing player's own note, the menu
from their legal moves. Each menu step edits the same ephemeral message; the final choice plays the
move through the service (version-checked) and then posts the new table post publicly.

The hand image comes only when it changed since this person last got it at this table
(:class:`~bot.adapter.kit.files.SeenHands`), except on /hand, which always shows it; the board never
comes with a menu or a move's answer (the table post shows it; Board shows it on demand).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.service.errors import STALE, NotSeated, NotYourTurn, StaleVersion
from bot.service.results import (
    BoardWords,
    MenuEntry,
    MenuOffers,
    MenuPick,
    Outcome,
    PrivateNote,
)
from bot.service.rules.words import pages
from games import get_game

from ..clock.clock import back_screen
from ..kit import send
from ..kit.checks import require_post_permissions
from ..kit.components import Component, Layout
from ..kit.context import tablee
from ..kit.emojis import UNICODE, Emojis, emojis_of
from ..kit.errors import guarded
from ..kit.files import png_file
from ..kit.i18n import N_, _, current, shown
from ..kit.limits import MAX_CONTENT
from ..kit.texts import rules_messages
from ..posting.places import table_channel
from . import play_menu as pm

MENU_MARK = N_("**Your move:**")
SAME_HAND = N_("-# Your hand has not changed since I last showed it; /hand shows it again.")


HAND_TEXT = 1900  # a hand's text, leaving room for what precedes it
MENU_INTRO = 1500  # the hand's text above a menu, leaving room for the menu line


def stale() -> StaleVersion:
    return StaleVersion(_(STALE))


# -- building the menu ------------------------------------------------------------------------
class MenuButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace=pm.NAMESPACE,
                 template=r"(?P<kind>[np]):" + pm.FIELDS):
    """A verb, a navigation step (Back / Previous / Next) or a final move."""

    def __init__(
        self,
        custom_id: str,
        label: str = "…",
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        emoji: discord.PartialEmoji | None = None,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id,
                                           emoji=emoji), row=row)

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_menu(interaction, self.custom_id, None)


class MenuSelect(Component, discord.ui.DynamicItem[discord.ui.Select],
                 namespace=pm.NAMESPACE + "s:", template=pm.FIELDS):
    """One select of the next step's choices (cards, positions, alignments …)."""

    def __init__(
        self,
        custom_id: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        options = options or [discord.SelectOption(label=_("…"), value="n0")]
        super().__init__(
            discord.ui.Select(custom_id=custom_id, options=options, placeholder=placeholder, row=0)
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_menu(interaction, self.custom_id, list(self.item.values))


def menu_screen(
    channel_id: int,
    version: int,
    entries: list[MenuEntry],
    intro: str,
    prefix: pm.Prefix = (),
    page: int = 0,
    emojis: Emojis = UNICODE,
) -> tuple[str, discord.ui.View]:
    """The text and components of one menu step; a choice that picks a seat, a die face or a
    card colour shows it as an emoji beside its label, in the choices and in the steps chosen
    so far (``emojis``: the application's)."""
    screen = pm.build_page(entries, prefix, page)
    steps = [f"{emojis.mark(icon)} {shown(label)}".lstrip()
             for label, icon in zip(screen.trail, screen.trail_icons, strict=True)]
    chosen = " → ".join([*steps, "…"]) if steps else _("choose an action")
    pages = _(" (page {p}/{n})", p=screen.page + 1, n=screen.pages) if screen.pages > 1 else ""
    content = f"{intro}\n{_(MENU_MARK)} {chosen}{pages}"
    view = discord.ui.View(timeout=None)

    def cid(kind: str, pre: pm.Prefix, pg: int = 0) -> str:
        return pm.custom_id(kind, channel_id, version, entries, pre, pg)

    if screen.style == "buttons":
        for i, choice in enumerate(screen.choices):
            kind = "p" if choice.move is not None else "n"
            style = (
                discord.ButtonStyle.success
                if choice.move is not None
                else discord.ButtonStyle.primary
            )
            view.add_item(
                MenuButton(
                    cid(kind, choice.prefix), pm.button_label(choice), style=style, row=i // 5,
                    emoji=emojis.icon(choice.icon),
                )
            )
    else:
        options = [
            discord.SelectOption(label=pm.option_label(c), value=pm.option_value(c),
                                 emoji=emojis.icon(c.icon))
            for c in screen.choices
        ]
        view.add_item(MenuSelect(cid("s", screen.prefix, screen.page), options, _("Choose…")))
    nav_row = 4 if screen.style == "buttons" else 1
    if screen.prefix:
        view.add_item(MenuButton(cid("n", screen.prefix[:-1]), _("Back"), row=nav_row))
    if screen.page > 0:
        view.add_item(
            MenuButton(cid("n", screen.prefix, screen.page - 1), _("Previous"), row=nav_row)
        )
    if screen.page < screen.pages - 1:
        view.add_item(MenuButton(cid("n", screen.prefix, screen.page + 1), _("Next"), row=nav_row))
    return content[:MAX_CONTENT], view


Screen = tuple[str, discord.File | None, discord.ui.View | None]


def note_screen(channel_id: int, note: PrivateNote, layout: Layout, *,
                hand: bool = True, emojis: Emojis = UNICODE) -> Screen:
    """A seat's private note: the hand (unless ``hand`` is False), and the menu's first step
    when it is their turn (with the extra items ``layout`` puts there)."""
    file = png_file(note.image_png, "hand.png") if hand else None
    if note.replaced:
        content, view = back_screen(channel_id, note)
        return content, file, view
    text = shown(note.text)
    if not note.your_turn or not note.menu:
        return text[:HAND_TEXT], file, None
    content, view = menu_screen(channel_id, note.version, note.menu, text[:MENU_INTRO],
                                emojis=emojis)
    add_first_level(view, layout, channel_id, note.version, note.offers)
    return content, file, view


def new_hand(interaction: discord.Interaction, channel_id: int, note: PrivateNote) -> bool:
    """Whether this person's hand image changed since they were last sent it at this table
    (then it counts as sent): a private reply attaches it only then."""
    return tablee(interaction.client).poster.hands.changed(channel_id, interaction.user.id,
                                                           note.image_png)


def add_first_level(view: discord.ui.View, layout: Layout, channel_id: int, version: int,
                    offers: MenuOffers) -> None:
    """What the layout puts on the first level of a mover's menu (Undo, Hint, when
    offered)."""
    for item in layout.move_menu_items(channel_id, version, offers):
        view.add_item(item)


async def private_screen(interaction: discord.Interaction, channel_id: int, *,
                         always: bool = False) -> Screen:
    """What My hand / Play shows this person now: their hand (+ menu on their turn), or the public
    board with a clear "you are not seated" for anyone else. The hand image comes only when it
    changed since this person last got it here, or ``always`` (/hand)."""
    service = tablee(interaction.client).service
    try:
        note = await service.views.private_note(channel_id, interaction.user.id, language=current())
    except NotSeated:
        post = await service.views.board(channel_id, language=current())
        text = _("You are not seated at this table, so here is the public board.")
        return (f"{text}\n{shown(post.status)}"[:MAX_CONTENT], png_file(post.image_png, "board.png"),
                None)
    hand = new_hand(interaction, channel_id, note) or always
    content, file, view = note_screen(channel_id, note, tablee(interaction.client).layout,
                                      hand=hand, emojis=emojis_of(interaction.client))
    if not hand and note.image_png:
        content = f"{content}\n{_(SAME_HAND)}"[:MAX_CONTENT]
    return content, file, view


# -- answering ----------------------------------------------------------------------------------
async def show_hand(interaction: discord.Interaction, channel_id: int | None) -> None:
    """My hand / Play (the button's channel) or /hand (``None``: this channel, in a server,
    always with the hand image)."""
    async with guarded(interaction, "my hand"):
        always = channel_id is None
        await send.defer_private(interaction)  # before any read: Discord waits 3 s
        channel_id = channel_id or await table_channel(interaction,
                                                       tablee(interaction.client).service)
        content, file, view = await private_screen(interaction, channel_id, always=always)
        kwargs: dict[str, Any] = {"ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        await send.followup(interaction, content, **kwargs)


async def show_board(interaction: discord.Interaction, channel_id: int | None) -> None:
    async with guarded(interaction, "board"):
        await send.defer_private(interaction)  # before any read: Discord waits 3 s
        channel_id = channel_id or await table_channel(interaction,
                                                       tablee(interaction.client).service)
        post = await tablee(interaction.client).service.views.board(channel_id, language=current())
        file = png_file(post.image_png, "board.png")
        kwargs: dict[str, Any] = {"ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        await send.followup(interaction, shown(post.status) or _("The board:"), **kwargs)


# -- the board in words ------------------------------------------------------------------------
WORDS_ROOM = 200
"""Characters of a page of words kept for its first line ("The position in words … (page 2 of
3):"), so a whole page stays within a message's 2,000."""


class WordsPage(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tp:",
                template=r"(?P<channel_id>\d+):(?P<version>\d+):(?P<page>\d+)",
                id_format="{channel_id}:{version}:{page}"):
    """Previous / Next under the board in words: shows that page of the position as it is now
    (the version only keeps the ids of two answers apart)."""

    def __init__(self, channel_id: int, version: int, page: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary,
            custom_id=self.make_id(channel_id=channel_id, version=version, page=page)))
        self.channel_id = channel_id
        self.page = page

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "board in words"):
            await interaction.response.defer()  # a deferred update of this private message
            said = await tablee(interaction.client).service.views.board_words(
                self.channel_id, interaction.user.id, language=current())
            content, view = words_screen(said, self.page)
            await send.edit_original(interaction, content=content, view=view)


def words_screen(said: BoardWords, page: int) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` (counted from 0, kept within the pages there are) of the position in words,
    with Previous / Next when there is more than one page."""
    parts = pages(said.lines, MAX_CONTENT - WORDS_ROOM)
    page = max(0, min(page, len(parts) - 1))
    head = (_("The position in words, as you see it from your seat:") if said.seat is not None
            else _("The position in words, as everyone sees it:"))
    if len(parts) > 1:
        head = _("{head} (page {p} of {n})", head=head, p=page + 1, n=len(parts))
    content = f"{head[:WORDS_ROOM - 1]}\n{parts[page]}"[:MAX_CONTENT]
    if len(parts) == 1:
        return content, None
    view = discord.ui.View(timeout=None)
    if page > 0:
        view.add_item(WordsPage(said.channel_id, said.version, page - 1, _("Previous")))
    if page < len(parts) - 1:
        view.add_item(WordsPage(said.channel_id, said.version, page + 1, _("Next")))
    return content, view


async def show_words(interaction: discord.Interaction, channel_id: int | None) -> None:
    """Describe (the button's channel) or /board text (``None``: this channel): the position in
    words, privately, from the presser's seat when seated (their hand too), else the public
    view's, in pages."""
    async with guarded(interaction, "board in words"):
        await send.defer_private(interaction)  # before any read: Discord waits 3 s
        channel_id = channel_id or await table_channel(interaction,
                                                       tablee(interaction.client).service)
        said = await tablee(interaction.client).service.views.board_words(
            channel_id, interaction.user.id, language=current())
        content, view = words_screen(said, 0)
        kwargs: dict[str, Any] = {"ephemeral": True}
        if view is not None:
            kwargs["view"] = view
        await send.followup(interaction, content, **kwargs)


async def show_table_rules(interaction: discord.Interaction, channel_id: int) -> None:
    async with guarded(interaction, "rules"):
        await send.defer_private(interaction)  # before the read: Discord waits 3 s
        table = await tablee(interaction.client).service.views.require_table(channel_id)
        await send.respond_all(interaction, rules_messages(get_game(table.game_id)),
                               ephemeral=True)


async def on_menu(
    interaction: discord.Interaction, custom_id: str, values: list[str] | None
) -> None:
    """One menu step: the service checks the version and decodes the click from the menu's
    moves (one read of the table), then plays the move or gives the next level, with the text
    above the menu (the note's)."""
    match = pm.CUSTOM_ID.fullmatch(custom_id)
    assert match is not None  # the component's template matched it
    async with guarded(interaction, "menu"):
        channel_id, version = int(match["channel"]), int(match["version"])
        kind, code, page = match["kind"], match["code"], int(match["page"])
        await interaction.response.defer()  # a deferred update of this ephemeral message

        def pick(entries: list[MenuEntry]) -> MenuPick:
            if not entries:
                raise NotYourTurn(_("It's not your turn."))
            picked = pm.decode(entries, kind, code, page, values)
            if picked is None:
                raise stale()
            if picked.move is not None:
                require_post_permissions(interaction)  # before the move is stored
            return picked

        bot = tablee(interaction.client)
        chosen = await bot.service.moves.choose(channel_id, interaction.user.id, version, pick,
                                                language=current())
        if isinstance(chosen, Outcome):
            await played(interaction, chosen)
            return
        content, view = menu_screen(channel_id, version, chosen.entries,
                                    shown(chosen.intro)[:MENU_INTRO], chosen.pick.prefix,
                                    chosen.pick.page, emojis_of(interaction.client))
        if not chosen.pick.prefix:  # back to the first level: as the note showed it
            add_first_level(view, tablee(interaction.client).layout, channel_id, version,
                            chosen.offers)
        await send.edit_original(interaction, content=content, view=view)


async def play_move(
    interaction: discord.Interaction,
    channel_id: int,
    move: str,
    *,
    version: int | None,
) -> None:
    """Play through the service, post the table, then update the player's private message: the next
    menu when they move again, else what they played. Callers run this inside ``guarded``."""
    await defer_change(interaction)
    outcome = await tablee(interaction.client).service.moves.play(
        channel_id, interaction.user.id, move, version=version)
    await played(interaction, outcome)


async def played(interaction: discord.Interaction, outcome: Outcome) -> None:
    """After a person's move or undo: the table posted through their interaction (its token
    carries the post: :mod:`bot.adapter.posting.carriers`) and their private message updated. A
    component's deferred update is answered after the post (the menu's message reads "You
    played" once the table shows it); a command's private "thinking…" is answered first, since
    Discord's first followup after that deferral would replace it instead of posting."""
    poster = tablee(interaction.client).poster
    if interaction.type == discord.InteractionType.component:
        await poster.publish(outcome, via=interaction)
        await show_after(interaction, outcome.table.channel_id, outcome)
    else:
        await show_after(interaction, outcome.table.channel_id, outcome)
        await poster.publish(outcome, via=interaction)


async def defer_change(interaction: discord.Interaction) -> None:
    """Before a change of the table (a move, an undo): check the bot may post the table here,
    then defer: a menu's message is updated in place, a command gets a private answer."""
    require_post_permissions(interaction)
    if interaction.type != discord.InteractionType.component:
        await send.defer_private(interaction)
    elif not interaction.response.is_done():
        await interaction.response.defer()


async def show_after(
    interaction: discord.Interaction, channel_id: int, outcome: Outcome
) -> None:
    """The player's private message after their move or undo: the next menu when they move
    again (the service adds their own note with its menu, its text opening with what they did),
    else what they did alone (``outcome.said``, the same words). The board is never here (the table
    post shows it, edited in place during a turn); the hand only when it changed (else a menu's
    message keeps the image it shows)."""
    user_id = interaction.user.id
    finished = outcome.post is not None and outcome.post.finished
    note = next((n for n in outcome.notes if n.user_id == user_id and n.your_turn and n.menu), None)
    if note is not None and not finished:
        content, file, view = note_screen(channel_id, note, tablee(interaction.client).layout,
                                          hand=new_hand(interaction, channel_id, note),
                                          emojis=emojis_of(interaction.client))
        kwargs: dict[str, Any] = {"attachments": [file]} if file is not None else {}
        await send.edit_original(interaction, content=content, view=view, **kwargs)
    else:
        await send.edit_original(interaction, content=shown(outcome.said), attachments=[],
                                 view=None)
