"""The keyword router (the semantic router's fallback) and action promotion."""

import pytest

from steward.assistant.router import Route, keyword_route, load_router_data, promote_to_action_intent
from steward.vocab import load_vocab

DATA = load_router_data()
V = load_vocab()


@pytest.mark.parametrize("text,intent", [
    ("what's my schedule tomorrow?", "calendar"),
    ("remind me to call mom", "calendar"),
    ("how many emails did I get from HDFC", "communication"),
    ("which banks emailed me this month", "communication"),
    ("what do I owe this month", "finance"),
    ("give me my morning briefing", "brief"),
    ("change my timezone setting", "system"),
    ("what can you do", "help"),
])
def test_keywords_pick_the_domain(text: str, intent: str) -> None:
    route = keyword_route(text, DATA)
    assert (route.intent, route.source) == (intent, "keyword")
    assert 0 < route.confidence <= 1


def test_nothing_matched_is_general_with_source_none() -> None:
    assert keyword_route("tell me a joke about penguins", DATA) == Route("general", 0.0, "none")


def test_weak_intents_with_a_mutate_verb_become_action() -> None:
    route = promote_to_action_intent(Route("general", 0.7, "semantic"), "set my timezone to PST", V)
    assert route.intent == "action" and route.source == "semantic"
    # a domain intent is left alone, and so is a weak intent with no mutate verb
    assert promote_to_action_intent(Route("calendar", 0.9, "semantic"), "add a meeting", V).intent == "calendar"
    assert promote_to_action_intent(Route("help", 0.9, "keyword"), "what can you do", V).intent == "help"


class MissingModel:
    """An embedder whose model files are not installed: it fails the way MiniLMEmbedder does."""

    dim = 384

    def embed(self, texts):  # noqa: ANN001, ANN201
        from steward.errors import ConfigError

        raise ConfigError("the embedding model is not installed")


def test_an_embedder_that_cannot_run_leaves_the_keywords_in_charge(caplog) -> None:
    from steward.assistant.router import Router

    router = Router(DATA, embedder=lambda: MissingModel())
    first = router.classify("how many emails did I get from HDFC")
    assert (first.intent, first.source) == ("communication", "keyword")
    assert router.classify("what do I owe").intent == "finance"
    assert sum("semantic routing is off" in r.message for r in caplog.records) == 1


def test_a_turn_that_opens_with_an_anchor_keeps_its_domain_whatever_it_mentions() -> None:
    from steward.assistant.router import anchored_route

    data = load_router_data()
    for text, intent in (("please remind me to take my umbrella because it may rain", "calendar"),
                         ("hey can you set an alarm for the football", "calendar"),
                         ("email mum that dinner is at eight on friday", "communication"),
                         ("reply to jo that the party moved to saturday", "communication")):
        assert anchored_route(text, data) == Route(intent, 1.0, "keyword"), text
    assert anchored_route("what's the weather like tomorrow", data) is None
