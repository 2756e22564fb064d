"""L'île des contrebandiers (issue #11). Not registered yet: the engine is being written."""
