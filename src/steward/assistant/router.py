"""The router: which domain a turn belongs to.

`classify(text) -> Route(intent, confidence, source)`. The semantic router compares the turn's
MiniLM vector with exemplar utterances the project wrote per intent (`router.yaml`); below the
`router.threshold` confidence, or with no embedder, the keyword router decides; when no keyword
matches either, the turn is `general` with source `none`. `out_of_scope` is an intent of its own
(exemplars of what Steward does not do): a turn whose nearest meaning is out of scope stays there a
little below the threshold too, so a keyword alone ("birthday", "event") cannot pull it in.
`promote_to_action_intent` then relabels a weak intent that carries a mutate verb as `action`
(ADR-0103 Layer 1).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from steward.errors import ConfigError, StewardError
from steward.vocab import Phrase, Vocab, match_at, words
from steward.vocab.language import is_action_request, is_config_request
from steward.yamldata import read_data

TYPE_CHECKING = False  # typing.TYPE_CHECKING, spelt so pathlib stays unloaded (a path is only ever handed in)
if TYPE_CHECKING:
    from pathlib import Path

log = logging.getLogger(__name__)

INTENTS = ("calendar", "communication", "finance", "brief", "system", "help", "general", "out_of_scope")
# what Steward does not do (weather, music, trivia, shopping lists, public events, chit-chat): a turn
# nearest to these exemplars stays out of the domains even when a keyword ("birthday", "event") would
# pull it in
OUT_OF_SCOPE = "out_of_scope"
# a turn whose nearest meaning is out of scope stays out of scope down to this much below the threshold
# (where the keywords would otherwise decide, and a keyword alone could pull it in)
OOS_MARGIN = 0.2
WEAK_INTENTS = frozenset({"general", "system", "help"})


@dataclass(frozen=True)
class Route:
    """The router's answer for one turn."""

    intent: str
    confidence: float
    source: str  # semantic | keyword | none

    def to_json(self) -> dict[str, Any]:
        """The route as the trace shows it: intent, confidence, source."""
        return {"intent": self.intent, "confidence": round(self.confidence, 4), "source": self.source}


@dataclass(frozen=True)
class IntentData:
    """One intent's keywords (for the fallback) and exemplars (for the semantic router)."""

    name: str
    keywords: tuple[Phrase, ...]
    exemplars: tuple[str, ...]
    # phrases that decide the intent when a turn opens with them ("remind me ...", "email mom ..."),
    # whatever else it mentions (the weather in "remind me to take my umbrella because it may rain")
    anchors: tuple[Phrase, ...] = ()


@dataclass(frozen=True)
class RouterData:
    """The router's intents (router.yaml): exemplars, keywords and the thresholds."""

    intents: tuple[IntentData, ...]

    @property
    def exemplar_count(self) -> int:
        """How many exemplar sentences the intents hold."""
        return sum(len(i.exemplars) for i in self.intents)


def load_router_data(path: Path | None = None) -> RouterData:
    """`router.yaml` shipped with Steward, or the file at `path`."""
    data, where = read_data("steward.assistant", "router.yaml", path)
    table = data.get("intents") if isinstance(data, Mapping) else None
    if not isinstance(table, Mapping):
        raise ConfigError(f"{where}: expected an `intents` table")
    intents = []
    for name, body in table.items():
        body = body or {}
        keywords = [str(k) for k in body.get("keywords") or []]
        exemplars = [str(e).strip() for e in body.get("exemplars") or [] if str(e).strip()]
        phrases = tuple(sorted({tuple(words(k)) for k in keywords if words(k)}, key=lambda p: (-len(p), p)))
        anchors = tuple(sorted({tuple(words(str(a))) for a in body.get("anchors") or [] if words(str(a))},
                               key=lambda p: (-len(p), p)))
        intents.append(IntentData(str(name), phrases, tuple(exemplars), anchors))
    missing = set(INTENTS) - {i.name for i in intents}
    if missing:
        raise ConfigError(f"{where}: intents missing: {', '.join(sorted(missing))}")
    return RouterData(tuple(intents))


# how far into a turn an anchor may open it ("hey olly can you *remind me* ...")
ANCHOR_WITHIN = 4


def anchored_route(text: str, data: RouterData) -> Route | None:
    """The intent a turn opens with an anchor of ("remind me", "email"), or None."""
    norms = words(text)
    for i in range(min(ANCHOR_WITHIN, len(norms))):
        for intent in data.intents:
            if intent.anchors and match_at(norms, i, intent.anchors):
                return Route(intent.name, 1.0, "keyword")
    return None


def keyword_route(text: str, data: RouterData) -> Route:
    """The keyword fallback: the intent with the most keyword hits (longer phrases weigh more)."""
    anchored = anchored_route(text, data)
    if anchored is not None:
        return anchored
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
    """A weak intent (general/system/help) whose turn asks for a change becomes `action`; so does a
    config-surface action ("add the dues section to my briefing") whatever the intent, since a domain
    noun ("dues") would send it to an agent that lacks the configure tools (ADR-0103 Layer 1)."""
    if route.intent in WEAK_INTENTS and is_action_request(text, vocab):
        return Route("action", route.confidence, route.source)
    if route.intent != "action" and is_config_request(text, vocab):
        return Route("action", route.confidence, route.source)
    return route


