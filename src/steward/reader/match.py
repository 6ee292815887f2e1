"""Names in a question matched against the slot lists: by whole words, then by spelling distance
(rapidfuzz's optimal string alignment over the one-word names: two letters swapped, "wattel" for
"wattle", is one slip, as a letter left out or added is), and the names said that match nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from steward.reader.frame import Named, SlotValue, Unmatched
from steward.reader.lists import SlotLists, common_english, name_words

_WORD = re.compile(r"[\w'\u2019&]+")
# a word that comes right before one of these is a name being said ("my Zephyr card")
_NAME_BEFORE = {"card": "card", "cards": "card", "bill": "bill", "account": "account", "bank": "bank",
                "notice": "bill", "invoice": "bill", "statement": "bill",
                "appointment": "provider", "booking": "provider", "reservation": "provider"}


_SUBJECTS = frozenset(("i", "we", "you"))
_PLACE_BEFORE = frozenset(("to", "from", "in", "into", "at", "back", "via", "near", "around"))
# the last word of a business's name ("at Harbourside Vets", "at Glebe Physio"): after "at", a capital
# followed by one of these, also capitalised, is a provider's name to look up, not a place
_BUSINESS_AFTER = frozenset(("vets", "vet", "physio", "physiotherapy", "dental", "dentistry", "clinic", "surgery",
                             "optometrists", "optometry", "opticians", "eyecare", "salon", "barbers", "garage",
                             "motors", "automotive", "pilates", "veterinary", "medical", "health", "smiles"))


@dataclass(frozen=True)
class Found:
    """The names a question says: matched (with the word positions they used) and unmatched."""

    named: tuple[Named, ...]
    used: frozenset[int]
    unmatched: tuple[Unmatched, ...]


def allowed_distance(word: str) -> int:
    """How many edits a name of this length may be off by: 1 up to 7 letters, 2 at 8, 3 from 9 (a long
    name written by ear, "zeebrugh" for "Zeebrugge", is several letters off and still that name)."""
    return 1 if len(word) < 8 else 2 if len(word) < 9 else 3


def _fits(said: str, name: str, distance: int) -> bool:
    """Whether a word `distance` edits from a name may mean it: within what the longer of the two allows
    and at most one edit past what the shorter allows; past one edit, both start with the same letter
    (a name written by ear keeps its first sound)."""
    short, long_ = sorted((said, name), key=len)
    if distance > min(allowed_distance(long_), allowed_distance(short) + 1):
        return False
    return distance <= 1 or said[:1] == name[:1]


def _near(hits: Sequence[tuple[str, int, int]], said: str) -> list[tuple[str, int, int]]:
    """The hits a word may mean (`_fits`); of those, every one as near as the nearest and, past one edit,
    one edit further too (two names near a word are both kept, and the answer asks which rather than
    guessing)."""
    fits = [h for h in hits if _fits(said, h[0], h[1])]
    if not fits:
        return []
    nearest = min(h[1] for h in fits)
    reach = nearest + (1 if nearest >= 2 else 0)
    return [h for h in fits if h[1] <= reach]


def find_names(tokens: Sequence[str], raw: Sequence[str], lists: SlotLists, known: frozenset[str],
               skip: frozenset[int] = frozenset(), family: Mapping[int, tuple[int, str]] | None = None) -> Found:
    """The slot values the tokens name; `raw` are the tokens as written (for capitals), `skip` the date's words,
    `family` the family words said (`steward.reader.kin.said_in`): one that no sender is known by is said
    not found, never matched by a shorter name inside it ("Ah Ma" is no "Ma") or by spelling."""
    named: list[Named] = []
    used: set[int] = set()
    foreign: set[int] = set()  # a word of a name held that ends another name said: looked up no further
    strangers: list[Unmatched] = []
    family = family or {}
    i = 0
    while i < len(tokens):
        if i in skip:
            i += 1
            continue
        best: tuple[int, list[SlotValue]] = (0, [])
        # an everyday word said after "I" or "we" is what they did ("which table did I book?"), no one's name
        verb = i > 0 and tokens[i - 1] in _SUBJECTS and tokens[i] in common_english()
        for phrase, value in lists.by_first.get(tokens[i], ()):
            n = len(phrase)
            if verb and n == 1:
                continue
            if n >= best[0] and tuple(tokens[i:i + n]) == phrase and (len(phrase[0]) > 1 or raw[i].isupper()):
                # (a name of one letter, the "D" a partner signs with, is a name only written as a capital)
                if n > best[0]:
                    best = (n, [])
                best[1].append(value)
        if best[0] > 1 and tokens[i] == "the" and i + 1 not in skip:
            # "the leslieville appointment": a name that starts on "the" (The Leslieville Ledger) and one said by
            # the same words without it (Leslieville Animal Hospital) are both named; the question says which
            best[1].extend(value for phrase, value in lists.by_first.get(tokens[i + 1], ())
                           if tuple(tokens[i + 1:i + best[0]]) == phrase and value not in best[1])
        kin_n, relation = family.get(i, (0, ""))
        if kin_n and _a_title(i, tokens, raw, known) and not any(a + m == i for a, (m, _) in family.items()):
            # "Suresh mama", "Ravi uncle": a family word said beside a name is that person's title, not the
            # person's own mother or uncle; the name is looked up alone
            used.update(range(i, i + kin_n))
            i += kin_n
        elif kin_n > best[0] and not set(range(i, i + kin_n)) & skip:
            strangers.append(Unmatched(" ".join(raw[i:i + kin_n]), "relation", who_could_be(relation, lists)))
            used.update(range(i, i + kin_n))
            i += kin_n
        elif best[0] == 1 and _ends_another_name(i, tokens, raw, used, known, best[1]):
            foreign.add(i)  # "Harrogate Borough Council" is not Leodis City Council: the question names another
            i += 1
        elif best[0]:
            named.append(Named(" ".join(raw[i:i + best[0]]), tuple(best[1]), "words"))
            used.update(range(i, i + best[0]))
            i += best[0]
        else:
            i += 1
    singles = lists.single_names
    choices = list(singles)
    for i, tok in enumerate(tokens):
        if i in used or i in skip or i in foreign or len(tok) < 5 or tok in known or tok.isdigit() or not choices:
            continue
        from rapidfuzz import process  # here: a question of short or known words never loads it
        from rapidfuzz.distance import OSA

        if raw[i].casefold().endswith(("'s", "\u2019s")):
            continue  # "Wanjiru's recital": the name of whose it is, not a business a letter away from it
        near = _near(process.extract(tok, choices, scorer=OSA.distance, score_cutoff=allowed_distance(tok) + 1,
                                     limit=None), tok)
        if i > 0 and raw[i][:1].isupper():
            # a name written with its capital mid-sentence is written with care: a slip keeps its first letter
            near = [h for h in near if h[0][:1] == tok[:1]]
        if near:
            values = tuple(v for h in near for v in singles[h[0]])
            named.append(Named(raw[i], values, "spelling"))
            used.add(i)
    shorts = {i: short for i, tok in enumerate(tokens) if i not in used and i not in skip and i not in foreign
              and (short := _said_short(i, tok, raw, singles, known)
                   or _place_abbreviated(i, tokens, singles, known)) is not None}
    unmatched = (*strangers, *_unmatched(tokens, raw, lists, known, used | set(skip) | set(shorts)))
    if shorts and not any(u.what == "name" for u in unmatched):
        # (a name said short beside another name nothing holds, "the Sports Fest recital of Nico", is
        # left unmatched with it: the thing is no booking of the one it opens)
        named += [Named(raw[i], singles[short], "spelling") for i, short in shorts.items()]
        used |= set(shorts)
    else:
        unmatched = (*strangers, *_unmatched(tokens, raw, lists, known, used | set(skip)))
    return Found(tuple(named), frozenset(used), unmatched)


# a title said before a name: "Dr Pope", and the honorifics many families and workplaces say before a first name
# ("Ate Joy", "Manong Ben", "Didi", "Coach Sam", "Teacher Ana", "Pastor Mike")
_TITLES = frozenset(("dr", "mr", "mrs", "ms", "miss", "mx", "nurse", "prof", "professor", "sir", "dame", "madam",
                     "mister", "ate", "manang", "manong", "didi", "bhai", "shri", "sri", "smt", "coach", "teacher",
                     "pastor", "rev", "father", "sister", "brother", "aunty", "auntie", "uncle"))


def _ends_another_name(i: int, tokens: Sequence[str], raw: Sequence[str], used: set[int], known: frozenset[str],
                       values: Sequence[SlotValue]) -> bool:
    """Whether the one word at `i` that a name held of several words shares ("council" of Leodis City Council)
    ends another name the question writes in capitals ("Harrogate Borough Council"): the word before it is
    written with its capital mid-sentence ("County" too), is no word of the names held, no title and none of the
    reader's own words."""
    if i < 2 or (i - 1) in used:
        return False
    before, said = tokens[i - 1], raw[i - 1]
    if not said[:1].isupper() or not before.isalpha() or len(before) < 3 or before in known or before in _TITLES:
        return False
    return all(len(v.names[0]) > 1 and before not in v.names[0] for v in values if v.names)


