"""Search says when nothing matched: gibberish finds nothing, an off-topic ask is shown only its closest.

The query sets (bench/data/search_queries.json, search_honesty.yaml) are the ones the thresholds were
chosen on: these tests keep those cases from regressing; they say nothing of queries nobody has tried
(docs/benchmarks.md labels the figure development)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from serve_helpers import build_demo_home, in_process

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

NOW = "2026-11-01T12:00:00+05:30"


@pytest.mark.slow
def test_the_labelled_sets_are_told_honestly() -> None:
    from search_honesty import evaluate

    results = evaluate()
    assert results["nonsense"]["nothing"] == 1.0  # gibberish finds nothing
    assert results["off_topic"]["match"] == 0.0  # never "every word matched" for what is not there
    assert results["answered"]["nothing"] == 0.0  # what is there is still found
    assert results["answered"]["relevant_in_top10"] >= 0.9


@pytest.fixture(scope="module")
def demo_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo_home(tmp_path_factory.mktemp("honesty") / "home", NOW)


def test_the_cli_says_nothing_matched_and_shows_the_closest(cli, demo_home: Path) -> None:
    r = cli("--home", str(demo_home), "mail", "search", "asdfghjkl")
    assert r.code == 0 and r.out.strip() == "nothing matched 'asdfghjkl'"
    r = cli("--home", str(demo_home), "mail", "search", "flight")
    lines = r.out.strip().splitlines()
    assert lines[0] == "nothing matched 'flight'; the closest were:" and len(lines) > 1
    data = cli("--home", str(demo_home), "--json", "mail", "search", "flight").json()
    assert data["matched"] is False and data["note"].startswith("nothing matched")
    found = cli("--home", str(demo_home), "--json", "mail", "search", "statement").json()
    assert found["matched"] is True and found["hits"]


def test_the_api_says_so_too(demo_home: Path) -> None:
    with TestClient(in_process(demo_home, NOW), base_url="http://127.0.0.1:8765") as client:  # type: ignore[arg-type]
        gibberish = client.get("/mail/search", params={"q": "qwertyuiop"}).json()
        assert gibberish["matched"] is False and gibberish["hits"] == []
        weak = client.get("/mail/search", params={"q": "flight"}).json()
        assert weak["matched"] is False and weak["hits"] and "closest" in weak["note"]
