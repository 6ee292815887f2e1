"""Live mail accounts as a service: resolve an account's secret, sync it, record the outcome, and
fetch one body live for `steward mail read`.

`MailSync` is what the CLI (`steward mail sync`, `steward mail status`) and the heartbeat call; it
talks to the store through repositories and to servers through the IMAP / Gmail adapters.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from steward.clock import Clock
from steward.errors import ConnectorError, SourceGone, StewardError, UserError
from steward.mail.accounts import Account, find_account, parse_accounts
from steward.mail.categories import Classifier
from steward.mail.sync import ImapSync, OnBatch, ProgressFn, SyncReport, record_sync
from steward.records.mail import AccountStatus, GmailSource, ImapSource
from steward.secrets import SecretRef, read_secret
from steward.settings import Settings
from steward.store import mail_sync as repo
from steward.store import rollback_if_open, write_txn

if TYPE_CHECKING:
    from steward.mail.heartbeat import SyncHeartbeat

log = logging.getLogger(__name__)


def secret_ref(account: Account) -> SecretRef:
    """Where an account's password (or Gmail refresh token) lives."""
    return SecretRef(f"mail:{account.name}", env=account.password_env, file=account.password_file)


@dataclass(frozen=True)
class Outcome:
    """One account's sync: its report, or the one-line error that stopped it."""

    account: str
    report: SyncReport | None
    error: str = ""
    skipped: bool = False  # another sync of this account was running

    @property
    def ok(self) -> bool:
        """Whether the sync succeeded."""
        return not self.error

    def to_json(self) -> dict[str, object]:
        """The outcome as JSON: account, ok, error, skipped and the sync report's counts."""
        data: dict[str, object] = {"account": self.account, "ok": self.ok, "error": self.error or None,
                                   "skipped": self.skipped}
        if self.report is not None:
            data.update(self.report.to_json())
        return data


@dataclass(frozen=True)
class StatusRow:
    """An account as `steward mail status` shows it."""

    account: Account
    status: AccountStatus
    messages: int

    def to_json(self) -> dict[str, object]:
        """The row as `steward mail status --json` prints it."""
        s = self.status
        return {"account": self.account.name, "kind": self.account.kind, "where": self.account.where,
                "messages": self.messages, "last_sync": s.last_success_at, "last_attempt": s.last_attempt_at,
                "last_error": s.last_error or None, "last_error_at": s.last_error_at if s.last_error else None,
                "failures": s.failures, "last_added": s.last_added, "last_removed": s.last_removed}


