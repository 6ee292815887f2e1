"""A message's bytes fetched live from its source for reading a bill (the same sources `mail read` uses).

The bytes and the text decoded from them live for one extraction and are never stored or logged.
"""

from __future__ import annotations

import sqlite3

from steward.errors import SourceGone
from steward.mail.mask import mask_numbers
from steward.mail.parse import ParseError, parse_message, read_body
from steward.mail.sources import ImapFetcher, fetch_raw
from steward.store import messages as repo


def fetch_message(conn: sqlite3.Connection, rowid: int, imap: ImapFetcher | None = None) -> bytes:
    """The bytes of message `rowid` from the first of its sources that still has it (SourceGone if none)."""
    message = repo.get_message(conn, rowid)
    if message is None:
        raise SourceGone(f"message {rowid} is no longer in the store")
    gone: SourceGone | None = None
    for pointer in repo.sources_of(conn, rowid) or [message.source]:
        try:
            raw = fetch_raw(pointer, imap)
        except SourceGone as exc:
            gone = exc
            continue
        if message.message_id and _message_id(raw) != message.message_id:
            gone = SourceGone("its source now holds a different message")
            continue
        return raw
    raise SourceGone(f"message {rowid}: {gone.message if gone else 'no source'}")


def _message_id(raw: bytes) -> str:
    try:
        return parse_message(raw, snippet_chars=0).message_id
    except ParseError:
        return ""


def body_text(raw: bytes) -> str:
    """The readable body of a message, with card and account numbers masked."""
    return mask_numbers(read_body(raw).text)
