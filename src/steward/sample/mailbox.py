"""A deterministic sample mailbox, written by the project: about 500 messages over the 90 days before
`now`, for `steward demo`, the tests and the benchmarks.

The mix: INR and USD card statements and payment-due notices, payments received, AutoPay reminders,
bank alerts, appointment confirmations with cancellations and reschedules, receipts, newsletters,
personal threads, other notifications and one phishing "invoice". Every message has a stable
Message-ID (`<kind-NNNN.SEED@sample.steward.example>`, independent of `now`) and a `kind` label plus
`facts` (amounts, due dates, card last four, appointment times) that evaluations can check against.
Card numbers appear as "XXXX1234", "ending 1234" and, in a few messages, in full.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo

from steward.sample.appointments import add_recent_appointments
from steward.sample.bills import add_bills
from steward.sample.builder import Builder, SampleMessage

ME = ("Alex Morgan", "alex@steward-demo.example")
IST = ZoneInfo("Asia/Kolkata")
NYC = ZoneInfo("America/New_York")


@dataclass(frozen=True)
class Card:
    """A card of the sample mailbox's person: bank, kind, last four digits."""

    bank: str
    product: str
    last4: str
    full: str
    currency: str
    sender: str
    alerts: str
    zone: tzinfo
    statement_day: int
    autopay: bool


CARDS = (
    Card("Kaveri Bank", "Kaveri Platinum Credit Card", "4821", "4375 5100 2233 4821", "INR",
         "statements@kaveribank.in", "alerts@kaveribank.in", IST, 3, False),
    Card("Meridian Bank", "Meridian Rewards Credit Card", "7730", "4147 2000 1234 7730", "INR",
         "creditcards@meridianbank.in", "alerts@meridianbank.in", IST, 11, False),
    Card("Northwind Card Services", "Northwind Cash Back Visa", "1234", "4532 0151 1283 1234", "USD",
         "noreply@northwindcard.com", "alerts@northwindcard.com", NYC, 7, True),
    Card("Harbor Credit Union", "Harbor Everyday Mastercard", "5566", "5412 7534 0099 5566", "USD",
         "statements@harborcu.org", "alerts@harborcu.org", NYC, 18, True),
)
SAVINGS_ACCOUNT = "50100234567890"  # Meridian savings account, shown in full once

PROVIDERS = (
    ("Lakeside Dental", "appointments@lakesidedental.example", "Dr. Asha Rao", "14 Lake Road"),
    ("CityCare Clinic", "bookings@citycare-clinic.example", "Dr. Martin Okafor", "2 Hill Street, Suite 5"),
    ("Sharp Cuts Salon", "bookings@sharpcuts.example", "Leena", "88 Market Lane"),
    ("AutoFix Garage", "service@autofix.example", "the service desk", "Unit 4, Ring Road"),
    ("ClearSight Eye Care", "appointments@clearsight.example", "Dr. Hana Ito", "10 Park Avenue"),
)

SHOPS = (
    ("ShopKart", "orders@shopkart.example", "INR", ["USB-C charger", "running shoes", "rice cooker", "desk lamp",
                                                    "notebook set", "water bottle"]),
    ("Bean There Cafe", "receipts@beanthere.example", "INR", ["cappuccino and croissant", "cold brew", "filter coffee"]),
    ("Zoom Rides", "receipts@zoomrides.example", "INR", ["ride to the airport", "ride home", "ride to the office"]),
    ("BookNook", "orders@booknook.example", "USD", ["two paperbacks", "a cookbook", "a travel guide"]),
    ("CloudBox", "billing@cloudbox.example", "USD", ["monthly storage plan", "family plan"]),
    ("PowerGrid Electricity", "billing@powergrid.example", "INR", ["electricity bill payment"]),
)

NEWSLETTERS = (
    ("The Morning Brief", "news@morningbrief.example", ["markets", "weather", "city council", "cricket", "rail fares"]),
    ("Python Weekly", "newsletter@pyweekly.example", ["typing", "asyncio", "packaging", "SQLite", "testing"]),
    ("Trailhead Outdoors", "marketing@trailhead.example", ["tents", "trail shoes", "rain jackets", "headlamps"]),
    ("City Library", "updates@citylibrary.example", ["story hour", "new arrivals", "reading challenge", "book sale"]),
    ("Kitchen Notes", "digest@kitchennotes.example", ["dal", "sourdough", "pickles", "one-pot pasta", "chutney"]),
)

FRIENDS = (
    ("Priya Sharma", "priya.sharma@mailhub.example"),
    ("José Álvarez", "jose.alvarez@mailhub.example"),
    ("Zoë Müller", "zoe.mueller@postbox.example"),
    ("Ananya Iyer", "ananya@postbox.example"),
    ("Sam Carter", "sam.carter@mailhub.example"),
    ("Mum", "mum.morgan@postbox.example"),
    ("田中 ゆき", "yuki.tanaka@postbox.example"),
)

