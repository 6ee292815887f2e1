"""Questions with known answers, asked of a sample home, scored right / wrong / refused per capability.

Reads a question set (`bench/data/answers_dev.yaml`, `answers_blind.yaml`, `answers_third.yaml`,
`answers_fourth.yaml`, `answers_fifth.yaml`, `answers_fifth_blind.yaml`, `answers_sixth.yaml`,
`answers_sixth_blind.yaml`, `answers_seventh.yaml`, `answers_seventh_blind.yaml`, `answers_eighth.yaml`,
`answers_eighth_blind.yaml`, `answers_ninth.yaml`, `answers_ninth_blind.yaml`, `answers_tenth.yaml`,
`answers_tenth_blind.yaml`, `answers_eleventh.yaml`, `answers_eleventh_blind.yaml`, `answers_twelfth.yaml`,
`answers_twelfth_blind.yaml`, `answers_thirteenth.yaml`, `answers_thirteenth_blind.yaml`, `answers_fourteenth.yaml`,
`answers_fourteenth_blind.yaml`, `answers_fifteenth.yaml`, `answers_fifteenth_blind.yaml`, `answers_sixteenth.yaml`,
`answers_sixteenth_blind.yaml`, `answers_seventeenth.yaml`, `answers_seventeenth_blind.yaml`, `answers_eighteenth.yaml`,
`answers_eighteenth_blind.yaml`, `answers_nineteenth.yaml`,
`answers_nineteenth_blind.yaml`, `answers_twentieth.yaml`, `answers_twentieth_blind.yaml`, `answers_twentyfirst.yaml`,
`answers_twentyfirst_blind.yaml`, `answers_twentysecond.yaml`, `answers_twentysecond_blind.yaml`, `answers_days.yaml`,
`answers_days_blind.yaml`, `answers_talk.yaml`, `answers_talk2.yaml`: a YAML with `homes` {demo|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twentyfirst|twentysecond: {now}} and `cases` [{id, mailbox, capability, turns, expect, forbid, answerable}]),
builds each home once (the sample mailbox at the set's pinned clock, no model), runs each case's turns
in a session of its own (the earlier turns set the context, the last one is scored) and scores it:

- right: every expected item is in the reply (amounts as decimals however they are written, dates in
  any common written form, times in 24- or 12-hour form, names case-insensitively, a count as a
  number, or "none" for a count of 0) and no forbidden name is; an amount, a date, a time or a name the
  reply denies (a word of negation before it in its clause: "I have not marked that mail as phishing",
  "nothing on Sun 28 Mar") is not in it; for a question whose name matches
  nothing in the home (`answerable: false`), a plain "not found" (with or without the nearest names)
  or a refusal, naming nothing forbidden;
- refused: the offline refusal, a clarifying question, or "I can't";
- wrong: anything else. A wrong answer is worse than a refusal: the set's target is 0 wrong.

    .venv/bin/python bench/answers.py [--set dev|blind|both|third|fourth|fifth|fifth_blind|sixth|sixth_blind|seventh|seventh_blind|
        eighth|eighth_blind|ninth|ninth_blind|tenth|tenth_blind|eleventh|eleventh_blind|twelfth|twelfth_blind|thirteenth|
        thirteenth_blind|fourteenth|fourteenth_blind|fifteenth|fifteenth_blind|sixteenth|sixteenth_blind|seventeenth|
        seventeenth_blind|eighteenth|eighteenth_blind|nineteenth|nineteenth_blind|twentieth|twentieth_blind|twentyfirst|
        twentyfirst_blind|twentysecond|twentysecond_blind|days|days_blind|talk|talk2]
        [--show wrong|refused|all] [--homes DIR]

`both` is the development and the blind set; `third` is the set written blind over the third sample
mailbox (Inês Carvalho's, in Toronto), `fourth` the one over the fourth (Tomás Ríos's, in Berlin:
two conversations of his day and single questions) and `fifth` the one over the fifth (Akinyi Odera's,
in Nairobi: a conversation of her day and single questions), development sets that --show may print.
`sixth` is the development set over the sixth (Lindiwe Mokoena's, in Cape Town: a conversation of her day
and single questions), `seventh` the one over the seventh (Jasmine Teo's, in Singapore: a conversation of
her Monday morning and single questions), `eighth` the one over the eighth (Deepa Venkatesh's, in Bengaluru: a
conversation of her Thursday morning and single questions), `ninth` the one over the ninth (Rachel Ortega's, in
Denver: a conversation of her Tuesday morning and single questions), `tenth` the one over the tenth (Aoife Brennan's,
in Dublin: a conversation of her Thursday morning and single questions), `eleventh` the one over the eleventh
(Kristine Villanueva-Reyes's, in Quezon City: a conversation of her Wednesday morning and single questions), `twelfth`
the one over the twelfth (Rebecca Walsh's, in Auckland: a conversation of her Tuesday morning and single questions),
`thirteenth` the one over the thirteenth (Claire Haigh's, in Leeds: a conversation of her Wednesday morning and single
questions), `fourteenth` the one over the fourteenth (Megan Castellano's, in Jersey City: a conversation of her Wednesday
morning and single questions), `fifteenth` the one over the fifteenth (Chidinma Okafor's, in Lagos: a conversation of her
Monday morning and single questions), `sixteenth` the one over the sixteenth (Shanice Campbell-Reid's, in Kingston: a
conversation of her Friday evening and single questions), `seventeenth` the one over the seventeenth (Farhan Qureshi's,
in Dubai: a conversation of his Wednesday afternoon and evening in Ramadan and single questions), `eighteenth` the one
over the eighteenth (Frank Kowalczyk's, in Chicago: a conversation of his Tuesday morning and afternoon and single
questions), `nineteenth` the one over the nineteenth (Tan Wei Ling's, in Petaling Jaya: a conversation of her Friday
evening and night and single questions), `twentieth` the one over the twentieth (Kirsty Fraser's, in Glasgow: a
conversation of her Friday, the weekend the clocks go forward, and single questions), `twentyfirst` the one over the
twenty-first (Mandy Chan's, in Hong Kong: a conversation of her Sunday evening planning the week ahead and single
questions), `twentysecond` the one over the twenty-second (Darnell Carter's, in Decatur, Georgia: a conversation of his
Tuesday from the lunch break to the evening and single questions). `fifth_blind`, `sixth_blind`,
`seventh_blind`, `eighth_blind`, `ninth_blind`, `tenth_blind`, `eleventh_blind`, `twelfth_blind`, `thirteenth_blind`,
`fourteenth_blind`, `fifteenth_blind`, `sixteenth_blind`, `seventeenth_blind`, `eighteenth_blind`, `nineteenth_blind`,
`twentieth_blind`, `twentyfirst_blind` and `twentysecond_blind` are held out over the fifth to twenty-second mailboxes (another
conversation and everyday questions): scored, never shown. `days` is two conversations of a
person's day written blind over the second and the third mailboxes (Noor's Tuesday in Melbourne, Inês's
Monday in Toronto), a development set --show may print; `days_blind` is held out over the same two
mailboxes (two evenings of other days, other kinds of talk): scored, never shown. `talk` is four conversations
of a person's day written blind over the second, fifth, sixth and seventh mailboxes (pronouns, corrections,
returns to an earlier topic, slots asked alone, days said relative to the one before), a development set
--show may print; `talk2` is four more written blind over the demo, third, eighth and ninth mailboxes (British,
Canadian, Indian and US English), a development set --show may print.

A case that writes (a reminder) runs on its own copy of the home, so every case starts from the home
as built. Homes are kept under --homes (default: the system's temp dir) and reused while Steward's code and data
files are the ones that built them; after a change they are built again.
"""

