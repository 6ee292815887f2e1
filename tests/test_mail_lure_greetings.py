"""A greeting to a kind of person ("Dear Taxpayer", "Dear Citizen") is a lure's: it knows no more of its
target than that; a revenue office's real letter names the person. The mails are written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime

from steward.mail.categories import default_classifier
from steward.mail.parse import parse_message

REFUND = ("After review of your return you qualify for a refund of EUR 412.60. To receive it, enter your "
          "bank account details within 72 hours at the link below.")


def _mail(sender: str, greeting: str) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, "Ana Ruiz <ana@example.net>", "Your refund is ready"
    msg["Date"] = format_datetime(datetime(2027, 2, 3, 9, tzinfo=UTC))
    msg["Message-ID"] = f"<{abs(hash(sender + greeting))}@greetings-test.example>"
    msg.set_content(f"{greeting},\n\n{REFUND}")
    return bytes(msg)


def test_a_refund_for_a_taxpayer_greeted_as_one_is_marked() -> None:
    raw = _mail("Refund Office <office@refund-office-ie.example>", "Dear Taxpayer")
    assert default_classifier().classify_parsed(parse_message(raw)) == "phishing_suspect"


def test_the_same_words_to_the_person_by_name_are_not_marked_on_the_greeting() -> None:
    raw = _mail("Refund Office <office@refund-office-ie.example>", "Dear Ana Ruiz")
    assert default_classifier().classify_parsed(parse_message(raw)) != "phishing_suspect"
