-- Payments the person made, as the mail that confirms each says (a card issuer's "payment received", a
-- biller's receipt, a bank's debit alert): who was paid, how much, on which day, and the account (last four
-- digits only). Figures and a pointer to the message only; no body text is stored.
CREATE TABLE payments (
    id              INTEGER PRIMARY KEY,
    payee           TEXT NOT NULL,                   -- who was paid: the card's issuer, the biller
    payee_key       TEXT NOT NULL,                   -- payee in lower case
    kind            TEXT NOT NULL,                   -- what was paid: card | utility | telecom | ... | other
    account         TEXT NOT NULL DEFAULT '',        -- last four digits of the card or account paid ('' when none)
    amount          TEXT NOT NULL,                   -- decimal string, '62118.00'
    currency        TEXT NOT NULL,                   -- ISO 4217
    paid_on         TEXT NOT NULL,                   -- local date, YYYY-MM-DD (the day the mail says, else its day)
    due_id          INTEGER,                         -- the due it settled, when Steward read one
    message_rowid   INTEGER NOT NULL UNIQUE,         -- the message that confirms it (messages.id)
    created_at      TEXT NOT NULL
);
CREATE INDEX payments_day ON payments(paid_on);
