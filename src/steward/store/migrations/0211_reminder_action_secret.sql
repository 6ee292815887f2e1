-- The secret that signs a notification's Snooze / Done buttons (one row, made on first use): a button
-- carries a key for one reminder and one action, so a phone can act on that reminder and nothing else.
CREATE TABLE reminder_action_secret (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    secret          TEXT NOT NULL,
    created_at      TEXT NOT NULL
);
