"""Reading a message again, live and read-only, for the consumer: its bytes from the first source
that still holds it (the same Message-ID), never stored."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from steward.errors import NotFound
from steward.mail.reader import fetch_live
from steward.mail.sources import ImapFetcher
from steward.store import messages as mail_repo


def live_fetcher(conn: Callable[[], sqlite3.Connection], imap: Callable[[], ImapFetcher | None]
                 ) -> Callable[[int], bytes]:
    """A function: message id -> its bytes read again from its source (SourceGone when none has it)."""

    def fetch(rowid: int) -> bytes:
        db = conn()
        message = mail_repo.get_message(db, rowid)
        if message is None:
            raise NotFound(f"no message with id {rowid}")
        return fetch_live(db, message, imap())[0]

    return fetch
