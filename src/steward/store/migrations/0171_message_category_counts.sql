-- How many messages each category holds, kept by triggers as mail arrives and leaves: a search with
-- `category:` learns at once whether the category admits few messages or many (newsletters in a
-- million messages: 300,000), which decides whether the ids it admits are read or checked on the
-- nearest, instead of counting the category's index up to that many first.
CREATE TABLE message_category_counts (
    category        TEXT PRIMARY KEY,
    messages        INTEGER NOT NULL
);

INSERT INTO message_category_counts (category, messages)
SELECT category, count(*) FROM messages GROUP BY category;

CREATE TRIGGER messages_category_count_insert AFTER INSERT ON messages BEGIN
    INSERT INTO message_category_counts (category, messages) VALUES (new.category, 1)
    ON CONFLICT (category) DO UPDATE SET messages = messages + 1;
END;

CREATE TRIGGER messages_category_count_delete AFTER DELETE ON messages BEGIN
    UPDATE message_category_counts SET messages = messages - 1 WHERE category = old.category;
END;

CREATE TRIGGER messages_category_count_update AFTER UPDATE OF category ON messages
WHEN old.category IS NOT new.category BEGIN
    UPDATE message_category_counts SET messages = messages - 1 WHERE category = old.category;
    INSERT INTO message_category_counts (category, messages) VALUES (new.category, 1)
    ON CONFLICT (category) DO UPDATE SET messages = messages + 1;
END;
