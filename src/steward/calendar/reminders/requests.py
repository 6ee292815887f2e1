"""What a turn asks of an existing reminder, read from its words alone (pure: no store, no model).

`parse_request(text, ...)` gives the action (list, cancel, move, snooze, done), the words naming the
reminder, whether "it" / "that" or "reminder" was said, whether a repeating one is meant once or for
good, where a move goes and how long a snooze waits; None when the turn is no such request (a new
reminder "remind me to cancel the gym" is not a cancel). The words are in `steward/calendar/reminders/requests.yaml`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, cast

from steward.calendar.shifts import LENGTH, Shift, find_shift, minutes_of
from steward.clock import Clock
from steward.errors import ConfigError
from steward.vocab import Phrase, Phrases, Vocab, is_word, match_at, tokenize
from steward.vocab.language import is_action_request, is_question
from steward.yamldata import load_yaml, shipped_text

_DURATION = re.compile(
    r"\b(?P<n>\d+(?:\.\d+)?|an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty five|half an?)\s*"
    r"(?P<unit>minutes?|mins?|m|hours?|hrs?|h)\b", re.IGNORECASE)
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "ten": 10, "fifteen": 15,
            "twenty": 20, "thirty": 30, "forty five": 45, "half a": 0.5, "half an": 0.5}


@dataclass(frozen=True)
class ManageWords:
    """The phrase lists of `steward/calendar/reminders/requests.yaml`, tokenised, longest first."""

    nouns: tuple[Phrase, ...]
    list_phrases: tuple[Phrase, ...]
    list_verbs: tuple[Phrase, ...]
    verbs: Mapping[str, tuple[Phrase, ...]]
    done_marks: tuple[Phrase, ...]
    pronouns: tuple[Phrase, ...]
    occurrence_only: tuple[Phrase, ...]
    series_words: tuple[Phrase, ...]
    fillers: tuple[Phrase, ...]
    corrections: tuple[Phrase, ...] = ()
    list_determiners: tuple[Phrase, ...] = ()
    list_nouns: tuple[Phrase, ...] = ()
    list_followers: tuple[Phrase, ...] = ()
    not_kept_as_lists: tuple[Phrase, ...] = ()
    unkept_lists: Mapping[str, tuple[Phrase, ...]] = field(default_factory=dict)


def load_manage_words() -> ManageWords:
    """The words shipped beside this module; a missing or mistyped list is a ConfigError naming it."""
    from steward.vocab import _phrases  # the same tokenising as vocab.yaml

    text = shipped_text("steward.calendar.reminders", "requests.yaml")
    data = load_yaml(text)
    lists: dict[str, tuple[Phrase, ...]] = {}
    for key in ("nouns", "list_phrases", "list_verbs", "cancel_verbs", "move_verbs", "snooze_verbs", "done_verbs",
                "done_marks", "pronouns", "occurrence_only", "series_words", "fillers", "corrections",
                "list_determiners", "list_nouns", "not_kept_as_lists", "list_followers"):
        raw = data.get(key) if isinstance(data, Mapping) else None
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise ConfigError(f"requests.yaml: {key} must be a list of phrases")
        lists[key] = _phrases(raw)
    verbs = {a: lists.pop(f"{a}_verbs") for a in ("cancel", "move", "snooze", "done")}
    unkept = data.get("unkept_lists") if isinstance(data, Mapping) else None
    if not isinstance(unkept, Mapping) or not all(isinstance(v, list) for v in unkept.values()):
        raise ConfigError("requests.yaml: unkept_lists must be a table of lists")
    return ManageWords(verbs=verbs, unkept_lists={str(k): _phrases(v) for k, v in unkept.items()}, **lists)


@dataclass(frozen=True)
class Request:
    """What a turn asks of an existing reminder (pure reading of its words)."""

    action: str
    target: tuple[str, ...] = ()          # the content words naming the reminder
    pronoun: bool = False                 # "it", "that", "the last one"
    noun: bool = False                    # "reminder" was said
    occurrence: bool = False              # only this occurrence of a repeating one
    series: bool = False                  # the whole series
    when: str = ""                        # move: where to; list: which days
    delay_minutes: float | None = None    # snooze
    shift_minutes: float | None = None    # move by a shift from its own time ("an hour later": 60)
    filters: tuple[tuple[int, int], ...] = field(default=())  # spans of times naming the target ("my 5 pm one")
    follows: bool = False                 # a time put right with no verb ("nah, 7"): only of the write just made
    unkept: str = ""                      # list: a kind of list asked for that Steward keeps none of ("shopping")
    adding: bool = False                  # list: something was to be put on that list (nothing is written)


_MAIL_WORDS = frozenset(("email", "emails", "e-mail", "mail", "inbox", "message", "messages", "gmail", "outlook"))


def _find(norms: Sequence[str], start: int, phrases: tuple[Phrase, ...]) -> tuple[int, int] | None:
    for i in range(start, len(norms)):
        n = match_at(norms, i, phrases)
        if n:
            return i, n
    return None


def named_list(norms: Sequence[str], words: ManageWords) -> bool:
    """Whether the words name a list of one's own: a determiner, at most three words, then a list noun ("my
    work lists", "the list", "a grocery list"); not "a list of ..." (its "of" said or left out: "the list
    credit cards I have") nor a list whose words say mail or contacts ("my mailing list", "the contact list")."""
    for i in range(len(norms)):
        if not match_at(norms, i, words.list_nouns) or (i + 1 < len(norms) and (
                norms[i + 1] == "of" or not match_at(norms, i + 1, words.list_followers))):
            continue  # "a list of ...", "the list credit card accounts": a list of something else
        for j in range(i - 1, max(-1, i - 5), -1):
            if match_at(norms, j, words.list_determiners) == 1:
                between = norms[j + 1:i]
                if not any(match_at(between, k, words.not_kept_as_lists) for k in range(len(between))):
                    return True
                break
    return False