TOPICS = (
    ("Dinner on Saturday?", "Are you free for dinner on Saturday? I was thinking of the new place near the station."),
    ("Trip photos", "I finally sorted the photos from the hills; the sunrise ones came out really well."),
    ("Book club next month", "We picked the next book: a long one, so we start early. Can you host?"),
    ("Moving help", "We move on the 20th. Could you lend a hand with the boxes in the morning?"),
    ("Birthday plans", "Thinking of a small surprise for Ananya's birthday. Ideas welcome!"),
    ("Recipe you asked for", "Here is the recipe for the lemon rice, with the curry leaves and peanuts."),
    ("Weekend hike", "The weather looks good for Sunday. Shall we do the ridge trail?"),
    ("Quick question about the lease", "Did the landlord get back to you about the deposit?"),
    ("Concert tickets", "Tickets for the concert go on sale Friday at 10. Want me to get two?"),
    ("Catching up", "It's been ages! How is the new job treating you?"),
)

OTHER = (
    ("MailHub Accounts", "accounts@mailhub.example", "New sign-in to your MailHub account",
     "We noticed a new sign-in to your account from Firefox on Linux. If this was you, there is nothing to do."),
    ("Parcel Express", "notifications@parcelexpress.example", "Your parcel is out for delivery",
     "Your parcel will arrive today between 2 pm and 6 pm. Track it with the reference in this message."),
    ("CodeForge", "notifications@codeforge.example", "Weekly activity report",
     "Your repositories had 14 commits and 3 new issues this week. See the full report on your dashboard."),
    ("City Water Board", "info@citywater.example", "Planned water supply interruption",
     "Supply in your area will be interrupted on Thursday from 10 am to 4 pm for maintenance."),
    ("Residents Association", "team@greenparkresidents.example", "Minutes of the monthly meeting",
     "Minutes of this month's meeting are attached. Next meeting: first Sunday of the month."),
)


def _money(amount: float, currency: str) -> str:
    if currency == "INR":
        whole = f"{amount:,.2f}"
        return f"INR {whole}"
    return f"${amount:,.2f}"


def _date(d: datetime) -> str:
    return d.strftime("%d %b %Y")


def _cards(b: Builder) -> None:
    for ci, card in enumerate(CARDS):
        first = b.start.astimezone(card.zone).date()
        cycle = first.replace(day=card.statement_day)
        statements = []
        while True:
            moment = datetime.combine(cycle, time(6, 30), card.zone)
            if moment >= b.start and moment < b.now:
                statements.append(moment)
            if moment >= b.now:
                break
            cycle = (cycle.replace(day=1) + timedelta(days=32)).replace(day=card.statement_day)
        for si, stmt in enumerate(statements):
            due = stmt + timedelta(days=20)
            total = round(b.rng.uniform(2500, 48000) if card.currency == "INR" else b.rng.uniform(180, 2400), 2)
            minimum = round(total * 0.05, 2)
            facts = {"bank": card.bank, "last4": card.last4, "currency": card.currency,
                     "amount": f"{total:.2f}", "minimum": f"{minimum:.2f}", "due_date": due.date().isoformat()}
            number = card.full if (ci == 1 and si == 0) else f"XXXX{card.last4}"
            b.add("statement", (card.bank, card.sender), f"Your {card.product} statement is ready",
                  f"Dear customer, the statement for your {card.product} ({number}) dated {_date(stmt)} is ready. "
                  f"Total amount due: {_money(total, card.currency)}. Minimum amount due: "
                  f"{_money(minimum, card.currency)}. Payment due date: {_date(due)}.",
                  stmt, pdf=f"statement-{stmt:%Y-%m}.pdf" if card.currency == "INR" else None, facts=facts)
            remind = due - timedelta(days=4)
            if remind < b.now:
                b.add("payment_due", (card.bank, card.alerts),
                      f"Payment due on {_date(due)} for your card ending {card.last4}",
                      f"Reminder: a payment of {_money(total, card.currency)} (minimum "
                      f"{_money(minimum, card.currency)}) is due on {_date(due)} for your {card.product} ending "
                      f"{card.last4}. Pay on time to avoid late fees.", remind.replace(hour=9), facts=facts)
            if card.autopay:
                ap = due - timedelta(days=3)
                if ap < b.now:
                    b.add("autopay", (card.bank, card.sender), f"AutoPay scheduled for {_date(due)}",
                          f"Your AutoPay is set up. We will pay the statement balance of {_money(total, card.currency)} "
                          f"from your linked checking account on {_date(due)} for card XXXX{card.last4}.",
                          ap.replace(hour=8), facts=facts)
            # the newest Meridian cycle stays unpaid: an overdue due for the dues digest
            unpaid = card.bank == "Meridian Bank" and si == len(statements) - 1
            paid_at = due - timedelta(days=b.rng.randint(0, 3))
            if not unpaid and paid_at < b.now:
                b.add("payment_received", (card.bank, card.alerts), "We received your payment",
                      f"Thank you. We received your payment of {_money(total, card.currency)} towards your card "
                      f"ending {card.last4} on {_date(paid_at)}.", paid_at.replace(hour=18), facts=facts)