from __future__ import annotations

import argparse
import fcntl
import io
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Mapping
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # this checkout's Steward, whatever else is installed

from steward.sample.homes import MAILBOXES  # noqa: E402

DATA = ROOT / "bench" / "data"
SETS = {"dev": "answers_dev.yaml", "blind": "answers_blind.yaml", "third": "answers_third.yaml",
        "fourth": "answers_fourth.yaml", "fifth": "answers_fifth.yaml", "fifth_blind": "answers_fifth_blind.yaml",
        "sixth": "answers_sixth.yaml", "sixth_blind": "answers_sixth_blind.yaml",
        "seventh": "answers_seventh.yaml", "seventh_blind": "answers_seventh_blind.yaml",
        "eighth": "answers_eighth.yaml", "eighth_blind": "answers_eighth_blind.yaml",
        "ninth": "answers_ninth.yaml", "ninth_blind": "answers_ninth_blind.yaml",
        "tenth": "answers_tenth.yaml", "tenth_blind": "answers_tenth_blind.yaml",
        "eleventh": "answers_eleventh.yaml", "eleventh_blind": "answers_eleventh_blind.yaml",
        "twelfth": "answers_twelfth.yaml", "twelfth_blind": "answers_twelfth_blind.yaml",
        "thirteenth": "answers_thirteenth.yaml", "thirteenth_blind": "answers_thirteenth_blind.yaml",
        "fourteenth": "answers_fourteenth.yaml", "fourteenth_blind": "answers_fourteenth_blind.yaml",
        "fifteenth": "answers_fifteenth.yaml", "fifteenth_blind": "answers_fifteenth_blind.yaml",
        "sixteenth": "answers_sixteenth.yaml", "sixteenth_blind": "answers_sixteenth_blind.yaml",
        "seventeenth": "answers_seventeenth.yaml", "seventeenth_blind": "answers_seventeenth_blind.yaml",
        "eighteenth": "answers_eighteenth.yaml", "eighteenth_blind": "answers_eighteenth_blind.yaml",
        "nineteenth": "answers_nineteenth.yaml", "nineteenth_blind": "answers_nineteenth_blind.yaml",
        "twentieth": "answers_twentieth.yaml", "twentieth_blind": "answers_twentieth_blind.yaml",
        "twentyfirst": "answers_twentyfirst.yaml", "twentyfirst_blind": "answers_twentyfirst_blind.yaml",
        "twentysecond": "answers_twentysecond.yaml", "twentysecond_blind": "answers_twentysecond_blind.yaml",
        "days": "answers_days.yaml", "days_blind": "answers_days_blind.yaml", "talk": "answers_talk.yaml",
        "talk2": "answers_talk2.yaml"}
