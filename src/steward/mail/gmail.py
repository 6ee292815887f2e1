"""The Gmail API connector (the `steward[gmail]` extra): read-only, incremental by history id.

Auth: an OAuth refresh token (the account's secret) and the client id in config.toml
(`client_id`); the secret may be the bare refresh token or JSON
`{"refresh_token": ..., "client_secret": ...}`. The access token must carry the
`gmail.readonly` scope (or the full-mail scope, of which only reads are used); Steward never calls
an endpoint that changes mail.

Sync:
- first run: note the mailbox's current historyId (users.getProfile), list every message id
  (users.messages.list), fetch the unknown ones as metadata (users.messages.get format=metadata:
  headers + Gmail's own snippet, never the body) and store them in batches, each batch one
  transaction with its pointers; then keep the historyId.
- later runs: users.history.list from the kept historyId: messages added are fetched, messages
  deleted (or moved to Trash / Spam) are removed; then keep the new historyId. A historyId Gmail no
  longer has (HTTP 404) falls back to a full listing that also removes what is gone.
A crash anywhere repeats work, never skips it: the historyId is only advanced after the batches it
covers are stored, and storing is idempotent (by source, then by Message-ID).
`mail read` fetches format=raw live.
"""

from __future__ import annotations

import base64
import dataclasses
import html
import json
import logging
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from steward.errors import ConfigError, SourceGone
from steward.googleapi import TOKEN_URI, Credential, GoogleSession
from steward.mail.accounts import Account
from steward.mail.categories import Classifier
from steward.mail.parse import ParseError, parse_message
from steward.mail.sync import FolderReport, OnBatch, ProgressFn, SyncReport
from steward.records.mail import GmailSource, ParsedMessage, Rejection, SourcePointer
from steward.store import mail_sync as repo

log = logging.getLogger(__name__)

API_URL = "https://gmail.googleapis.com/"  # the discovery document's rootUrl; its paths start gmail/v1/
USER_PATH = "gmail/v1/users/me/"
TOKEN_URL = TOKEN_URI
READONLY = "https://www.googleapis.com/auth/gmail.readonly"
FULL = "https://mail.google.com/"
METADATA_HEADERS = ("From", "Sender", "To", "Cc", "Subject", "Date", "Message-ID", "In-Reply-To", "References")
_GONE_LABELS = {"TRASH", "SPAM"}


def parse_secret(account: Account, secret: str, token_uri: str = TOKEN_URL) -> Credential:
    """The account's secret: a bare refresh token, JSON with refresh_token and client_secret, or
    google-auth's authorized-user JSON (which may name its own client_id and token_uri)."""
    text = secret.strip()
    client_secret, client_id = "", account.client_id
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            raise ConfigError(f"mail account {account.name}: the stored Gmail secret is not valid JSON") from None
        text = str(data.get("refresh_token", "")).strip()
        client_secret = str(data.get("client_secret", "")).strip()
        client_id = client_id or str(data.get("client_id", "")).strip()
        token_uri = str(data.get("token_uri") or token_uri)
    if not text:
        raise ConfigError(f"mail account {account.name}: no Gmail refresh token stored")
    if not client_id:
        raise ConfigError(f"mail account {account.name}: client_id is required for a Gmail account")
    return Credential(client_id, client_secret, text, token_uri)


def synthesize(headers: Sequence[dict[str, str]], snippet: str) -> bytes:
    """An RFC 822 message from Gmail metadata headers over a body that is Gmail's snippet."""
    lines = []
    for header in headers:
        name, value = str(header.get("name", "")), str(header.get("value", ""))
        if name and name.lower() not in ("content-type", "content-transfer-encoding"):
            lines.append(f"{name}: {value.replace(chr(13), ' ').replace(chr(10), ' ')}")
    lines += ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit"]
    return ("\r\n".join(lines) + "\r\n\r\n" + html.unescape(snippet)).encode("utf-8")


def to_parsed(meta: dict[str, Any], snippet_chars: int) -> ParsedMessage:
    """Metadata of one Gmail message (format=metadata) as a ParsedMessage."""
    payload = meta.get("payload") or {}
    internal = str(meta.get("internalDate") or "")
    fallback = datetime.fromtimestamp(int(internal) / 1000, UTC) if internal.isdigit() else None
    raw = synthesize(payload.get("headers") or [], str(meta.get("snippet", "")))
    parsed = parse_message(raw, snippet_chars=snippet_chars, fallback_time=fallback)
    names = tuple(p["filename"] for p in payload.get("parts") or [] if p.get("filename"))
    has_pdf = any(n.lower().endswith(".pdf") for n in names) or any(
        p.get("mimeType") == "application/pdf" for p in payload.get("parts") or [])
    return dataclasses.replace(parsed, attachments=names or parsed.attachments, has_pdf=has_pdf or parsed.has_pdf)


