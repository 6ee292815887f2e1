"""The vectors of recent search queries, kept so a query asked again is not embedded again.

Embedding a short query is most of a hybrid search's cost (about 6 ms of one core for MiniLM here),
and people repeat queries: a page reloaded, the next page of hits, a household asking the same thing.
The cache is keyed by the embedder's `name` (model, graph, token cut) and the exact text, so a vector
is only ever reused for the text and the model that made it. `steward serve` keeps one cache for the
process, shared by its workers; `search.query_cache` sets its size (0 turns it off).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from steward.embed import Embedder


class QueryCache:
    """The last `size` query vectors, least recently used dropped first; safe to share between threads."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._vectors: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._vectors)

    def vector(self, embedder: Embedder, text: str) -> np.ndarray:
        """The embedding of `text` by `embedder`, from the cache when this model embedded it lately."""
        key = (embedder.name, text)
        with self._lock:
            found = self._vectors.get(key)
            if found is not None:
                self._vectors.move_to_end(key)
                self.hits += 1
                return found
            self.misses += 1
        vector = embedder.embed([text])[0]
        if self.size <= 0:
            return vector
        vector.setflags(write=False)  # shared by every later search of the same text
        with self._lock:
            self._vectors[key] = vector
            self._vectors.move_to_end(key)
            while len(self._vectors) > self.size:
                self._vectors.popitem(last=False)
        return vector

    def clear(self) -> None:
        """Forget every kept vector (a bench measuring the cost of a first search calls this)."""
        with self._lock:
            self._vectors.clear()