ZONES = {mailbox.name: mailbox.zone for mailbox in MAILBOXES}  # each sample home's person's clock
# the sets whose cases --show prints (the held-out sets' cases, blind, fifth_blind, sixth_blind, seventh_blind,
# eighth_blind, ninth_blind, tenth_blind, eleventh_blind, twelfth_blind, thirteenth_blind, fourteenth_blind,
# fifteenth_blind, sixteenth_blind, seventeenth_blind, eighteenth_blind, nineteenth_blind, twentieth_blind,
# twentyfirst_blind, twentysecond_blind and days_blind, are never shown)
SHOWN = ("dev", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
         "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth",
         "twentyfirst", "twentysecond", "days", "talk", "talk2")
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
SYMBOLS = {"INR": ("₹", "rs", "rs.", "inr"), "USD": ("$", "usd", "us$"), "GBP": ("£", "gbp"), "EUR": ("€", "eur"),
           "AUD": ("a$", "aud", "au$"), "NZD": ("nz$", "nzd"), "JPY": ("¥", "jpy"), "SGD": ("s$", "sgd"),
           "CAD": ("c$", "ca$", "cad"), "BRL": ("r$", "brl"), "AED": ("aed", "dh"), "CHF": ("chf",),
           "MXN": ("mxn", "mx$"), "KES": ("kes", "ksh", "kshs"), "ZAR": ("zar", "rand"), "MUR": ("mur",),
           "VND": ("vnd", "₫", "dong"), "PHP": ("₱", "php"), "NGN": ("₦", "ngn", "naira"),
           "JMD": ("j$", "jmd")}
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve"]
REFUSALS = ("i can't", "i cannot", "can't answer that offline", "no language model is connected")
NOT_FOUND = ("nothing called", "no one called", "not found", "i have nothing", "i found nothing", "don't have",
             "couldn't find", "could not find",
             "do not have", "no card called", "nothing from", "nothing ahead", "no messages", "nothing in your",
             "i found no", "no reminder", "none", "i read no", "i see no", "nothing is open")
