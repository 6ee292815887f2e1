"""The assistant's vocabulary (`vocab.yaml`) and whole-word phrase matching over it.

Text is split into word tokens that remember where they stand in the original string, so a phrase
can be cut out of "can you remind me tomorrow at 10 am for a AI training ?" and what is left keeps
the user's own spelling ("AI training").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from steward.errors import ConfigError
from steward.yamldata import read_data

TYPE_CHECKING = False  # typing.TYPE_CHECKING, spelt so pathlib stays unloaded (a path is only ever handed in)
if TYPE_CHECKING:
    from pathlib import Path

_WORD = re.compile(r"[\w'’]+(?:[-.][\w'’]+)*|[^\w\s]")

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class Token:
    """One word (or punctuation mark) of a turn and its place in the original text."""

    text: str
    norm: str
    start: int
    end: int


def normalize_word(word: str) -> str:
    """Lower case, curly apostrophes made straight."""
    return word.lower().replace("’", "'")


@lru_cache(maxsize=256)
def _tokens(text: str) -> tuple[Token, ...]:
    # a turn's text is read by every intercept it reaches: tokenised once, not once per matcher
    return tuple(Token(m.group(), normalize_word(m.group()), m.start(), m.end()) for m in _WORD.finditer(text))


@lru_cache(maxsize=256)
def _words(text: str) -> tuple[str, ...]:
    # the words alone, as `tokenize` then `is_word` give them but without making a Token of each: every
    # phrase of the data files is read through here when a process first builds its vocabularies
    return tuple(norm for norm in map(normalize_word, _WORD.findall(text)) if norm[:1].isalnum() or norm[:1] == "_")


def tokenize(text: str) -> list[Token]:
    """Words and punctuation marks with their character offsets."""
    return list(_tokens(text))


def words(text: str) -> list[str]:
    """The normalised word tokens of a text (punctuation dropped)."""
    return list(_words(text))


def is_word(token: Token) -> bool:
    """Whether a token is a word (not punctuation)."""
    return token.norm[:1].isalnum() or token.norm[:1] == "_"


class Phrases(tuple[Phrase, ...]):
    """A phrase list sorted longest first (a tuple of phrases), with its phrases grouped by first word
    so that `match_at` looks only at the phrases that can start at a word, not at the whole list."""

    _by_first: dict[str, tuple[Phrase, ...]]

    def by_first(self) -> dict[str, tuple[Phrase, ...]]:
        """The phrases by their first word, each group in the list's order (longest first)."""
        try:
            return self._by_first
        except AttributeError:
            groups: dict[str, list[Phrase]] = {}
            for phrase in self:
                if phrase:
                    groups.setdefault(phrase[0], []).append(phrase)
            self._by_first = {first: tuple(group) for first, group in groups.items()}
            return self._by_first


def _phrases(items: Iterable[str]) -> Phrases:
    out = {tuple(words(item)) for item in items if str(item).strip()}
    # longest first, so "set a reminder" wins over "set" at the same place
    return Phrases(sorted(out, key=lambda p: (-len(p), p)))


# A plain tuple of phrases `match_at` is given (a grammar's word table, asked at every word of every turn), each
# grouped by first word once, in its own order, by its identity (kept here with it, so its id is never another's);
# None for a tuple with an empty phrase, which ends the search where it stands
_GROUPED: dict[int, tuple[tuple[Phrase, ...], dict[str, tuple[Phrase, ...]] | None]] = {}
_GROUPED_FROM = 8  # a shorter tuple is read whole as fast


def _grouped(phrases: tuple[Phrase, ...]) -> dict[str, tuple[Phrase, ...]] | None:
    kept = _GROUPED.get(id(phrases))
    if kept is not None and kept[0] is phrases:
        return kept[1]
    groups: dict[str, list[Phrase]] | None = {}
    for phrase in phrases:
        if not phrase:
            groups = None
            break
        assert groups is not None
        groups.setdefault(phrase[0], []).append(phrase)
    out = None if groups is None else {first: tuple(group) for first, group in groups.items()}
    if len(_GROUPED) >= 4096:  # tuples made on the fly, not a grammar's tables
        _GROUPED.clear()
    _GROUPED[id(phrases)] = (phrases, out)
    return out


def match_at(norms: Sequence[str], i: int, phrases: Iterable[Phrase]) -> int:
    """Length of the longest phrase starting at norms[i] (0 when none does)."""
    if type(phrases) is Phrases and i >= 0:
        # sorted longest first, so an empty phrase comes last and matches with length 0 anyway
        if i >= len(norms):
            return 0
        candidates = phrases.by_first().get(norms[i], ())
        for phrase in candidates:
            n = len(phrase)
            if n == 1 or tuple(norms[i:i + n]) == phrase:
                return n
        return 0
    if type(phrases) is tuple and i >= 0 and len(phrases) >= _GROUPED_FROM:
        groups = _grouped(phrases)
        if groups is not None:
            # only the phrases that start with the word can match there, met in the tuple's own order
            if i >= len(norms):
                return 0
            for phrase in groups.get(norms[i], ()):
                if tuple(norms[i:i + len(phrase)]) == phrase:
                    return len(phrase)
            return 0
    for phrase in phrases:  # sorted longest first
        n = len(phrase)
        if tuple(norms[i:i + n]) == phrase:
            return n
    return 0


