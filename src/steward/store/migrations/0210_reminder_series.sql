-- Repeating reminders. A series keeps the rule (RFC 5545 RRULE) and its first occurrence on the wall
-- clock of its zone; its occurrences are ordinary `reminders` rows, one at a time: when one fires (or
-- is skipped) the next is written in the same transaction, so each occurrence fires exactly once and
-- a machine that was off for several occurrences fires the one it missed once, then goes on.
CREATE TABLE reminder_series (
    id              INTEGER PRIMARY KEY,
    text            TEXT NOT NULL,
    rule            TEXT NOT NULL,          -- the RRULE value: FREQ=WEEKLY;BYDAY=MO
    start_local     TEXT NOT NULL,          -- DTSTART on the wall clock of `zone`: 2026-12-07T09:00:00
    zone            TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended', 'cancelled')),
    created_at      TEXT NOT NULL,
    caldav_uid      TEXT                    -- the VTODO written to a CalDAV calendar, if any
);

ALTER TABLE reminders ADD COLUMN series_id INTEGER REFERENCES reminder_series(id);
-- the occurrence a row stands for (its due before a move); unique per series: never written twice
ALTER TABLE reminders ADD COLUMN occurrence_utc TEXT;
-- when the user said it was done (from a chat turn, a notification or the web page)
ALTER TABLE reminders ADD COLUMN done_at TEXT;
-- a snoozed copy names the reminder it was snoozed from
ALTER TABLE reminders ADD COLUMN snoozed_from INTEGER REFERENCES reminders(id);

CREATE UNIQUE INDEX reminders_series_occurrence ON reminders(series_id, occurrence_utc)
    WHERE series_id IS NOT NULL;
CREATE UNIQUE INDEX reminders_series_one_open ON reminders(series_id)
    WHERE series_id IS NOT NULL AND status IN ('pending', 'firing');
