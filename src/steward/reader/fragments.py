"""Turns of a conversation that only make sense with the question before them: a slot asked alone ("what
time?", "the address?", "where from?") and a correction ("no sorry, I meant the other card", "I mean next
week"). Pure: words in, the part that matters out; the reader's intercept reads them with the frame before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from steward.reader.words import ReaderWords
from steward.vocab import Phrase, is_word, tokenize, words

# what may open a correction before its own words ("no, sorry, I meant ..."), however it is punctuated
_OPENERS = frozenset(("no", "nope", "nah", "sorry", "oops", "whoops", "actually", "wait", "oh", "hang", "on", "err",
                      "erm", "um", "uh", "ah", "my", "bad", "i"))
_FILLER = "fillers"


def _norms(text: str) -> list[str]:
    return [w.replace("\u2019", "'") for w in words(text)]


def _covered(norms: Sequence[str], phrases: Sequence[Phrase]) -> set[int]:
    """The positions the phrases cover, longest first at each place."""
    out: set[int] = set()
    i = 0
    ordered = sorted(phrases, key=len, reverse=True)
    while i < len(norms):
        n = next((len(p) for p in ordered if p and tuple(norms[i:i + len(p)]) == p), 0)
        if n:
            out.update(range(i, i + n))
            i += n
        else:
            i += 1
    return out


def detail_ask(text: str, rw: ReaderWords) -> str | None:
    """The one thing a few words ask of the thing before ("what time?" is when, "the address?" where,
    "who with?" which), when they ask nothing else and name nothing; None otherwise. "what time is it?"
    asks the clock, not this."""
    norms = _norms(text)
    if not norms or len(norms) > 5:
        return None
    fillers = {w for p in rw.detail_asks.get(_FILLER, ()) for w in p}
    found = None
    for ask, phrases in rw.detail_asks.items():
        if ask == _FILLER:
            continue
        at = _covered(norms, phrases)
        if at and all(i in at or w in fillers for i, w in enumerate(norms)):
            found = ask if found is None else found
            if found != ask:
                return None
    return found


def correction(text: str, rw: ReaderWords) -> str | None:
    """What a correction says in place of what the question before named ("no sorry, I meant the Lyrebird
    card" -> "the Lyrebird card"); None when the text opens on no word of correcting."""
    norms = _norms(text)
    i = 0
    while i < len(norms) and norms[i] in _OPENERS and tuple(norms[i:i + 2]) not in rw.corrections \
            and tuple(norms[i:i + 3]) not in rw.corrections:
        i += 1
    if i < len(norms) and norms[i] == "not":
        # "no, not the garage, I meant the vet": what is not meant, said first, then what is
        i = next((k for k in range(i + 1, min(len(norms), i + _NOT_FIRST))
                  if any(tuple(norms[k:k + len(p)]) == p for p in rw.corrections)), i)
    n = max((len(p) for p in rw.corrections if tuple(norms[i:i + len(p)]) == p), default=0)
    if not n:
        return None
    said = [t for t in tokenize(text) if is_word(t)]
    if i + n >= len(said):
        return None
    return without_not_meant(text[said[i + n].start:].strip())  # as written: a name keeps its capitals


# what a correction says it did not mean, after what it did ("the vet, not the groomer", "Friday rather
# than Thursday"), up to the end of that sentence
_NOT_MEANT = re.compile(r"(?:[,;]\s*(?:and\s+|but\s+)?not\b|\s\bnot\s+(?=(?:the|my|our|that|this|his|her|a|an)\b)"
                        r"|\s\brather\s+than\b|\s\binstead\s+of\b)[^.?!;]*", re.I)
_NOT_FIRST = 7  # how many words "not the dentist" may take before "I meant" follows it


def without_not_meant(said: str) -> str:
    """What a correction means, without what it says it did not mean ("the vet, not the groomer. What time is
    that?" -> "the vet. What time is that?"); the text as it is when it names nothing it did not mean."""
    end = re.search(r"[.?!;]", said)
    head, tail = (said[:end.start()], said[end.start():]) if end else (said, "")
    cut = _NOT_MEANT.search(head)
    if cut is None or not head[:cut.start()].strip():
        return said  # ("not the restaurant, the physio": what is meant is not said first; left as it is)
    return head[:cut.start()].rstrip() + tail


def back_to(text: str, rw: ReaderWords) -> str:
    """The text without the words that take the conversation back to a thing ("going back to the Meridian card,
    what's the balance?" -> "the Meridian card, what's the balance?"), when a comma or a dash then ends that
    thing; the text as it is otherwise ("when do I go back to work?" is a question of its own)."""
    said = [t for t in tokenize(text) if is_word(t)]
    norms = [t.norm.replace("\u2019", "'") for t in said]
    n = max((len(p) for p in rw.topic_returns if tuple(norms[:len(p)]) == p), default=0)
    if not n or n >= len(said):
        return text
    rest = text[said[n].start:]
    return rest if any(mark in rest for mark in (",", " - ", "\u2014", "\u2013", ":", ";")) else text


def asks_anything_else(text: str, rw: ReaderWords) -> bool:
    """Whether a turn only asks for more of what was asked ("anything else?", "is that all?")."""
    norms = tuple(w for w in _norms(text) if w not in ("and", "so", "ok", "okay", "then", "steward", "there"))
    return norms in rw.anything_else
