"""/notifications (issue 39 item 1) through the real discord.py client: the private panel shows
each choice in words and changes it with its selects, stored at once (the row read back from
the database); only its person may use it, in a server, in a DM and after a restart; the time
zone autocompletes and a wrong one is refused with a sentence; /dms adds or takes away the DM
and a person's older /dms answer shows in the panel; French."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service.ledger import default_prefs
from bot.storage.rows import NotifyPrefs
from tests.e2e.test_play_helpers import assert_all_requests_valid, last_private, running_tablee

SAVED = "✅ Saved."
CLOCK = "Quiet hours hold notifications, never the clock"
SAME = ("Quiet hours cannot start and end at the same time: pick another time, or “No quiet "
        "hours”.")


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def stored(app: Any, user: Any) -> NotifyPrefs | None:
    """The person's saved choices (None: they never saved any)."""
    prefs = app.bot.service.store.prefs
    if not await prefs.chosen(user.id):
        return None
    return await prefs.notify_prefs(user.id, NotifyPrefs())


def select(panel: Any, field: str) -> dict[str, Any]:
    [found] = [s for s in panel.selects() if s["custom_id"].split(":")[1] == field]
    return found


def current(panel: Any, field: str) -> str | None:
    """The label of the option the select shows as chosen (None: its placeholder shows)."""
    chosen = [o["label"] for o in select(panel, field)["options"] if o.get("default")]
    return chosen[0] if chosen else None


async def pick(sim: Any, user: Any, panel: Any, field: str, value: str) -> Any:
    return await sim.select(user, panel, values=[value],
                            custom_id=select(panel, field)["custom_id"])


