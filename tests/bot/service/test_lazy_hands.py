"""Hands nobody is shown are not drawn: after a move, the note of a person not to move who
learned something private (the toy game's "You drew 5.") carries its hand undrawn, since the
adapter shows the images of people to move only; asked for, it draws the same image My hand
would show."""

from __future__ import annotations

import io

from PIL import Image

from bot.service import Services
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.toy import TOY_ID


async def test_a_note_nobody_is_shown_draws_its_hand_only_when_asked(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    first = next(n for n in (await host.lobbies.start(CHANNEL, ALICE)).notes if n.your_turn)
    assert first.hand.drawn  # a mover's hand is drawn before the adapter gets it

    after = await host.moves.play(CHANNEL, first.user_id, first.menu[0].move, version=first.version)
    moved = next(n for n in after.notes if n.user_id == first.user_id)
    mover = next(n for n in after.notes if n.your_turn)
    assert not moved.your_turn and "You drew" in moved.text  # learned something, not to move
    assert not moved.hand.drawn
    assert mover.hand.drawn

    image = moved.image_png
    assert moved.hand.drawn and image is not None
    assert Image.open(io.BytesIO(image)).size[0] > 0  # a real PNG
    assert image == (await host.views.private_note(CHANNEL, first.user_id)).image_png
    assert moved.image_png is image  # drawn once
