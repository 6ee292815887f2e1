"""Reading a message again, live and read-only, for the consumer: its bytes from the first source
that still holds it (the same Message-ID), never stored."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from steward.errors import NotFound, SourceGone
from steward.mail.model import describe_pointer
from steward.mail.parse import ParseError, parse_message
from steward.mail.sources import ImapFetcher, fetch_raw
from steward.store import messages as mail_repo


def live_fetcher(conn: Callable[[], sqlite3.Connection], imap: Callable[[], ImapFetcher | None]
                 ) -> Callable[[int], bytes]:
    """A function: message id -> its bytes read again from its source (SourceGone when none has it)."""

    def fetch(rowid: int) -> bytes:
        db = conn()
        message = mail_repo.get_message(db, rowid)
        if message is None:
            raise NotFound(f"no message with id {rowid}")
        gone = f"message {rowid}: no source holds it any more"
        for pointer in mail_repo.sources_of(db, rowid) or [message.source]:
            try:
                raw = fetch_raw(pointer, imap())
            except SourceGone as exc:
                gone = exc.message
                continue
            if message.message_id:
                try:
                    same = parse_message(raw, snippet_chars=0).message_id == message.message_id
                except ParseError:
                    same = False
                if not same:
                    gone = f"{describe_pointer(pointer)} now holds a different message"
                    continue
            return raw
        raise SourceGone(gone)

    return fetch