_SHORT_LETTERS = (3, 4)  # the fewest letters a name said short keeps, the most it leaves off ("Nico", "Gab")


def _said_short(i: int, tok: str, raw: Sequence[str], singles: Mapping[str, tuple[SlotValue, ...]],
                known: frozenset[str]) -> str | None:
    """The one name a person's name said short opens ("Nico's check-up" of the booking for Nicolas, "Gab" of
    Gabriel): written with its capital, no word of its own, and the start of exactly one name held; else None."""
    if len(tok) < _SHORT_LETTERS[0] or not tok.isalpha() or tok in known or tok in common_english() \
            or not raw[i][:1].isupper() or (i == 0 and not raw[i].casefold().endswith(("'s", "\u2019s"))):
        return None
    fits = [name for name in singles if name.startswith(tok) and 0 < len(name) - len(tok) <= _SHORT_LETTERS[1]
            and name.isalpha() and name not in common_english()]
    return fits[0] if len(fits) == 1 else None


def _place_abbreviated(i: int, tokens: Sequence[str], singles: Mapping[str, tuple[SlotValue, ...]],
                       known: frozenset[str]) -> str | None:
    """The one place a journey goes to that a word said after "to", "from" or "in" abbreviates by its letters in
    order, from its first to its last ("chch" of Christchurch, "wgtn" of Wellington): no word of its own nor a
    city's own name; else None."""
    tok = tokens[i]
    if i == 0 or tokens[i - 1] not in _PLACE_BEFORE or len(tok) < 3 or not tok.isalpha() or tok in known \
            or tok in common_english():
        return None
    fits = [name for name, values in singles.items() if any(v.slot == "trip" for v in values)
            and len(name) > len(tok) and name[0] == tok[0] and name[-1] == tok[-1] and _in_order(tok, name)]
    if len(fits) != 1:
        return None
    from steward.appointments.places import city_zone

    return fits[0] if city_zone(tok, whole=True) is None else None  # "Bath" is a city, never Bathurst said short