class MailSync:
    """Syncs the configured accounts into the store behind `conn`."""

    def __init__(self, conn: sqlite3.Connection, settings: Settings, clock: Clock, data_dir: Path, *,
                 on_batch: OnBatch | None = None, environ: Mapping[str, str] | None = None,
                 classifier: Classifier | None = None,
                 timeout: float | None = None) -> None:
        self.conn = conn
        self.settings = settings
        self.clock = clock
        self.data_dir = data_dir
        self.on_batch = on_batch
        self.classifier = classifier
        self.environ = environ
        self.timeout = timeout if timeout is not None else settings.as_float("mail.sync_timeout")

    def accounts(self) -> tuple[Account, ...]:
        """Every configured account, validated."""
        where = str(self.settings.config_file or "config.toml")
        return parse_accounts(self.settings.get("mail.accounts"), where)

    def account(self, name: str) -> Account:
        """The configured account with this name (a UserError naming the known ones if none)."""
        return find_account(self.accounts(), name)

    def password(self, account: Account) -> str:
        """The account's password or Gmail token, from the keyring, its variable or its file."""
        return read_secret(secret_ref(account), f"mail account {account.name}", self.environ)

    def sync(self, names: Sequence[str] | None = None,
             progress: Callable[[Account, str], ProgressFn | None] | None = None) -> list[Outcome]:
        """Sync the named accounts (all when None); each outcome is recorded, none stops the others."""
        accounts = self.accounts()
        if not accounts:
            raise UserError("no mail accounts configured; add one with `steward mail accounts add NAME "
                            "--host HOST --user USER`")
        chosen = [find_account(accounts, n) for n in names] if names else list(accounts)
        if self.classifier is not None:  # mail marked by older rules is marked again before new mail comes in
            from steward.mail.marks import ensure_current

            ensure_current(self.conn, self.classifier)
        return [self.sync_account(a, progress) for a in chosen]

    def sync_account(self, account: Account,
                     progress: Callable[[Account, str], ProgressFn | None] | None = None) -> Outcome:
        """Sync one account; a failure is recorded and returned as a one-line error, never raised."""
        with self._lock(account.name) as held:
            if not held:
                return Outcome(account.name, None, f"mail account {account.name}: a sync is already running",
                               skipped=True)
            with write_txn(self.conn):
                repo.record_attempt(self.conn, account.name, self.clock.now())
            try:
                report = self._run(account, progress)
            except (StewardError, sqlite3.Error) as exc:
                message = str(exc) if isinstance(exc, StewardError) else f"mail account {account.name}: {exc}"
                rollback_if_open(self.conn)
                record_sync(self.conn, account.name, self.clock.now(), RuntimeError(message))
                log.debug("sync of %s failed: %s", account.name, message)
                return Outcome(account.name, None, message)
            record_sync(self.conn, account.name, self.clock.now(), report)
            self._audit(account, report)
            return Outcome(account.name, report)

    def _run(self, account: Account, progress: Callable[[Account, str], ProgressFn | None] | None) -> SyncReport:
        secret = self.password(account)
        if account.kind == "gmail":
            from steward.mail.gmail import GmailSync

            return GmailSync(self.conn, snippet_chars=self.settings.as_int("mail.snippet_chars"),
                             on_batch=self.on_batch, timeout=self.timeout,
                             classifier=self.classifier, **self._google(),
                             batch_size=max(1, self.settings.as_int("mail.sync_batch"))).sync(
                account, secret, progress(account, "messages") if progress else None)
        syncer = ImapSync(self.conn, snippet_chars=self.settings.as_int("mail.snippet_chars"),
                          on_batch=self.on_batch, timeout=self.timeout, classifier=self.classifier,
                          batch_size=max(1, self.settings.as_int("mail.sync_batch")))
        return syncer.sync(account, secret, (lambda folder: progress(account, folder)) if progress else None)

    def _google(self) -> dict[str, Any]:
        """Where the Gmail API is, and how often a rate-limited request is tried again."""
        return {"api_url": self.settings.as_str("mail.gmail_api_url"), "retries": self.settings.as_int("google.retries"),
                "backoff": self.settings.as_float("google.backoff")}

    def _audit(self, account: Account, report: SyncReport) -> None:
        if not (report.added or report.removed or report.rejected):
            return
        from steward.store import audit

        with write_txn(self.conn):
            audit.record(self.conn, "mail.sync", None, {"via": "sync", "account": account.name},
                         {"added": report.added, "removed": report.removed, "rejected": report.rejected})

    @contextlib.contextmanager
    def _lock(self, name: str) -> Iterator[bool]:
        """An exclusive per-account lock, so the heartbeat and a manual sync never overlap."""
        folder = self.data_dir / "locks"
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / f"sync-{name}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                yield False
                return
            yield True
        finally:
            os.close(fd)  # closing releases the lock; a killed process releases it too

    def status(self) -> list[StatusRow]:
        """Each configured account's last sync, message count and last error."""
        return [StatusRow(a, repo.account_status(self.conn, a.name), repo.account_message_count(self.conn, a.name))
                for a in self.accounts()]

    # -- reading one body live ---------------------------------------------------------------------
    def fetch_body(self, pointer: ImapSource | GmailSource) -> bytes:
        """The whole message at `pointer` (or another place on the same server it is known at), fetched
        live and never stored; SourceGone when the server no longer has it."""
        try:
            account = self.account(pointer.account)
        except UserError:
            raise SourceGone(f"mail account {pointer.account!r} is no longer configured; its messages cannot be "
                             "read") from None
        if isinstance(pointer, GmailSource) != (account.kind == "gmail"):
            raise SourceGone(f"mail account {account.name} changed kind; run `steward mail sync {account.name}`")
        if isinstance(pointer, GmailSource):
            from steward.mail.gmail import GmailSync

            return GmailSync(self.conn, timeout=self.timeout,
                             **self._google()).fetch_body(
                account, self.password(account), pointer)
        places = repo.imap_sources_of_message(self.conn, pointer.location()) or [pointer]
        from steward.mail.imap import ImapSession

        password = self.password(account)
        with ImapSession(account, password, timeout=self.timeout) as session:
            for place in places:
                if place.account != account.name:
                    continue
                try:
                    info = session.examine(place.folder)
                except ConnectorError as exc:
                    log.debug("cannot open %s: %s", place.folder, exc)
                    continue
                if info.uidvalidity != place.uidvalidity:
                    continue
                raw = session.fetch_full(place.uid)
                if raw is not None:
                    return raw
            # renumbered or moved since the last sync: look for its Message-ID in the folders it may be in
            message_id = repo.message_id_at(self.conn, pointer.location())
            if message_id:
                for folder in dict.fromkeys([p.folder for p in places if p.account == account.name]
                                            + list(account.folders)):
                    try:
                        session.examine(folder)
                    except ConnectorError as exc:
                        log.debug("cannot open %s: %s", folder, exc)
                        continue
                    for uid in session.search_message_id(message_id):
                        raw = session.fetch_full(uid)
                        if raw is not None:
                            return raw
        raise SourceGone(f"mail account {account.name}: the message is no longer on the server "
                         f"(deleted or moved); `steward mail sync {account.name}` will catch up")


def build_heartbeat(settings: Settings, clock: Clock, db_file: Path, data_dir: Path, *,
                    on_batch: OnBatch | None = None,
                    classifier: Classifier | None = None) -> SyncHeartbeat | None:
    """The mail-sync heartbeat (None when `mail.sync_every` is 0 or no account is configured).

    Each run opens its own store connection on `db_file`, so a scheduler may call `tick` from any thread.
    """
    from steward.mail.heartbeat import SyncHeartbeat, parse_interval
    from steward.store import connect

    interval = parse_interval(settings.as_str("mail.sync_every"))
    if not interval:
        return None

    def names() -> list[str]:
        return [a.name for a in parse_accounts(settings.get("mail.accounts"))]

    def run(name: str) -> Outcome:
        conn = connect(db_file)
        try:
            svc = MailSync(conn, settings, clock, data_dir, on_batch=on_batch, classifier=classifier)
            return svc.sync_account(svc.account(name))
        finally:
            conn.close()

    if not names():
        return None
    return SyncHeartbeat(names, run, interval)
