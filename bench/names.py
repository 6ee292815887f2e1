"""Every thing a sample home holds, asked by the names people use for it, in words nobody here wrote.

For every sample home (`steward.sample.homes.MAILBOXES`, each built once at its pinned clock, no model), the
records ahead of its clock are read from the home's own services: bookings and travel, events its mail told
of, open bills and dues, reminders. Each record gets the names a person would use, derived from the record
alone: the provider's or issuer's name and its distinctive word, the kind of place ("the dentist", "the vet",
"the flight to Auckland"), a card's last four, an event's title words. Each name is put into question frames
taken as SLURP's annotators wrote them (the devel split's calendar_query, datetime_query and email_query
utterances with one entity, whose span the name replaces: `../shared/data/slurp-devel`, never copied here),
and into a short conversation: the thing named, then "where is it?", "what time?", "how much?", "is it still
on?". A name two records share is not asked (it names no one thing); a provider's bookings that are one
series, or one booking and its move, are one record.

Each last reply is scored:

- right: it holds the record's own date (a "when"), time, amount or place, and names no other record;
- wrong: it names another record, or gives none of the record's values while answering (a wrong value);
- asked: one short question back (among candidates), the answer not given;
- refused: the offline refusal, "I can't", or a "not found" (a miss, not a wrong value).

The sample is deterministic (seeded per home and record) and bounded: at most `--per-home` questions a home.

    STEWARD_SHARED_DATA=../shared/data .venv/bin/python bench/names.py [--homes DIR] [--only demo,tenth]
        [--per-home 150] [--show wrong|asked|refused|all]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from answers import NOT_FOUND, _app, build_home, has_amount, has_date, has_time  # noqa: E402
from common import shared_data  # noqa: E402
from steward.sample.homes import MAILBOXES  # noqa: E402

DEMO_NOW = "2026-12-02T08:30:00+05:30"  # the demo mailbox is read at any clock: the development set's
AHEAD = timedelta(days=120)  # how far ahead a home's bookings are read
SAMPLE_EVENT_FRAMES = 2  # SLURP frames asked of each name of a record
# SLURP utterances whose one entity a name can stand in for, and which ask something a record answers:
# a "when" of an event, or mail from a sender. Left out: plurals ("when are the meetings"), a count of
# weeks, a statement ("i needed to prepare for a meeting"), mail about a topic the record does not hold,
# and a watch ("let me know when casey emails me").
_EVENT_LEFT_OUT = ("when are the", "how many weeks", "i needed to", "emails in regard")
_MAIL_LEFT_OUT = (" about ", "having to do", "subject that", "let me know when", "search ")

# the words people use for a kind of place, by the words of its name (first match wins)
PLACE_KINDS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("dental", "dentist", "smiles", "smile", "orthodont"), ("dentist", "dental appointment")),
    (("vet", "vets", "veterinary", "animal hospital", "paw"), ("vet", "vet appointment")),
    (("physio", "physiotherapy", "sports injury"), ("physio", "physio appointment")),
    (("chiropractic", "chiropractor"), ("chiropractor",)),
    (("eye care", "optometrist", "optometrists", "optical", "optician", "opticians", "eye"), ("optician", "eye test")),
    (("barbershop", "barber"), ("barber", "haircut")),
    (("hair", "salon"), ("hairdresser", "hair appointment")),
    (("garage", "motors", "auto", "autofix", "car"), ("car service", "garage appointment")),
    (("medical centre", "medical center", "family practice", "clinic", "health rooms", "surgery", "dr."),
     ("doctor", "doctor's appointment")),
    (("fitness", "gym"), ("gym session",)),
    (("school",), ("school meeting",)),
)
BILL_KINDS = {"utility": ("electricity bill", "energy bill"), "telecom": ("phone bill",), "card": ("credit card bill",),
              "rent": ("rent",), "insurance": ("insurance bill", "insurance payment"),
              "housing": ("maintenance bill",), "loan": ("loan payment",)}
_UTILITY_WORDS = {"cooling": ("cooling bill",), "chiller": ("cooling bill",), "gas": ("gas bill",), "water": ("water bill",), "hydro": ("hydro bill",),
                  "broadband": ("broadband bill",), "fibre": ("broadband bill",), "fiber": ("internet bill",),
                  "fibernet": ("internet bill",), "mobile": ("mobile bill",), "wireless": ("phone bill",)}
# words of a name no person says alone for it
_COMMON = frozenset(("the", "of", "and", "&", "am", "at", "in", "on", "for", "a", "my", "bank", "card", "cards",
                     "credit", "union", "energy", "mobile", "services", "service", "group", "clinic", "care",
                     "family", "dental", "studio", "health", "hotel", "vet", "vets", "physio", "auto", "motors",
                     "eye", "hair", "salon", "academy", "school", "public", "insurance", "mutual", "trust",
                     "utilities", "power", "water", "gas", "fibre", "broadband", "wireless", "management",
                     "property", "lettings", "office", "works", "centre", "center", "medical", "practice",
                     "fitness", "gmbh", "ltd", "inc", "rail", "ferries", "seaways", "the", "suites", "residences",
                     "guesthouse", "hospital", "animal", "optical", "optometrists", "chiropractic", "sports",
                     "injury", "clinic", "dr", "dr.", "grill", "table", "national", "distribution", "loan",
                     "servicing", "finance", "association", "levy", "household", "shield", "assurance", "aoa",
                     "creche", "kita", "fc", "juniors", "stars", "football", "swim", "music", "dance", "downtown"))
FOLLOW_ONS = {"where": "where is it?", "time": "what time?", "amount": "how much?", "still": "is it still on?",
              "due": "when is it due?"}


@dataclass(frozen=True)
class Record:
    """One thing a home holds ahead of its clock, with the values an answer about it must give."""

    kind: str          # booking | travel | event | due | reminder
    label: str         # what it is, for the printout
    names: tuple[str, ...]      # what a person calls it, as a noun phrase without its article
    senders: tuple[str, ...]    # who mailed about it, as a person would name them
    mark: tuple[str, ...]       # the words an answer naming it holds (any one), lower-case
    dates: tuple[date, ...] = ()
    times: tuple[str, ...] = ()
    amount: str | None = None
    place: str | None = None


@dataclass(frozen=True)
class Question:
    """One question about one record: the turns said, and what the last one asks."""

    record: Record
    turns: tuple[str, ...]
    asks: str          # when | time | where | amount | still | mail
    source: str        # the SLURP id the frame came from, or "follow-on"


@dataclass(frozen=True)
class Verdict:
    """A question's score and the reply it was given."""

    question: Question
    verdict: str       # right | wrong | asked | refused
    reply: str
    why: str = ""