async def test_the_panel_states_and_changes_every_choice(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    panel = await sim.slash(alice, "notifications")
    assert panel.ephemeral and panel.visible_only_to is alice
    text = panel.content
    # Nothing saved by opening it: the owner's defaults (DMs on, a live DM after a minute).
    assert await stored(tablee, alice) is None
    assert "• **Your turn**: a mention in the table post and a DM." in text
    assert "a DM after 1 minute without playing." in text
    assert "• **Slow tables** (about a day a move, or no clock): a DM at once." in text
    assert "• **Quiet hours** (your time): none." in text and CLOCK in text
    assert "• **Time zone**: UTC (it is " in text
    assert [s["custom_id"] for s in panel.selects()] == [
        f"tn:{field}:{alice.id}" for field in ("how", "live", "slow", "from", "to")]
    assert [len(s["options"]) for s in panel.selects()] == [4, 4, 25, 25, 24]
    assert current(panel, "how") == "Both: a mention and a DM"
    assert current(panel, "from") == "No quiet hours" and current(panel, "to") is None

    panel = await pick(sim, alice, panel, "how", "dm")
    assert SAVED in panel.content and "• **Your turn**: a DM." in panel.content
    assert await stored(tablee, alice) == NotifyPrefs(how="dm")
    assert await tablee.bot.service.store.prefs.dm_enabled(alice.id) is True

    panel = await pick(sim, alice, panel, "live", "300")
    assert "a DM after 5 minutes without playing." in panel.content
    assert current(panel, "live") == "DM me after 5 minutes idle"
    panel = await pick(sim, alice, panel, "slow", "digest:7")
    assert ("one DM a day at 07:00, listing every table waiting for you."
            in panel.content)
    assert current(panel, "slow") == "One digest DM a day at 07:00"
    assert await stored(tablee, alice) == NotifyPrefs(how="dm", live_after=300, slow="digest",
                                                      digest_hour=7)

    # Quiet hours from one end: the other comes nine hours later; then the end is chosen.
    panel = await pick(sim, alice, panel, "from", str(22 * 60))
    assert "• **Quiet hours** (your time): from 22:00 to 07:00." in panel.content
    assert "No mention and no DM then" in panel.content and CLOCK in panel.content
    panel = await pick(sim, alice, panel, "to", str(6 * 60))
    assert "from 22:00 to 06:00." in panel.content
    assert (current(panel, "from"), current(panel, "to")) == (
        "Quiet hours from 22:00", "Quiet hours until 06:00")
    assert (await stored(tablee, alice)).quiet_to == 6 * 60  # type: ignore[union-attr]

    panel = await pick(sim, alice, panel, "how", "none")
    assert "You chose no DM: these two apply once you choose one." in panel.content
    assert await tablee.bot.service.store.prefs.dm_enabled(alice.id) is False
    panel = await pick(sim, alice, panel, "from", "off")
    assert "• **Quiet hours** (your time): none." in panel.content
    assert await stored(tablee, alice) == NotifyPrefs(how="none", live_after=300, slow="digest",
                                                      digest_hour=7)
    assert not sim.public() and not sim.dms(alice)  # all of it private


async def test_only_its_person_may_use_a_panel(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    hers = await sim.slash(alice, "notifications")
    how = select(hers, "how")["custom_id"]
    # A stale or shared client pressing Alice's panel...
    answer = await sim.press(bob, hers, how, component_type=3, values=["none"])
    assert answer is not None and answer.visible_only_to is bob
    assert answer.content == "This panel is someone else's: open your own with /notifications."
    # ...or Bob's own panel forged to carry Alice's id: refused alike.
    his = await sim.slash(bob, "notifications")
    answer = await sim.forged_press(bob, his, how, component_type=3, values=["none"])
    assert answer is not None and "someone else's" in answer.content
    assert await stored(tablee, alice) is None and await stored(tablee, bob) is None
    assert current(hers, "how") == "Both: a mention and a DM"


async def test_the_panel_works_in_a_dm_and_after_a_restart(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    dm = sim.world.dm_channel(alice)
    panel = await sim.slash(alice, "notifications", channel=dm)
    assert panel.ephemeral and "**Your notifications**" in panel.content
    panel = await pick(sim, alice, panel, "how", "mention")
    assert SAVED in panel.content
    await tablee.restart()  # the selects are DynamicItems: the old panel still answers
    panel = await pick(sim, alice, panel, "live", "-1")
    assert "• **Live tables** (a few minutes a move): no DM." in panel.content
    assert await stored(tablee, alice) == NotifyPrefs(how="mention", live_after=-1)


async def test_the_zone_autocompletes_cities_first(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    for typed, first in (("paris", "Europe/Paris"), ("new y", "America/New_York"),
                         ("TOKYO", "Asia/Tokyo"), ("york", "America/New_York")):
        choices = await sim.autocomplete(alice, "notifications", text=typed, option="zone")
        assert choices and choices[0]["value"] == first, (typed, choices[:3])
        assert choices[0]["name"].startswith(first.replace("_", " ") + " (it is ")
    # Any part matches; city zones before the older names (Asia/Tokyo before Japan), 25 at most.
    europe = await sim.autocomplete(alice, "notifications", text="europe", option="zone")
    assert len(europe) == 25 and all(c["value"].startswith("Europe/") for c in europe)
    untyped = await sim.autocomplete(alice, "notifications", text="", option="zone")
    assert len(untyped) == 25 and untyped[0]["value"] == "UTC"
    assert await sim.autocomplete(alice, "notifications", text="atlantis", option="zone") == []


async def test_the_commands_options_set_the_zone_and_any_minute_of_quiet(
        discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    panel = await sim.slash(alice, "notifications", zone="europe/paris", quiet_from="22:30",
                            quiet_to="7")
    assert panel.ephemeral and SAVED in panel.content
    assert "• **Time zone**: Europe/Paris (it is " in panel.content
    assert "from 22:30 to 07:00." in panel.content
    # Half past is no whole hour of the select: its placeholder says it.
    assert current(panel, "from") is None
    assert select(panel, "from")["placeholder"] == "Quiet hours from 22:30"
    assert current(panel, "to") == "Quiet hours until 07:00"
    default = default_prefs(True, 60)
    assert await stored(tablee, alice) == NotifyPrefs(
        how=default.how, live_after=default.live_after, zone="Europe/Paris",
        quiet_from=22 * 60 + 30, quiet_to=7 * 60)


async def test_a_wrong_zone_or_time_is_refused_with_a_sentence(
        discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    reply = await sim.slash(alice, "notifications", zone="paris")
    assert reply.ephemeral and reply.content == (
        "I don't know the time zone “paris”. Pick one of the names suggested as you type, "
        "e.g. Europe/Paris.")
    reply = await sim.slash(alice, "notifications", zone="Mars/Olympus")
    assert "e.g. Europe/Paris." in reply.content and "“Mars/Olympus”" in reply.content
    reply = await sim.slash(alice, "notifications", zone="Asia/Tokyo", quiet_from="25:00")
    assert reply.content == ("“25:00” is not a time: write it on the 24-hour clock, e.g. 22:00 "
                             "or 7:30.")
    reply = await sim.slash(alice, "notifications", quiet_from="6:00", quiet_to="06:00")
    assert reply.content == SAME
    assert await stored(tablee, alice) is None  # nothing of a refused command is kept
    # In the panel: an end picked where the start is leaves the quiet hours as they were.
    panel = await sim.slash(alice, "notifications", quiet_from="22:00")
    await pick(sim, alice, panel, "to", str(22 * 60))
    assert last_private(sim, alice).content == SAME
    assert "from 22:00 to 07:00." in panel.content
    assert (await stored(tablee, alice)).quiet_to == 7 * 60  # type: ignore[union-attr]


async def test_dms_adds_or_takes_away_the_dm_and_the_old_answer_carries_over(
        discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    prefs = tablee.bot.service.store.prefs
    # Alice answered the older /dms with "off" and never opened /notifications: a mention only.
    await prefs.set_dm_enabled(alice.id, False)
    panel = await sim.slash(alice, "notifications")
    assert "• **Your turn**: a mention in the table post." in panel.content
    assert current(panel, "how") == "Mention me in the table post"
    assert await stored(tablee, alice) is None

    reply = await sim.slash(alice, "dms", enabled=True)
    assert reply.ephemeral and reply.content == (
        "On your turn I'll DM you your hand and a link to the table.\n"
        "More choices (when, quiet hours, your time zone): /notifications.")
    assert (await stored(tablee, alice)).how == "both"  # type: ignore[union-attr]
    reply = await sim.slash(alice, "dms", enabled=False)
    assert "No more turn DMs" in reply.content and "/notifications" in reply.content
    assert (await stored(tablee, alice)).how == "mention"  # type: ignore[union-attr]
    assert await prefs.dm_enabled(alice.id) is False

    # Bob chose a DM only, then nothing: /dms takes the DM away, then gives it back.
    panel = await sim.slash(bob, "notifications")
    await pick(sim, bob, panel, "how", "dm")
    await sim.slash(bob, "dms", enabled=False)
    assert (await stored(tablee, bob)).how == "none"  # type: ignore[union-attr]
    await sim.slash(bob, "dms", enabled=True)
    assert (await stored(tablee, bob)).how == "dm"  # type: ignore[union-attr]
    assert await prefs.dm_enabled(bob.id) is True


async def test_the_panel_in_french(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    zoe = sim.user("zoe", locale="fr")
    panel = await sim.slash(zoe, "notifications", quiet_from="23:00")
    text = panel.content
    assert text.startswith("✅ Enregistré.\n**Vos notifications** (sur tous les serveurs ;")
    assert "• **Votre tour** : une mention dans le message de la table et un message privé." \
        in text
    assert "• **Heures de silence** (à votre heure) : de 23:00 à 08:00." in text
    assert "jamais l’horloge" in text and "`/notifications fuseau:`" in text
    assert current(panel, "from") == "Silence à partir de 23:00"
    panel = await pick(sim, zoe, panel, "slow", "digest:20")
    assert ("un message privé par jour à 20:00, avec toutes les tables qui vous attendent."
            in panel.content)
    assert current(panel, "slow") == "Un message privé récapitulatif par jour à 20:00"
    reply = await sim.slash(zoe, "notifications", zone="Lune")
    assert reply.content.startswith("Je ne connais pas le fuseau horaire « Lune ».")
    choices = await sim.autocomplete(zoe, "notifications", text="paris", option="zone")
    assert choices[0]["name"].startswith("Europe/Paris (il y est ")
    assert "Your" not in panel.content  # no English left
