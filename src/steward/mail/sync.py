"""Syncing a live IMAP account into the mail store, the way a careful mail client does.

Per folder:
1. EXAMINE it (read-only) and list every UID (UID SEARCH ALL). Never sequence numbers.
2. Plan (pure, `plan_folder`): UIDs the server has and Steward does not know are new; pointers whose
   UID the server no longer has are gone; pointers under another UIDVALIDITY are stale.
3. Fetch the new ones in batches: headers, BODYSTRUCTURE and the first 2 KB of the one text part the
   snippet needs (BODY.PEEK: \\Seen is never set). Each batch is stored with `store_parsed` in one
   transaction together with its IMAP pointers, so the pointers *are* the sync position: a crash at
   any moment leaves either the whole batch or none of it, and the next sync fetches what is missing.
4. Remove gone and stale pointers in one transaction; a message no source holds any more is deleted.
   After a UIDVALIDITY change every message is fetched again under its new UID and found again by its
   Message-ID (or header hash), so nothing is duplicated, and only then are the old pointers dropped.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import queue
import re
import sqlite3
import threading
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from steward.mail.accounts import Account
from steward.mail.categories import Classifier
from steward.mail.imap import ImapSession
from steward.mail.imap_proto import FetchItem, Structure, decode_partial, parse_internaldate, parse_structure
from steward.mail.parse import ParseError, parse_message
from steward.records.mail import ImapSource, ParsedMessage, Pointer, Rejection, SourcePointer
from steward.store import mail_sync as repo
from steward.store import write_txn

log = logging.getLogger(__name__)

OnBatch = Callable[[sqlite3.Connection, list[tuple[int, str]]], None]
ProgressFn = Callable[[int, int | None], None]

BATCH = 200
PLAIN_BYTES = 2048
# an HTML part often opens with kilobytes of <head> and <style>; 8 KB reaches its first visible words
HTML_BYTES = 8192


@dataclass(frozen=True)
class FolderPlan:
    """What one folder's sync has to do."""

    new: tuple[int, ...]
    gone: tuple[tuple[int, int], ...]
    stale: tuple[tuple[int, int], ...]

    @property
    def resync(self) -> bool:
        """The folder's UIDVALIDITY changed since the last sync."""
        return bool(self.stale)


def plan_folder(known: Iterable[Pointer], server_uids: Iterable[int], uidvalidity: int) -> FolderPlan:
    """Decide what to fetch and what to drop, from what Steward knows and what the server lists."""
    server = set(server_uids)
    current: set[int] = set()
    stale: list[tuple[int, int]] = []
    for pointer in known:
        if pointer.uidvalidity == uidvalidity:
            current.add(pointer.uid)
        else:
            stale.append((pointer.uidvalidity, pointer.uid))
    gone = sorted((uidvalidity, uid) for uid in current - server)
    return FolderPlan(tuple(sorted(server - current)), tuple(gone), tuple(sorted(set(stale))))


# -- turning what was fetched into a ParsedMessage ------------------------------------------------

_CONTENT_HEADERS = re.compile(rb"^(content-type|content-transfer-encoding)[ \t]*:", re.I)


def synthesize(header: bytes, text: str, subtype: str) -> bytes:
    """The message's own headers over a one-part body holding the text fetched for the snippet."""
    kept: list[bytes] = []
    skipping = False
    for line in header.replace(b"\r\n", b"\n").split(b"\n"):
        if not line.strip():
            continue
        if line[:1] in (b" ", b"\t"):
            if not skipping:
                kept.append(line)
            continue
        skipping = bool(_CONTENT_HEADERS.match(line))
        if not skipping:
            kept.append(line)
    kept.append(f"Content-Type: text/{subtype}; charset=utf-8".encode())
    kept.append(b"Content-Transfer-Encoding: 8bit")
    return b"\r\n".join(kept) + b"\r\n\r\n" + text.encode("utf-8")


def to_parsed(item: FetchItem, structure: Structure, text_bytes: bytes | None,
              snippet_chars: int) -> ParsedMessage:
    """Metadata and snippet of one fetched message; ParseError (or a stdlib error) when it is not mail."""
    header = item.get_bytes("BODY[HEADER]") or b""
    text = ""
    subtype = "plain"
    if structure.text is not None and text_bytes:
        text = decode_partial(text_bytes, structure.text.encoding, structure.text.charset)
        subtype = structure.text.subtype
    parsed = parse_message(synthesize(header, text, subtype), snippet_chars=snippet_chars,
                           fallback_time=parse_internaldate(item.items.get("INTERNALDATE")))
    return dataclasses.replace(parsed, has_pdf=structure.has_pdf, attachments=structure.attachments)


