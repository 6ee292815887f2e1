"""The brands the weak lure signs look for: named in a mail, written in look-alike letters, or owning a domain.

The brands are the bundled table of `lures.yaml` and those a caller trusts (the finance registry's
institutions); what the checks need of them is worked out once per tuple of brands. Pure: no I/O past
the table `steward.mail.lures` reads.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_MARKS = re.compile(r"[\u0300-\u036f]")  # the accents NFKD splits off Latin letters
_NON_WORD = re.compile(r"[^\w-]+|_")
NOT_ALNUM = re.compile(r"[^a-z0-9]")
ALNUM_RUN = re.compile(r"[a-z0-9]+")


def plain(text: str) -> str:
    """Lower case, accents dropped, every run of non-letters one space (letters of any script kept)."""
    low = text.lower()
    if not low.isascii():
        low = _MARKS.sub("", unicodedata.normalize("NFKD", low))
    return " ".join(_NON_WORD.sub(" ", low).split())


# letters lures swap for ones that look alike in a sans-serif face ("AppIe" with a capital i, "lcIoud")
_ALIKE = {"I": "li", "1": "li", "0": "o", "|": "l"}
_CANDIDATE = re.compile(r"[A-Za-z0-9|]{4,}")
_ODD = re.compile(r"(?<=.)I|[01|]|^l[^aeiouy]|rn|vv")


def _unswapped(word: str) -> set[str]:
    """The spellings a word may stand for once look-alike letters are read back (at most 256)."""
    word = word.replace("rn", "m").replace("vv", "w") if ("rn" in word or "vv" in word) else word
    out = {"i" + word[1:], word} if word.startswith("l") else {word}
    for i, ch in enumerate(word):
        if ch in _ALIKE:
            out = {v[:i] + c + v[i + 1:] for v in out for c in ch + _ALIKE[ch]}
            if len(out) > 256:
                return set()
    return out


@dataclass(frozen=True)
class BrandIndex:
    """What the brand checks need of one tuple of brands (with the table's), worked out once."""

    by_first: dict[str, tuple[str, ...]]  # a brand's name as words, by its first word
    by_name: dict[str, tuple[str, tuple[str, ...]]]  # name as words -> (the brand's name, its domains)
    spelled: dict[str, str]  # name as letters and digits alone -> the brand's name
    lengths: frozenset[int]  # of the spelled names
    family: dict[str, frozenset[str]]  # a brand's domain -> every domain of that brand


# what the checks need of each brand tuple (with the table's), by identity; the tuple is kept beside it
_BRANDS: dict[int, tuple[tuple[tuple[str, tuple[str, ...]], ...], BrandIndex]] = {}


def brand_index(brands: tuple[tuple[str, tuple[str, ...]], ...]) -> BrandIndex:
    """What the brand checks need of the table's brands and `brands`, worked out once per tuple."""
    cached = _BRANDS.get(id(brands))
    if cached is not None and cached[0] is brands:
        return cached[1]
    if len(_BRANDS) > 16:
        _BRANDS.clear()
    every = (*_table(), *brands)
    by_name: dict[str, tuple[str, list[str]]] = {}
    family: dict[str, set[str]] = {}
    for name, domains in every:
        flat = " ".join(ALNUM_RUN.findall(plain(name)))
        if len(flat) >= 3:
            by_name.setdefault(flat, (name, []))[1].extend(domains)
        for d in domains:
            family.setdefault(d, set()).update(domains)
    by_first: dict[str, list[str]] = {}
    for flat in sorted(by_name, key=len, reverse=True):
        by_first.setdefault(flat.split()[0], []).append(flat)
    spelled = {NOT_ALNUM.sub("", name.lower()): name for name, _ in every if len(name) >= 4}
    index = BrandIndex({k: tuple(v) for k, v in by_first.items()}, {k: (n, tuple(d)) for k, (n, d) in by_name.items()},
                        spelled, frozenset(len(n) for n in spelled), {k: frozenset(v) for k, v in family.items()})
    _BRANDS[id(brands)] = (brands, index)
    return index


def family(domain: str, index: BrandIndex) -> frozenset[str]:
    """Every domain of the brand `domain` is one of (or under one of); empty for no brand's."""
    while domain:
        if domain in index.family:
            return index.family[domain]
        _, dot, domain = domain.partition(".")
        if not dot:
            break
    return frozenset()


def disguised_brand(text: str, brands: tuple[tuple[str, tuple[str, ...]], ...]) -> str | None:
    """A word that spells a brand (of the table or `brands`) once look-alike letters are read back ("AppIe")."""
    index = brand_index(brands)
    names, lengths = index.spelled, index.lengths
    for word in set(_CANDIDATE.findall(text)):
        if not ({len(word), len(word) - 1} & lengths) or word.lower() in names or not _ODD.search(word):
            continue
        hit = next((names[v.lower()] for v in _unswapped(word) if v.lower() in names), None)
        if hit is not None:
            return f"it writes {hit} with look-alike letters ({word})"
    return None


def _table() -> tuple[tuple[str, tuple[str, ...]], ...]:
    from steward.mail.lures import lure_words

    return lure_words().brands


def brand_elsewhere(text: str, domain: str, brands: tuple[tuple[str, tuple[str, ...]], ...]) -> str | None:
    """A brand (of the table or `brands`) named in the subject or the text, from none of its domains."""
    if not domain:
        return None
    index = brand_index(brands)
    words = plain(text)
    padded = f" {words} "
    found = next((flat for word in words.split() if word in index.by_first
                  for flat in index.by_first[word] if f" {flat} " in padded), None)
    if found is None:
        return None
    name, domains = index.by_name[found]
    if any(domain == d or domain.endswith("." + d) for d in domains):
        return None
    return f"it names {name} but comes from {domain}"
