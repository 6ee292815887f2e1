-- The daily brief's deliveries: the morning brief once per local day (the partial unique index), and
-- each brief sent by hand (`steward brief --send`). A sink that accepted a brief is recorded at once,
-- so a retry or a restart sends only to the sinks that have not had it.
CREATE TABLE brief_deliveries (
    id              INTEGER PRIMARY KEY,
    day             TEXT NOT NULL,          -- the user's local date the brief is for, YYYY-MM-DD
    kind            TEXT NOT NULL,          -- morning | manual
    zone            TEXT NOT NULL,          -- the user's zone when it was made
    status          TEXT NOT NULL,          -- sending | retry | sent | failed
    owner           TEXT,                   -- host:pid:nonce of the process sending it
    started_at      TEXT NOT NULL,          -- UTC instant
    sent_at         TEXT,                   -- UTC instant the last sink accepted it
    attempts        INTEGER NOT NULL DEFAULT 1,
    next_attempt_at TEXT,                   -- UTC instant of the next try (status retry)
    error           TEXT
);
CREATE UNIQUE INDEX brief_deliveries_morning ON brief_deliveries(day) WHERE kind = 'morning';
CREATE INDEX brief_deliveries_sent ON brief_deliveries(sent_at);

CREATE TABLE brief_delivery_sinks (
    delivery_id     INTEGER NOT NULL REFERENCES brief_deliveries(id) ON DELETE CASCADE,
    sink            TEXT NOT NULL,
    at              TEXT NOT NULL,
    PRIMARY KEY (delivery_id, sink)
);
