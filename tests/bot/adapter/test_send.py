"""The sending helper's two guarantees (issue 17, items 1 and 4), without Discord: allowed
mentions name only the users given (never everyone, roles or the replied user) and content is
clipped to Discord's 2,000 characters."""

from __future__ import annotations

from bot.adapter.kit.limits import MAX_CONTENT
from bot.adapter.kit.send import allowed, fit


def test_allowed_mentions_name_only_the_users_given() -> None:
    nobody = allowed().to_dict()
    assert nobody == {"parse": []}
    some = allowed([5, 7, 5]).to_dict()
    assert some["parse"] == [] and some["users"] == [5, 7]  # once each, in order
    assert "roles" not in some and not some.get("replied_user")


def test_content_is_clipped_to_discords_limit() -> None:
    long = "x" * 2100
    assert len(fit(long)) == MAX_CONTENT and fit(long).endswith("…")
    assert fit("short") == "short"
    assert fit(None) is None  # "leave the content as it is" passes through
