-- A server's SQLite file as Tablée 0.1.0 wrote it (schema version 7: the code of `main` before
-- issue 29), frozen as SQL so that the upgrade test opens a database of the previous release.
-- Made with main's own code (TableService) and sqlite3's iterdump: a finished Isis & Osiris game
-- in channel 10 (Alice 0, Bob -6: Alice won; its final post 445; rated), and a game in play in
-- channel 20 (Alice, Bob and an easy computer; Alice, Bob, the computer, Alice played; Bob to
-- move; its post 555 showing version 8; a live clock); Bob turned his turn DMs off. Never edit it: make a new file for a
-- newer release.
BEGIN TRANSACTION;
CREATE TABLE clocks (
        table_id   INTEGER PRIMARY KEY,             
        channel_id INTEGER NOT NULL,
        version    INTEGER NOT NULL,                
        seat       INTEGER,                         
        started    REAL    NOT NULL,                
        deadline   REAL,                            
        remind_at  REAL,                            
        expired    INTEGER NOT NULL DEFAULT 0,      
        banks      TEXT    NOT NULL,                
        due        REAL                             
    );
INSERT INTO "clocks" VALUES(2,20,8,2,1.79581743828102636337e+09,1.79581779825711393351e+09,1.79581761826907014851e+09,0,'{"1": 359.94746828079224, "2": 359.97608757019043}',1.79581761826907014851e+09);
CREATE TABLE dm_prefs (
        user_id INTEGER PRIMARY KEY,
        enabled INTEGER NOT NULL
    );
INSERT INTO "dm_prefs" VALUES(2,0);
CREATE TABLE games (
        id          INTEGER PRIMARY KEY,            
        channel_id  INTEGER NOT NULL,
        guild_id    INTEGER,
        game_id     TEXT    NOT NULL,
        status      TEXT    NOT NULL CHECK (status IN ('finished', 'abandoned')),
        seats       TEXT    NOT NULL,
        record      TEXT    NOT NULL,               
        result      TEXT,                           
        started_at  REAL    NOT NULL,
        ended_at    REAL    NOT NULL
    , lobby TEXT, post_message_id INTEGER);
INSERT INTO "games" VALUES(1,10,7,'isis-osiris','finished','[{"seat":1,"user_id":1,"name":"Alice","bot_level":null},{"seat":2,"user_id":2,"name":"Bob","bot_level":null}]','{"game":"isis-osiris","players":2,"options":{"first":2},"seed":6,"setup":{"tiles":[["-2","+2","+2","+2","+4","-3","-2","+3","+2","-4","+2"],["-2","-2","-2","+1","-2","-1","+3","-1","+2","+1","-3"]]},"moves":[{"seat":2,"move":"pawn A1"},{"seat":1,"move":"pawn A2"},{"seat":2,"move":"pawn A3"},{"seat":1,"move":"pawn A4"},{"seat":2,"move":"pawn A5"},{"seat":1,"move":"pawn A6"},{"seat":2,"move":"pawn B1"},{"seat":1,"move":"pawn B2"},{"seat":2,"move":"pawn B3"},{"seat":1,"move":"pawn B4"},{"seat":2,"move":"pawn B5"},{"seat":1,"move":"pawn B6"},{"seat":2,"move":"pawn C1"},{"seat":1,"move":"pawn C2"},{"seat":2,"move":"pawn C3"},{"seat":1,"move":"pawn C4"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile C5"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile C6"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile D1"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile D2"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile D3"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile D4"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile D5"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile D6"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile E1"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile E2"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile E3"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile E4"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile E5"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile E6"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile F1"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile F2"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile F3"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile F4"},{"seat":2,"move":"reveal"},{"seat":2,"move":"tile F5"},{"seat":1,"move":"reveal"},{"seat":1,"move":"tile F6"}]}','{"finished":true,"scores":[0,-6],"winners":[1],"reason":"The board is full."}',1.79581743502180361752e+09,1.79581743810813903813e+09,'{"options":{},"settings":{"speed":"live"}}',445);
CREATE TABLE guild_languages (
        guild_id INTEGER PRIMARY KEY,
        language TEXT,                              
        locale   TEXT                               
    );
CREATE TABLE move_log (
        table_id INTEGER NOT NULL,
        version  INTEGER NOT NULL,                  
        seat     INTEGER NOT NULL,
        move     TEXT    NOT NULL,                  
        user_id  INTEGER,                           
        lines    TEXT    NOT NULL,                  
        at       REAL    NOT NULL, undoes INTEGER, barrier TEXT, before TEXT,
        PRIMARY KEY (table_id, version)
    );
