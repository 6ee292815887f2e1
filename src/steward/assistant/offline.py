"""The honest answer for a turn nothing handled and no model can take.

It names two or three things the user can say that work now, chosen for what they asked: the turn's
own words point to a topic (a bill to what they owe, an email to the mail questions), else its route
does (`offline.yaml`; the reader's answerer registry adds its examples to each domain's topic: the
help lists them, and they stand in when the topic's own phrases are off). Every phrase suggested is one an intercept answers without a model, and a phrase
whose intercept is turned off is not suggested. A turn outside what Steward does is told so
plainly; "what can you do?" gets the whole list.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from steward.assistant.router import OUT_OF_SCOPE, Route
from steward.assistant.trace import Outcome
from steward.errors import ConfigError
from steward.vocab import words
from steward.yamldata import load_yaml

MAX_SUGGESTIONS = 3
CONNECT = (
    "To connect a model, run `steward setup`, or set a tier in config.toml, e.g. [llm] tier2 = "
    '"ollama http://127.0.0.1:11434 qwen2.5:7b-instruct" (tier1 for light turns); '
    "`steward config show` lists the settings."
)
# the page's one line on connecting a model (no commands or config keys: the guide has them)
# (`guide` names the guide the page links `link` to: docs/models.md)
SETUP = {"text": "To answer questions like this, connect a language model: the Models guide says how, "
                 "in a few minutes.", "link": "the Models guide", "guide": "models.md"}
WHAT_STEWARD_DOES = "Steward looks after your mail, calendar, reminders, money owed and daily brief."


@dataclass(frozen=True)
class Suggestion:
    """A phrase to suggest and the intercept that answers it."""

    say: str
    by: str


@dataclass(frozen=True)
class Topic:
    """One area Steward handles without a model: its label, the words that point to it, its phrases."""

    name: str
    label: str
    words: frozenset[str]
    say: tuple[Suggestion, ...]
    more: tuple[Suggestion, ...] = ()  # the answerer registry's examples: in the help, and when `say` is off


@dataclass(frozen=True)
class Suggestions:
    """The topics (in file order) and, per router intent, the topics to fall back on."""

    topics: tuple[Topic, ...]
    intents: Mapping[str, tuple[str, ...]]

    def topic(self, name: str) -> Topic:
        """The topic called `name`."""
        return next(t for t in self.topics if t.name == name)

    def all_phrases(self) -> tuple[Suggestion, ...]:
        """Every phrase the offline answer may suggest."""
        return tuple(s for t in self.topics for s in t.say)

    def with_examples(self, by_topic: Mapping[str, Sequence[str]], by: str) -> Suggestions:
        """These suggestions with more phrases for the named topics (the answerer registry's examples,
        answered by `by`): the help lists them after each topic's own, and a turn is offered them when its
        topic's own phrases are all off. A topic this file does not have is left out."""
        topics = []
        for t in self.topics:
            said = {s.say for s in t.say}
            more = tuple(Suggestion(e, by) for e in by_topic.get(t.name, ()) if e not in said)
            topics.append(Topic(t.name, t.label, t.words, t.say, more) if more else t)
        return Suggestions(tuple(topics), self.intents)


def _strs(raw: Any, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) and x.strip() for x in raw):
        raise ConfigError(f"offline.yaml: {where} must be a list of words")
    return tuple(raw)


def load_suggestions(path: Path | None = None) -> Suggestions:
    """`offline.yaml` shipped with Steward, or the file at `path`."""
    if path is None:
        text = (resources.files("steward.assistant") / "offline.yaml").read_text(encoding="utf-8")
    else:
        text = path.read_text(encoding="utf-8")
    data = load_yaml(text)
    if not isinstance(data, dict) or not isinstance(data.get("topics"), dict):
        raise ConfigError("offline.yaml: expected a 'topics' mapping")
    topics = []
    for name, body in data["topics"].items():
        if not isinstance(body, dict) or not isinstance(body.get("say"), list) or not body.get("label"):
            raise ConfigError(f"offline.yaml: topic {name} needs a label and a 'say' list")
        say = []
        for item in body["say"]:
            if not isinstance(item, dict) or not item.get("say") or not item.get("by"):
                raise ConfigError(f"offline.yaml: each phrase of topic {name} needs 'say' and 'by'")
            say.append(Suggestion(str(item["say"]), str(item["by"])))
        topics.append(Topic(str(name), str(body["label"]),
                            frozenset(w.lower() for w in _strs(body.get("words", []), f"{name}.words")), tuple(say)))
    names = {t.name for t in topics}
    intents: dict[str, tuple[str, ...]] = {}
    for intent, listed in (data.get("intents") or {}).items():
        chosen = _strs(listed, f"intents.{intent}")
        unknown = sorted(set(chosen) - names)
        if unknown:
            raise ConfigError(f"offline.yaml: intents.{intent} names unknown topics {unknown}")
        intents[str(intent)] = chosen
    return Suggestions(tuple(topics), intents)