NONE_SAID = ("nothing", "no ", "none", "not ", "free", "0 ", "zero", "isn't", "aren't", "no-one", "nobody")


# -- the scorer (pure) --------------------------------------------------------------------------------------

# where a clause ends: a line, a sentence, a colon or semicolon, a comma, a bracket or a dash set apart (never the
# point or the colon inside a figure or a time: "1,233.96", "21:00")
_CLAUSE_END = re.compile(r"\n|[.!?](?=\s|$)|[;)(\u2014\u2013]|:(?=\s|$)|,(?=\s)|\s-\s")
# a word that denies what follows it in its clause ("I have not marked that mail as phishing", "nothing on the 28th")
_NEGATION = re.compile(r"\b(?:not|no|never|nothing|none|neither|nor|without|cannot|nobody|\w+n['\u2019]t)\b", re.I)


# what a reply quotes of a mail (a subject or a sentence in curly quotes, a snippet after a dash): the mail's words,
# whose "no" is no denial of Steward's ("“No trams to Broombridge on Sunday”" still names Broombridge)
_QUOTED = re.compile(r"\u201c[^\u201d]*\u201d|\s\u2014\s[^\n]*")


def _own_words(text: str) -> str:
    """The reply with what it quotes blanked out (the same length, so places in it are places in the reply)."""
    return _QUOTED.sub(lambda m: " " * len(m.group()), text)


