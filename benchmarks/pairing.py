"""Tournament pairing numbers: ``python -m benchmarks.pairing [--runs 1000] [--sizes 4,8,16,32,64]
[--formats swiss,round_robin,knockout] [--seats 2,3,4,5,6]``, printed, never asserted.

For each format, table size and player count, ``--runs`` random tournaments (random ratings,
random results with draws and shared places, each player withdrawing after a round with
probability 5 %; the fill alternating bye / computer; Swiss with its default rounds, but half
the two-seat Swiss tournaments asking for a long run — one round fewer than the players, at
most 15 — where rematches become unavoidable) are paired round by round by :func:`bot.service.rules.pairing.pair`, and every
round measured (tests/bot/service/pairing_sim.py):

* ``avoidable``: rematches a pairing without them could have avoided, per table (goal 0;
  "avoidable" judged independently, by the rank of a random Tutte matrix); two seats only.
  ``rematch``: all rematches per table (at 3+ seats: pairs of table-mates who met before,
  per table — there "avoidable" is not computed, the number is the measure);
* ``byes``: byes (or games against a computer at two seats) given to a player while an
  active player who was not left out had fewer (goal 0);
* ``far``: two-seat Swiss tables across non-adjacent score groups while a pairing without
  rematch inside adjacent groups existed (goal 0);
* ``clash``: two-seat tables of two players both already two first seats up (or down) while a
  pairing without it existed (goal 0); ``gap2``: the share of player-rounds ending with
  |seat 1 − seat 2| = 2, ``gap3+`` beyond;
* ``bracket``: knock-outs whose bracket broke (a round with the wrong count, byes after round 1
  without a withdrawal, no single final) (goal 0);
* round robin, among the players who never withdrew: ``never``, the share of pairs who never sat
  at one table (two seats: goal 0); ``spread``, the largest difference between how often two
  pairs met (two seats: goal 0, at 3+ seats "about equally often");
* ``bad``: a player seated twice, an active one left out, a withdrawn one paired (goal 0);
* ``ms``: the median time to pair one round, in milliseconds.

Then the time to pair one round of 256 players (goal < 1 s): the median and the worst over the
rounds of a few tournaments per format and table size (a round robin's first 10 rounds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from bot.service.rules.tournament_model import FILLS, FORMATS, KNOCKOUT, ROUND_ROBIN, SWISS
from tests.bot.service.pairing_sim import check_knockout, check_round, met, simulate

LONG_SWISS = 15


@dataclass
class Totals:
    tournaments: int = 0
    rounds: int = 0
    tables: int = 0
    rematches: int = 0
    avoidable: int = 0
    unfair_byes: int = 0
    far: int = 0
    clash: int = 0
    player_rounds: int = 0
    gap2: int = 0
    gap3: int = 0
    broken: int = 0
    pairs: int = 0
    never: int = 0
    spread: int = 0
    problems: int = 0
    seconds: list[float] = field(default_factory=list)


def play(fmt: str, seats: int, count: int, runs: int, seed: int) -> Totals:
    rng = random.Random(seed)
    totals = Totals()
    for k in range(runs):
        fill = FILLS[k % 2]
        asked = None
        if fmt == SWISS and seats == 2 and k % 4 >= 2:
            asked = min(count - 1, LONG_SWISS)
        run = simulate(fmt, seats, count, rng, fill=fill, rounds=asked)
        totals.tournaments += 1
        for i, rnd in enumerate(run.rounds):
            measure = check_round(run, i, rng)
            totals.rounds += 1
            totals.tables += measure.tables
            totals.rematches += measure.rematches
            totals.avoidable += max(0, measure.rematches - measure.unavoidable) if seats == 2 else 0
            totals.unfair_byes += measure.unfair_byes
            totals.far += measure.far_tables
            totals.clash += measure.seat_clashes
            totals.problems += len(measure.problems)
            totals.seconds.append(rnd.seconds)
        if seats == 2:
            _seat_gaps(run, totals)
        if fmt == KNOCKOUT and check_knockout(run):
            totals.broken += 1
        if fmt == ROUND_ROBIN:
            _coverage(run, totals)
    return totals


def _coverage(run, totals: Totals) -> None:  # noqa: ANN001 - a pairing_sim.Run
    """How often each pair of players who never withdrew sat at one table."""
    stayed = [e.player for e in run.entrants if e.withdrawn_after is None]
    together = met(run.played)
    counts = [together[frozenset((a, b))] for i, a in enumerate(stayed) for b in stayed[i + 1:]]
    if counts:
        totals.pairs += len(counts)
        totals.never += counts.count(0)
        totals.spread = max(totals.spread, max(counts) - min(counts))


def _seat_gaps(run, totals: Totals) -> None:  # noqa: ANN001 - a pairing_sim.Run
    balance: dict[int, int] = {}
    by_round: dict[int, list] = {}
    for table in run.played:
        by_round.setdefault(table.round, []).append(table)
    for round_no in sorted(by_round):
        for table in by_round[round_no]:
            if not table.is_bye:
                for seat, player in enumerate(table.seats, start=1):
                    if player is not None:
                        balance[player] = balance.get(player, 0) + (1 if seat == 1 else -1)
        for value in balance.values():
            totals.player_rounds += 1
            totals.gap2 += abs(value) == 2
            totals.gap3 += abs(value) >= 3


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.4f}" if whole else "-"


def report(fmt: str, seats: int, count: int, totals: Totals) -> str:
    ms = statistics.median(totals.seconds) * 1000 if totals.seconds else 0.0
    two = seats == 2
    return (f"{fmt:<11} {seats} {count:>4} {totals.tournaments:>5} {totals.rounds:>6} "
            f"{_share(totals.avoidable, totals.tables) if two else '-':>9} "
            f"{_share(totals.rematches, totals.tables):>7} {totals.unfair_byes:>4} "
            f"{totals.far:>3} {totals.clash:>5} "
            f"{_share(totals.gap2, totals.player_rounds) if two else '-':>6} "
            f"{_share(totals.gap3, totals.player_rounds) if two else '-':>6} "
            f"{totals.broken if fmt == KNOCKOUT else '-':>7} "
            f"{_share(totals.never, totals.pairs) if fmt == ROUND_ROBIN else '-':>6} "
            f"{totals.spread if fmt == ROUND_ROBIN else '-':>6} {totals.problems:>3} {ms:>7.2f}")


HEADER = (f"{'format':<11} s {'n':>4} {'runs':>5} {'rounds':>6} {'avoidable':>9} {'rematch':>7} "
          f"{'byes':>4} {'far':>3} {'clash':>5} {'gap2':>6} {'gap3+':>6} {'bracket':>7} "
          f"{'never':>6} {'spread':>6} {'bad':>3} {'ms':>7}")


def big(fmt: str, seats: int, runs: int) -> tuple[float, float, int]:
    rng = random.Random(256)
    seconds: list[float] = []
    for k in range(runs):
        run = simulate(fmt, seats, 256, rng, fill=FILLS[k % 2], most=10)
        seconds += [rnd.seconds for rnd in run.rounds]
    return statistics.median(seconds), max(seconds), len(seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pairing",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1000, help="tournaments per format, table "
                        "size and player count (default 1000)")
    parser.add_argument("--sizes", default="4,5,8,13,16,33,64",
                        help="player counts (default 4,5,8,13,16,33,64)")
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--seats", default="2,3,4,5,6")
    parser.add_argument("--big-runs", type=int, default=3,
                        help="256-player tournaments timed per format and table size")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    formats = args.formats.split(",")
    seat_counts = [int(s) for s in args.seats.split(",")]
    started = time.perf_counter()
    print(HEADER, flush=True)
    for fmt in formats:
        for seats in seat_counts:
            for count in sizes:
                totals = play(fmt, seats, count, args.runs, seed=count * 10 + seats)
                print(report(fmt, seats, count, totals), flush=True)
    print(f"\n256 players, one round (goal < 1 s): {'format':<11} s  median   worst  rounds")
    for fmt in formats if args.big_runs > 0 else ():
        for seats in seat_counts:
            median, worst, rounds = big(fmt, seats, args.big_runs)
            print(f"{'':36}{fmt:<11} {seats} {median:7.3f} {worst:7.3f} {rounds:7}", flush=True)
    print(f"\n{time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
