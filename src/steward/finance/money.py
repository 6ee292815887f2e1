"""Amounts, currencies, dates and last-four digits as they are written in bills (pure).

`find_money` finds every amount that carries a currency mark ("INR 23,480.00", "$1,842.17",
"1.234,56 €", "£84.20"); `price-parser` reads the number, so grouping and decimal marks of every
convention ("1,23,456.50", "1.234,56") come out right. A currency comes from the text (a code or
a symbol); a symbol several currencies share ("$", "kr") takes the institution's usual currency
when it is one of them. A "$" from a sender with no usual currency is the dollar the mail itself names
elsewhere ("AUD", "NZ$", "in U.S. dollars"), else the dollar of the sender's country-code domain (`.com.au`), else of the
person's own country (from their time zone, by CLDR's zone table), else US dollars (`local_dollar`;
which currency a country uses comes from babel's CLDR data). A number with no mark gets the
institution's currency or none. `find_dates` finds the written dates and places each with
`steward.dates` relative to the message's own date, in the institution's date order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from price_parser import Price

from steward.clock import Clock
from steward.dates import DateOptions, resolve
from steward.finance.currencies_cldr import CODES, MARKS
from steward.finance.currencies_cldr import DOLLARS as CLDR_DOLLARS

_CODES = ("USD", "EUR", "GBP", "INR", "CAD", "AUD", "SGD", "CHF", "JPY", "SEK", "NOK", "DKK", "AED", "NZD",
          "HKD", "ZAR", "PLN", "CZK", "MXN", "BRL", "CNY")
_ALIASES = {"US$": "USD", "U.S.$": "USD", "C$": "CAD", "CA$": "CAD", "A$": "AUD", "AU$": "AUD", "S$": "SGD",
            "NZ$": "NZD", "HK$": "HKD", "RS": "INR", "RS.": "INR", "INR.": "INR", "₹": "INR", "€": "EUR",
            "£": "GBP", "¥": "JPY", "₨": "INR", "R$": "BRL"}
# every currency CLDR names a dollar, and Mexico's peso, written "$" at home
DOLLARS = CLDR_DOLLARS | {"MXN"}
KRONER = frozenset({"SEK", "NOK", "DKK"})

_CUR = (r"(?:US\$|U\.S\.\$|CA?\$|AU?\$|S\$|NZ\$|HK\$|R\$|Rs\.?|INR\.?|" + "|".join(_CODES)
        + r"|[$€£₹¥₨])")
_NUM = r"\d{1,3}(?:[,.\u202f\u00a0]\d{2,3})*(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)"
_MONEY = re.compile(
    rf"(?<![\w$€£₹])(?P<pre>{_CUR})\s?(?P<n1>{_NUM})(?![\w])"
    rf"|(?<![\w.,])(?P<n2>{_NUM})\s?(?P<post>{_CUR}|kr|EUR|euros?)(?![\w])",
    re.IGNORECASE,
)
# every other currency a country uses today, by its ISO code or a local mark that names it alone ("KES",
# "Ksh", "₦", "RM", "zł"; CLDR's, kept in currencies_cldr.py; a mark of letters in any case and in the plural
# too: "KShs"): a code only in capitals, and the number
# written as a sum is written (grouped thousands or two decimals, not the start of a date), so that "TOP 10",
# "ALL 3" or "Le 12.10.2026" is no money
_SHAPED = r"\d{1,3}(?:[,.\u202f\u00a0 ]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+[.,]\d{2}(?!\d)"
_OTHER_MARKS = {mark: code for mark, code in MARKS.items() if mark.upper() not in _ALIASES and mark not in "$€£₹¥₨"}
# a mark in another script that closes with a dot is written without it too ("د.إ 2,135" as well as "د.إ. 2,135")
_UNDOTTED = {m[:-1]: m for m in _OTHER_MARKS if m.endswith(".") and len(m) >= 3 and not re.search(r"[A-Za-z]", m)}
_OTHER = "|".join([f"(?i:{re.escape(m)}s?)" if len(m) >= 3 and m[-1].isalpha() else
                   f"{re.escape(m[:-1])}\\.?" if m[:-1] in _UNDOTTED else
                   f"(?i:{re.escape(m)})" if len(m) >= 3 else re.escape(m)
                   for m in sorted(_OTHER_MARKS, key=len, reverse=True)]
                  + sorted(c for c in CODES if c not in _CODES))
# a code that is no English word may stand beside a whole number too ("SAR 120", "PKR 15000", "2500 KES"); one
# that is a word ("TOP 10", "ALL 3", "TRY 2") needs the amount's shape
_CODE_WORDS = frozenset(("ALL", "AMD", "BAM", "BOB", "BTN", "CUP", "CVE", "DOP", "ERN", "GEL", "LAK", "MAD", "MDL",
                         "MOP", "NIO", "PEN", "RON", "SHP", "SOS", "TMT", "TOP", "TRY"))
_PLAIN = "|".join(sorted(c for c in CODES if c not in _CODES and c not in _CODE_WORDS))
_MONEY_ELSEWHERE = re.compile(
    rf"(?<![\w$€£₹])(?P<pre>{_OTHER})\.?\s?(?P<n1>{_SHAPED})(?![\w]|[./-]\d)"
    rf"|(?<![\w$€£₹])(?P<code>{_PLAIN})\s?(?P<n3>\d{{1,7}})(?![\w]|[.,/:-]\d)"
    rf"|(?<![\w.,])(?P<n2>{_SHAPED})\s?(?P<post>{_OTHER})(?![\w])"
    rf"|(?<![\w.,:/-])(?P<n4>\d{{1,7}})\s?(?P<code2>{_PLAIN})(?![\w])")
# a dollar named by a letter or two before "$" that no table lists ("J$" in Jamaica, "TT$" in Trinidad, "BZ$" in
# Belize): the dollar whose ISO code begins with those letters (`prefixed_dollar`)
_PREFIXED = re.compile(rf"(?<![\w$€£₹])(?P<pre>[A-Z]{{1,3}})\$\s?(?P<n1>{_NUM})(?![\w])")
# an ISO code written beside an amount with a shared symbol ("$4,200.00 JMD", "JMD $4,200.00", "¥500 CNY"): the
# code decides which of the symbol's currencies it is (only a code of a currency written with that symbol, so that
# a word in capitals is no code: "$5 ALL IN")
_CODE_AFTER = re.compile(r"[ \u00a0]?(?P<code>[A-Z]{3})(?![\w$])")
_CODE_BEFORE = re.compile(r"(?<![\w$])(?P<code>[A-Z]{3})[ \u00a0]?$")
_SHARED_SYMBOLS = {"$": DOLLARS | {"ARS", "CLP", "COP", "DOP", "UYU"}, "¥": frozenset(("JPY", "CNY")),
                   "KR": KRONER | {"ISK"}}
_BARE = re.compile(rf"\s*(?::|is|of|-|=)?\s*(?P<n>{_NUM})(?![\w%])")

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_WEEKDAY = r"(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?\.?,?\s+)?"
_DATE = re.compile(
    rf"(?<![\w/.-]){_WEEKDAY}(?:"
    rf"\d{{1,2}}(?:st|nd|rd|th)?(?:\s+of)?[\s-]+{_MONTH}(?:,?[\s-]+\d{{4}})?"
    rf"|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
    r"|\d{4}-\d{2}-\d{2}"
    # the year first with slashes or dots, as South Africa, Japan, China, Korea and Hungary write it
    r"|\d{4}[/.]\d{1,2}[/.]\d{1,2}(?![/.]\d)"
    r"|\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})"
    r"|\d{1,2}/\d{1,2}"
    # a day and month written the German way, without a year ("fällig am 22.12."): the closing dot is
    # part of it, and an amount ("€ 12.10.") is not
    r"|(?<![$€£]\s)(?<![$€£])(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?!\d)"
    r")(?![\w/])",
    re.IGNORECASE,
)
_LAST4 = (
    # "ending 4417", "ending in XX4417", and American Express's five digits ("ending 51005")
    re.compile(r"(?:ending|ends)(?:\s+(?:in|with))?\s*[:#-]?\s*(?:[xX*•]+\s*)?\d{0,2}(\d{4})(?!\d)", re.IGNORECASE),
    re.compile(r"(?<![\w])(?:[xX*•]{2,}[\s-]?)+(\d{4})(?!\d)"),
    re.compile(r"last\s+(?:four|4)(?:\s+digits)?(?:\s+(?:of|are|is))?\s*[:#-]?\s*(\d{4})(?!\d)", re.IGNORECASE),
    # Portuguese "cartão final 6615", Spanish "tarjeta terminación 7720" / "terminada en 7720"
    re.compile(r"(?<![\w])(?:final|terminaci[oó]n|terminad[ao]\s+en|con\s+terminaci[oó]n)\s*[:#-]?\s*"
               r"(?:[xX*•]+\s*)?(\d{4})(?!\d)", re.IGNORECASE),
)


@dataclass(frozen=True)
class Written:
    """Something found in a text: its place, how it was written, and its value."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class MoneyAt(Written):
    """An amount and its currency as written in the text, with where it was written."""

    amount: Decimal
    currency: str  # "" when the text gives none and the institution has no usual currency


