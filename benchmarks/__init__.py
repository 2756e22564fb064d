"""Speed, memory and size numbers, printed and never asserted; not packaged (run them from a
source checkout): ``python -m benchmarks`` (the table service, render, load, size),
``python -m benchmarks.engines GAME``, ``python -m benchmarks.replays``, ``python -m benchmarks.render``."""
