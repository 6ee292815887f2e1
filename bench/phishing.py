"""Phishing never acts: bills and bookings from forged senders yield no due, no event, no reminder.

    .venv/bin/python bench/phishing.py [--json] [--lures PATH]
    .venv/bin/python bench/phishing.py --recheck 10000   # the cost of marking a home's stored mail again

The set is written here: for each lure (a bill with an amount and a due date, an appointment
confirmation, a payment confirmation) a message from each kind of forged sender — a lookalike of a
registry institution's domain (a digit for a letter, a Cyrillic letter, punycode, the brand among other
words), a display name that claims the brand from an unrelated domain, and mail the receiving server
marked dkim/spf/dmarc=fail for the From domain. Every message is imported into a fresh home; then dues
are extracted and appointments scanned in `auto` mode. Counted: how many were marked phishing_suspect,
and how many dues, events or proposals came from them. For contrast the same lures from the real
domains are imported in a second home: those must be read (so the set does test something).
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTPUTF8
from email.utils import format_datetime, formataddr
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

NOW = datetime(2026, 9, 14, 10, 0, tzinfo=ZoneInfo("America/New_York"))

# (brand, real domain, forged sender address, display name, Authentication-Results or "")
FORGERIES = (
    ("Chase", "chase.com", "alerts@chase-secure-billing.com", "Chase", ""),
    ("Chase", "chase.com", "alerts@cha5e.com", "Chase Card Services", ""),
    ("American Express", "americanexpress.com", "service@americanexpress-account-verify.com", "American Express", ""),
    ("Capital One", "capitalone.com", "billing@capita1one.com", "Capital One", ""),
    ("Capital One", "capitalone.com", "billing@xn--capitalne-i8h.com", "Capital One", ""),
    ("HDFC Bank", "hdfcbank.com", "alerts@hdfcbank-netbanking.in", "HDFC Bank", ""),
    ("HDFC Bank", "hdfcbank.com", "alerts@hdfcbаnk.com", "HDFC Bank", ""),
    ("Chase", "chase.com", "no-reply@mailer-4411.example", "Chase Bank Alerts", ""),
    ("American Express", "americanexpress.com", "statements@notify-center.example", "American Express", ""),
    ("Chase", "chase.com", "alerts@chase.com", "Chase",
     "mx.steward-demo.example; dkim=fail header.d=chase.com; spf=fail smtp.mailfrom=chase.com; dmarc=fail header.from=chase.com"),
    ("Capital One", "capitalone.com", "billing@capitalone.com", "Capital One",
     "mx.steward-demo.example; spf=fail smtp.mailfrom=capitalone.com; dmarc=fail (p=reject) header.from=capitalone.com"),
)


def _lures(brand: str, due: datetime) -> list[tuple[str, str]]:
    day = f"{due:%B} {due.day}, {due:%Y}"
    visit = due + timedelta(days=-7)
    return [
        (f"Your {brand} statement is ready",
         f"Your statement is ready. New balance: $1,842.17. Minimum payment due: $35.00. Payment due date: {day}. "
         "Card ending 4417. Verify your account now to avoid suspension."),
        ("Appointment confirmed",
         f"Your appointment with {brand} Wealth Advisors is confirmed for {visit:%A} {visit.day} {visit:%B} "
         "at 4:30 PM. Reply to confirm your card details."),
        ("We received your payment",
         "Thank you. We received your payment of $1,842.17 towards your card ending 4417."),
    ]


def build(forged: bool) -> list[bytes]:
    """The lures from every forged sender (or, `forged=False`, from each brand's real domain)."""
    out = []
    due = NOW + timedelta(days=10)
    seen = set()
    for n, (brand, real, address, name, auth) in enumerate(FORGERIES):
        if not forged:
            if brand in seen:
                continue
            seen.add(brand)
            address, auth = f"alerts@{real}", ""
        for i, (subject, text) in enumerate(_lures(brand, due)):
            msg = EmailMessage(policy=SMTPUTF8)  # an internationalised address as SMTPUTF8 mail carries it
            if auth:
                msg["Authentication-Results"] = auth
            msg["From"] = f"{name} <{address}>"
            msg["To"] = formataddr(("Alex Morgan", "alex@steward-demo.example"))
            msg["Subject"] = subject
            msg["Date"] = format_datetime(NOW - timedelta(hours=n * 3 + i))
            msg["Message-ID"] = f"<{'lure' if forged else 'real'}-{n}-{i}@steward-tests.example>"
            msg.set_content(text)
            out.append(bytes(msg))
    return out


def _run(messages: list[bytes], tmp: Path) -> dict[str, int]:
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan
    from steward.paths import resolve_paths
    from steward.settings import load

    folder = tmp / "mail"
    folder.mkdir(parents=True)
    for i, raw in enumerate(messages):
        (folder / f"{i:03d}.eml").write_bytes(raw)
    env = {"STEWARD_HOME": str(tmp / "home"), "STEWARD_APPOINTMENTS_MODE": "auto", "STEWARD_SEMANTIC_SEARCH": "0"}
    app = build_app(load(environ=env), make_clock("America/New_York", NOW.isoformat()), resolve_paths(environ=env))
    try:
        ingest(app.db, list(scan([folder])), classifier=app.mail_classifier)
        suspects = app.db.execute("SELECT count(*) FROM messages WHERE category = 'phishing_suspect'").fetchone()[0]
        app.dues.extract(since=None)
        scan_report = app.appointments.scan()
        return {"messages": len(messages), "marked_phishing": suspects,
                "dues": len(app.dues.digest("all").items),
                "events": scan_report.count("created"), "proposals": scan_report.count("proposed"),
                "reminders": app.db.execute("SELECT count(*) FROM reminders").fetchone()[0]}
    finally:
        app.close()


def evaluate() -> dict[str, Any]:
    """The forged set and, for contrast, the same lures from the real domains."""
    with tempfile.TemporaryDirectory() as tmp:
        forged = _run(build(True), Path(tmp) / "forged")
        real = _run(build(False), Path(tmp) / "real")
    forged["acted_on"] = forged["dues"] + forged["events"] + forged["proposals"] + forged["reminders"]
    return {"forged": forged, "real": real}


def recheck_cost(count: int) -> dict[str, float]:
    """Seconds to mark `count` stored messages again (a generated Maildir imported, its stamp made stale)."""
    import os
    import time

    from steward.mail.ingest import ingest
    from steward.mail.marks import recheck
    from steward.mail.sources import scan
    from steward.sample import generate, write_maildir
    from steward.store import connect

    classifier = _classifier()
    with tempfile.TemporaryDirectory(prefix="steward-bench-recheck-") as tmp:
        maildir = write_maildir(generate(NOW, seed=11, count=count), Path(tmp) / "Maildir")
        conn = connect(Path(tmp) / "steward.db")
        ingest(conn, scan([maildir]), classifier=classifier)
        out = {"messages": float(count), "load": os.getloadavg()[0]}
        for sources in (False, True):
            conn.execute("DELETE FROM mail_marks_version")
            start = time.perf_counter()
            report = recheck(conn, classifier, sources=sources)
            out["sources" if sources else "stored"] = time.perf_counter() - start
            assert report.checked == count, report
        conn.close()
    return out


def main() -> int:
    if "--recheck" in sys.argv[:-1]:
        cost = recheck_cost(int(sys.argv[sys.argv.index("--recheck") + 1]))
        print(f"recheck of {cost['messages']:.0f} stored messages: {cost['stored']:.2f} s from what is stored, "
              f"{cost['sources']:.2f} s reading every source again (load average {cost['load']:.2f})")
        return 0
    results = evaluate()
    if "--json" in sys.argv:
        print(json.dumps(results))
        return 0
    for name, r in results.items():
        print(name, ", ".join(f"{k} {v}" for k, v in r.items()))
    kinds = by_kind()
    print("\nlures by kind of signal (written here):")
    for kind, (marked, total) in kinds.items():
        print(f"  {kind}: {marked} of {total} marked")
    print(f"  all: {sum(m for m, _ in kinds.values())} of {sum(t for _, t in kinds.values())} marked")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from common import shared_data

    shared = shared_data()
    if shared is None or not (shared / "notmuch-corpora").is_dir():
        print("\nlegitimate mail: skipped (the evaluation data folder is not present; set STEWARD_SHARED_DATA)")
        return 0
    marked, seen, names = legitimate(shared)
    print(f"\nlegitimate mail (notmuch corpora, imap_tools, KItinerary and Thunderbird messages): {marked} of {seen} marked")
    for name in names:
        print(f"  marked: {name}")
    marked, seen, names = legitimate(shared, history=True)
    print(f"  as one mailbox in date order (a sender's earlier mail a history): {marked} of {seen} marked")
    lures = _lures_path()
    if lures is None:
        print("\nreal lures: skipped (give the public lure CSV with --lures PATH or STEWARD_PUBLIC_LURES)")
        return 0
    print(f"\nreal lures ({lures.name}):")
    for half, (hit, total) in public_lures(lures).items():
        print(f"  {half}: {hit} of {total} marked ({100 * hit / max(total, 1):.1f}%)")
    print("  as one mailbox, in the order its rows came (a sender's earlier unmarked lure is a history):")
    for half, (hit, total) in public_lures_as_mailbox(lures).items():
        print(f"    {half}: {hit} of {total} marked ({100 * hit / max(total, 1):.1f}%)")
    print("\ndevelopment misses by the evidence a row keeps (sender, receiver, date, subject, body; no other header):")
    for kind, count in misses_by_evidence(lures).items():
        print(f"  {kind}: {count}")
    return 0


def _lures_path() -> Path | None:
    import os

    given = sys.argv[sys.argv.index("--lures") + 1] if "--lures" in sys.argv[:-1] else os.environ.get(
        "STEWARD_PUBLIC_LURES", "")
    return Path(given) if given and Path(given).is_file() else None



# -- lures by kind of signal, against real legitimate mail ---------------------------------------------------------
#
# The lures below are written here (no public lure collection is used): each kind of signal a mail client checks,
# with the bill and payment pretexts real lures use, from senders that are not the brand's. The legitimate mail is
# not written here: notmuch's test corpora (mailing-list mail), imap_tools' test messages, KItinerary's airline,
# railway and hostel mails and Thunderbird's invitations, read from the evaluation data folder.

LURE_KINDS: dict[str, list[dict[str, str]]] = {
    "a brand speaks from elsewhere": [
        {"from": "PayPal Service <service@pp-resolution-center.net>", "subject": "Your PayPal account is on hold",
         "text": "We noticed unusual activity. Verify your account within 24 hours to avoid suspension."},
        {"from": "Netflix <billing@netflx-billing.info>", "subject": "Netflix: payment failed",
         "text": "We were unable to process your payment. Update your payment details to keep watching."},
        {"from": "Microsoft 365 <noreply@m365-renewals.co>", "subject": "Action required: your Office 365 subscription expired",
         "text": "Renew your subscription now to restore access to your mailbox and files."},
        {"from": "DHL Express <parcel@dhl-delivery-notice.top>", "subject": "DHL: customs fee due for your parcel",
         "text": "Your parcel is held. Pay the customs fee of EUR 2.99 within 48 hours or it is returned."},
        {"from": "Amazon <account-update@amzn-security.xyz>", "subject": "Amazon: billing information needs updating",
         "text": "Your order could not be shipped. Update your billing information to avoid cancellation."},
        {"from": "Apple <no_reply@appleid-verify.support>", "subject": "Your Apple ID has been locked",
         "text": "Unusual sign-in detected. Confirm your identity to unlock your Apple ID."},
    ],
    "a reply goes elsewhere": [
        {"from": "Accounts <accounts@northwind-supplies.com>", "reply_to": "northwind.accounts@gmail.com",
         "subject": "Overdue invoice 4471", "text": "Please settle the overdue invoice today. Our bank details changed."},
        {"from": "Payroll <payroll@contoso-hr.com>", "reply_to": "payroll-dept@outlook.com",
         "subject": "Direct deposit update", "text": "Confirm your details for this month's salary payment."},
        {"from": "Facilities <invoices@acme-buildings.com>", "reply_to": "billing@acme-build1ngs.com",
         "subject": "Final notice: unpaid invoice", "text": "Immediate action required: wire transfer by Friday."},
    ],
    "a link shows one domain and goes to another": [
        {"from": "Card Services <alerts@cardservices-mail.com>", "subject": "Your statement is ready",
         "text": "View it now.", "link": ("www.paypal.com", "paypal.verify-session.ru")},
        {"from": "Billing <billing@streamplus-mail.com>", "subject": "Update payment",
         "text": "Your payment was declined.", "link": ("netflix.com", "nflx-pay.click")},
        {"from": "Mail Admin <admin@webmail-notice.com>", "subject": "Mailbox full",
         "text": "Your mailbox is full. Sign in to keep receiving mail.", "link": ("outlook.office.com", "office-login.app")},
    ],
    "free mail claiming an institution": [
        {"from": "Billing Department <billing.dept.payments@gmail.com>", "subject": "Invoice attached",
         "text": "Please find the overdue invoice attached and pay within 24 hours."},
        {"from": "IT Support <it.helpdesk.mail@outlook.com>", "subject": "Password expires today",
         "text": "Your password expires today. Verify your account to keep access."},
        {"from": "Wells Fargo Security <wf.secure.alerts@yahoo.com>", "subject": "Unusual activity on your card",
         "text": "We detected an unauthorized transaction. Confirm your identity now."},
    ],
    "a name claiming a brand": [
        {"from": "Microsoft Account Team <security-noreply@acct-protect.info>", "subject": "Security alert",
         "text": "Unusual sign-in activity was detected. Verify your identity to keep your account."},
        {"from": "DocuSign <dse@esign-docs.net>", "subject": "Please DocuSign: Payment_Remittance_0412.pdf",
         "text": "Accounts sent you a document to review and sign."},
        {"from": "PayPal <service@billing-center.org>", "subject": "Your payment is pending",
         "text": "A payment of $649.99 is pending. Confirm payment or cancel it now."},
    ],
    "lookalike or homoglyph domain": [
        {"from": "PayPal <service@paypa1.com>", "subject": "Receipt for your payment",
         "text": "You sent a payment of $499.00. If you did not, dispute it now."},
        {"from": "Netflix <info@nеtflix.com>", "subject": "Your membership", "text": "Your payment was declined."},
    ],
    "addressed to its own sender (the reader in Bcc)": [
        {"from": "Tamsin Credit Union <members@tamsincu.example>", "to": "Recipients <members@tamsincu.example>",
         "subject": "Security notice", "text": "Dear Member, sign in to confirm your details."},
    ],
    "a trusted domain sent from elsewhere, nothing vouching for it": [
        {"from": "PayPal <service@paypal.com>", "subject": "Your account access",
         "headers": {"Received": "from host-77.example.net ([198.51.100.7]) by mx.example.org",
                     "Return-Path": "<b-1@relay-77.example.net>"},
         "text": "We noticed a new device. Sign in to review your account."},
    ],
    "Authentication-Results failure": [
        {"from": "PayPal <service@paypal.com>", "subject": "Payment received",
         "auth": "mx.example.net; dkim=fail header.d=paypal.com; spf=fail smtp.mailfrom=paypal.com; dmarc=fail header.from=paypal.com",
         "text": "You received a payment. Log in to accept it."},
    ],
}


def _lure(spec: dict[str, Any], n: int) -> bytes:
    msg = EmailMessage(policy=SMTPUTF8)
    if spec.get("auth"):
        msg["Authentication-Results"] = spec["auth"]
    for name, value in spec.get("headers", {}).items():
        msg[name] = value
    msg["From"] = spec["from"]
    if spec.get("reply_to"):
        msg["Reply-To"] = spec["reply_to"]
    msg["To"] = spec.get("to") or formataddr(("Alex Morgan", "alex@steward-demo.example"))
    msg["Subject"] = spec["subject"]
    msg["Date"] = format_datetime(NOW - timedelta(hours=n))
    msg["Message-ID"] = f"<lure-kind-{n}@steward-tests.example>"
    msg.set_content(spec["text"])
    if spec.get("link"):
        shown, target = spec["link"]
        msg.add_alternative(f"<html><body><p>{spec['text']}</p><p><a href=\"https://{target}/login?id=1\">"
                            f"https://{shown}/signin</a></p></body></html>", subtype="html")
    return bytes(msg)


def _classifier():  # type: ignore[no-untyped-def]
    from steward.finance.registry import bundled_institutions
    from steward.mail.categories import default_classifier
    from steward.mail.senders import Brand

    return default_classifier().with_brands(tuple(Brand(i.name, tuple(i.domains)) for i in bundled_institutions()))


def _marked(raw: bytes, classifier: Any) -> bool:
    from steward.mail.parse import ParseError, parse_message

    try:
        p = parse_message(raw)
    except ParseError:
        return False
    return classifier.classify_parsed(p) == "phishing_suspect"


def by_kind() -> dict[str, tuple[int, int]]:
    """(marked, lures) for each kind of signal of the lures written here."""
    classifier = _classifier()
    out: dict[str, tuple[int, int]] = {}
    n = 0
    for kind, specs in LURE_KINDS.items():
        marked = 0
        for spec in specs:
            n += 1
            marked += _marked(_lure(spec, n), classifier)
        out[kind] = (marked, len(specs))
    return out


def legitimate(shared: Path, *, history: bool = False) -> tuple[int, int, list[str]]:
    """(marked, messages, what was marked) over the legitimate mail of the evaluation data folder; with
    `history`, read as one mailbox in date order, a sender's earlier unmarked mail its history."""
    from steward.mail.parse import ParseError, parse_message

    classifier = _classifier()
    if history:
        parsed = []
        for path in _legitimate_files(shared):
            try:
                parsed.append(parse_message(path.read_bytes()))
            except ParseError:
                continue
        categories = _as_mailbox(parsed, classifier)
        return sum(c == "phishing_suspect" for c in categories), len(parsed), []
    marked, seen, names = 0, 0, []
    for path in _legitimate_files(shared):
        raw = path.read_bytes()
        try:
            parse_message(raw)
        except ParseError:
            continue
        seen += 1
        if _marked(raw, classifier):
            marked += 1
            names.append(str(path.relative_to(shared)))
    return marked, seen, names


def _legitimate_files(shared: Path) -> list[Path]:
    files = [p for p in sorted((shared / "notmuch-corpora" / "test" / "corpora").rglob("*")) if p.is_file()]
    files += sorted((shared / "imap_tools" / "tests" / "messages").rglob("*.eml"))
    files += sorted((shared / "kitinerary").rglob("*.eml"))  # airlines', railways' and hostels' own mail
    files += sorted((shared / "thunderbird-invitations").glob("*.eml"))
    return files


def _as_mailbox(parsed: list[Any], classifier: Any) -> list[str]:
    """The categories of messages read as one mailbox in date order, as an import gives them: a sender's
    earlier unmarked mail (a day or more before) is a known correspondent's history
    (`steward.mail.correspondents`, here with the history kept in memory rather than in a store)."""
    from steward.mail.correspondents import domain_of, known, vouched
    from steward.mail.senders import registrable

    order = sorted(range(len(parsed)), key=lambda i: parsed[i].received_at)
    by_address: dict[str, Any] = {}
    by_domain: dict[tuple[str, str], Any] = {}
    out = [""] * len(parsed)
    for i in order:
        p = parsed[i]
        category = classifier.classify_parsed(p)
        site = registrable(domain_of(p.sender))
        if category == "phishing_suspect" and p.sender:
            headers = vouched(p.sender, p.auth_results, p.transport)
            if known(p.received_at, by_address.get(p.sender), by_domain.get(site), headers):
                category = classifier.classify_parsed(p, correspondent=True)
        if category != "phishing_suspect" and p.sender:
            by_address.setdefault(p.sender, p.received_at)
            by_domain.setdefault(site, p.received_at)
        out[i] = category
    return out


def public_lures_as_mailbox(path: Path) -> dict[str, tuple[int, int]]:
    """(marked, lures) of each half when the rows are read as the one mailbox that received them, in the
    order of their dates: a lure from an address whose earlier lure went unmarked has a history."""
    from steward.mail.parse import ParseError, parse_message

    classifier = _classifier()
    parsed, halves = [], []
    out = {"development": [0, 0], "held out": [0, 0]}
    for n, row in enumerate(_rows(path)):
        raw = _row_mail(row, n)
        when = _row_date(row.get("date", ""))
        if when is not None:
            raw = raw.replace(f"Date: {format_datetime(NOW - timedelta(hours=n))}".encode(),
                              f"Date: {format_datetime(when)}".encode(), 1)
        half = "development" if n % 2 == 0 else "held out"
        try:
            parsed.append(parse_message(raw))
        except ParseError:
            out[half][1] += 1  # counted unmarked, as `public_lures` counts it
            continue
        halves.append(half)
    for half, category in zip(halves, _as_mailbox(parsed, classifier), strict=True):
        out[half][1] += 1
        out[half][0] += category == "phishing_suspect"
    return {k: (v[0], v[1]) for k, v in out.items()}


def _row_date(text: str) -> datetime | None:
    """A row's date: an RFC 5322 date, or a spreadsheet's "12/10/2015 9:52" (read as UTC); None when neither."""
    from datetime import UTC
    from email.utils import parsedate_to_datetime

    try:
        when = parsedate_to_datetime(text)
        if when.tzinfo is not None:
            return when
    except (TypeError, ValueError, IndexError):
        pass
    try:
        return datetime.strptime(text.strip(), "%m/%d/%Y %H:%M").replace(tzinfo=UTC)
    except ValueError:
        return None


# -- real lures from a public collection ------------------------------------------------------------------------
#
# The Nazario phishing corpus (real lures received by one mailbox, 2015-2022) as Champa, Rabbi and Zibran curated
# it ("Curated datasets for phishing email detection", Zenodo record 8339691, CC BY 4.0): one row a lure with its
# sender, subject and body. Not in the repository: give the CSV's path (`--lures PATH`, or STEWARD_PUBLIC_LURES).
# Each row is made into a plain-text mail (its From and Subject as the row writes them, RFC 2047 words and all)
# and parsed as an import parses mail, so only what an import reads is read: sender, name, recipients, subject and
# the head of the text (the snippet is the part kept). A row keeps no other header: no Received, Authentication-
# Results, Return-Path, DKIM-Signature or X-Mailer (its Date and Message-ID here are made up, and no check reads
# them), so of the signs only headers show, a row can give one: a lure addressed to its own sender (its receiver).
# The other header signs are measured on the legitimate sets, whose headers are whole. The
# rows are split by their order into a development half (even rows, which the rules were written beside) and a
# held-out half (odd rows), counted apart.


def _row_mail(row: dict[str, str], n: int) -> bytes:
    from email.message import Message

    msg = Message()
    msg["From"] = " ".join(row.get("sender", "").split()) or "unknown@unknown.invalid"
    msg["To"] = " ".join(row.get("receiver", "").split()) or "jose@monkey.org"
    msg["Subject"] = " ".join(row.get("subject", "").split())
    msg["Date"] = format_datetime(NOW - timedelta(hours=n))
    msg["Message-ID"] = f"<public-lure-{n}@steward-bench.example>"
    msg["Content-Type"] = "text/plain; charset=utf-8"
    msg.set_payload(row.get("body", "").encode("utf-8", "replace"), "utf-8")
    return msg.as_bytes()


def _rows(path: Path) -> list[dict[str, str]]:
    import csv

    csv.field_size_limit(1 << 27)
    with path.open(encoding="utf-8", errors="replace", newline="") as f:
        return list(csv.DictReader(f))


def misses_by_evidence(path: Path) -> dict[str, int]:
    """The development half's unmarked lures, by what besides their words could reveal them."""
    from steward.mail.lure_brands import brand_index, family
    from steward.mail.parse import ParseError, parse_message
    from steward.mail.senders import _index, registrable

    classifier = _classifier()
    brands = _index(classifier.brands).named
    out = dict.fromkeys(("addressed to its own sender", "from the recipient's own domain", "from a brand's own domain",
                         "no recipient kept", "only its words and its sender's name"), 0)
    for n, row in enumerate(_rows(path)):
        if n % 2:
            continue  # the held-out half is never looked into
        try:
            p = parse_message(_row_mail(row, n))
        except ParseError:
            continue
        if classifier.classify_parsed(p) == "phishing_suspect":
            continue
        domain = p.sender.rpartition("@")[2]
        if p.recipients and all(r == p.sender for r in p.recipients):
            out["addressed to its own sender"] += 1
        elif domain and any(registrable(r.rpartition("@")[2]) == registrable(domain) for r in p.recipients):
            out["from the recipient's own domain"] += 1
        elif family(domain, brand_index(brands)):
            out["from a brand's own domain"] += 1
        elif not row.get("receiver", "").strip():
            out["no recipient kept"] += 1
        else:
            out["only its words and its sender's name"] += 1
    return out


def public_lures(path: Path) -> dict[str, tuple[int, int]]:
    """(marked, lures) of the development and held-out halves of a public lure CSV."""
    classifier = _classifier()
    out = {"development": [0, 0], "held out": [0, 0]}
    for n, row in enumerate(_rows(path)):
        half = out["development" if n % 2 == 0 else "held out"]
        half[1] += 1
        half[0] += _marked(_row_mail(row, n), classifier)
    return {k: (v[0], v[1]) for k, v in out.items()}


if __name__ == "__main__":
    sys.exit(main())