@dataclass(frozen=True)
class DateAt(Written):
    """A day as written in the text, with where it was written."""

    day: date


_DOLLAR_CODE = re.compile(rf"(?<![\w$])({'|'.join(sorted(DOLLARS))})(?!\w)|(?<![\w$])(A|AU|NZ|C|CA|S|HK|US)\$"
                          r"|(?<![\w$])([A-Z]{1,3})\$(?=\s?\d)")
_DOLLAR_PREFIX = {"A": "AUD", "AU": "AUD", "NZ": "NZD", "C": "CAD", "CA": "CAD", "S": "SGD", "HK": "HKD",
                  "US": "USD"}
# a dollar named in words ("All amounts are in U.S. dollars", "billed in Canadian dollars")
_DOLLAR_WORDS = re.compile(r"\b(U\.?\s?S\.?|American|Canadian|Australian|New Zealand|Singapore|Hong Kong)\s+dollars?\b",
                           re.IGNORECASE)
_DOLLAR_NAMED = {"american": "USD", "canadian": "CAD", "australian": "AUD", "new zealand": "NZD",
                 "singapore": "SGD", "hong kong": "HKD"}
# country-code domains that are not the country's ISO code
_DOMAIN_COUNTRY = {"uk": "GB"}


def currency_of(mark: str, usual: str, dollar: str = "USD") -> str:
    """The ISO code a written currency mark means, given the institution's usual currency ("" if none)
    and the dollar a bare "$" is when that is no dollar."""
    key = mark.strip().upper()
    if key in ("$",):
        return usual if usual in DOLLARS else dollar
    if key == "KR":
        return usual if usual in KRONER else ""
    if key in ("EURO", "EUROS"):
        return "EUR"
    if key == "¥":
        return usual if usual in ("JPY", "CNY") else "JPY"
    if key in _ALIASES:
        return _ALIASES[key]
    if key in _CODES or key in CODES:
        return key
    if key in _UNDOTTED:
        return _OTHER_MARKS[_UNDOTTED[key]]
    singular = key[:-1] if len(key) >= 4 and key.endswith("S") else key  # "KSHS" is "KSH" in the plural
    return next((code for written, code in _OTHER_MARKS.items() if written.upper() in (key, singular)), "")