MERCHANTS_INR = ("SWIGGY", "BIGBASKET", "METRO CASH", "APOLLO PHARMACY", "INDIAN OIL", "CROSSWORD BOOKS", "IRCTC")
MERCHANTS_USD = ("WHOLE FOODS", "SHELL OIL", "AMAZON MKTPLACE", "TARGET", "STARBUCKS", "UBER TRIP")


def _alerts(b: Builder, count: int | None = None) -> None:
    for i in range(b.n(104) if count is None else count):
        card = CARDS[i % len(CARDS)]
        when = b.when(card.zone)
        inr = card.currency == "INR"
        amount = round(b.rng.uniform(120, 9000) if inr else b.rng.uniform(4, 260), 2)
        merchant = b.rng.choice(MERCHANTS_INR if inr else MERCHANTS_USD)
        form = f"XXXX{card.last4}" if i % 3 else f"ending {card.last4}"
        b.add("bank_alert", (card.bank, card.alerts), f"Transaction alert: {_money(amount, card.currency)} spent",
              f"{_money(amount, card.currency)} was spent on your {card.bank} credit card {form} at {merchant} on "
              f"{when:%d-%m-%Y %H:%M}. Not you? Call the number on the back of your card.", when,
              facts={"last4": card.last4, "amount": f"{amount:.2f}", "currency": card.currency})
    for i in range(b.n(6) if count is None else 0):
        when = b.when(IST)
        amount = round(b.rng.uniform(1000, 60000), 2)
        number = SAVINGS_ACCOUNT if i == 0 else f"XXXX{SAVINGS_ACCOUNT[-4:]}"
        b.add("bank_alert", ("Meridian Bank", "alerts@meridianbank.in"), "Account credited",
              f"Your Meridian savings account {number} was credited with {_money(amount, 'INR')} by NEFT on "
              f"{when:%d-%m-%Y}. Available balance updated.", when,
              facts={"last4": SAVINGS_ACCOUNT[-4:], "amount": f"{amount:.2f}", "currency": "INR"})


def _appointments(b: Builder) -> None:
    zone = b.now.tzinfo or IST
    for i in range(b.n(14)):
        name, addr, who, place = PROVIDERS[i % len(PROVIDERS)]
        sent = b.when(zone, day_offset=b.days * (i + 0.5) / b.n(14))
        start_day = sent.date() + timedelta(days=b.rng.randint(3, 21))
        start = datetime.combine(start_day, time(b.rng.choice((9, 10, 11, 14, 15, 16, 17)),
                                                 b.rng.choice((0, 15, 30, 45))), zone)
        facts = {"provider": name, "start": start.isoformat(), "location": place}
        conf = b.add("appointment", (name, addr), f"Appointment confirmed: {name}, {start:%a %d %b} at {start:%I:%M %p}",
                     f"Your appointment with {who} at {name} is confirmed for {start:%A, %d %B %Y} at "
                     f"{start:%I:%M %p}. Address: {place}. Please arrive ten minutes early.",
                     sent, facts={**facts, "status": "confirmed"})
        follow = sent + timedelta(days=b.rng.uniform(1, 3))
        if i % 5 == 1 and follow < b.now:
            b.add("appointment_cancelled", (name, addr), f"Cancelled: your appointment at {name}",
                  f"Your appointment at {name} on {start:%A, %d %B %Y} at {start:%I:%M %p} has been cancelled. "
                  f"Reply to book another time.", follow, reply_to=conf, facts={**facts, "status": "cancelled"})
        elif i % 5 == 3 and follow < b.now:
            new = start + timedelta(days=b.rng.randint(1, 5), hours=1)
            b.add("appointment_rescheduled", (name, addr), f"Rescheduled: your appointment at {name}",
                  f"Your appointment at {name} has been rescheduled from {start:%A, %d %B} at {start:%I:%M %p} to "
                  f"{new:%A, %d %B %Y} at {new:%I:%M %p}. Address: {place}.", follow, reply_to=conf,
                  facts={**facts, "status": "rescheduled", "start": new.isoformat(), "was": start.isoformat()})


