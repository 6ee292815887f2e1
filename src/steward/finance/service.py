"""`DuesService`: dues read from the mail, the digest, the accounts, marking paid, and the notices.

The one home of money owed; the intercepts, loop tools, CLI and HTTP route are adapters over it.

    extract(since, dry_run)   read every new candidate once: its body (and PDF) fetched live, patterns
                              first, then the model (flag dues_llm) whose figures must be in the text
    digest(window, categories) what is owed, by currency (frozen dataclasses: `Digest`)
    accounts()                 the cards and accounts the mail shows, with their latest due
    payments()                 the payments the person made, as the mail that confirms each says
    mark_paid(id)              the one write that marks a due paid by hand
    notify_due_soon(sinks)     "due in 3 days", once per due and sink

The write path for a due is `_record`: it validates, merges a second message about the same period
(a reminder, a PDF) into the first, supersedes the account's older statements, and is idempotent
(a candidate already read is skipped; the same period is one row).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from datetime import date, datetime, timedelta

from steward.clock import Clock, get_zone
from steward.errors import ConfigError, ConnectorError, NotFound, SourceGone
from steward.finance.digest import digest as make_digest
from steward.records.finance import Account, Due, MessageFacts, NewDue, Payment
from steward.store import audit
from steward.store import finance as repo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (light commands read these)
if TYPE_CHECKING:
    import logging
    from typing import Any

    from steward.finance.digest import Digest
    from steward.finance.model import Candidate, Extraction, ExtractReport, Institution, Item, Reading
    from steward.finance.notices import DueNotification
    from steward.finance.registry import Registry
    from steward.finance.vocab import FinanceVocab
    from steward.llm.messages import ChatModel
    from steward.notify import Notifier


Fetch = Callable[[sqlite3.Connection, int], bytes]
PHISHING = "phishing_suspect"
Progress = Callable[[int, int], None]
ACCOUNT_CATEGORIES = frozenset({"statement", "payment_due", "autopay", "bank_alert"})


class DuesService:
    """Money owed, over the store behind `db`."""

    def __init__(self, db: Callable[[], sqlite3.Connection], clock: Clock,
                 registry: Registry | Callable[[], Registry], *,
                 fetch: Fetch, model: Callable[[], ChatModel | None] | None = None, user_day_first: bool = False,
                 notify_days_before: int = 3, vocab: FinanceVocab | None = None) -> None:
        self._db = db
        self.clock = clock
        self._registry = registry
        self._fetch = fetch
        self._model = model
        self._built: list[ChatModel | None] = []
        self.user_day_first = user_day_first
        self.notify_days_before = notify_days_before
        self._vocab = vocab

    @property
    def registry(self) -> Registry:
        """The institutions known by their mail; given as a function, built on first use (the digest and
        the accounts read none)."""
        from steward.finance.registry import Registry

        if not isinstance(self._registry, Registry):
            self._registry = self._registry()
        return self._registry

    @property
    def home_country(self) -> str:
        """The person's own country, from their time zone ("" for UTC and its like)."""
        from steward.finance.money import country_of_zone

        return country_of_zone(getattr(self.clock.zone, "key", "") or str(self.clock.zone))

    @property
    def vocab(self) -> FinanceVocab:
        """The finance vocabulary, loaded on first use (a digest never needs it)."""
        if self._vocab is None:
            from steward.finance.vocab import finance_vocab

            self._vocab = finance_vocab()
        return self._vocab

    # -- reading one candidate ------------------------------------------------------------------

    def read(self, candidate: Candidate, raw: bytes) -> Reading:
        """What a candidate's bytes say (patterns, then its PDFs, then the model). Stores nothing."""
        # the readers load here, so `steward dues` (a digest) starts without them
        from steward.finance.bodies import body_text
        from steward.finance.extract import merge, missing, read_bill
        from steward.finance.model import Reading  # the pass's values load with the pass
        from steward.finance.model_extract import Refused, model_read
        from steward.finance.pdf import pdf_texts
        from steward.mail.mask import mask_numbers

        message = candidate.message
        received = _local(message)
        inst = candidate.institution
        text = f"{message.subject}\n{body_text(raw)}"
        found = read_bill(text, received=received, institution=inst, vocab=self.vocab,
                          user_day_first=self.user_day_first, payment_confirmation=candidate.payment_confirmation,
                          sender=message.sender, home_country=self.home_country)
        if candidate.payment_confirmation and found.owed is None:
            return Reading(found) if found.paid is not None else Reading(None, "a payment confirmation with no amount")
        if missing(found) is not None and message.has_pdf:
            for pdf in pdf_texts(raw):
                if pdf.text:
                    found = merge(found, read_bill(mask_numbers(pdf.text), received=received, institution=inst,
                                                   vocab=self.vocab, user_day_first=self.user_day_first,
                                                   sender=message.sender, home_country=self.home_country))
        why = missing(found)
        if why is None and self.vocab.not_a_bill is not None and self.vocab.not_a_bill.search(text) \
                and not found.autopay:
            return Reading(None, "the mail says it is not a bill")
        if candidate.by_content and why is None and not found.labelled:
            why = (f"filed as {message.category} mail, and its text labels no sum owed and day to pay it "
                   "(\u201cAmount payable: \u2026 Due date: \u2026\u201d)")
        if why is None:
            return Reading(found)
        if candidate.by_content:
            return Reading(None, why)  # (mail filed as other mail is read by its labels alone, never by a model)
        model = self._model_once()
        if model is None:
            return Reading(None, why)
        try:
            answer = model_read(model, text, received=received, institution=inst, user_day_first=self.user_day_first)
        except ConnectorError as exc:
            return Reading(None, f"{why}; the model could not be asked ({exc.message})")
        if isinstance(answer, Refused):
            return Reading(None, f"{why}; the model's answer was refused: {answer.reason}")
        return Reading(merge(answer, found))

    def _model_once(self) -> ChatModel | None:
        """The model that reads what the patterns could not (built once), or None when there is none."""
        if self._model is None:
            return None
        if not self._built:
            self._built.append(self._model())
        return self._built[0]

    # -- the pass -------------------------------------------------------------------------------

    def extract(self, since: timedelta | None = timedelta(days=90), *, dry_run: bool = False,
                progress: Progress | None = None) -> ExtractReport:
        """Read every candidate received in the last `since` (all when None) that was not read before."""
        from steward.finance.model import ExtractReport  # the pass's values load with the pass

        conn = self._db()
        start = self.clock.now() - since if since is not None else None
        messages = list(repo.messages_since(conn, start))
        items: list[Item] = []
        outer: AbstractContextManager[Any] = repo.rolled_back(conn) if dry_run else nullcontext()
        with outer:
            for n, message in enumerate(messages, start=1):
                item = self._one(conn, message, dry_run)
                if item is not None:
                    items.append(item)
                if progress is not None:
                    progress(n, len(messages))
        report = ExtractReport(len(messages), tuple(items), dry_run)
        _log().debug("dues pass: %s scanned, %s candidates", report.scanned, len(items))
        return report

    def _txn(self, conn: sqlite3.Connection, dry_run: bool) -> AbstractContextManager[Any]:
        return nullcontext() if dry_run else repo.write_txn(conn)

    def _one(self, conn: sqlite3.Connection, message: MessageFacts, dry_run: bool) -> Item | None:
        from steward.finance.gate import gate
        from steward.finance.model import Item

        found = gate(message, self.registry, self.vocab, repo.billing_senders(conn), self.home_country)
        self._saw_accounts(conn, message, dry_run)
        if isinstance(found, str):
            if message.category != PHISHING:
                self._sent(conn, message, dry_run)
            return None
        subject = message.subject[:120]
        try:
            raw = self._fetch(conn, message.id)
        except SourceGone as exc:
            with self._txn(conn, dry_run):
                repo.mark_seen(conn, message.id, "skipped", exc.message)
            return Item(message.id, found.issuer, subject, "skipped", exc.message)
        except ConnectorError as exc:  # the server is down: try again on the next pass
            return Item(message.id, found.issuer, subject, "skipped", f"{exc.message} (tried again next time)")
        reading = self.read(found, raw)
        del raw
        with self._txn(conn, dry_run):
            item = self._record(conn, found, reading)
            repo.mark_seen(conn, message.id, item.outcome, item.reason, item.due_id)
        return item

    def _record(self, conn: sqlite3.Connection, cand: Candidate, reading: Reading) -> Item:
        """The one write path of a due (inside the caller's transaction)."""
        from steward.finance.model import Item

        m = cand.message
        subject = m.subject[:120]
        found = reading.extraction
        if found is None:
            return Item(m.id, cand.issuer, subject, "skipped", reading.reason)
        if found.owed is None and found.paid is not None:
            return self._payment(conn, cand, found)
        owed = found.owed
        assert owed is not None and found.due_date is not None
        new = NewDue(
            issuer=cand.issuer, kind=found.kind, account=found.account, amount=owed.amount,
            minimum=found.minimum.amount if found.minimum and found.minimum.currency == owed.currency else None,
            currency=owed.currency, due_date=found.due_date, zone=_zone_of(cand.institution, m),
            autopay=found.autopay, message_id=m.id, excerpt=_excerpt(found.evidence, m), method=found.method,
            statement_at=m.received_at)
        fmt = self.clock.formats
        summary = f"{fmt.money(owed.amount, owed.currency)} due {fmt.day(found.due_date, year=True)}"
        if found.account:
            repo.saw_account(conn, cand.issuer, found.kind, found.account, m.received_at, m.id)
        same = repo.find_same_period(conn, new)
        if same is not None:
            repo.fill_in(conn, same.id, new)
            return Item(m.id, cand.issuer, subject, "merged", f"the same statement as due #{same.id}", same.id, summary)
        # a notice that names another day to pay by ("kindly settle on or before the 20th") of a due already past
        late = repo.open_past_due(conn, new, _local(m).date()) if found.past_due else None
        if late is not None:
            # "your dues of PHP 4,200.00 remain unpaid ... the amount now due is PHP 4,284.00": that due, revised
            repo.revise(conn, late.id, new)
            audit.record(conn, "due.revised", str(late.id), {"via": "mail", "message": m.id},
                         {"amount": str(new.amount), "was": str(late.amount)})
            return Item(m.id, cand.issuer, subject, "merged", f"a later notice of due #{late.id}, its sum revised",
                        late.id, f"{fmt.money(owed.amount, owed.currency)} due {fmt.day(late.due_date, year=True)}")
        if not new.autopay and new.account:
            # autopay is an arrangement on the account, not on one statement: set up for the period before
            # (its "AutoPay is set up" mail), it is taken for this one too
            before = repo.previous_period(conn, new)
            if before is not None and before.autopay:
                new = replace(new, autopay=True)
        history = repo.newer_period_exists(conn, new)
        due_id = repo.insert_due(conn, new, "superseded" if history else "open")
        older = [] if history else repo.supersede_older(conn, new, due_id)
        audit.record(conn, "due.derived", str(due_id), {"via": "mail", "message": m.id, "method": found.method},
                     {"superseded": older, "status": "superseded" if history else "open"})
        if found.paid is not None:  # a statement that also confirms the last payment
            self._payment(conn, cand, found)
        return Item(m.id, cand.issuer, subject, "derived", "", due_id, summary)

    def _payment(self, conn: sqlite3.Connection, cand: Candidate, found: Extraction) -> Item:
        from steward.finance.model import Item

        m = cand.message
        paid = found.paid
        assert paid is not None
        currency = paid.currency or (cand.institution.currency if cand.institution else "")
        for due in repo.payable_dues(conn, cand.issuer.lower(), found.account, currency, m.received_at):
            if paid.amount >= due.amount or paid.amount == due.minimum:
                repo.mark_paid(conn, due.id, m.id, m.received_at)
                audit.record(conn, "due.paid", str(due.id), {"via": "mail", "message": m.id},
                             {"amount": str(paid.amount), "currency": currency})
                self._paid(conn, cand, found, currency, due)
                return Item(m.id, cand.issuer, m.subject[:120], "paid", "", due.id,
                            f"{self.clock.formats.money(paid.amount, currency)} received")
        self._paid(conn, cand, found, currency, None)
        return Item(m.id, cand.issuer, m.subject[:120], "skipped",
                    f"a payment of {self.clock.formats.money(paid.amount, currency or '?')} matches no open due")

    def _paid(self, conn: sqlite3.Connection, cand: Candidate, found: Extraction, currency: str,
              due: Due | None) -> None:
        """Record the payment a confirmation says was made (what, to whom, which day), with the due it settled."""
        paid, m = found.paid, cand.message
        if paid is None or not currency or paid.amount <= 0:
            return
        kind = found.kind if found.kind != "other" or due is None else due.kind
        account = found.account or (due.account if due is not None else "")
        repo.record_payment(conn, cand.issuer, kind, account, paid.amount, currency,
                            found.paid_on or _local(m).date(), m.id, due.id if due is not None else None)

    def _sent(self, conn: sqlite3.Connection, message: MessageFacts, dry_run: bool) -> None:
        """Record a payment the person made that a payment app's receipt or a bank's debit alert says ("You paid
        Chris Ortega $60.00"): from what the store keeps of it, else from its body when its subject says one."""
        from steward.finance.sent import read_sent, says_sent
        from steward.mail.workplace import a_person

        if a_person(message.sender, message.sender_name):
            return  # a friend's "you sent me $20 already" is their word, not a receipt
        text = f"{message.subject}\n{message.snippet}"
        options = {"received": _local(message), "sender": message.sender, "home_country": self.home_country,
                   "day_first": self.user_day_first}
        found = read_sent(text, **options)  # type: ignore[arg-type]
        fetched = False
        if found is None and says_sent(message.subject):
            from steward.finance.bodies import body_text

            try:
                found = read_sent(f"{message.subject}\n{body_text(self._fetch(conn, message.id))}",
                                  **options)  # type: ignore[arg-type]
            except ConnectorError:
                return  # (the body is read again on the next pass)
            fetched = True
        with self._txn(conn, dry_run):
            if found is not None:
                due = self._settled_by(conn, found.payee, found.amount.amount, found.amount.currency, message)
                repo.record_payment(conn, due.issuer if due is not None else found.payee,
                                    due.kind if due is not None else "other",
                                    due.account if due is not None else "", found.amount.amount,
                                    found.amount.currency, found.paid_on, message.id, due.id if due is not None else None)
            if fetched:
                repo.mark_seen(conn, message.id, "skipped", "a payment sent" if found else "no payment said")

    def _settled_by(self, conn: sqlite3.Connection, payee: str, amount: Any, currency: str,
                    message: MessageFacts) -> Due | None:
        """The open due a payment sent to its biller by name settles ("Your payment of £80.00 to Oak Lettings was
        sent"), marked paid; None when it settles none."""
        if not payee:
            return None
        for due in repo.payable_dues(conn, _issuer_paid(conn, payee), "", currency, message.received_at):
            if amount >= due.amount or amount == due.minimum:
                repo.mark_paid(conn, due.id, message.id, message.received_at)
                audit.record(conn, "due.paid", str(due.id), {"via": "mail", "message": message.id},
                             {"amount": str(amount), "currency": currency})
                return due
        return None

    def _saw_accounts(self, conn: sqlite3.Connection, m: MessageFacts, dry_run: bool) -> None:
        """Note the masked card or account number a financial message shows in its subject or snippet."""
        from steward.finance.extract import account_of, kind_said, paid_with_left_out
        from steward.finance.gate import issuer_name

        if m.category == "phishing_suspect":
            return
        inst = self.registry.lookup(m.sender)
        if inst is None and m.category not in ACCOUNT_CATEGORIES:
            return
        text = f"{m.subject} {m.snippet}"
        lowered = text.lower() if len(text.lower()) == len(text) else text
        # a biller's mail names the card its bill is paid from ("AutoPay from your card ending 7731"): not its account
        kind = inst.kind if inst is not None else (kind_said(lowered, self.vocab) or "card")
        last4 = account_of(text, lowered, kind)
        if last4 is None:
            return
        with self._txn(conn, dry_run):
            # (nor is the card it is paid from what kind of account it is)
            repo.saw_account(conn, issuer_name(m, self.registry), self._account_kind(paid_with_left_out(lowered), inst),
                             last4[0], m.received_at, m.id)

    def _account_kind(self, text: str, inst: Institution | None) -> str:
        if self.vocab.account_context.search(text):
            return "bank"
        if self.vocab.card_context.search(text):
            return "card"
        return inst.kind if inst is not None else "other"

    # -- reads ----------------------------------------------------------------------------------

    def digest(self, window: str = "all", categories: Iterable[str] = (), *, as_of: date | None = None,
               statuses: Sequence[str] = ("open",)) -> Digest:
        """What is owed in the window (and everything overdue), grouped by currency."""
        today = as_of or self.clock.today()
        return make_digest(repo.list_dues(self._db(), statuses), as_of=today, window=window, categories=categories,
                           statuses=statuses)

    def accounts(self) -> tuple[Account, ...]:
        """The distinct cards and accounts the mail shows, newest sighting first."""
        rows = repo.accounts(self._db())
        out = [replace(r, last_seen=self.clock.local(r.last_seen)) for r in rows]
        return tuple(sorted(out, key=lambda a: (a.issuer.lower(), a.kind, a.account)))

    def payments(self) -> tuple[Payment, ...]:
        """The payments the person made that their mail confirms, newest first."""
        return tuple(repo.payments(self._db()))

    def get(self, due_id: int) -> Due:
        """One due; NotFound names the command that lists them."""
        due = repo.get_due(self._db(), due_id)
        if due is None:
            raise NotFound(f"no due with id {due_id}; `steward dues` lists them")
        return due

    # -- the one write by hand ------------------------------------------------------------------

    def mark_paid(self, due_id: int, provenance: dict[str, Any] | None = None, *, dry_run: bool = False) -> Due:
        """Mark a due paid (idempotent: a paid due stays as it is). Returns the due as it is now."""
        due = self.get(due_id)
        if due.status == "paid" or dry_run:
            return due if due.status == "paid" else _with_status(due, "paid")
        conn = self._db()
        with repo.write_txn(conn):
            repo.mark_paid(conn, due_id, None, self.clock.now())
            audit.record(conn, "due.paid", str(due_id), dict(provenance or {"via": "cli"}),
                         {"was": due.status})
        return self.get(due_id)

    # -- notices --------------------------------------------------------------------------------

    def due_soon(self) -> list[Due]:
        """Open dues from today to `notify_days_before` days from now, on the user's clock."""
        today = self.clock.today()
        return repo.dues_due_between(self._db(), today, today + timedelta(days=self.notify_days_before))

    def notify_due_soon(self, sinks: Sequence[Notifier]) -> list[dict[str, Any]]:
        """Tell each sink once about each due coming up within `notify_days_before` days."""
        conn = self._db()
        today = self.clock.today()
        sent = []
        for due in self.due_soon():
            already = repo.noticed_sinks(conn, due.id)
            note = _notification(due, today, self.clock)
            for sink in sinks:
                if sink.name in already:
                    continue
                try:
                    sink.send(note)
                except ConnectorError as exc:
                    _log().warning("due %s: %s", due.id, exc.message)
                    continue
                with repo.write_txn(conn):
                    repo.record_notice(conn, due.id, sink.name, self.clock.now())
                sent.append({"due": due.id, "sink": sink.name, "text": note.text})
        return sent


