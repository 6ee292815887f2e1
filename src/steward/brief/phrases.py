"""The pure parser of brief config phrases: "add the dues section to my brief", "remove newsletters
from my briefing", "only show insurance and rent dues for the next 7 days in my brief", "put my
schedule first", "what's in my brief?" -> a `ConfigRequest`, or None when the text is not one.

No model and no shortlist (ADR-0103 postscript: the deterministic intercept did it 5 of 5 where a 7B
model called the tool 25% of the time). The text is read once, left to right, into tagged spans —
the brief itself (`config_objects`), sections and category values (the manifest's words), places,
verbs, "only", a window ("the next 7 days"), a count ("the first 5 items") — longest phrase first at
each word; the request is then a small function of those spans.

A turn that does not name the brief is read only as a bare move ("put my schedule first"): a verb,
a section, a place and nothing else of substance.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from steward.brief.config import ConfigRequest, Op, OptionChange
from steward.brief.manifest import Manifest
from steward.brief.prefs import Position
from steward.brief.words import Phrase, words
from steward.errors import ConfigError
from steward.yamldata import load_yaml

_PLACES = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1}
# words a bare move may carry besides its verb, section and place
_BARE_FILLERS = frozenset({"my", "the", "a", "please", "can", "could", "would", "will", "you", "section",
                           "part", "to", "now", "always", "pls", "kindly", "hey", "ok", "okay", "steward"})
_QUESTION_OPENERS = frozenset({"what", "what's", "whats", "which", "how", "does", "do", "is", "are", "show",
                               "list", "tell"})


@dataclass(frozen=True)
class ConfigWords:
    """The lists of `phrases.yaml`, tokenised, plus the words for the brief itself."""

    objects: tuple[Phrase, ...]
    breakers: frozenset[str]
    add_verbs: tuple[Phrase, ...]
    remove_verbs: tuple[Phrase, ...]
    move_verbs: tuple[Phrase, ...]
    move_as_add: tuple[Phrase, ...]
    only_words: tuple[Phrase, ...]
    positions: Mapping[str, tuple[Phrase, ...]]
    before_words: tuple[Phrase, ...]
    after_words: tuple[Phrase, ...]
    undo_words: tuple[Phrase, ...]
    reset_words: tuple[Phrase, ...]
    show_config_words: tuple[Phrase, ...]
    window_units: Mapping[str, int]
    window_fixed: Mapping[Phrase, int]
    counts: Mapping[str, int]
    item_words: frozenset[str]
    brief_days: tuple[Phrase, ...] = ()
    day_joiners: frozenset[str] = frozenset()


def _phrases(raw: Any, where: str) -> tuple[Phrase, ...]:
    if not isinstance(raw, list):
        raise ConfigError(f"{where} must be a list of phrases")
    return tuple(sorted({tuple(words(str(x))) for x in raw if words(str(x))}, key=lambda p: (-len(p), p)))


@lru_cache(maxsize=1)
def _bundled() -> Mapping[str, Any]:
    text = (resources.files("steward.brief") / "phrases.yaml").read_text(encoding="utf-8")
    data = load_yaml(text)
    if not isinstance(data, Mapping):
        raise ConfigError("phrases.yaml: expected a table of phrase lists")
    return data


@lru_cache(maxsize=1)
def manner_words() -> frozenset[str]:
    """The words that say what sort of brief is wanted ("quick", "short", "daily"): `manner_words`."""
    return frozenset(w for p in _phrases(_bundled().get("manner_words") or [], "phrases.yaml: manner_words")
                     for w in p)


def config_words(objects: Sequence[Phrase], breakers: Sequence[Phrase] = (("of",), ("me",), ("us",)),
                 data: Mapping[str, Any] | None = None) -> ConfigWords:
    """The config vocabulary (`phrases.yaml`, or `data`) with `objects`, the words for the brief itself,
    and `breakers`, the words after one that make it content ("the summary *of* the email")."""
    raw = _bundled() if data is None else data
    lists = {name: _phrases(raw.get(name), f"phrases.yaml: {name}") for name in (
        "add_verbs", "remove_verbs", "move_verbs", "move_as_add", "only_words", "before_words", "after_words", "undo_words",
        "reset_words", "show_config_words", "item_words")}
    positions = {str(k): _phrases(v, f"phrases.yaml: positions.{k}") for k, v in (raw.get("positions") or {}).items()}
    unknown = set(positions) - set(_PLACES)
    if unknown:
        raise ConfigError(f"phrases.yaml: positions has unknown places {sorted(unknown)} (use {', '.join(_PLACES)})")
    return ConfigWords(
        objects=tuple(sorted({tuple(o) for o in objects if o}, key=lambda p: (-len(p), p))),
        breakers=frozenset(b[0] for b in breakers if len(b) == 1),
        positions=positions,
        window_units={str(k): int(v) for k, v in (raw.get("window_units") or {}).items()},
        window_fixed={tuple(words(str(k))): int(v) for k, v in (raw.get("window_fixed") or {}).items()},
        counts={str(k): int(v) for k, v in (raw.get("counts") or {}).items()},
        item_words=frozenset(p[0] for p in lists.pop("item_words")),
        brief_days=_phrases(raw.get("brief_days") or [], "phrases.yaml: brief_days"),
        day_joiners=frozenset(w for p in _phrases(raw.get("day_joiners") or [], "phrases.yaml: day_joiners") for w in p),
        **lists,
    )


@dataclass(frozen=True)
class Span:
    """A tagged run of words: what it is (`kind`), where it stands, and what it names."""

    kind: str  # object | section | value | place | before | after | add | remove | move | only | days
    #            | count | undo | reset | show_config
    start: int
    end: int
    slot: str = ""
    option: str = ""
    value: str = ""
    number: int = 0


def _number(norms: Sequence[str], i: int, w: ConfigWords) -> tuple[int, int] | None:
    """(value, words used) of a number at norms[i]: digits or a count word."""
    if i >= len(norms):
        return None
    token = norms[i]
    if token.isdigit() and len(token) <= 4:
        return int(token), 1
    if token in w.counts:
        return w.counts[token], 1
    return None


def _window(norms: Sequence[str], i: int, w: ConfigWords) -> tuple[int, int] | None:
    """(days, words used) of "next 7 days", "the next two weeks", "7 days", "this month" at norms[i]."""
    for phrase, days in sorted(w.window_fixed.items(), key=lambda x: -len(x[0])):
        if tuple(norms[i:i + len(phrase)]) == phrase:
            return days, len(phrase)
    j = i
    if j < len(norms) and norms[j] == "the":
        j += 1
    if j < len(norms) and norms[j] in ("next", "coming", "upcoming", "following"):
        j += 1
    number = _number(norms, j, w)
    k = j + (number[1] if number else 0)
    if k < len(norms) and norms[k] in w.window_units and (number or j > i):
        count = number[0] if number else 1
        return count * w.window_units[norms[k]], k + 1 - i
    return None


def _count(norms: Sequence[str], i: int, w: ConfigWords) -> tuple[int, int] | None:
    """(count, words used) of "first 5 items", "5 items", "first five" at norms[i]."""
    j = i + (1 if norms[i] in ("first", "top") else 0)
    number = _number(norms, j, w)
    if number is None:
        return None
    k = j + number[1]
    if k < len(norms) and norms[k] in w.item_words:
        return number[0], k + 1 - i
    if k < len(norms) and norms[k] == "of" and any(n in w.item_words for n in norms[k + 1:k + 4]):
        return number[0], k + 1 - i  # "5 of tomorrow's items": the section's words follow
    if j > i:  # "first five": the word "first" says it is a count
        return number[0], k - i
    return None


def tag(text: str, manifest: Manifest, w: ConfigWords) -> list[Span]:
    """The text as tagged spans, longest first at each word; untagged words are left out."""
    norms = words(text)
    sections = manifest.section_phrases()
    values = manifest.value_phrases()
    plain: list[tuple[str, tuple[Phrase, ...]]] = [
        ("object", w.objects), ("undo", w.undo_words), ("reset", w.reset_words),
        ("show_config", w.show_config_words), ("remove", w.remove_verbs), ("only", w.only_words),
        ("before", w.before_words), ("after", w.after_words), ("add", w.add_verbs), ("move", w.move_verbs),
    ]
    spans: list[Span] = []
    i = 0
    while i < len(norms):
        found: list[Span] = []
        for phrase, slot in sections:
            if tuple(norms[i:i + len(phrase)]) == phrase:
                found.append(Span("section", i, i + len(phrase), slot=slot))
                break
        for phrase, slot, option, value in values:
            if tuple(norms[i:i + len(phrase)]) == phrase:
                found.append(Span("value", i, i + len(phrase), slot=slot, option=option, value=value))
                break
        for place, phrases in w.positions.items():
            for phrase in phrases:
                if tuple(norms[i:i + len(phrase)]) == phrase:
                    found.append(Span("place", i, i + len(phrase), number=_PLACES[place]))
        window = _window(norms, i, w)
        if window is not None:
            found.append(Span("days", i, i + window[1], number=window[0]))
        count = _count(norms, i, w)
        if count is not None:
            found.append(Span("count", i, i + count[1], number=count[0]))
        for kind, phrases in plain:
            for phrase in phrases:
                if tuple(norms[i:i + len(phrase)]) == phrase:
                    found.append(Span(kind, i, i + len(phrase)))
                    break
        if not found:
            i += 1
            continue
        # the longest wins; on a tie the earlier kind in this order (a section over a value, ...)
        order = ["object", "count", "days", "section", "value", "undo", "reset", "show_config", "remove",
                 "only", "place", "before", "after", "add", "move"]
        best = max(found, key=lambda s: (s.end - s.start, -order.index(s.kind)))
        if best.kind == "object" and (
                (best.end < len(norms) and norms[best.end] in w.breakers)
                or (spans and spans[-1].kind == "section" and spans[-1].end == best.start)):
            # "the summary *of* the email", "brief *me*", "the *dues* digest": not the brief itself
            best = Span("word", best.start, best.end)
        if best.kind == "section" and _day_of_the_brief(norms, best, spans, w):
            best = Span("word", best.start, best.end)  # "a digest *for today*": which day's brief, no section
        spans.append(best)
        i = best.end
    return spans


def _day_of_the_brief(norms: Sequence[str], section: Span, before: Sequence[Span], w: ConfigWords) -> bool:
    """Whether a section's words are a day said of the brief named just before ("my briefing for tomorrow")."""
    joiner = section.start - 1
    return (tuple(norms[section.start:section.end]) in w.brief_days and joiner >= 0
            and norms[joiner] in w.day_joiners and bool(before) and before[-1].kind == "object"
            and before[-1].end == joiner)


