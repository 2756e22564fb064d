"""The kit every room uses: translations, sending, errors, the component registry, the typed
bot, checks, limits, texts."""
