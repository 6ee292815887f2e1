"""Lexical mail search: SQLite FTS5 with bm25 over subject, sender and snippet.

`search` runs a query (see `search.query` for the language); when every group of words together
finds nothing, it tries any of them and says so (`broadened`). The semantic engineer's hybrid
search fuses these hits with vector recall; this module never loads a model.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from steward.clock import Clock
from steward.errors import UserError
from steward.mail.mask import mask_numbers
from steward.records.mail import Message
from steward.search.query import QueryPlan, parse_query
from steward.store import messages as repo


@dataclass(frozen=True)
class Explain:
    """A hit's place in each ranking hybrid search fused (None: not in that list) and its fused score."""

    lexical_rank: int | None
    semantic_rank: int | None
    fused: float
    similarity: float | None = None  # cosine to the query, when the semantic list held it

    def to_json(self) -> dict[str, Any]:
        """The ranks and fused score as JSON."""
        return {"lexical_rank": self.lexical_rank, "semantic_rank": self.semantic_rank,
                "fused": round(self.fused, 6),
                "similarity": None if self.similarity is None else round(self.similarity, 4)}


@dataclass(frozen=True)
class Hit:
    """One message found by a search, shown on the user's clock."""

    message: Message
    score: float
    clock: Clock
    explain: Explain | None = None  # how hybrid search ranked it (`mail search --explain`)

    @property
    def id(self) -> int:
        """The message's id."""
        return self.message.id

    def to_json(self) -> dict[str, Any]:
        """The hit as JSON, on the user's clock, numbers masked."""
        m = self.message
        return {
            "id": m.id,
            "sender": m.sender,
            "sender_name": m.sender_name,
            "subject": mask_numbers(m.subject),
            "snippet": mask_numbers(m.snippet),
            "received_at": self.clock.local(m.received_at).isoformat(),
            "category": m.category,
            "score": round(self.score, 4),
            "thread_key": m.thread_key,
            "account": m.account,
            "has_pdf": m.has_pdf,
            **({"explain": self.explain.to_json()} if self.explain is not None else {}),
        }


@dataclass(frozen=True)
class SearchResult:
    """The answer to a search: the query, how it was run, whether it was broadened, the hits."""

    query: str
    mode: str
    broadened: bool
    hits: list[Hit]
    note: str | None = None  # e.g. why a hybrid search ran lexical only
    # False when no word of the query matched: the hits (if any) are only the closest in meaning
    matched: bool = True
    # messages not yet searchable by meaning (no vector yet): found by their words only
    unindexed: int = 0

    def to_json(self) -> dict[str, Any]:
        """The result as `steward mail search --json` prints it."""
        out = {"query": self.query, "mode": self.mode, "broadened": self.broadened, "matched": self.matched,
               "hits": [h.to_json() for h in self.hits]}
        if self.note:
            out["note"] = self.note
        if self.unindexed:
            out["unindexed"] = self.unindexed
        return out


def filters_for(plan: QueryPlan) -> repo.Filters:
    """The store's filters for a plan's dates, category and recipients."""
    return repo.Filters(
        after=repo.utc_text(plan.after) if plan.after else None,
        before=repo.utc_text(plan.before) if plan.before else None,
        categories=plan.categories,
        to=plan.to,
        exclude=plan.exclusion(),
    )


def run_plan(conn: sqlite3.Connection, plan: QueryPlan, limit: int, *, order: str = "rank"
             ) -> tuple[list[tuple[Message, float]], bool]:
    """(rows, broadened) for a plan: AND first, then OR when AND finds nothing and OR can differ."""
    filters = filters_for(plan)
    try:
        rows = repo.search_rows(conn, plan.match(), filters, limit, order=order)
        if rows or not plan.can_broaden():
            return rows, False
        return repo.search_rows(conn, plan.match(broaden=True), filters, limit, order=order), True
    except sqlite3.OperationalError as exc:
        raise UserError(f"cannot search for {plan.text!r}: {exc}") from None


def run_summary_plan(conn: sqlite3.Connection, plan: QueryPlan, limit: int) -> tuple[list[repo.MessageSummary], bool]:
    """(newest `limit` matches as summaries, broadened) for a plan; AND first, then OR on a miss."""
    filters = filters_for(plan)
    try:
        rows = repo.summary_rows(conn, plan.match(), filters, limit)
        if rows or not plan.can_broaden():
            return rows, False
        return repo.summary_rows(conn, plan.match(broaden=True), filters, limit), True
    except sqlite3.OperationalError as exc:
        raise UserError(f"cannot search for {plan.text!r}: {exc}") from None


def search(conn: sqlite3.Connection, query: str, *, limit: int = 20, clock: Clock) -> SearchResult:
    """The best `limit` messages for `query`, bm25-ranked (newest first among equals)."""
    if limit < 1:
        raise UserError("--limit must be at least 1")
    plan = parse_query(query, clock)
    rows, broadened = run_plan(conn, plan, limit, order="rank" if plan.has_text else "recent")
    return SearchResult(query, "lexical", broadened, [Hit(m, s, clock) for m, s in rows])


def from_sender(conn: sqlite3.Connection, address: str, query: str = "", *, limit: int = 20,
                clock: Clock) -> SearchResult:
    """The newest `limit` messages from exactly `address` that match `query` (dates, a category: read
    along the sender index); a query with words is searched as `from:<address> <query>`."""
    if limit < 1:
        raise UserError("--limit must be at least 1")
    plan = parse_query(query, clock)
    if plan.has_text or plan.exclusion():
        return search(conn, f"from:{address} {query}".strip(), limit=limit, clock=clock)
    rows = repo.sender_rows(conn, address, filters_for(plan), limit)
    return SearchResult(f"from:{address} {query}".strip(), "lexical", False, [Hit(m, s, clock) for m, s in rows])


def sender_count(conn: sqlite3.Connection, address: str, query: str = "", *, clock: Clock) -> int:
    """How many messages came from exactly `address` within `query`'s dates and category (no words)."""
    plan = parse_query(query, clock)
    if plan.has_text or plan.exclusion():
        raise UserError(f"a count of one sender's mail takes dates and a category, not words: {query!r}")
    return repo.sender_count(conn, address, filters_for(plan))