def _is_question(norms: Sequence[str]) -> bool:
    return bool(norms) and norms[0] in _QUESTION_OPENERS


def parse_config(text: str, manifest: Manifest, w: ConfigWords) -> ConfigRequest | None:
    """The brief config request `text` makes, or None when it makes none (pure)."""
    spans = tag(text, manifest, w)
    norms = words(text)
    question = _is_question(norms)
    if not question:  # "can you include dues ...": a request, so "include" is a verb here
        add = set(w.add_verbs)
        spans = [Span("add", s.start, s.end) if s.kind == "show_config" and tuple(norms[s.start:s.end]) in add
                 else s for s in spans]
    kinds = [s.kind for s in spans]
    named = "object" in kinds
    if named and "undo" in kinds:
        return ConfigRequest("undo")
    if named and "reset" in kinds and "remove" not in kinds:
        return ConfigRequest("reset")
    if named and "show_config" in kinds and question:
        return ConfigRequest("show")
    place, ref_index = _place(spans)
    targets = [s for i, s in enumerate(spans) if s.kind == "section" and i != ref_index]
    slot = targets[0].slot if targets else None
    values = [s for s in spans if s.kind == "value" and (slot is None or s.slot == slot)]
    if slot is None and values:
        slot = values[0].slot
    if slot is None:
        return None
    if not named:
        return _bare_move(spans, norms, slot, place)
    as_add = {tuple(norms[sp.start:sp.end]) for sp in spans if sp.kind == "move"} & set(w.move_as_add)
    op = _op(kinds, place, bool(as_add))
    if op is None:
        return None
    changes = _changes(spans, manifest, slot, values, op, "only" in kinds)
    if op == "remove" and values:
        return ConfigRequest("options", slot, None, changes)
    if op == "add" and (values or changes) and not targets:
        return ConfigRequest("options", slot, None, changes)
    if op == "options" and not changes:
        return None
    return ConfigRequest(op, slot, place, () if op == "remove" else changes)


