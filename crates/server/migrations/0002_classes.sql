-- A teacher's class (docs/online.md, "Classes"): pupils who join with its six-letter code
-- and the games the teacher pairs them into.
CREATE TABLE classes (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    key_hash TEXT NOT NULL,
    created BIGINT NOT NULL,
    -- open (gathering pupils), playing, paused or ended.
    status TEXT NOT NULL
);

CREATE INDEX classes_by_code ON classes (code);

-- A pupil's seat token is also the token of the seat in the game it is paired into.
CREATE TABLE pupils (
    class TEXT NOT NULL REFERENCES classes (id),
    number BIGINT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    game TEXT REFERENCES games (id),
    seat TEXT,
    PRIMARY KEY (class, number)
);

-- The class a game was paired in, so that a paused class's games refuse actions.
ALTER TABLE games ADD COLUMN class TEXT REFERENCES classes (id);
