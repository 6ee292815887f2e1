-- The conversation engine: every turn of every session (the loop reads them as history) and the
-- one open question a session may be waiting on.
CREATE TABLE turns (
    id          TEXT PRIMARY KEY,
    session     TEXT NOT NULL,
    at          TEXT NOT NULL,          -- UTC instant, ISO-8601
    zone        TEXT NOT NULL,          -- the user's zone at the time
    text        TEXT NOT NULL,
    reply       TEXT NOT NULL,
    handled_by  TEXT NOT NULL,
    trace       TEXT NOT NULL           -- the turn's trace as JSON
);
CREATE INDEX turns_by_session ON turns (session, at);

CREATE TABLE continuations (
    session     TEXT PRIMARY KEY,       -- one open question per session: one owner at a time
    owner       TEXT NOT NULL,
    question    TEXT NOT NULL,
    payload     TEXT NOT NULL,          -- JSON the owner needs to finish the job
    opened_at   TEXT NOT NULL,          -- UTC instants, ISO-8601
    expires_at  TEXT NOT NULL,
    turn_id     TEXT
);
