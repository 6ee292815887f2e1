-- A held write whose question a later answer went past (the person asked something else) waits
-- beside later answers for a yes on its own card: 'waiting'. The CHECK changes, so the table is rebuilt.
CREATE TABLE held_calls_new (
    id          TEXT PRIMARY KEY,
    session     TEXT NOT NULL,
    tool        TEXT NOT NULL,
    args        TEXT NOT NULL,             -- the model's arguments, JSON
    summary     TEXT NOT NULL,             -- what the user is asked about, in words
    fields      TEXT NOT NULL,             -- the object that would be written, JSON
    resolved    TEXT NOT NULL,             -- what the commit writes (e.g. the due instant), JSON
    steps       TEXT NOT NULL,             -- the run's steps, JSON: the evidence run_asked_user reads
    status      TEXT NOT NULL DEFAULT 'held'
                CHECK (status IN ('held', 'asked', 'written', 'declined', 'dropped', 'superseded', 'expired',
                                  'failed', 'waiting')),
    question    TEXT,
    created_at  TEXT NOT NULL,             -- UTC
    decided_at  TEXT,
    result      TEXT                       -- the write (or the error) once decided, JSON
);
INSERT INTO held_calls_new SELECT id, session, tool, args, summary, fields, resolved, steps, status, question,
    created_at, decided_at, result FROM held_calls;
DROP TABLE held_calls;
ALTER TABLE held_calls_new RENAME TO held_calls;
CREATE INDEX held_calls_session ON held_calls (session, status);
