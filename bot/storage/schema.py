"""The database schema as an ordered list of migrations, tracked by ``PRAGMA user_version``.

Never edit a migration that has shipped: append a new one. ``migrate`` applies the missing ones,
each in its own transaction, so a crash mid-upgrade leaves the file at a known version.
"""

from __future__ import annotations

import logging

import aiosqlite

log = logging.getLogger("tablee.storage")

MIGRATIONS: tuple[str, ...] = (
    # 1: active tables, the move log, finished games, per-player results, DM preferences.
    """
    CREATE TABLE tables (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id      INTEGER NOT NULL UNIQUE,
        guild_id        INTEGER,
        game_id         TEXT    NOT NULL,
        options         TEXT    NOT NULL,           -- JSON, as given at /play
        status          TEXT    NOT NULL CHECK (status IN ('lobby', 'playing')),
        host_id         INTEGER NOT NULL,
        seats           TEXT    NOT NULL,           -- JSON list of {seat, user_id, name, bot_level}
        seed            INTEGER NOT NULL,
        state           TEXT,                       -- JSON game state, NULL in the lobby
        version         INTEGER NOT NULL,
        post_message_id INTEGER,
        post_version    INTEGER,
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL
    );
    CREATE TABLE move_log (
        table_id INTEGER NOT NULL,
        version  INTEGER NOT NULL,                  -- the table version this move produced
        seat     INTEGER NOT NULL,
        move     TEXT    NOT NULL,                  -- canonical text
        user_id  INTEGER,                           -- NULL for a computer player
        lines    TEXT    NOT NULL,                  -- JSON list of public, non-transient lines
        at       REAL    NOT NULL,
        PRIMARY KEY (table_id, version)
    );
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,            -- the id the table had while active
        channel_id  INTEGER NOT NULL,
        guild_id    INTEGER,
        game_id     TEXT    NOT NULL,
        status      TEXT    NOT NULL CHECK (status IN ('finished', 'abandoned')),
        seats       TEXT    NOT NULL,
        record      TEXT    NOT NULL,               -- JSON record, replayable by games.records
        result      TEXT,                           -- JSON Result, NULL when abandoned
        started_at  REAL    NOT NULL,
        ended_at    REAL    NOT NULL
    );
    CREATE INDEX games_by_guild ON games (guild_id, game_id);
    CREATE TABLE player_results (
        game_row INTEGER NOT NULL REFERENCES games (id),
        seat     INTEGER NOT NULL,
        user_id  INTEGER,                           -- NULL for a computer player
        guild_id INTEGER,
        game_id  TEXT    NOT NULL,
        outcome  TEXT    NOT NULL CHECK (outcome IN ('win', 'loss')),
        score    REAL    NOT NULL,
        PRIMARY KEY (game_row, seat)
    );
    CREATE INDEX results_by_user ON player_results (guild_id, user_id);
    CREATE TABLE dm_prefs (
        user_id INTEGER PRIMARY KEY,
        enabled INTEGER NOT NULL
    );
    """,
    # 2: what a finished record needs beyond the seed (the options with the actual first seat
    # and the engine's setup, fixed at start), and the posts showing a value to edit away
    # (a value shown once, e.g. a revealed tile) with their value-free text, so a restart
    # still edits them.
    """
    ALTER TABLE tables ADD COLUMN record_head TEXT;  -- JSON {"options": {...}, "setup": {...}}
    CREATE TABLE transient_posts (
        message_id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        plain      TEXT    NOT NULL                 -- the post's text without the value
    );
    CREATE INDEX transient_by_channel ON transient_posts (channel_id);
    """,
    # 3: ratings per server, game and player ("u:<user id>" or "c:<computer level>"), the games
    # already rated (rating is idempotent by game row), and what a finished game's lobby had
    # (its options as chosen and the table settings) for a rematch.
    """
    CREATE TABLE ratings (
        guild_id  INTEGER NOT NULL,                 -- 0 outside a server
        game_id   TEXT    NOT NULL,
        player    TEXT    NOT NULL,
        mu        REAL    NOT NULL,
        sigma     REAL    NOT NULL,
        ordinal   REAL    NOT NULL,                 -- mu - 3 sigma, what the leaderboard sorts by
        games     INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game_id, player)
    );
    CREATE INDEX ratings_board ON ratings (guild_id, game_id, ordinal);
    CREATE TABLE rated_games (
        game_row INTEGER PRIMARY KEY REFERENCES games (id)
    );
    ALTER TABLE games ADD COLUMN lobby TEXT;        -- JSON {"options": {...}, "settings": {...}}
    """,
    # 4: the turn clock. A table's speed (a table setting, not a game option; a finished game
    # keeps it in games.lobby for a rematch) and, per table in play, its clock: whose turn is timed since
    # when, the reminder and deadline, every player's time bank, and ``due``, the next moment the
    # scheduler has something to do for it (NULL: nothing), which is all it needs to sleep on.
    """
    ALTER TABLE tables ADD COLUMN speed TEXT;       -- live, daily, off
    CREATE TABLE clocks (
        table_id   INTEGER PRIMARY KEY,             -- tables.id while in play
        channel_id INTEGER NOT NULL,
        version    INTEGER NOT NULL,                -- the table version the clock was set at
        seat       INTEGER,                         -- the timed seat, NULL when no human is to move
        started    REAL    NOT NULL,                -- when that seat's turn began
        deadline   REAL,                            -- when its time is spent
        remind_at  REAL,                            -- NULL once reminded (or nothing to remind)
        expired    INTEGER NOT NULL DEFAULT 0,      -- 1 once the time out was announced
        banks      TEXT    NOT NULL,                -- JSON {seat: seconds left at turn start}
        due        REAL                             -- next wake-up for this table, NULL: none
    );
    CREATE INDEX clocks_due ON clocks (due);
    """,
    # 5: a finished game's final table post (its jump link in /history; the active row that
    # held the post id is deleted at the end), and the history newest first.
    """
    ALTER TABLE games ADD COLUMN post_message_id INTEGER;
    CREATE INDEX games_by_end ON games (guild_id, status, ended_at);
    """,
    # 6: undo (BGA's rule) is one more move-log entry that names the move it takes back; each
    # move says why it cannot be taken back, and a move that can keeps the state before it
    # (cleared when the table closes).
    """
    ALTER TABLE move_log ADD COLUMN undoes INTEGER;  -- an undo: the version of the move taken back
    ALTER TABLE move_log ADD COLUMN barrier TEXT;    -- die, card, tile or turn (NULL: may be undone)
    ALTER TABLE move_log ADD COLUMN before TEXT;     -- JSON state before an undoable human move
    """,
    # 7: languages. A server's language (an admin's choice; NULL: follow the server's preferred
    # locale, remembered as last seen) and each user's last Discord locale (for DMs).
    """
    CREATE TABLE guild_languages (
        guild_id INTEGER PRIMARY KEY,
        language TEXT,                              -- en, fr (NULL: follow the locale)
        locale   TEXT                               -- the server's preferred locale, last seen
    );
    CREATE TABLE user_locales (
        user_id INTEGER PRIMARY KEY,
        locale  TEXT NOT NULL,                      -- Discord locale of the last interaction
        seen_at REAL NOT NULL
    );
    """,
    # 8: which running bot process answers each shard's interactions (bot.storage.leases): a
    # second process for the same shards refuses to start while the first renews its lease.
    """
    CREATE TABLE shard_leases (
        shard       INTEGER PRIMARY KEY,            -- a Discord shard id (unsharded: 0)
        shard_count INTEGER NOT NULL,               -- the shard count it was taken under
        holder      TEXT    NOT NULL,               -- the holding process's random token
        host        TEXT    NOT NULL,               -- its host name
        pid         INTEGER NOT NULL,
        started_at  REAL    NOT NULL,               -- when that process took it
        renewed_at  REAL    NOT NULL                -- its last sign of life
    );
    """,
    # 9: a small database. A finished (or abandoned) game keeps its record in games.record, which
    # /history, /replay and ratings read; its move log (the sentences of each move, and the
    # states undo kept) is derived again from the record by a replay, so it is no longer kept
    # once a table closes (bot.storage.tables.close_table drops it). The logs of the games
    # closed before go here: every log whose table is no longer active (a table in play keeps
    # its log: restarts and undo read it). The space freed is reused by new games; giving it back
    # to the disk is a VACUUM (docs/postgresql-and-shards.md, "Database size").
    """
    DELETE FROM move_log WHERE NOT EXISTS (SELECT 1 FROM tables t WHERE t.id = move_log.table_id)
    """,
    # 10: a thread per table. A table is still keyed by the channel it plays in (channel_id):
    # a thread is a channel of its own, and a thread made from a message takes that message's
    # id, so a lobby posted in a channel is keyed by its message's id from the first moment and
    # plays in the thread Start makes from it. ``parent_id`` is the channel holding that lobby
    # (later the table's one-line summary, then its result); NULL: the table plays in
    # channel_id itself, as every table did before (channel mode). A finished game keeps it, so
    # its rematch (opened in the game's thread) still knows where the summary is.
    # Each server chooses where tables play (guild_settings.tables; NULL: threads).
    """
    ALTER TABLE tables ADD COLUMN parent_id INTEGER;
    CREATE INDEX tables_by_parent ON tables (parent_id);
    CREATE INDEX tables_by_guild ON tables (guild_id, created_at);
    ALTER TABLE games ADD COLUMN parent_id INTEGER;
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        tables   TEXT CHECK (tables IN ('threads', 'channel'))  -- NULL: threads
    );
    """,
    # 11: post-game analyses (games.analysis): a finished game's chances to win after every
    # turn, computed once in the worker processes and kept, so asking again is instant. A
    # stored analysis of another version than the program's is computed again.
    """
    CREATE TABLE analyses (
        game_row   INTEGER PRIMARY KEY REFERENCES games (id),
        version    INTEGER NOT NULL,                -- games.analysis.VERSION it was made with
        data       TEXT    NOT NULL,                -- JSON, as games.analysis.assemble made it
        created_at REAL    NOT NULL
    );
    """,
    # 12: the live table page's personal links (bot.web.links). ``web_secret`` holds the one
    # random key the links are signed with (HMAC-SHA256), made the first time one is needed;
    # ``web_links`` the newest link of each person at each table: a link whose nonce is not the
    # stored one was replaced by a newer one (pressing "Play in browser" again revokes it).
    # ``games.version``: the table's version its closing made, so a page that saw the table in
    # play gets its end as a newer state, after a restart too (NULL: closed before).
    """
    ALTER TABLE games ADD COLUMN version INTEGER;
    CREATE TABLE web_secret (
        id     INTEGER PRIMARY KEY CHECK (id = 1),  -- one row
        secret TEXT    NOT NULL                     -- hex, 32 random bytes
    );
    CREATE TABLE web_links (
        channel_id INTEGER NOT NULL,                -- the table (its channel or thread)
        user_id    INTEGER NOT NULL,
        nonce      TEXT    NOT NULL,                -- random, in the link: the newest only works
        expires    REAL    NOT NULL,                -- epoch seconds
        PRIMARY KEY (channel_id, user_id)
    );
    """,
    # 13: notifications people fit to their lives (bot.service.rules.notify). ``notify_prefs``:
    # what each person chose, for every server (a person without a row has the defaults; one
    # with only a ``dm_prefs`` row from /dms keeps that choice). ``held_turns``: a "your turn"
    # held back (quiet hours) or gathered for a daily digest, until ``due``; deleted once the
    # turn is over or the notice went out (found by its due moment, by its table as the turn
    # there is over). ``waiting_dms``: each person's one DM listing the tables waiting for them,
    # edited in place while it is recent; ``waiting_tables``: which waiting list lists which
    # table (found by the table as a turn there is over). ``vacations``: a person's
    # time away from the slow tables of a server (``ends`` moves to the moment they come back
    # early); each server's yearly allowance is ``guild_settings.vacation_days`` (NULL: the
    # default); ``clocks.held_until``: the timed person is away until then, their time bank
    # does not run before it.
    """
    CREATE TABLE notify_prefs (
        user_id     INTEGER PRIMARY KEY,
        how         TEXT    NOT NULL CHECK (how IN ('mention', 'dm', 'both', 'none')),
        live_after  INTEGER NOT NULL,               -- seconds a live table's DM waits (-1: never)
        slow        TEXT    NOT NULL CHECK (slow IN ('now', 'digest')),
        digest_hour INTEGER NOT NULL,               -- local hour (0-23) of the daily digest
        zone        TEXT    NOT NULL,               -- IANA time zone, e.g. Europe/Paris
        quiet_from  INTEGER,                        -- minutes after local midnight (NULL: none)
        quiet_to    INTEGER
    );
    CREATE TABLE held_turns (
        user_id    INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,                -- the table (its channel or thread)
        guild_id   INTEGER,
        game_id    TEXT    NOT NULL,
        post_id    INTEGER,                         -- the table post of that turn
        since      REAL    NOT NULL,                -- when the turn began
        due        REAL    NOT NULL,                -- when the notice goes out
        PRIMARY KEY (user_id, channel_id)
    );
    CREATE INDEX held_by_due ON held_turns (due);
    CREATE INDEX held_by_channel ON held_turns (channel_id);
    CREATE TABLE waiting_dms (
        user_id    INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL,                -- the DM channel
        message_id INTEGER NOT NULL,
        tables     TEXT    NOT NULL                 -- JSON: the tables listed, in order, each
                                                    -- [channel, guild, game, post, over]
    );
    CREATE TABLE waiting_tables (
        user_id    INTEGER NOT NULL,                -- this person's waiting_dms row lists ...
        channel_id INTEGER NOT NULL,                -- ... this table
        PRIMARY KEY (user_id, channel_id)
    );
    CREATE INDEX waiting_by_table ON waiting_tables (channel_id);
    CREATE TABLE vacations (
        guild_id INTEGER NOT NULL,                  -- 0 outside a server
        user_id  INTEGER NOT NULL,
        starts   REAL    NOT NULL,
        ends     REAL    NOT NULL,
        PRIMARY KEY (guild_id, user_id, starts)
    );
    ALTER TABLE guild_settings ADD COLUMN vacation_days INTEGER;
    ALTER TABLE clocks ADD COLUMN held_until REAL;
    """,
    # 14: tournaments (bot.service.tournaments; the rules: bot.service.rules.tournament,
    # pairing and standings). ``tournaments``: one per tournament, from sign-up to its end
    # (``rounds``: as asked until the start fixes it; ``round``: the current one, 0 before the
    # start; ``round_deadline``: when a slow round's unfinished tables are decided).
    # ``tournament_players``: who signed up (``rating``: the seeding strength read at the
    # start; ``withdrawn_after``: the last round they were paired in, NULL: still in;
    # ``missed``: games lost on time in a row). ``tournament_tables``: each round's tables as
    # paired (``seats``: user ids, null for a computer), table 0 being the round's byes; the
    # thread (``channel_id``) and the table (``table_id``, the ``games`` row once it ended)
    # once opened, its ``places`` and ``forfeits`` once read from its game. A server's
    # ``guild_settings.tournament_role``: the role that may create tournaments (NULL: admins).
    """
    CREATE TABLE tournaments (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id        INTEGER NOT NULL,
        channel_id      INTEGER NOT NULL,           -- where /tournament create ran
        post_channel_id INTEGER,                    -- the tournament post (a forum post: its thread)
        post_message_id INTEGER,
        event_id        INTEGER,                    -- the Discord scheduled event, if any
        owner_id        INTEGER NOT NULL,
        owner_name      TEXT    NOT NULL,
        game_id         TEXT    NOT NULL,
        options         TEXT    NOT NULL,           -- JSON, the game's options
        format          TEXT    NOT NULL,           -- swiss, round_robin, knockout
        seats           INTEGER NOT NULL,           -- seats per table
        rounds          INTEGER,                    -- NULL: not fixed yet (the default)
        speed           TEXT    NOT NULL,           -- live, daily
        start_at        REAL,                       -- NULL: when the organiser starts it
        round_seconds   REAL,                       -- a slow round's length (NULL: live)
        rated           INTEGER NOT NULL,
        fill            TEXT    NOT NULL,           -- bye, computer
        status          TEXT    NOT NULL
                        CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
        round           INTEGER NOT NULL,           -- the current round, 0 before the start
        round_deadline  REAL,
        created_at      REAL    NOT NULL,
        ended_at        REAL,
        language        TEXT
    );
    CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
    CREATE INDEX tournaments_by_status ON tournaments (status);
    CREATE TABLE tournament_players (
        tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
        user_id         INTEGER NOT NULL,
        name            TEXT    NOT NULL,
        rating          REAL    NOT NULL,
        joined_at       REAL    NOT NULL,
        withdrawn_after INTEGER,
        missed          INTEGER NOT NULL,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_tables (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        round         INTEGER NOT NULL,
        table_no      INTEGER NOT NULL,             -- from 1, and 0: the round's byes
        seats         TEXT    NOT NULL,             -- JSON list of user ids (null: a computer)
        channel_id    INTEGER,                      -- its thread, NULL until opened
        table_id      INTEGER,                      -- tables.id, then its games.id
        places        TEXT,                         -- JSON, once it ended
        forfeits      TEXT,                         -- JSON user ids who lost it on time
        PRIMARY KEY (tournament_id, round, table_no)
    );
    CREATE INDEX tournament_tables_by_channel ON tournament_tables (channel_id);
    ALTER TABLE guild_settings ADD COLUMN tournament_role INTEGER;
    """,
    # 15 (issue 40; 14 is the tournaments'): seasons. An admin's season of one game on one
    # server (``number``: 1, 2, … per server and game) runs from ``started_at`` to ``ends_at``
    # (``ended_at``: when it ended, earlier when ended early; NULL while open: one open season
    # per server and game). Every rated game of that server and game ending inside it also rates
    # ``season_ratings``, its own ratings starting fresh, in the same transaction as the
    # server's ratings. ``champion``: the top player's key when it ended (NULL: nobody rated);
    # ``channel_id``: where it was started, where its end is announced.
    """
    CREATE TABLE seasons (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id   INTEGER NOT NULL,
        game_id    TEXT    NOT NULL,
        number     INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        started_at REAL    NOT NULL,
        ends_at    REAL    NOT NULL,
        ended_at   REAL,
        champion   TEXT,
        UNIQUE (guild_id, game_id, number)
    );
    CREATE UNIQUE INDEX seasons_open ON seasons (guild_id, game_id) WHERE ended_at IS NULL;
    CREATE TABLE season_ratings (
        season_id INTEGER NOT NULL REFERENCES seasons (id),
        player    TEXT    NOT NULL,                 -- as ratings.player
        mu        REAL    NOT NULL,
        sigma     REAL    NOT NULL,
        ordinal   REAL    NOT NULL,
        games     INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        PRIMARY KEY (season_id, player)
    );
    CREATE INDEX season_board ON season_ratings (season_id, ordinal);
    """,
    # 16 (issue 41): where a table can reach its players. 'bot': a server that added the bot,
    # whose token posts the table (every table before). 'interactions': a conversation the bot
    # can't post in by itself (a DM or group DM between people, a server that has Tablée only
    # as someone's installed app): everything goes out as interaction responses and followups
    # (bot.adapter.posting.carriers). A finished game keeps it, for its rematch.
    """
    ALTER TABLE tables ADD COLUMN reach TEXT NOT NULL DEFAULT 'bot'
        CHECK (reach IN ('bot', 'interactions'));
    ALTER TABLE games ADD COLUMN reach TEXT NOT NULL DEFAULT 'bot'
        CHECK (reach IN ('bot', 'interactions'));
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNew(RuntimeError):
    """The file was written by a newer Tablée; refusing beats corrupting it."""


async def migrate(db: aiosqlite.Connection) -> int:
    """Bring the schema up to :data:`SCHEMA_VERSION`; return the version found before. Each
    migration re-reads the version once it holds the write lock: two processes opening a new
    file at once (two shards) apply each migration once, the second finding it done."""
    found = await _version(db)
    if found > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"database schema version {found} is newer than this program's {SCHEMA_VERSION}"
        )
    for number in range(found, SCHEMA_VERSION):
        await db.execute("BEGIN IMMEDIATE")
        try:
            if await _version(db) > number:  # another process applied it while we waited
                await db.execute("COMMIT")
                continue
            for statement in _statements(MIGRATIONS[number]):
                await db.execute(statement)
            await db.execute(f"PRAGMA user_version = {number + 1}")
            await db.execute("COMMIT")
        except BaseException:
            await db.execute("ROLLBACK")
            raise
    said_migrated(found, SCHEMA_VERSION)
    return found


def said_migrated(found: int, now: int) -> None:
    """Log what opening the database did to its schema (nothing when it was current): an owner
    who upgraded reads that the migrations ran, from which version to which."""
    if found == 0:
        log.info("new database: schema version %d created", now)
    elif found < now:
        log.info("database upgraded from schema version %d to %d (migrations ran by themselves)",
                 found, now)


async def _version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


def _statements(script: str) -> list[str]:
    """Split a migration into statements (executescript would commit our transaction)."""
    out: list[str] = []
    for chunk in script.split(";"):
        lines = [line.split("--")[0] for line in chunk.splitlines()]
        text = "\n".join(lines).strip()
        if text:
            out.append(text)
    return out
