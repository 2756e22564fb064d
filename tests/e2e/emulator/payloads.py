"""INTERACTION_CREATE payloads built as Discord documents them (receiving-and-responding.mdx):
slash commands from the command list the bot synced, autocomplete, components with the message
they sit on, resolved users and roles."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from .state import Channel, Interaction, Message, Role, Thread, User, World

ATTACHMENT_LIMIT = 10 * 1024 * 1024
SUBCOMMAND_TYPES = (1, 2)


class Payloads:
    """Builds interactions the way the Discord client would send them, refusing what it would
    not send (unknown commands or options, missing required options, values off the choices)."""

    def __init__(self, world: World) -> None:
        self.world = world

    def find_command(self, name: str) -> dict[str, Any]:
        command = self.world.find_command(name.split()[0])
        if command is None:
            synced = sorted(c["name"] for c in self.world.commands())
            raise LookupError(f"/{name.split()[0]} is not a synced command (synced: {synced})")
        return command

    def command_data(self, name: str, values: dict[str, Any], focused: str | None) -> dict:
        command = self.find_command(name)
        leaf = leaf_of(command, name)
        resolved_users: list[User] = []
        resolved_roles: list[Role] = []
        options = []
        declared = {o["name"]: o for o in leaf.get("options", [])}
        for key, value in values.items():
            if key not in declared:
                raise LookupError(f"/{name} has no option {key!r} (it has {sorted(declared)})")
            spec = declared[key]
            if key == focused:
                options.append(
                    {"name": key, "type": spec["type"], "value": str(value), "focused": True}
                )
                continue
            options.append({"name": key, "type": spec["type"], "value": _option_value(spec, value)})
            if isinstance(value, User):
                resolved_users.append(value)
            if isinstance(value, Role):
                resolved_roles.append(value)
        missing = [
            o["name"] for o in declared.values() if o.get("required") and o["name"] not in values
        ]
        if missing and focused is None:
            raise AssertionError(f"/{name} needs {missing}: Discord would not send it")
        chain = [command]
        for word in name.split()[1:]:
            chain.append(_sub(chain[-1], word))
        for node in reversed(chain[1:]):
            options = [{"name": node["name"], "type": node["type"], "options": options}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": command.get("type", 1),
            "options": options,
        }
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved_users or resolved_roles:
            data["resolved"] = self.resolved(resolved_users, resolved_roles)
        return data

    def resolved(self, users: list[User], roles: list[Role] | None = None) -> dict[str, Any]:
        """The ``resolved`` of an interaction's data: the users (and their members) and the
        roles its options or select values name (interactions/receiving-and-responding.mdx,
        "Resolved Data Structure": a map of ids to objects, present only when named)."""
        out: dict[str, Any] = {}
        if users:
            out["users"] = {str(u.id): u.to_json() for u in users}
            out["members"] = {
                str(u.id): self.world.member_json(u, with_user=False, permissions=True)
                for u in users
            }
        if roles:
            out["roles"] = {str(r.id): r.to_json() for r in roles}
        return out

    def interaction(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        label: str,
        message: Message | None = None,
    ) -> Interaction:
        world = self.world
        if isinstance(channel, Thread) and channel.archived:
            # topics/threads.mdx: nobody can "use application commands" in an archived thread;
            # Discord's client sends no interaction from one until a message unarchives it.
            raise AssertionError(
                f"#{channel.name} is archived: Discord's client sends no {label} from it "
                "(a message in the thread, or sim.unarchive, reopens it)"
            )
        interaction_id = world.new_id()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(world.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.to_json(),
            "token": token,
            "version": 1,
            "app_permissions": str(world.permissions(world.bot)),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_LIMIT,
        }
        if channel.guild_id is not None:
            payload |= {
                "guild_id": str(channel.guild_id),
                "guild": {"id": str(channel.guild_id), "locale": world.preferred_locale,
                          "features": []},
                "guild_locale": world.preferred_locale,
                "member": world.member_json(user, permissions=True),
                "authorizing_integration_owners": {"0": str(channel.guild_id)},
                "context": 0,
            }
        else:
            payload |= {
                "user": user.to_json(),
                "authorizing_integration_owners": {"0": "0"},
                "context": 1,
            }
        if message is not None:
            payload["message"] = message.to_json()
        loop_time = asyncio.get_running_loop().time()
        interaction = Interaction(
            interaction_id,
            token,
            kind,
            user,
            channel,
            payload,
            label,
            loop_time,
            source_message=message,
        )
        world.interactions[interaction_id] = interaction
        return interaction

    def component_data(
        self, custom_id: str, component_type: int, values: list[Any] | None
    ) -> dict[str, Any]:
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = [str(v.id) if isinstance(v, User) else v for v in values]
            users = [v for v in values if isinstance(v, User)]
            if users:
                data["resolved"] = self.resolved(users)
        return data


def leaf_of(command: dict[str, Any], name: str) -> dict[str, Any]:
    node = command
    for word in name.split()[1:]:
        node = _sub(node, word)
    return node


def _sub(node: dict[str, Any], word: str) -> dict[str, Any]:
    for option in node.get("options", []):
        if option["name"] == word and option["type"] in SUBCOMMAND_TYPES:
            return option
    raise LookupError(f"no subcommand {word!r} in /{node['name']}")


def _option_value(spec: dict[str, Any], value: Any) -> Any:
    kind = spec["type"]
    if kind in (6, 7, 8, 9):
        return str(value.id)
    converted = {3: str, 4: int, 5: bool, 10: float}.get(kind, lambda v: v)(value)
    choices = spec.get("choices")
    if choices and converted not in [c["value"] for c in choices]:
        raise AssertionError(f"{converted!r} is not a choice of {spec['name']!r}: {choices}")
    return converted
