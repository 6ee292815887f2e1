"""Is this sender who it says it is? Checks that make a message `phishing_suspect` whatever it says.

Three signals, each read with a maintained library rather than by hand:

- the receiving server's verdict: the topmost `Authentication-Results` header (RFC 8601, read with
  `authres`) says dkim, spf or dmarc **failed** for the From domain;
- a lookalike of a known institution's domain: the registrable part of the sender's domain (found
  with `tldextract`'s bundled Public Suffix List, never fetched) is decoded from punycode (`idna`),
  its homoglyphs mapped to Latin letters (`confusable_homoglyphs`) and its digits read as the
  letters they imitate (`paypa1` is `paypal`); it is a lookalike when that skeleton spells a known
  domain's name, alone or among hyphenated words (`paypa1-support.com`, `northwind-card-support`),
  while the domain itself is not one of that institution's;
- a display name that names a known institution while the mail comes from another domain, in mail
  that talks about money or an account.

Pure: no I/O. The known institutions come from the caller (the finance registry, the categories'
trusted domains), so this module knows no bank itself.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from steward.mail.lure_score import MailContext

# digits and symbols read as the letters they imitate in a domain name
_LEET = str.maketrans({"0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a",
                       "$": "s", "|": "l"})
# words a lookalike domain adds around the brand it imitates
_FILLER = frozenset({"support", "secure", "security", "billing", "online", "login", "verify", "verification",
                     "account", "accounts", "service", "services", "alert", "alerts", "update", "help", "team",
                     "customer", "care", "mail", "info", "notice", "pay", "payment", "payments", "auth", "id",
                     "my", "the", "official", "center", "centre", "portal", "web", "www", "app"})
_MONEY_WORDS = re.compile(r"\b(?:account|payment|pay|card|invoice|statement|bank|verify|password|refund|due|"
                          r"suspend\w*|locked|billing|transfer|wire|balance)\b")
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Brand:
    """A sender people trust: a name and the domains its mail really comes from."""

    name: str
    domains: tuple[str, ...]


@dataclass(frozen=True)
class SenderVerdict:
    """Whether a sender looks forged, and why (empty reasons: nothing found)."""

    reasons: tuple[str, ...] = ()

    @property
    def suspect(self) -> bool:
        """Whether any check found the sender forged."""
        return bool(self.reasons)


def domain_of(address: str) -> str:
    """The domain of an address, lower case, without a trailing dot."""
    return address.rpartition("@")[2].strip().strip(".").lower()


@lru_cache(maxsize=1)
def _extractor():  # type: ignore[no-untyped-def]
    import tldextract

    # the Public Suffix List snapshot bundled with tldextract: never fetched, never cached on disk
    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)


@lru_cache(maxsize=4096)
def registrable(domain: str) -> tuple[str, str]:
    """(name, suffix) of a domain: `alerts.hdfcbank.co.in` -> (`hdfcbank`, `co.in`)."""
    domain = _unicode(domain)
    parts = _extractor()(domain)
    if parts.domain and parts.suffix:
        return parts.domain, parts.suffix
    labels = [label for label in domain.split(".") if label]
    if len(labels) >= 2:  # a suffix the list does not know (`.example`, `.test`): the last label
        return labels[-2], labels[-1]
    return (labels[0] if labels else ""), ""


def _unicode(domain: str) -> str:
    import idna

    labels = []
    for label in domain.lower().split("."):
        if label.startswith("xn--"):
            # a punycode label that does not decode stays as written: it still is no brand's name
            with contextlib.suppress(idna.IDNAError):
                label = idna.decode(label)
        labels.append(label)
    return ".".join(labels)


@lru_cache(maxsize=4096)
def skeleton(label: str) -> str:
    """A domain label as the letters it imitates: homoglyphs to Latin, digits to letters, lower case."""
    from confusable_homoglyphs import confusables

    out = []
    for ch in label.lower():
        if ch.isascii():
            out.append(ch)
            continue
        found = confusables.is_confusable(ch, greedy=True, preferred_aliases=["latin"]) or []
        latin = [h["c"] for f in found for h in f["homoglyphs"] if h["c"].isascii() and h["c"].isalpha()]
        out.append(latin[0].lower() if latin else ch)
    return "".join(out).translate(_LEET)


def _belongs(domain: str, domains: Iterable[str]) -> bool:
    return any(domain == d or domain.endswith("." + d) for d in domains)


def _belongs_set(domain: str, domains: frozenset[str]) -> bool:
    """`_belongs` against a set: the domain and each parent domain looked up (a few lookups, not n)."""
    while domain:
        if domain in domains:
            return True
        _, dot, domain = domain.partition(".")
        if not dot:
            return False
    return False


def belongs_to(sender: str, domains: frozenset[str]) -> bool:
    """Whether an address's domain is one of `domains` or under one of them."""
    return _belongs_set(domain_of(sender), domains)


