-- Appointments read from mail: one row per appointment (provider + start), whatever became of it.
-- No body text is kept: provider, times, location and the excerpt come from the message's metadata
-- or its structured data; `message_rowid` points back to the message.
CREATE TABLE appointment_items (
    id              INTEGER PRIMARY KEY,
    fingerprint     TEXT NOT NULL UNIQUE,   -- normalised provider + start: a private duplicate marker
    source_marker   TEXT NOT NULL,          -- a hash of the source message's Message-ID
    status          TEXT NOT NULL
                    CHECK (status IN ('proposed', 'created', 'duplicate', 'rejected', 'quarantined')),
    reason          TEXT,
    provider        TEXT NOT NULL,
    title           TEXT NOT NULL,
    start_text      TEXT NOT NULL,          -- the start as the message wrote it
    start_utc       TEXT NOT NULL,
    end_utc         TEXT NOT NULL,
    zone            TEXT NOT NULL,
    location        TEXT,
    excerpt         TEXT NOT NULL,
    origin          TEXT NOT NULL,
    change          TEXT,                   -- a cancellation or move of an event Steward made
    message_rowid   INTEGER REFERENCES messages(id) ON DELETE SET NULL,
    event_uid       TEXT,
    calendar        TEXT,
    first_seen      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE INDEX appointment_items_status ON appointment_items(status, start_utc);
CREATE INDEX appointment_items_source ON appointment_items(source_marker);

-- The markers of every event Steward wrote (or tried to write) from mail. A row is 'writing' before the
-- calendar is called, 'written' after, and 'quarantined' when the calendar's answer never came (a
-- timeout): such a write is looked up by its UID before any retry.
CREATE TABLE appointment_markers (
    event_uid       TEXT PRIMARY KEY,
    calendar        TEXT NOT NULL,
    source_marker   TEXT NOT NULL,
    fingerprint     TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('writing', 'written', 'quarantined')),
    item_id         INTEGER REFERENCES appointment_items(id) ON DELETE SET NULL,
    error           TEXT,
    at              TEXT NOT NULL
);
CREATE INDEX appointment_markers_source ON appointment_markers(source_marker);
CREATE INDEX appointment_markers_fingerprint ON appointment_markers(fingerprint);
