"""``python -m bot``: the command line is :mod:`bot.app.cli`."""

import sys

from bot.app.cli import main

if __name__ == "__main__":
    sys.exit(main())
