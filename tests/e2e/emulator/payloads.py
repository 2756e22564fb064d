"""INTERACTION_CREATE payloads built as Discord documents them (receiving-and-responding.mdx):
slash commands from the command list the bot synced, autocomplete, components with the message
they sit on, resolved users and roles."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from .state import (
    BOT_DM,
    BOT_DM_APP_PERMISSIONS,
    GUILD,
    GUILD_INSTALL,
    PRIVATE_APP_PERMISSIONS,
    USE_EXTERNAL_APPS,
    USER_INSTALL,
    Channel,
    Interaction,
    Message,
    Role,
    Thread,
    User,
    World,
)

ATTACHMENT_LIMIT = 10 * 1024 * 1024
SUBCOMMAND_TYPES = (1, 2)
ALL_CONTEXTS = (0, 1, 2)  # a command's `contexts` when absent or null
# The interaction contexts each installation type supports (application-commands.mdx: "the
# PRIVATE_CHANNEL interaction context is only meaningful for commands installed to a user").
INSTALL_CONTEXTS = {GUILD_INSTALL: {0, 1}, USER_INSTALL: {0, 1, 2}}
COMMAND_KINDS = {1: "slash command", 2: "user command", 3: "message command"}


class Payloads:
    """Builds interactions the way the Discord client would send them, refusing what it would
    not send (unknown commands or options, missing required options, values off the choices)."""

    def __init__(self, world: World) -> None:
        self.world = world

    def find_command(self, name: str, channel: Channel | None = None,
                     kind: int = 1) -> dict[str, Any]:
        """The synced command a person in ``channel`` (default: the first guild) would pick."""
        guild_id = channel.guild_id if channel is not None else self.world.guild_id
        word = name.split()[0] if kind == 1 else name
        command = self.world.find_command(word, kind, guild_id) if guild_id else next(
            (c for c in self.world.global_commands
             if c["name"] == word and c.get("type", 1) == kind), None)
        if command is None:
            synced = sorted(c["name"] for c in self.world.commands(guild_id))
            what = f"/{word} is not a synced command" if kind == 1 else (
                f"{word!r} is not a synced {COMMAND_KINDS[kind]}")
            raise LookupError(f"{what} here (synced: {synced})")
        return command

    def owners(self, user: User, channel: Channel, command: dict[str, Any]) -> dict[str, str]:
        """``authorizing_integration_owners`` of ``command`` used by ``user`` in ``channel``
        (receiving-and-responding.mdx, Authorizing Integration Owners Object): "0" (the guild
        id, "0" in the bot's DM) when the app is installed there and the command allows the
        guild install in this context, "1" (the user's id) when the person installed the app
        and the command allows the user install here. Empty: the command is not offered here.
        A guild command only in its guild; ``contexts`` absent: every context
        (application-commands.mdx), less BOT_DM when ``dm_permission`` is false."""
        world, context = self.world, channel.context
        if "guild_id" in command:
            if context == GUILD and int(command["guild_id"]) == channel.guild_id:
                return {str(GUILD_INSTALL): str(channel.guild_id)}
            return {}
        contexts = set(ALL_CONTEXTS if command.get("contexts") is None else command["contexts"])
        if command.get("dm_permission") is False:
            contexts.discard(BOT_DM)
        types = set(command.get("integration_types") or [GUILD_INSTALL])
        found: dict[str, str] = {}
        installed_here = context == BOT_DM or (
            context == GUILD and channel.guild_id in world.guild_ids)
        if (GUILD_INSTALL in types and installed_here
                and context in contexts & INSTALL_CONTEXTS[GUILD_INSTALL]):
            found[str(GUILD_INSTALL)] = str(channel.guild_id or 0)
        if USER_INSTALL in types and user.installed and context in contexts:
            found[str(USER_INSTALL)] = str(user.id)
        return found

    def offered(self, user: User, channel: Channel) -> list[str]:
        """The names of the commands (slash, user and message) ``user`` sees in ``channel``."""
        guild_id = channel.guild_id
        synced = self.world.commands(guild_id) if guild_id else self.world.global_commands
        return sorted({c["name"] for c in synced if self.owners(user, channel, c)})

    def require_offered(self, user: User, channel: Channel,
                        command: dict[str, Any]) -> dict[str, str]:
        """The owners of ``command`` here, or an AssertionError: the person cannot see it."""
        owners = self.owners(user, channel, command)
        if not owners:
            where = f"#{channel.name}" if channel.guild_id else (
                "the bot's DM" if channel.context == BOT_DM else "this conversation")
            raise AssertionError(
                f"{user.name} cannot see {command['name']!r} in {where}: Discord does not offer "
                f"it there (integration_types {command.get('integration_types')}, contexts "
                f"{command.get('contexts')}, dm_permission {command.get('dm_permission')}, "
                f"{user.name} installed the app: {user.installed}"
                + (f", the server added the app: {channel.guild_id in self.world.guild_ids})"
                   if channel.guild_id else ")"))
        return owners

    def command_data(self, name: str, values: dict[str, Any], focused: str | None,
                     channel: Channel | None = None) -> dict:
        command = self.find_command(name, channel)
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
            guild_id = channel.guild_id if channel is not None else self.world.guild_id
            data["resolved"] = self.resolved(resolved_users, resolved_roles, guild_id)
        return data

    def context_menu_data(self, command: dict[str, Any], target: User | Message,
                          channel: Channel) -> dict[str, Any]:
        """A user (type 2) or message (type 3) command's data: ``target_id`` and the target
        in ``resolved`` (application-commands.mdx, "User Commands", "Message Commands")."""
        data: dict[str, Any] = {"id": command["id"], "name": command["name"],
                                "type": command["type"], "target_id": str(target.id)}
        if isinstance(target, User):
            data["resolved"] = self.resolved([target], guild_id=channel.guild_id)
        else:
            data["resolved"] = {"messages": {str(target.id): target.to_json()}}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        return data

    def resolved(self, users: list[User], roles: list[Role] | None = None,
                 guild_id: int | None = None) -> dict[str, Any]:
        """The ``resolved`` of an interaction's data: the users (and, in a guild, their
        members) and the roles its options or select values name
        (interactions/receiving-and-responding.mdx, "Resolved Data Structure": a map of ids to
        objects, present only when named)."""
        out: dict[str, Any] = {}
        if users:
            out["users"] = {str(u.id): u.to_json() for u in users}
        if users and guild_id is not None:
            out["members"] = {
                str(u.id): self.world.member_json(u, with_user=False, permissions=True,
                                                  guild_id=guild_id)
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
        """An INTERACTION_CREATE as Discord sends it from ``channel``: ``context``,
        ``authorizing_integration_owners`` (:meth:`owners`; a component's are those of the
        interaction that made its message), ``app_permissions``, the channel object, and
        ``guild_id`` / ``member`` in a guild, ``user`` elsewhere."""
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
        owners = self._owners_of(kind, user, channel, data, message)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(world.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.to_json(),
            "token": token,
            "version": 1,
            "app_permissions": str(self.app_permissions(channel)),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": ATTACHMENT_LIMIT,
            "authorizing_integration_owners": owners,
            "context": channel.context,
        }
        if channel.guild_id is not None:
            payload |= {
                "guild_id": str(channel.guild_id),
                "guild": {"id": str(channel.guild_id), "locale": world.preferred_locale,
                          "features": []},
                "guild_locale": world.preferred_locale,
                "member": world.member_json(user, permissions=True, guild_id=channel.guild_id),
            }
        else:
            payload["user"] = user.to_json()
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
            owners=owners,
            clock_at=world.clock(),
            forced_ephemeral=channel.guild_id in world.without_bot and not (
                world.permissions(user, channel.guild_id) & USE_EXTERNAL_APPS),
            source_message=message,
        )
        world.interactions[interaction_id] = interaction
        return interaction

    def app_permissions(self, channel: Channel) -> int:
        """What the app may do where the interaction comes from: the bot's permissions in a
        guild that added it; the docs' sets in the bot's DM and in (G)DMs between people. In a
        guild that never added the bot the docs say nothing: the emulator sends what a member
        without roles has there (@everyone's permissions)."""
        world = self.world
        if channel.guild_id is None:
            return BOT_DM_APP_PERMISSIONS if channel.context == BOT_DM else PRIVATE_APP_PERMISSIONS
        if channel.guild_id in world.without_bot:
            return world.everyones[channel.guild_id].permissions
        return world.permissions(world.bot, channel.guild_id)

    def _owners_of(self, kind: int, user: User, channel: Channel, data: dict[str, Any],
                   message: Message | None) -> dict[str, str]:
        """A component's (or a modal's from one) owners are those of the interaction that
        made the message ("1": the person who ran that command, whoever presses); a command's
        come from the synced command (:meth:`owners`); a message the bot posted with its token
        was authorized by the guild install (or the bot's DM)."""
        if message is not None:
            if message.interaction is not None:
                return dict(message.interaction.owners)
            return {str(GUILD_INSTALL): str(channel.guild_id or 0)}
        command = next((c for c in self.world.global_commands + [
            c for cmds in self.world.guild_commands.values() for c in cmds]
            if c["id"] == str(data.get("id"))), None)
        if command is not None:
            found = self.owners(user, channel, command)
            if found:
                return found
        # raw_command's data naming no synced command offered here: the install that could
        if self.world.bot_reaches(channel):
            return {str(GUILD_INSTALL): str(channel.guild_id or 0)}
        return {str(USER_INSTALL): str(user.id)}

    def component_data(
        self, custom_id: str, component_type: int, values: list[Any] | None,
        guild_id: int | None = None,
    ) -> dict[str, Any]:
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = [str(v.id) if isinstance(v, User) else v for v in values]
            users = [v for v in values if isinstance(v, User)]
            if users:
                data["resolved"] = self.resolved(users, guild_id=guild_id)
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
