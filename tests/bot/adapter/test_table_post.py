"""The table post's text: log lines in order, transient ones marked and dropped on retirement."""

from __future__ import annotations

from typing import Any

from bot.adapter.posting.post_text import TRANSIENT_MARK, compose, strip_transient
from bot.service.results import PublicPost


def _post(**fields: object) -> PublicPost:
    base: dict = dict(channel_id=1, version=3, status="Seat 1 (Ann) to move",
                      image_png=None, to_move_user_ids=[])
    return PublicPost(**{**base, **fields})


def test_a_transient_line_stays_between_the_moves_it_came_with() -> None:
    post = _post(
        ordered_lines=[("Seat 2 revealed a -2 tile.", True),
                       ("Seat 2 placed the tile on B2.", False),
                       ("Seat 3 placed a pawn on C1.", False)],
    )
    full, plain = compose(post)
    assert full.split("\n") == [
        TRANSIENT_MARK + "Seat 2 revealed a -2 tile.", "Seat 2 placed the tile on B2.",
        "Seat 3 placed a pawn on C1.", "Seat 1 (Ann) to move",
    ]
    assert plain == strip_transient(full) and "revealed" not in plain


def test_a_transient_line_is_marked_and_left_out_of_the_plain_text() -> None:
    post = _post(ordered_lines=[("a", False), ("b", True)])
    full, plain = compose(post)
    assert full.split("\n") == ["a", TRANSIENT_MARK + "b", "Seat 1 (Ann) to move"]
    assert plain.split("\n") == ["a", "Seat 1 (Ann) to move"]


def test_the_oldest_lines_give_way_within_2000_characters() -> None:
    lines = [f"line {i} " + "x" * 90 for i in range(40)]
    post = _post(ordered_lines=[(t, False) for t in lines])
    full, _plain = compose(post)
    assert len(full) <= 2000 and full.endswith("Seat 1 (Ann) to move")
    assert lines[-1] in full and lines[0] not in full and "earlier lines" in full.split("\n")[0]


def test_the_clock_lines_and_buttons_follow_the_hosts_clock_view() -> None:
    from bot.adapter.rooms import LAYOUT
    from bot.service.results import ClockView

    def table_view(post: PublicPost) -> Any:
        return LAYOUT.table_post_view(1, post, None)  # type: ignore[arg-type]

    running = _post(clock=ClockView(name="Bob (seat 2)", deadline=1700000330.7))
    assert compose(running)[0].endswith("⏳ Bob (seat 2)'s time runs out <t:1700000330:R>.")
    # Bob to move: his time is on his turn line, whose turn it is said once.
    his = _post(clock=ClockView(name="Bob (seat 2)", deadline=1700000330.7, user_id=22),
                to_move_user_ids=[22])
    assert compose(his, status=False)[0].split("\n") == [
        "<@22>, your turn: press **My hand / Play**. ⏳ Time runs out <t:1700000330:R>."]
    assert compose(his, still={22: "Bob (seat 2)"}, status=False)[0] == (
        "**Bob (seat 2)** moves again. ⏳ Time runs out <t:1700000330:R>.")
    assert compose(his, closed_dms=[22], status=False)[0] == (
        "<@22>, your turn. I couldn't DM you: your hand is under **My hand / Play**. ⏳ Time "
        "runs out <t:1700000330:R>.")
    assert [b.item.label for b in table_view(running).children] == [
        "My hand / Play", "Board", "Describe", "Rules"]
    out = _post(clock=ClockView(name="Bob (seat 2)", deadline=1.0, timed_out=True, can_skip=True,
                                replaced=["Cy"], end_offer=True))
    lines = compose(out)[0].split("\n")
    assert lines[1:] == [
        "The others may **Skip** Bob (seat 2)'s turn or let a computer play for them.",
        "🤖 A computer plays for Cy until they press **I'm back**.",
        "Fewer than two people are playing now: press **End the game** to stop without a "
        "result, or play on."]
    view = table_view(out)
    assert [(b.item.label, b.item.custom_id) for b in view.children][4:] == [
        ("Skip", "tc:skip:1:3"), ("Computer plays for Bob (seat 2)", "tc:take:1:3"),
        ("I'm back", "tc:back:1:3"), ("End the game", "tc:end:1:3")]
