"""What a player reads from the engines carries no rule ids: log lines, refusals, the game-over
reason and the status lines, over random games of every game and mode.

Rule ids ("MI-8", "IO-V1") belong to docs/rules and the tests; a player never sees them.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from games import IllegalMove, get_game
from tests.games.every_game import setup_id, setups

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
PREFIXES = sorted(set(re.findall(r"^Rule id prefix: `?([A-Z]+)`?[ \t]*$", "\n".join(
    p.read_text(encoding="utf-8") for p in RULES.glob("*.md")), re.M)))
"""Every game's rule id prefix, as its rules file states it."""
RULE_ID = re.compile(rf"\b(?:{'|'.join(PREFIXES)})-[A-Z]?[0-9]+")

CASES = setups()


def texts_of_a_game(game_id: str, players: int, options: dict[str, Any], seed: int,
                    limit: int = 600) -> list[str]:
    """Every sentence a random game shows: event texts, refusals of moves tried at the wrong
    moment or by the wrong seat, status lines, and the final reason."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new(players, options, seed)
    seen: list[str] = []
    tried: list[str] = []
    for _ in range(limit):
        movers = game.to_move(state)
        if not movers:
            break
        seat = movers[0]
        legal = game.legal(state, seat)
        seen += game.status(game.view(state, None))
        for stale in rng.sample(tried, min(3, len(tried))):
            other = rng.randint(1, players)
            try:
                game.apply(state, other, stale)
            except IllegalMove as exc:
                seen.append(str(exc))
        move = rng.choice(legal)
        tried = (tried + [move])[-40:]
        state, events = game.apply(state, seat, move)
        seen += [str(e["text"]) for e in events if e.get("text")]
    seen.append(game.result(state).reason)
    return seen


def test_every_game_states_its_rule_id_prefix() -> None:
    assert len(PREFIXES) >= len({game_id for game_id, _, _ in CASES})


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[setup_id(c) for c in CASES])
def test_engine_texts_carry_no_rule_ids(game_id: str, players: int, options: dict[str, Any]) -> None:
    texts = [t for seed in (1, 2) for t in texts_of_a_game(game_id, players, options, seed)]
    assert len(texts) > 20  # the game showed enough to judge
    leaks = sorted({t for t in texts if RULE_ID.search(t)})
    assert leaks == []