# a sum written in thousands or millions as people write it in talk and in a person's mail ("35k", "₦1.2m", "N50K",
# "$2.5k"): a currency mark before it is its currency, else the one the caller gives
_SPOKEN = re.compile(rf"(?<![\w.,])(?P<pre>{_CUR}|₦|N(?=\d))?\s?(?P<n>\d{{1,3}}(?:\.\d{{1,2}})?)(?P<x>[kK]|[mM](?:n|il)?)(?![\w])")


# pounds sterling in British talk ("120 quid each")
_QUID = re.compile(r"(?<![\w.,£])(?P<n>\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?)\s?quid\b", re.I)


def find_spoken_sums(text: str, currency: str = "") -> list[MoneyAt]:
    """Every sum written in thousands or millions ("30k" -> 30000.00, "₦1.2m" -> 1200000.00), in order; a mark
    before one gives its currency ("₦" the naira), else `currency` (the person's own, as "N50k" is in Nigeria); and
    pounds said as British talk says them ("120 quid")."""
    out = [MoneyAt(m.start(), m.end(), m.group(0), Decimal(m.group("n").replace(",", "")).quantize(Decimal("0.01")),
                   "GBP") for m in _QUID.finditer(text)]
    for m in _SPOKEN.finditer(text):
        times = 1000 if m.group("x") in "kK" else 1_000_000
        mark = m.group("pre") or ""
        code = "NGN" if mark == "₦" else currency_of(mark, currency) if mark not in ("", "N") else currency
        out.append(MoneyAt(m.start(), m.end(), m.group(0), (Decimal(m.group("n")) * times).quantize(Decimal("0.01")),
                           code))
    return sorted(out, key=lambda s: s.start)


