-- A repeating local event keeps its RRULE; its first time is start_utc/end_utc, and the times after
-- it are expanded when a span is read, on the wall clock of `zone`.
ALTER TABLE events ADD COLUMN rule TEXT;
CREATE INDEX events_repeating ON events(start_utc) WHERE rule IS NOT NULL;
