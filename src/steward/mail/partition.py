"""The approximate side of vector search: the stored vectors split into lists by faiss's k-means.

Above a size (`search.approximate_above`), scoring every vector for every query costs more than a
search may (1M int8 vectors: about 390 MB read per query). A `Partition` clusters the vectors with
faiss's spherical k-means (about sqrt(n) lists) and remembers each vector's list; a query scores only the
vectors of the lists whose centroids are nearest to it (`probes` of them), plus every vector added since
the partition was built. The scores are the same int8 products as exact search, so a vector that is
probed is ranked exactly; recall is lost only where a true neighbour sits in a list not probed (measured
by bench/scale.py against exact search). There is one copy of the vectors: the index's own int8 matrix.

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

TRAIN_PER_LIST = 40  # k-means trains on this many vectors per list (faiss warns below 39)
PROBE_SHARE = 0.06  # a query scores the nearest 6% of the lists (bench/scale.py: recall@10 >= 0.99)
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
        """How many of the nearest lists a query scores."""
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
    """Cluster `matrix` (int8 rows with their scales, ids ascending) into about sqrt(n) lists."""
    import faiss
    import numpy as np

    n, dim = matrix.shape
    lists = max(16, min(4096, round(math.sqrt(n))))
    faiss.omp_set_num_threads(max(1, threads))
    rng = np.random.default_rng(seed)
    sample = np.sort(rng.choice(n, size=min(n, TRAIN_PER_LIST * lists), replace=False))
    kmeans = faiss.Kmeans(dim, lists, niter=12, spherical=True, seed=seed, verbose=False,
                          max_points_per_centroid=TRAIN_PER_LIST)
    kmeans.train(_unit(matrix[sample], scales[sample]))
    centroids = np.ascontiguousarray(kmeans.centroids, dtype=np.float32)
    nearest = faiss.IndexFlatIP(dim)
    nearest.add(centroids)
    assigned = np.empty(n, dtype=np.int32)
    for start in range(0, n, CHUNK):
        stop = min(n, start + CHUNK)
        assigned[start:stop] = nearest.search(_unit(matrix[start:stop], scales[start:stop]), 1)[1][:, 0]
    return Partition(centroids, np.array(ids, dtype=np.int64), assigned, generation)


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
    return Partition(centroids.astype(np.float32), ids.astype(np.int64), lists.astype(np.int32), generation)


@dataclass(frozen=True)
class Layout:
    """A partition laid over the rows an index holds: the rows of each list, and the rows it misses.

    `members[offsets[l]:offsets[l + 1]]` are the row positions in list `l`; `tail` are rows the
    partition does not know (added since it was built); rows at or past `size` are newer still."""

    partition: Partition
    members: np.ndarray
    offsets: np.ndarray
    tail: np.ndarray
    size: int

    @property
    def covered(self) -> int:
        """How many rows the partition places in a list."""
        return len(self.members)

    def expected_scan(self, size: int) -> int:
        """About how many rows a query scores through this layout (an index of `size` rows)."""
        p = self.partition
        return self.covered * p.probes // len(p.centroids) + len(self.tail) + max(0, size - self.size)

    def candidates(self, query: np.ndarray, size: int) -> np.ndarray:
        """Row positions a query scores: its nearest lists', the tail, and rows newer than the layout."""
        import numpy as np

        p = self.partition
        nearest = np.argpartition(-(p.centroids @ query), p.probes - 1)[: p.probes]
        parts = [self.members[self.offsets[i]:self.offsets[i + 1]] for i in nearest]
        parts.append(self.tail)
        if size > self.size:
            parts.append(np.arange(self.size, size, dtype=np.int64))
        return np.concatenate(parts)


def lay_out(partition: Partition, ids: np.ndarray) -> Layout:
    """Place a partition over an index's rows (`ids` ascending); ids it does not hold are left out."""
    import numpy as np

    size = len(ids)
    pos = np.searchsorted(ids, partition.ids)
    pos_clipped = np.minimum(pos, max(size - 1, 0))
    held = (pos < size) & (ids[pos_clipped] == partition.ids) if size else np.zeros(len(pos), dtype=bool)
    pos, lists = pos[held].astype(np.int64), partition.lists[held]
    order = np.argsort(lists, kind="stable")
    members = pos[order]
    offsets = np.searchsorted(lists[order], np.arange(len(partition.centroids) + 1))
    placed = np.zeros(size, dtype=bool)
    placed[members] = True
    return Layout(partition, members, offsets, np.flatnonzero(~placed).astype(np.int64), size)
