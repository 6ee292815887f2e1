-- Mail: message metadata and snippets, never bodies.
CREATE TABLE messages (
    id              INTEGER PRIMARY KEY,            -- the id users see (`steward mail read ID`)
    dedup_key       TEXT NOT NULL UNIQUE,           -- 'mid:' + Message-ID, else 'sha:' + header hash
    message_id      TEXT NOT NULL DEFAULT '',       -- Message-ID without angle brackets ('' if none)
    thread_key      TEXT NOT NULL,                  -- first References id, else In-Reply-To, else own id
    in_reply_to     TEXT NOT NULL DEFAULT '',
    sender          TEXT NOT NULL DEFAULT '',       -- address, lower case
    sender_name     TEXT NOT NULL DEFAULT '',
    recipients      TEXT NOT NULL DEFAULT '[]',     -- JSON list of To + Cc addresses
    subject         TEXT NOT NULL DEFAULT '',
    snippet         TEXT NOT NULL DEFAULT '',       -- first ~200 chars of readable text, numbers masked
    received_at     TEXT NOT NULL,                  -- UTC instant, 'YYYY-MM-DDTHH:MM:SS+00:00'
    zone            TEXT NOT NULL DEFAULT 'UTC',    -- the offset the Date header was written in
    has_pdf         INTEGER NOT NULL DEFAULT 0,
    attachments     TEXT NOT NULL DEFAULT '[]',     -- JSON list of attachment file names
    category        TEXT NOT NULL DEFAULT 'other',
    account         TEXT NOT NULL DEFAULT 'local',
    source_kind     TEXT NOT NULL,                  -- maildir | eml | mbox | imap
    source_location TEXT NOT NULL,                  -- JSON pointer (path / path+offset / imap coordinates)
    imported_at     TEXT NOT NULL
);
CREATE INDEX messages_received ON messages(received_at);
CREATE INDEX messages_sender ON messages(sender, received_at);
CREATE INDEX messages_thread ON messages(thread_key);
CREATE INDEX messages_category ON messages(category, received_at);

-- Every place a message was seen (one message may live in an mbox and a Maildir).
CREATE TABLE message_sources (
    message_rowid   INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    kind            TEXT NOT NULL,
    location        TEXT NOT NULL,
    UNIQUE (kind, location)
);
CREATE INDEX message_sources_message ON message_sources(message_rowid);

-- Items an import could not take, and why; the import goes on past them.
CREATE TABLE rejected_messages (
    id              INTEGER PRIMARY KEY,
    kind            TEXT NOT NULL,
    location        TEXT NOT NULL,
    reason          TEXT NOT NULL,
    at              TEXT NOT NULL,
    UNIQUE (kind, location)
);

-- Lexical search over subject, sender (name + address) and snippet; rowid = messages.id.
CREATE VIRTUAL TABLE messages_fts USING fts5(
    subject, sender, snippet,
    tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts (rowid, subject, sender, snippet)
    VALUES (new.id, new.subject, new.sender_name || ' ' || new.sender, new.snippet);
END;

CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    DELETE FROM messages_fts WHERE rowid = old.id;
END;

CREATE TRIGGER messages_fts_update AFTER UPDATE OF subject, sender, sender_name, snippet ON messages BEGIN
    UPDATE messages_fts SET subject = new.subject, sender = new.sender_name || ' ' || new.sender,
        snippet = new.snippet WHERE rowid = new.id;
END;