def _in_order(letters: str, name: str) -> bool:
    """Whether `letters` are in `name` in the same order (not side by side)."""
    rest = iter(name)
    return all(c in rest for c in letters)


def _a_title(at: int, tokens: Sequence[str], raw: Sequence[str], known: frozenset[str]) -> bool:
    """Whether the family word at `at` follows a name said before it ("Suresh mama"; never "Ken's mum", nor
    "Amma-Appa", two family words)."""
    if at == 0:
        return False
    before, said = tokens[at - 1], raw[at - 1]
    return (before.isalpha() and len(before) >= 3 and before not in known and before not in common_english()
            and not said.casefold().endswith(("'s", "\u2019s")))


def who_could_be(relation: str, lists: SlotLists, limit: int = 6) -> tuple[str, ...]:
    """The senders a family word no one is known by may name: those who write in their own name and whom no
    family word names."""
    from steward.reader.lists import PERSON

    return tuple(v.label for v in lists.of_slot("sender") if v.kind == PERSON)[:limit]


def _unmatched(tokens: Sequence[str], raw: Sequence[str], lists: SlotLists, known: frozenset[str],
               used: set[int]) -> tuple[Unmatched, ...]:
    out: list[Unmatched] = []
    for i, tok in enumerate(tokens):
        if i in used:
            continue
        if tok.isdigit() and len(tok) == 4 and i > 0 and tokens[i - 1] in ("ending", "ends", "in", "number", "no"):
            out.append(Unmatched(raw[i], "card", nearest_names(tok, lists, "card")))  # last four of no card
            continue
        if tok in known or tok.isdigit() or len(tok) < 3:
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        prev = tokens[i - 1] if i > 0 else ""
        # a capital after "to", "from", "in" is a place ("my flight to Auckland"), not a name to look up
        capital = i > 0 and raw[i][:1].isupper() and raw[i] != "I" and prev not in _PLACE_BEFORE
        what = _NAME_BEFORE.get(nxt)
        if (what is None and i > 0 and raw[i][:1].isupper() and nxt in _BUSINESS_AFTER
                and raw[i + 1][:1].isupper()):
            what = "provider"  # "at Pawsome Vets": a business's name, wherever it comes in the question
        if what is None and not capital:
            continue
        out.append(Unmatched(raw[i], what or "name", nearest_names(tok, lists, what or "name")))
    return tuple(out)


