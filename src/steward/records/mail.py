"""The message model: what a parsed message is, where it came from, and what the store keeps.

A message is stored as metadata plus a snippet; the body never is. `SourcePointer` says where the
body can be fetched again (`steward mail read`): a file (Maildir or `.eml`), a span of an mbox, or an
IMAP message (account, folder, UIDVALIDITY, UID).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from steward.errors import UserError

FileKind = Literal["maildir", "eml"]


@dataclass(frozen=True)
class FileSource:
    """A message that is a whole file (a Maildir entry or an `.eml`)."""

    path: str
    kind: FileKind = "eml"

    def location(self) -> str:
        """The pointer as a stable string (the store's key for it)."""
        return _canonical({"path": self.path})


@dataclass(frozen=True)
class MboxSource:
    """A message inside an mbox: the byte span after its `From ` line."""

    path: str
    offset: int
    length: int
    kind: Literal["mbox"] = "mbox"

    def location(self) -> str:
        """The pointer as a stable string (the store's key for it)."""
        return _canonical({"path": self.path, "offset": self.offset, "length": self.length})


@dataclass(frozen=True)
class ImapSource:
    """A message on an IMAP server, addressed the way IMAP does it."""

    account: str
    folder: str
    uidvalidity: int
    uid: int
    kind: Literal["imap"] = "imap"

    def location(self) -> str:
        """The pointer as a stable string (the store's key for it)."""
        return _canonical({"account": self.account, "folder": self.folder,
                           "uidvalidity": self.uidvalidity, "uid": self.uid})


@dataclass(frozen=True)
class GmailSource:
    """A message in a Gmail account, addressed by its Gmail message id."""

    account: str
    id: str
    kind: Literal["gmail"] = "gmail"

    def location(self) -> str:
        """The pointer as a stable string (the store's key for it)."""
        return _canonical({"account": self.account, "id": self.id})


SourcePointer = FileSource | MboxSource | ImapSource | GmailSource


def _canonical(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def pointer_from_row(kind: str, location: str) -> SourcePointer:
    """Rebuild a pointer from its stored (kind, location) pair."""
    data = json.loads(location)
    if kind in ("maildir", "eml"):
        return FileSource(path=data["path"], kind=kind)  # type: ignore[arg-type]
    if kind == "mbox":
        return MboxSource(path=data["path"], offset=int(data["offset"]), length=int(data["length"]))
    if kind == "imap":
        return ImapSource(account=data["account"], folder=data["folder"],
                          uidvalidity=int(data["uidvalidity"]), uid=int(data["uid"]))
    if kind == "gmail":
        return GmailSource(account=data["account"], id=str(data["id"]))
    raise UserError(f"unknown message source kind {kind!r}")


def describe_pointer(pointer: SourcePointer) -> str:
    """A short human description of where a message lives."""
    if isinstance(pointer, MboxSource):
        return f"{pointer.path} (mbox, byte {pointer.offset})"
    if isinstance(pointer, ImapSource):
        return f"imap {pointer.account}/{pointer.folder} uid {pointer.uid}"
    if isinstance(pointer, GmailSource):
        return f"gmail {pointer.account} message {pointer.id}"
    return pointer.path


def embed_text(sender_name: str, sender: str, subject: str, snippet: str) -> str:
    """The text a semantic index embeds for a message: sender name (else address), subject, snippet."""
    return " ".join(part for part in (sender_name or sender, subject, snippet) if part)


@dataclass(frozen=True)
class ParsedMessage:
    """Everything Steward keeps about one message, parsed from its bytes. No body.

    `dedup_key` is the idempotency key: `mid:` + the Message-ID when there is one, else `sha:` + a
    SHA-256 over the From, To, Cc, Date and Subject headers and the snippet, so the same message
    imported from two places (an mbox and a Maildir) is one message.
    """

    dedup_key: str
    message_id: str
    thread_key: str
    in_reply_to: str
    sender: str
    sender_name: str
    recipients: tuple[str, ...]
    subject: str
    snippet: str
    received_at: datetime
    zone: str
    has_pdf: bool
    attachments: tuple[str, ...]
    date_source: str = "date"  # which gave received_at: date | received | file | none
    auth_results: str = ""  # the receiving server's topmost Authentication-Results header (not stored)
    reply_to: str = ""  # the Reply-To address (not stored): a reply going elsewhere is a lure's sign
    links: tuple[tuple[str, str], ...] = ()  # (shown domain, target domain) of HTML links (not stored)
    head: str = ""  # the first part of the text, for the lure checks at import (not stored)
    link_hosts: tuple[str, ...] = ()  # the hosts the first links go to (not stored)
    password_form: bool = False  # the HTML holds a form field for a password (not stored)
    transport: Transport | None = None  # what the headers say of the way the mail came (not stored)

    def embed_text(self) -> str:
        """The text a semantic index embeds: sender name, subject, snippet."""
        return embed_text(self.sender_name, self.sender, self.subject, self.snippet)


@dataclass(frozen=True)
class Transport:
    """What a message's headers say of the way it came, read at import for the lure checks (not stored)."""

    relayed: bool = False  # it carries Received headers: it travelled, and its headers say how
    return_path: str = ""  # the envelope sender (Return-Path), where bounces go
    dkim_domains: tuple[str, ...] = ()  # the d= of its DKIM-Signature headers: domains that signed it
    mailer: str = ""  # the program that says it wrote it (X-Mailer, else User-Agent)
    listed: bool = False  # a mailing list's headers (List-Id, List-Post): lists rewrite the envelope


@dataclass(frozen=True)
class Message:
    """A stored message (a row of `messages`). Its new form is a `ParsedMessage` with its category,
    account and source (`NewMessage`); the store gives it `id`. It leaves out what only the import
    reads (`dedup_key`, `in_reply_to`) and what is never stored (`date_source` and the sender checks'
    `auth_results`, `reply_to`, `links`, `head`, `link_hosts` and `password_form`)."""

    id: int
    message_id: str
    thread_key: str
    sender: str
    sender_name: str
    recipients: tuple[str, ...]
    subject: str
    snippet: str
    received_at: datetime
    zone: str
    has_pdf: bool
    attachments: tuple[str, ...]
    category: str
    account: str
    source: SourcePointer

    def embed_text(self) -> str:
        """The text a semantic index embeds: sender name, subject, snippet."""
        return embed_text(self.sender_name, self.sender, self.subject, self.snippet)


@dataclass(frozen=True)
class Rejection:
    """An item an import could not take, and why."""

    kind: str
    location: str
    reason: str

    def where(self) -> str:
        """The location for people: a path, with the byte offset inside an mbox."""
        try:
            data = json.loads(self.location)
        except ValueError:
            return self.location
        if not isinstance(data, dict):
            return self.location
        if "offset" in data:
            return f"{data.get('path')} (byte {data['offset']})"
        if "path" in data:
            return str(data["path"])
        return ", ".join(f"{k}={v}" for k, v in data.items())


@dataclass(frozen=True)
class Pointer:
    """One known IMAP message: its coordinates and the stored message (None when it was rejected)."""

    uidvalidity: int
    uid: int
    message: int | None


@dataclass(frozen=True)
class AccountStatus:
    """An account's last sync, as `steward mail status` shows it."""

    account: str
    last_attempt_at: datetime | None
    last_success_at: datetime | None
    last_error: str
    last_error_at: datetime | None
    failures: int
    last_added: int
    last_removed: int


@dataclass(frozen=True)
class NewMessage:
    """A parsed message ready to store, with its category, account and where it came from."""

    parsed: ParsedMessage
    category: str
    account: str
    source: SourcePointer