def find_phrase(norms: Sequence[str], phrases: Iterable[Phrase]) -> tuple[int, int] | None:
    """(start, length) of the earliest (then longest) phrase occurrence in norms."""
    # a Phrases list is kept as it is: `match_at` then looks only at the phrases starting with each word
    ordered = phrases if type(phrases) is Phrases else tuple(phrases)
    for i in range(len(norms)):
        n = match_at(norms, i, ordered)
        if n:
            return i, n
    return None


def contains_phrase(norms: Sequence[str], phrases: Iterable[Phrase]) -> bool:
    """Whether any of the phrases occurs in norms."""
    return find_phrase(norms, phrases) is not None


@dataclass(frozen=True)
class Vocab:
    """Every phrase list of `vocab.yaml`, tokenised and sorted longest first."""

    mutate_verbs: tuple[Phrase, ...]
    polite_wrappers: tuple[Phrase, ...]
    leading_connectors: tuple[Phrase, ...]
    trailing_connectors: tuple[Phrase, ...]
    reminder_triggers: tuple[Phrase, ...]
    not_creating: tuple[Phrase, ...]
    todo_triggers: tuple[Phrase, ...]
    event_triggers: tuple[Phrase, ...]
    calendar_mentions: tuple[Phrase, ...]
    date_residue: tuple[Phrase, ...]
    date_lead_ins: tuple[Phrase, ...]
    modifier_markers: tuple[Phrase, ...]
    repeat_words: tuple[Phrase, ...]
    core_leading: tuple[Phrase, ...]
    determiners: tuple[Phrase, ...]
    placeholder_nouns: tuple[Phrase, ...]
    vague_subjects: tuple[Phrase, ...]
    schedule_words: tuple[Phrase, ...]
    show_verbs: tuple[Phrase, ...]
    mail_words: tuple[Phrase, ...]
    analysis_frames: tuple[Phrase, ...]
    analysis_fillers: tuple[Phrase, ...]
    mail_states: tuple[Phrase, ...]
    owing_frames: tuple[Phrase, ...]
    dues_nouns: tuple[Phrase, ...]
    dues_questions: tuple[Phrase, ...]
    account_nouns: tuple[Phrase, ...]
    account_frames: tuple[Phrase, ...]
    question_openers: tuple[Phrase, ...]
    dismissals: tuple[Phrase, ...]
    verb_cues: tuple[Phrase, ...]
    stop_words: tuple[Phrase, ...]
    config_objects: tuple[Phrase, ...]
    config_object_breakers: tuple[Phrase, ...]
    config_prepositions: tuple[Phrase, ...]
    brief_requests: tuple[Phrase, ...]
    section_names: Mapping[str, tuple[Phrase, ...]]
    sender_kinds: Mapping[str, tuple[Phrase, ...]]
    sender_verbs: tuple[Phrase, ...]
    sender_kind_ends: tuple[Phrase, ...]
    sender_kind_fillers: tuple[Phrase, ...]
    sender_stops: tuple[Phrase, ...]
    assistant_names: tuple[Phrase, ...] = ()

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], where: str = "vocab") -> Vocab:
        """Build from parsed YAML; a missing or mistyped list is a ConfigError naming it."""
        fields: dict[str, Any] = {}
        for name in cls.__dataclass_fields__:
            raw = data.get(name)
            if raw is None and name in _OPTIONAL:
                continue  # a vocabulary written before the list existed goes on without it
            if name in ("section_names", "sender_kinds"):
                if not isinstance(raw, Mapping):
                    raise ConfigError(f"{where}: {name} must be a table of lists")
                fields[name] = {str(k): _phrases(_strings(v, f"{where}: {name}.{k}")) for k, v in raw.items()}
            else:
                fields[name] = _phrases(_strings(raw, f"{where}: {name}"))
        return cls(**fields)


# lists a vocabulary file may leave out
_OPTIONAL = frozenset(("assistant_names",))


def _strings(raw: Any, where: str) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise ConfigError(f"{where} must be a list of phrases")
    return raw


def load_vocab(path: Path | None = None) -> Vocab:
    """The vocabulary shipped with Steward, or the YAML file at `path`."""
    data, where = read_data("steward.vocab", "vocab.yaml", path)
    if not isinstance(data, Mapping):
        raise ConfigError(f"{where}: expected a table of phrase lists")
    return Vocab.from_mapping(data, where)