def _receipts(b: Builder) -> None:
    for i in range(b.n(58)):
        shop, addr, currency, items = SHOPS[i % len(SHOPS)]
        when = b.when(IST if currency == "INR" else NYC)
        item = b.rng.choice(items)
        amount = round(b.rng.uniform(90, 6000) if currency == "INR" else b.rng.uniform(6, 140), 2)
        order = f"{b.rng.randrange(100, 999)}-{b.rng.randrange(1000000, 9999999)}"
        b.add("receipt", (shop, addr), f"Your {shop} receipt for order {order}",
              f"Thank you for your purchase: {item}. Order {order}, total {_money(amount, currency)}, paid on "
              f"{when:%d %b %Y}. Keep this receipt for your records.", when,
              pdf="receipt.pdf" if i % 7 == 0 else None,
              facts={"shop": shop, "amount": f"{amount:.2f}", "currency": currency})


def _newsletters(b: Builder) -> None:
    total = b.n(150)
    for i in range(total):
        name, addr, topics = NEWSLETTERS[i % len(NEWSLETTERS)]
        when = b.when(IST, day_offset=b.days * i / total + b.rng.uniform(0, 0.5), hour=7)
        topic = b.rng.choice(topics)
        html = (f"<html><head><style>p {{color: #333}}</style></head><body><h1>{name}</h1>"
                f"<p>This week: <b>{topic}</b> &amp; more.</p><p>Read the full story on our site.</p>"
                f"<p><a href='https://example.invalid/unsubscribe'>Unsubscribe</a></p></body></html>")
        b.add("newsletter", (name, addr), f"{name}: this week in {topic}",
              f"{name}\nThis week: {topic} & more.\nRead the full story on our site.\nUnsubscribe any time.",
              when, html=html)


def _personal(b: Builder) -> None:
    zone = b.now.tzinfo or IST
    threads = b.n(24)
    for t in range(threads):
        friend = FRIENDS[t % len(FRIENDS)]
        subject, opening = TOPICS[t % len(TOPICS)]
        when = b.when(zone, day_offset=b.days * t / threads)
        root = b.add("personal", friend, subject, f"Hi Alex,\n\n{opening}\n\nTalk soon,\n{friend[0]}", when)
        prev = root
        for r in range(b.rng.randint(1, 4)):
            when = when + timedelta(hours=b.rng.uniform(1, 30))
            if when >= b.now:
                break
            sender, to = (ME, friend) if r % 2 == 0 else (friend, ME)
            reply = ("Sounds good to me! Let me check my calendar and get back to you tonight."
                     if r % 2 == 0 else "Great, see you then. I'll bring snacks.")
            quoted = "\n".join("> " + line for line in opening.splitlines())
            prev = b.add("personal", sender, f"Re: {subject}", f"{reply}\n\nOn an earlier day, you wrote:\n{quoted}",
                         when, reply_to=prev, thread_root=root.message_id, to=to)


def _other(b: Builder) -> None:
    for i in range(b.n(40)):
        name, addr, subject, text = OTHER[i % len(OTHER)]
        b.add("other", (name, addr), subject, text, b.when(IST))


def _phishing(b: Builder) -> None:
    when = b.when(NYC, day_offset=b.days - 6)
    b.add("phishing", ("Northwind Card Services", "billing@northwind-card-support.example"),
          "Invoice #88231 overdue - verify your account immediately",
          "Your invoice #88231 of $1,249.00 is overdue and your card 4532 0151 1283 1234 will be suspended within "
          "24 hours. Click here to verify your account and confirm your card details immediately.",
          when, facts={"phishing": "true"})


def generate(now: datetime, seed: int = 7, count: int = 500, days: int = 90, *,
             distinct: bool = False) -> list[SampleMessage]:
    """About `count` messages over the `days` before `now` (aware), oldest first; same inputs, same bytes.

    With `distinct`, every subject ends and every body starts with the message's own seven-digit reference
    number (as order, alert and ticket mail carries), so no two messages share a subject or snippet; the
    messages are otherwise the same ones (same kinds, senders, dates, facts and Message-IDs), written
    without EmailMessage (the same headers, parts and encodings, about fifty times quicker: a million
    messages take minutes, not hours). The last fortnight's few appointment messages stay as they are.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    b = Builder(now, seed, count / 500, days, distinct, me=ME)
    _cards(b)
    _alerts(b)
    _appointments(b)
    _receipts(b)
    _newsletters(b)
    _personal(b)
    _other(b)
    _phishing(b)
    # the last fortnight's bookings, cancellations, an invitation, a lookalike
    add_recent_appointments(b, friend=FRIENDS[0])
    add_bills(b)  # household bills in GBP and EUR
    if len(b.out) < count:  # the sections that follow the calendar do not scale: top up with card alerts
        _alerts(b, count - len(b.out))
    return sorted(b.out, key=lambda m: (m.received_at, m.message_id))
