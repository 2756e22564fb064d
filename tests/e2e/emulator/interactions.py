"""Interaction callbacks (types 4-9, 12) and the interaction webhook: followups, @original."""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from .messages import MessageWriter
from .state import EPHEMERAL, LOADING, Interaction, Message
from .wire import RECORD, ApiError, FilePart, RequestRecord, json_response, path_id, unknown

# "Apps are limited to 5 followup messages per interaction if it was initiated from a
# user-installed app and isn't installed in the server" (receiving-and-responding.mdx, Create
# Followup Message); the 6th: 40094 (opcodes-and-status-codes.mdx). The docs give no HTTP
# status for it: 400, as for Discord's other limits on a request.
USER_INSTALL_FOLLOWUPS = 5
TOO_MANY_FOLLOWUPS = 40094


class InteractionRoutes(MessageWriter):
    """Discord's interaction rules: 3 s to answer, one initial response, 15 min tokens."""

    ack_deadline: float
    violations: list[str]

    async def callback(self, request: web.Request) -> web.StreamResponse:
        interaction = self.world.interactions.get(path_id(request, "interaction_id"))
        token = request.match_info["interaction_token"]
        now = request[RECORD].at  # arrival time: our own validation must not count
        if interaction is None or interaction.token != token:
            raise unknown("interaction", 10062)
        if interaction.acknowledged:
            self.violations.append(f"{interaction!r} answered twice (40060)")
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = now - interaction.dispatched_at
        if elapsed > self.ack_deadline:
            interaction.reported = True
            self.violations.append(
                f"{interaction!r} acknowledged after {elapsed:.2f} s "
                f"(Discord allows {self.ack_deadline:g} s): answer sooner or defer"
            )
            raise unknown("interaction", 10062)
        record: RequestRecord = request[RECORD]
        body = record.body or {}
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        self._check_callback_type(interaction, kind)
        if kind == 12 and not self.activities.enabled:  # type: ignore[attr-defined]
            # "Only available for apps with Activities enabled"; the docs give no error code.
            raise ApiError(400, 50035, "This application has no Activity to launch")
        interaction.acked_at = now
        interaction.response_type = kind
        try:
            resource_message = self._respond(interaction, kind, data, record.files)
        except ApiError:  # refused: the interaction is still unanswered
            interaction.acked_at = interaction.response_type = None
            raise
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(_callback_response(interaction, kind, resource_message))

    def _check_callback_type(self, interaction: Interaction, kind: int) -> None:
        # LAUNCH_ACTIVITY (12): "only available for apps with Activities enabled" (which the
        # emulated application is); the docs name no interaction type it is barred from but
        # autocomplete, which takes only choices.
        # DEFERRED_UPDATE_MESSAGE (6) and UPDATE_MESSAGE (7): "only valid for component-based
        # interactions" (a modal submitted from a component's modal has a message to update).
        updates = {6, 7} if interaction.source_message is not None else set()
        allowed = {2: {4, 5, 9, 12}, 3: {4, 5, 9, 12} | updates, 4: {8},
                   5: {4, 5, 12} | updates}[interaction.type]
        if kind not in allowed:
            self.violations.append(
                f"{interaction!r}: callback type {kind} is not allowed for interaction "
                f"type {interaction.type} (allowed: {sorted(allowed)})"
            )
            raise ApiError(400, 50035, f"Interaction callback type {kind} is invalid here")

    def _respond(
        self, interaction: Interaction, kind: int, data: dict[str, Any], files: list[FilePart]
    ) -> Message | None:
        if kind in (4, 5):
            flags = int(data.get("flags") or 0) & EPHEMERAL
            flags |= EPHEMERAL if interaction.forced_ephemeral else 0
            flags |= LOADING if kind == 5 else 0
            body = data if kind == 4 else {}
            interaction.original = self.new_message(
                interaction.channel, body, files, interaction=interaction, flags=flags
            )
            return interaction.original if kind == 4 else None
        if kind in (6, 7):
            interaction.original = interaction.source_message
            if kind == 7 and interaction.source_message is not None:
                self.apply_edit(interaction.source_message, data, files)
                return interaction.source_message
        if kind == 8:
            interaction.choices = list(data.get("choices") or [])
        if kind == 9:
            interaction.modal = data
        if kind == 12:
            interaction.activity = self.activities.launch(  # type: ignore[attr-defined]
                interaction.user, interaction.channel)
        return None

    def _webhook_interaction(self, request: web.Request) -> Interaction:
        if path_id(request, "webhook_id") != self.world.application_id:
            raise unknown("Webhook", 10015)
        interaction = self.world.interaction_by_token(request.match_info["webhook_token"])
        if interaction is None:
            raise unknown("Webhook", 10015)
        if not self.world.token_valid(interaction, asyncio.get_running_loop().time()):
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if not interaction.acknowledged:
            raise unknown("Webhook", 10015)
        return interaction

    def _webhook_message(self, request: web.Request, interaction: Interaction) -> Message:
        raw = request.match_info.get("message_id", "@original")
        if raw == "@original":
            message = interaction.original
        else:
            candidates = list(interaction.followups)
            if interaction.original is not None:
                candidates.append(interaction.original)
            message = next((m for m in candidates if str(m.id) == raw), None)
        if message is None or message.deleted:
            raise unknown("Message", 10008)
        return message

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        record: RequestRecord = request[RECORD]
        body = record.body or {}
        original = interaction.original
        if (original is not None and original.loading and not original.deleted
                and interaction.response_type == 5):
            # Discord's documented compatibility rule: the first followup after a deferral
            # edits the loading message (its ephemeral state cannot change). Once the loading
            # message is deleted, a followup is a message of its own (discord-api-docs#2739).
            self.apply_edit(original, body, record.files)
            message = original
        else:
            if interaction.user_install_only and len(
                    interaction.followups) >= USER_INSTALL_FOLLOWUPS:
                raise ApiError(400, TOO_MANY_FOLLOWUPS, "This interaction has hit the maximum "
                               "number of follow up messages")
            flags = int(body.get("flags") or 0) & EPHEMERAL
            flags |= EPHEMERAL if interaction.forced_ephemeral else 0
            if not flags:
                await self.before_post(interaction.channel, as_bot=False)  # type: ignore[attr-defined]
            message = self.new_message(
                interaction.channel, body, record.files, interaction=interaction, flags=flags
            )
            interaction.followups.append(message)
        return json_response(message.to_json())

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        return json_response(self._webhook_message(request, interaction).to_json())

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        message = self._webhook_message(request, interaction)
        if not message.ephemeral:
            # an interaction's own messages: the lock rule is the bot's (not emulated here)
            self.before_edit(message.channel, as_bot=False)  # type: ignore[attr-defined]
        self.check_old_edit(message)
        record: RequestRecord = request[RECORD]
        self.apply_edit(message, record.body or {}, record.files)
        return json_response(message.to_json())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        self._webhook_message(request, interaction).deleted = True
        return web.Response(status=204)


def _callback_response(interaction: Interaction, kind: int, message: Message | None) -> dict:
    """The body discord.py >= 2.5 reads when it asks `with_response=1`."""
    info: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
    if interaction.original is not None and kind in (4, 5):
        info["response_message_id"] = str(interaction.original.id)
        info["response_message_loading"] = kind == 5
        info["response_message_ephemeral"] = interaction.original.ephemeral
    data: dict[str, Any] = {"interaction": info}
    if kind == 12 and interaction.activity is not None:
        info["activity_instance_id"] = interaction.activity.instance_id
        data["resource"] = {"type": 12, "activity_instance": {
            "id": interaction.activity.instance_id}}
    if kind in (4, 7) and message is not None:  # the docs and the spec: a resource for 4 and 7
        data["resource"] = {"type": kind, "message": message.to_json()}
    return data
