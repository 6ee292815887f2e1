"""The stored mail as the assistant reads it: one service for search, analysis and reading one message.

`Mailbox` is what the loop's tools, the inbox intercept and the edges call. It holds a way to the store
(a callable returning the connection, so building it opens nothing), the user's clock and the live body
fetcher for IMAP / Gmail messages. Each method takes the clock of the turn it answers, when that turn
pinned one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.mail.reader import ShownMessage, read_message
from steward.mail.senders import Brand
from steward.mail.sources import ImapFetcher
from steward.records.mail import Message
from steward.search.analysis import Analysis, group_by_sender
from steward.search.lexical import SearchResult, from_sender, run_summary_plan, search, sender_count
from steward.search.query import parse_query

if TYPE_CHECKING:
    from steward.store.messages import MessageSummary


class Mailbox:
    """Search, analyze and read the stored mail (bodies are fetched live, never stored)."""

    def __init__(self, db: Callable[[], sqlite3.Connection], clock: Clock, *, analyze_limit: int = 1000,
                 fetch: ImapFetcher | None = None, brands: tuple[Brand, ...] = ()) -> None:
        self._db = db
        self.brands = brands  # trusted senders, for the reason a phishing suspect is one
        self.clock = clock
        self.analyze_limit = analyze_limit
        self.fetch = fetch

    def search(self, query: str, *, limit: int = 20, clock: Clock | None = None) -> SearchResult:
        """The messages matching `query`, best first (lexical: words, senders, dates)."""
        return search(self._db(), query, limit=limit, clock=clock or self.clock)

    def from_sender(self, address: str, query: str = "", *, limit: int = 20, clock: Clock | None = None
                    ) -> SearchResult:
        """The newest messages from exactly `address` (one the store holds) that match `query`."""
        return from_sender(self._db(), address, query, limit=limit, clock=clock or self.clock)

    def sender_count(self, address: str, query: str = "", *, clock: Clock | None = None) -> int:
        """How many messages came from exactly `address` within `query`'s dates and category."""
        return sender_count(self._db(), address, query, clock=clock or self.clock)

    def analyze(self, query: str, *, clock: Clock | None = None, limit: int | None = None) -> Analysis:
        """Every message matching `query` (up to the analyze limit), grouped by sender."""
        return analyze(self._db(), query, clock=clock or self.clock,
                       limit=self.analyze_limit if limit is None else limit)

    def own_address(self) -> str | None:
        """The person's own address: the one most of the newest mail is sent to (at least a third of it), or None
        when no address is (a shared or forwarded mailbox)."""
        from steward.store import messages as repo

        found = repo.most_addressed(self._db())
        return found[0] if found is not None and found[1] * 3 >= found[2] else None

    def previews_since(self, since: datetime, limit: int, leaving_out: Collection[str] = ()) -> list[MessageSummary]:
        """The newest `limit` messages received since a moment, newest first: sender, subject, preview, category;
        of those, none of the categories `leaving_out`."""
        from steward.store import messages as repo

        return repo.previews_since(self._db(), since, limit, leaving_out)

    def stored(self, message_ids: Sequence[int]) -> dict[int, Message]:
        """What the store keeps of some messages (sender, subject, snippet, dates: never a body), by id."""
        from steward.store import messages as repo

        return repo.get_messages(self._db(), list(message_ids)) if message_ids else {}

    def thread(self, message: Message, *, limit: int = 20) -> list[Message]:
        """What the store keeps of the messages of a message's thread (itself among them), newest first."""
        from steward.store import messages as repo

        return repo.in_thread(self._db(), message.thread_key, limit) if message.thread_key else [message]

    def read(self, message_id: int, *, clock: Clock | None = None) -> ShownMessage:
        """One message with its body fetched live from the first source that still has it."""
        return read_message(self._db(), message_id, clock=clock or self.clock, imap=self.fetch,
                            brands=self.brands)


def analyze(conn: sqlite3.Connection, query: str, *, clock: Clock, limit: int = 1000) -> Analysis:
    """Every message matching `query` (up to `limit`), grouped by sender."""
    plan = parse_query(query, clock)
    rows, broadened = run_summary_plan(conn, plan, limit + 1)
    truncated = len(rows) > limit
    messages = rows[:limit]
    return Analysis(query, len(messages), broadened, group_by_sender(messages), clock, truncated)
