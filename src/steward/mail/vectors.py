"""Message vectors: how they are stored (int8 with a scale) and searched (brute force, in memory).

A unit vector is stored as 4 bytes of float32 scale and `dim` int8 components (388 bytes for MiniLM's
384), a quarter of float32; the rounding moves a cosine by about 0.002, far below the gaps that decide
a ranking. `VectorIndex` holds every vector as one int8 matrix (100k messages: 38 MB) and scores a
query against all of them with one integer matrix product on ONNX Runtime (numpy has no fast int8
or float16 product). It grows in place, so a long-running server refreshes it with only the new rows.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from steward.store import vectors as repo

if TYPE_CHECKING:
    import numpy as np


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
    """Every stored vector in memory; `search` is exact (brute force) over all of them.

    `refresh(conn)` loads what was added since the last call; a server keeps one index warm and
    refreshes it before each search, a command loads it once.
    """

    def __init__(self, dim: int) -> None:
        import numpy as np

        self.dim = dim
        self._ids = np.zeros(0, dtype=np.int64)
        self._matrix = np.zeros((0, dim), dtype=np.int8)
        self._scales = np.zeros(0, dtype=np.float32)
        self._size = 0
        self._last_id = 0
        self._seen: tuple[int, int] | None = None
        self._generation: int | None = None
        self._lock = threading.Lock()
        self._session: Any = None

    def __len__(self) -> int:
        return self._size

    @property
    def nbytes(self) -> int:
        """Memory held by the index's arrays (capacity included)."""
        return int(self._ids.nbytes + self._matrix.nbytes + self._scales.nbytes)

    def add(self, ids: Sequence[int], matrix: np.ndarray, scales: np.ndarray) -> None:
        """Append rows (ids must be new); capacity grows by a quarter so appends stay cheap."""
        import numpy as np

        n = len(ids)
        if n == 0:
            return
        need = self._size + n
        if need > len(self._ids):
            self._reserve(max(need, len(self._ids) + len(self._ids) // 4, 1024))
        self._ids[self._size:need] = np.asarray(ids, dtype=np.int64)
        self._matrix[self._size:need] = matrix
        self._scales[self._size:need] = scales
        self._size = need
        self._last_id = max(self._last_id, int(max(ids)))

    def refresh(self, conn: sqlite3.Connection) -> int:
        """Load vectors stored since the last refresh; returns how many were added.

        Cheap when nothing changed (two counters compared). New messages only ever get larger ids, so
        rows past the last id loaded are the new ones; if vectors were replaced (`mail index` re-embedding
        an older embedder's, or `--rebuild`), or the table holds a different number of rows than appending
        explains (messages deleted), the index is reloaded whole.
        """
        with self._lock:
            seen = (repo.data_version(conn), conn.total_changes)
            if seen == self._seen:
                return 0
            generation = repo.generation(conn)
            if generation != self._generation:
                self._reset()
                self._generation = generation
            if self._size == 0:
                # a first (or whole) load: room for what is stored plus a little, not a doubling's slack
                self._reserve(repo.count_vectors(conn) + 1024)
            added = self._load(conn, self._last_id)
            if repo.count_vectors(conn) != self._size:
                self._reset()
                self._reserve(repo.count_vectors(conn) + 1024)
                added = self._load(conn, 0)
            self._seen = (repo.data_version(conn), conn.total_changes)
            return added

    def _reserve(self, capacity: int) -> None:
        """Make room for `capacity` rows in all (no-op when there is room already)."""
        if capacity > len(self._ids):
            self._ids = _grown(self._ids, capacity, self._size)
            self._matrix = _grown(self._matrix, capacity, self._size)
            self._scales = _grown(self._scales, capacity, self._size)

    def _reset(self) -> None:
        self._size = 0
        self._last_id = 0

    def _load(self, conn: sqlite3.Connection, after_id: int) -> int:
        added = 0
        for rows in repo.iter_vectors(conn, after_id):
            matrix, scales = decode([r[1] for r in rows], self.dim)
            self.add([int(r[0]) for r in rows], matrix, scales)
            added += len(rows)
        return added

    def search(self, query: np.ndarray, k: int, allowed: np.ndarray | None = None) -> Ranked:
        """The `k` nearest messages to a unit `query` vector, optionally only among `allowed` ids."""
        import numpy as np

        if self._size == 0 or k < 1:
            return Ranked((), ())
        scores = self.scores(query)
        ids = self._ids[: self._size]
        if allowed is not None:
            scores = np.where(np.isin(ids, allowed, assume_unique=False), scores, -np.inf)
        k = min(k, self._size)
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        top = top[np.isfinite(scores[top])]
        return Ranked(tuple(int(i) for i in ids[top]), tuple(float(s) for s in scores[top]))

    def scores(self, query: np.ndarray) -> np.ndarray:
        """Cosine similarity of the query to every row (float32, index order)."""
        import numpy as np

        q = np.asarray(query, dtype=np.float32).reshape(-1)
        q_scale = float(np.abs(q).max()) / 127.0 or 1.0
        q8 = np.clip(np.rint(q / q_scale), -127, 127).astype(np.int8).reshape(-1, 1)
        dots = self._int8_session().run(None, {"X": self._matrix[: self._size], "q": q8})[0].reshape(-1)
        result: np.ndarray = dots.astype(np.float32) * (self._scales[: self._size] * np.float32(q_scale))
        return result

    def _int8_session(self) -> Any:
        if self._session is None:
            self._session = _matmul_integer_session(self.dim)
        return self._session


def _grown(array: np.ndarray, capacity: int, used: int) -> np.ndarray:
    import numpy as np

    out = np.zeros((capacity, *array.shape[1:]), dtype=array.dtype)
    out[:used] = array[:used]
    return out


def _matmul_integer_session(dim: int) -> Any:
    """An ONNX Runtime session computing X[n, dim] (int8) @ q[dim, 1] (int8) -> int32, one thread."""
    import onnxruntime as ort
    from onnx import TensorProto, helper

    graph = helper.make_graph(
        [helper.make_node("MatMulInteger", ["X", "q"], ["dots"])], "int8_scores",
        [helper.make_tensor_value_info("X", TensorProto.INT8, ["n", dim]),
         helper.make_tensor_value_info("q", TensorProto.INT8, [dim, 1])],
        [helper.make_tensor_value_info("dots", TensorProto.INT32, ["n", 1])],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="steward")
    model.ir_version = 8
    options = ort.SessionOptions()
    # the product is bound by memory bandwidth: a second thread buys little and costs the other core
    options.intra_op_num_threads = 1
    options.log_severity_level = 3
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
