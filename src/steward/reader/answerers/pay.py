"""When the person is paid ("when's payday?", "has my salary come in?"), from the pay mail Steward holds.

Steward keeps no payroll: it knows a pay day only from mail that says one (a payslip, a salary or payroll
notice, a bank alert of a salary credited). The answer is that mail, newest first (sender, day, subject,
and the days of the month it came on when it came more than once), to open for what it says; or, when no
mail of pay is held, a plain line saying so. Through `Mailbox`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text
from steward.reader.frame import Frame

if TYPE_CHECKING:
    from steward.search.mailbox import Mailbox

SHOWN = 5
# the words of pay mail, in its subject or the start the store keeps
_PAY = re.compile(r"\b(?:pay\s?slips?|pay\s?stubs?|pay\s+advice|salary|salaries|payroll|wages?|your\s+pay\b|"
                  r"earnings\s+statement|remuneration|gehaltsabrechnung|gehalt|lohnabrechnung|n[oó]mina|"
                  r"holerite|contracheque|fiche\s+de\s+paie|bulletin\s+de\s+salaire|mshahara)", re.I)
# the words of pay asked as the person's own: the search for it
_QUERY = "salary OR payslip OR payroll OR wages OR paycheck OR gehalt OR nomina OR mshahara"
# mail that says the words of pay and is not the person's pay: a bill, a lure, a newsletter, an advert
_NOT_PAY = frozenset(("phishing_suspect", "newsletter", "payment_due", "receipt"))


def pay_answer(frame: Frame, clock: Clock, box: Mailbox) -> Answer:
    """The pay mail held, newest first, with the days of the month it came on; said plainly when none is."""
    hits = [h for h in box.search(_QUERY, limit=200, clock=clock).hits
            if h.message.category not in _NOT_PAY and _PAY.search(f"{h.message.subject} {h.message.snippet}")]
    if not hits:
        return Answer("I can't tell when you get paid: I found no payslip, salary or payroll mail in your mailbox. "
                      "Steward knows a pay day only from mail that says one.", {"messages": []})
    hits.sort(key=lambda h: h.message.received_at, reverse=True)
    days = sorted({clock.local(h.message.received_at).day for h in hits})
    n = len(hits)
    head = (f"Your pay mail says when you are paid ({n} message{'s' if n != 1 else ''}, newest first; Steward "
            "keeps only the start of each, open one to read it):")
    lines = [head]
    for h in hits[:SHOWN]:
        m = h.message
        lines.append(f"- {day_text(clock.local(m.received_at).date(), clock)} {m.sender_name or m.sender}: "
                     f"\u201c{m.subject}\u201d [#{m.id}]")
    if n > 1:
        lines.append("They came on the " + ", ".join(_ordinal(d) for d in days) + " of the month.")
    return Answer("\n".join(lines), {"messages": [h.id for h in hits[:SHOWN]]})


def _ordinal(day: int) -> str:
    suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"
