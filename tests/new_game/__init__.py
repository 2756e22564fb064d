"""A new game that exists only for the tests, and the example of CONTRIBUTING.md's "Adding a
game": ``games/nim/`` and ``render/nim.py``, copied to a temporary folder that a test adds to
``games.__path__`` and ``render.__path__``, to show that a game found in a games folder is found
everywhere (tests/test_new_game.py); ``plugin.py`` runs the generic tests on such a folder."""
