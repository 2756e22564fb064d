"""Messages as Discord builds them from a create/edit body and its uploaded files."""

from __future__ import annotations

import time
from typing import Any

from .state import EPHEMERAL, LOADING, Attachment, Channel, Interaction, Message, Thread, World
from .wire import FilePart, file_index


class MessageWriter:
    """Creates and edits messages in the World (shared by channel and interaction routes)."""

    world: World
    base_url: str

    def new_message(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: list[FilePart],
        *,
        interaction: Interaction | None = None,
        flags: int = 0,
    ) -> Message:
        message = Message(self.world.ids.next(), channel, self.world.bot, interaction=interaction)
        message.flags = flags
        if interaction is not None:
            message.webhook_id = self.world.application_id
            if flags & EPHEMERAL:
                message.visible_only_to = interaction.user
        self.apply_edit(message, body, files, creating=True)
        self.world.messages[message.id] = message
        if isinstance(channel, Thread) and not message.ephemeral:
            channel.message_count += 1
            channel.total_message_sent += 1
            channel.last_message_id = message.id
        return message

    def apply_edit(
        self,
        message: Message,
        body: dict[str, Any],
        files: list[FilePart],
        *,
        creating: bool = False,
    ) -> None:
        """Apply a create/edit body the way Discord does: absent keys keep their value."""
        if not creating:
            message.history.append(message.to_json())
            message.edited = time.time()
            message.flags &= ~LOADING
        if "content" in body:
            message.content = body["content"] or ""
        if "components" in body:
            message.components = body["components"] or []
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        message.attachments = self._attachments(message, body, files)

    def _attachments(self, message: Message, body: dict, files: list[FilePart]) -> list[Attachment]:
        by_index = {file_index(f.field): f for f in files}
        if "attachments" not in body or body["attachments"] is None:
            kept = list(message.attachments)
            return kept + [self._attachment(f, f.filename) for f in files]
        result: list[Attachment] = []
        existing = {a.id: a for a in message.attachments}
        for entry in body["attachments"]:
            key = int(entry["id"])
            if key in existing:
                result.append(existing[key])
            elif key in by_index:
                part = by_index[key]
                result.append(self._attachment(part, entry.get("filename") or part.filename))
        return result

    def _attachment(self, part: FilePart, filename: str) -> Attachment:
        attachment_id = self.world.ids.next()
        url = f"{self.base_url}/attachments/{attachment_id}/{filename}"
        return Attachment(attachment_id, filename, part.data, part.content_type, url)