def parse_amount(text: str) -> Decimal | None:
    """The number in a written amount ("23,480.00" -> 23480.00, "1.234,56" -> 1234.56)."""
    cleaned = text.replace("\u202f", "").replace("\u00a0", "").replace(" ", "")
    try:
        price = Price.fromstring(cleaned)
    except (InvalidOperation, ValueError):
        return None
    value = price.amount
    if value is None:
        return None
    try:
        return Decimal(value).quantize(Decimal("0.01"))
    except InvalidOperation:
        return None


def local_dollar(text: str, sender: str = "", home_country: str = "") -> str:
    """The dollar a bare "$" means in a mail from a sender with no usual currency (see the module)."""
    home = country_currency(home_country) if home_country else ""
    named = {m.group(1).upper() if m.group(1) else _DOLLAR_PREFIX[m.group(2).upper()] if m.group(2)
             else prefixed_dollar(m.group(3), home) for m in _DOLLAR_CODE.finditer(text)} - {""}
    named |= {_DOLLAR_NAMED.get(" ".join(m.group(1).lower().split()), "USD") for m in _DOLLAR_WORDS.finditer(text)}
    if len(named) == 1:
        return named.pop()
    label = sender.rpartition("@")[2].rstrip(".").rpartition(".")[2].lower()
    for country in (_DOMAIN_COUNTRY.get(label, label.upper()) if len(label) == 2 else "", home_country):
        found = country_currency(country)
        if found in DOLLARS:
            return found
    return "USD"


def prefixed_dollar(letters: str, home: str = "") -> str:
    """The dollar a letter or two written before "$" names ("J" -> "JMD", "TT" -> "TTD"): the one dollar whose
    ISO code begins with them, else the person's own `home` dollar when its code does ("B$" in the Bahamas); ""
    when they name none or several."""
    named = [code for code in DOLLARS if code.startswith(letters.upper())]
    if len(named) == 1:
        return named[0]
    return home if home in named else ""


@lru_cache(maxsize=256)
def country_currency(country: str) -> str:
    """The currency a country uses today ("AU" -> "AUD"), from babel's CLDR data; "" when unknown."""
    if len(country) != 2 or not country.isalpha():
        return ""
    from babel.numbers import get_territory_currencies

    try:
        found = get_territory_currencies(country.upper(), date.today())
    except Exception:  # babel raises plain errors for territories it has no data for
        return ""
    return str(found[0]) if found else ""


def country_of_zone(zone: str) -> str:
    """The ISO country of an IANA time zone ("Australia/Melbourne" -> "AU"; CLDR's, `formats.zone_country`);
    "" for a zone of no one country (UTC, Etc/GMT+5)."""
    from steward.formats import zone_country

    return zone_country(zone)


