"""The table service's rules: plain functions and values on stored rows and game states, with no
``async``, no storage, no I/O (tests/test_service_rules.py holds them to it). The async services
in :mod:`bot.service` read and store what these decide."""
