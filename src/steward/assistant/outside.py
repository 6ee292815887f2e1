"""outside: what a person asks that Steward holds no data for, told so in one honest line, by its kind.

The weather, the news, a word's meaning, a joke, a call to make, music, a sum, a translation, a device to
switch, an errand, directions (`outside.yaml`): with no model to take the turn, and after every intercept
and the reader declined it, a turn of one of these kinds is answered with what Steward can't do and
what it can instead, never with the offline refusal and never with a guess. (A turn the router finds
outside Steward's domains that is of no kind here gets the offline answer's general line.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from steward.assistant.intercepts.base import Match
from steward.assistant.trace import OpenQuestion, Outcome, Turn
from steward.errors import ConfigError
from steward.vocab import Phrase, Vocab, match_at, words
from steward.vocab.language import is_action_request
from steward.yamldata import load_yaml

NAME = "outside"
# a word after an opening verb that makes it a noun or a question about the person's data ("text from Sam",
# "message about the lease", "email was from whom?"): no request to do it
_NOT_A_REQUEST_AFTER = frozenset(("from", "about", "of", "on", "in", "at", "is", "was", "were", "did", "does",
                                  "with", "for", "that", "this", "these", "those", "and", "or", "'s"))
# words a topic is never made of ("what does X mean": the X)
_NOT_A_TOPIC = frozenset(("what", "does", "do", "did", "mean", "means", "meaning", "the", "word", "phrase", "a",
                          "an", "is", "of", "how", "you", "i", "say", "in", "define", "definition", "me",
                          "please", "can", "could", "would", "translate", "spell", "look", "up", "stand", "for",
                          "synonym", "to", "make", "cook", "recipe", "google", "search", "web", "internet", "online",
                          "tell", "about", "into", "english", "french", "spanish", "german", "italian", "hindi",
                          "japanese", "chinese", "portuguese", "arabic"))


@dataclass(frozen=True)
class Kind:
    """One kind of request outside Steward's data: how it is said and the line that answers it."""

    name: str
    opening: tuple[Phrase, ...]
    words: tuple[Phrase, ...]
    patterns: tuple[re.Pattern[str], ...]
    reply: str
    any_turn: bool = False  # its words and patterns count in a request to change something too ("notify me if ...")


def _phrases(raw: object, where: str) -> tuple[Phrase, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(p, str) and p.strip() for p in raw):
        raise ConfigError(f"outside.yaml: {where} must be a list of phrases")
    return tuple(tuple(words(p)) for p in raw)


def parse_kinds(text: str) -> tuple[Kind, ...]:
    """The kinds of an `outside.yaml` text, in file order."""
    data = load_yaml(text)
    if not isinstance(data, dict) or not isinstance(data.get("kinds"), dict):
        raise ConfigError("outside.yaml: expected a 'kinds' mapping")
    kinds = []
    for name, body in data["kinds"].items():
        if not isinstance(body, dict) or not isinstance(body.get("reply"), str):
            raise ConfigError(f"outside.yaml: kind {name} needs a reply")
        raw = body.get("patterns") or []
        if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
            raise ConfigError(f"outside.yaml: {name}.patterns must be a list of expressions")
        try:
            patterns = tuple(re.compile(p, re.I) for p in raw)
        except re.error as exc:
            raise ConfigError(f"outside.yaml: {name}.patterns: {exc}") from exc
        kinds.append(Kind(str(name), _phrases(body.get("opening"), f"{name}.opening"),
                          _phrases(body.get("words"), f"{name}.words"), patterns, " ".join(body["reply"].split()),
                          bool(body.get("any_turn", False))))
    return tuple(kinds)


@cache
def shipped_kinds() -> tuple[Kind, ...]:
    """The kinds shipped with Steward, read once."""
    return parse_kinds((resources.files("steward.assistant") / "outside.yaml").read_text(encoding="utf-8"))


