"""Messages as Discord builds them from a create/edit body and its uploaded files."""

from __future__ import annotations

import re
from typing import Any

from .limits import Limits
from .state import (
    EPHEMERAL,
    LOADING,
    Attachment,
    Channel,
    Interaction,
    Message,
    Thread,
    User,
    World,
)
from .validate import COMPONENTS_V2, media_urls, v2_problems
from .wire import ApiError, FilePart, InvalidBody, file_index

ATTACHMENT = "attachment://"
OLD_EDITS = 30046  # "Maximum number of edits to messages older than 1 hour reached"
USER_MENTION = re.compile(r"<@!?(\d+)>")
# The flags a body may set (message.mdx; EPHEMERAL is the interaction's, fixed at creation).
SETTABLE = (1 << 2) | (1 << 12) | COMPONENTS_V2  # SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS


class MessageWriter:
    """Creates and edits messages in the World (shared by channel and interaction routes)."""

    world: World
    base_url: str
    limits: Limits

    def new_message(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: list[FilePart],
        *,
        interaction: Interaction | None = None,
        flags: int = 0,
        message_id: int | None = None,
    ) -> Message:
        """``message_id``: a forum post's first message takes its thread's id."""
        message = Message(message_id or self.world.new_id(), channel, self.world.bot,
                          interaction=interaction)
        message.flags = flags
        if interaction is not None:
            message.webhook_id = self.world.application_id
            if flags & EPHEMERAL:
                message.visible_only_to = interaction.user
        self.apply_edit(message, body, files, creating=True)
        message.pinged = list(message.mentions)
        self.world.messages[message.id] = message
        if isinstance(channel, Thread) and not message.ephemeral:
            channel.message_count += 1
            channel.total_message_sent += 1
            channel.last_message_id = message.id
        return message

    def check_old_edit(self, message: Message) -> None:
        """Discord's limit on edits of messages older than an hour (limits.OldEdits): 30046
        past the allowance, before anything changes."""
        limits = self.limits
        if not limits.old_edits.allows(message.channel.id, message.id, message.created,
                                       self.world.clock(), enforced=limits.enabled):
            raise ApiError(400, OLD_EDITS, "Maximum number of edits to messages older than 1 hour "
                           "reached. Try again later")

    def apply_edit(
        self,
        message: Message,
        body: dict[str, Any],
        files: list[FilePart],
        *,
        creating: bool = False,
    ) -> None:
        """Apply a create/edit body the way Discord does: absent keys keep their value. A
        result that breaks a rule of IS_COMPONENTS_V2 raises :class:`InvalidBody` before
        anything changes."""
        content = (body["content"] or "") if "content" in body else message.raw_content
        components = (body["components"] or []) if "components" in body else message.components
        embeds = (body["embeds"] or []) if "embeds" in body else message.embeds
        flags = message.flags
        sent = body.get("flags")
        if isinstance(sent, int):
            if message.flags & COMPONENTS_V2 and not creating and not sent & COMPONENTS_V2:
                raise InvalidBody(["$.flags: IS_COMPONENTS_V2 cannot be removed from a message "
                                   "once sent with it"])
            flags = (flags & ~SETTABLE) | (sent & SETTABLE)
            flags |= message.flags & COMPONENTS_V2
        attachments = self._attachments(message, body, files)
        if flags & COMPONENTS_V2:
            merged = {"content": content, "embeds": embeds, "components": components}
            problems = v2_problems(merged, "$ (the message after this edit)")
            names = {a.filename for a in attachments}
            problems += [
                f"$.components: {url} names no file uploaded with the message (files: "
                f"{sorted(names)})"
                for url in media_urls(components)
                if url.startswith(ATTACHMENT) and url.removeprefix(ATTACHMENT) not in names
            ]
            if problems:
                raise InvalidBody(problems)
        if not creating:
            # Earlier versions as the bot was sent them, with what a person read then under
            # "content" (a V2 message's text displays), as `Message.content` gives it.
            message.history.append({**message.to_json(), "content": message.content})
            message.edited = self.world.clock()
            flags &= ~LOADING
        message.raw_content, message.components, message.embeds = content, components, embeds
        message.flags = flags
        message.attachments = attachments
        message.mentions = self._mentions(message.content, body.get("allowed_mentions"))

    def _mentions(self, text: str, allowed: Any) -> list[User]:
        """The users a message's text (its content, or a V2 message's text displays) mentions
        that ``allowed_mentions`` lets through (message.mdx, "Allowed Mentions Object"): every
        one without it (both defaults parse users), or with "users" in ``parse``; else only
        those in its ``users`` list. Rebuilt on every edit, as Discord does."""
        found = [self.world.users[int(i)] for i in dict.fromkeys(USER_MENTION.findall(text))
                 if int(i) in self.world.users]
        if not isinstance(allowed, dict) or "users" in (allowed.get("parse") or []):
            return found
        listed = {int(i) for i in allowed.get("users") or []}
        return [u for u in found if u.id in listed]

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
        attachment_id = self.world.new_id()
        url = f"{self.base_url}/attachments/{attachment_id}/{filename}"
        return Attachment(attachment_id, filename, part.data, part.content_type, url)
