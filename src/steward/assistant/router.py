"""The router: which domain a turn belongs to.

`classify(text) -> Route(intent, confidence, source)`. The semantic router compares the turn's
MiniLM vector with exemplar utterances the project wrote per intent (`router.yaml`); below the
`router.threshold` confidence, or with no embedder, the keyword router decides; when no keyword
matches either, the turn is `general` with source `none`. `promote_to_action_intent` then relabels a
weak intent that carries a mutate verb as `action` (ADR-0103 Layer 1).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from steward.assistant.language import is_action_request
from steward.assistant.vocab import Phrase, Vocab, match_at, words
from steward.errors import ConfigError

log = logging.getLogger(__name__)

INTENTS = ("calendar", "communication", "finance", "brief", "system", "help", "general")
WEAK_INTENTS = frozenset({"general", "system", "help"})
SOURCES = ("semantic", "keyword", "none")


@dataclass(frozen=True)
class Route:
    """The router's answer for one turn."""

    intent: str
    confidence: float
    source: str  # semantic | keyword | none

    def to_json(self) -> dict[str, Any]:
        return {"intent": self.intent, "confidence": round(self.confidence, 4), "source": self.source}


@dataclass(frozen=True)
class IntentData:
    """One intent's keywords (for the fallback) and exemplars (for the semantic router)."""

    name: str
    keywords: tuple[Phrase, ...]
    exemplars: tuple[str, ...]


@dataclass(frozen=True)
class RouterData:
    intents: tuple[IntentData, ...]

    @property
    def exemplar_count(self) -> int:
        return sum(len(i.exemplars) for i in self.intents)


def load_router_data(path: Path | None = None) -> RouterData:
    """`router.yaml` shipped with Steward, or the file at `path`."""
    if path is None:
        text = (resources.files("steward.assistant") / "router.yaml").read_text(encoding="utf-8")
        where = "router.yaml"
    else:
        text, where = path.read_text(encoding="utf-8"), str(path)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{where}: not valid YAML ({exc})") from None
    table = data.get("intents") if isinstance(data, Mapping) else None
    if not isinstance(table, Mapping):
        raise ConfigError(f"{where}: expected an `intents` table")
    intents = []
    for name, body in table.items():
        body = body or {}
        keywords = [str(k) for k in body.get("keywords") or []]
        exemplars = [str(e).strip() for e in body.get("exemplars") or [] if str(e).strip()]
        phrases = tuple(sorted({tuple(words(k)) for k in keywords if words(k)}, key=lambda p: (-len(p), p)))
        intents.append(IntentData(str(name), phrases, tuple(exemplars)))
    missing = set(INTENTS) - {i.name for i in intents}
    if missing:
        raise ConfigError(f"{where}: intents missing: {', '.join(sorted(missing))}")
    return RouterData(tuple(intents))


def keyword_route(text: str, data: RouterData) -> Route:
    """The keyword fallback: the intent with the most keyword hits (longer phrases weigh more)."""
    norms = words(text)
    scores: dict[str, float] = {}
    for intent in data.intents:
        score = 0.0
        i = 0
        while i < len(norms):
            n = match_at(norms, i, intent.keywords)
            if n:
                score += n
                i += n
            else:
                i += 1
        if score:
            scores[intent.name] = score
    if not scores:
        return Route("general", 0.0, "none")
    best = max(scores, key=lambda k: (scores[k], -INTENTS.index(k) if k in INTENTS else 0))
    return Route(best, scores[best] / sum(scores.values()), "keyword")


def promote_to_action_intent(route: Route, text: str, vocab: Vocab) -> Route:
    """A weak intent (general/system/help) whose turn asks for a change becomes `action`."""
    if route.intent in WEAK_INTENTS and is_action_request(text, vocab):
        return Route("action", route.confidence, route.source)
    return route