@lru_cache(maxsize=64)
def country_letter(country: str) -> tuple[str, str] | None:
    """(mark, code) when a country's people write its currency with a letter or two that CLDR leaves out of
    the marks read everywhere, since alone it says too little ("R" for the rand in South Africa, "P" for the
    pula in Botswana, "K" for the kwacha in Zambia); None for any other country."""
    code = country_currency(country)
    if not code:
        return None
    from babel.core import UnknownLocaleError
    from babel.languages import get_official_languages
    from babel.numbers import get_currency_symbol

    for language in ("en", *get_official_languages(country.upper())):
        try:
            symbol = get_currency_symbol(code, locale=f"{language}_{country.upper()}")
        except (UnknownLocaleError, ValueError):
            continue
        if 1 <= len(symbol) <= 2 and symbol.isalpha() and symbol.upper() != code and symbol not in MARKS:
            return symbol, code
        if symbol in _TYPED_AS:
            return _TYPED_AS[symbol], code
        break
    return (_ABBREVIATED[code], code) if code in _ABBREVIATED else None


# a currency its people write in Latin letters by its name's first ones, which CLDR leaves out (it gives the UAE
# dirham as "AED" and "د.إ.", never as the "Dhs 2,135" or "Dh 50" of an Emirati bill): the mark, read in any case,
# in the plural and with a dot ("Dhs.", "DHS"), only where the sender's country or the person's uses that currency
_ABBREVIATED = {"AED": "Dh", "MAD": "Dh"}


# a currency sign drawn from a letter, which people whose keyboards lack it type as that letter ("P1,499.00" is
# ₱1,499.00 in the Philippines, "N45,000.00" is ₦45,000.00 in Nigeria): the sign and the letter it is typed as
_TYPED_AS = {"₱": "P", "₦": "N"}


def local_letter(sender: str = "", home_country: str = "") -> tuple[str, str] | None:
    """The letter mark a mail's amounts may be written with: its sender's country's (by a country-code
    domain, `.co.za`), else the person's own; None when neither writes its currency with a letter."""
    label = sender.rpartition("@")[2].rstrip(".").rpartition(".")[2].lower()
    country = _DOMAIN_COUNTRY.get(label, label.upper()) if len(label) == 2 else ""
    return (country_letter(country) if country else None) or (country_letter(home_country) if home_country else None)


@lru_cache(maxsize=16)
def _letter_money(mark: str) -> re.Pattern[str]:
    # the letter right before a number written as a sum ("R 14 386,20", "R649.00"): never a letter of a word,
    # a code or an initial before a plain number ("R 300" is a road, "P 12" a page)
    if mark in _ABBREVIATED.values():
        # a name's letters say money before any number and after one ("Dhs 600", "250 Dhs")
        written = f"(?i:{re.escape(mark)}s?)"
        return re.compile(rf"(?<![\w$€£₹.]){written}\.?\s?(?P<n>{_NUM})(?![\w]|[./-]\d)"
                          rf"|(?<![\w.,])(?P<n2>{_NUM})\s?{written}(?![\w])")
    return re.compile(rf"(?<![\w$€£₹.])(?:{re.escape(mark)})\s?(?P<n>{_SHAPED})(?![\w]|[./-]\d)")


@lru_cache(maxsize=64)
def _home_mark(country: str) -> tuple[re.Pattern[str], str] | None:
    """The mark of letters a country's people write its money with ("RM" in Malaysia), read beside a whole number
    ("RM 80", "RM15") and its currency; None where the money is written with a sign or a code alone."""
    code = country_currency(country)
    if not code:
        return None
    from babel.core import UnknownLocaleError
    from babel.numbers import get_currency_symbol

    try:
        symbol = get_currency_symbol(code, locale=f"en_{country.upper()}")
    except (UnknownLocaleError, ValueError):
        return None
    if not (2 <= len(symbol) <= 3 and symbol.isalpha() and symbol.isupper() and symbol != code):
        return None
    return re.compile(rf"(?<![\w$€£₹.]){re.escape(symbol)}\s?(?P<n>\d{{1,7}})(?![\w]|[.,/:-]\d)"), code