@dataclass(frozen=True)
class HistoryChanges:
    """What users.history.list reported since a history id."""

    added: tuple[str, ...]
    removed: tuple[str, ...]
    history_id: str


def read_history(pages: Sequence[dict[str, Any]], labels: Sequence[str] = ()) -> HistoryChanges:
    """Fold history pages into the ids to fetch and to remove (pure). The last word on an id wins."""
    state: dict[str, bool] = {}  # id -> present
    latest = ""
    wanted = set(labels)
    for page in pages:
        latest = str(page.get("historyId") or latest)
        for record in page.get("history") or []:
            for item in record.get("messagesAdded") or []:
                msg = item.get("message") or {}
                ids = set(msg.get("labelIds") or [])
                if ids & _GONE_LABELS or (wanted and not ids & wanted):
                    continue
                state[str(msg.get("id"))] = True
            for item in record.get("messagesDeleted") or []:
                state[str((item.get("message") or {}).get("id"))] = False
            for item in record.get("labelsAdded") or []:
                if set(item.get("labelIds") or []) & _GONE_LABELS:
                    state[str((item.get("message") or {}).get("id"))] = False
            for item in record.get("labelsRemoved") or []:
                if set(item.get("labelIds") or []) & _GONE_LABELS:
                    state[str((item.get("message") or {}).get("id"))] = True
    added = tuple(sorted(k for k, v in state.items() if v and k != "None"))
    removed = tuple(sorted(k for k, v in state.items() if not v and k != "None"))
    return HistoryChanges(added, removed, latest)


