"""Writing message vectors: at ingest (inside its transaction) and by backfill (`steward mail index`).

Only ids and vectors are written; the text embedded (sender name, subject, snippet: the message's
`embed_text`) is read from the message row and never stored again.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from steward.embed import Embedder
from steward.mail.ingest import OnBatch
from steward.mail.vectors import encode
from steward.store import messages as messages_repo
from steward.store import vectors as repo

log = logging.getLogger(__name__)

ProgressFn = Callable[[int, int | None], None]


def index_hook(embedder: Callable[[], Embedder]) -> OnBatch:
    """The mail ingest batch hook: embed the new messages and store their vectors in the same transaction."""

    def on_batch(conn: sqlite3.Connection, items: list[tuple[int, str]]) -> None:
        if not items:
            return
        vectors = embedder().embed([text for _, text in items])
        repo.put_vectors(conn, list(zip((i for i, _ in items), encode(vectors), strict=True)))

    return on_batch


@dataclass(frozen=True)
class IndexReport:
    """What a backfill did."""

    indexed: int
    already: int
    total: int


def backfill(conn: sqlite3.Connection, embedder: Embedder, *, batch: int = 512, rebuild: bool = False,
             progress: ProgressFn | None = None) -> IndexReport:
    """Embed every message that has no vector yet, a batch per transaction (so an interrupted run keeps
    what it did and the next run resumes after it); `rebuild` drops every vector first."""
    if rebuild:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("DELETE FROM message_vectors")
        conn.execute("COMMIT")
    todo = repo.count_unindexed(conn)
    already = repo.count_vectors(conn)
    done = 0
    last = 0
    if progress is not None:
        progress(0, todo)
    while True:
        ids = repo.unindexed(conn, last, batch)
        if not ids:
            break
        last = ids[-1]
        found = messages_repo.get_messages(conn, ids)
        kept = [i for i in ids if i in found]
        vectors = embedder.embed([found[i].embed_text() for i in kept])
        conn.execute("BEGIN IMMEDIATE")
        try:
            repo.put_vectors_if_present(conn, list(zip(kept, encode(vectors), strict=True)))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        done += len(kept)
        if progress is not None:
            progress(done, todo)
    log.debug("mail index: %d embedded, %d already indexed", done, already)
    return IndexReport(indexed=done, already=already, total=already + done)
