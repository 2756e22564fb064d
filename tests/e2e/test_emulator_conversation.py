"""A whole conversation with the tiny bot, driven by the person-like helpers alone."""

from tests.e2e.emulator import validate
from tests.e2e.emulator.tinybot import TinyBot


async def test_conversation_through_helpers(discord_sim):
    await discord_sim.start_bot(TinyBot())
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")

    assert await discord_sim.autocomplete(alice, "play", text="is") == [
        {"name": "isis-osiris", "value": "isis-osiris"},
        {"name": "master-islands", "value": "master-islands"},
    ]
    lobby = await discord_sim.slash(alice, "play", game="master-islands")
    assert lobby.content == "lobby for master-islands"
    assert lobby.labels == ["Join", "Leave", "Hand"]

    assert await discord_sim.click(alice, lobby, label="Join") is lobby
    await discord_sim.click(bob, lobby, label="Join")
    assert lobby.content == "Players: alice, bob"
    await discord_sim.click(alice, lobby, custom_id="lobby:leave")
    assert lobby.content == "Players: bob"

    hand = await discord_sim.click(bob, lobby, label="Hand")
    assert hand.ephemeral and hand.content == "your hand, bob"
    assert hand.attachments[0].image().size == (40, 20)
    assert hand in discord_sim.visible_to(bob)
    assert hand not in discord_sim.visible_to(alice)

    chosen = await discord_sim.select(alice, lobby, values=["red", "blue"])
    assert chosen.content == "you chose red+blue" and chosen.visible_only_to is alice

    poked = await discord_sim.slash(alice, "poke", who=bob)
    assert poked.content == "poked"
    assert [m.content for m in discord_sim.dms(bob)] == ["poke from alice"]

    assert all(not r.problems for r in discord_sim.requests)
    assert discord_sim.problems() == []


async def test_every_answer_of_the_emulator_matches_the_spec(discord_sim):
    """The emulator's own fidelity: its JSON answers validate against the spec's responses."""
    await discord_sim.start_bot(TinyBot())
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    lobby = await discord_sim.slash(alice, "play", game="isis-osiris")
    await discord_sim.click(alice, lobby, label="Join")
    await discord_sim.click(alice, lobby, label="Leave")
    for command, options in [
        ("board", {}),
        ("post", {}),
        ("undo", {}),
        ("think", {}),
        ("poke", {"who": bob}),
        ("inspect", {"who": bob}),
    ]:
        await discord_sim.slash(alice, command, **options)
    checked = [r for r in discord_sim.requests if r.response is not None and r.status < 300]
    assert len(checked) > 25
    for r in checked:
        assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r