def money_said_at_home(text: str, country: str) -> list[MoneyAt]:
    """Every amount in `text` (`find_money`), and a whole number beside the mark of letters the person's own
    country writes its money with ("the cleaner this week RM 80" in Malaysia), which a mail elsewhere never means."""
    out = find_money(text)
    home = _home_mark(country) if country else None
    if home is not None:
        for m in home[0].finditer(text):
            amount = parse_amount(m.group("n"))
            if amount is not None and not any(o.start < m.end() and m.start() < o.end for o in out):
                out.append(MoneyAt(m.start(), m.end(), m.group(0), amount, home[1]))
    return sorted(out, key=lambda o: o.start)


def find_money(text: str, usual: str = "", dollar: str = "USD",
               letter: tuple[str, str] | None = None) -> list[MoneyAt]:
    """Every amount with a currency mark in `text`, in order (a bare "$" is `dollar` unless `usual` is one;
    `letter`: a local letter mark and its currency, `local_letter`)."""
    out = []
    for m in _MONEY.finditer(text):
        number = m.group("n1") or m.group("n2")
        mark = m.group("pre") or m.group("post")
        amount = parse_amount(number)
        if amount is None:
            continue
        start, end, currency = m.start(), m.end(), currency_of(mark, usual, dollar)
        codes = _SHARED_SYMBOLS.get(mark.upper())
        if codes:
            after = _CODE_AFTER.match(text, end)
            before = _CODE_BEFORE.search(text, max(0, start - 4), start) if m.group("pre") else None
            for code, at in ((after, "after"), (before, "before")):
                if code is not None and code.group("code") in codes:
                    currency = code.group("code")
                    start, end = (start, code.end()) if at == "after" else (code.start(), end)
                    break
        out.append(MoneyAt(start, end, text[start:end], amount, currency))
    for m in _MONEY_ELSEWHERE.finditer(text):
        amount = parse_amount(m.group("n1") or m.group("n2") or m.group("n3") or m.group("n4"))
        if amount is None or any(o.start < m.end() and m.start() < o.end for o in out):
            continue
        mark = m.group("pre") or m.group("post") or m.group("code") or m.group("code2")
        out.append(MoneyAt(m.start(), m.end(), m.group(0), amount, currency_of(mark, usual, dollar)))
    for m in _PREFIXED.finditer(text):
        amount = parse_amount(m.group("n1"))
        currency = prefixed_dollar(m.group("pre"), dollar)
        if not currency or amount is None or any(o.start < m.end() and m.start() < o.end for o in out):
            continue
        out.append(MoneyAt(m.start(), m.end(), m.group(0), amount, currency))
    if letter is not None and (letter[0] in text or letter[0] in _ABBREVIATED.values()):
        for m in _letter_money(letter[0]).finditer(text):
            amount = parse_amount(m.group("n") or m.group("n2"))
            if amount is None or any(o.start < m.end() and m.start() < o.end for o in out):
                continue
            out.append(MoneyAt(m.start(), m.end(), m.group(0), amount, letter[1]))
    return sorted(out, key=lambda o: o.start)


def bare_amount_after(text: str, at: int, usual: str) -> MoneyAt | None:
    """A number with no currency mark right after a label ("Amount due: 1,234.56"), in the usual currency."""
    m = _BARE.match(text, at)
    if m is None or ("." not in m.group("n") and "," not in m.group("n")):
        return None  # a whole number alone ("due in 3") is no amount
    amount = parse_amount(m.group("n"))
    if amount is None:
        return None
    return MoneyAt(m.start("n"), m.end("n"), m.group("n"), amount, usual)


# a bill's day written without a year is the one nearest the mail, within half a year either way: "was due
# on 30 November" in a mail of 2 December is three days ago, not next November
_NEAREST = 183
_YEAR_WRITTEN = re.compile(r"\d{4}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2}(?!\d)")


