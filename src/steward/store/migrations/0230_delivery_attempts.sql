-- A delivery is recorded as attempted before it is sent and as delivered once the sink took it, so a
-- scheduler killed in between knows which sinks may have it: those that drop a repeat by its key
-- (webhook, ntfy, email) get it again with the same key; console and desktop do not (at most once).
ALTER TABLE reminder_deliveries ADD COLUMN state TEXT NOT NULL DEFAULT 'delivered';  -- attempting | delivered | unknown
ALTER TABLE reminder_deliveries ADD COLUMN key TEXT NOT NULL DEFAULT '';
ALTER TABLE reminder_deliveries ADD COLUMN attempts INTEGER NOT NULL DEFAULT 1;
