"""A filtered semantic search finds what scoring only the messages its filters admit finds (dates,
categories, `from:` and `subject:` words, exclusions), through the partition's probing as through
exact search."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from steward.app import build_app
from steward.clock import make_clock
from steward.mail import hybrid
from steward.mail.query import free_text, parse_query
from steward.mail.sample import generate, write_mbox
from steward.paths import resolve_paths
from steward.settings import load

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
QUERIES = ["card payment after:2026-09-01", "statement subject:statement", "dinner plans before:2026-10-15",
           "money owed from:kaveribank.in", "my visit category:appointment", "anything about tax -refund"]


@pytest.fixture(scope="module")
def mbox(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_mbox(generate(NOW, count=600), tmp_path_factory.mktemp("filtered") / "sample.mbox")


@pytest.mark.parametrize("approximate_above", [0, 100])
def test_filtered_semantic_search_is_the_search_of_the_admitted(
        cli: Callable[..., object], steward_home: Path, mbox: Path, monkeypatch: pytest.MonkeyPatch,
        approximate_above: int) -> None:
    """0: every vector scored; 100: the 600 vectors are probed through a partition."""
    monkeypatch.setenv("STEWARD_SEARCH_APPROXIMATE_ABOVE", str(approximate_above))
    r = cli("mail", "import", str(mbox), "--no-progress", "--now", NOW.isoformat())
    assert r.code == 0, r.err  # type: ignore[attr-defined]
    app = build_app(load(None), make_clock("Asia/Kolkata", NOW), resolve_paths())
    try:
        search = app.mail_search
        assert search.prepare_partition() == (approximate_above > 0)
        for query in QUERIES:
            plan = parse_query(query, search.clock)
            admitted = search._allowed(plan)  # noqa: SLF001 - the reference needs the same filters
            assert admitted is not None
            vector = app.embedder.embed([free_text(query)])[0]
            ranked = search.index().search(vector, hybrid.CANDIDATES, admitted, exact=True)
            expected = [round(s, 5) for s in ranked.scores if s >= search.min_similarity][:10]
            hits = search.search(query, mode="semantic", limit=10).hits
            # the sample repeats texts: equal vectors tie, and which of them comes first is no difference
            assert [round(h.score, 5) for h in hits] == expected, query
            assert {h.message.id for h in hits} <= set(admitted.tolist())
    finally:
        app.close()