class Embedder(Protocol):
    """What the router needs from `steward.embed`: L2-normalised float32 vectors."""

    dim: int

    def embed(self, texts: Sequence[str]) -> Any:
        """An (n, dim) float32 array, one L2-normalised row per text."""
        ...


def exemplar_key(data: RouterData, model: str, dim: int) -> str:
    """A hash of the exemplars and the model: the cache file's name changes when either does."""
    import hashlib  # here: a turn its words answer asks the sentence model nothing (and loads no OpenSSL)

    h = hashlib.sha256(f"{model}\0{dim}".encode())
    for intent in data.intents:
        for text in intent.exemplars:
            h.update(f"\0{intent.name}\0{text}".encode())
    return h.hexdigest()[:16]


class Router:
    """`classify(text) -> Route`: semantic when an embedder is given and sure enough, else keywords."""

    def __init__(self, data: RouterData, *, threshold: float = 0.4,
                 embedder: Callable[[], Embedder | None] | None = None, cache_dir: Path | str | None = None,
                 top_k: int = 3) -> None:
        self.data = data
        self.threshold = threshold
        self._embedder_factory = embedder
        self.cache_dir = cache_dir
        self.top_k = top_k
        self._matrix: Any = None
        self._labels: list[str] = []
        self._embedder: Embedder | None = None
        self._ready = False
        # the route of a text already classified: the same words get the same route, and a turn can be
        # classified twice (the dues request's check, then the pipeline's own route when it declines)
        self._routes: dict[tuple[str, float, int], Route] = {}

    def _prepare(self) -> Embedder | None:
        """Build (or load from the cache) the exemplar matrix on first use."""
        if self._ready:
            return self._embedder if self._matrix is not None else None
        self._ready = True
        embedder = self._embedder_factory() if self._embedder_factory else None
        if embedder is None:
            return None
        import numpy as np

        texts = [t for intent in self.data.intents for t in intent.exemplars]
        self._labels = [intent.name for intent in self.data.intents for _ in intent.exemplars]
        if not texts:
            return None
        model = str(getattr(embedder, "name", type(embedder).__name__))
        cache = None
        if self.cache_dir is not None:
            from pathlib import Path

            cache = Path(self.cache_dir) / f"router-exemplars-{exemplar_key(self.data, model, embedder.dim)}.npy"
        matrix = None
        if cache is not None and cache.exists():
            loaded = np.load(cache)
            if loaded.shape == (len(texts), embedder.dim):
                matrix = loaded
        if matrix is None:
            matrix = np.asarray(embedder.embed(texts), dtype=np.float32)
            if cache is not None:
                cache.parent.mkdir(parents=True, exist_ok=True)
                tmp = cache.with_suffix(".tmp.npy")
                np.save(tmp, matrix)
                tmp.replace(cache)  # atomic: a concurrent reader sees the old file or the whole new one
        self._matrix = matrix
        self._embedder = embedder
        return embedder

    def scores(self, text: str) -> dict[str, float]:
        """Per intent, the mean cosine similarity of the turn to its `top_k` nearest exemplars."""
        embedder = self._prepare()
        if embedder is None:
            return {}
        import numpy as np

        vector = np.asarray(embedder.embed([text]), dtype=np.float32)[0]
        sims = self._matrix @ vector
        out: dict[str, float] = {}
        labels = np.asarray(self._labels)
        for intent in self.data.intents:
            mine = np.sort(sims[labels == intent.name])[::-1][: self.top_k]
            if mine.size:
                out[intent.name] = float(mine.mean())
        return out

    def keywords(self, text: str) -> Route:
        """The route the words alone give (anchors, then keywords): no embedder is asked or loaded."""
        return keyword_route(text, self.data)

    def classify(self, text: str) -> Route:
        """The intent of `text`: semantic above the threshold, else the keyword fallback, else general.

        An embedder that cannot run (its model not installed) leaves the keywords in charge, with one
        warning, rather than failing every turn.
        """
        key = (text, self.threshold, self.top_k)
        known = self._routes.get(key)
        if known is not None:
            return known
        route = self._classify(text)
        if len(self._routes) >= 512:
            self._routes.clear()
        self._routes[key] = route
        return route

    def _classify(self, text: str) -> Route:
        anchored = anchored_route(text, self.data)
        if anchored is not None:
            return anchored
        try:
            scores = self.scores(text)
        except StewardError as exc:
            log.warning("semantic routing is off for this run: %s", exc.message)
            self._embedder_factory, self._embedder, self._ready = None, None, True
            self._routes.clear()  # the keywords decide from now on
            scores = {}
        if scores:
            best = max(scores, key=lambda k: scores[k])
            if scores[best] >= self.threshold:
                return Route(best, scores[best], "semantic")
            if best == OUT_OF_SCOPE and scores[best] >= self.threshold - OOS_MARGIN:
                return Route(best, scores[best], "semantic")
        return keyword_route(text, self.data)
