-- Reminders (always local: Steward fires them) and the local calendar's events.
-- Instants are UTC, written 'YYYY-MM-DDTHH:MM:SSZ' so text order is time order; `zone` is the IANA
-- zone (or +HH:MM offset) the user meant them in.
CREATE TABLE reminders (
    id              INTEGER PRIMARY KEY,
    text            TEXT NOT NULL,
    norm_text       TEXT NOT NULL,          -- casefolded, spaces collapsed: the duplicate key with due
    due_utc         TEXT NOT NULL,
    zone            TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'firing', 'fired', 'failed', 'cancelled')),
    created_at      TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_utc TEXT,                  -- after a sink failed: not retried before this
    claimed_by      TEXT,                   -- 'host:pid' of the scheduler sending it now
    claimed_at      TEXT,
    fired_at        TEXT,
    late            INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT
);
CREATE UNIQUE INDEX reminders_no_duplicate ON reminders(norm_text, due_utc) WHERE status != 'cancelled';
CREATE INDEX reminders_due ON reminders(status, due_utc);

-- One row per (reminder, sink) that accepted the notification, so a retry or a restart sends only
-- to the sinks that have not had it.
CREATE TABLE reminder_deliveries (
    reminder_id     INTEGER NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
    sink            TEXT NOT NULL,
    delivered_at    TEXT NOT NULL,
    PRIMARY KEY (reminder_id, sink)
);

CREATE TABLE events (
    id              INTEGER PRIMARY KEY,
    uid             TEXT NOT NULL UNIQUE,   -- also the X-STEWARD-ID marker in ICS / CalDAV
    title           TEXT NOT NULL,
    norm_title      TEXT NOT NULL,
    start_utc       TEXT NOT NULL,
    end_utc         TEXT NOT NULL,
    zone            TEXT NOT NULL,
    all_day         INTEGER NOT NULL DEFAULT 0,
    location        TEXT,
    created_at      TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled'))
);
CREATE UNIQUE INDEX events_no_duplicate ON events(norm_title, start_utc) WHERE status != 'cancelled';
CREATE INDEX events_start ON events(start_utc);
