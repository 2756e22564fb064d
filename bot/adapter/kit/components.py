"""The adapter's one registry of persistent components (buttons and selects).

Every component is a :class:`discord.ui.DynamicItem` that also derives from :class:`Component`,
naming its custom-id namespace (the literal head of its ids) and the rest of its template:

    class ResignButton(Component, discord.ui.DynamicItem[discord.ui.Button],
                       namespace="tr:", template=r"resign:(?P<channel_id>\\d+):(?P<version>\\d+)",
                       id_format="resign:{channel_id}:{version}"):
        def __init__(self, channel_id: int, version: int) -> None: ...

Defining the class checks its namespace is free (a namespace taken twice is an error at import),
the room defining it hands it to discord.py in its ``setup(bot)`` (``bot.add_dynamic_items``,
see :mod:`bot.adapter.rooms`), and it is rebuilt from a pressed id by
:meth:`Component.from_custom_id`: each named group of the template fills the ``__init__``
parameter of the same name, converted to its annotated type (a class whose ``__init__`` takes
``custom_id`` gets the whole id instead). Custom ids never change once posted: buttons on old
messages must keep working.

A pressed id is checked before anything acts (:meth:`Component.interaction_check`, one place for
every component): its numbers must fit a 64-bit snowflake, a select's chosen values must be
among its options and as many as it allows, and the channel it names (a
``channel_id`` or ``channel`` group) must be the channel it was pressed in, or the message it was
pressed on (a table in a thread is keyed by its lobby post's id, which the thread takes), so a
forged id can never reach another server's table. No component naming a table is ever sent in a DM (turn DMs
carry text and an image, never buttons), so such an id pressed in a DM is refused too. A class
adds its own condition in :meth:`Component.allowed`, never by overriding ``interaction_check``.

Where components appear: a :class:`Layout` lists, in display order, the functions giving the
items of a table post and of the first level of a mover's private menu (the bot's is
:data:`bot.adapter.rooms.LAYOUT`); the poster and the menu ask it and never name a button.
"""

from __future__ import annotations

import logging
import re
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Self

import discord

from bot.service.results import MenuOffers, PublicPost, TableInfo

from .i18n import _, language, language_of
from .inputs import MAX_SNOWFLAKE, unsendable_sentence
from .send import reply_private

Item = discord.ui.Item[Any]
TablePostItems = Callable[[int, PublicPost, TableInfo], Iterable[Item]]
"""(channel id, the post, its table) -> the items this contributor puts on that table post."""
MoveMenuItems = Callable[[int, int, MenuOffers], Iterable[Item]]
"""(channel id, table version, what the service offers the mover: Undo, Hint) -> items on the
first level of the menu."""

_NAMESPACES: dict[str, type[Component]] = {}
CHANNEL_GROUPS = ("channel_id", "channel")
"""Template groups naming the channel of the table a component acts on."""
log = logging.getLogger("tablee.adapter")


class Component:
    """The base of every persistent component (listed before ``DynamicItem`` in the bases)."""

    namespace: ClassVar[str]
    id_format: ClassVar[str | None]

    def __init_subclass__(cls, *, namespace: str, template: str, id_format: str | None = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(template=re.escape(namespace) + template, **kwargs)
        if namespace in _NAMESPACES:
            raise ValueError(f"custom-id namespace {namespace!r} is taken by "
                             f"{_NAMESPACES[namespace].__qualname__}")
        if "interaction_check" in cls.__dict__:
            raise TypeError(f"{cls.__qualname__}: define allowed(), not interaction_check (the "
                            "base class checks the id's channel first)")
        cls.namespace = namespace
        cls.id_format = id_format
        _NAMESPACES[namespace] = cls

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Before any callback: the id's numbers and channel (see the module doc), refused with
        one private sentence; then the class's own :meth:`allowed`."""
        custom_id: str = self.custom_id  # type: ignore[attr-defined]
        template: re.Pattern[str] = self.__discord_ui_compiled_template__  # type: ignore[attr-defined]
        refusal = foreign(template.fullmatch(custom_id), interaction) or unsendable_values(
            custom_id, interaction)
        if refusal is None:
            return await self.allowed(interaction)
        log.warning("refused component %r pressed in channel %s by user %s: %s",
                     custom_id[:100], interaction.channel_id, interaction.user.id, refusal)
        with language(language_of(interaction.locale)):  # the presser's, as every refusal
            text = unsendable_sentence() if refusal == "unsendable" else _(
                "That button belongs to another channel's table, so it does nothing here.")
        await reply_private(interaction, text)
        return False

    async def allowed(self, interaction: discord.Interaction, /) -> bool:
        """The class's own condition (True: go on); it answers the person itself when not."""
        return True

    @classmethod
    def make_id(cls, **fields: Any) -> str:
        """The custom id for these fields (the class's ``id_format`` after its namespace)."""
        assert cls.id_format is not None, f"{cls.__qualname__} builds its ids elsewhere"
        return cls.namespace + cls.id_format.format(**fields)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str], /
    ) -> Self:
        return cls.from_match(match)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        """The component a matching custom id stands for."""
        types_of = _init_types(cls)
        if "custom_id" in types_of:
            return cls(custom_id=match.string)  # type: ignore[call-arg]
        fields = {name: _convert(text, types_of[name]) for name, text in match.groupdict().items()}
        return cls(**fields)  # type: ignore[call-arg]