def nearest_names(said: str, lists: SlotLists, what: str, limit: int = 4) -> tuple[str, ...]:
    """The names in the person's data nearest to `said` among those of the kind asked about."""
    if what in ("card", "account"):
        pool = [v.label for v in lists.of_slot("account") if v.kind == "card" or what == "account"]
    elif what in ("bill", "bank"):
        pool = [v.label for v in lists.of_slot("issuer")]
    elif what == "provider":
        pool = [v.label for v in lists.of_slot("provider")]
    elif what == "sender":
        pool = [v.label for v in lists.of_slot("sender")]
    else:
        pool = [v.label for v in lists.values if v.slot in ("issuer", "provider", "sender")]
    pool = sorted(set(pool))
    if what != "name" and len(pool) <= limit:
        return tuple(pool)
    from rapidfuzz import fuzz, process

    hits = process.extract(said, pool, scorer=fuzz.WRatio, limit=limit)
    return tuple(h[0] for h in hits)


def name_tokens(text: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[int, int], ...]]:
    """The question's words for matching (lower case, possessive dropped), as written, and their spans."""
    found = list(_WORD.finditer(text))
    raw = tuple(m.group(0) for m in found)
    low = tuple((name_words(t) or (t.casefold(),))[0] for t in raw)
    return low, raw, tuple(m.span() for m in found)


# a flight's or a train's number as people write it: a two-character carrier code and its number ("AP417",
# "U21234", "9W 123" said as one word); never a plain word, a time or a year
_TRAVEL_NUMBER = re.compile(r"(?:[a-z]{2}|[a-z]\d|\d[a-z])\d{2,4}", re.I)


def travel_number(token: str) -> bool:
    """Whether a word is shaped like a flight's or a train's number ("AP417", "ba283")."""
    return bool(_TRAVEL_NUMBER.fullmatch(token)) and any(c.isalpha() for c in token)



def card_network(low: Sequence[str], raw: Sequence[str], networks: Sequence[tuple[str, ...]], tiers: frozenset[str],
                 used: frozenset[int] | set[int], not_before: frozenset[str] = frozenset()) -> str | None:
    """A card named by its network, as written, with the product words said beside it ("Visa Infinite",
    "World Elite Mastercard", "my amex"); None when no network is said, or when the word is followed by a noun of
    `not_before` ("the visa appointment": a travel visa, never the card)."""
    for i in range(len(low)):
        if i in used:
            continue
        n = max((len(p) for p in networks if tuple(low[i:i + len(p)]) == p), default=0)
        if not n:
            continue
        start, end = i, i + n
        while start > 0 and low[start - 1] in tiers and start - 1 not in used:
            start -= 1
        while end < len(low) and low[end] in tiers and end not in used:
            end += 1
        if end < len(low) and low[end] in not_before:
            continue
        return " ".join(raw[start:end])
    return None
