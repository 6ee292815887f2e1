-- Write tools proposed by the model are held here until the user says yes (governance.py).
-- Kept server-side and keyed by an opaque id: consent is checked against this row, never against
-- anything a client or the model sends back.
CREATE TABLE held_calls (
    id          TEXT PRIMARY KEY,
    session     TEXT NOT NULL,
    tool        TEXT NOT NULL,
    args        TEXT NOT NULL,             -- the model's arguments, JSON
    summary     TEXT NOT NULL,             -- what the user is asked about, in words
    fields      TEXT NOT NULL,             -- the object that would be written, JSON
    resolved    TEXT NOT NULL,             -- what the commit writes (e.g. the due instant), JSON
    steps       TEXT NOT NULL,             -- the run's steps, JSON: the evidence run_asked_user reads
    status      TEXT NOT NULL DEFAULT 'held'
                CHECK (status IN ('held', 'asked', 'written', 'declined', 'dropped', 'expired', 'failed')),
    question    TEXT,
    created_at  TEXT NOT NULL,             -- UTC
    decided_at  TEXT,
    result      TEXT                       -- the write (or the error) once decided, JSON
);
CREATE INDEX held_calls_session ON held_calls (session, status);
