"""Validate request bodies against Discord's OpenAPI spec, plus the limits the spec lacks.

The spec (vendored in `spec/`, see SOURCE.txt) is loaded once per process. Two in-memory changes:
snowflakes accept integers too (discord.py sends ints), and nothing else is relaxed. On top of
the spec we enforce what Discord enforces but the spec does not say: content <= 2000 characters,
custom_id <= 100, <= 5 action rows, <= 25 select options, no unknown top-level keys, and the
naming rules of slash commands and their localisations (:mod:`.naming`).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator, _keywords, validators
from jsonschema.exceptions import ValidationError, relevance
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .naming import command_problems

SPEC_PATH = Path(__file__).parent / "spec" / "openapi.json"
SPEC_URI = "urn:discord-openapi"

MAX_CONTENT = 2000
MAX_CUSTOM_ID = 100
MAX_ACTION_ROWS = 5
MAX_SELECT_OPTIONS = 25
COMPONENTS_V2 = 1 << 15
EPHEMERAL = 1 << 6
# The flags a new message may carry. The spec types `flags` as a bare integer; the vendored docs
# list them: message.mdx "Create Message" (SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS,
# IS_VOICE_MESSAGE, IS_COMPONENTS_V2), and for an interaction's messages EPHEMERAL too
# (receiving-and-responding.mdx). Any other bit on a create is a violation; an edit's other
# flags "are currently ignored without error" (message.mdx "Edit Message").
CREATE_FLAGS = (1 << 2) | (1 << 12) | (1 << 13) | COMPONENTS_V2
CREATE_ROUTES = {
    "/channels/{channel_id}/messages": CREATE_FLAGS,
    "/webhooks/{webhook_id}/{webhook_token}": CREATE_FLAGS | EPHEMERAL,  # a followup
}
# A forum post: the thread and its first message, nested under "message" (channel.mdx).
FORUM_POSTS = "/channels/{channel_id}/threads"
MAX_V2_COMPONENTS = 40  # every component, nested ones included
MAX_V2_TEXT = 4000  # the text displays' content, all together
# With IS_COMPONENTS_V2 a message "can only contain components" (message.mdx): these must be
# absent or empty (null, [] or "").
NOT_WITH_V2 = ("content", "embeds", "poll", "sticker_ids", "stickers", "shared_client_theme")
# discord.py's handle_message_parameters sends `tts` on every message body, edits included,
# where the spec omits it; Discord ignores it there. The one tolerated unknown key.
TOLERATED_KEYS = {"tts"}


@cache
def spec() -> dict[str, Any]:
    """The spec with snowflakes widened to string-or-integer, and `oneOf` evaluated as `anyOf`.

    Discord's unions are discriminated (by `type`, or null-or-object), so at most one branch
    can match and the two mean the same here; `anyOf` stops at the first matching branch
    instead of trying them all, which makes validating components several times faster.
    """
    data = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    schemas = data["components"]["schemas"]
    original = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [original, {"type": "integer", "minimum": 0}]}
    _one_of_as_any_of(data)
    return data


def _one_of_as_any_of(node: Any) -> None:
    if isinstance(node, dict):
        if "oneOf" in node and "anyOf" not in node:
            node["anyOf"] = node.pop("oneOf")
        for value in node.values():
            _one_of_as_any_of(value)
    elif isinstance(node, list):
        for value in node:
            _one_of_as_any_of(value)


@cache
def _registry() -> Registry:
    resource = Resource.from_contents(spec(), default_specification=DRAFT202012)
    return Registry().with_resource(SPEC_URI, resource)


def _pointer(*parts: str) -> str:
    escaped = (p.replace("~", "~0").replace("/", "~1") for p in parts)
    return "/" + "/".join(quote(p, safe="~") for p in escaped)


@cache
def body_schema(method: str, route: str) -> dict[str, Any] | None:
    """The JSON request-body schema of `method route` (route relative to /api/v10), if any."""
    operation = spec()["paths"].get(route, {}).get(method.lower())
    if operation is None:
        return None
    content = operation.get("requestBody", {}).get("content", {})
    if "application/json" in content:
        kind = "application/json"
    elif "multipart/form-data" in content:
        kind = "multipart/form-data"
    else:
        return None
    pointer = _pointer("paths", route, method.lower(), "requestBody", "content", kind, "schema")
    return {"$ref": f"{SPEC_URI}#{pointer}"}


def has_operation(method: str, route: str) -> bool:
    """Whether the spec documents this route at all (an undocumented route is a finding too)."""
    return method.lower() in spec()["paths"].get(route, {})


def _component_types(validator: Any, subschema: Any) -> frozenset[int] | None:
    """The component ``type`` values a branch of an ``anyOf`` accepts (its ``properties.type``
    enum or const, through one ``$ref``); None when it names none (it may take anything)."""
    key = id(subschema)
    if key in _TYPES:
        return _TYPES[key]
    found: frozenset[int] | None = None
    target = subschema
    if isinstance(target, dict) and "$ref" in target:
        target = validator._resolver.lookup(target["$ref"]).contents
    kind = target.get("properties", {}).get("type") if isinstance(target, dict) else None
    if isinstance(kind, dict):
        if isinstance(kind.get("enum"), list):
            found = frozenset(v for v in kind["enum"] if isinstance(v, int))
        elif isinstance(kind.get("const"), int):
            found = frozenset([kind["const"]])
    _TYPES[key] = found
    return found


_TYPES: dict[int, frozenset[int] | None] = {}  # branch (by id; the spec is loaded once) -> types


def _any_of(validator: Any, any_of: list[Any], instance: Any, schema: Any) -> Any:
    """``anyOf`` as jsonschema checks it, but over the branches whose component ``type`` is the
    instance's when it has one: a branch for another type fails on that very property, so the
    answer is the same, and a V2 message (components within components, each an ``anyOf`` of a
    dozen kinds) is checked in a tenth of the time."""
    kind = instance.get("type") if isinstance(instance, dict) else None
    if isinstance(kind, int) and not isinstance(kind, bool):
        kept = [b for b in any_of
                if (types := _component_types(validator, b)) is None or kind in types]
        if kept:
            any_of = kept
    yield from _keywords.anyOf(validator, any_of, instance, schema)


Validator = validators.extend(Draft202012Validator, {"anyOf": _any_of})


@cache
def _validator(method: str, route: str) -> Draft202012Validator | None:
    schema = body_schema(method, route)
    if schema is None:
        return None
    return Validator(schema, registry=_registry())


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        ref = schema["$ref"]
        pointer = ref.split("#", 1)[1]
        resolved = _registry().resolver(base_uri=SPEC_URI).lookup(f"{SPEC_URI}#{pointer}")
        schema = resolved.contents
    return schema


def _alternatives(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Flatten a schema into the object schemas it may be (through $ref, allOf, anyOf, oneOf)."""
    schema = _resolve(schema)
    found: list[dict[str, Any]] = []
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in schema.get(key, []):
            found.extend(_alternatives(sub))
    if "properties" in schema:
        found.append(schema)
    return found


