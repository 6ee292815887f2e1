"""One mail search in three modes: lexical (FTS5), semantic (vectors) and hybrid (both, fused by RRF).

Hybrid is the default: the words of the query go to FTS5, its plain-language part is embedded and
compared with every message vector, and the two rankings are fused (`search.fusion.rrf`); when every
word of the query matched, semantic votes weigh `search.semantic_weight` (exact asks stay exact). Filters
(`from:`, `subject:`, `after:`, `before:`, `category:`, `to:`, `-word`) bind both sides, so a
semantic hit never escapes them. With the `semantic_search` flag off, or no model installed, a
hybrid search runs lexical and says why in `note`; an explicit `--mode semantic` is an error then.
Messages whose vectors are not made yet (an import embeds after its rows land) are found by their
words only, and the result says how many (`unindexed`; a note when there is no other).
`analyze` never comes here: a count must be a count.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from steward.clock import Clock
from steward.embed import Embedder
from steward.embed.queries import QueryCache
from steward.errors import ConfigError, UsageError, UserError
from steward.search.fusion import rrf
from steward.search.lexical import Explain, Hit, SearchResult, filters_for, run_plan
from steward.search.query import QueryPlan, free_text, parse_query
from steward.search.vectors import VectorIndex, in_runs
from steward.store import messages as messages_repo

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

Read = TypeVar("Read")

MODES = ("hybrid", "lexical", "semantic")
# When no word of a query matched, meaning alone decides, and it is told honestly (calibrated on the
# sample mailbox by bench/search_honesty.py, see docs/search.md): below WEAK_SIMILARITY the best are
# shown as "the closest", not as matches (below `search.min_similarity` nothing is shown at all).
WEAK_SIMILARITY = 0.42
# a word the model's vocabulary cuts into more pieces than this is no word it knows (`asdfghjkl`: 5)
KNOWN_WORD_PIECES = 2
MAX_LIMIT = 10_000  # a search shows a page of hits; far larger numbers overflow SQLite's INTEGER
CANDIDATES = 50  # each list contributes its best this-many (or `limit`, if larger) to the fusion
# A filter on the message rows admitting more than WIDE_FILTER messages is not read whole (a million
# ids: about 280 ms): the WIDE_CANDIDATES nearest messages are checked against it instead, and when at
# least the wanted number pass, the best of them are the answer.
WIDE_FILTER = 50_000
WIDE_CANDIDATES = 1000
# Words in a field (`from:`, `subject:`) cannot be checked on the nearest cheaply (the word index answers
# a rowid at 20 to 40 microseconds), and reading every message they admit grows with the mailbox
# (`subject:receipt`, 116,000 of 1M: 20 ms): in a hybrid search the meaning side looks among the newest
# FIELD_WINDOW messages they admit, as the word side ranks the newest of its matches.
FIELD_WINDOW = 50_000
FLAG_OFF_NOTE = "semantic search is off (semantic_search = 0): lexical results only"


class MailSearch:
    """Search over one store; keeps its vector index in memory and refreshes it before each search."""

    def __init__(self, conn: sqlite3.Connection, clock: Clock, embedder: Callable[[], Embedder], *,
                 semantic: bool = True, rrf_k: int = 60, min_similarity: float = 0.28,
                 semantic_weight: float = 0.5, weak_similarity: float = WEAK_SIMILARITY,
                 index: Callable[[], VectorIndex] | None = None, queries: QueryCache | None = None,
                 reader: Callable[[], sqlite3.Connection] | None = None) -> None:
        self.conn = conn
        self.clock = clock
        self._embedder = embedder
        self.semantic = semantic
        self.rrf_k = rrf_k
        self.min_similarity = min_similarity
        self.semantic_weight = semantic_weight
        self.weak_similarity = weak_similarity
        # the index may be shared (one per server process, every worker's search refreshing it)
        self._make_index = index
        # recent queries' vectors (shared by a server's workers): a repeated query skips the model
        self.queries = queries if queries is not None else QueryCache(0)
        self._index: VectorIndex | None = None
        self._pool: ThreadPoolExecutor | None = None
        # a second, read-only connection to the same store (opened on first use, used only in its own
        # thread): a hybrid search reads the filters' allowed ids on it while the word search runs
        self._open_reader = reader
        self._reader: sqlite3.Connection | None = None
        self._reading: ThreadPoolExecutor | None = None

    def close(self) -> None:
        """End the worker threads (after a search in progress) and close the reader; a later search
        starts new ones."""
        for pool in (self._pool, self._reading):
            if pool is not None:
                pool.shutdown(wait=True)
        self._pool = self._reading = None
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.close()

    def index(self) -> VectorIndex:
        """The in-memory vector index, brought up to date with the store."""
        if self._index is None:
            self._index = self._make_index() if self._make_index else VectorIndex(self._embedder().dim)
        self._index.refresh(self.conn)
        return self._index

    def prepare_partition(self) -> bool:
        """Past `search.approximate_above` vectors, build and save the index's partition now (a command
        that added many vectors), so the next search, in any process, starts approximate."""
        return self.semantic and self.index().build_partition()

    def search(self, query: str, *, mode: str | None = None, limit: int = 20, explain: bool = False
               ) -> SearchResult:
        """The best `limit` messages for `query` in `mode` (default hybrid)."""
        if not 1 <= limit <= MAX_LIMIT:
            raise UserError(f"--limit must be from 1 to {MAX_LIMIT:,}; `steward mail analyze` reads every match")
        if mode is not None and mode not in MODES:
            raise UsageError(f"--mode must be one of {', '.join(MODES)}, not {mode!r}")
        chosen = mode or "hybrid"
        plan = parse_query(query, self.clock)
        if chosen != "lexical" and not self.semantic:
            if chosen == "semantic":
                raise UserError("semantic search is turned off (semantic_search = 0); use --mode lexical")
            return self._lexical(query, plan, limit, explain, note=FLAG_OFF_NOTE)
        text = free_text(query)
        if chosen == "lexical" or not text:
            # nothing in plain words to compare by meaning (only filters): lexical order is the answer
            return self._lexical(query, plan, limit, explain)
        try:
            pending = self._start_semantic(text, plan, max(limit, CANDIDATES), overlap=chosen == "hybrid")
            # the word search runs here while the query is embedded and scored in the worker thread
            lexical = self._lexical_side(plan, limit) if chosen == "hybrid" else None
            semantic, note = pending()
        except ConfigError as exc:
            if chosen == "semantic":
                raise
            log.warning("semantic search unavailable: %s", exc.message)
            return self._lexical(query, plan, limit, explain, note=f"lexical only: {exc.message}")
        if lexical is None:
            return self._pending(self._semantic_result(query, semantic, limit, explain, note))
        matched = True
        if not lexical[0]:
            # no word matched: only meaning is left, and it is shown for what it is
            semantic, matched = self._by_meaning_only(query, text, semantic)
            if not matched:
                note = note or (f"nothing matched {query!r}; the closest were" if semantic
                                else f"nothing matched {query!r}")
        return self._pending(replace(self._hybrid(query, semantic, lexical, limit, explain, note), matched=matched))

    def _pending(self, result: SearchResult) -> SearchResult:
        """Say how many messages meaning could not reach yet (their vectors are still being made)."""
        index = self._index
        if index is None or not index.unindexed:
            return result
        note = result.note or (f"{index.unindexed:,} message(s) are not yet searchable by meaning (their words "
                               "are); `steward mail index` or `steward serve` adds them")
        return replace(result, note=note, unindexed=index.unindexed)

    def _by_meaning_only(self, query: str, text: str, semantic: list[tuple[int, float]]
                         ) -> tuple[list[tuple[int, float]], bool]:
        """The semantic hits worth showing when no word matched, and whether they are matches at all.

        A query of no word the model knows (`asdfghjkl`) finds nothing; when even the best neighbour
        is weak, the neighbours are the closest, not matches."""
        words = [w for w in text.split() if any(c.isalpha() for c in w)]
        embedder = self._embedder()
        if words and all(embedder.pieces(w) > KNOWN_WORD_PIECES for w in words):
            return [], False
        return semantic, bool(semantic) and semantic[0][1] >= self.weak_similarity

    # -- the two sides ----------------------------------------------------------------------------

    def _start_semantic(self, text: str, plan: QueryPlan, k: int, overlap: bool
                        ) -> Callable[[], tuple[list[tuple[int, float]], str | None]]:
        """Start the semantic side; the returned function waits for its (id, similarity) list and note.

        The vector index is refreshed here, in the caller's thread (its connection stays in one thread);
        embedding the query and scoring the vectors touch no connection and, with `overlap`, run in a
        worker thread while the caller runs the word search. The filters' allowed ids are read beside
        both, on the reader in a thread of its own (without a reader, or inside a transaction of the
        caller's, whose writes only its own connection sees, the caller reads them first). SQLite and
        the model release the GIL, so the three run at once."""
        index = self.index()
        if len(index) == 0:
            empty: tuple[list[tuple[int, float]], str | None] = [], "no message has a vector yet: run `steward mail index`"
            return lambda: empty
        embedder = self._embedder()

        def nothing() -> None:
            return None

        def nearest(allowed: Callable[[], np.ndarray | None], vector: np.ndarray | None = None,
                    excluded: Callable[[], np.ndarray | None] = nothing,
                    runs: Callable[[], list[tuple[int, int]] | None] = nothing,
                    categories: tuple[str, ...] | None = None) -> tuple[list[tuple[int, float]], str | None]:
            if vector is None:
                vector = self.queries.vector(embedder, text)
            ranked = index.search(vector, k, allowed(), excluded=excluded(), runs=runs(), categories=categories)
            # nearest neighbours always exist; below the floor they are noise, not matches
            return [(i, s) for i, s in zip(ranked.ids, ranked.scores, strict=True) if s >= self.min_similarity], None

        if not overlap:
            allowed, left_out = self._admitted(plan)
            done = nearest(lambda: allowed, None, lambda: left_out)
            return lambda: done
        bounds = self._bounds(plan)
        if bounds is None:  # no filter: no ids to read, and no reader opened for them
            return self._executor().submit(nearest, nothing).result
        if self._open_reader is not None and not self.conn.in_transaction:
            match, filters = bounds
            filters, exclusion = self._exclusion_apart(match, filters)
            excluded: Callable[[], np.ndarray | None] = nothing
            if exclusion is not None:
                excluded = self._reads().submit(self._on_reader, messages_repo.filtered_ids, exclusion,
                                                messages_repo.Filters()).result
                if filters == messages_repo.Filters():
                    return self._executor().submit(nearest, nothing, None, excluded).result
            rows = replace(filters, exclude=None)  # the filters on the message rows
            kinds = self._categories_held(index, match, rows)
            if kinds is not None:  # categories, perhaps dates: one mask over the index's rows
                if not (rows.after or rows.before):
                    return self._executor().submit(nearest, nothing, None, excluded, categories=kinds).result
                return self._nearest_dated(nearest, None, filters, replace(rows, categories=()), excluded, k,
                                           categories=kinds)
            if (rows.after or rows.before) and not (rows.categories or rows.account or rows.to):
                return self._nearest_dated(nearest, match, filters, rows, excluded, k)
            if not index.approximate or rows == messages_repo.Filters():
                beside = self._reads().submit(self._on_reader, messages_repo.filtered_ids, match, filters,
                                              newest=FIELD_WINDOW)
                return self._executor().submit(nearest, beside.result, None, excluded).result
            # dates, categories, account or recipients: read whole when they admit at most WIDE_FILTER
            # messages (and crossed with the newest FIELD_WINDOW matches of any field words), else checked
            # on the nearest messages by primary key (`before:` a recent date admits nearly all)
            words = None if match is None else self._reads().submit(
                self._on_reader, messages_repo.filtered_ids, match,
                messages_repo.Filters(exclude=filters.exclude), newest=FIELD_WINDOW)
            capped = self._reads().submit(self._on_reader, messages_repo.admitted_ids, rows, at_most=WIDE_FILTER)

            def nearest_wide() -> tuple[list[tuple[int, float]], str | None]:
                import numpy as np

                vector = self.queries.vector(embedder, text)
                among = None if words is None else words.result()
                some = capped.result()
                if some is not None:
                    allowed = some if among is None else np.intersect1d(among, some, assume_unique=True)
                    if among is None or len(allowed) >= k or len(among) < FIELD_WINDOW:
                        return nearest(lambda: allowed, vector, excluded)
                else:
                    wide = index.search(vector, WIDE_CANDIDATES, among, excluded=excluded())
                    passed = self._reads().submit(self._on_reader, messages_repo.admitted_ids, rows,
                                                  among=wide.ids).result()
                    assert passed is not None
                    keep = set(passed.tolist())
                    best = [(i, sc) for i, sc in zip(wide.ids, wide.scores, strict=True) if i in keep][:k]
                    if len(best) >= k:
                        return [(i, sc) for i, sc in best if sc >= self.min_similarity], None
                # the nearest, or the newest matches of the field words, mostly fail the filters: score
                # every message they admit
                every = self._reads().submit(self._on_reader, messages_repo.filtered_ids, match, filters).result()
                return nearest(lambda: every, vector, excluded)

            return self._executor().submit(nearest_wide).result
        ids: Future[tuple[np.ndarray | None, np.ndarray | None]] = Future()
        pending = self._executor().submit(nearest, lambda: ids.result()[0], None, lambda: ids.result()[1])
        try:
            ids.set_result(self._admitted(plan, newest=FIELD_WINDOW))
        except BaseException as exc:
            ids.set_exception(exc)  # the worker stops at once; the caller sees the error below
            pending.result()
            raise
        return pending.result

    def _nearest_dated(self, nearest: Callable[..., tuple[list[tuple[int, float]], str | None]], match: str | None,
                       filters: messages_repo.Filters, rows: messages_repo.Filters,
                       excluded: Callable[[], np.ndarray | None], k: int, *,
                       categories: tuple[str, ...] | None = None
                       ) -> Callable[[], tuple[list[tuple[int, float]], str | None]]:
        """The meaning side of dates (and field words): the runs of ids the dates admit, and the few
        ids that pass where they cover a block of ids in part (`store.messages.date_admitted`), compared
        with the ids the index holds, or crossed with the newest FIELD_WINDOW matches of field words;
        when fewer than `k` of those pass, every message both admit is read. `categories` (without
        field words) narrow the dates' ids by the index's own mask."""
        dated = self._reads().submit(self._on_reader, messages_repo.date_admitted, rows)
        if match is None:
            return self._executor().submit(nearest, lambda: dated.result()[1], None, excluded,
                                           lambda: dated.result()[0], categories).result

        def newest_words(reader: sqlite3.Connection) -> np.ndarray:
            # only matches with ids the dates allow can pass them
            return messages_repo.filtered_ids(reader, match, messages_repo.Filters(exclude=filters.exclude),
                                              newest=FIELD_WINDOW, within=messages_repo.date_span(reader, rows))

        words = self._reads().submit(self._on_reader, newest_words)

        def among_words() -> tuple[list[tuple[int, float]], str | None]:
            import numpy as np

            runs, ids = dated.result()
            newest = words.result()
            allowed = np.union1d(newest[in_runs(newest, runs)], np.intersect1d(newest, ids, assume_unique=True))
            if len(allowed) >= k or len(newest) < FIELD_WINDOW:
                return nearest(lambda: allowed)
            every = self._reads().submit(self._on_reader, messages_repo.filtered_ids, match, filters).result()
            return nearest(lambda: every)

        return self._executor().submit(among_words).result

    @staticmethod
    def _categories_held(index: VectorIndex, match: str | None, rows: messages_repo.Filters
                         ) -> tuple[str, ...] | None:
        """The categories of a filter the index can apply alone, as a mask over its rows (categories,
        perhaps dates, no field words, account or recipients); None when the store must be read.

        `category:newsletter` admits a fifth of a mailbox: reading those ids (and looking each one up
        in the index) is most of such a search, where the index holds every row's category already."""
        if match is not None or not rows.categories or rows.account or rows.to:
            return None
        return rows.categories if index.filters_categories(rows.categories) else None

    def _executor(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="mail-search")
        return self._pool

    def _reads(self) -> ThreadPoolExecutor:
        if self._reading is None:
            self._reading = ThreadPoolExecutor(1, thread_name_prefix="mail-search-reader")
        return self._reading

    def _on_reader(self, read: Callable[..., Read], *args: object, **kwargs: object) -> Read:
        """`read(reader, *args, **kwargs)` on the reader, opened here the first time (the reading thread
        alone touches it)."""
        if self._reader is None:
            assert self._open_reader is not None
            self._reader = self._open_reader()
        try:
            return read(self._reader, *args, **kwargs)
        except sqlite3.OperationalError as exc:
            raise UserError(f"cannot read the search's filters: {exc}") from None

    def _lexical_side(self, plan: QueryPlan, limit: int) -> tuple[list[tuple[int, float]], bool]:
        """The word search's best candidates for fusion (id, bm25) and whether it was broadened."""
        if not plan.has_text:
            return [], False
        filters, n = filters_for(plan), max(limit, CANDIDATES)
        try:
            rows = messages_repo.ranked_ids(self.conn, plan.match(), filters, n)
            if rows or not plan.can_broaden():
                return rows, False
            return messages_repo.ranked_ids(self.conn, plan.match(broaden=True), filters, n), True
        except sqlite3.OperationalError as exc:
            raise UserError(f"cannot search for {plan.text!r}: {exc}") from None

    @staticmethod
    def _bounds(plan: QueryPlan) -> tuple[str | None, messages_repo.Filters] | None:
        """The plan's field terms (one FTS5 expression, or None) and filters; None when it has neither."""
        fielded = [g for g in plan.groups if all(t.column for t in g)]
        filters = filters_for(plan)
        if not fielded and filters == messages_repo.Filters():
            return None
        return " AND ".join("(" + " OR ".join(t.fts() for t in g) + ")" for g in fielded) or None, filters

    def _allowed(self, plan: QueryPlan, *, newest: int | None = None) -> np.ndarray | None:
        """Every id the plan's filters and field terms admit (bound in SQL, one array), or None, on the
        search's own connection. With `newest`, field terms alone admit only the newest that-many of
        their matches."""
        return self._admitted(plan, newest=newest, apart=False)[0]

    def _admitted(self, plan: QueryPlan, *, newest: int | None = None, apart: bool = True
                  ) -> tuple[np.ndarray | None, np.ndarray | None]:
        """(allowed, excluded) on the search's own connection: the ids the plan admits, except that with
        `apart` an exclusion with no field words beside it is read as the ids it rules out."""
        bounds = self._bounds(plan)
        if bounds is None:
            return None, None
        match, filters = bounds
        exclusion = None
        if apart:
            filters, exclusion = self._exclusion_apart(match, filters)
        try:
            excluded = None if exclusion is None else messages_repo.filtered_ids(
                self.conn, exclusion, messages_repo.Filters())
            allowed = None if match is None and filters == messages_repo.Filters() else messages_repo.filtered_ids(
                self.conn, match, filters, newest=newest)
        except sqlite3.OperationalError as exc:
            raise UserError(f"cannot search for {plan.text!r}: {exc}") from None
        return allowed, excluded

    @staticmethod
    def _exclusion_apart(match: str | None, filters: messages_repo.Filters
                         ) -> tuple[messages_repo.Filters, str | None]:
        """(filters, exclusion): an exclusion with no field words beside it admits nearly every message
        (`-subject:receipt`: 884,000 of 1M), so it is taken out of the filters, to be read as the ids it
        rules out (a fraction of those it admits) and skipped by the index; None when it stays in them
        (beside field words it is folded into their expression)."""
        if match is None and filters.exclude:
            return replace(filters, exclude=None), filters.exclude
        return filters, None

    # -- results ----------------------------------------------------------------------------------

    def _lexical(self, query: str, plan: QueryPlan, limit: int, explain: bool, note: str | None = None
                 ) -> SearchResult:
        rows, broadened = run_plan(self.conn, plan, limit, order="rank" if plan.has_text else "recent")
        hits = [Hit(m, s, self.clock, Explain(rank, None, s) if explain else None)
                for rank, (m, s) in enumerate(rows, 1)]
        return SearchResult(query, "lexical", broadened, hits, note)

    def _semantic_result(self, query: str, semantic: list[tuple[int, float]], limit: int, explain: bool,
                         note: str | None) -> SearchResult:
        top = semantic[:limit]
        found = messages_repo.get_messages(self.conn, [i for i, _ in top])
        hits = [Hit(found[i], sim, self.clock, Explain(None, rank, sim, sim) if explain else None)
                for rank, (i, sim) in enumerate(top, 1) if i in found]
        return SearchResult(query, "semantic", False, hits, note)

    def _hybrid(self, query: str, semantic: list[tuple[int, float]],
                lexical_side: tuple[list[tuple[int, float]], bool], limit: int, explain: bool,
                note: str | None) -> SearchResult:
        lexical, broadened = lexical_side
        # every word matched: the words are what the user meant, meaning reorders and adds below them;
        # no match, or only some words: meaning counts fully
        # only some words matched (broadened): the word list is weak evidence, meaning leads
        weights = {"semantic": self.semantic_weight if lexical and not broadened else 1.0,
                   "lexical": self.semantic_weight if broadened else 1.0}
        fused = rrf({"lexical": [i for i, _ in lexical], "semantic": [i for i, _ in semantic]}, self.rrf_k,
                    weights, limit)
        similarity = dict(semantic)
        found = messages_repo.get_messages(self.conn, [f.id for f in fused])
        hits = [
            Hit(found[f.id], f.score, self.clock,
                Explain(f.ranks.get("lexical"), f.ranks.get("semantic"), f.score, similarity.get(f.id))
                if explain else None)
            for f in fused if f.id in found
        ]
        return SearchResult(query, "hybrid", broadened, hits, note)
