-- The times a repeating local event skips (its EXDATEs): a JSON list of the UTC instants each skipped
-- time would have started at.
ALTER TABLE events ADD COLUMN skipped TEXT NOT NULL DEFAULT '[]';