def allowed_keys(schema: dict[str, Any]) -> set[str] | None:
    """Every property name any alternative of `schema` declares; None if it declares none."""
    keys: set[str] = set()
    for alt in _alternatives(schema):
        keys.update(alt["properties"])
    return keys or None


def _wrong_type(errors: list[ValidationError]) -> bool:
    """A branch the sender did not mean: other `type` field, or another JSON type (null)."""
    for e in errors:
        path = list(e.relative_path)
        if path == ["type"] or (path == [] and e.validator == "type"):
            return True
    return False


def _describe(error: ValidationError) -> str:
    """Dig into oneOf/anyOf failures so the message names the real problem.

    Discord's unions are discriminated by `type`: the branch whose `type` matched is the one
    the sender meant, so its errors are reported, not those of a button-vs-file mismatch.
    """
    while error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        meant = [errs for errs in branches.values() if not _wrong_type(errs)]
        pool = meant[0] if len(meant) == 1 else error.context
        error = max(pool, key=relevance)  # one level at a time: best_match would dive blindly
    return f"{error.json_path}: {_short_message(error)}"


def _short_message(error: ValidationError) -> str:
    """jsonschema quotes the whole instance; a 2001-character string makes that unreadable."""
    if error.validator in _SIZE_KEYWORDS and hasattr(error.instance, "__len__"):
        return f"size {len(error.instance)} breaks {error.validator}={error.validator_value}"
    message = error.message
    return message if len(message) <= 200 else message[:197] + "..."


_SIZE_KEYWORDS = {"maxLength", "minLength", "maxItems", "minItems", "maxProperties"}


