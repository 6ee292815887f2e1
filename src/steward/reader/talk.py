"""A turn that asks nothing of the person's data: a greeting, thanks, a goodbye, "how are you?", "who are you?",
"what can you do?", an "okay" or a "sorry", said wholly in the phrases of `small_talk.yaml` (with its filler
words). Read here once for every stage that must tell it from a question: the small-talk stage answers it, and
the reader never reads it as one more word of the thing talked of before ("cheers, night" after a booking).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from steward.errors import ConfigError
from steward.vocab import words
from steward.yamldata import load_yaml, shipped_text


@dataclass(frozen=True)
class Kind:
    """One kind of small talk: its phrases (each a tuple of words) and its reply."""

    name: str
    phrases: tuple[tuple[str, ...], ...]
    reply: str


@dataclass(frozen=True)
class SmallTalkWords:
    """The kinds of small talk, in file order, and the filler words that may sit beside them."""

    kinds: tuple[Kind, ...]
    filler: tuple[tuple[str, ...], ...]


def _phrases(raw: object, where: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list) or not all(isinstance(p, str) and p.strip() for p in raw):
        raise ConfigError(f"small_talk.yaml: {where} must be a list of phrases")
    return tuple(tuple(words(p)) for p in raw)


def parse_words(text: str) -> SmallTalkWords:
    """The kinds and filler of a `small_talk.yaml` text."""
    data = load_yaml(text)
    if not isinstance(data, dict) or not isinstance(data.get("kinds"), dict):
        raise ConfigError("small_talk.yaml: expected a 'kinds' mapping")
    kinds = []
    for name, body in data["kinds"].items():
        if not isinstance(body, dict) or not isinstance(body.get("reply"), str):
            raise ConfigError(f"small_talk.yaml: kind {name} needs phrases and a reply")
        kinds.append(Kind(str(name), _phrases(body.get("phrases"), f"{name}.phrases"), " ".join(body["reply"].split())))
    return SmallTalkWords(tuple(kinds), _phrases(data.get("filler", []), "filler"))


@cache
def shipped_words() -> SmallTalkWords:
    """The small talk shipped with Steward, read once."""
    return parse_words(shipped_text("steward.reader", "small_talk.yaml"))


def _longest(norms: Sequence[str], at: int, phrases: Sequence[tuple[str, ...]]) -> int:
    return max((len(p) for p in phrases if tuple(norms[at:at + len(p)]) == p), default=0)


def small_talk(text: str, data: SmallTalkWords | None = None) -> tuple[tuple[Kind, str], ...]:
    """The kinds of small talk a turn is made of, each with the words that said it, in order; () when any
    word of the turn is neither a kind's phrase nor filler."""
    data = data or shipped_words()
    norms = [w.replace("\u2019", "'") for w in words(text)]
    said: list[tuple[Kind, str]] = []
    at = 0
    while at < len(norms):
        best = max(((_longest(norms, at, k.phrases), -i) for i, k in enumerate(data.kinds)), default=(0, 0))
        filler = _longest(norms, at, data.filler)
        if best[0] and best[0] >= filler:
            kind = data.kinds[-best[1]]
            if kind not in (k for k, _ in said):
                said.append((kind, " ".join(norms[at:at + best[0]])))
            at += best[0]
        elif filler:
            at += filler
        else:
            return ()
    return tuple(said)


ASKS_NOTHING_WORDS = 6  # the most words a turn of small talk alone is read for where it may follow a question


def asks_nothing(text: str) -> bool:
    """Whether a turn that follows another is small talk alone ("cheers, night", "ok great"): a few words, no
    question mark, each a phrase of small talk or its filler; the words are read only then."""
    if "?" in text or len(text.split()) > ASKS_NOTHING_WORDS:
        return False
    return bool(small_talk(text))
