-- The word index of the newest messages, for ranking only. bm25 weighs each query word by how many
-- messages hold it, and counts them on every search: in a large mailbox a common word's count reads
-- hundreds of thousands of entries (1M messages, "credit card": 30 ms). When the newest matches a
-- search ranks all lie among the newest messages, it ranks them here, where that count is bounded.
-- Contentless: the text is in `messages`; entries leave through FTS5's 'delete' with the same values.
-- It holds exactly the messages with ids from `floor` to `top` (one row in messages_recent_range,
-- none while the store is small); new mail joins it when its import or sync finishes
-- (store.messages.refresh_recent_index), deleted or edited mail by the triggers below.
CREATE VIRTUAL TABLE messages_recent_fts USING fts5(
    subject, sender, snippet,
    content = '',
    tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TABLE messages_recent_range (
    floor           INTEGER NOT NULL,
    top             INTEGER NOT NULL,
    rows            INTEGER NOT NULL
);

CREATE TRIGGER messages_recent_delete AFTER DELETE ON messages
WHEN EXISTS (SELECT 1 FROM messages_recent_range WHERE old.id BETWEEN floor AND top) BEGIN
    INSERT INTO messages_recent_fts (messages_recent_fts, rowid, subject, sender, snippet)
    VALUES ('delete', old.id, old.subject, old.sender_name || ' ' || old.sender, old.snippet);
    -- the newest message deleted: its id may be given again, and that message is not indexed here
    UPDATE messages_recent_range SET rows = rows - 1,
        top = min(top, (SELECT coalesce(max(id), 0) FROM messages));
END;

CREATE TRIGGER messages_recent_update AFTER UPDATE OF subject, sender, sender_name, snippet ON messages
WHEN EXISTS (SELECT 1 FROM messages_recent_range WHERE old.id BETWEEN floor AND top) BEGIN
    INSERT INTO messages_recent_fts (messages_recent_fts, rowid, subject, sender, snippet)
    VALUES ('delete', old.id, old.subject, old.sender_name || ' ' || old.sender, old.snippet);
    INSERT INTO messages_recent_fts (rowid, subject, sender, snippet)
    VALUES (new.id, new.subject, new.sender_name || ' ' || new.sender, new.snippet);
END;
