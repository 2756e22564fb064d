"""Isis & Osiris (placeholder until the engine lands)."""