@lru_cache(maxsize=4096)
def _placed(written: str, moment: datetime, day_first: bool) -> date | None:
    res = resolve(written, Clock(moment.tzinfo or moment.astimezone().tzinfo, moment),  # type: ignore[arg-type]
                  prefer="future", options=DateOptions(day_first=day_first))
    if res is None or not res.has_date:
        return None
    day = res.start.date()
    if (day - moment.date()).days > _NEAREST and not _YEAR_WRITTEN.search(written):
        try:
            earlier = day.replace(year=day.year - 1)
        except ValueError:  # 29 February
            return day
        if (moment.date() - earlier).days <= _NEAREST:
            return earlier
    return day


# a date written in numbers that reads both ways ("12/03/2026"): the order the sender's country uses is
# a guess when nothing names it, so a reading months before the mail was sent gives way to the other
# reading when that one falls in the two weeks before the mail or the half year after it (a bill's due
# date is about the days around its sending)
_BOTH_WAYS = re.compile(r"(\d{1,2})[/.-](\d{1,2})(?:[/.-](?:\d{4}|\d{2}))?")
_LONG_BEFORE = 45
_JUST_BEFORE = 14


def _near_reading(written: str, day: date, received: datetime, day_first: bool) -> date:
    m = _BOTH_WAYS.fullmatch(written)
    if m is None or m.group(1) == m.group(2) or max(int(m.group(1)), int(m.group(2))) > 12:
        return day
    if (received.date() - day).days <= _LONG_BEFORE:
        return day
    other = _placed(written, received, not day_first)
    if other is not None and -_JUST_BEFORE <= (other - received.date()).days <= _NEAREST:
        return other
    return day


_NUMERIC_DATE = re.compile(r"(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(?:\d{4}|\d{2})(?![\d/.-])")


def order_written(text: str) -> bool | None:
    """Whether a mail writes its dates day first, by its own dates that read only one way ("24/11/2027" is day
    first, "11/24/2027" month first); None when none does, or when they disagree."""
    seen = set()
    for m in _NUMERIC_DATE.finditer(text):
        first, second = int(m.group(1)), int(m.group(3))
        if first > 12 >= second >= 1:
            seen.add(True)
        elif second > 12 >= first >= 1:
            seen.add(False)
    return seen.pop() if len(seen) == 1 else None


# a postal address in the United States, its state and ZIP code after the town ("San Francisco, CA 94109"): a mail
# that gives one is from a sender who writes a date in numbers month first, whoever it writes to
_US_ADDRESS = re.compile(
    r",\s*(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|"
    r"ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\s+\d{5}(?:-\d{4})?(?![\w-])")


def us_address(text: str) -> bool:
    """Whether the text gives a postal address in the United States (a state and a ZIP code after a town)."""
    return _US_ADDRESS.search(text) is not None


def find_dates(text: str, received: datetime, day_first: bool) -> list[DateAt]:
    """Every written date in `text`, placed relative to `received` (a date without a year is the next one;
    one written in numbers that reads both ways is the reading near the mail, see `_near_reading`)."""
    out = []
    for m in _DATE.finditer(text):
        written = m.group(0).strip(" ,")
        day = _placed(written, received, day_first)
        if day is not None:
            day = _near_reading(written, day, received, day_first)
        if day is not None:
            out.append(DateAt(m.start(), m.end(), m.group(0), day))
    return out


def find_last4(text: str) -> tuple[str, int] | None:
    """The last four digits of the first masked card or account number in `text`, and where it stands."""
    best: tuple[str, int] | None = None
    for pattern in _LAST4:
        m = pattern.search(text)
        if m is not None and (best is None or m.start() < best[1]):
            best = (m.group(1), m.start())
    return best


def numbers_in(text: str) -> set[Decimal]:
    """Every number written in `text` (for checking that a model's figure is really there)."""
    out = set()
    for m in re.finditer(_NUM, text):
        value = parse_amount(m.group(0))
        if value is not None:
            out.add(value)
    return out
