"""The message inside a forward (pure): who first sent it, its subject and date, and its text.

Mail programs forward a message inline under a line of their own ("---------- Forwarded message
---------" in Gmail, "Begin forwarded message:" in Apple Mail, "-----Original Message-----" in Outlook,
or newer Outlook's line of underscores, and the same in other languages), then the first message's header fields ("From:", "Date:",
"Subject:", "To:", each in the program's language), a blank line, and its text, sometimes quoted with
"> ". What the first sender wrote is theirs: a booking in it is with them, not with the person who
forwarded it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from email.utils import parseaddr, parsedate_to_datetime

# the line a forward starts with, in the words of common mail programs and languages
_MARK = re.compile(
    r"^[ \t>]*(?:-{2,}\s*(?:forwarded message|original message|weitergeleitete nachricht|ursprüngliche nachricht|"
    r"message transféré|message d'origine|mensaje reenviado|mensaje original|doorgestuurd bericht|"
    r"oorspronkelijk bericht|messaggio inoltrato|messaggio originale|mensagem encaminhada|"
    r"vidarebefordrat meddelande)\s*-{2,}|begin forwarded message:|anfang der weitergeleiteten nachricht:|"
    r"début du message réexpédié\s?:|inicio del mensaje reenviado:|_{8,})\s*$",
    re.IGNORECASE | re.MULTILINE)
_FIELD = re.compile(r"^[ \t>]*\**(from|von|de|van|da|från|date|datum|sent|gesendet|envoyé|enviado|inviato|verzonden|"
                    r"skickat|subject|betreff|objet|onderwerp|oggetto|asunto|assunto|ämne|to|an|à|aan|a|para|till|"
                    r"cc|reply-to)\**\s*:\s*(.*)$", re.IGNORECASE)
_SENDER = frozenset({"from", "von", "de", "van", "da", "från"})
_DATE = frozenset({"date", "datum", "sent", "gesendet", "envoyé", "enviado", "inviato", "verzonden", "skickat"})
_SUBJECT = frozenset({"subject", "betreff", "objet", "onderwerp", "oggetto", "asunto", "assunto", "ämne"})
_QUOTE = re.compile(r"^[ \t]*>[ \t]?", re.MULTILINE)


@dataclass(frozen=True)
class Forwarded:
    """The first message of a forward: its sender's address and name, subject, date (None when its
    header gives none that reads) and text."""

    sender: str
    sender_name: str
    subject: str
    sent: datetime | None
    text: str


def unwrap(body: str) -> Forwarded | None:
    """The message forwarded inline in `body` (the first one, under its forward line), or None when the
    body forwards nothing or the forwarded header names no sender."""
    mark = _MARK.search(body)
    if mark is None:
        return None
    lines = body[mark.end():].lstrip("\r\n").splitlines()
    fields: dict[str, str] = {}
    at = 0
    for at, line in enumerate(lines):  # noqa: B007 - where the header ends is used below
        found = _FIELD.match(line)
        if found is None:
            if line.strip() or fields:
                break
            continue
        name = found.group(1).lower()
        kind = ("sender" if name in _SENDER else "date" if name in _DATE else "subject" if name in _SUBJECT
                else "other")
        fields.setdefault(kind, found.group(2).strip())
    else:
        at = len(lines)
    name, address = parseaddr(fields.get("sender", "").replace("[mailto:", "<").replace("]", ">"))
    if "@" not in address:
        return None
    text = _QUOTE.sub("", "\n".join(lines[at:])).strip()
    return Forwarded(address.lower(), " ".join(name.split()), fields.get("subject", ""), _sent(fields.get("date", "")),
                     text)


def _sent(value: str) -> datetime | None:
    if not value:
        return None
    try:
        sent = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return sent if sent.tzinfo is not None else None
