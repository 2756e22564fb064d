"""A local Discord for end-to-end tests: the real discord.py client talks to it over HTTP and
websocket on 127.0.0.1. Not shipped in the package. See tests/e2e/conftest.py for fixtures."""

from .fixtures import Emulator, running_emulator
from .sim import DiscordSim
from .state import Attachment, Channel, Interaction, Message, Role, User

__all__ = [
    "Attachment",
    "Channel",
    "DiscordSim",
    "Emulator",
    "Interaction",
    "Message",
    "Role",
    "User",
    "running_emulator",
]
