"""Who a request comes from: the address rate limits and socket caps are keyed on.

Behind a reverse proxy every request arrives from the proxy's address, so a limit keyed on it
is shared by everyone (one client could block all). When ``[web] trusted_proxies`` names the
proxy, its ``X-Forwarded-For`` is believed: the client is the rightmost address in it that is
not itself a trusted proxy (proxies append the address they were reached from, so everything
left of that is what the client claimed, and may be forged). A request from any other address,
or a header that cannot be read, is keyed on the connection's own address.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence

from aiohttp import web

from ..config import IPNetwork

UNKNOWN = "unknown"  # a connection with no peer address (a Unix socket)
MAX_HOPS = 32  # addresses of an X-Forwarded-For read at most (from the right)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # "[2001:db8::1]:443"
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # "192.0.2.1:443"
        text = text.partition(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _trusted(address: ipaddress.IPv4Address | ipaddress.IPv6Address,
             proxies: Sequence[IPNetwork]) -> bool:
    return any(address.version == net.version and address in net for net in proxies)


def client_address(request: web.BaseRequest, proxies: Sequence[IPNetwork] = ()) -> str:
    """The client's address as text (see the module doc)."""
    peer = request.remote
    if not peer:
        return UNKNOWN
    found = _address(peer)
    if found is None or not proxies or not _trusted(found, proxies):
        return str(found) if found is not None else peer
    hops = ",".join(request.headers.getall("X-Forwarded-For", [])).split(",")
    for hop in reversed(hops[-MAX_HOPS:]):
        address = _address(hop)
        if address is None:
            break  # unreadable: keep the last address we could trust
        found = address
        if not _trusted(address, proxies):
            break
    return str(found)
