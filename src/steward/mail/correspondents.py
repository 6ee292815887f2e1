"""Known correspondents: a sender who has written to the person before is not read as a stranger.

A real biller's final notice says what a lure says ("pay within five days to avoid disconnection",
"Dear Customer"); what a lure cannot show is a history. The weak signs of `steward.mail.lure_score` count
a mail's words two at most when its sender is a known correspondent:

- the same address sent the person mail that was not marked as phishing (a bill, a receipt, a statement),
  the first of it at least a day before this one (a campaign sends its lures in one burst; a biller
  writes month after month);
- or another address of the same registrable domain did, and this mail's headers show an authentication
  check that passed for its From domain (DKIM signed by it, DMARC, or SPF for an envelope sender of it), or
  they say nothing and the mail is quiet: no link, no form, no words pressing to sign in, pay or act now;
- and nothing in the headers says the From was forged: no check failed or went without a pass, no
  envelope sender elsewhere with no signature of the From domain.

The strong checks (a look-alike domain, a brand's name from another domain, a failed check) are not
relieved: a lure that wears a known name from a look-alike domain has no history at that domain.

`vouched` and `known` are pure; `classify_batch` and `classify_stored` ask the store for the history,
and only of the mail the rules mark (few), so an import pays nothing for the rest.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from datetime import datetime, timedelta

from steward.mail.categories import Classifier
from steward.records.mail import ParsedMessage, Transport
from steward.store.db import from_utc_text, utc_text
from steward.store.mail_marks import first_unmarked, first_unmarked_from_domain

PHISHING = "phishing_suspect"
# how long before a mail its sender's first unmarked mail must have come for a history to count
SETTLED = timedelta(days=1)
_SRS = re.compile(r"^srs[01][=+-]", re.I)
# a web address written in a mail's text
_ADDRESS = re.compile(r"\bhttps?://|\bwww\.", re.I)


def _site(domain: str) -> str:
    from steward.mail.senders import registrable

    name, suffix = registrable(domain.lower().strip("."))
    return f"{name}.{suffix}" if suffix else name


def domain_of(address: str) -> str:
    """An address's domain, lower case."""
    return address.rpartition("@")[2].strip().strip(".").lower()


def vouched(sender: str, auth_results: str, transport: Transport | None) -> bool | None:
    """What the headers say of a From address: True when a check passed for its domain (aligned), False
    when they say it was forged or nothing passed, None when they say nothing."""
    domain = domain_of(sender)
    if not domain:
        return False
    if auth_results.strip():
        return _aligned_pass(auth_results, _site(domain))
    if transport is None or not transport.relayed or transport.listed or not transport.return_path:
        return None
    local, _, envelope = transport.return_path.lower().rpartition("@")
    if not envelope or _SRS.match(local) or _site(envelope) == _site(domain):
        return None
    if any(_site(d) == _site(domain) for d in transport.dkim_domains):
        return None
    return False  # sent by another domain's server, with no signature of the From domain


def _aligned_pass(header: str, site: str) -> bool:
    import authres

    try:
        parsed = authres.AuthenticationResultsHeader.parse("Authentication-Results: " + header)
    except Exception:  # noqa: BLE001 - authres raises its own parse errors for any malformed header
        return False
    passed = False
    for result in parsed.results:
        method, verdict = str(result.method).lower(), str(result.result).lower()
        if method not in ("dkim", "spf", "dmarc"):
            continue
        about = [str(p.value or "").lstrip("@").rpartition("@")[2].lower() for p in result.properties
                 if f"{p.type}.{p.name}".lower() in ("header.d", "header.i", "header.from", "smtp.mailfrom")]
        aligned = any(a and _site(a) == site for a in about)
        if verdict in ("fail", "permerror", "softfail") and (aligned or method == "dmarc" or not about):
            return False
        passed = passed or (verdict == "pass" and aligned)
    return passed


def known(received_at: datetime, address_since: datetime | None, domain_since: datetime | None,
          headers: bool | None, quiet: bool = False) -> bool:
    """Whether a mail's sender is a known correspondent: the address's (or, with a passed check or for a
    `quiet` mail, the domain's) first unmarked mail a day or more before, and headers that say nothing
    against it."""
    if headers is False:
        return False
    settled = received_at - SETTLED
    if address_since is not None and address_since <= settled:
        return True
    return (headers is True or quiet) and domain_since is not None and domain_since <= settled


def quiet(parsed: ParsedMessage) -> bool:
    """Whether a mail gives a lure nothing to work with: no link, no form, and no words that press its reader
    to sign in, pay, act now or fear a loss (a clinic's text reminder: "Reply C to confirm")."""
    from steward.mail.lure_score import presses

    text = parsed.head or parsed.snippet
    return not parsed.link_hosts and not parsed.links and not parsed.password_form and not _ADDRESS.search(text) \
        and not presses(parsed.subject, text)


def classify_batch(conn: sqlite3.Connection, classifier: Classifier, batch: Sequence[ParsedMessage]) -> list[str]:
    """The categories of a batch about to be stored, a known correspondent's history read from the store
    and from the batch itself (a bill and its reminder imported together)."""
    categories = [classifier.classify_parsed(p) for p in batch]
    for i in (i for i, c in enumerate(categories) if c == PHISHING):
        parsed = batch[i]
        headers = vouched(parsed.sender, parsed.auth_results, parsed.transport)
        if headers is False or not parsed.sender:
            continue
        before = parsed.received_at - SETTLED
        address = _earliest(_stored(first_unmarked(conn, parsed.sender, utc_text(parsed.received_at))),
                            [p.received_at for p, c in zip(batch, categories, strict=True)
                             if c != PHISHING and p.sender == parsed.sender])
        domain = None
        # another address of a domain that wrote before vouches for a mail its headers vouch for, or for a quiet
        # one they say nothing against (a clinic's reminder from its text-message address)
        calm = headers is None and quiet(parsed)
        if (headers is True or calm) and (address is None or address > before):
            site = _site(domain_of(parsed.sender))
            domain = _earliest(_stored(first_unmarked_from_domain(conn, site, utc_text(parsed.received_at))),
                               [p.received_at for p, c in zip(batch, categories, strict=True)
                                if c != PHISHING and _site(domain_of(p.sender)) == site])
        if known(parsed.received_at, address, domain, headers, calm):
            categories[i] = classifier.classify_parsed(parsed, correspondent=True)
    return categories


def stored_correspondent(conn: sqlite3.Connection, sender: str, received_at: str) -> bool:
    """Whether a stored mail's sender had written before it (its address alone: no header is stored)."""
    if not sender or not received_at:
        return False
    since = first_unmarked(conn, sender, received_at)
    return since is not None and known(from_utc_text(received_at), from_utc_text(since), None, None)


def _stored(text: str | None) -> datetime | None:
    return from_utc_text(text) if text else None


def _earliest(stored: datetime | None, batch: Sequence[datetime]) -> datetime | None:
    moments = [m for m in (stored, *batch) if m is not None]
    return min(moments) if moments else None
