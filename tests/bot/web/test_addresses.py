"""bot.web.addresses: the client address limits are keyed on, behind a trusted proxy or not."""

from __future__ import annotations

import ipaddress
from unittest import mock

import pytest
from aiohttp.test_utils import make_mocked_request

from bot.config import ConfigError, parse_config
from bot.web.addresses import client_address

PROXY = (ipaddress.ip_network("127.0.0.1/32"), ipaddress.ip_network("10.0.0.0/8"))


def request(peer: str | None, forwarded: str | None = None):
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    transport = mock.Mock()
    transport.get_extra_info.return_value = (peer, 1234) if peer else None
    return make_mocked_request("GET", "/", headers=headers, transport=transport)


def test_without_trusted_proxies_the_header_is_ignored():
    assert client_address(request("127.0.0.1", "203.0.113.9")) == "127.0.0.1"


def test_a_trusted_proxy_reports_the_client():
    assert client_address(request("127.0.0.1", "203.0.113.9"), PROXY) == "203.0.113.9"


def test_a_forged_leftmost_address_is_not_believed():
    # The client sent "1.2.3.4" itself; the proxy appended the address it was reached from.
    got = client_address(request("127.0.0.1", "1.2.3.4, 203.0.113.9"), PROXY)
    assert got == "203.0.113.9"


def test_chained_trusted_proxies_are_skipped():
    got = client_address(request("127.0.0.1", "203.0.113.9, 10.1.2.3"), PROXY)
    assert got == "203.0.113.9"


def test_an_untrusted_peer_cannot_forward():
    assert client_address(request("198.51.100.7", "203.0.113.9"), PROXY) == "198.51.100.7"


def test_an_unreadable_header_keys_on_the_proxy():
    assert client_address(request("127.0.0.1", "not an address"), PROXY) == "127.0.0.1"
    assert client_address(request("127.0.0.1"), PROXY) == "127.0.0.1"


def test_ports_and_brackets_are_read():
    assert client_address(request("127.0.0.1", "[2001:db8::1]:443"), PROXY) == "2001:db8::1"
    assert client_address(request("127.0.0.1", "192.0.2.1:80"), PROXY) == "192.0.2.1"


def test_config_reads_trusted_proxies():
    config = parse_config({"web": {"listen": "127.0.0.1:0",
                                   "trusted_proxies": ["127.0.0.1", "10.0.0.0/8", "::1"]}})
    assert config.web is not None
    assert [str(n) for n in config.web.trusted_proxies] == ["127.0.0.1/32", "10.0.0.0/8",
                                                             "::1/128"]


@pytest.mark.parametrize("bad", [["not-an-ip"], [5], {"a": 1}, ["1.2.3.4"] * 65])
def test_config_refuses_bad_trusted_proxies(bad):
    with pytest.raises(ConfigError, match="web.trusted_proxies"):
        parse_config({"web": {"listen": "127.0.0.1:0", "trusted_proxies": bad}})
