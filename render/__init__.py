"""Pillow drawings of Views: what one viewer may see of a table, as images. Never imports discord
or bot, holds no registry (the catalog of games and their renderers is :mod:`bot.catalog`);
imports games for types and view helpers only."""
