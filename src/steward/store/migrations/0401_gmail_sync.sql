-- Gmail: the history id the last complete sync reached (advanced only after the messages it covers
-- are stored), and Gmail pointers found by account.
CREATE TABLE gmail_sync (
    account     TEXT PRIMARY KEY,
    history_id  TEXT NOT NULL
);

CREATE INDEX message_sources_gmail ON message_sources (json_extract(location, '$.account')) WHERE kind = 'gmail';
CREATE INDEX rejected_messages_gmail ON rejected_messages (json_extract(location, '$.account')) WHERE kind = 'gmail';
