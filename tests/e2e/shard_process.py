"""One real bot process for the sharding e2e test (tests/e2e/test_play_shards.py).

``python -m tests.e2e.shard_process --config PATH`` runs exactly ``python -m bot --config PATH``
(config, database, the AutoShardedBot, resume at start-up, SIGTERM to stop) with the two
things a test needs changed, as the in-process fixtures change them:

- discord.py's documented globals ``Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` point
  at the emulator port in ``TABLEE_EMULATOR_URL`` (each process gets its own port, so the
  emulator knows which process sent what);
- discord.py's wait for more GUILD_CREATEs after READY is shortened to 0.05 s (the emulator
  sends them at once), and the test-only toy game is registered before the commands are built;
- with ``TABLEE_TEST_RECONNECT_DELAY`` set, discord.py waits exactly that many seconds before
  each reconnect (its back-off is random, up to minutes), so a test knows it is waiting;
- with ``TABLEE_TEST_DEAL_SEED`` set, every table is dealt from that seed
  (``deal_with_seed``): a whole game then lasts the same every run.
"""

from __future__ import annotations

import os
import sys
from typing import Any


def main(argv: list[str]) -> int:
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot.__main__ import main as bot_main
    from bot.adapter import client
    from bot.app import runner
    from tests.e2e.toy_game import register_toy

    base = os.environ["TABLEE_EMULATOR_URL"]
    Route.BASE = f"{base}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(base.replace("http://", "ws://", 1) + "/gateway")
    make_bot = client.make_bot

    def quick_bot(config: Any, host: Any, **more: Any) -> Any:
        return make_bot(config, host, guild_ready_timeout=0.05, **more)

    runner.make_bot = quick_bot  # the runner's own name for it, looked up when it starts the bot
    if os.environ.get("TABLEE_TEST_RECONNECT_DELAY"):
        from discord.backoff import ExponentialBackoff

        delay = float(os.environ["TABLEE_TEST_RECONNECT_DELAY"])
        ExponentialBackoff.delay = lambda self: delay  # type: ignore[method-assign]
    if os.environ.get("TABLEE_TEST_DEAL_SEED"):
        import pytest

        from tests.e2e.test_play_helpers import deal_with_seed

        deal_with_seed(pytest.MonkeyPatch(), int(os.environ["TABLEE_TEST_DEAL_SEED"]))
    register_toy()
    return bot_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