INSERT INTO "move_log" VALUES(1,4,2,'pawn A1',2,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"A1"}}]',1.79581743541186141964e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,5,1,'pawn A2',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"A2"}}]',1.79581743552664446824e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,6,2,'pawn A3',2,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"A3"}}]',1.79581743575119042398e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,7,1,'pawn A4',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"A4"}}]',1.79581743581155371669e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,8,2,'pawn A5',2,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"A5"}}]',1.79581743585620188718e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,9,1,'pawn A6',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"A6"}}]',1.79581743591847324374e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,10,2,'pawn B1',2,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"B1"}}]',1.79581743594174766541e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,11,1,'pawn B2',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"B2"}}]',1.79581743596980285639e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,12,2,'pawn B3',2,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"B3"}}]',1.79581743599270701413e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,13,1,'pawn B4',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"B4"}}]',1.79581743614700746532e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,14,2,'pawn B5',2,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"B5"}}]',1.7958174361809768677e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,15,1,'pawn B6',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"B6"}}]',1.79581743625357246403e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,16,2,'pawn C1',2,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"C1"}}]',1.79581743632271981234e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,17,1,'pawn C2',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"C2"}}]',1.79581743640653467182e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,18,2,'pawn C3',2,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"C3"}}]',1.79581743645719909665e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,19,1,'pawn C4',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"C4"}}]',1.79581743648077940943e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,20,2,'reveal',2,'[]',1.79581743651838326449e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,21,2,'tile C5',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"C5"}}]',1.79581743661396670344e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,22,1,'reveal',1,'[]',1.79581743666703748697e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,23,1,'tile C6',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"C6"}}]',1.79581743669804906843e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,24,2,'reveal',2,'[]',1.79581743672596478461e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,25,2,'tile D1',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"D1"}}]',1.79581743680417251591e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,26,1,'reveal',1,'[]',1.7958174368347988129e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,27,1,'tile D2',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"D2"}}]',1.79581743688600826264e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,28,2,'reveal',2,'[]',1.79581743691358757019e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,29,2,'tile D3',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"D3"}}]',1.79581743695442175865e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,30,1,'reveal',1,'[]',1.79581743698742175106e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,31,1,'tile D4',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"D4"}}]',1.79581743705242466921e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,32,2,'reveal',2,'[]',1.79581743708821058276e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,33,2,'tile D5',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"D5"}}]',1.79581743711776518823e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,34,1,'reveal',1,'[]',1.79581743713812279697e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,35,1,'tile D6',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"D6"}}]',1.7958174372160730362e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,36,2,'reveal',2,'[]',1.79581743727200102804e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,37,2,'tile E1',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"E1"}}]',1.79581743731948542596e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,38,1,'reveal',1,'[]',1.79581743734478664403e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,39,1,'tile E2',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"E2"}}]',1.79581743738960599894e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,40,2,'reveal',2,'[]',1.79581743742067766189e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,41,2,'tile E3',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"E3"}}]',1.79581743745567417149e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,42,1,'reveal',1,'[]',1.79581743748233866684e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,43,1,'tile E4',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"E4"}}]',1.79581743751927447316e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,44,2,'reveal',2,'[]',1.79581743754881286616e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,45,2,'tile E5',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"E5"}}]',1.79581743761091136937e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,46,1,'reveal',1,'[]',1.79581743765066647526e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,47,1,'tile E6',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"E6"}}]',1.79581743770134448999e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,48,2,'reveal',2,'[]',1.79581743773224449152e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,49,2,'tile F1',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"F1"}}]',1795817437.761,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,50,1,'reveal',1,'[]',1.79581743779460763924e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,51,1,'tile F2',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"F2"}}]',1.79581743784840965269e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,52,2,'reveal',2,'[]',1.79581743787321138385e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,53,2,'tile F3',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"F3"}}]',1.79581743789965415005e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,54,1,'reveal',1,'[]',1.79581743796665048605e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,55,1,'tile F4',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"F4"}}]',1.79581743799292135235e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,56,2,'reveal',2,'[]',1.79581743801258540151e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,57,2,'tile F5',2,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"F5"}}]',1.79581743805134177215e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(1,58,1,'reveal',1,'[]',1.79581743807660722733e+09,NULL,'tile',NULL);
INSERT INTO "move_log" VALUES(1,59,1,'tile F6',1,'[{"say":"{who} placed the tile on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"F6"}},{"say":"Game over. {reason} Scores: {scores}. {who} wins.","with":{"reason":{"say":"The board is full."},"scores":{"say":"{p0}, {p1}","with":{"p0":{"say":"{who} {score}","with":{"who":{"say":"Seat {n}","with":{"n":1}},"score":"0"}},"p1":{"say":"{who} {score}","with":{"who":{"say":"Seat {n}","with":{"n":2}},"score":"-6"}}}},"who":{"say":"Seat {n}","with":{"n":1}}}}]',1.79581743810789632798e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(2,5,1,'pawn A1',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"A1"}}]',1.79581743822775864597e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(2,6,2,'pawn A2',2,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":2}},"cell":"A2"}}]',1.79581743825167512891e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(2,7,3,'pawn D3',NULL,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":3}},"cell":"D3"}}]',1.79581743825860309601e+09,NULL,'turn',NULL);
INSERT INTO "move_log" VALUES(2,8,1,'pawn A3',1,'[{"say":"{who} placed a pawn on {cell}.","with":{"who":{"say":"Seat {n}","with":{"n":1}},"cell":"A3"}}]',1795817438.28116,NULL,'turn',NULL);
CREATE TABLE player_results (
        game_row INTEGER NOT NULL REFERENCES games (id),
        seat     INTEGER NOT NULL,
        user_id  INTEGER,                           
        guild_id INTEGER,
        game_id  TEXT    NOT NULL,
        outcome  TEXT    NOT NULL CHECK (outcome IN ('win', 'loss')),
        score    REAL    NOT NULL,
        PRIMARY KEY (game_row, seat)
    );
INSERT INTO "player_results" VALUES(1,1,1,7,'isis-osiris','win',0.0);
INSERT INTO "player_results" VALUES(1,2,2,7,'isis-osiris','loss',-6.0);
CREATE TABLE rated_games (
        game_row INTEGER PRIMARY KEY REFERENCES games (id)
    );
INSERT INTO "rated_games" VALUES(1);
CREATE TABLE ratings (
        guild_id  INTEGER NOT NULL,                 
        game_id   TEXT    NOT NULL,
        player    TEXT    NOT NULL,
        mu        REAL    NOT NULL,
        sigma     REAL    NOT NULL,
        ordinal   REAL    NOT NULL,                 
        games     INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game_id, player)
    );