def _list_after(norms: Sequence[str], at: int, words: ManageWords) -> bool:
    """Whether a list noun follows the opening verb within three words, with no determiner ("check list",
    "read shopping list items"), and it is no list of other things ("read list of meetings")."""
    for i in range(at, min(at + 3, len(norms))):
        if match_at(norms, i, words.list_nouns):
            between = norms[at:i]
            return not (i + 1 < len(norms) and (norms[i + 1] == "of" or not match_at(norms, i + 1,
                                                                                words.list_followers))) and \
                not any(match_at(between, k, words.not_kept_as_lists) for k in range(len(between)))
    return False


_ONTO = frozenset(("to", "onto", "on", "from", "off", "in", "into"))


def _onto_list(norms: Sequence[str], words: ManageWords) -> bool:
    """Whether a list is said as where something goes or comes from ("to my list", "off the list")."""
    return any(norms[i] in _ONTO and match_at(norms, i + 1, words.list_determiners) for i in range(len(norms) - 1))


def _unkept_kind(norms: Sequence[str], words: ManageWords) -> str:
    """The kind of list the turn asks for that Steward keeps none of ("shopping"), or ""."""
    for kind, phrases in words.unkept_lists.items():
        if any(match_at(norms, i, phrases) for i in range(len(norms))):
            return kind
    return ""