def _issuer_paid(conn: sqlite3.Connection, payee: str) -> str:
    """The issuer (lower case) a payee's name is: itself, or the one issuer of an open due whose whole name opens
    it, as a wallet names a biller with its product after ("SIGNAL ONE POSTPAID" is Signal One)."""
    said = payee.casefold().split()
    opening = {d.issuer.lower() for d in repo.list_dues(conn)
               if len(d.issuer.split()) >= 2 and said[:len(d.issuer.split())] == d.issuer.casefold().split()}
    return opening.pop() if len(opening) == 1 else payee.lower()


def _notification(due: Due, today: date, clock: Clock) -> DueNotification:
    from steward.finance.notices import due_notification  # the notices are loaded when one is sent

    return due_notification(due, today, clock)


def _local(m: MessageFacts) -> datetime:
    try:
        return m.received_at.astimezone(get_zone(m.zone))
    except ConfigError:
        return m.received_at


def _zone_of(inst: Institution | None, m: MessageFacts) -> str:
    return inst.zone if inst is not None and inst.zone else m.zone


def _excerpt(evidence: str, m: MessageFacts) -> str:
    """The matched phrase when the stored subject or snippet holds it (never a phrase of the body)."""
    if not evidence:
        return ""
    stored = " ".join(f"{m.subject} {m.snippet}".split()).lower()
    return evidence if " ".join(evidence.split()).lower() in stored else ""


def _with_status(due: Due, status: str) -> Due:
    from dataclasses import replace

    return replace(due, status=status)  # type: ignore[arg-type]


def _log() -> logging.Logger:
    """This module's logger (logging is loaded by the first line written: a digest writes none)."""
    import logging

    return logging.getLogger(__name__)
