"""The approximate side of vector search: the stored vectors split into lists by faiss's k-means.

Above a size (`search.approximate_above`), scoring every vector for every query costs more than a
search may (1M int8 vectors: about 390 MB read per query). A `Partition` clusters the vectors with
faiss's spherical k-means (about sqrt(n) lists) and remembers each vector's list. Laid over an index
(`lay_out`), it puts the index's rows in list order, so that a list is one contiguous slice of the int8
matrix, followed by a tail of the rows it does not know (added since it was built), which every query
scores.

A query scores lists by their centroid's similarity to it, nearest first: always the first
`FIRST_PROBES`, then on until a centroid falls more than `SLACK` below the k-th best score found so far
(bench/vector_index.py: every list holding a true top-10 neighbour was within 0.05 of the 50th score
after four lists), or the rows scored past the first lists reach `SCAN_SHARE` of the index or
`MIN_SCAN` rows (what bounds a query's time: 1M vectors, 40k rows, about 10 ms on one core), or
`PROBE_SHARE` of the lists.
With a filter, only lists holding an allowed row count. The scores are the same int8 products as exact search, so a vector that is
probed is ranked exactly; recall is lost only where a true neighbour sits in a list not probed
(measured by bench/vector_index.py and bench/scale.py against exact search). There is one copy of the
vectors: the index's own int8 matrix.

faiss's own compressed indexes were measured here and not taken: IVF with 8-bit scalar codes held a
second copy of the vectors (1M: another 390 MB) and capped recall@10 at 0.975 against exact int8 search
(its codes round differently); HNSW (usearch int8, hnswlib) built at 400 vectors/s on two shared cores.

A partition is saved beside the store (`*.partition.npz`: centroids, ids and their lists; no text) and
read back by the next process, which remaps it onto the ids it loaded (deleted messages drop out).
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

LISTS_PER_ROOT = 1.0  # about sqrt(n) lists
TRAIN_PER_LIST = 40  # k-means trains on this many vectors per list (faiss warns below 39)
FIRST_PROBES = 4  # a query scores its nearest lists whatever their centroid's similarity...
SLACK = 0.06  # ...then those whose centroid is within this of the k-th best score so far...
PROBE_SHARE = 0.06  # ...and at most this share of the lists...
SCAN_SHARE = 0.04  # ...or, once past the first ones, this share of the rows (at least MIN_SCAN)
MIN_SCAN = 10_000
SPARSE = 4  # ids spanning more than this many times the rows are looked up by binary search
MIN_PROBES = 8
CHUNK = 20_000  # vectors decoded to float32 at a time while assigning lists


@dataclass(frozen=True)
class Partition:
    """Centroids (unit, float32 [lists, dim]) and the list of each partitioned id (ids ascending)."""

    centroids: np.ndarray
    ids: np.ndarray
    lists: np.ndarray
    generation: int

    @property
    def probes(self) -> int:
        """At most how many of the nearest lists a query scores."""
        n = len(self.centroids)
        return min(n, max(MIN_PROBES, math.ceil(n * PROBE_SHARE)))


def available() -> bool:
    """Whether faiss is installed (without it, every search is exact)."""
    try:
        import faiss  # noqa: F401
    except ImportError:
        return False
    return True


def build(ids: np.ndarray, matrix: np.ndarray, scales: np.ndarray, generation: int, *, threads: int = 1,
          seed: int = 0) -> Partition:
    """Cluster `matrix` (int8 rows with their scales, any id order) into about sqrt(n) lists."""
    import faiss
    import numpy as np

    n, dim = matrix.shape
    lists = max(16, min(8192, round(LISTS_PER_ROOT * math.sqrt(n))))
    faiss.omp_set_num_threads(max(1, threads))
    rng = np.random.default_rng(seed)
    sample = np.sort(rng.choice(n, size=min(n, TRAIN_PER_LIST * lists), replace=False))
    kmeans = faiss.Kmeans(dim, lists, niter=12, spherical=True, seed=seed, verbose=False,
                          max_points_per_centroid=TRAIN_PER_LIST)
    kmeans.train(_unit(matrix[sample], scales[sample]))
    centroids = np.ascontiguousarray(kmeans.centroids, dtype=np.float32)
    centroids /= np.maximum(np.linalg.norm(centroids, axis=1, keepdims=True), 1e-12)
    nearest = faiss.IndexFlatIP(dim)
    nearest.add(centroids)
    assigned = np.empty(n, dtype=np.int32)
    for start in range(0, n, CHUNK):
        stop = min(n, start + CHUNK)
        assigned[start:stop] = nearest.search(_unit(matrix[start:stop], scales[start:stop]), 1)[1][:, 0]
    order = np.argsort(ids, kind="stable")
    return Partition(centroids, np.array(ids, dtype=np.int64)[order], assigned[order], generation)


def _unit(matrix: np.ndarray, scales: np.ndarray) -> np.ndarray:
    import numpy as np

    rows = matrix.astype(np.float32) * scales[:, None]
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.ascontiguousarray(rows / norms)


def save(partition: Partition, path: Path) -> None:
    """Write the partition beside the store (atomically: a reader never sees half a file)."""
    import numpy as np

    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez(f, centroids=partition.centroids, ids=partition.ids, lists=partition.lists,
                 generation=np.array([partition.generation], dtype=np.int64))
    tmp.replace(path)


def load(path: Path, dim: int) -> Partition | None:
    """The partition saved at `path`, or None when there is none or it does not fit (another model)."""
    import numpy as np

    try:
        with np.load(path) as data:
            centroids, ids, lists = data["centroids"], data["ids"], data["lists"]
            generation = int(data["generation"][0])
    except FileNotFoundError:
        return None
    except (OSError, KeyError, ValueError) as exc:
        log.warning("ignoring the saved vector partition %s (%s); it is rebuilt", path, exc)
        return None
    if centroids.ndim != 2 or centroids.shape[1] != dim or len(ids) != len(lists):
        return None
    order = np.argsort(ids, kind="stable")
    return Partition(centroids.astype(np.float32), ids.astype(np.int64)[order], lists.astype(np.int32)[order],
                     generation)


@dataclass(frozen=True)
class Layout:
    """A partition laid over an index's rows, which it has put in list order (`partition` keeps its
    centroids; `placed` gives its ids and lists back).

    Rows `offsets[l]:offsets[l + 1]` are list `l`'s members (one contiguous slice); rows from `covered`
    to `size` are the tail the partition does not know (ids ascending); rows at or past `size` were
    appended since (ids ascending, above every earlier one). `row_of[id - first_id]` is the row of an
    id below `size` (-1: none), a table as long as the span of ids (they are rowids, nearly dense); where
    they are sparse (the span over `SPARSE` times the rows), `sorted_ids[i]` is held at row `row_of[i]`."""

    partition: Partition
    offsets: np.ndarray
    size: int
    first_id: int
    row_of: np.ndarray
    sorted_ids: np.ndarray | None = None

    @property
    def covered(self) -> int:
        """How many rows the partition places in a list."""
        return int(self.offsets[-1])

    def expected_scan(self, size: int) -> int:
        """About how many rows a query scores through this layout at least (an index of `size` rows)."""
        return self.covered * FIRST_PROBES // (len(self.offsets) - 1) + size - self.covered

    def nearest(self, query: np.ndarray, allowed: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """The lists a query may probe, nearest first (at most `probes`; with `allowed`, a mask over
        the rows, only lists holding an allowed row), and their centroids' similarities to it."""
        import numpy as np

        p = self.partition
        sims = p.centroids @ query
        if allowed is not None:
            offsets = self.offsets
            nonempty = offsets[1:] > offsets[:-1]
            held = np.zeros(len(sims), dtype=bool)
            held[nonempty] = np.logical_or.reduceat(allowed[: self.covered], offsets[:-1][nonempty])
            candidates = np.flatnonzero(held)
            sims_of = sims[candidates]
        else:
            candidates, sims_of = None, sims
        k = min(p.probes, len(sims_of))
        if k == 0:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        top = np.argpartition(-sims_of, k - 1)[:k] if k < len(sims_of) else np.arange(len(sims_of))
        top = top[np.argsort(-sims_of[top], kind="stable")]
        return (top if candidates is None else candidates[top]), sims_of[top]

    def rows_of(self, wanted: np.ndarray, ids: np.ndarray, size: int) -> np.ndarray:
        """Row positions of the `wanted` ids that the index holds (`ids`: its row order)."""
        import numpy as np

        if self.sorted_ids is None:
            at = wanted - self.first_id
            if len(at) and (at.min() < 0 or at.max() >= len(self.row_of)):
                at = at[(at >= 0) & (at < len(self.row_of))]
            rows = self.row_of[at]
            found = [rows[rows >= 0]]
        else:
            at = np.searchsorted(self.sorted_ids, wanted)
            inside = at < len(self.sorted_ids)
            at, hit = at[inside], wanted[inside]
            found = [self.row_of[at[self.sorted_ids[at] == hit]].astype(np.int64)]
        if size > self.size:  # appended since: ids ascending past every laid one
            newer = ids[self.size:size]
            rest = wanted[wanted >= newer[0]]
            pos = np.searchsorted(newer, rest)
            ok = pos < len(newer)
            pos, rest = pos[ok], rest[ok]
            found.append(pos[newer[pos] == rest] + self.size)
        return np.concatenate(found) if len(found) > 1 else found[0]

    def placed(self, ids: np.ndarray) -> Partition:
        """The partition as laid (its lists over the rows held; `ids` in row order), to lay again."""
        import numpy as np

        covered = ids[: self.covered]
        lists = np.repeat(np.arange(len(self.offsets) - 1, dtype=np.int32), np.diff(self.offsets))
        order = np.argsort(covered, kind="stable")
        p = self.partition
        return Partition(p.centroids, covered[order], lists[order], p.generation)


