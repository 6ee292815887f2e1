"""hassil (Home Assistant's template matcher) against Steward's reader: which one understands questions
in others' words, and how fast.

Both read the same questions into a domain (money, appointments, schedule, mail, brief, reminders, or
none). The reader reads with its words and the slot lists of the demo home; hassil reads with the
templates below (written from the list of capabilities, in Home Assistant's template syntax: optional
[words], (alternatives|of them), {slots} filled from the same home's issuers, cards, providers and
senders, and {when} a wildcard for a day, since hassil reads no dates). Scored per question against the
domain it belongs to:

- the development set (`bench/data/answers_dev.yaml`, the demo home's cases): its `capability`;
- SLURP devel (../shared/data/slurp-devel): calendar_query is the schedule's, email_query the mail's,
  datetime_query the clock's (the reader's domain for the date and the time); lists_query belongs to no
  domain of Steward's (a domain read for it is wrong).

right: the domain read is the question's; wrong: another domain; refused: none read. A domain read is
only the first step of an answer (the answerers and the honesty rules come after), so these figures say
how well each understands, not how often the answer is right. hassil is not a dependency of Steward:
install it somewhere apart to run this (`pip install --target DIR hassil`, then PYTHONPATH=DIR).

    .venv/bin/python bench/hassil_reader.py [--homes DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from answers import _app, build_home  # noqa: E402
from slurp_answers import NOW as SLURP_NOW  # noqa: E402
from slurp_answers import questions as slurp_questions  # noqa: E402

DEV = Path(__file__).resolve().parent / "data" / "answers_dev.yaml"
SLURP_DOMAIN = {"calendar_query": "schedule", "email_query": "mail", "lists_query": None, "datetime_query": "clock"}

# templates written from the capabilities (not from either question set)
TEMPLATES: dict[str, list[str]] = {
    "money": [
        "(what|how much) do i owe [on|to] [my] [the] {issuer} [card|bill|account]",
        "(what|how much) do i owe [this week|this month|{when}]",
        "[what is|what's] [the] (balance|amount|bill|minimum) (on|for|of) [my] [the] {issuer} [card|bill]",
        "[what is|what's] [the] (balance|amount due) (on|for) [my] card [ending] [in] {account}",
        "when is [my] [the] {issuer} (bill|payment|card) due",
        "when is [my] [the] (rent|insurance|electricity|water|phone|internet|card) [bill|payment] due",
        "(what|which) bills are (due|overdue|unpaid) [{when}]",
        "(is|are) [there] (anything|any bills) overdue",
        "(show|list|tell me) [me] [all] [my] (bills|dues|cards|accounts)",
        "which (bills|payments) are (on autopay|paid automatically|direct debit)",
    ],
    "appointments": [
        "when is my {provider} (appointment|booking|reservation)",
        "when is my (appointment|booking|reservation) (at|with) {provider}",
        "when (am i|do i go) (at|to) [the] {provider}",
        "when is my (dentist|vet|physio|doctor|eye test|haircut|car service|dinner) [appointment|booking]",
        "is my {provider} (appointment|booking) (confirmed|cancelled|still on|moved)",
        "(what|which) (appointments|bookings) do i have [{when}]",
        "(show|list) [me] [all] [my] [upcoming] (appointments|bookings|reservations)",
        "when (is|does) my (flight|train) [leave|depart|arrive]",
        "(any|do i have any) (appointments|bookings) [{when}]",
    ],
    "schedule": [
        "what(s| is) (on|happening) [my] [schedule|calendar] [for] {when}",
        "what do i have [on] {when}",
        "what have i got [on] {when}",
        "(am i|are we) (free|busy) {when}",
        "what(s| is) coming up [{when}]",
        "(show|tell me|read me) [my] (schedule|calendar|agenda) [for] [{when}]",
        "(what|which) events [do i have] [{when}]",
        "(do i have|is there) (anything|something|any events|a meeting) [on] {when}",
        "what(s| is) my (schedule|agenda|day) [like] [{when}]",
    ],
    "mail": [
        "(what|anything) did {sender} (send|email) [me]",
        "(any|show|find|check) [new] [all] (mail|mails|email|emails|messages) from {sender}",
        "how many (emails|messages|mails) (did i get|came) from {sender}",
        "did {sender} (email|write to|message) me",
        "(show|find|list) [me] [anything] (suspicious|phishing|spam) [emails|mail]",
        "(what|which) (emails|mail|messages) (came in|arrived|did i get) {when}",
        "(any|do i have any) new (email|emails|mail|messages)",
        "(show|read) [me] my (latest|newest|recent) (emails|mail|messages)",
    ],
    "brief": [
        "[give me|show me|read me] [my] [daily|morning] (brief|briefing|summary|rundown|digest|catch up)",
        "(anything|what) (should i|do i need to) (know|worry about) [today|{when}]",
        "what(s| is) on my plate [today]",
    ],
    "reminders": [
        "(what|which) reminders (do i have|are set|are there) [{when}]",
        "(show|list) [me] [all] [my] reminders",
        "(did i|have i) set a reminder (for|about) {when}",
    ],
}


def hassil_intents(lists: Any) -> tuple[Any, dict[str, Any]]:
    """hassil's intents from TEMPLATES and its slot lists from the home's own names."""
    from hassil import Intents
    from hassil.intents import TextSlotList, WildcardSlotList

    data = {"language": "en", "intents": {name: {"data": [{"sentences": sentences}]}
                                          for name, sentences in TEMPLATES.items()}}
    intents = Intents.from_dict(data)
    names = {slot: sorted({v.label for v in lists.of_slot(slot)} | {v.value for v in lists.of_slot(slot)})
             for slot in ("issuer", "account", "provider", "sender")}
    slot_lists = {slot: TextSlotList.from_strings(values) for slot, values in names.items()}
    slot_lists["when"] = WildcardSlotList("when")
    return intents, slot_lists


def score(got: str | None, want: str | None) -> str:
    if got is None:
        return "refused"
    return "right" if got == want else "wrong"


def main(argv: list[str] | None = None) -> int:
    """Read every question with both; print right / wrong / refused and the time per question."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--homes", default=str(Path(tempfile.gettempdir()) / "steward-answer-homes"))
    args = parser.parse_args(argv)
    try:
        from hassil import recognize
    except ImportError:
        print("hassil_reader: hassil is not importable (install it apart, then PYTHONPATH=DIR); nothing measured")
        return 0
    data = yaml.safe_load(DEV.read_text(encoding="utf-8"))
    sets = [("development set (demo home)", data["homes"]["demo"]["now"],
             [(c["turns"][-1], c["capability"]) for c in data["cases"] if c["mailbox"] == "demo" and len(c["turns"]) == 1])]
    asked = slurp_questions()
    if asked:
        sets.append(("SLURP devel (4 intents)", SLURP_NOW, [(q["text"], SLURP_DOMAIN[q["intent"]]) for q in asked]))
    homes = Path(args.homes)
    homes.mkdir(parents=True, exist_ok=True)
    for title, now, questions in sets:
        app = _app(build_home(homes, "demo", now), "demo", now)
        try:
            reader = app.reader
            lists = reader.lists()
            intents, slot_lists = hassil_intents(lists)
            counts: dict[str, dict[str, int]] = {"reader": {}, "hassil": {}}
            times: dict[str, list[float]] = {"reader": [], "hassil": []}
            for text, want in questions:
                t0 = time.perf_counter()
                frame = reader.read(text, app.clock)
                t1 = time.perf_counter()
                result = recognize(text, intents, slot_lists=slot_lists)
                t2 = time.perf_counter()
                times["reader"].append((t1 - t0) * 1000)
                times["hassil"].append((t2 - t1) * 1000)
                for who, got in (("reader", frame.domain if frame else None),
                                 ("hassil", result.intent.name if result else None)):
                    verdict = score(got, want)
                    counts[who][verdict] = counts[who].get(verdict, 0) + 1
        finally:
            app.close()
        print(f"\n{title}: {len(questions)} questions")
        for who in ("reader", "hassil"):
            c, ms = counts[who], sorted(times[who])
            print(f"  {who:7s} right {c.get('right', 0):4d}  wrong {c.get('wrong', 0):4d}  refused "
                  f"{c.get('refused', 0):4d}   median {statistics.median(ms):.2f} ms, p95 "
                  f"{ms[int(len(ms) * 0.95) - 1]:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
