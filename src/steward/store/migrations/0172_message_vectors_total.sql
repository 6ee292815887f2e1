-- How many messages have a vector, kept by triggers. A server's vector index checks it whenever the
-- store changed (a chat turn writing a reminder is such a change) to notice vectors added below the
-- ids it holds or deleted with their messages; counting the ids' index for that read 100,000 entries
-- per search at 100k messages. Vectors are replaced with an upsert (an UPDATE), so a replacement
-- leaves the count alone; a message deleted takes its vector, and one from the count, with it.
CREATE TABLE message_vectors_total (
    n               INTEGER NOT NULL
);

INSERT INTO message_vectors_total (n) SELECT count(*) FROM message_vectors;

CREATE TRIGGER message_vectors_total_insert AFTER INSERT ON message_vectors BEGIN
    UPDATE message_vectors_total SET n = n + 1;
END;

CREATE TRIGGER message_vectors_total_delete AFTER DELETE ON message_vectors BEGIN
    UPDATE message_vectors_total SET n = n - 1;
END;
