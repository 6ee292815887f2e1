"""The family words people use for the people who write to them ("Mum", "Ah Ma", "my brother"), and who
they are in the person's own mail.

A family word names a sender only on what the mail itself says: the sender's display name is one ("Mum"),
the sender signs off with one ("Love, Mum", "— Ah Ma", "阿嬷" after the last sentence), or the person
greets them with one in mail they sent them ("Hi Mum,"). Never a guess from a shared surname, nor from
another person's mail that mentions them ("Ah Ma was so happy to see the kids" says nothing of who she is).
A family word said in a question is read whole: "Ah Ma" is a grandmother, never the "Ma" inside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from steward.reader.frame import Named, Unmatched
from steward.reader.lists import SlotLists, name_words
from steward.reader.words import ReaderWords
from steward.vocab import Phrase, match_at

# what may come right before a family word that signs a message: the end of a sentence, a dash, a sign-off
# ("Love,"; never a comma alone, nor "love you,": "Thanks for dinner, Mum" speaks to her)
_BEFORE_SIGNATURE = re.compile(
    r"(?:^|[.!?\u3002\uff01\uff1f\u2026:\uff1a)\]~\u2014\u2013-]|"
    r"\b(?:love|lots of love|all my love|much love|hugs|kisses|xx+|xo+|x|regards|best|"
    r"warmly|god bless|with love|besos|beijos|bisous|abrazos|abra[çc]os)\s*[,!.]?)"
    r"\s*(?:your\s+|ur\s+)?$", re.I)
# what may follow it: kisses, hearts, a full stop
_KISSES = re.compile(r"(?:[\s.!,~]*\b(?:x+|xo+)\b|[\s.!,~]*(?:<3+|\u2764\ufe0f?|\U0001F618|\U0001F60A))*[\s.!,~]*$",
                     re.I)
# a greeting that opens a message the person sent ("Hi Mum,", "Dear Dad", "Mum -")
_GREETING = re.compile(r"^\W*(?:(?:hi|hey|hello|dear|dearest|morning|good morning|evening|hiya|yo|oi|ola|olá|hola)"
                       r"\s+)?(?P<w>[^\W\d_][^\s,:;!.\-\u2014]*(?:\s+[^\W\d_][^\s,:;!.\-\u2014]*)?)\s*[,:;!\-\u2014]",
                       re.I)
LONGEST = 3  # the most words a family word has ("big sis", "nana ji", "lots of love" is no family word)


def relations(rw: ReaderWords) -> Mapping[Phrase, str]:
    """Every family word, as the words it is said in, with the relation it names ("ah ma" -> grandmother)."""
    kept = _TABLES.get(id(rw.kin))
    if kept is None or kept[0] is not rw.kin:
        # asked of every message's end when the lists are built: made once per vocabulary
        kept = (rw.kin, {p: relation for relation, phrases in rw.kin.items() for p in phrases})
        _TABLES.clear()
        _TABLES[id(rw.kin)] = kept
    return kept[1]


_TABLES: dict[int, tuple[Mapping[str, tuple[Phrase, ...]], dict[Phrase, str]]] = {}


def relation_of(said: str, rw: ReaderWords) -> str | None:
    """The relation a family word names ("Ah Ma" -> "grandmother"), None for any other words."""
    return relations(rw).get(name_words(said))


def signed_with(end: str, rw: ReaderWords) -> str | None:
    """The relation a message's last words sign it with ("... see you Sunday. Love, Mum x" -> mother,
    "... 带孩子们一起来。 阿嬷" -> grandmother); None when it ends on anything else ("say hi to your mum")."""
    table = relations(rw)
    text = end[:_KISSES.search(end).start()]  # type: ignore[union-attr]  # (it matches at the end, if only "")
    for said, start, _ in _candidates(text):
        relation = table.get(name_words(said))
        if relation is not None and _BEFORE_SIGNATURE.search(text[:start]):
            return relation
    return None


def _candidates(text: str) -> list[tuple[str, int, int]]:
    """The last one to `LONGEST` words of a text, each with where it starts and ends (longest first); a run of
    Chinese, Japanese or Korean characters at the end counts as one word."""
    spans = [(m.start(), m.end()) for m in re.finditer(r"[^\W_]+(?:['\u2019-][^\W_]+)*", text)]
    out: list[tuple[str, int, int]] = []
    for n in range(min(LONGEST, len(spans)), 0, -1):
        start, end = spans[-n][0], spans[-1][1]
        out.append((text[start:end], start, end))
    if spans:
        # "一起来。阿嬷" written without a space: the last characters after the sentence's end
        last = text[spans[-1][0]:spans[-1][1]]
        cut = max(last.rfind(c) for c in "\u3002\uff01\uff1f")
        if cut >= 0:
            out.append((last[cut + 1:], spans[-1][0] + cut + 1, spans[-1][1]))
    return out


def greeted_as(opening: str, rw: ReaderWords) -> str | None:
    """The relation a message the person sent greets its reader with ("Hi Mum, ..." -> mother), None when it
    opens on anything else."""
    m = _GREETING.match(opening)
    if m is None:
        return None
    table = relations(rw)
    said = name_words(m.group("w"))
    return table.get(said) or table.get(said[:1])


def known_relations(signed: Mapping[str, Iterable[str]], greeted: Mapping[str, Iterable[str]]
                    ) -> dict[str, frozenset[str]]:
    """The relations each address is known by: from the family words it signs with and those the person greets
    it with (address -> relations)."""
    out: dict[str, set[str]] = {}
    for table in (signed, greeted):
        for address, said in table.items():
            out.setdefault(address, set()).update(said)
    return {a: frozenset(r) for a, r in out.items() if r}


def said_in(low: Sequence[str], rw: ReaderWords) -> dict[int, tuple[int, str]]:
    """The family words a question says, by the place of their first word: (how many words, the relation),
    the longest at each place ("ah ma" at 2, never "ma" at 3 inside it)."""
    table = relations(rw)
    out: dict[int, tuple[int, str]] = {}
    i = 0
    while i < len(low):
        for n in range(min(LONGEST, len(low) - i), 0, -1):
            relation = table.get(tuple(low[i:i + n]))
            if relation is not None:
                out[i] = (n, relation)
                i += n
                break
        else:
            i += 1
    return out


def family_named(low: Sequence[str], raw: Sequence[str], named: Sequence[Named], lists: SlotLists,
                 rw: ReaderWords) -> tuple[tuple[Named, ...], tuple[Unmatched, ...]]:
    """The family said as a group ("anything from the family?", "my relatives"): the senders a family word is
    known to name, in place of a sender a word of the group alone matched ("Family" of a Family Clinic); said
    not found when no sender is known as family. Said before a thing or a kind of place ("the family dinner",
    "the family doctor"), it is no group of people. (named, unmatched)"""
    from steward.reader.lists import PERSON
    from steward.reader.match import who_could_be

    for at in range(len(low)):
        n = match_at(low, at, rw.family_senders)
        if not n:
            continue
        after = low[at + n] if at + n < len(low) else ""
        if after in {w for group in rw.thing_words.values() for w in group} | {w for p in rw.event_nouns for w in p} \
                or after in rw.generic | {w for phrases in rw.provider_kinds.values() for p in phrases for w in p}:
            continue
        said = " ".join(raw[at:at + n])
        covered = [x for x in named if set(x.said.casefold().split()) <= set(w.casefold() for w in raw[at:at + n])]
        rest = tuple(x for x in named if x not in covered)
        family = tuple(v for v in lists.of_slot("sender") if v.kind and v.kind != PERSON)
        if family:
            return (*rest, Named(said, family, "kind")), ()
        return rest, (Unmatched(said, "relation", who_could_be("family", lists)),)
    return tuple(named), ()
