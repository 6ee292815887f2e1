"""Which way a numeric date in a booking mail reads: 04/12/2026 is 4 December in Melbourne and April 12
in New York.

A clinic, a garage or a restaurant writes dates the way its country does, and that is usually the
country the person lives in, whatever their own habit. So a mail's order is, first, what the mail
itself shows (another date in it whose first part is above 12, as in 14/12/2026, can only be
day-first; one whose second part is, month-first); else the country of the sender's domain
(`.au`, `.co.uk`, `.com`-less country domains); else the person's own setting when it asks for
day-first; else the country of the person's time zone. A country's order is CLDR's (kept from Babel
in `steward.formats_cldr`, read by `steward.formats`), not a table written here.
"""

from __future__ import annotations

import re

from steward.formats import country_day_first, zone_country
from steward.records.appointments import MessageMeta

_NUMERIC = re.compile(r"(?<![\d/.-])(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})(?![\d/-])")
# country-code domains whose code is not the ISO 3166 one
_TLD_TERRITORY = {"uk": "GB"}
# country-code domains sold to anyone anywhere (.io, .co, .me, .ai ...): they name no country
_OPEN_TLDS = frozenset({"io", "co", "me", "tv", "ai", "ly", "fm", "gg", "cc", "ws", "to", "sh", "ac", "gl", "im",
                        "vc", "nu", "tk", "ms", "md", "so", "la", "xyz"})


def numeric_order(text: str) -> bool | None:
    """True when a numeric date in `text` can only be day-first, False when only month-first, else None."""
    day_first = month_first = False
    for match in _NUMERIC.finditer(text):
        first, second = int(match.group(1)), int(match.group(2))
        day_first |= 12 < first <= 31 and 1 <= second <= 12
        month_first |= 12 < second <= 31 and 1 <= first <= 12
    if day_first == month_first:
        return None  # none, or a mail that writes both ways: it settles nothing
    return day_first


def territory_day_first(territory: str) -> bool | None:
    """Whether the country writes the day before the month (CLDR, `formats.country_day_first`), or None if unknown."""
    return country_day_first(territory)


def zone_day_first(zone_name: str) -> bool | None:
    """Whether the country of an IANA zone writes the day first (None: a zone of no country, such as UTC)."""
    territory = zone_country(zone_name)
    return country_day_first(territory) if territory else None


def sender_country(sender: str) -> str:
    """The ISO code of the country of the sender's domain ("tickets@cd.cz": CZ), or "" for a domain of none."""
    domain = sender.rpartition("@")[2].lower().strip().rstrip(".>")
    tld = domain.rpartition(".")[2]
    if len(tld) != 2 or not tld.isalpha() or tld in _OPEN_TLDS:
        return ""
    return _TLD_TERRITORY.get(tld, tld.upper())


def sender_day_first(sender: str) -> bool | None:
    """Whether the country of the sender's domain writes the day first (None: a domain of no country)."""
    country = sender_country(sender)
    return territory_day_first(country) if country else None


def mail_day_first(meta: MessageMeta, zone_name: str, user_day_first: bool) -> bool:
    """How an ambiguous numeric date in this mail reads: the mail's own dates, its sender's country,
    the person's setting when it says day-first, else the country of their zone."""
    return bool(known_day_first(meta, zone_name, user_day_first))


def known_day_first(meta: MessageMeta, zone_name: str, user_day_first: bool) -> bool | None:
    """As `mail_day_first`, but None when nothing says it (a zone of no country and no setting): a ticket's date
    that could be either way is then not read."""
    for said in (numeric_order(f"{meta.subject}\n{meta.snippet}"), sender_day_first(meta.sender)):
        if said is not None:
            return said
    if user_day_first:
        return True
    return zone_day_first(zone_name)
