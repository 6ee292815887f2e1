"""Weak signs of a lure, added up: a mail is marked when they reach a threshold measured on real mail.

The strong checks of `steward.mail.lures` and `steward.mail.senders` mark a mail on one sign. Most real
lures give none of those (a bank the brand table does not know, a mailbox notice from a hijacked
account, a lure in German), but they give several weak ones at once, which legitimate mail rarely does:

- what the text says, by class (`lure_score.yaml`, in the main languages): it asks to sign in or confirm
  details, it presses to click or act now, it threatens a loss, it greets no one by name;
- who it says it is: a display name that speaks for an organisation ("Mail Administrator", "USAA") with
  no word in common with the sender's domain; the recipient's own address or domain in the subject or
  the name of mail from elsewhere; a From that is no address at all; a name that is another site
  ("shop.example" from elsewhere); one's own mail domain written out as the name ("example.org Team"),
  as a form letter to every mailbox of a domain fills it in; a domain made of words joined by hyphens,
  one of them a service's back-office word ("co-tollpay-billing", "bank-verify-alerts"), which then
  vouches for no name it repeats;
- how it is written: characters that take no room put between the letters of its words;
- where it leads: a link to a bare IP address, a punycode host or a URL shortener; a form field for a
  password in the mail itself, or a web page sent as an attachment;
- the receiving server's word: SPF softfail or a neutral/none verdict for the sender's domain.

One sign counts against: a display name that is the sender's own domain's ("Alder Credit Union" from
aldercu.example), so that a real service's notice ("Dear Member, your card expires: sign in to renew
it") is not marked on its words alone.

The brand table's part (brands named, written in look-alike letters, owning a domain) is in
`steward.mail.lure_brands`. `score` returns the signs found with their weights; `weak_reasons` the one
line a person reads when they reach the threshold. Pure: no I/O past reading the YAML beside this module.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from steward.mail.lure_brands import (
    ALNUM_RUN,
    NOT_ALNUM,
    brand_elsewhere,
    brand_index,
    disguised_brand,
    family,
    plain,
)
from steward.mail.lure_headers import script_mailer, to_itself, unvouched
from steward.records.mail import Transport
from steward.yamldata import load_yaml


@dataclass(frozen=True)
class MailContext:
    """What an import reads of a message besides its sender, subject and snippet; none of it is stored."""

    head: str = ""  # the first part of the text (longer than the snippet)
    recipients: tuple[str, ...] = ()
    attachments: tuple[str, ...] = ()
    link_hosts: tuple[str, ...] = ()
    password_form: bool = False
    auth_results: str = ""
    transport: Transport | None = None  # what the headers say of the way it came
    correspondent: bool = False  # its sender has written to the person before (`steward.mail.correspondents`)


@dataclass(frozen=True)
class Sign:
    """One weak sign and its weight."""

    weight: int
    says: str


@dataclass(frozen=True)
class _Class:
    name: str
    weight: int
    says: str
    spaced: dict[str, tuple[str, ...]]  # phrases of words by their first word, matched as whole words
    unspaced: tuple[str, ...]  # phrases in scripts written without spaces, matched anywhere


@dataclass(frozen=True)
class _Vocabulary:
    threshold: int
    classes: tuple[_Class, ...]
    organisation: frozenset[str]
    shorteners: frozenset[str]
    calm: re.Pattern[str] | None = None  # words that say there is no hurry ("nothing urgent"), not read as pressure
    boilerplate: re.Pattern[str] | None = None  # a sentence of standing advice or a legal footer, not read
    service_words: frozenset[str] = frozenset()  # what a made-up domain adds to a name ("-verify", "-toll")
    footer: re.Pattern[str] | None = None  # a sentence that opens a footer: it and what follows are not read


_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


@lru_cache(maxsize=1)
def vocabulary() -> _Vocabulary:
    """The bundled vocabulary (read once per process)."""
    data = load_yaml((resources.files("steward.mail") / "lure_score.yaml").read_text(encoding="utf-8"))
    classes = []
    for name, spec in data["classes"].items():
        phrases = [plain(str(w)) for words in spec["words"].values() for w in words]
        spaced: dict[str, list[str]] = {}
        for phrase in (p for p in phrases if p and not _UNSPACED.search(p)):
            spaced.setdefault(phrase.split()[0], []).append(phrase)
        unspaced = tuple(p for p in phrases if p and _UNSPACED.search(p))
        classes.append(_Class(str(name), int(spec["weight"]), str(spec["says"]),
                              {k: tuple(v) for k, v in spaced.items()}, unspaced))
    calm = [re.escape(plain(str(w))) for w in data.get("calm") or () if plain(str(w))]
    boilerplate = [re.escape(str(w).lower()) for w in data.get("boilerplate") or () if str(w).strip()]
    footer = [re.escape(str(w).lower()) for w in data.get("footer_opens") or () if str(w).strip()]
    return _Vocabulary(int(data["threshold"]), tuple(classes),
                       frozenset(str(w).lower() for w in data["organisation_words"]),
                       frozenset(str(w).lower() for w in data["shorteners"]),
                       re.compile(r"(?<!\S)(?:" + "|".join(calm) + r")(?!\S)") if calm else None,
                       re.compile(r"\b(?:" + "|".join(boilerplate) + r")\b") if boilerplate else None,
                       frozenset(str(w).lower() for w in data.get("service_domain_words") or ()),
                       re.compile(r"\b(?:" + "|".join(footer) + r")\b") if footer else None)




# a greeting to a kind of person rather than a person ("Dear Valued Member", "Hello Bank User", "Dear
# Taxpayer"), or to an address ("Dear alex@example.org"): a lure knows no more of its target than that
_NOBODY = re.compile(r"\b(?:dear|hello|hi|greetings|attention|attn)\b[\s,:]*(?:[a-z]+\s+){0,2}?"
                     r"(?:users?|customers?|members?|clients?|account\s+holders?|subscribers?|recipients?|"
                     r"sir|madam|beneficiary|employees?|staff|taxpayers?|citizens?)\b")
_TO_ADDRESS = re.compile(r"\b(?:dear|hello|hi|attention|attn)\b[\s:,({\[]*[\w.+-]+@[\w-]+\.", re.I)
_GREETING = "generic_greeting"
_OPENERS = frozenset({"dear", "hello", "hi", "greetings", "attention", "attn"})


_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")


def _asked(text: str, vocab: _Vocabulary) -> str:
    """The text without its sentences of standing advice or legal footer (`boilerplate`): a bank's "we will
    never ask for your password" or a disclaimer's "delete it immediately" asks nothing of the reader; nor does
    a footer, from the sentence that opens it in the mail's second half ("This is an automated message ...")."""
    text = _before_footer(text, vocab)
    if vocab.boilerplate is None or not vocab.boilerplate.search(text.lower().replace("\u2019", "'")):
        return text
    return "\n".join(s for s in _SENTENCE.split(text)
                     if not vocab.boilerplate.search(s.lower().replace("\u2019", "'")))