@cache
def _top_keys(method: str, route: str) -> frozenset[str] | None:
    schema = body_schema(method, route)
    keys = allowed_keys(schema) if schema is not None else None
    return None if keys is None else frozenset(keys | TOLERATED_KEYS)


@cache
def _callback_data_keys(method: str, route: str) -> frozenset[str]:
    """A callback's `data` is the message (or choices, or modal): its keys must be known to one
    of the callback data schemas. (Not only the one `type` selects: discord.py sends `tts`
    with type 7, which the spec omits there and Discord ignores.)"""
    schema = body_schema(method, route)
    assert schema is not None
    allowed = set(TOLERATED_KEYS)
    for alt in _alternatives(schema):
        if "data" in alt["properties"]:
            allowed |= allowed_keys(alt["properties"]["data"]) or set()
    return frozenset(allowed)


def _unknown_keys(allowed: frozenset[str] | None, body: Any, where: str) -> list[str]:
    if not isinstance(body, dict) or allowed is None:
        return []
    return [f"{where}.{key}: unknown key" for key in sorted(set(body) - allowed)]


def _walk_components(components: Any, where: str, problems: list[str]) -> None:
    if not isinstance(components, list):
        return
    for index, comp in enumerate(components):
        if not isinstance(comp, dict):
            continue
        here = f"{where}[{index}]"
        custom_id = comp.get("custom_id")
        if isinstance(custom_id, str) and len(custom_id) > MAX_CUSTOM_ID:
            problems.append(f"{here}.custom_id: {len(custom_id)} characters > {MAX_CUSTOM_ID}")
        options = comp.get("options")
        if (
            comp.get("type") == 3
            and isinstance(options, list)
            and len(options) > MAX_SELECT_OPTIONS
        ):
            problems.append(f"{here}.options: {len(options)} select options > {MAX_SELECT_OPTIONS}")
        _walk_components(comp.get("components"), f"{here}.components", problems)
        if isinstance(comp.get("accessory"), dict):
            _walk_components([comp["accessory"]], f"{here}.accessory", problems)


def _message_limits(message: Any, where: str) -> list[str]:
    """Discord's limits on a message-like object that the spec does not carry."""
    if not isinstance(message, dict):
        return []
    problems: list[str] = []
    content = message.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        problems.append(f"{where}.content: {len(content)} characters > {MAX_CONTENT}")
    components = message.get("components")
    flags = message.get("flags")
    v2 = isinstance(flags, int) and bool(flags & COMPONENTS_V2)
    if isinstance(components, list) and not v2 and len(components) > MAX_ACTION_ROWS:
        problems.append(f"{where}.components: {len(components)} action rows > {MAX_ACTION_ROWS}")
    _walk_components(components, f"{where}.components", problems)
    if v2:
        problems += v2_problems(message, where)
    return problems


def flatten(components: Any) -> list[dict[str, Any]]:
    """Every component, nested ones (in containers, sections, rows, accessories) included, in
    display order."""
    out: list[dict[str, Any]] = []
    for comp in components if isinstance(components, list) else []:
        if not isinstance(comp, dict):
            continue
        out.append(comp)
        out.extend(flatten(comp.get("components")))
        if isinstance(comp.get("accessory"), dict):
            out.append(comp["accessory"])
    return out


def v2_problems(message: dict[str, Any], where: str) -> list[str]:
    """The rules of an IS_COMPONENTS_V2 message the spec lacks (components/reference.mdx,
    message.mdx): components only, at most 40 of them counting nested ones, at most 4,000
    characters of text displays in all."""
    problems = [
        f"{where}.{key}: not allowed with IS_COMPONENTS_V2 (the message can only contain "
        "components)"
        for key in NOT_WITH_V2 if message.get(key) not in (None, "", [])
    ]
    components = flatten(message.get("components"))
    if len(components) > MAX_V2_COMPONENTS:
        problems.append(f"{where}.components: {len(components)} components in all > "
                        f"{MAX_V2_COMPONENTS} (nested ones count)")
    text = sum(len(c["content"]) for c in components
               if c.get("type") == 10 and isinstance(c.get("content"), str))
    if text > MAX_V2_TEXT:
        problems.append(f"{where}.components: {text} characters of text displays in all > "
                        f"{MAX_V2_TEXT}")
    for comp in components:
        color = comp.get("accent_color")
        if comp.get("type") == 17 and color is not None and not (
                type(color) is int and 0 <= color <= 0xFFFFFF):
            problems.append(f"{where}.components: accent_color {color!r} is not an RGB "
                            "integer 0..0xFFFFFF")
        items = comp.get("items")
        if comp.get("type") == 12 and isinstance(items, list):
            if not 1 <= len(items) <= 10:
                problems.append(f"{where}.components: a media gallery of {len(items)} items "
                                "(1 to 10)")
            for item in items:
                alt = item.get("description") if isinstance(item, dict) else None
                if isinstance(alt, str) and len(alt) > 1024:
                    problems.append(f"{where}.components: media alt text of {len(alt)} "
                                    "characters > 1024")
    return problems


