"""Weak signs of a lure that only the headers show, read at import (no header is stored).

A lure that forges the From of a bank, or of the recipient's own organisation, reads exactly like the
real mail; the way it came does not:

- it is addressed to its own sender, the reader among hidden recipients (mail sent in bulk with every
  target in Bcc); people mail themselves too, so this weighs one;
- it says it is from a domain people trust (a brand of the table, or the recipient's own) while its
  envelope sender (Return-Path) is at another domain and nothing vouches for the From domain: no
  DKIM signature of that domain, no check the receiving server passed. A real service that sends
  through a mailing company signs with its own domain, a mailing list says it is one (List-Id) and a
  forwarder rewrites the envelope in its own name (SRS), so none of them is counted;
- it was written by a script or bulk mailer (PHPMailer, a CDO object, an old Outlook Express) in the
  name of a brand of the table: banks and shops do not send their notices that way.

Each is weighed with the other weak signs of `steward.mail.lure_score`, never alone. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from steward.mail.lure_brands import ALNUM_RUN, brand_index, family, plain
from steward.records.mail import Transport

# programs that say they wrote a mail and that no bank or shop sends its notices with
_SCRIPT_MAILER = re.compile(r"phpmailer|\bphp/|php mailer|\bcdo\b|microsoft outlook express|\bthe bat!|"
                            r"aspnetemail|\bleaf\b|mass ?mail|bulk ?mail|smtp ?sender|send ?blaster", re.I)
_PASS = re.compile(r"\b(?:dkim|spf|dmarc)=pass\b")
_SRS = re.compile(r"^srs[01][=+-]", re.I)


def _site(domain: str) -> tuple[str, str]:
    from steward.mail.senders import registrable

    return registrable(domain.lower().strip("."))


def to_itself(sender: str, recipients: Sequence[str]) -> str | None:
    """Mail whose only recipient is its own sender: the reader was among hidden ones (Bcc)."""
    if not sender or not recipients or any(r.lower() != sender.lower() for r in recipients):
        return None
    return f"it is addressed to its own sender {sender}, with the reader among hidden recipients"


def unvouched(domain: str, transport: Transport | None, auth_results: str, recipients: Sequence[str],
              brands: tuple[tuple[str, tuple[str, ...]], ...]) -> str | None:
    """A trusted From domain (a brand's, or the recipient's own) sent from elsewhere with nothing vouching for it."""
    if transport is None or not transport.relayed or transport.listed or not domain or not transport.return_path:
        return None
    local, _, envelope = transport.return_path.lower().rpartition("@")
    if not envelope or _SRS.match(local):
        return None
    site = _site(domain)
    if _site(envelope) == site or any(_site(d) == site for d in transport.dkim_domains):
        return None
    if _PASS.search(auth_results.lower()):
        return None
    own = any(_site(a.rpartition("@")[2]) == site for a in recipients)
    if not own and not family(domain, brand_index(brands)):
        return None
    whose = "the recipient's own" if own else "the trusted"
    return (f"it says it is from {whose} {domain}, but it was sent by {envelope} and nothing vouches for "
            f"{domain} (no signature, no check passed)")


def script_mailer(domain: str, sender_name: str, transport: Transport | None,
                  brands: tuple[tuple[str, tuple[str, ...]], ...]) -> str | None:
    """A script or bulk mailer writing in the name of a brand of the table (by its domain or its name)."""
    if transport is None or not transport.mailer or not _SCRIPT_MAILER.search(transport.mailer):
        return None
    index = brand_index(brands)
    brand = next((index.by_name[flat][0] for flat in _names(sender_name, index.by_first)), None)
    if brand is None and not family(domain, index):
        return None
    return f"it was written with {transport.mailer[:40]}, a script mailer, in the name of {brand or domain}"


def _names(sender_name: str, by_first: dict[str, tuple[str, ...]]) -> list[str]:
    words = " ".join(ALNUM_RUN.findall(plain(sender_name)))
    padded = f" {words} "
    return [flat for word in words.split() if word in by_first for flat in by_first[word] if f" {flat} " in padded]
