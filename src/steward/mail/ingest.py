"""Ingest: parse raw messages and store them idempotently, in batches, one transaction per batch.

Two reusable halves:
- `parse_message` (in `mail.parse`) turns bytes into a ParsedMessage;
- `store_parsed` stores ParsedMessages with their source pointers in one transaction and calls
  `on_batch(conn, [(row id, text to embed), ...])` inside that transaction for the newly inserted
  ones, so a vector index commits (or rolls back) together with the rows.
`ingest` drives both over the items a source found (files, mbox spans, IMAP fetches).
Importing the same thing twice adds nothing: a known source is skipped unread, and a known
Message-ID (or header hash) only gains another source.
"""

from __future__ import annotations

import logging
import multiprocessing
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime

from steward.errors import SourceGone
from steward.mail.categories import Classifier, default_classifier
from steward.mail.correspondents import classify_batch
from steward.mail.parse import ParseError, parse_message
from steward.mail.sources import Item, fetch_raw
from steward.records.mail import NewMessage, ParsedMessage, Rejection, SourcePointer
from steward.store import audit, write_txn
from steward.store import messages as repo

log = logging.getLogger(__name__)

OnBatch = Callable[[sqlite3.Connection, list[tuple[int, str]]], None]
ProgressFn = Callable[[int, int | None], None]


@dataclass(frozen=True)
class IngestReport:
    """What an import did."""

    added: int = 0
    duplicates: int = 0      # parsed, but the message was already stored (another source or earlier run)
    skipped: int = 0         # this exact source was imported before; not read again
    rejected: int = 0
    rejections: tuple[Rejection, ...] = ()
    added_ids: tuple[int, ...] = field(default=(), repr=False)

    def merged(self, other: IngestReport) -> IngestReport:
        """This report plus another batch's counts."""
        return IngestReport(
            self.added + other.added, self.duplicates + other.duplicates, self.skipped + other.skipped,
            self.rejected + other.rejected, self.rejections + other.rejections, self.added_ids + other.added_ids,
        )


def store_parsed(
    conn: sqlite3.Connection,
    batch: Sequence[tuple[ParsedMessage, SourcePointer]],
    *,
    account: str = "local",
    classifier: Classifier | None = None,
    on_batch: OnBatch | None = None,
    rejections: Sequence[Rejection] = (),
    recent: bool = True,
) -> IngestReport:
    """Store parsed messages (and rejections) idempotently in one transaction; call `on_batch` inside it.

    With `recent` (a sync's batch), the newest messages' word index takes the batch in the same
    transaction; a long import leaves that to its end (`ingest` does it once)."""
    classifier = classifier or default_classifier()
    now = repo.utc_text(datetime.now(UTC))
    added: list[int] = []
    to_embed: list[tuple[int, str]] = []
    duplicates = 0
    with write_txn(conn):
        categories = classify_batch(conn, classifier, [parsed for parsed, _ in batch])
        news = [NewMessage(parsed, category, account, pointer)
                for (parsed, pointer), category in zip(batch, categories, strict=True)]
        for new, (rowid, inserted) in zip(news, repo.insert_messages(conn, news, now), strict=True):
            if inserted:
                added.append(rowid)
                to_embed.append((rowid, new.parsed.embed_text()))
            else:
                duplicates += 1
        if rejections:
            repo.record_rejections(conn, rejections, now)
        if on_batch is not None and to_embed:
            on_batch(conn, to_embed)
        if recent and added:
            repo.refresh_recent_index(conn)
    return IngestReport(added=len(added), duplicates=duplicates, rejected=len(rejections),
                        rejections=tuple(rejections), added_ids=tuple(added))


def catch_up_recent_words(conn: sqlite3.Connection) -> bool:
    """Give the newest messages' word index (ranking) the mail it has not taken yet, e.g. after an
    import that was stopped; True when it had to. `steward serve` runs this every minute."""
    if not repo.recent_index_behind(conn):
        return False
    with write_txn(conn):
        repo.refresh_recent_index(conn)
    return True