def parse_request(text: str, words: ManageWords, vocab: Vocab, clock: Clock, options: Any = None) -> Request | None:
    """The management request in `text`, or None when the turn is not one."""
    from steward import dates

    tokens = [t for t in tokenize(text) if is_word(t)]
    norms = [t.norm for t in tokens]
    if not norms:
        return None
    cues = (*words.verbs.values(), words.list_phrases, words.nouns, words.corrections, words.list_nouns)
    if all(type(p) is Phrases for p in cues) and not any(n in cast(Phrases, p).by_first() for p in cues for n in norms):
        return None  # cheap: a request needs a management verb, a listing phrase or "reminder" (most turns have none)
    if any(a == "how" and b == "much" for a, b in zip(norms, norms[1:], strict=False)):
        return None  # "how much do I pay to clear it?": an amount asked, never a reminder cleared or moved
    start = 0
    while start < len(norms) and (n := match_at(norms, start, vocab.polite_wrappers)):
        start += n
    verb: tuple[str, int, int] | None = None
    for i in range(start, len(norms)):
        best = max(((a, match_at(norms, i, p)) for a, p in words.verbs.items()), key=lambda x: x[1])
        if best[1]:
            verb = (best[0], i, best[1])
            break
    trigger = _find(norms, 0, vocab.reminder_triggers)
    creating_first = trigger is not None and (verb is None or trigger[0] < verb[1]) and \
        norms[trigger[0]] == "remind" and not (verb and verb[0] == "snooze" and verb[1] == trigger[0])
    asks = is_question(text, vocab) or bool(match_at(norms, start, words.list_verbs))
    opened = match_at(norms, start, words.list_verbs)
    listing = _find(norms, 0, words.list_phrases) is not None or named_list(norms, words) or \
        bool(opened and _list_after(norms, start + opened, words))
    noun = _find(norms, 0, words.nouns)
    if listing and noun is None and verb is None and trigger is None and _onto_list(norms, words) and \
            is_action_request(text, vocab):
        # "put milk on the shopping list": a list not kept here is said so, and nothing is written
        kind = _unkept_kind(norms, words)
        if kind:
            return Request("list", unkept=kind, adding=True)
    if noun is not None and noun[0] > 0 and norms[noun[0] - 1] in _MAIL_WORDS:
        return None  # "any new email notifications?", "mail notifications": messages, not reminders
    if (verb is None or verb[1] > start) and asks and (listing or (noun and verb is None)):
        if noun is None and _onto_list(norms, words) and is_action_request(text, vocab):
            return None  # "can you add eggs to my list?" puts something on a list: no listing of it
        found = dates.find(text, clock, options=options)
        return Request("list", when=found.text if found is not None else "", unkept=_unkept_kind(norms, words))
    if verb is None and trigger is None and not asks:
        return _correction(text, norms, words, clock, options)
    if verb is None or creating_first:
        return None
    action, at, length = verb
    if action == "done" and not _done_shape(norms, at, length, words):
        return None
    covered = set(range(at, at + length))
    for i in range(start):
        covered.add(i)
    when = ""
    filters: list[tuple[int, int]] = []
    delay: float | None = None
    found_all = dates.find_all(text, clock, options=options)
    shift = find_shift(text[tokens[at].start:]) if action == "move" else None
    if shift is None and action == "move" and norms[at] in _LATER_VERBS:
        shift = _pushed_by(text[tokens[at].start:], tokens[at + length - 1].end - tokens[at].start)
    if shift is not None:
        # "push it back a day", "an hour later": from the reminder's own time, never from now
        begin = tokens[at].start
        span = (shift.span[0] + begin, shift.span[1] + begin)
        delay = shift.delta.total_seconds() / 60
        filters = [r.span for r in found_all if not (r.span[0] < span[1] and span[0] < r.span[1])]
        _cover(tokens, covered, [span])
    elif action == "move":
        after = [r for r in found_all if r.span[0] >= tokens[at].end]
        dest = _destination(text, tokens[at].end, clock, options)
        bare = (_BARE_HOUR.search(text, tokens[at].end) or _BARE_TIME.match(text, tokens[at + length - 1].end)) \
            if dest is None and not after else None
        if bare is not None:
            # "push it to 7", "make it 3.30": a bare hour is a clock time (a daytime hour on the reminder's own day)
            when = f"{bare['hour']}:{bare.groupdict().get('minute') or '00'}"
            _cover(tokens, covered, [(bare.start(), len(text))])
        elif dest is None and not after:
            return None
        else:
            dest = dest or after[-1]
            when = dest.text
        if dest is not None:
            filters = [r.span for r in found_all if not (r.span[0] < dest.span[1] and dest.span[0] < r.span[1])]
            _cover(tokens, covered, [dest.span])
    elif action == "snooze":
        m = _DURATION.search(text, tokens[at].end if at < len(tokens) else 0)
        if m is not None:
            word = _NUMBERS.get(" ".join(m["n"].lower().split()))
            amount = float(m["n"]) if word is None else float(word)
            delay = amount * (60 if m["unit"].lower().startswith("h") else 1)
            _cover(tokens, covered, [m.span()])
        filters = [r.span for r in found_all if m is None or not (r.span[0] < m.end() and m.start() < r.span[1])]
    else:
        filters = [r.span for r in found_all]
    _cover(tokens, covered, filters)
    flags = {"pronoun": words.pronouns, "noun": words.nouns, "occurrence": words.occurrence_only,
             "series": words.series_words, "marks": words.done_marks if action == "done" else ()}
    seen: dict[str, bool] = dict.fromkeys(flags, False)
    i = 0
    content: list[str] = []
    while i < len(norms):
        if i in covered:
            i += 1
            continue
        hit = next(((k, n) for k, p in flags.items() if (n := match_at(norms, i, p))), None)
        if hit is not None:
            seen[hit[0]] = True
            i += hit[1]
            continue
        n = match_at(norms, i, words.fillers) or match_at(norms, i, vocab.polite_wrappers)
        if n:
            i += n
            continue
        content.append(norms[i])
        i += 1
    if set(norms[at:at + length]) & {"it", "that"}:
        seen["pronoun"] = True  # "make it 30 minutes earlier": the verb phrase says which one
    if action == "cancel" and "skip" in norms[at:at + length]:
        seen["occurrence"] = True
    return Request(action, tuple(content), seen["pronoun"], seen["noun"], seen["occurrence"], seen["series"], when,
                   None if shift is not None else delay, delay if shift is not None else None, tuple(filters))


# verbs that say later when only a length follows them: "push it an hour", "delay that 20 minutes"
_LATER_VERBS = frozenset(("push", "delay", "postpone", "bump"))
_LENGTH_LEFT = re.compile(r"\s*(?:(?:it|that|this|the\s+\w+\s+one)\s+)?(?:by\s+)?(?:another\s+)?(?P<length>.+?)"
                          r"(?:\s+please)?\s*[.!?]*\s*$", re.IGNORECASE)


