"""Model extraction (flag `dues_llm`, the task tier), for a bill the patterns could not read.

The model answers strict JSON: the amount due, the minimum, the currency, the due date *as written*,
the last four digits, whether it will be debited, and its confidence. Nothing it says is taken on
trust (ADR-0071 B.2): every figure must appear in the source text (the amount and the minimum as
numbers written there, the due date as a phrase of the text, which `steward.dates` then places, the
last four as digits of the text), the currency must be written in the text or be the institution's,
and low confidence skips. A figure that is not in the text refuses the whole answer, with the reason.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from steward.finance.extract import date_first_order, normalise
from steward.finance.model import Extraction, Institution, Money
from steward.finance.money import currency_of, find_dates, find_money, numbers_in
from steward.llm.messages import ChatModel, Message

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "is_bill": {"type": "boolean"},
        "amount_due": {"type": "string"},
        "minimum_due": {"type": "string"},
        "currency": {"type": "string"},
        "due_date_text": {"type": "string"},
        "account_last4": {"type": "string"},
        "autopay": {"type": "boolean"},
        "confidence": {"type": "string", "enum": ["high", "low"]},
    },
    "required": ["is_bill", "amount_due", "currency", "due_date_text", "confidence"],
}
PROMPT = (
    "You read one bill or statement notification and say what is owed. Answer only with JSON: "
    '{"is_bill": true|false, "amount_due": "...", "minimum_due": "...", "currency": "ISO code", '
    '"due_date_text": "...", "account_last4": "....", "autopay": true|false, "confidence": "high"|"low"}. '
    "Copy every figure exactly as the text writes it: amount_due and minimum_due are numbers from the "
    "text, due_date_text is the due date exactly as it appears in the text (do not rewrite it or work "
    "out a date), account_last4 is the last four digits shown. Leave a field empty (\"\") when the text "
    "does not say it. If the text is not a bill or you are unsure, set is_bill false or confidence low."
)
MAX_TEXT = 6000


@dataclass(frozen=True)
class Refused:
    """The model's answer was not used, and why."""

    reason: str


def _number(value: Any) -> Decimal | None:
    text = str(value or "").strip()
    if not text:
        return None
    from steward.finance.money import parse_amount

    return parse_amount(text)


def check_answer(answer: Any, text: str, *, received: datetime, institution: Institution | None,
                 user_day_first: bool = False) -> Extraction | Refused:
    """The model's JSON checked against the source text; a Refused naming the first figure not in it."""
    if not isinstance(answer, dict):
        return Refused("the model did not answer with a JSON object")
    text = normalise(text)
    if answer.get("is_bill") is not True:
        return Refused("the model says this is not a bill")
    if str(answer.get("confidence") or "").lower() != "high":
        return Refused("the model is not confident")
    written = numbers_in(text)
    amount = _number(answer.get("amount_due"))
    if amount is None:
        return Refused("the model gave no amount due")
    if amount not in written:
        return Refused(f"the model's amount {answer.get('amount_due')!r} is not in the text")
    minimum = _number(answer.get("minimum_due"))
    if str(answer.get("minimum_due") or "").strip() and (minimum is None or minimum not in written):
        return Refused(f"the model's minimum {answer.get('minimum_due')!r} is not in the text")
    usual = institution.currency if institution is not None else ""
    currency = _currency(str(answer.get("currency") or ""), text, amount, usual)
    if not currency:
        return Refused(f"the model's currency {answer.get('currency')!r} is not written in the text")
    due_text = " ".join(str(answer.get("due_date_text") or "").split())
    if not due_text or due_text.lower() not in text.lower():
        return Refused(f"the model's due date {due_text!r} is not in the text")
    places = find_dates(due_text, received, date_first_order(institution, currency, user_day_first))
    if len(places) != 1:
        return Refused(f"the model's due date {due_text!r} is not one date")
    last4 = "".join(ch for ch in str(answer.get("account_last4") or "") if ch.isdigit())[-4:]
    if last4 and (len(last4) != 4 or last4 not in text):
        return Refused(f"the model's account digits {last4!r} are not in the text")
    return Extraction(
        amount=Money(amount, currency, str(answer.get("amount_due"))),
        minimum=Money(minimum, currency, str(answer.get("minimum_due"))) if minimum is not None else None,
        due_date=places[0].day, due_text=places[0].text, account=last4,
        kind=institution.kind if institution is not None else "other",
        autopay=bool(answer.get("autopay")), method="model",
    )


def _currency(said: str, text: str, amount: Decimal, usual: str) -> str:
    """The currency the model named, if the text (next to the amount) or the institution says it."""
    code = said.strip().upper()
    for m in find_money(text, usual):
        if m.amount == amount and m.currency and (not code or m.currency == code):
            return m.currency
    if code and (code == usual or re.search(rf"(?<![A-Z]){re.escape(code)}(?![A-Z])", text.upper())):
        return currency_of(code, usual) or code
    return usual if not code else ""


def model_read(model: ChatModel, text: str, *, received: datetime, institution: Institution | None,
               user_day_first: bool = False) -> Extraction | Refused:
    """Ask `model` to read a bill and check its answer (ConnectorError when the model cannot be asked)."""
    source = normalise(text)[:MAX_TEXT]
    reply = model.chat([Message("system", PROMPT), Message("user", source)], format=SCHEMA)
    try:
        answer = json.loads(reply.text.strip().removeprefix("```json").removesuffix("```"))
    except (json.JSONDecodeError, InvalidOperation):
        return Refused("the model's answer is not JSON")
    return check_answer(answer, source, received=received, institution=institution, user_day_first=user_day_first)
