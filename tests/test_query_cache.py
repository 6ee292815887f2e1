"""A repeated search query is not embedded again; a server's workers share the model and the cache."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import numpy as np
import pytest

from steward.app import App, build_app
from steward.clock import make_clock
from steward.embed.minilm import MiniLMEmbedder
from steward.embed.queries import QueryCache
from steward.paths import resolve_paths
from steward.sample import generate, write_mbox
from steward.search.query import parse_query
from steward.settings import load

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))


@pytest.fixture
def home(cli: Callable[..., object], steward_home: Path, tmp_path: Path) -> Path:
    mbox = write_mbox(generate(NOW, count=120), tmp_path / "sample.mbox")
    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    return steward_home


def _app(**shared: object) -> App:
    return build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths(), **shared)  # type: ignore[arg-type]


def _count_embeds(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """Every call the model gets, with its texts (the real model still runs)."""
    calls: list[tuple[str, ...]] = []
    real = MiniLMEmbedder.embed

    def counted(self: MiniLMEmbedder, texts: list[str]) -> np.ndarray:
        calls.append(tuple(texts))
        return real(self, texts)

    monkeypatch.setattr(MiniLMEmbedder, "embed", counted)
    return calls


def _ids(result: object) -> list[int]:
    return [h.message.id for h in result.hits]  # type: ignore[attr-defined]


def test_a_repeated_query_is_embedded_once_and_finds_the_same(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = _app()
    try:
        calls = _count_embeds(monkeypatch)
        first = app.mail_search.search("card statement")
        again = app.mail_search.search("card statement")
        other = app.mail_search.search("dinner on saturday")
        assert first.hits and _ids(first) == _ids(again)
        assert calls == [("card statement",), ("dinner on saturday",)]
        assert other.hits
    finally:
        app.close()


def test_turned_off_every_search_embeds_its_query(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_SEARCH_QUERY_CACHE", "0")
    app = _app()
    try:
        calls = _count_embeds(monkeypatch)
        a = app.mail_search.search("card statement")
        b = app.mail_search.search("card statement")
        assert _ids(a) == _ids(b) and len(calls) == 2
    finally:
        app.close()


def test_workers_of_a_server_share_the_model_and_the_queries(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As `steward serve` wires them: a query one worker embedded is not embedded by the next."""
    owner = _app()
    workers = [_app(shared_vectors=owner.vector_index(background=False), shared_embedder=owner.embedder,
                    shared_queries=owner.query_cache) for _ in range(2)]
    try:
        assert workers[0].embedder is workers[1].embedder is owner.embedder
        calls = _count_embeds(monkeypatch)
        found = [_ids(w.mail_search.search("payment due")) for w in workers]
        assert found[0] and found[0] == found[1]
        assert calls == [("payment due",)]
    finally:
        for w in workers:
            w.close()
        owner.close()
    # a worker's close leaves the shared model usable by the others (only its owner closes it)
    assert owner.embedder.embed(["still here"]).shape == (1, 384)


def test_the_cache_keeps_its_size_and_is_keyed_by_model() -> None:
    class Fake:
        """An embedder whose vectors say which call made them."""

        dim = 2

        def __init__(self, name: str) -> None:
            self.name = name
            self.calls = 0

        def embed(self, texts: list[str]) -> np.ndarray:
            self.calls += 1
            return np.array([[self.calls, 0.0]] * len(texts), dtype=np.float32)

        def pieces(self, word: str) -> int:
            return 1

    cache = QueryCache(2)
    a, b = Fake("model-a"), Fake("model-b")
    assert cache.vector(a, "x")[0] == 1 and cache.vector(a, "x")[0] == 1
    assert cache.vector(b, "x")[0] == 1 and b.calls == 1  # another model's vector is never reused
    cache.vector(a, "y")  # holds two: ("model-a", "x") is dropped, the least recently used
    assert len(cache) == 2
    assert cache.vector(a, "x")[0] == 3
    with pytest.raises(ValueError):
        cache.vector(a, "x")[0] = 9  # a kept vector cannot be changed by the search that got it


def test_on_is_a_filler_word_like_the_others() -> None:
    """YAML reads a bare `on` as true; the stopword list keeps it as the word."""
    clock = make_clock("Asia/Kolkata", NOW)
    assert parse_query("money spent on my cards", clock).match() == '"money" AND "spent" AND "cards"'
    assert parse_query("on", clock).match() == '"on"'  # nothing else to search for: kept
