-- The dates each block of 1,024 message ids spans (ids `block * 1024` to `block * 1024 + 1023`): a
-- search with `after:` or `before:` finds from it the ids its messages can have, and walks the word
-- index there instead of from the newest match down (`card before:2026-06-01` in a million messages
-- skips the newest months of matches unread). Mail mostly arrives in date order, so a block spans a
-- few days; a block that spans more (an old mailbox imported late) only narrows less. The span only
-- ever widens: a deleted message leaves its block's dates as they were, which still hold every message
-- left in it.
CREATE TABLE message_date_blocks (
    block           INTEGER PRIMARY KEY,            -- message id >> 10
    earliest        TEXT NOT NULL,                  -- the earliest received_at in the block (UTC text)
    latest          TEXT NOT NULL                   -- the latest
);

INSERT INTO message_date_blocks (block, earliest, latest)
SELECT id >> 10, min(received_at), max(received_at) FROM messages GROUP BY id >> 10;

CREATE TRIGGER messages_date_block_insert AFTER INSERT ON messages BEGIN
    INSERT INTO message_date_blocks (block, earliest, latest) VALUES (new.id >> 10, new.received_at, new.received_at)
    ON CONFLICT (block) DO UPDATE SET earliest = min(earliest, excluded.earliest),
                                      latest = max(latest, excluded.latest);
END;

CREATE TRIGGER messages_date_block_update AFTER UPDATE OF received_at ON messages BEGIN
    INSERT INTO message_date_blocks (block, earliest, latest) VALUES (new.id >> 10, new.received_at, new.received_at)
    ON CONFLICT (block) DO UPDATE SET earliest = min(earliest, excluded.earliest),
                                      latest = max(latest, excluded.latest);
END;