def _op(kinds: Sequence[str], place: Position | None, move_adds: bool) -> Op | None:
    if "remove" in kinds:
        return "remove"
    if place is not None and ("move" in kinds or "add" in kinds or "only" not in kinds):
        return "move"
    if "add" in kinds or move_adds or "only" in kinds:
        return "add"
    if "days" in kinds or "count" in kinds or "value" in kinds:
        return "options"
    return None


def _place(spans: Sequence[Span]) -> tuple[Position | None, int | None]:
    """Where the turn puts its section, and the index of the span naming the section it goes next to."""
    for i, span in enumerate(spans):
        if span.kind == "place":
            if span.number == 1:
                return Position("first"), None
            if span.number == -1:
                return Position("last"), None
            return Position("index", index=span.number), None
        if span.kind in ("before", "after") and i + 1 < len(spans) and spans[i + 1].kind == "section":
            return Position(span.kind, ref=spans[i + 1].slot), i + 1  # type: ignore[arg-type]
    return None, None


def _changes(spans: Sequence[Span], manifest: Manifest, slot: str, values: Sequence[Span], op: str,
             only: bool) -> tuple[OptionChange, ...]:
    spec = manifest.get(slot)
    out: list[OptionChange] = []
    for span in spans:
        if span.kind == "days":
            option = next((o for o in spec.options.values() if o.kind == "days"), None)
            if option is not None:
                out.append(OptionChange(option.name, "set", span.number))
        elif span.kind == "count":
            option = next((o for o in spec.options.values() if o.kind == "count"), None)
            if option is not None:
                out.append(OptionChange(option.name, "set", span.number))
    by_option: dict[str, list[str]] = {}
    for span in values:
        by_option.setdefault(span.option, []).append(span.value)
    for name, chosen in by_option.items():
        option = spec.options[name]
        picked = tuple(dict.fromkeys(chosen))
        if option.empty_means_all:  # "only insurance and rent" / "add card dues" / "remove rent dues"
            mode = "exclude" if op == "remove" else "set" if only else "include"
        else:  # a list of what is hidden: "remove newsletters" hides them, "add them back" shows them
            mode = "include" if op == "remove" else "exclude"
        out.append(OptionChange(name, mode, picked))  # type: ignore[arg-type]
    return tuple(out)


def _bare_move(spans: Sequence[Span], norms: Sequence[str], slot: str,
               place: Position | None) -> ConfigRequest | None:
    """ "put my schedule first": a move verb, one section, a place, and only filler words."""
    kinds = [s.kind for s in spans]
    if place is None or place.kind in ("before", "after") or kinds.count("section") != 1:
        return None
    if not set(kinds) <= {"move", "add", "section", "place"} or kinds[0] not in ("move", "add"):
        return None
    covered = {i for s in spans for i in range(s.start, s.end)}
    if any(norm not in _BARE_FILLERS for i, norm in enumerate(norms) if i not in covered):
        return None
    return ConfigRequest("move", slot, place)
