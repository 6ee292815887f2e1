"""Pure reading of a turn's wording: is it an action, is it a question, is a query grounded in it.

Every decision here is a function of the text and the vocabulary only, so it is tested without a
store, a clock or a model.
"""

from __future__ import annotations

from steward.vocab import Phrase, Phrases, Vocab, is_word, match_at, tokenize, words


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
    my schedule tomorrow?" is not. A turn that puts something in or takes it out of a config object
    is one too ("only show insurance dues *in my brief*").
    """
    # a turn is asked this by several stages (the pipeline, the reader, its requests): read once per text
    kept = _ACTIONS.get(text)
    if kept is not None and kept[0] is vocab:
        return kept[1]
    said = _is_action(text, vocab)
    if len(_ACTIONS) >= 64:
        _ACTIONS.clear()
    _ACTIONS[text] = (vocab, said)
    return said


_ACTIONS: dict[str, tuple[Vocab, bool]] = {}


def _is_action(text: str, vocab: Vocab) -> bool:
    norms = words(text)
    start = _skip(norms, 0, vocab.polite_wrappers)
    for i in range(start, len(norms)):
        if not match_at(norms, i, vocab.mutate_verbs):
            continue
        if i >= 2 and norms[i - 1] in ("i", "we") and norms[i - 2] in _DID:
            # "who did I email last week?", "did we reply to the school?", "which hotel did I book?": what
            # was done, asked
            continue
        if i >= 2 and norms[i - 1] in ("i", "we") and norms[i - 2] in _MUST and norms[start] in _WH:
            continue  # "what time should I drop the bike off?", "when do we pay the rates?": asked of the day
        if i >= 1 and norms[i - 1] == "to" and norms[start] in _WH and _asks_how(norms[start:i - 1]):
            # "what number do I call to change it?", "who should we email to cancel?": how the person does it
            # themselves, asked
            continue
        if norms[i] in _ASK_VERBS and norms[i + 1:i + 2] and norms[i + 1] in ("if", "whether"):
            continue  # "please confirm whether the water bill is paid": a question said as a request
        if i == start or match_at(norms[i - 1:i], 0, vocab.verb_cues):
            return True
    return _config_frame(norms, vocab)


def _asks_how(norms: list[str]) -> bool:
    """Whether words ask what the person does ("... do I call", "... should we ring"): an auxiliary, then I or we."""
    return any(a in _MUST | _CAN and b in ("i", "we") for a, b in zip(norms, norms[1:], strict=False))


_DID = frozenset(("did", "didn't", "didnt"))
_CAN = frozenset(("can", "could", "would", "will"))
_MUST = frozenset(("must", "should", "do", "does", "shall"))
_WH = frozenset(("what", "what's", "whats", "which", "when", "when's", "whens", "where", "where's", "who", "how"))
# the verbs that ask a question when "if" or "whether" follows them ("check if", "confirm whether")
_ASK_VERBS = frozenset(("confirm", "check", "verify", "tell", "see", "find"))


_CONFIG_DETERMINERS = (("my",), ("the",), ("our",), ("this",))


def config_object_at(norms: list[str], vocab: Vocab) -> tuple[int, int] | None:
    """(start, length) of the first config object ("my daily briefing") that is not content ("the
    summary *of* the email", "brief *me*")."""
    for i in range(len(norms)):
        n = match_at(norms, i, vocab.config_objects)
        if n and not match_at(norms, i + n, vocab.config_object_breakers):
            return i, n
    return None


def _config_frame(norms: list[str], vocab: Vocab) -> bool:
    """A config preposition before a config object: "in my brief", "from the daily digest"."""
    found = config_object_at(norms, vocab)
    if found is None:
        return False
    i = found[0]
    if i and match_at(norms, i - 1, _CONFIG_DETERMINERS):
        i -= 1
    return any(match_at(norms, j, vocab.config_prepositions) == i - j for j in range(max(0, i - 2), i))


def is_config_request(text: str, vocab: Vocab) -> bool:
    """True when the turn asks to change a config object (the brief, the digest ...): an action that
    names one. Such a turn is `action` whatever domain noun it carries (ADR-0103 Layer 1)."""
    return config_object_at(words(text), vocab) is not None and is_action_request(text, vocab)


_GREETING_WORDS = frozenset({"hey", "hi", "hello", "ok", "okay", "so", "and", "steward", "also", "now", "then"})
_GREETINGS: dict[int, tuple[Vocab, Phrases]] = {}


def _greetings(vocab: Vocab) -> Phrases:
    """The polite wrappers that open with a greeting ("hey", "ok so"), picked once per vocabulary."""
    kept = _GREETINGS.get(id(vocab))
    if kept is not None and kept[0] is vocab:
        return kept[1]
    greetings = Phrases(p for p in vocab.polite_wrappers if p[0] in _GREETING_WORDS)
    if len(_GREETINGS) >= 8:  # a process has one vocabulary (tests build a few)
        _GREETINGS.clear()
    _GREETINGS[id(vocab)] = (vocab, greetings)
    return greetings


def is_question(text: str, vocab: Vocab) -> bool:
    """True when the turn asks something: it opens with a question word or ends with '?'."""
    stripped = text.strip()
    if stripped.endswith("?"):
        return True
    norms = words(stripped)
    i = _skip(norms, 0, _greetings(vocab))
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


# words that open a turn said to someone by name ("hey siri ...")
_HAILS = frozenset(("hey", "hi", "hello", "ok", "okay", "yo"))
# a name after one of these is what the turn is about ("mail from alexa"), not whom it is said to
_NAME_IS_ASKED_ABOUT = frozenset(("from", "to", "with", "by", "about", "for", "of", "and", "or", "called", "named",
                                  "ask", "tell", "at", "is", "was", "did", "does", "has", "my", "the"))


def without_address(text: str, vocab: Vocab) -> str:
    """The turn without the assistant's name it is said to ("hey siri, what's on tomorrow?", "olly what time
    is it", "show my mail, alexa"): what is asked. A name said alone at the start counts only when a
    question or a request follows it ("alexa emailed me" is about Alexa); the text itself when nothing else
    is said."""
    names = vocab.assistant_names
    if not names:
        return text
    tokens = [t for t in tokenize(text) if is_word(t)]
    norms = [t.norm for t in tokens]
    begin, end = 0, len(text)
    first = 1 if norms and norms[0] in _HAILS and not match_at(norms, 0, names) else 0
    n = match_at(norms, first, names)
    if n and first + n < len(norms):
        rest = first + n
        comma = "," in text[tokens[rest - 1].end:tokens[rest].start]
        if first or norms[0] in _HAILS or comma or match_at(norms, rest, vocab.question_openers) or match_at(norms, rest, vocab.show_verbs) \
                or match_at(norms, rest, vocab.polite_wrappers):
            begin = tokens[rest].start
    for size in (2, 1):
        at = len(norms) - size
        if at >= 2 and tokens[at].start >= begin and match_at(norms, at, names) == size \
                and norms[at - 1] not in _NAME_IS_ASKED_ABOUT:
            end = tokens[at - 1].end
            end_marks = text[tokens[-1].end:].strip()
            return (text[begin:end] + end_marks).strip()
    return text[begin:end].strip()
