"""What a reminder is for, taken deterministically from the user's words.

"can you remind me tomorrow at 10 am for a AI training ?" -> "AI training": cut the date/time span
(found by `steward.dates`), the calendar's own name ("to my calendar"), the trigger ("remind me"),
then polite wrappers and leading connectors from the front and dangling words and punctuation from the
end. What follows the trigger is the subject; when nothing does ("i have an appointment tomorrow,
remind me") what precedes it is. A subject that only points back ("remind me about it") is no subject:
the caller asks "What should I remind you about?" (ADR-0112 §3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from steward.vocab import Phrase, Phrases, Token, Vocab, is_word, match_at, tokenize

Span = tuple[int, int]


@dataclass(frozen=True)
class SubjectParse:
    """The subject ("" when nothing is left), its core and the trigger phrase that was cut.

    `subject` is what the reminder says ("meeting with Chelsea at the office"); `core` stops before
    the first modifier (who, where, why): "meeting".
    """

    subject: str
    core: str
    trigger: str | None


def _overlaps(token: Token, spans: Sequence[Span]) -> bool:
    return any(token.start < end and begin < token.end for begin, end in spans)


def _cut_phrases(tokens: list[Token], phrases: tuple[Phrase, ...]) -> list[Token]:
    norms = [t.norm for t in tokens]
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        n = match_at(norms, i, phrases)
        if n:
            i += n
            continue
        out.append(tokens[i])
        i += 1
    return out


def _find_trigger(tokens: list[Token], groups: Sequence[tuple[Phrase, ...]]) -> tuple[int, int] | None:
    """(index, length) of the first trigger of the first group that has one in the tokens."""
    norms = [t.norm for t in tokens]
    for phrases in groups:
        for i in range(len(norms)):
            n = match_at(norms, i, phrases)
            if n:
                return i, n
    return None


# units of time among the date residue: left by a date after it ("[every other] day"), never the
# date's lead-in, so a noun before a date keeps them ("bin day [on thursday]")
_UNIT_NOUNS = frozenset({"day", "days", "week", "weeks", "month", "months", "year", "years"})


def _without_dates(tokens: list[Token], spans: Sequence[Span], vocab: Vocab) -> list[Token]:
    """Tokens outside the date spans, also without date words left beside a span ("this [evening]")."""
    gone = [_overlaps(t, spans) for t in tokens]
    residue = {p[0] for p in vocab.date_residue if len(p) == 1}
    lead_ins = {p[0] for p in vocab.date_lead_ins if len(p) == 1}
    changed = True
    while changed:
        changed = False
        for i, token in enumerate(tokens):
            if gone[i] or token.norm not in residue | lead_ins:
                continue
            before = i + 1 < len(tokens) and gone[i + 1] and token.norm not in _UNIT_NOUNS
            if before or (i > 0 and gone[i - 1] and token.norm in residue):
                gone[i] = changed = True
    return [t for t, g in zip(tokens, gone, strict=True) if not g]


# a trigger that names the list the thing goes on ("to my reminders") comes after the thing, and the
# verb before the thing ("add", "put") is the request, not the subject
_LIST_TRIGGER_OPENERS = frozenset({"to", "on", "in", "into"})


def _ends(vocab: Vocab) -> tuple[Phrases, dict[str, tuple[Phrase, ...]]]:
    """What `_strip` drops from the front (longest first) and from the back (by last word, longest
    first), built once per vocabulary rather than on every call."""
    kept = _ENDS.get(id(vocab))
    if kept is not None and kept[0] is vocab:
        return kept[1], kept[2]
    front = vocab.polite_wrappers + vocab.leading_connectors + vocab.reminder_triggers
    front_sorted = Phrases(sorted(set(front), key=lambda p: (-len(p), p)))
    back: dict[str, list[Phrase]] = {}
    for phrase in sorted(set(vocab.trailing_connectors + vocab.polite_wrappers), key=lambda p: (-len(p), p)):
        if phrase:  # an empty phrase strips nothing
            back.setdefault(phrase[-1], []).append(phrase)
    back_by_last = {last: tuple(group) for last, group in back.items()}
    if len(_ENDS) >= 8:  # a process has one vocabulary (tests build a few)
        _ENDS.clear()
    _ENDS[id(vocab)] = (vocab, front_sorted, back_by_last)
    return front_sorted, back_by_last


_ENDS: dict[int, tuple[Vocab, Phrases, dict[str, tuple[Phrase, ...]]]] = {}


# the particle of a phrasal verb ("put the kettle *on*", "switch it *off*") when it ends the sentence:
# nothing was cut after it, so it does not dangle
_PARTICLES = frozenset({"on", "off", "in", "out", "up", "down", "over", "back", "away"})


def _strip(tokens: list[Token], vocab: Vocab, text_end: int | None = None) -> list[Token]:
    """Drop polite wrappers and connectors from the front, dangling words and punctuation from the end."""
    front, back_by_last = _ends(vocab)
    changed = True
    while changed and tokens:
        changed = False
        while tokens and not is_word(tokens[0]):
            tokens, changed = tokens[1:], True
        n = match_at([t.norm for t in tokens], 0, front)
        if n and n < len(tokens) + 1:
            tokens, changed = tokens[n:], True
        while tokens and not is_word(tokens[-1]):
            tokens, changed = tokens[:-1], True
        norms = [t.norm for t in tokens]
        if norms and text_end is not None and tokens[-1].end >= text_end and norms[-1] in _PARTICLES \
                and len(norms) > 2:
            break
        for phrase in back_by_last.get(norms[-1], ()) if norms else ():
            k = len(phrase)
            if k <= len(norms) and tuple(norms[-k:]) == phrase:
                tokens, changed = tokens[:-k], True
                break
    return tokens


def _render(text: str, tokens: list[Token], index: dict[int, int]) -> str:
    """The kept tokens in the user's own spelling; adjacent tokens keep their original spacing."""
    parts: list[str] = []
    run_start = run_end = None
    last = None
    for token in tokens:
        pos = index[id(token)]
        if last is not None and pos == last + 1 and run_start is not None:
            run_end = token.end
        else:
            if run_start is not None and run_end is not None:
                parts.append(text[run_start:run_end])
            run_start, run_end = token.start, token.end
        last = pos
    if run_start is not None and run_end is not None:
        parts.append(text[run_start:run_end])
    return " ".join(parts).strip()


