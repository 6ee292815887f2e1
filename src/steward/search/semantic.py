"""Writing message vectors: at sync (inside its transaction) and by backfill (`steward mail index`, and
`steward mail import` once its rows are in, so words are searchable before meaning is).

Only ids, vectors and which embedder made them are written; the text embedded (sender name, subject,
snippet: the message's `embed_text`) is read from the message row and never stored again.

Vectors another embedder made (an older release: another graph, token cut or int8 choice of the same
model) stay in the index and keep working, since they are the same model's vectors of the same text;
`backfill` re-embeds them, and says how many and which embedders made them.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from steward.embed import Embedder
from steward.mail.ingest import OnBatch
from steward.search.vectors import encode
from steward.store import messages as messages_repo
from steward.store import vectors as repo
from steward.store import write_txn

log = logging.getLogger(__name__)

ProgressFn = Callable[[int, int | None], None]


def index_hook(embedder: Callable[[], Embedder]) -> OnBatch:
    """The mail ingest batch hook: embed the new messages and store their vectors in the same transaction."""

    def on_batch(conn: sqlite3.Connection, items: list[tuple[int, str]]) -> None:
        if not items:
            return
        model = embedder()
        vectors = model.embed([text for _, text in items])
        repo.put_vectors(conn, list(zip((i for i, _ in items), encode(vectors), strict=True)),
                         repo.embedder_id(conn, model.name))

    return on_batch


@dataclass(frozen=True)
class IndexReport:
    """What a backfill did: `indexed` messages embedded now, `refreshed` of them replacing a vector that
    another embedder made (`older`: those embedders' names, "" for one from before names were kept);
    `already` had a vector from this embedder; `total` have one now."""

    indexed: int
    already: int
    total: int
    refreshed: int = 0
    older: tuple[str, ...] = ()


def backfill(conn: sqlite3.Connection, embedder: Embedder, *, batch: int = 512, rebuild: bool = False,
             progress: ProgressFn | None = None, refresh_stale: bool = True) -> IndexReport:
    """Embed every message that has no vector yet, or one another embedder made, a batch per transaction
    (so an interrupted run keeps what it did and the next run resumes after it); `rebuild` drops every
    vector first; without `refresh_stale` (an import's vectors) vectors another embedder made are kept."""
    with write_txn(conn):
        if rebuild:
            repo.delete_all(conn)
        model = repo.embedder_id(conn, embedder.name)
    stale = repo.count_stale(conn, model) if refresh_stale else 0
    older = tuple(repo.stale_embedders(conn, model)) if stale else ()
    todo = repo.count_unindexed(conn) + stale
    already = repo.count_vectors(conn) - stale
    done = refreshed = 0
    last = 0
    if progress is not None:
        progress(0, todo)
    while True:
        rows = repo.unindexed(conn, last, batch, model if refresh_stale else None)
        if not rows:
            break
        last = rows[-1][0]
        found = messages_repo.get_messages(conn, [i for i, _ in rows])
        kept = [(i, old) for i, old in rows if i in found]
        vectors = embedder.embed([found[i].embed_text() for i, _ in kept])
        replaced = sum(old for _, old in kept)
        with write_txn(conn):
            repo.put_vectors_if_present(conn, list(zip((i for i, _ in kept), encode(vectors), strict=True)), model)
            if replaced:
                repo.bump_generation(conn)
        done += len(kept)
        refreshed += replaced
        if progress is not None:
            progress(done, todo)
    log.debug("mail index: %d embedded (%d replacing an older embedder's), %d already indexed",
              done, refreshed, already)
    return IndexReport(indexed=done, already=already, total=already + done, refreshed=refreshed,
                       older=older if refreshed else ())
