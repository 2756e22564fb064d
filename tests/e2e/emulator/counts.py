"""Counting the requests a bot made: what a game costs in Discord's rate limits.

    before = len(discord_sim.requests)
    ...  # play a game
    counts = discord_sim.request_counts(since=before)
    print(counts)  # bot 14 (POST /channels/{channel_id}/messages 6, …); interaction 9 (…)
    assert counts.bot["POST /channels/{channel_id}/messages"] <= 6
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .wire import RequestRecord, is_interaction_endpoint


@dataclass
class RequestCounts:
    """``bot``: requests made with the bot token, the interaction endpoints aside (they count
    against the global limit); ``interaction``: callbacks and interaction webhooks (exempt).
    Both count by ``"METHOD /route"``, the route as in the spec."""

    bot: Counter[str] = field(default_factory=Counter)
    interaction: Counter[str] = field(default_factory=Counter)

    @classmethod
    def of(cls, records: list[RequestRecord]) -> RequestCounts:
        counts = cls()
        for record in records:
            key = f"{record.method} {record.route}"
            if is_interaction_endpoint(record.route):
                counts.interaction[key] += 1
            elif record.bot_token is not None:
                counts.bot[key] += 1
        return counts

    @property
    def bot_total(self) -> int:
        return sum(self.bot.values())

    @property
    def interaction_total(self) -> int:
        return sum(self.interaction.values())

    def __str__(self) -> str:
        def part(name: str, counter: Counter[str]) -> str:
            detail = ", ".join(f"{key} {n}" for key, n in counter.most_common())
            return f"{name} {sum(counter.values())}" + (f" ({detail})" if detail else "")

        return f"{part('bot', self.bot)}; {part('interaction', self.interaction)}"
