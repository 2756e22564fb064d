"""``python -m bot health``, the image's HEALTHCHECK (issue 44, item 5): healthy only while the
bot this container started holds its lease, renewed in time; Discord is never contacted. A real
SQLite file and the lease code the bot runs; this machine's /tmp stands in for the container's."""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.app.lease import RENEWALS, ShardLease, memo_path
from bot.shards import ALL
from bot.storage.leases import Leases
from bot.storage.store import Store

EVERY = 10.0


def test_health_follows_the_lease_of_the_bot_started_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "container-tmp"))
    (tmp_path / "container-tmp").mkdir()
    db = str(tmp_path / "tablee.db")
    config = tmp_path / "config.toml"
    config.write_text(f'[database]\npath = "{db}"\n[discord]\nlease_seconds = {EVERY}\n',
                      encoding="utf-8")

    def health() -> tuple[int, str]:
        code = main(["health", "--config", str(config)])
        out = capsys.readouterr()
        return code, out.out + out.err

    def on_the_database(lease: ShardLease, what: str) -> None:
        async def act() -> None:
            store = await Store.open(db)
            try:
                lease.leases = Leases(store.db)
                await getattr(lease, what)()
            finally:
                await store.close()
        asyncio.run(act())

    def a_bot(memo: Path, late: float = 0.0) -> ShardLease:
        lease = ShardLease(None, ALL, EVERY, clock=lambda: time.time() - late,  # type: ignore[arg-type]
                           memo=memo)
        on_the_database(lease, "take")
        return lease

    code, said = health()
    assert code == 1 and "no bot has taken its lease here yet" in said

    other = a_bot(tmp_path / "other-container.lease")  # another container's, same database
    code, said = health()
    assert code == 1 and "no bot has taken its lease here yet" in said
    on_the_database(other, "release")

    stuck = a_bot(memo_path(db), late=EVERY * RENEWALS + 5)
    code, said = health()
    assert code == 1 and "last renewed its lease 35 s ago" in said
    on_the_database(stuck, "release")
    code, said = health()
    assert code == 1 and "holds no lease" in said

    running = a_bot(memo_path(db))
    code, said = health()
    assert code == 0 and said.startswith("ok: the bot holds its lease, renewed 0 s ago")
    on_the_database(running, "release")
