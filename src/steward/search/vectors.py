"""Message vectors: how they are stored (int8 with a scale) and searched (in memory: exact, or approximate).

A unit vector is stored as 4 bytes of float32 scale and `dim` int8 components (388 bytes for MiniLM's
384), a quarter of float32; the rounding moves a cosine by about 0.002, far below the gaps that decide
a ranking. `VectorIndex` holds every vector as one int8 matrix (100k messages: 38 MB) and scores a
query against them with numpy's einsum of the int8 rows and the int8 query, summed in int32: exact,
and about twice the rows per second of ONNX Runtime's MatMulInteger for one query (0.19 against 0.37
microseconds a row here), which packs the whole matrix for a one-column product. It grows in place, so a long-running server refreshes it with only the new rows. Above a size a
partition of the vectors (search/partition.py) lets a query score a few percent of them instead.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from steward.search import partition
from steward.search.partition import FIRST_PROBES, MIN_SCAN, SCAN_SHARE, SLACK, Layout, Partition, lay_out
from steward.store import vectors as repo
from steward.store.messages import count_messages

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

OVERFLOW = 255  # the category code shared by every category past the 254th (a uint8 a row)


def encode(vectors: np.ndarray) -> list[bytes]:
    """Rows of float32 -> blobs: float32 scale (max |x| / 127) then int8 components."""
    import numpy as np

    rows = np.asarray(vectors, dtype=np.float32)
    scales = np.abs(rows).max(axis=1) / 127.0
    scales[scales == 0] = 1.0
    quantized = np.clip(np.rint(rows / scales[:, None]), -127, 127).astype(np.int8)
    return [scale.astype("<f4").tobytes() + q.tobytes() for scale, q in zip(scales, quantized, strict=True)]


def decode(blobs: Sequence[bytes], dim: int) -> tuple[np.ndarray, np.ndarray]:
    """Blobs -> (int8 matrix [n, dim], float32 scales [n]); a blob of the wrong size is a ValueError."""
    import numpy as np

    width = 4 + dim
    joined = b"".join(blobs)
    if len(joined) != width * len(blobs):
        raise ValueError(f"a stored vector is not {width} bytes; run `steward mail index --rebuild`")
    raw = np.frombuffer(joined, dtype=np.uint8).reshape(len(blobs), width)
    scales = raw[:, :4].copy().view("<f4").reshape(-1).astype(np.float32)
    return raw[:, 4:].copy().view(np.int8), scales


@dataclass(frozen=True)
class Ranked:
    """Message ids, best first, with their cosine similarity to the query."""

    ids: tuple[int, ...]
    scores: tuple[float, ...]


class VectorIndex:
    """Every stored vector in memory, searched exactly (brute force) or, above `approximate_above`
    vectors once a partition is built, through the nearest lists of a `Partition` (search/partition.py).

    `refresh(conn)` loads what was added since the last call; a server keeps one index per process,
    shared by its worker threads, and refreshes it before each search; a command loads it once. With
    `path`, a partition is read from and saved beside the store; with `background`, one is (re)built in
    a thread when the index outgrows the last one by a quarter, while searches stay exact meanwhile.
    A laid partition puts the rows in list order (each list one contiguous slice); new rows follow.
    Searches may run in several threads at once: each reads a consistent snapshot of the arrays.
    """

    def __init__(self, dim: int, *, approximate_above: int = 0, path: Path | None = None,
                 background: bool = False, threads: int = 1) -> None:
        import numpy as np

        self.dim = dim
        self.approximate_above = approximate_above
        self.path = path
        self.background = background
        self.threads = threads
        self._ids = np.zeros(0, dtype=np.int64)
        self._matrix = np.zeros((0, dim), dtype=np.int8)
        self._scales = np.zeros(0, dtype=np.float32)
        # each row's message category as a small code (`_codes`), so a `category:` filter is one mask
        # over the rows rather than every id the category holds read from the store
        self._kinds = np.zeros(0, dtype=np.uint8)
        self._codes: dict[str, int] = {}
        self._uncategorized = 0  # rows added without their categories (no `category:` mask then)
        self._size = 0
        self._last_id = 0
        # per connection (a shared index is refreshed through each worker's): its counters when last seen
        self._seen: dict[int, tuple[int, int]] = {}
        # the stored vectors' counters as of the last load (a change of the store leaving them alone
        # loads nothing)
        self._state: repo.VectorState | None = None
        self._generation: int | None = None
        self._lock = threading.RLock()
        self._layout: Layout | None = None
        self._building: threading.Thread | None = None
        self._tried_saved = False
        self.unindexed = 0  # messages in the store without a vector, as of the last refresh
        self._counted: tuple[int, int] | None = None

    def __len__(self) -> int:
        return self._size

    @property
    def nbytes(self) -> int:
        """Memory held by the index's arrays (capacity and the partition's included)."""
        total = int(self._ids.nbytes + self._matrix.nbytes + self._scales.nbytes + self._kinds.nbytes)
        layout = self._layout
        if layout is not None:
            p = layout.partition
            total += int(layout.offsets.nbytes + layout.row_of.nbytes + p.centroids.nbytes + p.ids.nbytes
                         + p.lists.nbytes)
        return total

    @property
    def approximate(self) -> bool:
        """Whether searches go through a partition (False: every vector is scored)."""
        return self._layout is not None

    def add(self, ids: Sequence[int], matrix: np.ndarray, scales: np.ndarray,
            categories: Sequence[str | None] = ()) -> None:
        """Append rows (ids must be new and larger than any held), with their messages' `categories`
        when known (a row without one passes no `category:` filter); capacity grows by an eighth."""
        import numpy as np

        n = len(ids)
        if n == 0:
            return
        with self._lock:
            need = self._size + n
            if need > len(self._ids):
                self._reserve(max(need, len(self._ids) + len(self._ids) // 8, 1024))
            # rows past `_size` are not read by any snapshot, so appending in place is safe
            self._ids[self._size:need] = np.asarray(ids, dtype=np.int64)
            self._matrix[self._size:need] = matrix
            self._scales[self._size:need] = scales
            if categories:
                self._kinds[self._size:need] = [self._code(c) for c in categories]
            else:
                self._kinds[self._size:need] = 0
                self._uncategorized += n
            self._size = need
            self._last_id = max(self._last_id, int(max(ids)))

    def reserve(self, capacity: int) -> None:
        """Make room for `capacity` rows at once (a loader that knows the count: no growth's slack)."""
        with self._lock:
            self._reserve(capacity)

    def refresh(self, conn: sqlite3.Connection) -> int:
        """Load vectors stored since the last refresh; returns how many were added.

        Cheap when nothing changed (two counters compared), and when the store changed but its vectors
        did not (a chat turn writing a reminder): one read of their counters. New messages only ever get
        larger ids, so rows past the last id loaded are the new ones; if vectors were replaced (`mail
        index` re-embedding an older embedder's, or `--rebuild`), or the table holds a different number of
        rows than appending explains (messages deleted, or older ones given vectors), the index is
        reloaded whole (and a partition laid over it again).
        """
        with self._lock:
            seen = (repo.data_version(conn), conn.total_changes)
            if seen == self._seen.get(id(conn)):
                return 0
            state = repo.vector_state(conn)
            added = 0
            if state != self._state:
                added = self._follow(conn, state)
            # counting messages reads a whole index (2 ms at 100k): only when mail arrived or vectors changed
            stamp = (state.newest_message, self._size)
            if stamp != self._counted:
                self.unindexed = max(0, count_messages(conn) - self._size)
                self._counted = stamp
            self._seen[id(conn)] = (repo.data_version(conn), conn.total_changes)
            self._use_saved_partition()
            if self.background and self.wants_partition():
                self._build_in_background()
            return added

    def _follow(self, conn: sqlite3.Connection, state: repo.VectorState) -> int:
        """Bring the arrays in step with stored vectors whose counters changed (under the lock)."""
        if state.generation != self._generation:
            self._reset()
            self._layout = None
            self._generation = state.generation
        if self._size == 0:
            self._reserve(state.vectors)  # a first (or whole) load: exactly what is stored
        added = self._load(conn, self._last_id)
        stored = repo.count_vectors(conn)
        if stored != self._size:
            layout = self._layout
            placed = layout.placed(self._ids[: self._size]) if layout is not None else None
            self._reset()
            self._layout = None
            self._reserve(stored)
            added = self._load(conn, 0)
            if placed is not None:
                self._lay(placed)
        # what was read may be newer than `state` (a commit meanwhile): the next refresh reads again
        self._state = state
        return added

    def _reserve(self, capacity: int) -> None:
        """Make room for `capacity` rows in all (no-op when there is room already)."""
        if capacity > len(self._ids):
            self._ids = _grown(self._ids, capacity, self._size)
            self._matrix = _grown(self._matrix, capacity, self._size)
            self._scales = _grown(self._scales, capacity, self._size)
            self._kinds = _grown(self._kinds, capacity, self._size)

    def _reset(self) -> None:
        # new arrays, never the old ones rewritten: a search running meanwhile keeps its snapshot
        import numpy as np

        self._ids = np.zeros(0, dtype=np.int64)
        self._matrix = np.zeros((0, self.dim), dtype=np.int8)
        self._scales = np.zeros(0, dtype=np.float32)
        self._kinds = np.zeros(0, dtype=np.uint8)
        self._uncategorized = 0
        self._size = 0
        self._last_id = 0

    def _code(self, category: str | None) -> int:
        """The code of a category, given the next free one the first time (0: none; OVERFLOW: past
        the codes a row holds, which no filter can then tell apart)."""
        if category is None:
            return 0
        code = self._codes.get(category)
        if code is None:
            code = self._codes[category] = min(len(self._codes) + 1, OVERFLOW)
        return code

    def _load(self, conn: sqlite3.Connection, after_id: int) -> int:
        added = 0
        for rows in repo.iter_vectors(conn, after_id):
            matrix, scales = decode([r[1] for r in rows], self.dim)
            self.add([int(r[0]) for r in rows], matrix, scales, [r[2] for r in rows])
            added += len(rows)
        return added

    def _lay(self, built: Partition) -> None:
        """Lay a partition over the rows held: new arrays in its order, exactly sized (caller holds the lock)."""
        size = self._size
        layout, perm = lay_out(built, self._ids[:size])
        self._ids, self._matrix, self._scales = self._ids[perm], self._matrix[perm], self._scales[perm]
        self._kinds = self._kinds[perm]
        self._layout = layout

    # -- the partition ----------------------------------------------------------------------------

    def wants_partition(self) -> bool:
        """Whether a partition should be (re)built: past the size, none yet or outgrown by a quarter."""
        if not self.approximate_above or self._size < self.approximate_above or not partition.available():
            return False
        layout = self._layout
        return layout is None or self._size - layout.covered > max(layout.covered // 4, 1)

    def build_partition(self) -> bool:
        """Build (and save, with `path`) a partition over the rows held now and lay the rows out by it;
        False when not needed."""
        import numpy as np

        if not self.wants_partition():
            return False
        with self._lock:
            size, ids, matrix, scales, kinds = self._size, self._ids, self._matrix, self._scales, self._kinds
            generation = self._generation or 0
        built = partition.build(ids[:size], matrix[:size], scales[:size], generation, threads=self.threads)
        # the rows are put in list order outside the lock (searches go on over the old arrays)
        layout, perm = lay_out(built, ids[:size])
        new_ids, new_matrix, new_scales, new_kinds = ids[perm], matrix[perm], scales[perm], kinds[perm]
        with self._lock:
            if generation != (self._generation or 0) or self._ids is not ids:
                # vectors were replaced, reloaded or grown into new arrays meanwhile: lay it over those
                if generation != (self._generation or 0):
                    return False  # the next refresh builds again
                self._lay(built)
            else:
                extra = self._size - size  # appended meanwhile: they follow, as rows newer than the layout
                if extra:
                    new_ids = np.concatenate([new_ids, ids[size:self._size]])
                    new_matrix = np.concatenate([new_matrix, matrix[size:self._size]])
                    new_scales = np.concatenate([new_scales, scales[size:self._size]])
                    new_kinds = np.concatenate([new_kinds, kinds[size:self._size]])
                self._ids, self._matrix, self._scales, self._layout = new_ids, new_matrix, new_scales, layout
                self._kinds = new_kinds
        if self.path is not None:
            try:
                partition.save(built, self.path)
            except OSError as exc:
                log.warning("cannot save the vector partition to %s: %s", self.path, exc.strerror or exc)
        log.info("vector partition: %d vectors in %d lists", size, len(built.centroids))
        return True

    def _build_in_background(self) -> None:
        if self._building is not None and self._building.is_alive():
            return

        def run() -> None:
            try:
                self.build_partition()
            except (RuntimeError, MemoryError, ValueError) as exc:  # exact search goes on; say why once
                log.warning("building the vector partition failed (%s); searches stay exact", exc)

        self._building = threading.Thread(target=run, name="vector-partition", daemon=True)
        self._building.start()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for a partition being built in the background (a clean stop, a bench)."""
        building = self._building
        if building is not None:
            building.join(timeout)

    def _use_saved_partition(self) -> None:
        if self._tried_saved or self.path is None or not self.approximate_above or self._size == 0:
            return
        self._tried_saved = True
        if self._layout is not None or not partition.available():
            return
        saved = partition.load(self.path, self.dim)
        if saved is not None and saved.generation == (self._generation or 0):
            self._lay(saved)

    # -- search -----------------------------------------------------------------------------------

    def search(self, query: np.ndarray, k: int, allowed: np.ndarray | None = None, *,
               excluded: np.ndarray | None = None, runs: Sequence[tuple[int, int]] | None = None,
               categories: Sequence[str] | None = None, exact: bool = False) -> Ranked:
        """The `k` nearest messages to a unit `query` vector, optionally only among `allowed` ids and
        never one of the `excluded` ids; `exact` scores every vector even when a partition is laid (what
        recall is measured against).

        `excluded` is for a filter that admits nearly every message (`-subject:receipt`): reading what
        it rules out costs a fraction of reading what it admits, and the rows left are one mask. With
        `runs` (lowest, highest id, inclusive), the ids in them are allowed beside `allowed`: a date
        filter (store.messages.date_admitted) is a few runs, compared with the ids held at once. With
        `categories`, only messages of one of them count (see `filters_categories`)."""
        import numpy as np

        snapshot = self._snapshot()
        if snapshot.size == 0 or k < 1:
            return Ranked((), ())
        q = np.asarray(query, dtype=np.float32).reshape(-1)
        layout = snapshot.layout
        kind = None if categories is None else self._category_mask(snapshot, categories)
        if runs is not None:
            inside = snapshot.within(runs)
            if allowed is not None and len(allowed):
                inside[snapshot.rows_of(np.asarray(allowed, dtype=np.int64))] = True
            if excluded is not None and len(excluded):
                inside[snapshot.rows_of(np.asarray(excluded, dtype=np.int64))] = False
            if kind is not None:
                inside &= kind
            held = np.flatnonzero(inside)
            if layout is None or exact or len(held) <= layout.expected_scan(snapshot.size):
                return snapshot.top(q, held, k)
            return snapshot.probe(q, k, None, inside)
        rows = None if allowed is None else snapshot.rows_of(np.asarray(allowed, dtype=np.int64))
        mask = kind
        if excluded is not None and len(excluded):
            if mask is None:
                mask = np.ones(snapshot.size, dtype=bool)
            mask[snapshot.rows_of(np.asarray(excluded, dtype=np.int64))] = False
        if mask is not None and rows is not None:
            rows, mask = rows[mask[rows]], None
        if mask is not None:
            passing = int(np.count_nonzero(mask))
            if passing * 4 < snapshot.size and (layout is None or exact
                                                or passing <= layout.expected_scan(snapshot.size)):
                return snapshot.top(q, np.flatnonzero(mask), k)  # few rows pass: score only those
            if layout is None or exact:
                return snapshot.top_of_mask(q, mask, k)
            return snapshot.probe(q, k, None, mask)
        if layout is None or exact or (rows is not None and len(rows) <= layout.expected_scan(snapshot.size)):
            return snapshot.top(q, rows, k)  # exact, or few allowed: score exactly those
        return snapshot.probe(q, k, rows)

    def filters_categories(self, categories: Sequence[str]) -> bool:
        """Whether `search(categories=...)` can tell these categories' rows from the others (every row
        was loaded with its message's category, and none of these shares the overflow code)."""
        with self._lock:
            return not self._uncategorized and all(self._codes.get(c, 0) != OVERFLOW for c in categories)

    def _category_mask(self, snapshot: _Snapshot, categories: Sequence[str]) -> np.ndarray:
        import numpy as np

        codes = [code for c in categories if (code := self._codes.get(c)) is not None]
        if not codes:
            return np.zeros(snapshot.size, dtype=bool)
        return np.isin(snapshot.kinds[: snapshot.size], np.asarray(codes, dtype=np.uint8))

    def scores(self, query: np.ndarray) -> np.ndarray:
        """Cosine similarity of the query to every row (float32, row order: by id unless a partition
        laid the rows out by list)."""
        import numpy as np

        return self._snapshot().scores(np.asarray(query, dtype=np.float32).reshape(-1), None)

    def _snapshot(self) -> _Snapshot:
        with self._lock:
            return _Snapshot(self._ids, self._matrix, self._scales, self._size, self._layout, self._kinds)


@dataclass(frozen=True)
class _Snapshot:
    """The arrays of an index as one search reads them (appends and reloads make new ones)."""

    ids: np.ndarray
    matrix: np.ndarray
    scales: np.ndarray
    size: int
    layout: Layout | None
    kinds: np.ndarray  # each row's category code

    def rows_of(self, wanted: np.ndarray) -> np.ndarray:
        """Row positions of the `wanted` ids held."""
        import numpy as np

        if self.layout is not None:
            return self.layout.rows_of(wanted, self.ids, self.size)
        ids = self.ids[: self.size]  # no layout: rows are in id order
        pos = np.searchsorted(ids, wanted)
        inside = pos < self.size
        pos = pos[inside]
        return pos[ids[pos] == wanted[inside]]

    def within(self, runs: Sequence[tuple[int, int]]) -> np.ndarray:
        """A mask over the rows: set where the row's id lies in one of the `runs` (lowest, highest)."""
        return in_runs(self.ids[: self.size], runs)

    def scores(self, q: np.ndarray, rows: np.ndarray | None) -> np.ndarray:
        """Cosine of `q` to the rows at `rows` (None: every row), by one int8 product."""
        q8, q_scale = _quantized(q)
        if rows is None:
            return self._dots(q8, q_scale, 0, self.size)
        return self._gathered(q8, q_scale, rows)

    def _dots(self, q8: np.ndarray, q_scale: float, start: int, stop: int) -> np.ndarray:
        """Scores of the contiguous rows start..stop (no copy of the rows)."""
        import numpy as np

        if stop <= start:
            return np.zeros(0, dtype=np.float32)
        dots = _int8_dots(self.matrix[start:stop], q8)
        result: np.ndarray = dots.astype(np.float32) * (self.scales[start:stop] * np.float32(q_scale))
        return result

    def _gathered(self, q8: np.ndarray, q_scale: float, rows: np.ndarray) -> np.ndarray:
        import numpy as np

        if len(rows) == 0:
            return np.zeros(0, dtype=np.float32)
        dots = _int8_dots(self.matrix[rows], q8)
        result: np.ndarray = dots.astype(np.float32) * (self.scales[rows] * np.float32(q_scale))
        return result

    def top(self, q: np.ndarray, rows: np.ndarray | None, k: int) -> Ranked:
        """The best `k` of `rows` (None: of every row), best first."""

        return self._ranked(self.scores(q, rows), rows, k)

    def top_of_mask(self, q: np.ndarray, mask: np.ndarray, k: int) -> Ranked:
        """The best `k` of the rows where `mask` is set: every row scored in one product (no copy of
        the rows, as gathering nearly all of them would be), the others dropped."""
        import numpy as np

        return self._ranked(self.scores(q, None)[mask], np.flatnonzero(mask), k)

    def _ranked(self, scores: np.ndarray, positions: np.ndarray | None, k: int) -> Ranked:
        """The best `k` of `scores` (of the rows at `positions`; None: of rows 0..), best first."""
        import numpy as np

        if len(scores) == 0:
            return Ranked((), ())
        k = min(k, len(scores))
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        rows = top if positions is None else positions[top]
        return Ranked(tuple(int(i) for i in self.ids[rows]), tuple(float(s) for s in scores[top]))

    def probe(self, q: np.ndarray, k: int, allowed: np.ndarray | None, mask: np.ndarray | None = None) -> Ranked:
        """The best `k` through the layout: the rows it does not know, the nearest lists, then the next
        ones while their centroid is within `SLACK` of the k-th best score so far (up to the partition's
        cap); with `allowed` (row positions), or a `mask` over the rows, only those rows count."""
        import numpy as np

        layout = self.layout
        assert layout is not None
        q8, q_scale = _quantized(q)
        if allowed is not None:
            mask = np.zeros(self.size, dtype=bool)
            mask[allowed] = True
        norm = float(np.linalg.norm(q)) or 1.0
        lists, sims = layout.nearest(q / norm, mask)
        starts, stops = layout.offsets[lists].tolist(), layout.offsets[lists + 1].tolist()
        found_scores: list[np.ndarray] = []
        found_rows: list[np.ndarray] = []
        best = np.zeros(0, dtype=np.float32)  # the k best scores so far

        def score(start: int, stop: int) -> None:
            nonlocal best
            if stop <= start:
                return
            if mask is None:
                s, r = self._dots(q8, q_scale, start, stop), np.arange(start, stop)
            else:
                inside = mask[start:stop]
                r = np.flatnonzero(inside) + start
                if len(r) * 4 < stop - start:  # few of the slice allowed: gather those
                    s = self._gathered(q8, q_scale, r)
                else:
                    s = self._dots(q8, q_scale, start, stop)[inside]
            if len(s):
                found_scores.append(s)
                found_rows.append(r)
                merged = np.concatenate([best, s])
                best = merged if len(merged) <= k else np.partition(merged, len(merged) - k)[-k:]

        score(layout.covered, self.size)
        budget = max(layout.covered * SCAN_SHARE, MIN_SCAN)  # rows a query may score past the first lists
        scanned = 0
        for n in range(len(lists)):
            if n >= FIRST_PROBES and len(best) >= k and (sims[n] < best.min() - SLACK or scanned >= budget):
                break  # centroids only get farther, and the k-th score only higher
            score(starts[n], stops[n])
            scanned += stops[n] - starts[n]
        if mask is not None and len(best) < k:  # the probed lists hold too few allowed: score them all
            if allowed is None:
                return self.top_of_mask(q, mask, k)
            if len(best) < len(allowed):
                return self.top(q, allowed, k)
        if not found_scores:
            return Ranked((), ())
        return self._ranked(np.concatenate(found_scores), np.concatenate(found_rows), k)


def in_runs(ids: np.ndarray, runs: Sequence[tuple[int, int]]) -> np.ndarray:
    """A mask over `ids`: set where the id lies in one of the `runs` (lowest, highest; disjoint)."""
    import numpy as np

    if len(runs) > 4:  # many runs (mail far out of date order): each id looked up among them once
        lows, highs = (np.array(side, dtype=np.int64) for side in zip(*sorted(runs), strict=True))
        at = np.searchsorted(lows, ids, side="right") - 1
        found: np.ndarray = (at >= 0) & (ids <= highs[np.maximum(at, 0)])
        return found
    inside = np.zeros(len(ids), dtype=bool)
    for low, high in runs:
        inside |= (ids >= low) & (ids <= high)
    return inside


def _int8_dots(rows: np.ndarray, q8: np.ndarray) -> np.ndarray:
    """The exact integer dot product of each int8 row with the int8 query, as int32."""
    import numpy as np

    return np.einsum("ij,j->i", rows, q8.reshape(-1).astype(np.int16), dtype=np.int32)


def _quantized(q: np.ndarray) -> tuple[np.ndarray, float]:
    """The query as an int8 column and its scale (max |x| / 127)."""
    import numpy as np

    q_scale = float(np.abs(q).max()) / 127.0 or 1.0
    return np.clip(np.rint(q / q_scale), -127, 127).astype(np.int8).reshape(-1, 1), q_scale


def _grown(array: np.ndarray, capacity: int, used: int) -> np.ndarray:
    import numpy as np

    out = np.zeros((capacity, *array.shape[1:]), dtype=array.dtype)
    out[:used] = array[:used]
    return out