def _before_footer(text: str, vocab: _Vocabulary) -> str:
    """The text up to the sentence that opens its footer, when that sentence is in its second half (a lure's
    opening "This is an automated message from IT: verify your mailbox" is read whole)."""
    if vocab.footer is None:
        return text
    low = text.lower().replace("\u2019", "'")
    for m in vocab.footer.finditer(low, len(low) // 2):
        start = max((s.end() for s in _SENTENCE.finditer(low, 0, m.start())), default=0)
        if start >= len(low) // 2:
            return text[:start]
    return text


# the classes of words a lure presses its reader with: to sign in, pay, act now, fear a loss or fetch something
# (a mailbox named, a greeting to no one, press nothing by themselves)
_PRESSING = frozenset(("sign_in", "act_now", "threat", "account", "money", "identity", "document", "uploaded",
                       "prize", "parcel"))


def presses(subject: str, text: str) -> bool:
    """Whether a mail's words press its reader as a lure's do (to sign in, pay, act now, fear a loss)."""
    vocab = vocabulary()
    return any(c.name in _PRESSING for c in _said_classes(f"{subject}\n{text}", vocab))


def _said(text: str, vocab: _Vocabulary) -> list[Sign]:
    """The classes of words a text says, each once (standing advice and legal footers not read)."""
    return [Sign(c.weight, c.says) for c in _said_classes(text, vocab)]


def _said_classes(text: str, vocab: _Vocabulary) -> list[_Class]:
    """The classes of words a text says (standing advice and legal footers not read)."""
    flat = plain(_asked(text, vocab))
    if vocab.calm is not None and ("urgent" in flat or "rush" in flat or "hurry" in flat):
        flat = vocab.calm.sub(" ", flat)
    tokens = set(flat.split())
    padded = f" {flat} "
    unspaced = not flat.isascii() and bool(_UNSPACED.search(flat))
    greets = not tokens.isdisjoint(_OPENERS)
    out = []
    for c in vocab.classes:
        starts = tokens & c.spaced.keys()
        if (any(f" {p} " in padded for w in starts for p in c.spaced[w])
                or (unspaced and any(p in flat for p in c.unspaced))
                or (c.name == _GREETING and greets and (_NOBODY.search(flat) or "@" in text
                                                         and _TO_ADDRESS.search(text)))):
            out.append(c)
    return out


def _document_says(vocab: _Vocabulary) -> str:
    return next((c.says for c in vocab.classes if c.name == "document"), "")


# characters that take no room: a lure puts them between the letters of its words so that no filter reads them
# (a soft hyphen is dropped too, but is no sign: hyphenated newsletters have it inside words)
_VISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
_INSIDE = re.compile("\\w[\u200b\u200c\u200d\u2060\ufeff]+\\w")


def _invisible(text: str) -> bool:
    """Whether characters that take no room split words, again and again (a preheader's run of them
    between words, as newsletters pad their preview, is not inside a word)."""
    return not text.isascii() and len(_INSIDE.findall(text)) >= 5


def _registrable(domain: str) -> tuple[str, str]:
    from steward.mail.senders import registrable

    return registrable(domain)


def _letters(text: str) -> str:
    return NOT_ALNUM.sub("", text.lower())


def _organisation(sender_name: str, vocab: _Vocabulary) -> bool:
    """Whether a display name speaks for an organisation (one word, or a word such as "Team" or
    "Bank"), or is empty, rather than naming a person."""
    words = [w for w in ALNUM_RUN.findall(plain(sender_name)) if len(w) >= 2]
    return len(words) <= 1 or any(w in vocab.organisation for w in words)


def _name_unrelated(sender_name: str, domain: str, vocab: _Vocabulary) -> str | None:
    """A display name that speaks for an organisation and shares no word with the sender's domain."""
    words = [w for w in ALNUM_RUN.findall(plain(sender_name)) if len(w) >= 2]
    if not words or not domain or "@" in sender_name or not _organisation(sender_name, vocab):
        return None
    name, _suffix = _registrable(domain)
    host = _letters(domain.removesuffix("." + _suffix) if _suffix else domain)
    if not host:
        return None
    meaningful = [w for w in words if w not in vocab.organisation and len(w) >= 3] or words
    if any(w[:5] in host for w in meaningful if len(w) >= 3):
        return None
    initials = "".join(w[0] for w in words if w not in ("of", "the", "and", "&"))
    if len(initials) >= 2 and _letters(name).startswith(initials):
        return None
    if len(_letters(name)) >= 3 and _letters(name) in _letters(sender_name):
        return None
    return f"the name {sender_name.strip()} has nothing of {domain}"


def _name_is_domain(sender_name: str, domain: str, vocab: _Vocabulary) -> bool:
    """Whether the display name and the sender's domain are one name ("Alder Credit Union" from
    aldercu.example): such a sender is who it says, unless its server's checks say otherwise."""
    if not domain or not sender_name:
        return False
    name, suffix = _registrable(domain)
    host = _letters(domain.removesuffix("." + suffix) if suffix else domain)
    words = [w for w in ALNUM_RUN.findall(plain(sender_name)) if len(w) >= 4 and w not in vocab.organisation]
    own = _letters(name)
    return any(w in host for w in words) or (len(own) >= 4 and own not in vocab.organisation
                                              and own in _letters(sender_name))


def _made_up_domain(domain: str, sender_name: str, vocab: _Vocabulary) -> str | None:
    """A domain made of words joined by hyphens, one of them a word a service's back office would use that the
    name the mail goes under does not say ("Colorado Toll Services" from co-tollpay-billing, "Aspenridge Bank
    Security" from aspenridge-verify-alerts): lures make their domains so, to sound like the service they
    imitate; a business writes from its own name. Such a domain does not vouch for that name, however much
    of it it repeats."""
    if not domain or "-" not in domain:
        return None
    name, _suffix = _registrable(domain)
    parts = [p for p in name.split("-") if p]
    said = set(ALNUM_RUN.findall(plain(sender_name)))
    added = next((p for p in parts if p in vocab.service_words and p not in said), None)
    if len(parts) < 2 or added is None:
        return None
    return f"its domain {domain} is words joined to \"{added}\", as lures make a service's name"


def _domain_as_name(sender_name: str, domain: str) -> str | None:
    """A display name that writes the sender's mail domain out, suffix and all ("example.org",
    "example.org Support")."""
    name, suffix = _registrable(domain)
    if not suffix or not name:
        return None
    site = f"{name}.{suffix}"
    if site not in sender_name.lower() or not re.search(rf"(?<![\w.@-]){re.escape(site)}(?![\w-])",
                                                        sender_name.lower()):
        return None
    return f"its name writes out the recipient's own mail domain ({site}), as a form letter to every mailbox there does"


def _name_is_address(sender_name: str, domain: str) -> str | None:
    """A display name that is an address at another domain than the mail's ("support@bank.example"
    from elsewhere); a list's "'alex@example.org' via the list" is not."""
    found = re.search(r"[\w.+-]+@([\w-]+(?:\.[\w-]+)+)", sender_name)
    if found is None or not domain or " via " in f" {sender_name.lower()} ":
        return None
    if _registrable(found.group(1).lower()) == _registrable(domain):
        return None
    return f"its name is the address {found.group(0)}, but the mail is from {domain}"


def _speaks_as(sender_name: str, text: str, vocab: _Vocabulary) -> bool:
    """Whether the text names the organisation its display name is (a word of the name other than
    "Team" or "Service", of four letters or more, in the subject or the first lines)."""
    words = {w for w in ALNUM_RUN.findall(plain(sender_name)) if len(w) >= 4 and w not in vocab.organisation}
    return bool(words) and not words.isdisjoint(ALNUM_RUN.findall(plain(text)))


def _free_mail(domain: str) -> bool:
    from steward.mail.lures import lure_words

    return bool(domain) and domain in lure_words().free_mail


def _address_in_text(text: str, domain: str, recipients: Sequence[str]) -> str | None:
    """The recipient's own address in the first lines of mail from another domain."""
    low = text.lower()
    for address in recipients:
        own = address.rpartition("@")[2].lower()
        if own and domain and _registrable(own) != _registrable(domain) and address.lower() in low:
            return f"it writes the recipient's address {address} in its first lines, from {domain}"
    return None


def _recipient_named(sender_name: str, subject: str, domain: str, recipients: Sequence[str]) -> str | None:
    """The recipient's own address or mail domain, in the subject or the name of mail from elsewhere."""
    if not domain:
        return None
    sender_site = _registrable(domain)
    said = f"{sender_name}\n{subject}".lower()
    for address in recipients:
        local, _, own = address.lower().rpartition("@")
        if not own or _registrable(own) == sender_site or own in _COMMON_MAIL:
            continue
        if address.lower() in said:
            return f"it names the recipient's address {address} in its subject or name, from {domain}"
        site = ".".join(part for part in _registrable(own) if part)
        if site in said and re.search(rf"(?<![\w.-]){re.escape(site)}(?![\w-])", said):
            return f"it names the recipient's domain {site} in its subject or name, from {domain}"
    return None


# mail services whose name in a subject says nothing about who sent it
_COMMON_MAIL = frozenset({"gmail.com", "googlemail.com", "yahoo.com", "outlook.com", "hotmail.com", "live.com",
                          "icloud.com", "aol.com"})


def _odd_links(hosts: Iterable[str], text: str, vocab: _Vocabulary) -> str | None:
    """A link to a bare IP address, a punycode host or a URL shortener."""
    written = _URL_HOST.findall(text) if "://" in text else []
    for host in (*hosts, *(h.lower().rstrip(".") for h in written)):
        try:
            ipaddress.ip_address(host.strip("[]"))
            return f"a link goes to the bare address {host}"
        except ValueError:
            pass
        if any(label.startswith("xn--") for label in host.split(".")):
            return f"a link goes to the disguised host {host}"
        if host in vocab.shorteners or host.removeprefix("www.") in vocab.shorteners:
            return f"a link hides where it goes ({host})"
    return None


# style rules a plain-text part sometimes carries ("p{ margin:0; }"): no words of the mail
_CSS = re.compile(r"[^{}]{0,80}\{[^{}:]{0,400}:[^{}]{0,400}\}")


def _links_elsewhere(hosts: Sequence[str], domain: str, brands: Sequence[tuple[str, tuple[str, ...]]]) -> str | None:
    """Links that all go to other sites than the sender's (a real service links to its own site too)."""
    if not hosts or not domain:
        return None
    site = _registrable(domain)
    if any(_registrable(host) == site for host in hosts):
        return None
    own = family(domain, brand_index(tuple(brands)))
    if own and any(family(host, brand_index(tuple(brands))) == own for host in hosts):
        return None
    return f"none of its links go to {'.'.join(p for p in site if p)} ({hosts[0]}{', ...' if len(hosts) > 1 else ''})"


_URL_HOST = re.compile(r"https?://(?:[^/\s@]{0,100}@)?([^/\s:?#)\]]+)", re.I)
_PAGE = re.compile(r"\.(?:s?html?|xhtml|shtm)$", re.I)


_PASS = re.compile(r"\b(?:dkim|spf|dmarc)=pass\b")


def _own_domain_unchecked(header: str, domain: str, recipients: Sequence[str]) -> str | None:
    """Mail that says it comes from the recipient's own domain while the receiving server, which checked
    it (it wrote Authentication-Results), passed no check for it: mail from outside wearing the
    organisation's name. Mail delivered inside the organisation carries no such verdict."""
    if not header.strip() or not domain or _PASS.search(header.lower()):
        return None
    site = _registrable(domain)
    if not any(_registrable(a.rpartition("@")[2].lower()) == site for a in recipients):
        return None
    return f"it says it is from the recipient's own {'.'.join(p for p in site if p)}, but no check passed for it"


def _auth_doubt(header: str, domain: str) -> str | None:
    """SPF softfail, or no pass at all, for the sender's domain in the receiving server's verdict."""
    if not header.strip() or not domain:
        return None
    low = header.lower()
    if re.search(r"\bspf=softfail\b", low):
        return f"the receiving server's SPF check soft-failed for {domain}"
    if re.search(r"\bdmarc=(?:none|temperror)\b", low) and not re.search(r"\b(?:dkim|spf)=pass\b", low):
        return f"nothing in the receiving server's checks passed for {domain}"
    return None


def score(sender: str, sender_name: str, subject: str, snippet: str, context: MailContext | None = None,
          brands: Sequence[tuple[str, tuple[str, ...]]] = ()) -> list[Sign]:
    """The weak signs one message gives (each kind once); `brands` (name, domains) are the ones people trust."""
    vocab = vocabulary()
    context = context or MailContext()
    head = context.head or snippet
    if "{" in head:
        head = _CSS.sub(" ", head)
    hidden = _invisible(f"{subject}\n{head}")
    if hidden or "\u00ad" in head:
        subject, head = _VISIBLE.sub("", subject), _VISIBLE.sub("", head)
    classes = _said_classes(f"{subject}\n{sender_name}\n{head}", vocab)
    signs = [Sign(c.weight, c.says) for c in classes]
    if {"prize", "money"} <= {c.name for c in classes}:
        # a win or a gift that costs a fee or bank details to collect is the advance-fee lure: whoever pays out
        # a real prize takes nothing from its winner first
        signs.append(Sign(2, "it asks a payment or bank details to release money it says is waiting"))
    if {"prize", "secret"} <= {c.name for c in classes}:
        # a prize collected with the reader's PIN or one-time code: whoever pays out a real prize never asks
        # for the secret that moves money out of the reader's account
        signs.append(Sign(2, "it asks for a PIN or a one-time code to collect money it says is waiting"))
    if {"gift_cards", "family_trouble"} <= {c.name for c in classes}:
        # a grandchild or a nephew in trouble who wants gift cards and no word to the family is the family
        # emergency lure: no relative in real need asks for money in that form
        signs.append(Sign(2, "it speaks as a relative in trouble and asks for money in gift cards"))
    said = len(signs)
    if hidden:
        signs.append(Sign(1, "it hides invisible characters inside its words"))
    disguised = disguised_brand(f"{sender_name}\n{subject}", tuple(brands))
    if disguised is not None:
        signs.append(Sign(3, disguised))
    if not signs or sender.lower().startswith("mailer-daemon@"):
        # every other sign only counts beside what the text says (most mail stops here); a delivery
        # report quotes the mail it returns, with all its words
        return []
    domain = sender.rpartition("@")[2].strip().strip(".").lower() if "@" in sender else ""
    # mail within one organisation may go under a generic name ("IT Service Desk"); mail sent to its own
    # sender (the targets in Bcc) is not such mail
    own = any(a.lower() != sender.lower() and _registrable(a.rpartition("@")[2].lower()) == _registrable(domain)
              for a in context.recipients)
    # a name that is its domain's vouches for mail addressed to someone from that domain; mail addressed
    # to its own sender (every target hidden), or sent from elsewhere with nothing vouching for the
    # domain, is how forgeries in a bank's own name go out
    forged = unvouched(domain, context.transport, context.auth_results, context.recipients, tuple(brands))
    written_out = _domain_as_name(sender_name, domain) if own else None
    if written_out is not None:
        # a form letter to a whole domain's mailboxes fills the domain into its name ("example.org Team");
        # a person's own organisation signs with its name, so such mail gets none of that mail's allowance
        own = False
        signs.append(Sign(1, written_out))
    if ((own or context.correspondent) and forged is None
            and _own_domain_unchecked(context.auth_results, domain, context.recipients) is None):
        # one's own organisation's notice, or a known correspondent's (a biller's final notice), may say
        # every word a lure says: its words count two at most
        signs = signs[:min(said, 2)] + signs[said:]
    who = _sender_signs(sender, sender_name, own, forged is not None or written_out is not None
                        or to_itself(sender, context.recipients) is not None, context.correspondent)
    signs += who.signs
    if who.unrelated is not None:
        if _speaks_as(sender_name, f"{subject}\n{head[:400]}", vocab):
            signs.append(Sign(2, who.unrelated + ", and its text speaks as " + sender_name.strip()))
        else:
            signs.append(Sign(1, who.unrelated))
    # a file or a voice message said to wait at a service the text names (a drive, a signing service) is
    # that service's own notice or a lure wearing its name, whoever's name the mail goes under
    shared = any(s.says == _document_says(vocab) for s in signs[:said])
    return signs + _message_signs(sender, sender_name, subject, head, context, brands, who.organisation or shared,
                                  own, forged)


@dataclass(frozen=True)
class _Who:
    signs: tuple[Sign, ...]  # what the sender's address and name give whatever the mail says
    unrelated: str | None  # an organisation's name with nothing of the domain (weighed with the text)
    organisation: bool  # the name speaks for an organisation


@lru_cache(maxsize=4096)
def _sender_signs(sender: str, sender_name: str, own: bool, bulk: bool = False, correspondent: bool = False) -> _Who:
    """The signs of a sender's address and name (mail comes from few senders, over and over)."""
    vocab = vocabulary()
    domain = sender.rpartition("@")[2].strip().strip(".").lower() if "@" in sender else ""
    signs = []
    if sender and ("@" not in sender or "." not in domain):
        signs.append(Sign(1, f"its From is no address ({sender[:40]})"))
    elif not sender and sender_name.strip():
        signs.append(Sign(1, f"its From is a name with no address ({sender_name.strip()[:40]})"))
    organisation = _organisation(sender_name, vocab)
    free = _free_mail(domain)
    if free and sender_name.strip() and organisation:
        signs.append(Sign(1, f"an organisation's name ({sender_name.strip()}) from the free-mail {domain}"))
    site_name = re.fullmatch(r"\s*(?:www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})\s*", sender_name.lower())
    if site_name and domain and _registrable(site_name.group(1)) != _registrable(domain):
        signs.append(Sign(1, f"its name is the site {site_name.group(1)}, but the mail is from {domain}"))
    by_address = _name_is_address(sender_name, domain)
    if by_address is not None:
        signs.append(Sign(2, by_address))
    made_up = _made_up_domain(domain, sender_name, vocab) if not own and not correspondent else None
    if made_up is not None:
        signs.append(Sign(1, made_up))
    elif not bulk and _name_is_domain(sender_name, domain, vocab):
        signs.append(Sign(-1, f"the name {sender_name.strip()} is its domain's"))
    # (a known correspondent's name was seen on its earlier mail: a short form of it, "HudsonPrimary" for Hudson
    # Primary Care Associates, is no name taken from elsewhere)
    unrelated = None if own or free or correspondent else _name_unrelated(sender_name, domain, vocab)
    return _Who(tuple(signs), unrelated, organisation)


def _message_signs(sender: str, sender_name: str, subject: str, head: str, context: MailContext,
                   brands: Sequence[tuple[str, tuple[str, ...]]], organisation: bool, own: bool,
                   forged: str | None) -> list[Sign]:
    """The signs of one message's recipients, links, attachments, headers and server verdict."""
    vocab = vocabulary()
    domain = sender.rpartition("@")[2].strip().strip(".").lower() if "@" in sender else ""
    signs = [Sign(1, found) for found in (
        to_itself(sender, context.recipients),
        script_mailer(domain, sender_name, context.transport, tuple(brands)),
        _address_in_text(head[:300], domain, context.recipients),
        brand_elsewhere(f"{subject}\n{head[:300]}", domain, tuple(brands)) if organisation else None,
        _recipient_named(sender_name, subject, domain, context.recipients),
        _odd_links(context.link_hosts, head, vocab),
        _links_elsewhere(context.link_hosts, domain, brands),
        _auth_doubt(context.auth_results, domain)) if found is not None]
    if context.password_form:
        signs.append(Sign(2, "it holds a form that asks for a password"))
    own_domain = forged or _own_domain_unchecked(context.auth_results, domain, context.recipients)
    if own_domain is not None:
        signs.append(Sign(2, own_domain))
    elif own:
        signs.append(Sign(-1, "it comes from the recipient's own organisation"))
    page = next((a for a in context.attachments if _PAGE.search(a)), None)
    if page is not None:
        signs.append(Sign(1, f"it attaches a web page ({page})"))
    return signs


def weak_reasons(sender: str, sender_name: str, subject: str, snippet: str,
                 context: MailContext | None = None, brands: Sequence[tuple[str, tuple[str, ...]]] = ()) -> list[str]:
    """One line when the weak signs reach the threshold, naming them; else nothing."""
    signs = score(sender, sender_name, subject, snippet, context, brands)
    if sum(s.weight for s in signs) < vocabulary().threshold:
        return []
    return ["several signs of a lure together: " + "; ".join(s.says for s in signs if s.weight > 0)]
