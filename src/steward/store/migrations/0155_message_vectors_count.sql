-- A narrow index of the ids that have a vector, so `count(*)` is cheap. A warm search index (the
-- server's) counts the vectors whenever the store changed, to notice deleted messages; without this
-- the count scans every 388-byte vector row: ~25 ms at 100k messages, paid by nearly every search
-- while turns are writing. With it the count reads a few hundred small index pages.
CREATE INDEX IF NOT EXISTS message_vectors_ids ON message_vectors(message_rowid);
