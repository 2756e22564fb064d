"""``python -m bot [run|check|demo|bench|replay|rebuild-ratings|migrate]``. Each subcommand lives in its own module."""

from __future__ import annotations

import argparse
import sys

from games.cli import games_help
from i18n import DEFAULT, LANGUAGES

from .process import limit_malloc_arenas


def main(argv: list[str] | None = None) -> int:
    limit_malloc_arenas()  # before any thread starts (bot.process)
    parser = argparse.ArgumentParser(prog="python -m bot", description="Tablée, board games in Discord.")
    parser.add_argument("--config", help="config file (default: $TABLEE_CONFIG or ./config.toml)")
    sub = parser.add_subparsers(dest="cmd")
    p_run = sub.add_parser("run", help="run the bot (the default)")
    p_check = sub.add_parser("check", help="validate the config and the database, then exit")
    p_rebuild = sub.add_parser("rebuild-ratings",
                               help="recompute every rating from the finished games, then exit")
    for p in (p_run, p_check, p_rebuild):  # `python -m bot check --config PATH` works too
        p.add_argument("--config", default=argparse.SUPPRESS, help="config file")
    p_demo = sub.add_parser(
        "demo", help="play a game with computer players, write the images",
        description="Play a whole game through the table host (seat 1 is 'You', the others "
        "computer players) and write each table post's image, the starting hands, the log and "
        "the record into --out. A folder holding a previous demo is cleared first; a folder "
        "holding anything else is refused.",
        epilog=games_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p_demo.add_argument("game", help="a game id (listed below)")
    p_demo.add_argument("--players", type=int, default=3)
    p_demo.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a table option, e.g. --option first=2 (see /rules for each game)")
    p_demo.add_argument("--seed", type=int, default=1)
    p_demo.add_argument("--out", default="demo-out",
                        help="folder for the files (default: demo-out)")
    p_demo.add_argument("--language", choices=sorted(LANGUAGES), default=DEFAULT,
                        help="the language of the posts, images and log (default: en)")
    p_bench = sub.add_parser("bench", help="print render and host speed numbers")
    p_bench.add_argument("--quick", action="store_true", help="smaller runs")
    p_bench.add_argument("--game", default=None, help="game id of the host tables (default: the "
                         "first registered game)")
    p_bench.add_argument("--computers", action="store_true",
                         help="only the event loop's lag while hard computer players think")
    p_bench.add_argument("--size", action="store_true",
                         help="only the database's growth per finished game, per game")
    p_bench.add_argument("--tables", type=int, help="live tables (default 1000; --quick 12)")
    p_bench.add_argument("--seconds", type=float,
                         help="length of each load phase (default 30; --quick 3)")
    p_bench.add_argument("--clickers", type=int, default=50,
                         help="people clicking at once in the saturation phase (default 50)")
    p_bench.add_argument("--rate", type=float,
                         help="clicks per second of the paced phase (default: 70%% of what the "
                         "saturation phase reached)")
    p_bench.add_argument("--database-url", help="the database to bench (default: a new SQLite "
                         "file in a temporary folder)")
    p_replay = sub.add_parser("replay", help="write the animated replay of a game record",
                              epilog=games_help(),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p_replay.add_argument("record", help="a game record (the JSON /replay attaches)")
    p_replay.add_argument("--out", help="a .webp or .gif file (default: next to the record)")
    p_replay.add_argument("--language", choices=sorted(LANGUAGES), default=DEFAULT,
                          help="the language of the captions (default: en)")
    p_migrate = sub.add_parser("migrate", help="copy a SQLite database into an empty "
                               "PostgreSQL database, then exit")
    p_migrate.add_argument("--from", dest="source", required=True, metavar="FILE",
                           help="the SQLite file (e.g. tablee.db); it is only read")
    p_migrate.add_argument("--to", dest="target", required=True, metavar="URL",
                           help="postgresql://user:password@host:5432/dbname (an empty database)")
    args = parser.parse_args(argv)

    if args.cmd == "demo":
        from .demo import main as demo_main

        return demo_main(args)
    if args.cmd == "bench":
        from .bench import main as bench_main

        return bench_main(args)
    if args.cmd == "replay":
        from .replay_cli import main as replay_main

        return replay_main(args)
    if args.cmd == "migrate":
        from .migrate_cli import main as migrate_main

        return migrate_main(args)
    if args.cmd == "rebuild-ratings":
        from .rebuild import main as rebuild_main

        return rebuild_main(args.config)
    if args.cmd == "check":
        from .runner import check_main

        return check_main(args.config)
    from .runner import run_main

    return run_main(args.config)


if __name__ == "__main__":
    sys.exit(main())