def lay_out(partition: Partition, ids: np.ndarray) -> tuple[Layout, np.ndarray]:
    """Lay a partition over an index's rows (`ids`: its row order, distinct); returns the layout and
    the permutation that puts the rows in its order (`new = old[perm]`). Ids it does not hold drop out."""
    import numpy as np

    size = len(ids)
    by_id = np.argsort(ids, kind="stable")
    held_ids = ids[by_id]
    pos = np.searchsorted(partition.ids, held_ids)
    inside = pos < len(partition.ids)
    known = np.zeros(size, dtype=bool)
    known[inside] = partition.ids[pos[inside]] == held_ids[inside]
    lists = np.full(size, len(partition.centroids), dtype=np.int64)  # past the last list: the tail
    lists[known] = partition.lists[pos[known]]
    # rows by list, each list's and the tail's by ascending id
    order = np.argsort(lists, kind="stable")
    perm = by_id[order]
    offsets = np.searchsorted(lists[order], np.arange(len(partition.centroids) + 1)).astype(np.int64)
    first = int(held_ids[0]) if size else 0
    span = int(held_ids[-1]) - first + 1 if size else 0
    kind = np.int32 if size < 2**31 else np.int64
    sorted_ids = None
    if span <= SPARSE * size + 1024:
        row_of = np.full(span, -1, dtype=kind)
        row_of[ids[perm] - first] = np.arange(size)
    else:  # ids far apart: look them up by binary search instead of a table of the whole span
        sorted_ids = held_ids
        row_of = np.argsort(ids[perm], kind="stable").astype(kind)
    # the layout holds the lists in its offsets: the partition's own ids and lists are not kept twice
    slim = Partition(partition.centroids, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int32),
                     partition.generation)
    return Layout(slim, offsets, size, first, row_of, sorted_ids), perm