def _pushed_by(text: str, begin: int) -> Shift | None:
    """ "push it an hour": a length alone after a verb of delaying is a shift later by it."""
    m = _LENGTH_LEFT.match(text, begin)
    length = LENGTH.fullmatch(m["length"]) if m is not None else None
    if m is None or length is None or length.group().lower().startswith("for"):
        return None
    return Shift((m.start("length"), m.end("length")), timedelta(minutes=minutes_of(length)))


# a time put right with no verb: "<correction words> <a time> [instead] [, not <the old one>]"
_CORRECTED = re.compile(r"^(?P<time>.+?)(?:\s+(?:instead|then|please|rather))*(?:,?\s+(?:not|rather than|instead of)\s+"
                        r"[\w.:]+(?:\s?[ap]\.?m\.?)?)?(?:\s+(?:instead|then|please))?\s*[.!?]*\s*$", re.IGNORECASE)
_CLOCK = re.compile(r"^(?:(?:at|for|to)\s+)?(?P<hour>[01]?\d|2[0-3])(?:[.:](?P<minute>[0-5]\d))?(?:\s?(?P<mer>[ap])\.?m\.?)?$",
                    re.IGNORECASE)


def _correction(text: str, norms: Sequence[str], words: ManageWords, clock: Clock, options: Any) -> Request | None:
    """ "nah, 7 then", "sorry I meant half 4", "9.30 instead": a new time and nothing else, put right just
    after a reminder was written (the answerer takes it only then: `follows`)."""
    from steward import dates

    tokens = [t for t in tokenize(text) if is_word(t)]
    at = 0
    while at < len(norms) and (n := match_at(norms, at, words.corrections)):
        at += n
    rest = text[tokens[at].start:] if at < len(tokens) else ""
    m = _CORRECTED.match(rest)
    if m is None or (at == 0 and m["time"] == rest.strip().rstrip(".!?")):
        return None  # a time alone, with no word that puts it right, is no correction
    said = m["time"].strip(" ,")
    bare = _CLOCK.match(said)
    if bare is not None:
        mer = f" {bare['mer'].lower()}m" if bare["mer"] else ""
        return Request("move", pronoun=True, when=f"{bare['hour']}:{bare['minute'] or '00'}{mer}", follows=True)
    found = dates.find(said, clock, options=options)
    if found is None or found.span[1] != len(said) or said[:found.span[0]].strip().lower() not in ("", "at", "on", "for", "to"):
        return None
    return Request("move", pronoun=True, when=found.text, follows=True)


_BARE_HOUR = re.compile(r"\b(?:to|at)\s+(?P<hour>\d{1,2})\s*[.!?]?\s*$", re.IGNORECASE)
# right after the verb, the whole rest: "make it 3.30", "set it for 4:15"
_BARE_TIME = re.compile(r"\s*(?:(?:to|at|for)\s+)?(?P<hour>\d{1,2})(?:[.:](?P<minute>[0-5]\d))?\s*[.!?]?\s*$",
                        re.IGNORECASE)
_TO = re.compile(r"\b(?:to|till|until|for)\s+", re.IGNORECASE)
_AT = re.compile(r"\b(?:at|on)\s+", re.IGNORECASE)


def _destination(text: str, begin: int, clock: Clock, options: Any) -> Any:
    """Where a move goes: the date phrase right after the last "to" that opens one, else after the
    first "at" / "on" ("move the training one *to 2 pm*": not "one to 2 pm", which reads as 13:58)."""
    from steward import dates

    for m in [*reversed(list(_TO.finditer(text, begin))), *_AT.finditer(text, begin)]:
        rest = text[:m.end()].translate(_BLANK) + text[m.end():]
        found = dates.find(rest, clock, options=options)
        if found is not None and found.span[0] <= m.end() + 1:
            return found
    return None


_BLANK = {ord(ch): "_" for ch in map(chr, range(33, 0x250))}


def _done_shape(norms: Sequence[str], at: int, length: int, words: ManageWords) -> bool:
    """ "done" is a request only as a short turn ("done", "mark it done", "i did it") or "mark X done"."""
    phrase = norms[at:at + length]
    if phrase == ["mark"]:
        return any(match_at(norms, i, words.done_marks) for i in range(at + 1, len(norms)))
    if any(w in _ASKING for w in norms[:at]):
        return False  # "what did that say?", "when did that come?": a question about something, nothing done
    return len(norms) - (at + length) <= 4 and at <= 2


_ASKING = frozenset(("what", "what's", "whats", "when", "where", "who", "why", "how", "which", "whose"))


def _cover(tokens: Sequence[Any], covered: set[int], spans: Sequence[tuple[int, int]]) -> None:
    for k, t in enumerate(tokens):
        end = t.end - 2 if t.norm.endswith("'s") else t.end  # "tonight's": the date is "tonight"
        if any(b <= t.start and end <= e for b, e in spans):
            covered.add(k)
