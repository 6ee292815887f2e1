"""Lures: mail that speaks for a brand or an institution it does not come from, to make someone pay or sign in.

The checks a careful mail client makes, on what is parsed from a message (nothing of its body kept):

- **a brand speaks from elsewhere**: the subject or the head of the text names a brand (`lures.yaml`'s
  table, and the finance registry's institutions) with a credential or urgent-payment pretext
  ("verify your account", "payment failed", "account on hold"), and the sender's domain is not one of
  that brand's;
- **a reply goes elsewhere**: the Reply-To address is on another registrable domain than the sender's
  in mail with a pretext (a mailing list's or a person's own Reply-To comes without one);
- **a link shows one domain and goes to another**: an HTML link whose visible text is a web address on
  one registrable domain while its target is on another, when the shown domain is a brand's or the mail
  has a pretext (a newsletter's click-tracking has neither);
- **a name claiming a brand**: the display name names a brand (PayPal, Microsoft, ...) while the mail,
  which has a pretext, comes from a domain that is not the brand's;
- **free mail claiming an institution**: a free-mail address (gmail.com, outlook.com, ...) whose display
  name claims a brand or an institution ("Billing Department", "IT Support") in mail with a pretext;
- **a domain made of the name and a lure word**: the sender's domain is the name it writes under with
  a word lures add ("Wattle Bank Security" from wattlebank-verify.example), in mail with a pretext;
- **mail about a mailbox from outside it**: a mailbox pretext ("your mailbox is full", "pending
  messages", "will be deactivated") about an address at another domain than the sender's, or under a
  display name that is another domain ("monkey.org Admin");
- **a name that is another domain, or a greeting to an address**: a display name that is a domain the
  mail does not come from ("monkey.org Admin"), or a greeting to an address at another domain ("Dear
  alex@example.org"), beside a word of alarm ("verify", "suspended", "quota");
- **a brand in look-alike letters**: a word that mixes alphabets ("PαyPαl": Greek alphas among Latin
  letters), twice, or once where it spells a brand.

Each reason is one line a person can read. Pure: no I/O past reading the YAML beside this module.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from steward.yamldata import load_yaml

_WORD = re.compile(r"[a-z0-9&]+")


@dataclass(frozen=True)
class LureWords:
    """The vocabulary of lures.yaml: brands and their domains, pretexts, institution words, free mail."""

    brands: tuple[tuple[str, tuple[str, ...]], ...]
    pretexts: dict[str, tuple[str, ...]]  # first word -> the pretexts starting with it, as flat text
    institutions: re.Pattern[str]
    free_mail: frozenset[str]
    mailbox: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)  # mailbox pretexts, likewise
    domain_words: frozenset[str] = frozenset()
    alarm: frozenset[str] = frozenset()


def _phrases(words: Iterable[str]) -> re.Pattern[str]:
    parts = sorted({" ".join(_WORD.findall(str(w).lower())) for w in words if str(w).strip()}, key=len, reverse=True)
    body = "|".join(r"\s+".join(re.escape(p) for p in part.split()) for part in parts if part)
    return re.compile(rf"(?<![a-z0-9])(?:{body})(?![a-z0-9])")


@lru_cache(maxsize=1)
def lure_words() -> LureWords:
    """The bundled vocabulary (read once per process)."""
    data = load_yaml((resources.files("steward.mail") / "lures.yaml").read_text(encoding="utf-8"))
    brands = tuple((str(name), tuple(str(d).lower() for d in domains)) for name, domains in data["brands"].items())
    return LureWords(brands, _by_first_word(data["pretexts"]), _phrases(data["institution_words"]),
                     frozenset(str(d).lower() for d in data["free_mail"]),
                     _by_first_word(data.get("mailbox_pretexts") or ()),
                     frozenset(str(w).lower() for w in data.get("domain_lure_words") or ()),
                     frozenset(str(w).lower() for w in data.get("alarm_words") or ()))


def _by_first_word(phrases: Iterable[object]) -> dict[str, tuple[str, ...]]:
    """Phrases as flat text, indexed by their first word (longest first)."""
    out: dict[str, list[str]] = {}
    for phrase in (_flat(str(p)) for p in phrases):
        if phrase:
            out.setdefault(phrase.split()[0], []).append(phrase)
    return {k: tuple(sorted(v, key=len, reverse=True)) for k, v in out.items()}


# every character but a letter, a digit or "&" becomes a space (str.translate: faster than a regex per message)
_SEPARATORS = {c: " " for c in range(128) if not (chr(c).isalnum() or chr(c) == "&")}


def _flat(text: str) -> str:
    """Lower case, words of letters and digits joined by single spaces."""
    return " ".join(text.lower().translate(_SEPARATORS).split())


def _belongs(domain: str, domains: Iterable[str]) -> bool:
    return any(domain == d or domain.endswith("." + d) for d in domains)


def _registrable(domain: str) -> str:
    from steward.mail.senders import registrable

    name, suffix = registrable(domain)
    return f"{name}.{suffix}" if suffix else name


@lru_cache(maxsize=16)
def _brand_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    flat = sorted({_flat(n) for n in names if len(_flat(n)) >= 3}, key=len, reverse=True)
    if not flat:
        return None
    return re.compile(r"(?<![a-z0-9])(" + "|".join(re.escape(n) for n in flat) + r")(?![a-z0-9])")


def _claimed(text: str, brands: Sequence[tuple[str, tuple[str, ...]]]) -> tuple[str, tuple[str, ...]] | None:
    """The brand a text names (its longest name), with its domains."""
    pattern = _brand_pattern(tuple(name for name, _ in brands))
    found = pattern.search(_flat(text)) if pattern is not None else None
    if found is None:
        return None
    domains: list[str] = []
    name = ""
    for brand, own in brands:
        if _flat(brand) == found.group(1):
            name = name or brand
            domains.extend(own)
    return name, tuple(domains)


def brand_named(text: str, brands: Sequence[tuple[str, tuple[str, ...]]]) -> tuple[str, tuple[str, ...]] | None:
    """The brand (of the bundled table and `brands`) a text names, with its domains, or None."""
    return _claimed(text, (*lure_words().brands, *brands))


def _pretext(flat: str, pretexts: dict[str, tuple[str, ...]], tokens: frozenset[str] | None = None) -> str | None:
    """The first pretext phrase a flat text holds as whole words, or None (only the phrases whose first
    word the text has are looked for: most mail has none of them). `tokens`: the text's words, once split."""
    starts = pretexts.keys() & (tokens if tokens is not None else flat.split())
    if not starts:
        return None
    padded = f" {flat} "
    found = [phrase for word in starts for phrase in pretexts[word] if f" {phrase} " in padded]
    return min(found, key=padded.find) if found else None


