"""A message's bytes fetched live from its source for reading a bill (the same sources `mail read` uses).

The bytes and the text decoded from them live for one extraction and are never stored or logged.
"""

from __future__ import annotations

import sqlite3

from steward.errors import SourceGone
from steward.mail.mask import mask_numbers
from steward.mail.parse import read_body
from steward.mail.reader import fetch_live
from steward.mail.sources import ImapFetcher
from steward.store import messages as repo


def fetch_message(conn: sqlite3.Connection, rowid: int, imap: ImapFetcher | None = None) -> bytes:
    """The bytes of message `rowid` from the first of its sources that still has it (SourceGone if none)."""
    message = repo.get_message(conn, rowid)
    if message is None:
        raise SourceGone(f"message {rowid} is no longer in the store")
    return fetch_live(conn, message, imap)[0]


def body_text(raw: bytes) -> str:
    """The readable body of a message, with card and account numbers masked."""
    return mask_numbers(read_body(raw).text)