def parse_subject(text: str, vocab: Vocab, spans: Sequence[Span] = (), *, context: Sequence[Span] = (),
                  names: Sequence[Span] = ()) -> SubjectParse:
    """The reminder subject of `text`; `spans` are the character spans of its date/time expressions.

    `context` are dates that describe the subject ("tomorrow's meeting"): kept in the subject, left
    out of its core. `names` are named days that are the subject ("valentine's day"): kept in both.
    """
    all_tokens = tokenize(text)
    index = {id(t): i for i, t in enumerate(all_tokens)}
    kept = _without_dates(all_tokens, spans, vocab)
    found = _find_trigger(kept, (vocab.reminder_triggers + vocab.todo_triggers, vocab.event_triggers))
    if found is None:
        before, after, trigger = [], kept, None
    else:
        at, n = found
        before, after = kept[:at], kept[at + n:]
        trigger = " ".join(t.norm for t in kept[at:at + n])
        if kept[at].norm in _LIST_TRIGGER_OPENERS:
            # "add conference call at four pm to my reminders": the subject is what was added
            verb = match_at([t.norm for t in before], 0, vocab.event_triggers)
            before = before[verb:]
            if not _only_connectors(before, vocab):
                after = []  # what comes after the list is the time's company ("for today"), not the thing
    for segment in (after, before):
        cleaned = _strip(_cut_phrases(list(segment), vocab.calendar_mentions), vocab, _sentence_end(text))
        if not cleaned:
            continue
        norms = tuple(t.norm for t in cleaned if is_word(t))
        if norms in vocab.vague_subjects:
            continue
        named = _strip([t for t in cleaned if not _overlaps(t, context)], vocab) or cleaned
        core = _core(named, vocab, names)
        return SubjectParse(_render(text, cleaned, index), _render(text, core, index), trigger)
    return SubjectParse("", "", trigger)


def _sentence_end(text: str) -> int:
    """Where the sentence's last word ends (closing punctuation and spaces aside)."""
    return len(text.rstrip(" \t\n.!?,;:)\"'"))


def _core(tokens: list[Token], vocab: Vocab, names: Sequence[Span] = ()) -> list[Token]:
    norms = [t.norm for t in tokens]
    for i in range(1, len(norms)):
        n = match_at(norms, i, vocab.modifier_markers)
        if n:
            head = _strip(tokens[:i], vocab) or tokens[:i]
            if _only_placeholder(head, vocab) and i + n < len(tokens):
                return _core(_strip(tokens[i + n:], vocab) or tokens[i + n:], vocab, names)  # "info for X"
            tokens = head
            break
    while len(tokens) > 1 and match_at([tokens[-1].norm], 0, vocab.placeholder_nouns):
        tokens = tokens[:-1]  # "a reunion event" is the reunion
    while len(tokens) > 1:
        n = match_at([t.norm for t in tokens], 0, vocab.core_leading)
        if n and n < len(tokens):
            tokens = tokens[n:]
        elif tokens[0].norm.endswith("'s") and not _overlaps(tokens[0], names):
            tokens = tokens[1:]  # whose event it is is a "who" too: "Sally's birthday" -> "birthday"
        else:
            break
    return tokens


def _only_connectors(tokens: list[Token], vocab: Vocab) -> bool:
    """True when nothing but connectors and punctuation is left ("... to my reminders for")."""
    return not _strip(list(tokens), vocab)


def _only_placeholder(tokens: list[Token], vocab: Vocab) -> bool:
    norms = [t.norm for t in tokens]
    while len(norms) > 1 and (n := match_at(norms, 0, vocab.core_leading)):
        norms = norms[n:]
    return len(norms) == 1 and match_at(norms, 0, vocab.placeholder_nouns) == 1


def extract_subject(text: str, vocab: Vocab, spans: Sequence[Span] = ()) -> str:
    """Just the subject ("" when nothing is left to save)."""
    return parse_subject(text, vocab, spans).subject