class _Index:
    """What the checks need of one set of brands, worked out once: its domains, its names, and the
    verdict for each sender domain seen so far (mail comes from few domains, over and over)."""

    def __init__(self, brands: tuple[Brand, ...]) -> None:
        self.brands = brands
        self.domains = frozenset(d for b in brands for d in b.domains)
        self.names = _brand_names(brands)
        self.by_name = {" ".join(_WORD.findall(b.name.lower())): b for b in reversed(brands) if b.name}
        self.real = [(b, skeleton(registrable(d)[0]).replace("-", ""), registrable(d)[0])
                     for b in brands for d in b.domains]
        self.seen: dict[str, tuple[Brand, bool] | None] = {}
        self.named = tuple((b.name, b.domains) for b in brands if b.name)  # for the lure checks


# the index of each brand tuple in use, by identity (hashing a tuple of brands per message cost more
# than the checks); the tuple is kept beside its index, so an id is never reused while cached
_INDEXES: dict[int, tuple[tuple[Brand, ...], _Index]] = {}


def _index(brands: Iterable[Brand]) -> _Index:
    if isinstance(brands, tuple):
        cached = _INDEXES.get(id(brands))
        if cached is not None and cached[0] is brands:
            return cached[1]
        if len(_INDEXES) > 16:
            _INDEXES.clear()
        index = _Index(brands)
        _INDEXES[id(brands)] = (brands, index)
        return index
    return _Index(tuple(brands))


def lookalike(sender_domain: str, brands: Iterable[Brand], text: str = "") -> Brand | None:
    """The brand whose domain `sender_domain` imitates without being one of its domains, or None.

    A name spelled with other characters (`paypa1`, a Cyrillic `а`, punycode) imitates on its own; the
    brand's name among other words (`chase-support`) or under another suffix (`chase.co`) only in mail
    about money or an account (`text`: subject and snippet), since a bakery may be called Chase too.
    """
    index = _index(brands)
    if sender_domain not in index.seen:
        index.seen[sender_domain] = _lookalike(sender_domain, index)
    found = index.seen[sender_domain]
    if found is None:
        return None
    brand, disguised = found
    return brand if disguised or _MONEY_WORDS.search(text.lower()) else None


def _lookalike(sender_domain: str, index: _Index) -> tuple[Brand, bool] | None:
    """(brand, disguised) for a domain that spells a brand's name without being one of its domains."""
    if not sender_domain or _belongs_set(sender_domain, index.domains):
        return None
    name, suffix = registrable(sender_domain)
    full = _unicode(sender_domain)
    subdomain = full.removesuffix(f".{name}.{suffix}" if suffix else f".{name}")
    raw = [w for w in re.split(r"[-._]", name if subdomain == full else f"{subdomain}.{name}") if w]
    core = [skeleton(w) for w in raw if skeleton(w) not in _FILLER]
    spelled = "".join(w for w in raw if skeleton(w) not in _FILLER)
    runs = {"".join(core[i:j]) for i in range(len(core)) for j in range(i + 1, len(core) + 1)}
    for brand, real, real_name in index.real:
        if len(real) < 4:
            continue  # a short name matches too much by chance
        if "".join(core) == real and spelled != real_name:
            return brand, True
        if real in runs:
            return brand, False
    return None