@dataclass
class Home:
    """One home's records, as read from its services."""

    name: str
    now: str
    today: date
    records: list[Record] = field(default_factory=list)


# -- names from a record (pure) ------------------------------------------------------------------------------

def _low(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def distinctive(name: str) -> str | None:
    """The one word of a name a person says alone for it ("thameside" of "Thameside Energy", "acorns" of
    "Little Acorns Creche"): not a word of a kind of business, not an everyday English word; or None."""
    words = [w for w in re.findall(r"[\w'.-]+", _low(name)) if w not in _COMMON and not w.isdigit() and len(w) > 2]
    rare = [w for w in words if w not in _everyday()]
    return rare[0] if rare and len(words) < len(name.split()) else None


_EVERYDAY: set[str] = set()


def _everyday() -> set[str]:
    """Everyday English words (wordfreq's, Zipf >= 4, as the reader ships them)."""
    if not _EVERYDAY:
        path = Path(__file__).resolve().parent.parent / "src" / "steward" / "reader" / "common_words.txt"
        _EVERYDAY.update(w.strip() for w in path.read_text(encoding="utf-8").splitlines() if w and w[0] != "#")
    return _EVERYDAY


def place_kinds(provider: str) -> tuple[str, ...]:
    """The words for the kind of place a provider is ("dentist" for "Drumcondra Dental Care")."""
    low = f" {_low(provider)} "
    for cues, said in PLACE_KINDS:
        if any(re.search(rf"(?<![a-z]){re.escape(c)}(?![a-z])", low) for c in cues):
            return said
    return ()


def bill_kinds(issuer: str, kind: str) -> tuple[str, ...]:
    """The words for a bill of a kind ("gas bill" for Glenmore Gas, "phone bill" for a telecom)."""
    low = _low(issuer).split()
    for word, said in _UTILITY_WORDS.items():
        if word in low:
            return said
    if kind == "education":  # a school's fees; a club's or an academy's are its own ("the swim academy fees")
        return ("school fees",) if "school" in low else ()
    return BILL_KINDS.get(kind, ())


def town(code: str) -> str | None:
    """The town an airport's code names ("auckland" for AKL), from `airportsdata`; None when not known."""
    try:
        import airportsdata
    except ImportError:
        return None
    row = _airports(airportsdata).get(code.upper())
    return _low(row["city"]) if row else None


_AIRPORTS: dict[str, Any] = {}


def _airports(module: Any) -> dict[str, Any]:
    if not _AIRPORTS:
        _AIRPORTS.update(module.load("IATA"))
    return _AIRPORTS


def _place_of(location: str | None, provider: str) -> str | None:
    """The part of a location an answer says (its street line), not the provider's own name; None for a
    bare code."""
    if not location:
        return None
    parts = [p.strip() for p in location.split(",") if p.strip()]
    parts = [p for p in parts if _low(p) != _low(provider)]
    if not parts or re.fullmatch(r"[A-Z]{3}", parts[0]):
        return None
    return parts[0]


def booking_record(item: Any, dates: Sequence[date], times: Sequence[str], today: date) -> Record:
    """A booking, a journey or an event told in mail, named as a person would name it."""
    provider, title = item.provider, item.title or item.provider
    low_title = _low(title)
    place = _place_of(item.location, provider)
    if low_title.startswith(("flight", "train", "ferry")):
        mode = low_title.split()[0]
        towns: list[str] = []
        m = re.search(r"([A-Za-z .,]+?)\s*→\s*([A-Za-z .,]+)$", title)
        if m:
            to = m.group(2).strip()
            towns.append(town(to) or _low(to.split(",")[0]) if re.fullmatch(r"[A-Z]{3}", to) else _low(to.split(",")[0]))
        names = [f"{mode} to {t}" for t in towns if t]
        if mode == "flight":
            names.append(f"flight {_low(provider)}")
        elif not provider.lower().startswith(mode):
            names.append(f"{_low(provider)} {mode}")
        return Record("travel", title, tuple(names), (), (_low(provider),) + tuple(t for t in towns if t),
                      tuple(dates), tuple(times), None, place)
    if low_title.startswith("hotel"):
        names = [f"{_low(provider)} booking", "hotel booking"]
        return Record("travel", title, tuple(names), (_low(provider),), (_low(provider),), tuple(dates), (), None, place)
    if ":" in title:  # an event its mail told of: "Little Acorns Creche: Teddy Bears Picnic"
        what = _low(title.split(":", 1)[1]).split(",")[0]
        words = what.split()
        names = [what] + ([f"{_low(provider)} {words[-1]}"] if words else [])
        return Record("event", title, tuple(names), (_low(provider),), (_low(provider), what), tuple(dates),
                      tuple(times), None, place)
    kinds = place_kinds(provider)
    short = distinctive(provider)
    names = [f"{_low(provider)} appointment"] if not low_title.startswith("table") else \
        [f"dinner at {_low(provider)}", f"{_low(provider)} booking"]
    if short and not low_title.startswith("table"):
        names.append(f"{short} appointment")
    names += list(kinds)
    return Record("booking", title, tuple(names), (_low(provider),), (_low(provider),) + ((short,) if short else ()),
                  tuple(dates), tuple(times), None, place)


def due_record(due: Any) -> Record:
    """A bill or a due, named by its issuer, its distinctive word, its kind and a card's last four."""
    issuer = _low(due.issuer)
    short = distinctive(due.issuer)
    names = [f"{issuer} bill"] + ([f"{short} bill"] if short else []) + list(bill_kinds(due.issuer, due.kind))
    if due.account and due.kind == "card":
        names.append(f"bill of the card ending {due.account}")
    return Record("due", f"{due.issuer} {due.amount} {due.currency}", tuple(names), (issuer,),
                  (issuer,) + ((short,) if short else ()), (due.due_date,), (), str(due.amount), None)


def unshared(records: Sequence[Record]) -> list[Record]:
    """The records with only the names no other record of the home is called by."""
    count: Counter[str] = Counter(n for r in records for n in set(r.names))
    senders: Counter[str] = Counter(s for r in records for s in set(r.senders))
    out = []
    for r in records:
        names = tuple(n for n in r.names if count[n] == 1)
        mine = tuple(s for s in r.senders if senders[s] == 1)
        if names or mine:
            out.append(Record(r.kind, r.label, names, mine, r.mark, r.dates, r.times, r.amount, r.place))
    return out


# -- the wordings ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Frame:
    """A SLURP utterance with the span of its one entity cut out."""

    id: str
    intent: str
    before: str
    after: str

    def said(self, name: str) -> str:
        return f"{self.before}{name}{self.after}"


def slurp_frames(folder: Path) -> tuple[list[Frame], list[Frame]]:
    """(event frames, mail-sender frames) from SLURP devel, as its annotators wrote them."""
    events: dict[str, Frame] = {}
    mail: dict[str, Frame] = {}
    for line in (folder / "slurp-devel" / "slurp_devel_flat.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        ents = row["entities"]
        if row["intent"] not in ("calendar_query", "datetime_query", "email_query") or len(ents) != 1:
            continue
        m = re.fullmatch(r"(.*)\[(\w+) : ([^\]]+)\](.*)", row["annotation"])
        if not m:
            continue
        before, kind, _, after = m.groups()
        frame = Frame(str(row["slurp_id"]), row["intent"], before, after)
        text = row["text"]
        if kind == "event_name" and text.startswith(("when", "what")) and not any(w in text for w in _EVENT_LEFT_OUT):
            events.setdefault(before + "|" + after, frame)
        elif kind in ("person", "business_name") and row["intent"] == "email_query" \
                and not any(w in f" {text} " for w in _MAIL_LEFT_OUT):
            mail.setdefault(before + "|" + after, frame)
    return sorted(events.values(), key=lambda f: f.id), sorted(mail.values(), key=lambda f: f.id)


def questions(home: Home, events: Sequence[Frame], mail: Sequence[Frame], per_home: int) -> list[Question]:
    """The home's questions: each name in a few SLURP frames, each sender in one, each record's follow-ons."""
    out: list[Question] = []
    for r in home.records:
        rng = random.Random(f"{home.name}|{r.label}")
        for name in r.names:
            for f in rng.sample(list(events), min(SAMPLE_EVENT_FRAMES, len(events))):
                out.append(Question(r, (f.said(name),), "when", f.id))
        for sender in r.senders:
            if mail:
                f = rng.choice(list(mail))
                out.append(Question(r, (f.said(sender),), "mail", f.id))
        if r.names:
            first = rng.choice(list(events)).said(r.names[0])
            follow = ["amount", "due"] if r.kind == "due" else ["still"]
            follow += ["time"] if r.times else []
            follow += ["where"] if r.place else []
            for ask in follow:
                out.append(Question(r, (first, FOLLOW_ONS[ask]), "when" if ask == "due" else ask, "follow-on"))
    if len(out) > per_home:
        out = random.Random(home.name).sample(out, per_home)
    return out


# -- reading a home ----------------------------------------------------------------------------------------

def read_home(app: Any, name: str, now: str) -> Home:
    """The records of a home ahead of its clock, from its own services."""
    clock = app.clock
    start = clock.now()
    today = clock.local(start).date()
    home = Home(name, now, today)
    groups: dict[tuple[str, str], list[Any]] = {}
    for item in app.appointments.between(start, start + AHEAD):
        if item.start is None or item.status in ("cancelled", "rejected"):
            continue
        key = (item.provider, item.title if ":" in (item.title or "") or _is_travel(item) else "")
        groups.setdefault(key, []).append(item)
    records: list[Record] = []
    for items in groups.values():
        items.sort(key=lambda i: i.start)
        dates = sorted({clock.local(i.start).date() for i in items})
        times = sorted({f"{clock.local(i.start):%H:%M}" for i in items if not i.all_day})
        records.append(booking_record(items[0], dates, times, today))
    for group in app.dues.digest("all").currencies:
        for it in group.items:
            if it.due.status == "open" and it.due.due_date >= today - timedelta(days=31):
                records.append(due_record(it.due))
    for rem in app.calendar.reminders():
        if rem.status == "pending" and rem.due >= start:
            text = _low(rem.text)
            records.append(Record("reminder", rem.text, (f"reminder to {text}",), (), (text,),
                                  (clock.local(rem.due).date(),), (f"{clock.local(rem.due):%H:%M}",)))
    home.records = unshared(records)
    return home


def _is_travel(item: Any) -> bool:
    return _low(item.title or "").startswith(("flight", "train", "ferry", "hotel"))


# -- the scorer (pure) -------------------------------------------------------------------------------------

def _says(low: str, words: Iterable[str]) -> bool:
    return any(re.search(rf"(?<![\w]){re.escape(w)}(?![\w])", low) for w in words if w)


def others_named(record: Record, records: Sequence[Record], low: str) -> list[str]:
    """The other records a reply names (by their marks that this record does not share); another's name said
    only inside this record's own ("Akarana City Council" inside "Akarana City Council Animal Management") names
    no other."""
    mine = set(record.mark)
    rest = low
    for m in sorted(mine, key=len, reverse=True):
        rest = re.sub(rf"(?<![\w]){re.escape(m)}(?![\w])", " ", rest) if m else rest
    return [o.label for o in records if o is not record and o.mark
            and not set(o.mark) & mine and _says(rest, o.mark[:1])]


def asked_back(reply: str, continuation: bool) -> bool:
    return continuation and reply.rstrip().endswith("?") and len(reply) < 240


def score(q: Question, records: Sequence[Record], reply: str, handled_by: str, continuation: bool,
          today: date) -> Verdict:
    """Right, wrong, asked or refused for one question's last reply (see the module docstring)."""
    r = q.record
    low = reply.lower()
    if handled_by == "offline" or "i can't" in low or "i cannot" in low:
        return Verdict(q, "refused", reply, f"by {handled_by}")
    others = others_named(r, records, low)
    if q.asks == "when":
        held = any(has_date(reply, d.isoformat(), today) for d in r.dates)
    elif q.asks == "time":
        held = any(has_time(reply, t) for t in r.times)
    elif q.asks == "amount":
        held = r.amount is not None and has_amount(reply, r.amount)
    elif q.asks == "where":
        held = r.place is not None and r.place.lower() in low
    elif q.asks == "still":
        held = any(has_date(reply, d.isoformat(), today) for d in r.dates) or _says(low, r.mark)
    else:  # mail from the sender
        held = _says(low, r.mark) and not any(p in low for p in ("nothing from", "no messages", "no mail"))
    if held and not others:
        return Verdict(q, "right", reply)
    if asked_back(reply, continuation) and not held:  # one short question back, its answer not given
        return Verdict(q, "asked", reply)
    if not held and not others and any(p in low for p in NOT_FOUND):
        return Verdict(q, "refused", reply, f"not found, by {handled_by}")
    why = (f"names {', '.join(others)}; " if others else "") + ("" if held else f"without its {q.asks}")
    return Verdict(q, "wrong", reply, f"{why} (by {handled_by})")


# -- the run -----------------------------------------------------------------------------------------------

def run(homes_dir: Path, only: Sequence[str] = (), per_home: int = 150,
        folder: Path | None = None) -> list[tuple[Home, list[Verdict]]]:
    """Every chosen home's questions, asked and scored (SLURP read from `folder`, else the shared data folder)."""
    folder = folder or shared_data()
    if folder is None or not (folder / "slurp-devel").is_dir():
        return []
    events, mail = slurp_frames(folder)
    out: list[tuple[Home, list[Verdict]]] = []
    embedder: Any = None
    try:
        for mailbox in MAILBOXES:
            if only and mailbox.name not in only:
                continue
            now = mailbox.now or DEMO_NOW
            app = _app(build_home(homes_dir, mailbox.name, now), homes_dir, mailbox.name, now, embedder)
            embedder = embedder or app.embedder
            try:
                home = read_home(app, mailbox.name, now)
                verdicts = []
                for n, q in enumerate(questions(home, events, mail, per_home)):
                    trace = None
                    for text in q.turns:
                        trace = app.engine.turn(text, session=f"names-{n}", dry_run=True)
                    assert trace is not None
                    verdicts.append(score(q, home.records, trace.reply, trace.handled_by,
                                          trace.continuation is not None, home.today))
                out.append((home, verdicts))
            finally:
                app.close()
    finally:
        if embedder is not None:
            embedder.close()
    return out


def table(results: Sequence[tuple[Home, list[Verdict]]]) -> str:
    """Right / wrong / asked / refused per home and per kind of record, and the totals."""
    head = f"{'':<12}{'right':>7}{'wrong':>7}{'asked':>7}{'refused':>9}{'asked of':>10}"
    lines = [head]
    total: Counter[str] = Counter()
    kinds: dict[str, Counter[str]] = {}
    for home, verdicts in results:
        c = Counter(v.verdict for v in verdicts)
        total.update(c)
        for v in verdicts:
            kinds.setdefault(f"{v.question.record.kind}/{v.question.asks}", Counter())[v.verdict] += 1
        lines.append(_row(home.name, c))
    lines.append(_row("all", total))
    lines.append("")
    lines.append(head.replace(" " * 12, f"{'kind/asks':<12}", 1))
    lines += [_row(k, c) for k, c in sorted(kinds.items())]
    return "\n".join(lines)


def _row(label: str, c: Counter[str]) -> str:
    return f"{label:<12}{c['right']:>7}{c['wrong']:>7}{c['asked']:>7}{c['refused']:>9}{sum(c.values()):>10}"


def main(argv: list[str] | None = None) -> int:
    """Ask every home's records by their names and print the table (and, with --show, the questions)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--homes", default=str(Path(tempfile.gettempdir()) / "steward-answer-homes"))
    parser.add_argument("--only", default="", help="the homes to ask, comma-separated (default: all)")
    parser.add_argument("--per-home", type=int, default=150, help="the most questions asked of one home")
    parser.add_argument("--show", choices=("wrong", "asked", "refused", "all"), default=None)
    args = parser.parse_args(argv)
    homes = Path(args.homes)
    homes.mkdir(parents=True, exist_ok=True)
    results = run(homes, [h for h in args.only.split(",") if h], args.per_home)
    if not results:
        print("names: SLURP devel is absent (../shared/data/slurp-devel); nothing asked")
        return 0
    print(table(results))
    if args.show:
        for home, verdicts in results:
            for v in verdicts:
                if args.show == "all" or v.verdict == args.show:
                    q = v.question
                    print(f"\n[{v.verdict}] {home.name} {q.record.kind} {q.record.label!r} ({q.source}): "
                          f"{' / '.join(q.turns)!r} {v.why}\n  {v.reply[:300]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
