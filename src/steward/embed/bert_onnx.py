"""Build an ONNX graph of a BERT sentence encoder (mean pooling + L2 norm) from its safetensors weights.

No torch: the weights are read straight from the safetensors file (an 8-byte header length, a JSON
header, then raw little-endian tensors) and the graph is written with the `onnx` helper API. The graph
does what sentence-transformers does for all-MiniLM-L6-v2: BERT encoder, mean of the token vectors
under the attention mask, then L2 normalisation, so one `run` returns finished sentence vectors.
"""

from __future__ import annotations

import json
import math
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import onnx

# bump when the graph below changes, so cached graphs built by an older version are rebuilt
GRAPH_VERSION = 1

_DTYPES = {"F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4"}


@dataclass(frozen=True)
class BertConfig:
    hidden: int
    heads: int
    layers: int
    layer_norm_eps: float

    @classmethod
    def from_file(cls, path: Path) -> BertConfig:
        """Read the few fields the graph needs from a Hugging Face `config.json`."""
        raw = json.loads(path.read_text(encoding="utf-8"))
        return cls(
            hidden=int(raw["hidden_size"]),
            heads=int(raw["num_attention_heads"]),
            layers=int(raw["num_hidden_layers"]),
            layer_norm_eps=float(raw.get("layer_norm_eps", 1e-12)),
        )


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor in a safetensors file as a numpy array (copied out of the file)."""
    import numpy as np

    data = path.read_bytes()
    (header_len,) = struct.unpack("<Q", data[:8])
    header: dict[str, Any] = json.loads(data[8 : 8 + header_len])
    base = 8 + header_len
    out: dict[str, np.ndarray] = {}
    for name, meta in header.items():
        if name == "__metadata__":
            continue
        dtype = _DTYPES.get(meta["dtype"])
        if dtype is None:
            raise ValueError(f"{path}: tensor {name} has unsupported dtype {meta['dtype']}")
        begin, end = meta["data_offsets"]
        array = np.frombuffer(data, dtype=dtype, count=(end - begin) // np.dtype(dtype).itemsize,
                              offset=base + begin)
        out[name] = array.reshape(meta["shape"]).copy()
    return out


class _Graph:
    """A small builder: named initializers and nodes, with unique output names."""

    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.inits: list[onnx.TensorProto] = []
        self._n = 0

    def const(self, name: str, array: np.ndarray) -> str:
        from onnx import numpy_helper

        self.inits.append(numpy_helper.from_array(array, name))
        return name

    def op(self, kind: str, *inputs: str, **attrs: Any) -> str:
        from onnx import helper

        self._n += 1
        out = f"{kind.lower()}_{self._n}"
        self.nodes.append(helper.make_node(kind, list(inputs), [out], name=out, **attrs))
        return out


def build_sentence_encoder(weights: dict[str, np.ndarray], config: BertConfig) -> onnx.ModelProto:
    """The BERT encoder with mean pooling and L2 normalisation as one ONNX model.

    Inputs `input_ids` and `attention_mask` (int64, [batch, seq]); output `sentence_embedding`
    (float32, [batch, hidden], rows of unit length). Token types are all 0 for single sentences, so the
    type-0 embedding is folded into the position table.
    """
    import numpy as np
    from onnx import TensorProto, helper

    f32 = np.float32
    h, heads = config.hidden, config.heads
    head_dim = h // heads
    eps = config.layer_norm_eps
    g = _Graph()

    def w(name: str) -> np.ndarray:
        return np.ascontiguousarray(weights[name].astype(f32))

    def linear(x: str, prefix: str) -> str:
        # torch Linear stores [out, in]; MatMul wants [in, out]
        weight = g.const(prefix + ".weight", np.ascontiguousarray(w(prefix + ".weight").T))
        bias = g.const(prefix + ".bias", w(prefix + ".bias"))
        return g.op("Add", g.op("MatMul", x, weight), bias)

    def layer_norm(x: str, prefix: str) -> str:
        return g.op("LayerNormalization", x, g.const(prefix + ".weight", w(prefix + ".weight")),
                    g.const(prefix + ".bias", w(prefix + ".bias")), axis=-1, epsilon=eps)

    i64 = np.int64
    one_i = g.const("one_i", np.array([1], i64))
    two_i = g.const("two_i", np.array([2], i64))
    zero_i = g.const("zero_i", np.array([0], i64))
    one_f = g.const("one_f", np.array(1.0, f32))
    split_heads = g.const("split_heads", np.array([0, 0, heads, head_dim], i64))
    merge_heads = g.const("merge_heads", np.array([0, 0, h], i64))

    # embeddings: word + (position + token type 0), then LayerNorm
    words = g.op("Gather", g.const("word_embeddings", w("embeddings.word_embeddings.weight")), "input_ids")
    positions_table = w("embeddings.position_embeddings.weight") + w("embeddings.token_type_embeddings.weight")[0]
    seq_len = g.op("Slice", g.op("Shape", "input_ids"), one_i, two_i)
    positions = g.op("Slice", g.const("position_embeddings", positions_table), zero_i, seq_len, zero_i)
    x = layer_norm(g.op("Add", words, positions), "embeddings.LayerNorm")

    # additive attention bias [batch, 1, 1, seq]: 0 where attended, a large negative where padded
    mask = g.op("Cast", "attention_mask", to=TensorProto.FLOAT)
    neg = g.const("mask_neg", np.array(np.finfo(f32).min, f32))
    bias = g.op("Mul", g.op("Sub", one_f, mask), neg)
    bias = g.op("Unsqueeze", bias, g.const("bias_axes", np.array([1, 2], i64)))
    scale = g.const("attn_scale", np.array(1.0 / math.sqrt(head_dim), f32))
    sqrt_half = g.const("sqrt_half", np.array(1.0 / math.sqrt(2.0), f32))
    half = g.const("half", np.array(0.5, f32))

    for i in range(config.layers):
        p = f"encoder.layer.{i}."

        def heads_of(t: str) -> str:
            return g.op("Transpose", g.op("Reshape", t, split_heads), perm=[0, 2, 1, 3])

        q = heads_of(linear(x, p + "attention.self.query"))
        k = heads_of(linear(x, p + "attention.self.key"))
        v = heads_of(linear(x, p + "attention.self.value"))
        scores = g.op("Add", g.op("Mul", g.op("MatMul", q, g.op("Transpose", k, perm=[0, 1, 3, 2])), scale), bias)
        context = g.op("MatMul", g.op("Softmax", scores, axis=-1), v)
        context = g.op("Reshape", g.op("Transpose", context, perm=[0, 2, 1, 3]), merge_heads)
        x = layer_norm(g.op("Add", linear(context, p + "attention.output.dense"), x), p + "attention.output.LayerNorm")
        inner = linear(x, p + "intermediate.dense")
        # exact (erf) GELU, as BERT uses; onnxruntime fuses this pattern into one Gelu kernel
        gelu = g.op("Mul", g.op("Mul", inner, half),
                    g.op("Add", g.op("Erf", g.op("Mul", inner, sqrt_half)), one_f))
        x = layer_norm(g.op("Add", linear(gelu, p + "output.dense"), x), p + "output.LayerNorm")

    # mean pooling over attended tokens, then L2 normalisation (sentence-transformers' Pooling + Normalize)
    mask3 = g.op("Unsqueeze", mask, g.const("mask_axis", np.array([-1], i64)))
    summed = g.op("ReduceSum", g.op("Mul", x, mask3), one_i, keepdims=0)
    counts = g.op("Max", g.op("ReduceSum", mask3, one_i, keepdims=0), g.const("min_count", np.array(1e-9, f32)))
    mean = g.op("Div", summed, counts)
    norm = g.op("Max", g.op("ReduceL2", mean, axes=[-1], keepdims=1), g.const("min_norm", np.array(1e-12, f32)))
    g.nodes.append(helper.make_node("Div", [mean, norm], ["sentence_embedding"], name="normalize"))

    graph = helper.make_graph(
        g.nodes, "sentence_encoder",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
         helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"])],
        [helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", h])],
        g.inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="steward")
    model.ir_version = 8
    return model
