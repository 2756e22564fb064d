"""The history room: /history, /replay, /analysis (and Analysis on a finished game's post),
/stats and /leaderboard."""