def _auth_failures(header: str, sender_domain: str) -> list[str]:
    import authres

    if not header.strip():
        return []
    try:
        parsed = authres.AuthenticationResultsHeader.parse("Authentication-Results: " + header)
    except Exception:  # noqa: BLE001 - authres raises its own parse errors for any malformed header
        return []
    out = []
    for result in parsed.results:
        if str(result.result).lower() not in ("fail", "permerror"):
            continue
        method = str(result.method).lower()
        if method not in ("dkim", "spf", "dmarc"):
            continue
        about = [str(p.value or "").lstrip("@").lower() for p in result.properties
                 if f"{p.type}.{p.name}".lower() in ("header.d", "header.i", "header.from", "smtp.mailfrom")]
        about = [a.rpartition("@")[2] for a in about]
        if method == "dmarc" or not about or any(_belongs(sender_domain, [a]) or _belongs(a, [sender_domain])
                                                  for a in about if a):
            out.append(f"{method}={result.result} for {sender_domain or 'the sender'}")
    return out


def display_name_brand(sender_name: str, sender_domain: str, text: str, brands: Iterable[Brand]) -> Brand | None:
    """A brand the display name claims while the domain is not its own, in mail about money or an account."""
    if not sender_name:
        return None
    index = _index(brands)
    if index.names is None:
        return None
    claimed = index.names.search(" ".join(_WORD.findall(skeleton(sender_name))))
    if claimed is None:
        return None
    brand = index.by_name.get(claimed.group(1))
    if brand is None or _belongs(sender_domain, brand.domains):
        return None
    return brand if _MONEY_WORDS.search(text.lower()) else None


@lru_cache(maxsize=16)
def _brand_names(brands: tuple[Brand, ...]) -> re.Pattern[str] | None:
    """One pattern for every brand name of four letters or more, as whole words."""
    names = sorted({" ".join(_WORD.findall(b.name.lower())) for b in brands if b.name}, key=len, reverse=True)
    names = [n for n in names if len(n) >= 4]
    if not names:
        return None
    return re.compile(r"(?<![a-z0-9])(" + "|".join(re.escape(n) for n in names) + r")(?![a-z0-9])")


def check_sender(sender: str, sender_name: str, auth_results: str, text: str,
                 brands: Iterable[Brand], *, subject: str | None = None, snippet: str = "", reply_to: str = "",
                 links: tuple[tuple[str, str], ...] = (), context: MailContext | None = None) -> SenderVerdict:
    """Every check on one message's sender; `text` is its subject and snippet (given apart as `subject`
    and `snippet`, the lure checks of `steward.mail.lures` run too, and with them, when no check found
    anything, the weak signs of `steward.mail.lure_score` added up; `context` is what the import read
    of the rest of the mail)."""
    domain = domain_of(sender)
    if not isinstance(brands, tuple):
        brands = tuple(brands)
    reasons = _auth_failures(auth_results, domain)
    imitated = lookalike(domain, brands, text)
    if imitated is not None:
        reasons.append(f"{domain} imitates {imitated.name or imitated.domains[0]} ({', '.join(imitated.domains)})")
    claimed = display_name_brand(sender_name, domain, text, brands)
    if claimed is not None and claimed is not imitated:
        reasons.append(f"the name says {claimed.name} but the mail is from {domain}")
    if subject is not None:
        from steward.mail.lures import lure_reasons

        reasons += [r for r in lure_reasons(sender, sender_name, subject, snippet, reply_to=reply_to, links=links,
                                            brands=_index(brands).named) if r not in reasons]
        if not reasons:
            from steward.mail.lure_score import weak_reasons

            reasons = weak_reasons(sender, sender_name, subject, snippet, context, _index(brands).named)
    return SenderVerdict(tuple(reasons))