# -- the sync --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FolderReport:
    """What one folder's sync did."""

    folder: str
    uidvalidity: int
    on_server: int
    added: int = 0
    linked: int = 0  # fetched, but the message was already stored (another folder, an import, a resync)
    rejected: int = 0
    gone: int = 0  # pointers dropped: UIDs the server no longer lists, or the old UIDs of a renumbered folder
    resynced: bool = False


@dataclass(frozen=True)
class SyncReport:
    """What one account's sync did."""

    account: str
    folders: tuple[FolderReport, ...] = field(default=())
    removed: int = 0  # messages deleted from the store: no folder of the server holds them any more

    @property
    def added(self) -> int:
        """Messages added over every folder."""
        return sum(f.added for f in self.folders)

    @property
    def rejected(self) -> int:
        """Messages that could not be parsed, over every folder."""
        return sum(f.rejected for f in self.folders)

    def to_json(self) -> dict[str, object]:
        """The report as JSON."""
        return {"account": self.account, "added": self.added, "removed": self.removed, "rejected": self.rejected,
                "folders": [dataclasses.asdict(f) for f in self.folders]}


def _store(conn: sqlite3.Connection, batch: Sequence[tuple[ParsedMessage, SourcePointer]], account: str,
           rejections: Sequence[Rejection], on_batch: OnBatch | None,
           classifier: Classifier | None = None) -> tuple[int, int]:
    """Store one batch (and its rejections) in one transaction; (added, already known)."""
    from steward.mail.ingest import store_parsed

    report = store_parsed(conn, batch, account=account, on_batch=on_batch, rejections=rejections,
                          classifier=classifier)
    return report.added, report.duplicates