def media_urls(components: Any) -> list[str]:
    """The URLs of the media a message's components show (thumbnails, gallery items, files)."""
    urls = []
    for comp in flatten(components):
        kind = comp.get("type")
        if kind == 11 and isinstance(comp.get("media"), dict):
            urls.append(comp["media"].get("url"))
        elif kind == 12:
            urls += [i["media"].get("url") for i in comp.get("items") or []
                     if isinstance(i, dict) and isinstance(i.get("media"), dict)]
        elif kind == 13 and isinstance(comp.get("file"), dict):
            urls.append(comp["file"].get("url"))
    return [u for u in urls if isinstance(u, str)]


def _deferral_flags(body: dict[str, Any]) -> list[str]:
    """receiving-and-responding.mdx: with DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE (5) "the only
    valid message flag you may use is EPHEMERAL"; IS_COMPONENTS_V2 goes through an edit of
    the original response."""
    data = body.get("data")
    flags = data.get("flags") if isinstance(data, dict) else None
    if body.get("type") == 5 and isinstance(flags, int) and flags & ~EPHEMERAL:
        return [f"$.data.flags: {flags} on a type 5 (deferred) response: only EPHEMERAL (64) "
                "is allowed; send IS_COMPONENTS_V2 with the edit of the original response"]
    return []


def _create_flags(where: str, flags: Any, allowed: int) -> list[str]:
    if not isinstance(flags, int) or not flags & ~allowed:
        return []
    return [f"{where}: {flags} sets {flags & ~allowed}, a flag a new message cannot carry "
            f"(allowed: {allowed})"]


def _mention_problems(message: Any, where: str) -> list[str]:
    """message.mdx: ``parse`` is mutually exclusive with ``users`` ("users" in both is a
    validation error; an empty ``users`` is not)."""
    allowed = message.get("allowed_mentions") if isinstance(message, dict) else None
    if not isinstance(allowed, dict):
        return []
    if "users" in (allowed.get("parse") or []) and allowed.get("users"):
        return [f"{where}.allowed_mentions: \"users\" in parse and a users list (mutually "
                "exclusive)"]
    return []


def validate_body(method: str, route: str, body: Any) -> list[str]:
    """Every problem with a JSON body (or a multipart payload_json) sent to `method route`.

    Returns readable strings `"$.json.path: reason"`; empty when the body is valid.
    """
    validator = _validator(method, route)
    if validator is None:
        if body is None:
            return []
        return [f"$: {method} {route} takes no JSON body in the spec"]
    problems = [_describe(e) for e in validator.iter_errors(body)]
    problems += _unknown_keys(_top_keys(method, route), body, "$")
    if route.endswith("/commands"):
        problems += command_problems(body)
    if route.endswith("/callback"):
        if isinstance(body, dict):
            problems += _unknown_keys(
                _callback_data_keys(method, route), body.get("data"), "$.data"
            )
            data = body.get("data")
            problems += _message_limits(data, "$.data") + _mention_problems(data, "$.data")
            problems += _deferral_flags(body)
            if body.get("type") == 4 and isinstance(data, dict):
                problems += _create_flags("$.data.flags", data.get("flags"),
                                          CREATE_FLAGS | EPHEMERAL)
    elif isinstance(body, dict):
        problems += _message_limits(body, "$") + _mention_problems(body, "$")
        if method == "POST" and route in CREATE_ROUTES:
            problems += _create_flags("$.flags", body.get("flags"), CREATE_ROUTES[route])
        if method == "POST" and route == FORUM_POSTS and isinstance(body.get("message"), dict):
            problems += _forum_message_problems(body["message"])
    return problems


@cache
def _forum_message_keys() -> frozenset[str]:
    schema = spec()["components"]["schemas"]["BaseCreateMessageCreateRequest"]
    return frozenset((allowed_keys(schema) or set()) | TOLERATED_KEYS)


