"""Searching the stored mail: the query language, lexical (FTS5) and vector search, their fusion, and
`Mailbox`, the one service the assistant and the edges search, analyze and read mail through."""