def _opening(norms: Sequence[str], vocab: Vocab) -> int:
    """Where the turn's own words start, after its greetings and polite wrappers ("hey, can you ...")."""
    i = 0
    while i < len(norms):
        n = match_at(list(norms), i, vocab.polite_wrappers)
        if not n:
            break
        i += n
    return i


def kind_of(text: str, vocab: Vocab, kinds: Sequence[Kind] | None = None, *, action: bool = False) -> Kind | None:
    """The first kind the turn is of, or None. A request to change something (`action`) is of a kind only by
    its opening ("book me a taxi"), unless the kind counts in any turn: "turn my brief into a poem" asks a
    change to the brief, not a poem, but "notify me if Sam writes" asks a watch however it is said."""
    norms = [w.replace("\u2019", "'") for w in words(text)]
    start = _opening(norms, vocab)
    for kind in kinds if kinds is not None else shipped_kinds():
        n = match_at(norms, start, kind.opening) if kind.opening else 0
        if n and start + n < len(norms) and norms[start + n] not in _NOT_A_REQUEST_AFTER:
            return kind
        if action and not kind.any_turn:
            continue
        if any(match_at(norms, i, kind.words) for i in range(len(norms))):
            return kind
        if any(p.search(text) for p in kind.patterns):
            return kind
    return None


def _said(text: str, vocab: Vocab) -> str:
    """The turn as said, without its polite opening or its end punctuation ("please call Mum!": "call Mum")."""
    plain = text.strip().rstrip("?!. ")
    norms = words(plain)
    start = _opening(norms, vocab)
    if start:
        # drop as many words from the front as the wrappers took (the words keep their own spelling)
        parts = plain.split()
        plain = " ".join(parts[start:]) if len(parts) > start else plain
    return plain[:1].lower() + plain[1:]


def _topic(text: str) -> str:
    """What a turn asks about, for a mail search to suggest ("what does amortisation mean": amortisation); "" for
    none."""
    said = [w for w in words(text) if w.isalpha() and w not in _NOT_A_TOPIC and len(w) > 2]
    return max(said, key=len) if said else ""


def outside_reply(kind: Kind, text: str, vocab: Vocab) -> str:
    """The kind's line for this turn; one that would suggest a search for a topic the turn does not say
    ("google translate") ends before that suggestion; `{word}` is the kind's word the turn says."""
    topic = _topic(text)
    reply = kind.reply
    if "{topic}" in reply and not topic:
        cut = reply[:reply.index("{topic}")].rfind(". ")
        reply = reply[:cut + 1] if cut >= 0 else reply
    if "{word}" in reply:
        norms = [w.replace("\u2019", "'") for w in words(text)]
        said = next((" ".join(p) for i in range(len(norms)) for p in kind.words if match_at(norms, i, (p,))), "")
        reply = reply.replace("{word}", said.title() or "that app")
    return reply.replace("{said}", _said(text, vocab)).replace("{topic}", topic)


class Outside:
    """The stage of last resort for a turn outside Steward's data: its kind's one line."""

    name = NAME
    reads_only = False

    def __init__(self, vocab: Vocab) -> None:
        self.vocab = vocab

    def match(self, turn: Turn) -> Match | None:
        """A Match with the kind when the turn is of one, else None."""
        from steward.reader.read import asks_a_watch

        if asks_a_watch(turn.text):  # "notify me when Sam writes", however it is said
            kind: Kind | None = next((k for k in shipped_kinds() if k.name == "watch"), None)
        else:
            kind = kind_of(turn.text, self.vocab, action=is_action_request(turn.text, self.vocab))
        return Match(NAME, {"kind": kind.name}) if kind is not None else None

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """The kind's line."""
        kind = next(k for k in shipped_kinds() if k.name == match.slots["kind"])
        return Outcome(reply=outside_reply(kind, turn.text, self.vocab), data={"outside": kind.name})

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Asks nothing back."""
        return None