def foreign(match: re.Match[str] | None, interaction: discord.Interaction) -> str | None:
    """Why a pressed id (``match``: its class's template on it) may not act here ("unsendable": a
    number no snowflake has; "channel": it names another conversation's table), else None."""
    fields = match.groupdict() if match is not None else {}
    if any(text.isdigit() and (len(text) > 19 or int(text) > MAX_SNOWFLAKE)
           for text in fields.values() if text):
        return "unsendable"
    named = [int(fields[g]) for g in CHANNEL_GROUPS if fields.get(g)]
    # A table in a thread is keyed by the thread's id, which is its lobby post's id: that post,
    # in the parent channel, carries buttons naming it (the lobby's, then the summary's Rematch),
    # and so does the private panel its Settings button opened there (Discord records the post
    # that was pressed in the panel's interaction metadata, which no custom id can forge).
    message = interaction.message
    on = message.id if message is not None else None
    meta = message.interaction_metadata if message is not None else None
    pressed = meta.interacted_message_id if meta is not None else None
    if named and named[0] not in (interaction.channel_id, on, pressed):
        return "channel"
    return None


def unsendable_values(custom_id: str, interaction: discord.Interaction) -> str | None:
    """"unsendable" when a select's chosen values are not what Discord's client sends for the
    select on the message: text values, as many as it allows, among its options."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    if "values" not in data:
        return None  # a button
    values = data["values"]
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        return "unsendable"
    rows = interaction.message.components if interaction.message is not None else []
    select = next((c for row in rows for c in getattr(row, "children", [row])
                   if isinstance(c, discord.SelectMenu) and c.custom_id == custom_id), None)
    if select is None:
        return None  # discord.py only dispatches a component the message has
    offered = {option.value for option in select.options}
    if not select.min_values <= len(values) <= select.max_values or (
            offered and not offered.issuperset(values)):
        return "unsendable"
    return None


def _init_types(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls.__init__)  # type: ignore[misc]
    hints.pop("return", None)
    return hints


def _convert(text: str, kind: Any) -> Any:
    """A template group's text as its parameter's type (``int``, ``str``, or either or None)."""
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        kind = next(k for k in typing.get_args(kind) if k is not type(None))
    return int(text) if kind is int else text


def namespaces() -> dict[str, type[Component]]:
    """Every custom-id namespace defined so far -> its component class."""
    return dict(_NAMESPACES)


# -- where components appear ------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    """Where the rooms' components appear, each tuple in display order."""

    table_post: tuple[TablePostItems, ...] = ()
    """The functions giving the buttons of every table post."""
    move_menu: tuple[MoveMenuItems, ...] = ()
    """The functions giving the extra items of a mover's first menu level (Undo, Hint)."""

    def table_post_items(self, channel_id: int, post: PublicPost, table: TableInfo) -> list[Item]:
        """The buttons of a table post, in display order."""
        return [i for items_of in self.table_post for i in items_of(channel_id, post, table)]

    def table_post_view(self, channel_id: int, post: PublicPost,
                        table: TableInfo) -> discord.ui.View | None:
        """The buttons of a table post as a classic view (None: it has none)."""
        items = self.table_post_items(channel_id, post, table)
        if not items:
            return None
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)
        return view

    def move_menu_items(self, channel_id: int, version: int, offers: MenuOffers) -> list[Item]:
        """The extra items of a mover's first menu level."""
        return [i for items_of in self.move_menu for i in items_of(channel_id, version, offers)]
