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
GRAPH_VERSION = 3
# int8 weights use 7 bits (+-63): see _Int8Linear
WEIGHT_LEVELS = 63

_MS = "com.microsoft"  # onnxruntime's contrib operators (BiasGelu, MatMulIntegerToFloat)

_DTYPES = {"F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4"}


@dataclass(frozen=True)
class BertConfig:
    """The shape of the BERT encoder the ONNX graph is built for."""

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

    def op_ms(self, kind: str, *inputs: str, **attrs: Any) -> str:
        """An onnxruntime contrib operator (domain com.microsoft)."""
        out = self.op(kind, *inputs, **attrs)
        self.nodes[-1].domain = _MS
        return out


def build_sentence_encoder(weights: dict[str, np.ndarray], config: BertConfig, *, int8: bool = False
                           ) -> onnx.ModelProto:
    """The BERT encoder with mean pooling and L2 normalisation as one ONNX model.

    Inputs `input_ids` and `attention_mask` (int64, [batch, seq]); output `sentence_embedding`
    (float32, [batch, hidden], rows of unit length). Token types are all 0 for single sentences, so the
    type-0 embedding is folded into the position table.

    With `int8`, every linear layer of the encoder (query, key, value, attention output and both
    feed-forward layers) multiplies in int8: weights quantized once per output channel (symmetric),
    activations quantized per token at run time (`_Int8Linear`). A per-token scale makes a token's
    result depend on that token alone, so a text's vector does not depend on the texts batched with
    it, which per-tensor dynamic quantization (onnxruntime's `quantize_dynamic`) cannot give.
    Embeddings, layer norms, attention scores and pooling stay float32.
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

    int8_linear = _Int8Linear(g) if int8 else None

    def matmul(x: str, prefix: str, quantized: tuple[str, str] | None = None) -> str:
        """x @ W for a torch Linear (stored [out, in]; MatMul wants [in, out]), without its bias."""
        weight = np.ascontiguousarray(w(prefix + ".weight").T)
        if int8_linear is None:
            return g.op("MatMul", x, g.const(prefix + ".weight", weight))
        return int8_linear(x, weight, prefix, quantized)

    def bias(prefix: str) -> str:
        return g.const(prefix + ".bias", w(prefix + ".bias"))

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
    attn_bias = g.op("Mul", g.op("Sub", one_f, mask), neg)
    attn_bias = g.op("Unsqueeze", attn_bias, g.const("bias_axes", np.array([1, 2], i64)))
    scale = g.const("attn_scale", np.array(1.0 / math.sqrt(head_dim), f32))

    for i in range(config.layers):
        p = f"encoder.layer.{i}."

        def heads_of(t: str) -> str:
            return g.op("Transpose", g.op("Reshape", t, split_heads), perm=[0, 2, 1, 3])

        # query, key and value read the same input: quantize it once
        shared = int8_linear.quantize(x) if int8_linear is not None else None
        q, k, v = (heads_of(g.op("Add", matmul(x, p + f"attention.self.{n}", shared), bias(p + f"attention.self.{n}")))
                   for n in ("query", "key", "value"))
        scores = g.op("Add", g.op("Mul", g.op("MatMul", q, g.op("Transpose", k, perm=[0, 1, 3, 2])), scale),
                      attn_bias)
        context = g.op("MatMul", g.op("Softmax", scores, axis=-1), v)
        context = g.op("Reshape", g.op("Transpose", context, perm=[0, 2, 1, 3]), merge_heads)
        out = g.op("Add", matmul(context, p + "attention.output.dense"), bias(p + "attention.output.dense"))
        # residual, then LayerNorm: Add + LayerNormalization (a session must not fuse them into
        # SkipLayerNormalization, measured 5x slower here: see minilm.DISABLED_OPTIMIZERS)
        x = layer_norm(g.op("Add", out, x), p + "attention.output.LayerNorm")
        # exact (erf) GELU with the bias added in the same kernel
        gelu = g.op_ms("BiasGelu", matmul(x, p + "intermediate.dense"), bias(p + "intermediate.dense"))
        out = g.op("Add", matmul(gelu, p + "output.dense"), bias(p + "output.dense"))
        x = layer_norm(g.op("Add", out, x), p + "output.LayerNorm")

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
    opsets = [helper.make_opsetid("", 17), helper.make_opsetid(_MS, 1)]
    model = helper.make_model(graph, opset_imports=opsets, producer_name="steward")
    model.ir_version = 8
    return model


class _Int8Linear:
    """x @ W in int8 (W [in, out]): the graph nodes, and the weights quantized once.

    Weights: symmetric per output channel in 7 bits (scale = max |column| / 63). Activations: symmetric
    per token (scale = max |row| / 127), stored as uint8 with zero point 128, because onnxruntime's
    fast int8 kernels (VNNI, AVX2) take unsigned activations with signed weights; signed-by-signed was
    measured 12x slower. The 7th bit is left off the weights for CPUs without VNNI: their AVX2 kernel
    adds two uint8 x int8 products in int16, which 255 x 127 x 2 overflows (saturates) and 255 x 63 x 2
    does not (onnxruntime's `reduce_range` for the same reason). `MatMulIntegerToFloat` applies the weight scales; the token scales follow.
    """

    def __init__(self, g: _Graph) -> None:
        import numpy as np

        self.g = g
        self.inv127 = g.const("q_inv127", np.array(1.0 / 127.0, np.float32))
        self.tiny = g.const("q_tiny", np.array(1e-30, np.float32))
        self.unit = g.const("q_unit", np.array(1.0, np.float32))
        self.zero_a = g.const("q_zero_a", np.array(128, np.uint8))
        self.zero_w = g.const("q_zero_w", np.array(0, np.int8))

    def quantize(self, x: str) -> tuple[str, str]:
        """(x as uint8 per token, the per-token scale [..., 1])."""
        g = self.g
        amax = g.op("ReduceMax", g.op("Abs", x), axes=[-1], keepdims=1)
        scale = g.op("Mul", g.op("Max", amax, self.tiny), self.inv127)
        return g.op("QuantizeLinear", g.op("Div", x, scale), self.unit, self.zero_a), scale

    def __call__(self, x: str, weight: np.ndarray, prefix: str, quantized: tuple[str, str] | None) -> str:
        import numpy as np

        g = self.g
        w_scale = np.abs(weight).max(axis=0) / WEIGHT_LEVELS
        w_scale[w_scale == 0] = 1.0
        w_int8 = np.clip(np.rint(weight / w_scale), -WEIGHT_LEVELS, WEIGHT_LEVELS).astype(np.int8)
        xq, x_scale = quantized or self.quantize(x)
        y = g.op_ms("MatMulIntegerToFloat", xq, g.const(prefix + ".weight_int8", np.ascontiguousarray(w_int8)),
                    self.unit, g.const(prefix + ".weight_scale", w_scale.astype(np.float32)), self.zero_a,
                    self.zero_w)
        return g.op("Mul", y, x_scale)
