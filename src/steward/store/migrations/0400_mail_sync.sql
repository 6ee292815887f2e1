-- Live mail accounts: what each account's last sync did. The sync position itself is not kept here:
-- it is the set of IMAP pointers (message_sources / rejected_messages rows of kind 'imap'), which
-- commit in the same transaction as the messages they cover, so a crash can never leave the two apart.
CREATE TABLE mail_sync_accounts (
    account          TEXT PRIMARY KEY,
    last_attempt_at  TEXT,
    last_success_at  TEXT,
    last_error       TEXT NOT NULL DEFAULT '',
    last_error_at    TEXT,
    failures         INTEGER NOT NULL DEFAULT 0,   -- consecutive failed syncs (the heartbeat backs off)
    last_added       INTEGER NOT NULL DEFAULT 0,
    last_removed     INTEGER NOT NULL DEFAULT 0
);

-- IMAP pointers of one account's folder, found without reading every pointer's JSON.
CREATE INDEX message_sources_imap ON message_sources (
    json_extract(location, '$.account'), json_extract(location, '$.folder')
) WHERE kind = 'imap';

CREATE INDEX rejected_messages_imap ON rejected_messages (
    json_extract(location, '$.account'), json_extract(location, '$.folder')
) WHERE kind = 'imap';
