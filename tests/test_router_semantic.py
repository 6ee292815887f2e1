"""The semantic router on the bundled MiniLM: exemplar vectors, threshold, fallback, cache."""

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from steward.assistant.router import IntentData, Router, RouterData, exemplar_key, load_router_data


@pytest.fixture(scope="module")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from steward.embed.minilm import MiniLMEmbedder

    return MiniLMEmbedder(tmp_path_factory.mktemp("models"))


@pytest.fixture(scope="module")
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One exemplar-vector cache for the module, as a user's data dir keeps one."""
    return tmp_path_factory.mktemp("router-cache")


class Counting:
    """The real embedder, counting the texts it is asked for."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.dim = inner.dim
        self.name = getattr(inner, "name", type(inner).__name__)
        self.texts = 0

    def embed(self, texts: Sequence[str]) -> Any:
        self.texts += len(texts)
        return self.inner.embed(texts)


@pytest.mark.parametrize("text,intent", [
    ("is there anything on my agenda for thursday evening", "calendar"),
    ("has my landlord sent me any mail this week", "communication"),
    ("how much do I still owe on the visa card", "finance"),
    ("what's the weather going to be like this weekend", "out_of_scope"),
    ("run through today's digest for me", "brief"),
])
def test_paraphrases_route_by_meaning(embedder: Any, shared_cache: Path, text: str, intent: str) -> None:
    router = Router(load_router_data(), threshold=0.45, embedder=lambda: embedder, cache_dir=shared_cache)
    route = router.classify(text)
    assert (route.intent, route.source) == (intent, "semantic")
    assert route.confidence >= 0.45


def test_below_the_threshold_the_keywords_decide(embedder: Any, shared_cache: Path) -> None:
    router = Router(load_router_data(), threshold=0.99, embedder=lambda: embedder, cache_dir=shared_cache)
    route = router.classify("how many emails from the school")
    assert (route.intent, route.source) == ("communication", "keyword")
    assert router.classify("zebra crossing paint colours").source == "none"


def test_exemplar_vectors_are_cached_and_keyed_by_the_exemplars(embedder: Any, tmp_path: Path) -> None:
    data = load_router_data()
    first = Counting(embedder)
    Router(data, embedder=lambda: first, cache_dir=tmp_path).classify("what's on tomorrow")
    assert first.texts == data.exemplar_count + 1
    [cached] = list(tmp_path.glob("router-exemplars-*.npy"))
    assert exemplar_key(data, first.name, embedder.dim) in cached.name

    again = Counting(embedder)
    Router(data, embedder=lambda: again, cache_dir=tmp_path).classify("what's on tomorrow")
    assert again.texts == 1  # only the turn itself is embedded

    changed = RouterData(data.intents + (IntentData("extra", (), ("a brand new exemplar",)),))
    assert exemplar_key(changed, "MiniLMEmbedder", embedder.dim) != exemplar_key(data, "MiniLMEmbedder", embedder.dim)


def test_the_flag_turns_semantic_routing_off(cli, monkeypatch) -> None:
    on = cli("route", "--json", "has my landlord sent me any mail this week").json()
    assert on["source"] == "semantic" and on["intent"] == "communication"
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    off = cli("route", "--json", "has my landlord sent me any mail this week").json()
    assert off["source"] in {"keyword", "none"}


# -- out of scope, and domains that keep their turns ------------------------------------------------------
@pytest.mark.parametrize("text", [
    "is it going to be sunny on monday",
    "when is elvis presley's birthday",
    "what gigs are on in town next weekend",
    "stick cheese on the shopping list",
    "play the new album by adele",
    "my day has been really stressful",
])
def test_what_steward_does_not_do_stays_out_of_its_domains(embedder: Any, shared_cache: Path, text: str) -> None:
    # a keyword ("birthday", "event", "list") alone does not pull the turn into the calendar
    router = Router(load_router_data(), threshold=0.4, embedder=lambda: embedder, cache_dir=shared_cache)
    assert router.classify(text).intent in ("general", "out_of_scope")


@pytest.mark.parametrize("text,intent", [
    ("am i free at three on wednesday", "calendar"),
    ("what have i got to get done this week", "calendar"),
    ("get me up at seven thirty", "calendar"),
    ("cancel the dinner tomorrow night", "calendar"),
    ("what is ben's office phone number", "communication"),
    ("email the committee that the meeting is off", "communication"),
    ("what do I owe?", "finance"),
    ("show my brief", "brief"),
])
def test_domain_turns_keep_their_domain(embedder: Any, shared_cache: Path, text: str, intent: str) -> None:
    from steward.assistant.router import promote_to_action_intent
    from steward.vocab import load_vocab

    router = Router(load_router_data(), threshold=0.4, embedder=lambda: embedder, cache_dir=shared_cache)
    # after promotion too: "cancel ..." stays calendar rather than becoming an `action`
    assert promote_to_action_intent(router.classify(text), text, load_vocab()).intent == intent
