"""Master Islands (placeholder until the engine lands)."""
