-- Money owed: dues derived from bill and statement mail. Figures and a pointer to the message only;
-- no body text is stored (`excerpt` is a phrase of the stored subject or snippet, or '').
CREATE TABLE dues (
    id              INTEGER PRIMARY KEY,             -- the id users see (`steward dues paid ID`)
    issuer          TEXT NOT NULL,                   -- institution name, else the sender's name / domain
    issuer_key      TEXT NOT NULL,                   -- issuer in lower case: the account's identity
    kind            TEXT NOT NULL,                   -- card | bank | loan | utility | ... | other
    account         TEXT NOT NULL DEFAULT '',        -- last four digits only ('' when the mail shows none)
    amount          TEXT NOT NULL,                   -- decimal string, '23480.00'
    minimum         TEXT,                            -- decimal string or NULL
    currency        TEXT NOT NULL,                   -- ISO 4217
    due_date        TEXT NOT NULL,                   -- local date, YYYY-MM-DD
    zone            TEXT NOT NULL,                   -- the zone the due date is meant in
    autopay         INTEGER NOT NULL DEFAULT 0,      -- it will be debited
    status          TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'superseded')),
    message_rowid   INTEGER NOT NULL,                -- the message it was read from (messages.id)
    excerpt         TEXT NOT NULL DEFAULT '',
    method          TEXT NOT NULL DEFAULT 'patterns', -- patterns | model
    statement_at    TEXT NOT NULL,                   -- UTC instant the message was sent (newest supersedes)
    paid_by         INTEGER,                         -- the payment confirmation's message id
    paid_at         TEXT,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    UNIQUE (issuer_key, account, due_date, currency)
);
CREATE INDEX dues_status ON dues(status, due_date);
CREATE INDEX dues_account ON dues(issuer_key, account, due_date);

-- Every message that said something about a due (the statement, its reminder, its PDF, its payment).
CREATE TABLE due_sources (
    due_id          INTEGER NOT NULL REFERENCES dues(id) ON DELETE CASCADE,
    message_rowid   INTEGER NOT NULL,
    role            TEXT NOT NULL,                   -- due | merged | paid
    UNIQUE (due_id, message_rowid)
);

-- Candidates already read, so extracting twice changes nothing (and why each gave no due).
CREATE TABLE finance_seen (
    message_rowid   INTEGER PRIMARY KEY,
    outcome         TEXT NOT NULL,                   -- derived | merged | paid | skipped
    reason          TEXT NOT NULL DEFAULT '',
    due_id          INTEGER,
    at              TEXT NOT NULL
);

-- The cards and accounts the mail shows: last four digits, never a whole number.
CREATE TABLE finance_accounts (
    issuer_key      TEXT NOT NULL,
    issuer          TEXT NOT NULL,
    kind            TEXT NOT NULL,
    account         TEXT NOT NULL,
    last_seen       TEXT NOT NULL,                   -- UTC instant of the newest message showing it
    message_rowid   INTEGER NOT NULL,
    PRIMARY KEY (issuer_key, account)
);

-- "Due in 3 days" notices, once per due and sink, across restarts.
CREATE TABLE due_notices (
    due_id          INTEGER NOT NULL REFERENCES dues(id) ON DELETE CASCADE,
    sink            TEXT NOT NULL,
    sent_at         TEXT NOT NULL,
    PRIMARY KEY (due_id, sink)
);