class ImapSync:
    """Syncs IMAP accounts into one store."""

    def __init__(self, conn: sqlite3.Connection, *, snippet_chars: int = 200, on_batch: OnBatch | None = None,
                 batch_size: int = BATCH, timeout: float = 30.0,
                 classifier: Classifier | None = None) -> None:
        self.conn = conn
        self.snippet_chars = snippet_chars
        self.on_batch = on_batch
        self.classifier = classifier
        self.batch_size = batch_size
        self.timeout = timeout

    def sync(self, account: Account, password: str,
             progress_for: Callable[[str], ProgressFn | None] | None = None) -> SyncReport:
        """Sync every configured folder of `account` over one connection; ConnectorError (naming the
        account) when the server fails. Batches stored before a failure stay stored."""
        reports: list[FolderReport] = []
        with ImapSession(account, password, timeout=self.timeout) as session:
            for folder in account.folders:
                progress = progress_for(folder) if progress_for is not None else None
                reports.append(self._folder(session, account, folder, progress))
        return SyncReport(account.name, tuple(reports), removed=repo.delete_orphans(self.conn))

    def _folder(self, session: ImapSession, account: Account, folder: str,
                progress: ProgressFn | None) -> FolderReport:
        info = session.examine(folder)
        server_uids = session.all_uids()
        plan = plan_folder(repo.imap_pointers(self.conn, account.name, folder), server_uids, info.uidvalidity)
        log.debug("%s/%s: %d on server, %d new, %d gone, %d stale", account.name, folder, len(server_uids),
                  len(plan.new), len(plan.gone), len(plan.stale))
        added = linked = rejected = done = 0
        # closing() stops the fetch thread at once if storing a batch fails
        with contextlib.closing(self._fetched(session, account, folder, info.uidvalidity, plan.new)) as batches:
            for uids, fetched in batches:
                a, k, r = self._store_batch(account, folder, info.uidvalidity, fetched)
                added, linked, rejected = added + a, linked + k, rejected + r
                done += len(uids)
                if progress is not None:
                    progress(done, len(plan.new))
        # only now, with every message fetched again under its new UID, drop what the server no longer has;
        # a message left without a source is deleted once every folder is synced (it may have moved to one)
        removal = repo.remove_imap_pointers(self.conn, account.name, folder, [*plan.gone, *plan.stale],
                                            delete=False)
        return FolderReport(folder, info.uidvalidity, len(server_uids), added, linked, rejected,
                            removal.pointers, plan.resync)

    def _fetched(self, session: ImapSession, account: Account, folder: str, uidvalidity: int,
                 new: Sequence[int]) -> Generator[tuple[Sequence[int], _Fetched], None, None]:
        """Each batch of `new` as fetched, in order. The next batch is fetched in a worker thread while
        this one is parsed and stored (the wait for the server overlaps the work on our side); a fetch
        that fails is raised after every batch fetched before it has been handed out."""
        batches = [new[i:i + self.batch_size] for i in range(0, len(new), self.batch_size)]
        if len(batches) <= 1:
            for uids in batches:
                yield uids, self._fetch(session, account, folder, uidvalidity, uids)
            return
        handoff: queue.Queue[tuple[Sequence[int], _Fetched] | BaseException | None] = queue.Queue(maxsize=2)
        stop = threading.Event()

        def produce() -> None:
            try:
                for uids in batches:
                    if stop.is_set():
                        return
                    handoff.put((uids, self._fetch(session, account, folder, uidvalidity, uids)))
            except BaseException as exc:  # handed to the consumer, which raises it in its own thread
                handoff.put(exc)
                return
            handoff.put(None)

        worker = threading.Thread(target=produce, name=f"imap-fetch-{account.name}", daemon=True)
        worker.start()
        try:
            while True:
                item = handoff.get()
                if item is None:
                    return
                if isinstance(item, BaseException):
                    raise item
                yield item
        finally:
            stop.set()
            while worker.is_alive():  # unblock a producer waiting on a full queue, then let it finish
                with contextlib.suppress(queue.Empty):
                    handoff.get(timeout=0.1)
            worker.join()

    def _fetch(self, session: ImapSession, account: Account, folder: str, uidvalidity: int,
               uids: Sequence[int]) -> _Fetched:
        """Network half of a batch: headers and structure, then the start of each message's text part."""
        meta = session.fetch_meta(uids)
        structures: dict[int, Structure | Rejection] = {}
        wanted: dict[tuple[str, int], list[int]] = {}
        for item in meta:
            try:
                structure = parse_structure(item.items.get("BODYSTRUCTURE"))
            except (ValueError, TypeError, IndexError) as exc:
                pointer = ImapSource(account.name, folder, uidvalidity, item.uid)
                structures[item.uid] = Rejection("imap", pointer.location(), f"unreadable BODYSTRUCTURE: {exc}")
                continue
            structures[item.uid] = structure
            if structure.text is not None:
                length = HTML_BYTES if structure.text.subtype == "html" else PLAIN_BYTES
                wanted.setdefault((structure.text.section, length), []).append(item.uid)
        texts: dict[int, bytes] = {}
        for (section, length), group in wanted.items():
            texts.update(session.fetch_partial(group, section, length))
        return _Fetched(meta, structures, texts)

    def _store_batch(self, account: Account, folder: str, uidvalidity: int, fetched: _Fetched) -> tuple[int, int, int]:
        """Local half of a batch: parse, then store messages, pointers and rejections in one transaction."""
        batch: list[tuple[ParsedMessage, SourcePointer]] = []
        rejections: list[Rejection] = []
        for item in fetched.meta:
            pointer = ImapSource(account.name, folder, uidvalidity, item.uid)
            found = fetched.structures[item.uid]
            if isinstance(found, Rejection):
                rejections.append(found)
                continue
            try:
                batch.append((to_parsed(item, found, fetched.texts.get(item.uid), self.snippet_chars), pointer))
            except ParseError as exc:
                rejections.append(Rejection("imap", pointer.location(), str(exc)))
            except (ValueError, LookupError, UnicodeError, TypeError, IndexError, AttributeError) as exc:
                # the stdlib parser has corners that raise on hostile input: the message is refused, not lost
                rejections.append(Rejection("imap", pointer.location(),
                                            f"cannot parse: {type(exc).__name__}: {exc}"[:300]))
        # a UID the server listed but did not return (expunged meanwhile) is simply fetched next time
        added, known = _store(self.conn, batch, account.name, rejections, self.on_batch, self.classifier)
        return added, known, len(rejections)


@dataclass(frozen=True)
class _Fetched:
    """One batch as the server sent it."""

    meta: list[FetchItem]
    structures: dict[int, Structure | Rejection]
    texts: dict[int, bytes]


def record_sync(conn: sqlite3.Connection, account: str, at: datetime,
                outcome: SyncReport | BaseException) -> None:
    """Keep the outcome of one account's sync for `steward mail status` and the heartbeat."""
    with write_txn(conn):
        if isinstance(outcome, SyncReport):
            repo.record_success(conn, account, at, outcome.added, outcome.removed)
        else:
            repo.record_failure(conn, account, at, str(outcome))
