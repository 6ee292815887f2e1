"""Sentence embeddings: the `Embedder` protocol and the bundled all-MiniLM-L6-v2 adapter.

An embedder turns texts into rows of unit length, so cosine similarity is a dot product. The default
adapter (`steward.embed.minilm.MiniLMEmbedder`) runs all-MiniLM-L6-v2 on ONNX Runtime without torch;
it is built by `App.embedder` and loads nothing until its first `embed` call. This module imports no
numpy at run time, so importing it costs nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Embedder"]


@runtime_checkable
class Embedder(Protocol):
    """Texts in, an (n, dim) float32 array out, each row L2-normalised."""

    dim: int

    @property
    def name(self) -> str:
        """What decides the vectors (model and how it is run): stored beside each vector it makes."""
        ...

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed `texts` in order; an empty sequence gives a (0, dim) array."""
        ...

    def pieces(self, word: str) -> int:
        """How many pieces the model's vocabulary cuts `word` into (1: a word it knows whole)."""
        ...
