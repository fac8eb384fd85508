-- Games, their seats, invites and every accepted action (docs/online.md).
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    -- The dice's secret seed, decimal (a u64 does not fit a signed BIGINT).
    seed TEXT NOT NULL,
    watch TEXT NOT NULL,
    created BIGINT NOT NULL,
    status TEXT NOT NULL,
    winner TEXT,
    ending TEXT
);

CREATE TABLE seats (
    game TEXT NOT NULL REFERENCES games (id),
    seat TEXT NOT NULL,
    token_hash TEXT,
    name TEXT,
    PRIMARY KEY (game, seat)
);

CREATE TABLE invites (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games (id),
    seat TEXT NOT NULL,
    used BOOLEAN NOT NULL DEFAULT FALSE
);

-- Version n is the game's n-th accepted action: two writers can never both write it.
CREATE TABLE actions (
    game TEXT NOT NULL REFERENCES games (id),
    version BIGINT NOT NULL,
    seat TEXT NOT NULL,
    action TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game, version)
);