def _clauses(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each clause of a reply."""
    out, at = [], 0
    for m in _CLAUSE_END.finditer(text):
        out.append((at, m.start()))
        at = m.end()
    out.append((at, len(text)))
    return out


def said_so(text: str) -> str:
    """The reply with what each clause denies left out: every clause up to its first word of negation ("Nothing on
    your schedule for Sun 28 Mar." says no 28 March; "- Sun 28 Mar at 19:00 dinner, not on your calendar" still says
    it), so an expected figure, day or time counts only where the reply says it is so."""
    kept, own = [], _own_words(text)
    for start, end in _clauses(text):
        denied = _NEGATION.search(own, start, end)
        kept.append(text[start:denied.start()] if denied else text[start:end])
    return "\n".join(kept)


def has_name(text: str, name: str) -> bool:
    """Whether the reply names `name` (case-insensitively) where no word before it in its clause denies it ("the
    Family Iftar" counts; "I have not marked that mail as phishing" does not say "phishing")."""
    low, want, own = text.lower(), name.lower(), _own_words(text)
    spans = _clauses(text)
    for m in re.finditer(re.escape(want), low):
        start = max((a for a, b in spans if a <= m.start()), default=0)
        if not _NEGATION.search(own, start, m.start()):
            return True
    return False


def amounts_in(text: str) -> set[Decimal]:
    """Every amount a reply writes, as a Decimal: 43,891.53 / 43891.53 / 1.150,00 / 40,27 / ₹5,795, and in
    thousands or millions as people write them in talk and mail: 30k / 35K / ₦1.2m."""
    out: set[Decimal] = set()
    for m in re.finditer(r"(?<![\w.,])(\d{1,3}(?:\.\d{1,3})?)([kKmM])(?![\w])", text):
        out.add(Decimal(m.group(1)) * (1000 if m.group(2) in "kK" else 1_000_000))
    for raw in re.findall(r"\d[\d,.\u00a0\u202f' ]*\d|\d", text):
        s = raw.replace("\u00a0", "").replace("\u202f", "").replace(" ", "").replace("'", "")
        candidates = {s.replace(",", "")}
        if re.fullmatch(r"\d{1,3}(\.\d{3})+(,\d{1,2})?", s) or re.fullmatch(r"\d+,\d{1,2}", s):
            candidates.add(s.replace(".", "").replace(",", "."))  # European: 1.150,00 and 40,27
        for c in candidates:
            try:
                out.add(Decimal(c))
            except InvalidOperation:
                continue
    return out


def has_amount(text: str, amount: str) -> bool:
    """Whether the reply holds `amount`, however it is written."""
    return Decimal(amount) in amounts_in(text)


def has_date(text: str, iso: str, today: date | None = None) -> bool:
    """Whether the reply holds the date in a common written form (2026-12-01, 1 Dec, Dec 1st, 01/12 ...)."""
    day = date.fromisoformat(iso)
    low = text.lower()
    if iso in low:
        return True
    mon = MONTHS[day.month - 1]
    d = rf"0?{day.day}(?:st|nd|rd|th)?"
    if re.search(rf"\b{d}\s+(?:of\s+)?{mon}[a-z]*\b", low) or re.search(rf"\b{mon}[a-z]*\.?\s+{d}\b", low):
        return True
    for a, b in ((day.day, day.month), (day.month, day.day)):  # day first, or month first (US)
        for m in re.finditer(rf"(?<![\d.])0?{a}[/.-]0?{b}(?:[/.-](\d{{2,4}}))?(?![\d])", low):
            if m.group(1) in (None, str(day.year), f"{day.year % 100:02d}"):
                return True
    if today is not None:
        if day == today and re.search(r"\btoday\b|\btonight\b", low):
            return True
        if day == today + timedelta(days=1) and re.search(r"\btomorrow\b", low):
            return True
    return False


def times_in(text: str) -> set[tuple[int, int]]:
    """Every clock time a reply writes, on the 24-hour clock: 19:00, 7:00 pm, 7 pm, 7.30pm, noon."""
    low = text.lower()
    out: set[tuple[int, int]] = set()
    for h, m, half in re.findall(r"(?<![\d:])(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?![\d])", low):
        if not m and not half:
            continue
        hour, minute = int(h), int(m or 0)
        if half:
            if not 1 <= hour <= 12:
                continue
            hour = hour % 12 + (12 if half.startswith("p") else 0)
        if hour < 24 and minute < 60:
            out.add((hour, minute))
    if "noon" in low or "midday" in low:
        out.add((12, 0))
    return out


def has_time(text: str, hhmm: str) -> bool:
    """Whether the reply holds the time, in 24- or 12-hour form."""
    hour, minute = (int(x) for x in hhmm.split(":"))
    return (hour, minute) in times_in(text)


def has_count(text: str, n: int) -> bool:
    """Whether the reply gives the count: the number (or its word), or a "none" for 0."""
    low = text.lower()
    if n == 0:
        return any(s in low for s in NONE_SAID)
    if re.search(rf"(?<![\d.,]){n}(?![\d.,]\d)", low):
        return True
    return n < len(NUMBER_WORDS) and re.search(rf"\b{NUMBER_WORDS[n]}\b", low) is not None


def has_currency(text: str, code: str) -> bool:
    """Whether the reply names the currency by its code or its sign."""
    low = text.lower()
    return code.lower() in low or any(s in low for s in SYMBOLS.get(code.upper(), ()))


@dataclass(frozen=True)
class Scored:
    """One case's verdict and why."""

    id: str
    capability: str
    mailbox: str
    verdict: str  # right | wrong | refused
    reply: str
    missing: tuple[str, ...] = ()
    turns: tuple[str, ...] = ()


def refused(reply: str, handled_by: str, asked_back: bool) -> bool:
    """The offline refusal, a clarifying question, or "I can't"."""
    low = reply.lower()
    return handled_by == "offline" or asked_back and reply.rstrip().endswith("?") and len(reply) < 200 or any(
        r in low for r in REFUSALS)


def score(case: Mapping[str, Any], reply: str, handled_by: str, asked_back: bool, today: date) -> Scored:
    """Right, wrong or refused for one case's last reply."""
    expect = case.get("expect") or {}
    forbid = [n for n in (case.get("forbid") or {}).get("names", [])]
    low = reply.lower()
    bad = [f"forbidden {n}" for n in forbid if n.lower() in low]
    base = (str(case["id"]), str(case["capability"]), str(case["mailbox"]))
    if not case.get("answerable", True):
        if bad:
            return Scored(*base, "wrong", reply, tuple(bad))
        if refused(reply, handled_by, asked_back) or any(p in low for p in NOT_FOUND):
            return Scored(*base, "right", reply)
        return Scored(*base, "wrong", reply, ("an answer about something else",))
    # (an expected thing the reply denies is missing: "not marked as phishing" says no phishing, "nothing on the 28th"
    # no 28th; an answer of none is said by denying, and is read in the whole reply: "Nothing from CodeForge")
    if handled_by == "offline":  # the offline refusal answers nothing, whatever its examples happen to contain
        return Scored(*base, "refused", reply, ("the offline refusal",))
    denies = expect.get("count") == 0
    so = reply if denies else said_so(reply)
    missing = [f"amount {a}" for a in expect.get("amounts", []) if not has_amount(so, str(a))]
    missing += [f"currency {c}" for c in expect.get("currencies", []) if not has_currency(reply, str(c))]
    missing += [f"date {d}" for d in expect.get("dates", []) if not has_date(so, str(d), today)]
    missing += [f"time {t}" for t in expect.get("times", []) if not has_time(so, str(t))]
    missing += [f"name {n}" for n in expect.get("names", [])
                if not (str(n).lower() in low if denies else has_name(reply, str(n)))]
    if "count" in expect and not has_count(reply, int(expect["count"])):
        missing.append(f"count {expect['count']}")
    if not missing and not bad:
        return Scored(*base, "right", reply)
    if refused(reply, handled_by, asked_back):
        return Scored(*base, "refused", reply, tuple(missing + bad))
    return Scored(*base, "wrong", reply, tuple(missing + bad))


# -- the homes and the run ----------------------------------------------------------------------------------

def build_home(folder: Path, mailbox: str, now: str) -> Path:
    """The sample home of `mailbox` at the pinned clock, built once into `folder`."""
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.demo import build_demo_home
    from steward.paths import resolve_paths
    from steward.settings import load

    home = folder / f"{mailbox}-{now.replace(':', '').replace('+', 'p')}"
    built_by = _code_fingerprint()
    folder.mkdir(parents=True, exist_ok=True)
    # one builder at a time: runs that share `folder` (parallel test workers) wait for the first to build
    with open(folder / f"{home.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (home / ".built").exists() and (home / ".built").read_text().strip() == built_by:
            return home
        shutil.rmtree(home, ignore_errors=True)
        app = build_app(load(None, environ=_environ(folder)), make_clock(ZONES[mailbox], now),
                        resolve_paths(str(home)))
        try:
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                build_demo_home(app, mailbox=mailbox)
        finally:
            app.close()
        (home / ".built").write_text(built_by + "\n")
    return home


def _code_fingerprint() -> str:
    """A digest of Steward's code and data files: a home built by other code is built again (what it read
    from the sample mail, its dues and bookings, is that code's)."""
    import hashlib

    import steward

    digest = hashlib.sha256()
    root = Path(steward.__file__).parent
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".yaml", ".sql", ".toml") and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _environ(homes: Path) -> dict[str, str]:
    """The settings' environment: no model, so every answer here is Steward's own (a tier configured in the
    environment is ignored); the sentence model's graphs kept once beside the homes, not in each home (a
    home is copied for every case that writes)."""
    return {"STEWARD_EMBED_CACHE_DIR": str(homes / "models")}


def _app(home: Path, homes: Path, mailbox: str, now: str, embedder: Any = None) -> Any:
    """An App over `home` (built in `homes`) at the pinned clock; `embedder`, when given, is the one
    sentence model every App of a run shares (the same model: each App would load its own)."""
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    return build_app(load(None, environ=_environ(homes)), make_clock(ZONES[mailbox], now), resolve_paths(str(home)),
                     shared_embedder=embedder)


def _writes(case: Mapping[str, Any]) -> bool:
    return case["capability"] == "reminders" or len(case["turns"]) > 1


def run_set(data: Mapping[str, Any], homes: Path) -> list[Scored]:
    """Every case of one set, scored."""
    out: list[Scored] = []
    shared: dict[str, Any] = {}
    embedder: Any = None  # the first App's sentence model, lent to every later one
    try:
        for case in data["cases"]:
            mailbox = case["mailbox"]
            now = str(data["homes"][mailbox]["now"])
            home = build_home(homes, mailbox, now)
            today = datetime.fromisoformat(now).astimezone(__import__("zoneinfo").ZoneInfo(ZONES[mailbox])).date()
            if _writes(case):
                with tempfile.TemporaryDirectory() as scratch:
                    copy = Path(scratch) / "home"
                    # the built home as it was written: another run's open connection keeps a write-ahead log
                    # beside it that comes and goes while the folder is copied
                    shutil.copytree(home, copy, ignore=shutil.ignore_patterns("*-wal", "*-shm"))
                    app = _app(copy, homes, mailbox, now, embedder)
                    embedder = embedder or app.embedder
                    try:
                        out.append(_ask(app, case, today, dry_run=False))
                    finally:
                        app.close()
            else:
                if mailbox not in shared:
                    shared[mailbox] = _app(home, homes, mailbox, now, embedder)
                    embedder = embedder or shared[mailbox].embedder
                out.append(_ask(shared[mailbox], case, today, dry_run=True))
    finally:
        for app in shared.values():
            app.close()
        if embedder is not None:
            embedder.close()
    return out


def _ask(app: Any, case: Mapping[str, Any], today: date, *, dry_run: bool) -> Scored:
    trace = None
    session = f"case-{case['id']}"
    for text in case["turns"]:
        trace = app.engine.turn(text, session=session, dry_run=dry_run)
    assert trace is not None
    scored = score(case, trace.reply, trace.handled_by, trace.continuation is not None, today)
    return replace(scored, turns=tuple(case["turns"]), missing=(*scored.missing, f"by {trace.handled_by}"))


def table(results: Iterable[Scored]) -> str:
    """Right / wrong / refused per capability and mailbox, and the totals."""
    rows: dict[tuple[str, str], Counter[str]] = {}
    total: Counter[str] = Counter()
    for r in results:
        rows.setdefault((r.capability, r.mailbox), Counter())[r.verdict] += 1
        total[r.verdict] += 1
    lines = [f"{'capability':<14}{'mailbox':<9}{'right':>7}{'wrong':>7}{'refused':>9}{'cases':>7}"]
    for (cap, box), c in sorted(rows.items()):
        lines.append(f"{cap:<14}{box:<9}{c['right']:>7}{c['wrong']:>7}{c['refused']:>9}{sum(c.values()):>7}")
    lines.append(f"{'all':<23}{total['right']:>7}{total['wrong']:>7}{total['refused']:>9}{sum(total.values()):>7}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Score the chosen sets and print the table (and, with --show, the cases of a verdict)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=("dev", "blind", "both", "third", "fourth", "fifth", "fifth_blind", "sixth",
                                          "sixth_blind", "seventh", "seventh_blind", "eighth", "eighth_blind",
                                          "ninth", "ninth_blind", "tenth", "tenth_blind", "eleventh",
                                          "eleventh_blind", "twelfth", "twelfth_blind", "thirteenth",
                                          "thirteenth_blind", "fourteenth", "fourteenth_blind", "fifteenth",
                                          "fifteenth_blind", "sixteenth", "sixteenth_blind", "seventeenth",
                                          "seventeenth_blind", "eighteenth", "eighteenth_blind", "nineteenth",
                                          "nineteenth_blind", "twentieth", "twentieth_blind", "twentyfirst",
                                          "twentyfirst_blind", "twentysecond", "twentysecond_blind", "days", "days_blind",
                                          "talk", "talk2"),
                        default="both")
    parser.add_argument("--show", choices=("wrong", "refused", "all"), default=None,
                        help="print the cases of one verdict (development sets only: the held-out sets are never shown)")
    parser.add_argument("--homes", default=str(Path(tempfile.gettempdir()) / "steward-answer-homes"))
    args = parser.parse_args(argv)
    homes = Path(args.homes)
    homes.mkdir(parents=True, exist_ok=True)
    wrong = 0
    for name in (("dev", "blind") if args.set == "both" else (args.set,)):
        data = yaml.safe_load((DATA / SETS[name]).read_text(encoding="utf-8"))
        results = run_set(data, homes)
        print(f"\n{SETS[name]} ({len(results)} cases)")
        print(table(results))
        wrong += sum(r.verdict == "wrong" for r in results)
        if args.show and name in SHOWN:
            for r in results:
                if args.show == "all" or r.verdict == args.show:
                    print(f"\n[{r.verdict}] {r.id} {' / '.join(r.turns)!r}: missing {', '.join(r.missing) or '-'}"
                          f"\n  {r.reply[:300]!r}")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
