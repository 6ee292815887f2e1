-- A one-off reminder written to a CalDAV calendar (as a VTODO with DUE and an alarm) keeps the UID it
-- was written under and the ETag the server last gave it: a change Steward makes is sent with
-- If-Match, so a copy another app changed meanwhile is re-read, never overwritten.
ALTER TABLE reminders ADD COLUMN caldav_uid TEXT;
ALTER TABLE reminders ADD COLUMN caldav_etag TEXT;
