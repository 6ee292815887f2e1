"""small_talk: the turns of a conversation that ask nothing of the person's data, answered briefly.

A greeting, thanks, a goodbye, "how are you?", "who are you?", "what can you do?", an "okay" or a
"sorry": a turn said wholly in the phrases of `small_talk.yaml` (with its filler words) is answered in a
line, each kind said in the order it was said ("thanks, good night" thanks, then says good night). A
turn with any other word in it is not small talk ("hi, what's on today?" is the reader's). "What can you
do?" is answered with what works now, topic by topic (the same list as the offline help).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from steward.assistant.intercepts.base import Match
from steward.assistant.trace import OpenQuestion, Outcome, Turn
from steward.errors import ConfigError
from steward.vocab import words
from steward.yamldata import load_yaml

SMALL_TALK = "small_talk"
HELP = "help"  # the reply of a kind that is answered with what works now


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
    return parse_words((resources.files("steward.assistant") / "small_talk.yaml").read_text(encoding="utf-8"))


def _longest(norms: Sequence[str], at: int, phrases: Sequence[tuple[str, ...]]) -> int:
    return max((len(p) for p in phrases if tuple(norms[at:at + len(p)]) == p), default=0)


def small_talk(text: str, data: SmallTalkWords) -> tuple[tuple[Kind, str], ...]:
    """The kinds of small talk a turn is made of, each with the words that said it, in order; () when any
    word of the turn is neither a kind's phrase nor filler."""
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


def reply_to(said: Sequence[tuple[Kind, str]], help_text: Callable[[], str]) -> str:
    """The reply to small talk: each kind's line, in the order said; "okay" alone beside others is left out."""
    kinds = [k for k, _ in said]
    if len(kinds) > 1:
        kinds = [k for k in kinds if k.name != "ack"]
    if any(k.name == "night" for k in kinds):
        kinds = [k for k in kinds if k.name != "farewell"]  # "bye, good night": one goodbye
    lines = []
    for kind in kinds:
        words_said = next(w for k, w in said if k is kind)
        if kind.reply == HELP:
            lines.append(help_text())
        else:
            lines.append(kind.reply.replace("{said}", words_said[:1].upper() + words_said[1:]))
    return "\n".join(lines)


class SmallTalk:
    """The small_talk intercept."""

    name = SMALL_TALK
    reads_only = True

    def __init__(self, help_text: Callable[[], str], data: SmallTalkWords | None = None) -> None:
        self._help = help_text
        self.data = data or shipped_words()

    def match(self, turn: Turn) -> Match | None:
        """A Match when the whole turn is small talk."""
        said = small_talk(turn.text, self.data)
        return Match(SMALL_TALK, {"kinds": [k.name for k, _ in said], "said": said}) if said else None

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """A line for each kind said."""
        said = match.slots["said"]
        return Outcome(reply=reply_to(said, self._help), data={"small_talk": [k.name for k, _ in said]})

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Small talk asks nothing back."""
        return None


def capabilities(lines: Mapping[str, Sequence[str]]) -> str:
    """What works now, topic by topic ({label: phrases})."""
    listed = "\n".join(f"- {label}: {', '.join(f'{chr(34)}{p}{chr(34)}' for p in said)}"
                       for label, said in lines.items() if said)
    return f"I look after your mail, calendar, reminders, money owed and daily brief. You can say:\n{listed}"
