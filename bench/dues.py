"""Money owed: how well bills are read, how fast, and how fast `steward dues` answers at scale.

1. Accuracy on `bench/data/dues_labelled.yaml` (bill, statement and payment mail the project wrote,
   labelled): each message goes through the classifier, the candidate gate and the extraction with its
   body at hand, as `dues extract` reads it. Reported: precision and recall of (amount, currency, due
   date, last four) tuples, payment confirmations read, and figures that do not appear in the source
   (the bar is 0).
2. Speed: extraction of the sample mailbox's candidates with their bodies at hand (the live fetch
   excluded), in messages per second, beside the lexical `mail analyze` of the same candidates.
3. `steward dues` latency: the digest (read, group, render, JSON) at a store of 100k messages holding
   500 dues, p50/p95 in-process, and the whole command as a process.

    .venv/bin/python bench/dues.py [--size 100000] [--dues 500] [--repeat 50] [--skip-scale]
    .venv/bin/python bench/dues.py --other-mail   # 1, then 4 alone

4. Real mail that owes nothing, not written here (the evaluation data folder: notmuch's corpora,
   imap_tools' messages, KItinerary's booking mails, Thunderbird's invitations): each message goes
   through the same classifier, gate and extraction; every due read from it is false, and each is named.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from decimal import Decimal
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import percentile, summary, time_calls  # noqa: E402
from steward.clock import Clock  # noqa: E402
from steward.finance.digest import render  # noqa: E402
from steward.finance.extract import missing, normalise  # noqa: E402
from steward.finance.gate import gate  # noqa: E402
from steward.finance.money import numbers_in  # noqa: E402
from steward.finance.registry import build_registry  # noqa: E402
from steward.finance.service import DuesService  # noqa: E402
from steward.mail.categories import default_classifier  # noqa: E402
from steward.mail.parse import parse_message  # noqa: E402
from steward.records.finance import MessageFacts  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "dues_labelled.yaml"
NOW = datetime(2026, 9, 20, 12, 0, tzinfo=ZoneInfo("UTC"))


def cpu_calls(fn: Any, repeat: int) -> list[float]:
    """CPU milliseconds of this process per call: what a call costs, whatever else the machine runs."""
    out = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        out.append((time.process_time() - t0) * 1000)
    return out


def raw_of(item: dict[str, Any]) -> bytes:
    msg = EmailMessage()
    msg["From"] = item["from"]
    msg["To"] = "alex@example.org"
    msg["Subject"] = item["subject"]
    when = item["date"] if isinstance(item["date"], datetime) else datetime.fromisoformat(str(item["date"]))
    msg["Date"] = format_datetime(when)
    msg["Message-ID"] = f"<{item['id']}@bench.steward.example>"
    msg.set_content(item["body"])
    return bytes(msg)


def facts_of(n: int, raw: bytes) -> MessageFacts:
    p = parse_message(raw)
    category = default_classifier().classify(p.sender, p.sender_name, p.subject, p.snippet)
    return MessageFacts(n, p.sender, p.sender_name, p.subject, p.snippet, p.received_at, p.zone, category, p.has_pdf)


def service() -> DuesService:
    return DuesService(lambda: None, Clock(ZoneInfo("UTC"), NOW), build_registry(),  # type: ignore[arg-type,return-value]
                       fetch=lambda conn, rowid: b"")


def expected_tuple(item: dict[str, Any]) -> tuple[str, str, str, str] | None:
    e = item.get("expect")
    if not isinstance(e, dict):
        return None
    return (str(e["amount"]), str(e["currency"]), str(e["due_date"]), str(e.get("account") or ""))


def accuracy() -> int:
    items = yaml.safe_load(DATA.read_text(encoding="utf-8"))["messages"]
    dues = service()
    tp = fp = fn = 0
    paid_right = paid_total = 0
    invented: list[str] = []
    misses: list[str] = []
    for n, item in enumerate(items, start=1):
        raw = raw_of(item)
        message = facts_of(n, raw)
        found = gate(message, dues.registry, dues.vocab)
        got: tuple[str, str, str, str] | None = None
        paid: tuple[str, str] | None = None
        if not isinstance(found, str):
            reading = dues.read(found, raw)
            x = reading.extraction
            if x is not None and x.owed is not None and missing(x) is None:
                got = (str(x.owed.amount), x.owed.currency, str(x.due_date), x.account)
                text = normalise(f"{message.subject} {item['body']}")
                if x.owed.amount not in numbers_in(text):
                    invented.append(f"{item['id']}: amount {x.owed.amount}")
                if x.due_text and normalise(x.due_text) not in text:
                    invented.append(f"{item['id']}: due date {x.due_text!r}")
                if x.account and x.account not in text:
                    invented.append(f"{item['id']}: account {x.account}")
            elif x is not None and x.paid is not None:
                paid = (str(x.paid.amount), x.paid.currency)
        want = expected_tuple(item)
        if "paid" in item:
            paid_total += 1
            label = (str(item["paid"]["amount"]), str(item["paid"]["currency"]))
            paid_right += paid == label
            if paid != label:
                misses.append(f"{item['id']}: paid {label}, read {paid}")
        if got is not None and got == want:
            tp += 1
        else:
            if got is not None:
                fp += 1
            if want is not None:
                fn += 1
            if got != want and not (got is None and want is None):
                misses.append(f"{item['id']}: want {want}, got {got}"
                              + (f" ({found})" if isinstance(found, str) else ""))
    labelled = sum(1 for i in items if expected_tuple(i) is not None)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    print(f"labelled set: {len(items)} messages, {labelled} with a due, {paid_total} payment confirmations, "
          f"{len(items) - labelled - paid_total} owing nothing")
    print(f"  (amount, currency, due date, last four): precision {precision:.1%} ({tp}/{tp + fp}), "
          f"recall {recall:.1%} ({tp}/{tp + fn})")
    print(f"  payment confirmations read: {paid_right}/{paid_total}")
    print(f"  figures not in the source: {len(invented)}" + (": " + "; ".join(invented) if invented else ""))
    for line in misses:
        print(f"  miss: {line}")
    return len(invented)


def other_mail() -> int:
    """Dues read from real mail that owes nothing (each named); -1 when the evaluation data is absent."""
    from common import shared_data
    from steward.mail.parse import ParseError

    shared = shared_data()
    if shared is None or not (shared / "notmuch-corpora").is_dir():
        print("\nother mail: skipped (the evaluation data folder is not present; set STEWARD_SHARED_DATA)")
        return -1
    files = [p for p in sorted((shared / "notmuch-corpora" / "test" / "corpora").rglob("*")) if p.is_file()]
    files += sorted((shared / "imap_tools" / "tests" / "messages").rglob("*.eml"))
    files += sorted((shared / "kitinerary").rglob("*.eml"))
    files += sorted((shared / "thunderbird-invitations").glob("*.eml"))
    dues = service()
    seen, candidates, false = 0, 0, []
    for n, path in enumerate(files, start=1):
        raw = path.read_bytes()
        try:
            p = parse_message(raw)
        except ParseError:
            continue
        seen += 1
        facts = MessageFacts(n, p.sender, p.sender_name, p.subject, p.snippet, p.received_at, p.zone,
                             default_classifier().classify_parsed(p), p.has_pdf)
        found = gate(facts, dues.registry, dues.vocab)
        if isinstance(found, str):
            continue
        candidates += 1
        x = dues.read(found, raw).extraction
        if x is not None and x.owed is not None and missing(x) is None:
            false.append(f"{path.relative_to(shared)}: {x.owed.amount} {x.owed.currency} due {x.due_date}")
    print(f"\nother mail (notmuch, imap_tools, KItinerary, Thunderbird; owes nothing): {seen} messages, "
          f"{candidates} past the gate, {len(false)} dues read (each false)")
    for line in false:
        print(f"  false due: {line}")
    return len(false)


def speed() -> None:
    from steward.mail.ingest import store_parsed
    from steward.records.mail import FileSource
    from steward.sample import generate
    from steward.search.mailbox import analyze
    from steward.store import connect

    now = datetime(2026, 9, 14, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
    mail = generate(now, seed=11, count=5000, days=365)
    dues = service()
    candidates = []
    parsed = []
    for n, m in enumerate(mail, start=1):
        facts = facts_of(n, m.raw)
        found = gate(facts, dues.registry, dues.vocab)
        if not isinstance(found, str):
            candidates.append((found, m.raw))
            parsed.append((parse_message(m.raw), FileSource(f"/bench/{n}", "eml")))  # the store holds the candidates
    rounds = max(1, 3000 // max(1, len(candidates)))
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        for cand, raw in candidates:
            dues.read(cand, raw)
    took, cpu = time.perf_counter() - t0, time.process_time() - c0
    rate, cpu_rate = rounds * len(candidates) / took, rounds * len(candidates) / cpu
    with tempfile.TemporaryDirectory(prefix="steward-bench-dues-") as tmp:
        conn = connect(Path(tmp) / "s.db")
        store_parsed(conn, parsed)
        clock = Clock(ZoneInfo("Asia/Kolkata"), now)
        query = "category:statement,payment_due,autopay,bank_alert"  # every candidate's category
        result = analyze(conn, query, clock=clock, limit=100000)
        ms = time_calls(lambda: analyze(conn, query, clock=clock, limit=100000), 20)
        conn.close()
    print(f"\nspeed: {len(mail)} sample messages, {len(candidates)} candidates")
    print(f"  extraction with bodies at hand: {rate:,.0f} messages/s wall clock, {cpu_rate:,.0f} messages/s "
          f"per core of CPU time ({rounds} rounds)")
    print(f"  lexical `mail analyze {query}` of the same candidates: {result.total} messages in "
          f"{percentile(ms, 50):.1f} ms p50 = {result.total / (percentile(ms, 50) / 1000):,.0f} messages/s")


def scale(size: int, count: int, repeat: int) -> None:
    from search import fill
    from steward.records.finance import NewDue
    from steward.sample import generate
    from steward.store import connect
    from steward.store import finance as repo

    now = datetime(2026, 9, 14, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
    base = [parse_message(m.raw) for m in generate(now, seed=5, count=10_000)]
    with tempfile.TemporaryDirectory(prefix="steward-bench-dues-scale-") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        conn = connect(home / "steward.db")
        t0 = time.perf_counter()
        fill(conn, base, size)
        rng = random.Random(3)
        issuers = [("Chase", "USD"), ("HDFC Bank", "INR"), ("Barclaycard", "GBP"), ("ING", "EUR"), ("Citi", "USD"),
                   ("Octopus Energy", "GBP"), ("Airtel", "INR"), ("Allianz", "EUR")]
        with repo.write_txn(conn):
            for i in range(count):
                issuer, currency = issuers[i % len(issuers)]
                day = date(2026, 9, 14) + timedelta(days=rng.randint(-40, 60))
                status = "open" if i % 3 else "superseded"
                repo.insert_due(conn, NewDue(
                    issuer=issuer, kind="card", account=f"{1000 + i:04d}", amount=Decimal(rng.randint(500, 900000)) / 100,
                    minimum=None, currency=currency, due_date=day, zone="UTC", autopay=bool(i % 4 == 0),
                    message_id=1 + i, excerpt="", method="patterns", statement_at=now), status)
        print(f"\nscale: {size:,} messages and {count} dues (filled in {time.perf_counter() - t0:.1f} s)")
        dues = DuesService(lambda: conn, Clock(ZoneInfo("Asia/Kolkata"), now), build_registry(),
                           fetch=lambda c, rowid: b"")

        def as_json() -> None:
            json.dumps(dues.digest().to_json())

        def as_text() -> None:
            render(dues.digest())

        print(f"  `dues --json` in-process (read, group by currency, JSON): wall {summary(time_calls(as_json, repeat))}; "
              f"CPU {summary(cpu_calls(as_json, repeat))}")
        print(f"  `dues` in-process (read, group by currency, text): wall {summary(time_calls(as_text, repeat))}; "
              f"CPU {summary(cpu_calls(as_text, repeat))}")
        conn.close()
        env = {**os.environ, "STEWARD_HOME": str(home)}
        argv = [sys.executable, "-m", "steward", "--now", now.isoformat(), "--json", "dues"]
        import resource

        runs, cpus = [], []
        for _ in range(10):
            t1 = time.perf_counter()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(argv, env=env, capture_output=True, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            runs.append((time.perf_counter() - t1) * 1000)
            cpus.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
        print(f"  `steward --json dues` as a process (Python start-up included): wall {summary(runs)}; "
              f"CPU {summary(cpus)}")
        print(f"  load average at the end: {os.getloadavg()[0]:.1f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--dues", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--skip-scale", action="store_true")
    parser.add_argument("--other-mail", action="store_true", help="the labelled set, then real mail owing nothing")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f} (2 cores)")
    invented = accuracy()
    if args.other_mail:
        return 1 if invented or other_mail() > 0 else 0
    speed()
    if not args.skip_scale:
        scale(args.size, args.dues, args.repeat)
    return 1 if invented else 0


if __name__ == "__main__":
    raise SystemExit(main())
