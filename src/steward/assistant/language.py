"""Pure reading of a turn's wording: is it an action, is it a question, is a query grounded in it.

Every decision here is a function of the text and the vocabulary only, so it is tested without a
store, a clock or a model.
"""

from __future__ import annotations

from steward.assistant.vocab import Phrase, Vocab, match_at, words


def _skip(norms: list[str], i: int, phrases: tuple[Phrase, ...]) -> int:
    """Index of the first word at or after i not covered by a run of the given phrases."""
    while i < len(norms):
        n = match_at(norms, i, phrases)
        if not n:
            break
        i += n
    return i


def is_action_request(text: str, vocab: Vocab) -> bool:
    """True when the turn asks Steward to change something (a mutate verb used as a verb).

    A mutate verb counts when it opens the turn (after greetings and polite wrappers) or follows a
    cue such as "you", "please", "to" or "i": "can you add the dues section" is an action, "what's
    my schedule tomorrow?" is not.
    """
    norms = words(text)
    start = _skip(norms, 0, vocab.polite_wrappers)
    for i in range(start, len(norms)):
        if not match_at(norms, i, vocab.mutate_verbs):
            continue
        if i == start or match_at(norms[i - 1:i], 0, vocab.verb_cues):
            return True
    return False


def is_question(text: str, vocab: Vocab) -> bool:
    """True when the turn asks something: it opens with a question word or ends with '?'."""
    stripped = text.strip()
    if stripped.endswith("?"):
        return True
    norms = words(stripped)
    greetings = tuple(p for p in vocab.polite_wrappers if p[0] in {"hey", "hi", "hello", "ok", "okay", "so", "and",
                                                                    "steward", "also", "now", "then"})
    i = _skip(norms, 0, greetings)
    return i < len(norms) and bool(match_at(norms, i, vocab.question_openers))


def _grounds(a: str, b: str) -> bool:
    if a == b:
        return True
    # a prefix match only between real words: the user's "i" must not ground "invoice" (ADR-0112 §17)
    if len(a) >= 4 and len(b) >= 4:
        return a.startswith(b) or b.startswith(a)
    return False


def query_grounded(query: str, text: str, vocab: Vocab | None = None) -> bool:
    """True when a content word of `query` appears in `text`, exactly or as a prefix of >= 4 letters.

    Used to check that a search query proposed by a model comes from what the user said.
    """
    stop = {p[0] for p in vocab.stop_words if len(p) == 1} if vocab is not None else set()
    query_words = [w for w in words(query) if w not in stop]
    text_words = set(words(text))
    return any(_grounds(q, t) for q in query_words for t in text_words)
