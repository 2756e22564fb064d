"""Posting: the table posts (sent, extended, retired), the turn DMs, the threads tables play
in, and the back-off of posts Discord refuses."""