def lure_reasons(sender: str, sender_name: str, subject: str, snippet: str, *, reply_to: str = "",
                 links: Sequence[tuple[str, str]] = (),
                 brands: Sequence[tuple[str, tuple[str, ...]]] = ()) -> list[str]:
    """Why a message looks like a lure, one line per signal (empty: none found). `links` are
    (shown domain, target domain) pairs of its HTML links; `brands` add to the bundled table."""
    words = lure_words()
    flat = _flat(f"{subject}\n{snippet}")
    tokens = frozenset(flat.split())
    pretext = _pretext(flat, words.pretexts, tokens)
    mailbox = _pretext(flat, words.mailbox, tokens)
    known = (*words.brands, *brands)
    domain = sender.rpartition("@")[2].strip().strip(".").lower()
    reasons = _letters(f"{sender_name}\n{subject}\n{snippet}", known)
    alarm = pretext or mailbox or (next(w for w in flat.split() if w in words.alarm) if words.alarm & tokens else None)
    if alarm is None and not links:
        return reasons  # every other check but a link's needs a pretext: most mail stops here
    reasons += _mailbox_elsewhere(alarm or "", bool(mailbox), sender_name, subject, snippet, domain, known)
    if pretext is None and mailbox is None and not links:
        return reasons
    made = _made_domain(domain, sender_name, words.domain_words) if pretext or mailbox else None
    if made is not None:
        reasons.append(made)
    if pretext is None and not links:
        return reasons
    return reasons + _claims(pretext, domain, sender_name, subject, snippet, reply_to, links, known, words)


def _claims(pretext: str | None, domain: str, sender_name: str, subject: str, snippet: str, reply_to: str,
            links: Sequence[tuple[str, str]], known: Sequence[tuple[str, tuple[str, ...]]],
            words: LureWords) -> list[str]:
    """The brand, Reply-To, link and free-mail checks of mail with a pretext (or links)."""
    reasons: list[str] = []
    spoken = _claimed(subject, known) or (_claimed(snippet[:200], known) if pretext else None)
    if pretext and spoken is not None and spoken[1] and not _belongs(domain, spoken[1]):
        reasons.append(f"it speaks for {spoken[0]} (\"{pretext}\") but comes from {domain or 'nowhere'}")
    reply_domain = reply_to.rpartition("@")[2].strip().strip(".").lower()
    if reply_domain and domain and pretext and _registrable(reply_domain) != _registrable(domain):
        reasons.append(f"replies go to {reply_domain}, not to the sender's {domain}")
    for shown, target in links:
        if _registrable(shown) == _registrable(target):
            continue
        shown_brand = next((name for name, own in known if _belongs(shown, own)), None)
        if shown_brand is not None or pretext:
            reasons.append(f"a link shows {shown} but goes to {target}")
            break
    named = _claimed(sender_name, known) if pretext else None
    if domain in words.free_mail and pretext:
        institution = words.institutions.search(_flat(sender_name))
        if (named is not None and not _belongs(domain, named[1])) or institution is not None:
            who = named[0] if named is not None else institution.group(0) if institution else ""
            reasons.append(f"the name claims {who} but the mail is from the free-mail {domain}")
    elif named is not None and named[1] and not _belongs(domain, named[1]) and named != spoken:
        reasons.append(f"the name says {named[0]} (\"{pretext}\") but the mail is from {domain or 'nowhere'}")
    return reasons