def ingest(
    conn: sqlite3.Connection,
    items: Iterable[Item | Rejection],
    *,
    account: str = "local",
    snippet_chars: int = 200,
    on_batch: OnBatch | None = None,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    total: int | None = None,
    workers: int = 1,
    classifier: Classifier | None = None,
) -> IngestReport:
    """Parse and store every item; unparseable ones are recorded as rejected and the import goes on.

    Each batch commits on its own, so an interrupted import keeps what it stored. With `workers` > 1
    and a large import of local files, parsing runs in that many processes while this one stores.
    """
    classifier = classifier or default_classifier()
    report = IngestReport()
    batch: list[tuple[ParsedMessage, SourcePointer]] = []
    rejected: list[Rejection] = []
    skipped = 0
    known = repo.known_sources(conn, ("maildir", "eml", "mbox", "imap"))

    def flush() -> None:
        nonlocal report, batch, rejected
        if batch or rejected:
            report = report.merged(store_parsed(conn, batch, account=account, classifier=classifier,
                                                on_batch=on_batch, rejections=rejected, recent=False))
        batch, rejected = [], []

    todo: list[Item | Rejection] = []
    for item in items:
        if isinstance(item, Item) and (item.pointer.kind, item.pointer.location()) in known:
            skipped += 1
        else:
            todo.append(item)
    for seen, (item, found) in enumerate(_parsed(todo, snippet_chars, workers), skipped + 1):
        if isinstance(found, Rejection):
            rejected.append(found)
        elif isinstance(item, Item):
            batch.append((found, item.pointer))
        if len(batch) + len(rejected) >= batch_size:
            flush()
        if progress is not None:
            progress(seen, total)
    flush()
    if report.added or report.rejected:
        with write_txn(conn):
            # the newest messages' word index takes the import at once (rebuilt past a size)
            repo.refresh_recent_index(conn)
            audit.record(conn, "mail.import", None, {"via": "import", "account": account},
                         {"added": report.added, "duplicates": report.duplicates, "rejected": report.rejected})
    log.debug("ingest: %d added, %d duplicates, %d skipped, %d rejected", report.added, report.duplicates,
              skipped, report.rejected)
    return IngestReport(report.added, report.duplicates, skipped, report.rejected, report.rejections,
                        report.added_ids)


def ingest_raw(
    conn: sqlite3.Connection,
    raws: Iterable[tuple[bytes, SourcePointer]],
    *,
    account: str,
    snippet_chars: int = 200,
    on_batch: OnBatch | None = None,
    batch_size: int = 500,
) -> IngestReport:
    """Ingest raw RFC 822 bytes already in hand (IMAP headers + first text part) with their pointers."""
    items = (Item(pointer, _constant(raw)) for raw, pointer in raws)
    return ingest(conn, items, account=account, snippet_chars=snippet_chars, on_batch=on_batch,
                  batch_size=batch_size)


_CHUNK = 200


def _parsed(items: Sequence[Item | Rejection], snippet_chars: int, workers: int
            ) -> Iterator[tuple[Item | Rejection, ParsedMessage | Rejection]]:
    """Each item with its parse (or its rejection), in order; in worker processes for large local imports."""
    local = all(isinstance(i, Rejection) or i.pointer.kind != "imap" for i in items)
    if workers <= 1 or len(items) < 4 * _CHUNK or not local:
        for item in items:
            yield item, item if isinstance(item, Rejection) else _parse_item(item, snippet_chars)
        return
    chunks = [items[i:i + _CHUNK] for i in range(0, len(items), _CHUNK)]
    jobs = [([(i.pointer, i.mtime) for i in chunk if isinstance(i, Item)], snippet_chars) for chunk in chunks]
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        for chunk, results in zip(chunks, pool.map(_parse_chunk, jobs), strict=True):
            parsed = iter(results)
            for item in chunk:
                yield item, item if isinstance(item, Rejection) else next(parsed)


def _parse_chunk(job: tuple[list[tuple[SourcePointer, datetime | None]], int]) -> list[ParsedMessage | Rejection]:
    """Parse a chunk of local messages (runs in a worker process)."""
    pointers, snippet_chars = job
    return [_parse_item(Item(pointer, _loader(pointer), mtime), snippet_chars) for pointer, mtime in pointers]


def _loader(pointer: SourcePointer) -> Callable[[], bytes]:
    return lambda: fetch_raw(pointer)


def _constant(raw: bytes) -> Callable[[], bytes]:
    return lambda: raw


def _parse_item(item: Item, snippet_chars: int) -> ParsedMessage | Rejection:
    location = item.pointer.location()
    try:
        raw = item.load()
    except OSError as exc:
        return Rejection(item.pointer.kind, location, f"cannot read: {exc.strerror or exc}")
    except SourceGone as exc:
        return Rejection(item.pointer.kind, location, f"cannot read: {exc.message}")
    try:
        return parse_message(raw, snippet_chars=snippet_chars, fallback_time=item.mtime)
    except ParseError as exc:
        return Rejection(item.pointer.kind, location, str(exc))
    except (ValueError, LookupError, UnicodeError, TypeError, IndexError, AttributeError,
            RecursionError) as exc:
        # the stdlib parser has corners that raise on hostile input; the message is refused, not lost
        return Rejection(item.pointer.kind, location, f"cannot parse: {type(exc).__name__}: {exc}"[:300])