class GmailClient:
    """A read-only Gmail REST client over httpx (through `GoogleSession`: token refresh, backoff)."""

    def __init__(self, account: Account, credentials: Credential, *, api_url: str = API_URL, timeout: float = 30.0,
                 transport: Any = None, retries: int = 4, backoff: float = 1.0) -> None:
        self.account = account
        self.session = GoogleSession(credentials, api_url=api_url, who=f"mail account {account.name}",
                                     scopes={READONLY, FULL}, scope_label="gmail.readonly", timeout=timeout,
                                     transport=transport, retries=retries, backoff=backoff)

    def close(self) -> None:
        """Close the HTTP connection."""
        self.session.close()

    def __enter__(self) -> GmailClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def get(self, path: str, params: dict[str, Any] | list[tuple[str, Any]] | None = None,
            *, allow_404: bool = False) -> dict[str, Any] | None:
        """GET a path under users/me as JSON; None for a 404 when `allow_404`."""
        return self.session.json("reading from", "GET", USER_PATH + path, params=params,
                                 gone=(404,) if allow_404 else ())

    def profile_history_id(self) -> str:
        """The mailbox's current history id (where the next incremental sync starts)."""
        data = self.get("profile") or {}
        return str(data.get("historyId", ""))

    def list_ids(self) -> Iterator[str]:
        """Every message id (Trash and Spam excluded; only the account's labels when it names some)."""
        token = ""
        while True:
            params: list[tuple[str, Any]] = [("maxResults", 500)]
            params += [("labelIds", label) for label in self.account.labels]
            if token:
                params.append(("pageToken", token))
            page = self.get("messages", params) or {}
            for item in page.get("messages") or []:
                yield str(item["id"])
            token = str(page.get("nextPageToken") or "")
            if not token:
                return

    def history(self, start: str) -> list[dict[str, Any]] | None:
        """Every history page since `start`; None when Gmail no longer has that history id."""
        pages: list[dict[str, Any]] = []
        token = ""
        while True:
            params: list[tuple[str, Any]] = [("startHistoryId", start), ("maxResults", 500)]
            params += [("historyTypes", t) for t in ("messageAdded", "messageDeleted", "labelAdded", "labelRemoved")]
            if token:
                params.append(("pageToken", token))
            page = self.get("history", params, allow_404=True)
            if page is None:
                return None
            pages.append(page)
            token = str(page.get("nextPageToken") or "")
            if not token:
                return pages

    def metadata(self, message_id: str) -> dict[str, Any] | None:
        """One message's headers, snippet and labels (format=metadata); None when it is gone."""
        params: list[tuple[str, Any]] = [("format", "metadata")]
        params += [("metadataHeaders", h) for h in METADATA_HEADERS]
        return self.get(f"messages/{message_id}", params, allow_404=True)

    def raw(self, message_id: str) -> bytes | None:
        """The whole message (format=raw), for `mail read`; None when it is gone."""
        data = self.get(f"messages/{message_id}", [("format", "raw")], allow_404=True)
        if data is None:
            return None
        text = str(data.get("raw", ""))
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class GmailSync:
    """Syncs one Gmail account into the store behind `conn`."""

    def __init__(self, conn: sqlite3.Connection, *, snippet_chars: int = 200, on_batch: OnBatch | None = None,
                 timeout: float = 30.0, batch_size: int = 100,
                 transport: Any = None, api_url: str = API_URL, token_uri: str = TOKEN_URL,
                 retries: int = 4, backoff: float = 1.0,
                 classifier: Classifier | None = None) -> None:
        self.conn = conn
        self.snippet_chars = snippet_chars
        self.on_batch = on_batch
        self.classifier = classifier
        self.timeout = timeout
        self.batch_size = batch_size
        self.transport = transport
        self.api_url = api_url
        self.token_uri = token_uri
        self.retries = retries
        self.backoff = backoff

    def client(self, account: Account, secret: str) -> GmailClient:
        """A Gmail API client for the account, from its stored refresh token."""
        return GmailClient(account, parse_secret(account, secret, self.token_uri), api_url=self.api_url,
                           timeout=self.timeout, transport=self.transport, retries=self.retries,
                           backoff=self.backoff)

    def sync(self, account: Account, secret: str, progress: ProgressFn | None = None) -> SyncReport:
        """One incremental sync; ConnectorError (naming the account) when Gmail fails."""
        with self.client(account, secret) as client:
            start = repo.gmail_history_id(self.conn, account.name)
            changes = client.history(start) if start else None
            known = set(repo.gmail_ids(self.conn, account.name))
            if changes is None:  # first sync, or a history id Gmail has forgotten: list everything
                head = client.profile_history_id()
                listed = list(client.list_ids())
                to_fetch = [i for i in listed if i not in known]
                to_remove = sorted(known - set(listed))
                resynced = bool(start)
            else:
                folded = read_history(changes, account.labels)
                head = folded.history_id or start
                to_fetch = [i for i in folded.added if i not in known]
                to_remove = [i for i in folded.removed if i in known]
                resynced = False
            added = linked = rejected = 0
            for i in range(0, len(to_fetch), self.batch_size):
                ids = to_fetch[i:i + self.batch_size]
                a, k, r = self._batch(client, account, ids)
                added, linked, rejected = added + a, linked + k, rejected + r
                if progress is not None:
                    progress(min(i + self.batch_size, len(to_fetch)), len(to_fetch))
            removal = repo.remove_pointers(self.conn, [GmailSource(account.name, m).location() for m in to_remove],
                                           kind="gmail")
            repo.set_gmail_history_id(self.conn, account.name, head)
        report = FolderReport("(all mail)" if not account.labels else ",".join(account.labels), 0,
                              len(known) + added + linked - len(to_remove), added, linked, rejected,
                              removal.pointers, resynced)
        return SyncReport(account.name, (report,), removed=removal.messages)

    def _batch(self, client: GmailClient, account: Account, ids: Sequence[str]) -> tuple[int, int, int]:
        from steward.mail.ingest import store_parsed

        batch: list[tuple[ParsedMessage, SourcePointer]] = []
        rejections: list[Rejection] = []
        for message_id in ids:
            meta = client.metadata(message_id)
            if meta is None:  # deleted between listing and fetching
                continue
            pointer = GmailSource(account.name, message_id)
            if account.labels and not set(meta.get("labelIds") or []) & set(account.labels):
                continue
            try:
                batch.append((to_parsed(meta, self.snippet_chars), pointer))
            except ParseError as exc:
                rejections.append(Rejection("gmail", pointer.location(), str(exc)))
            except (ValueError, LookupError, UnicodeError, TypeError, IndexError, AttributeError) as exc:
                rejections.append(Rejection("gmail", pointer.location(),
                                            f"cannot parse: {type(exc).__name__}: {exc}"[:300]))
        report = store_parsed(self.conn, batch, account=account.name, on_batch=self.on_batch, rejections=rejections,
                              classifier=self.classifier)
        return report.added, report.duplicates, len(rejections)

    def fetch_body(self, account: Account, secret: str, pointer: GmailSource) -> bytes:
        """The whole message, live; SourceGone when Gmail no longer has it."""
        with self.client(account, secret) as client:
            raw = client.raw(pointer.id)
        if raw is None:
            raise SourceGone(f"mail account {account.name}: the message is no longer in Gmail; "
                             f"`steward mail sync {account.name}` will catch up")
        return raw


def check_gmail(account: Account, secret: str, api_url: str = API_URL, token_uri: str = TOKEN_URL) -> None:
    """Log in once (refresh the token, read the profile) so `accounts add` fails early on a bad token."""
    with GmailClient(account, parse_secret(account, secret, token_uri), api_url=api_url) as client:
        client.profile_history_id()