@cache
def shipped_suggestions() -> Suggestions:
    """The suggestions shipped with Steward, read once."""
    return load_suggestions()


def choose(text: str, intent: str, data: Suggestions, available: Collection[str] | None = None,
           limit: int = MAX_SUGGESTIONS) -> tuple[Suggestion, ...]:
    """Up to `limit` phrases for a turn: its own words pick the topics first, then its intent's.

    The topic the turn points to most gives up to two phrases; the rest come one a topic in turn, so
    the answer stays about what was asked but still shows another door. `available` is the names of
    the intercepts that are on; a phrase another intercept answers is left out.
    """
    said = set(words(text))
    scored = [(len(t.words & said), i, t) for i, t in enumerate(data.topics) if t.words & said]
    pointed = [t for _, _, t in sorted(scored, key=lambda s: (-s[0], s[1]))]
    fallback = [data.topic(n) for n in data.intents.get(intent, data.intents.get("general", ()))]
    order: list[Topic] = []
    for topic in (*pointed, *fallback):
        if topic not in order:
            order.append(topic)
    queues = [[s for s in t.say if available is None or s.by in available]
              or [s for s in t.more if available is None or s.by in available] for t in order]
    queues = [q for q in queues if q]
    picked: list[Suggestion] = []
    if pointed and queues and order[0] is pointed[0]:
        picked.extend(queues[0][:2])
        queues[0] = queues[0][2:]
    while len(picked) < limit and any(queues):
        for queue in queues:
            if queue and len(picked) < limit:
                picked.append(queue.pop(0))
    return tuple(picked)


def _quoted(phrases: Sequence[Suggestion]) -> str:
    return "\n".join(f'- "{s.say}"' for s in phrases)


def help_topics(data: Suggestions, available: Collection[str] | None = None) -> dict[str, tuple[str, ...]]:
    """What works now, topic by topic: {label: phrases}, only phrases whose intercept is on."""
    out: dict[str, tuple[str, ...]] = {}
    for name in data.intents.get("help", tuple(t.name for t in data.topics)):
        topic = data.topic(name)
        said = tuple(s.say for s in (*topic.say, *topic.more) if available is None or s.by in available)
        if said:
            out[topic.label] = said
    return out


def offline_answer(route: Route, *, text: str = "", reason: str = "no language model is connected",
                   available: Collection[str] | None = None, data: Suggestions | None = None,
                   examples: Mapping[str, Sequence[str]] | None = None, examples_by: str = "reader") -> Outcome:
    """The offline reply: what the user can say now for what they asked, and how to connect a model.
    `examples` are the answerer registry's phrases by topic (domain), answered by `examples_by`."""
    data = data or shipped_suggestions()
    if examples:
        data = data.with_examples(examples, examples_by)
    if route.intent == "help":
        lines = [f"- {label}: {', '.join(f'{chr(34)}{p}{chr(34)}' for p in said)}"
                 for label, said in help_topics(data, available).items()]
        reply = "Without a language model I can:\n" + "\n".join(lines) + "\n" + CONNECT
        return Outcome(reply=reply, data={"offline": True, "reason": reason, "suggestions": []})
    picked = choose(text, route.intent, data, available)
    if route.intent == OUT_OF_SCOPE:
        reply = f"That is not something Steward does. {WHAT_STEWARD_DOES} You can say, for example:\n{_quoted(picked)}"
    else:
        what = "That asks for a change I can't make" if route.intent == "action" else "I can't answer that"
        reply = f"{what} offline ({reason}). What you can say that works now:\n{_quoted(picked)}\n{CONNECT}"
    view = {"kind": "offline", "head": f"{what} without a language model", "window": None, "search": text,
            "suggestions": [s.say for s in picked], "setup": SETUP} if route.intent != OUT_OF_SCOPE else None
    return Outcome(reply=reply, data={"offline": True, "reason": reason,
                                      "suggestions": [s.say for s in picked], **({"view": view} if view else {})})
