"""Discord's size limits, in one place, and the one way the adapter clips text to them."""

from __future__ import annotations

MAX_CONTENT = 2000  # message content
MAX_CUSTOM_ID = 100  # a component's custom id
MAX_DESCRIPTION = 100  # a command's or an option's description
MAX_CHOICES = 25  # choices of a command option; options of a select
MAX_SUBCOMMANDS = 25  # subcommands of a command group
MAX_COMMAND_OPTIONS = 25  # options of one command
MAX_BUTTON_LABEL = 80
MAX_OPTION_LABEL = 100  # a select option's label (and description)
MAX_OPTION_VALUE = 100  # a select option's value
MAX_PLACEHOLDER = 150  # a select's placeholder
MAX_ROWS = 5  # action rows in a message
MAX_NAME = 32  # a command's or an option's name


def clip(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, ending in "…" when it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
