"""`steward mail read`: a stored message with its body fetched live from the source, never stored."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from steward.clock import Clock
from steward.errors import NotFound, SourceGone
from steward.mail.mask import mask_numbers
from steward.mail.parse import ParseError, parse_message, read_body
from steward.mail.senders import Brand, check_sender
from steward.mail.sources import ImapFetcher, fetch_raw
from steward.records.mail import Message, SourcePointer, describe_pointer
from steward.store import messages as repo


@dataclass(frozen=True)
class ShownMessage:
    """A message and its live body, for display."""

    message: Message
    body: str
    attachments: tuple[str, ...]
    source: str
    clock: Clock
    warnings: tuple[str, ...] = ()  # why the sender looks forged (a phishing_suspect message)

    def to_json(self) -> dict[str, Any]:
        """The message and its live body as JSON (numbers masked)."""
        m = self.message
        return {"id": m.id, "sender": m.sender, "sender_name": m.sender_name, "subject": mask_numbers(m.subject),
                "snippet": mask_numbers(m.snippet), "received_at": self.clock.local(m.received_at).isoformat(),
                "category": m.category, "recipients": list(m.recipients), "attachments": list(self.attachments),
                "source": self.source, "body": self.body, "phishing_suspect": m.category == "phishing_suspect",
                "warnings": list(self.warnings)}


def read_message(conn: sqlite3.Connection, rowid: int, *, clock: Clock, imap: ImapFetcher | None = None,
                 brands: tuple[Brand, ...] = ()) -> ShownMessage:
    """The message `rowid` with its body from the first of its sources that still has it."""
    message = repo.get_message(conn, rowid)
    if message is None:
        raise NotFound(f"no message with id {rowid}; `steward mail search` shows ids")
    raw, pointer = fetch_live(conn, message, imap)
    body = read_body(raw)
    return ShownMessage(message, mask_numbers(body.text), body.attachments, describe_pointer(pointer), clock,
                        _warnings(raw, message, brands))


def fetch_live(conn: sqlite3.Connection, message: Message, imap: ImapFetcher | None = None
               ) -> tuple[bytes, SourcePointer]:
    """A stored message's bytes (never kept) from the first of its sources that still holds it, with that
    source; SourceGone when none does (a file gone, a server without it, another message in its place)."""
    gone: SourceGone | None = None
    for pointer in repo.sources_of(conn, message.id) or [message.source]:
        try:
            raw = fetch_raw(pointer, imap)
        except SourceGone as exc:
            gone = exc
            continue
        if not _same_message(raw, message):
            gone = SourceGone(f"{describe_pointer(pointer)} now holds a different message; import it again")
            continue
        return raw, pointer
    raise SourceGone(f"message {message.id}: {gone.message if gone else 'no source holds it any more'}")


def _warnings(raw: bytes, message: Message, brands: tuple[Brand, ...]) -> tuple[str, ...]:
    """Why a phishing_suspect message is one, for the person about to read it."""
    if message.category != "phishing_suspect":
        return ()
    from steward.mail.categories import default_classifier, mail_context
    from steward.mail.lure_score import MailContext

    try:
        parsed = parse_message(raw, snippet_chars=0)
        auth, reply_to, links, context = parsed.auth_results, parsed.reply_to, parsed.links, mail_context(parsed)
    except ParseError:
        auth, reply_to, links, context = "", "", (), MailContext()
    text = f"{message.subject} {message.snippet}"
    known = brands or default_classifier().brands
    reasons = check_sender(message.sender, message.sender_name, auth, text.lower(), known, subject=message.subject,
                           snippet=message.snippet, reply_to=reply_to, links=links, context=context).reasons
    return reasons or ("it asks for account or payment details urgently, from a sender Steward does not know",)


def _same_message(raw: bytes, message: Message) -> bool:
    """Whether bytes fetched from a pointer are still the stored message (an mbox may have been rewritten)."""
    if not message.message_id:
        return True
    try:
        return parse_message(raw, snippet_chars=0).message_id == message.message_id
    except ParseError:
        return False
