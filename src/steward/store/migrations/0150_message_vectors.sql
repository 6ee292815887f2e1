-- The semantic index: one sentence vector per message, beside its row, and nothing else (no text).
-- A vector is written in the same transaction as its message (mail ingest's batch hook) or later by
-- `steward mail index`; deleting a message deletes its vector.
CREATE TABLE message_vectors (
    message_rowid   INTEGER PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
    vector          BLOB NOT NULL       -- float32 scale (little-endian) + int8 components: see search/vectors.py
);
