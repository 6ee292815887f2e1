"""mail_content: a question about what a mail says, answered with the mail to open.

"When does my password expire?", "what was in the recipe?", "what's the pickup at the airport about?":
with no model to read the mail, and after every intercept and the reader declined the turn, the mail
that holds the answer is found by a search of the question's own topic words (`mail_content.yaml` lists
the words that say nothing of which mail it is). A mail is said only when its subject or its sender says
one of those words and it holds them all (three in five of a longer topic): its sender, its day, its subject and the start
the store keeps of it, and how to open it. No mail body is read or kept here, and nothing is said of
what the mail says beyond its own stored words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from steward.assistant.intercepts.base import Match, turn_clock
from steward.assistant.trace import OpenQuestion, Outcome, Turn
from steward.clock import Clock
from steward.errors import ConfigError
from steward.vocab import Vocab, words
from steward.vocab.language import is_question
from steward.yamldata import load_yaml

if TYPE_CHECKING:
    from steward.search.mailbox import Mailbox

NAME = "mail_content"
SHOWN = 3          # the most mails said
SEARCHED = 40      # the hits read for them
# the newest mail asked for in mail's own words ("recent email", "my latest messages"): no content asked of a mail
_NEWEST = re.compile(r"\b(?:recent|latest|newest|new|last)\s+(?:e-?mails?|mails?|messages?|inbox)\b", re.I)
_OPENERS = frozenset(("show", "find", "get", "give", "tell", "open", "pull"))


@cache
def ignored_words() -> frozenset[str]:
    """The words a question about a mail's content says that do not say which mail it is."""
    data = load_yaml((resources.files("steward.assistant") / "mail_content.yaml").read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("ignore"), list):
        raise ConfigError("mail_content.yaml: expected an 'ignore' list")
    return frozenset(_fold(str(w)) for w in data["ignore"])