def _forum_message_problems(message: dict[str, Any]) -> list[str]:
    """A forum post's first message (``$.message``) under the limits of any new message: the
    spec checks its shape, not Discord's limits nor unknown keys."""
    return (_unknown_keys(_forum_message_keys(), message, "$.message")
            + _message_limits(message, "$.message") + _mention_problems(message, "$.message")
            + _create_flags("$.message.flags", message.get("flags"), CREATE_FLAGS))


@cache
def _response_validator(method: str, route: str, status: int) -> Draft202012Validator | None:
    operation = spec()["paths"].get(route, {}).get(method.lower(), {})
    content = operation.get("responses", {}).get(str(status), {}).get("content", {})
    if "application/json" not in content:
        return None
    pointer = _pointer(
        "paths",
        route,
        method.lower(),
        "responses",
        str(status),
        "content",
        "application/json",
        "schema",
    )
    return Draft202012Validator({"$ref": f"{SPEC_URI}#{pointer}"}, registry=_registry())


def validate_response(method: str, route: str, status: int, body: Any) -> list[str]:
    """Problems with a response body the emulator sent, against the spec's response schema:
    the emulator's own fidelity check (Discord's answers are what discord.py was built on)."""
    validator = _response_validator(method, route, status)
    if validator is None:
        return []
    return [_describe(e) for e in validator.iter_errors(body)]


def schema_problems(name: str, instance: Any) -> list[str]:
    """Problems with ``instance`` against the spec's component schema ``name``: for what the
    emulator sends over the gateway, which has no operation in the spec."""
    validator = Draft202012Validator({"$ref": f"{SPEC_URI}#/components/schemas/{name}"},
                                     registry=_registry())
    return [f"{name}: {_describe(e)}" for e in validator.iter_errors(instance)]


# The spec's schema for each channel type an interaction can come from.
CHANNEL_SCHEMAS = {1: "PrivateChannelResponse", 3: "PrivateGroupChannelResponse",
                   10: "ThreadResponse", 11: "ThreadResponse", 12: "ThreadResponse"}
# Interaction metadata by interaction type (a message's `interaction_metadata`).
METADATA_SCHEMAS = {2: "ApplicationCommandInteractionMetadataResponse",
                    3: "MessageComponentInteractionMetadataResponse",
                    5: "ModalSubmitInteractionMetadataResponse"}


def interaction_problems(payload: dict[str, Any]) -> list[str]:
    """The parts of an INTERACTION_CREATE the spec describes, checked against it: `context`
    (InteractionContextType), the keys (ApplicationIntegrationType) and ids of
    `authorizing_integration_owners`, `app_permissions` (a bit set as a string), the channel
    object by its type, `user`, `member`, the message a component sits on and the users and
    messages `resolved` carries. Plus the docs' rule: `member` and `guild_id` in a guild,
    `user` elsewhere."""
    problems = schema_problems("InteractionContextType", payload.get("context"))
    owners = payload.get("authorizing_integration_owners")
    if not isinstance(owners, dict) or not owners:
        problems.append("authorizing_integration_owners: missing or empty")
    else:
        for key, value in owners.items():
            problems += schema_problems("ApplicationIntegrationType", int(key))
            problems += schema_problems("SnowflakeType", value)
    if not str(payload.get("app_permissions", "")).isdigit():
        problems.append(f"app_permissions: {payload.get('app_permissions')!r} is no bit set")
    channel = payload.get("channel") or {}
    problems += schema_problems(CHANNEL_SCHEMAS.get(channel.get("type"), "GuildChannelResponse"),
                                channel)
    in_guild = "guild_id" in payload
    if in_guild != ("member" in payload) or in_guild == ("user" in payload):
        problems.append("guild_id and member in a guild, user elsewhere (the docs)")
    if "user" in payload:
        problems += schema_problems("UserResponse", payload["user"])
    if "member" in payload:
        problems += schema_problems("GuildMemberResponse", payload["member"])
    if "message" in payload:
        problems += schema_problems("MessageResponse", payload["message"])
    resolved = (payload.get("data") or {}).get("resolved") or {}
    for user in (resolved.get("users") or {}).values():
        problems += schema_problems("UserResponse", user)
    for message in (resolved.get("messages") or {}).values():
        problems += schema_problems("MessageResponse", message)
    return problems