INSERT INTO "ratings" VALUES(7,'isis-osiris','u:1',2.76353894931404973087e+01,8.06590141354368,3.43768525250945700122e+00,1,1);
INSERT INTO "ratings" VALUES(7,'isis-osiris','u:2',2.23646105068595026912e+01,8.06590141354368,-1.83309373377153761452e+00,1,0);
CREATE TABLE tables (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id      INTEGER NOT NULL UNIQUE,
        guild_id        INTEGER,
        game_id         TEXT    NOT NULL,
        options         TEXT    NOT NULL,           
        status          TEXT    NOT NULL CHECK (status IN ('lobby', 'playing')),
        host_id         INTEGER NOT NULL,
        seats           TEXT    NOT NULL,           
        seed            INTEGER NOT NULL,
        state           TEXT,                       
        version         INTEGER NOT NULL,
        post_message_id INTEGER,
        post_version    INTEGER,
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL
    , record_head TEXT, speed TEXT);
INSERT INTO "tables" VALUES(2,20,7,'isis-osiris','{}','playing',1,'[{"seat":1,"user_id":1,"name":"Alice","bot_level":null},{"seat":2,"user_id":2,"name":"Bob","bot_level":null},{"seat":3,"user_id":null,"name":"Computer 1 (easy)","bot_level":"easy"}]',4,'{"game":"isis-osiris","players":3,"options":{"reserve":"own","open":false,"first":null},"seed":4,"rng_counter":1,"first":1,"turn":2,"board":{"A1":{"kind":"pawn","seat":1},"A2":{"kind":"pawn","seat":2},"D3":{"kind":"pawn","seat":3},"A3":{"kind":"pawn","seat":1}},"pawns":[4,5,5],"reserves":[[3,-2,2,2,3,-1,-1],[-4,2,-2,1,2,4,-3],[-3,2,-2,-2,-2,-2,1]],"pile":null,"pending":null,"last_move":{"seat":1,"move":"pawn A3","cells":["A3"]},"over":false,"reason":""}',8,555,8,1.79581743818300175671e+09,1.79581743828115081781e+09,'{"options":{"first":1},"setup":{"tiles":[["+3","-2","+2","+2","+3","-1","-1"],["-4","+2","-2","+1","+2","+4","-3"],["-3","+2","-2","-2","-2","-2","+1"]]}}','live');
CREATE TABLE transient_posts (
        message_id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        plain      TEXT    NOT NULL                 
    );
CREATE TABLE user_locales (
        user_id INTEGER PRIMARY KEY,
        locale  TEXT NOT NULL,                      
        seen_at REAL NOT NULL
    );
CREATE INDEX games_by_guild ON games (guild_id, game_id);
CREATE INDEX results_by_user ON player_results (guild_id, user_id);
CREATE INDEX transient_by_channel ON transient_posts (channel_id);
CREATE INDEX ratings_board ON ratings (guild_id, game_id, ordinal);
CREATE INDEX clocks_due ON clocks (due);
CREATE INDEX games_by_end ON games (guild_id, status, ended_at);
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('tables',2);
COMMIT;
PRAGMA user_version = 7;
