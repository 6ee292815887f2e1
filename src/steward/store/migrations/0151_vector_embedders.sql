-- Which embedder made each vector. An embedder's name says what decides its vectors (model, graph
-- version, int8 use, token cut: MiniLMEmbedder.name); `steward mail index` re-embeds the messages whose
-- vector another embedder made. 0 = a vector stored before names were kept.
CREATE TABLE vector_embedders (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL UNIQUE
);
ALTER TABLE message_vectors ADD COLUMN embedder INTEGER NOT NULL DEFAULT 0;
-- bumped whenever stored vectors are replaced or dropped (not only added), so an index kept in memory
-- (the server's) knows to reload rather than append
CREATE TABLE vector_generation (
    n       INTEGER NOT NULL
);
INSERT INTO vector_generation (n) VALUES (0);
