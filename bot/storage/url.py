"""Database targets: a SQLite file path, or a ``postgresql://`` URL. Pure string work (no driver
imported), so the config can check a URL and anyone can print one without its password."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

SCHEMES = ("postgresql", "postgres")
EXAMPLE = "postgresql://tablee:PASSWORD@localhost:5432/tablee"
_SECRET_KEYS = {"password", "sslpassword"}


def is_url(target: str) -> bool:
    """True for a PostgreSQL URL, False for a SQLite file path."""
    return target.split("://", 1)[0].lower() in SCHEMES if "://" in target else False


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a PostgreSQL URL, as the end of a sentence; None when it can."""
    if "://" not in url:
        return f"must be a PostgreSQL URL like {EXAMPLE}"
    scheme = url.split("://", 1)[0].lower()
    if scheme not in SCHEMES:
        return (f"must start with postgresql:// (only PostgreSQL is supported; for SQLite set "
                f"database.path), not {scheme}://")
    if _reserved_in_userinfo(url):
        return ("has a /, # or ? in its user name or password: write each percent-encoded "
                f"(/ as %2F, # as %23, ? as %3F), like {EXAMPLE}")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return f"has a port that is not a number from 1 to 65535 (like {EXAMPLE})"
    if port == 0:
        return f"has a port that is not a number from 1 to 65535 (like {EXAMPLE})"
    if not parts.hostname and "host=" not in parts.query:
        return f"must name the server after postgresql:// (like {EXAMPLE})"
    if not parts.path.strip("/"):
        return f"must name a database after the server (like {EXAMPLE})"
    return None


def _reserved_in_userinfo(url: str) -> bool:
    """``user:pass/word@host/db``: a /, # or ? before the last @ ends the server part early (the
    URL reads as server ``user:pass`` and a port that is not a number). Said only when what
    follows the @ still looks like a server and a database."""
    rest = url.split("://", 1)[1]
    at = rest.rfind("@")
    if at < 0:
        return False
    userinfo, after = rest[:at], rest[at + 1:]
    cut = min((i for i in (userinfo.find(c) for c in "/#?") if i >= 0), default=-1)
    return cut >= 0 and ":" in userinfo[:cut] and "/" in after


def shown(target: str) -> str:
    """``target`` as it may be printed or logged: a URL loses its password (never shown)."""
    if not is_url(target):
        return target
    try:
        parts = urlsplit(target)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return target.split("://", 1)[0] + "://…"
    if ":" in host:  # an IPv6 address
        host = f"[{host}]"
    user = f"{parts.username}@" if parts.username else ""
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k not in _SECRET_KEYS])
    return urlunsplit((parts.scheme, f"{user}{host}{port}", parts.path, query, ""))