_ADDRESS = re.compile(r"[\w.+-]+@((?:[\w-]+\.)+[a-z]{2,})", re.I)
_GREETING = re.compile(r"\b(?:dear|hello|hi|attention|attn)\b[\s:,]*([\w.+-]+@((?:[\w-]+\.)+[a-z]{2,}))", re.I)
_DOMAIN_NAME = re.compile(r"(?<![\w@.-])((?:[a-z0-9-]+\.)+[a-z]{2,})(?![\w.-])", re.I)


def _owned(domain: str, other: str, known: Sequence[tuple[str, tuple[str, ...]]]) -> bool:
    """Whether two domains are one owner's: the same registrable domain, or both a known brand's."""
    if _registrable(domain) == _registrable(other):
        return True
    return any(_belongs(domain, own) and _belongs(other, own) for _, own in known)


def _mailbox_elsewhere(pretext: str, about_mailbox: bool, sender_name: str, subject: str, snippet: str,
                       domain: str, known: Sequence[tuple[str, tuple[str, ...]]]) -> list[str]:
    """A mailbox's notice about an address at another domain, or under a name that is another domain."""
    if not domain or "." not in domain:
        return []
    named = next((m.group(1).lower() for m in _DOMAIN_NAME.finditer(sender_name)
                  if "." in m.group(1) and not _owned(m.group(1).lower(), domain, known)), None)
    if named is not None:
        return [f"the name says {named} (\"{pretext}\") but the mail is from {domain}"]
    greeted = _GREETING.search(snippet[:300])
    if greeted is not None and not _owned(greeted.group(2).lower(), domain, known):
        return [f"it greets {greeted.group(1)} by the address (\"{pretext}\") but comes from {domain}"]
    if not about_mailbox:
        return []
    for m in _ADDRESS.finditer(f"{subject}\n{snippet[:300]}"):
        if not _owned(m.group(1).lower(), domain, known):
            return [f"it is about the mailbox {m.group(0)} (\"{pretext}\") but comes from {domain}"]
    return []


def _collapse(text: str) -> str:
    """Letters only, a doubled letter once ("ParcelLink" and "parcelink" read the same)."""
    letters = re.sub(r"[^a-z0-9]", "", text.lower())
    return re.sub(r"(.)\1+", r"\1", letters)


def _made_domain(domain: str, sender_name: str, lure_words: frozenset[str]) -> str | None:
    """The domain is the sender's own name with a lure word joined to it ("wattlebank-verify")."""
    from steward.mail.senders import registrable

    name, _ = registrable(domain)
    parts = [p for p in re.split(r"[-_]", name) if p]
    added = [p for p in parts if p in lure_words]
    core = _collapse("".join(p for p in parts if p not in lure_words))
    said = _collapse(sender_name)
    if not added or len(core) < 4 or not said or core not in said:
        return None
    return f"its domain {domain} is the name {sender_name.strip()} with \"{added[0]}\" added, as lures make them"


_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return next((s for s in _SCRIPTS if name.startswith(s)), "")


def _letters(text: str, known: Sequence[tuple[str, tuple[str, ...]]]) -> list[str]:
    """Words that mix alphabets ("PαyPαl"): a brand so spelled, or two such words."""
    if text.isascii():
        return []  # one alphabet: most mail stops here
    from steward.mail.senders import skeleton

    mixed = []
    for word in re.findall(r"\w{3,}", text):
        if word.isascii():
            continue
        scripts = {_script(ch) for ch in word if ch.isalpha()} - {""}
        if len(scripts) >= 2 and word not in mixed:
            mixed.append(word)
    if not mixed:
        return []
    names = {_flat(name).replace(" ", ""): name for name, _ in known}
    for word in mixed:
        brand = names.get(skeleton(word))
        if brand is not None:
            return [f"it writes {brand} in look-alike letters ({word})"]
    return [f"words mix alphabets, as disguised text does ({', '.join(mixed[:2])})"] if len(mixed) >= 2 else []