def _fold(word: str) -> str:
    """A word without its accents, in lower case ("São" is "sao")."""
    decomposed = unicodedata.normalize("NFKD", word.casefold().replace("\u2019", "'"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def topic_words(text: str) -> tuple[str, ...]:
    """The words of a question that say which mail it is about, in the order said."""
    out: list[str] = []
    for w in words(text):
        f = _fold(w)
        if f.endswith("'s"):
            f = f[:-2]
        if len(f) < 3 or not f.replace("-", "").isalnum() or f.isdigit() or f in ignored_words() or f in out:
            continue
        out.append(f)
    return tuple(out)


_SUFFIXES = ("ings", "ing", "ies", "ers", "er", "ed", "es", "s", "e", "y")


def _stem(word: str) -> str:
    """A word without its commonest ending ("expires", "expired" and "expire" are "expir")."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _same(a: str, b: str) -> bool:
    """One word, said in one of its forms ("recipe", "recipes"; "expire", "expires"), never two words that share
    a short start ("books" is no "booking")."""
    return a == b or a + "s" == b or b + "s" == a or (min(len(a), len(b)) >= 6 and _stem(a) == _stem(b))


def _holds(topic: str, said: Sequence[str]) -> bool:
    return any(_same(topic, w) for w in said)


@dataclass(frozen=True)
class Found:
    """A mail that holds the question's topic: how many of its words its subject or sender says, and in all."""

    message: Any
    in_subject: int
    in_all: int


def _score(message: Any, topic: Sequence[str]) -> Found:
    head = [_fold(w) for w in words(f"{message.subject} {message.sender_name}")]
    body = head + [_fold(w) for w in words(message.snippet or "")]
    return Found(message, sum(_holds(t, head) for t in topic), sum(_holds(t, body) for t in topic))


def _thread(subject: str) -> str:
    low = subject.strip().casefold()
    while low[:3] in ("re:", "fw:") or low[:4] == "fwd:":
        low = low.split(":", 1)[1].strip()
    return low


def _is_reply(subject: str) -> bool:
    return _thread(subject) != subject.strip().casefold()


def pick(hits: Sequence[Any], topic: Sequence[str]) -> list[tuple[Found, int]]:
    """The mails that hold the topic, one a sender's thread (its best, then the first said, then the newest),
    best first, each with how many more of that thread say the same."""
    # one or two topic words: every one; more: three in five ("the dress code for the holiday party")
    need = len(topic) if len(topic) <= 2 else -(-len(topic) * 3 // 5)
    threads: dict[str, list[Found]] = {}
    for hit in hits:
        found = _score(hit.message, topic)
        if found.in_subject and found.in_all >= need:
            threads.setdefault(f"{hit.message.sender}\n{_thread(hit.message.subject)}", []).append(found)
    # the replies in a thread whose first mail is shown add nothing ("Re: Maqluba recipe" beside "Maqluba recipe")
    begun = {key.split("\n", 1)[1] for key, group in threads.items()
             if any(not _is_reply(f.message.subject) for f in group)}
    best = []
    for key, group in threads.items():
        if key.split("\n", 1)[1] in begun and all(_is_reply(f.message.subject) for f in group):
            continue
        group.sort(key=lambda f: (-f.in_all, -f.in_subject, _is_reply(f.message.subject),
                                  -f.message.received_at.timestamp()))
        best.append((group[0], len(group) - 1))
    # a thread's first mail before the replies to it ("Moving help" from each who asked, before "Re: ...")
    best.sort(key=lambda g: (-g[0].in_all, -g[0].in_subject, _is_reply(g[0].message.subject),
                             -g[0].message.received_at.timestamp()))
    return best[:SHOWN]


class MailContent:
    """The stage of last resort for a question about what a mail says: the mail to open."""

    name = NAME
    reads_only = True

    def __init__(self, mailbox: Callable[[], Mailbox], vocab: Vocab, clock: Clock) -> None:
        self._mailbox = mailbox
        self.vocab = vocab
        self.clock = clock

    def match(self, turn: Turn) -> Match | None:
        """A Match with the mails that hold the question's topic, else None."""
        said = words(turn.text)
        if not said or not (is_question(turn.text, self.vocab) or said[0] in _OPENERS):
            return None
        if _NEWEST.search(turn.text):
            return None  # "my recent email activity": the newest mail, not a mail about activity
        topic = topic_words(turn.text)
        if not topic:
            return None
        clock = turn_clock(self.clock, turn)
        result = self._mailbox().search(" ".join(topic), limit=SEARCHED, clock=clock)
        found = pick(result.hits, topic)
        return Match(NAME, {"found": found, "topic": topic}) if found else None

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """The mails that say it: sender, day, subject, their stored start; how to open them."""
        from steward.reader.views import mail_view

        clock = turn_clock(self.clock, turn)
        fmt = clock.formats
        found: list[tuple[Found, int]] = match.slots["found"]
        lines = []
        for f, more in found:
            m = f.message
            day = fmt.day_near(clock.local(m.received_at).date(), clock.today())
            start = " ".join((m.snippet or "").split())
            start = start if len(start) <= 160 else start[:160].rsplit(" ", 1)[0] + "\u2026"
            again = f" (and {more} more like it)" if more else ""
            lines.append(f"- {day}, {m.sender_name or m.sender}: \u201c{m.subject}\u201d"
                         + (f" \u2014 \u201c{start}\u201d" if start else "") + f" [#{m.id}]{again}")
        one = len(found) == 1
        # what the mail says beyond its stored start is never told: only that it is the mail to open
        head = ("I can't read a whole mail out without a language model, but this is the mail that says it"
                if one else "I can't read a whole mail out without a language model, but these are the mails that "
                "say it") + " (Steward keeps only the start of each; open it to read it all)"
        reply = f"{head}:\n" + "\n".join(lines) + \
            f"\n(`steward mail read {found[0][0].message.id}` opens it, or open it on the page.)"
        view = mail_view("The mail that says it" if one else "The mails that say it", [f.message for f, _ in found],
                         clock)
        return Outcome(reply=reply, data={"topic": list(match.slots["topic"]),
                                          "messages": [f.message.id for f, _ in found], "view": view})

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Asks nothing back."""
        return None
