-- The times of a repeating local event moved on their own (its RECURRENCE-ID overrides): a JSON list of
-- [the UTC instant the time would have started at, its new start, its new end].
ALTER TABLE events ADD COLUMN moved TEXT NOT NULL DEFAULT '[]';
