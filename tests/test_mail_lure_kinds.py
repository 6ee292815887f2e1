"""Kinds of lure a mail client can tell from what an import reads, each beside a legitimate look-alike.

The mails here are written for these tests (none is taken from a lure collection).
"""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTPUTF8
from email.utils import format_datetime

from steward.mail.categories import default_classifier, mail_context
from steward.mail.lure_score import weak_reasons
from steward.mail.parse import parse_message


def _mail(sender: str, subject: str, text: str, *, to: str = "Alex <alex@example.org>") -> bytes:
    msg = EmailMessage(policy=SMTPUTF8)
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime(2026, 9, 1, 9, tzinfo=UTC))
    msg["Message-ID"] = f"<{abs(hash(sender + subject))}@example.org>"
    msg.set_content(text)
    return bytes(msg)


def _category(raw: bytes) -> str:
    return default_classifier().classify_parsed(parse_message(raw))


def _why(raw: bytes) -> str:
    p = parse_message(raw)
    return " ".join(weak_reasons(p.sender, p.sender_name, p.subject, p.snippet, mail_context(p)))


# -- a form letter to every mailbox of a domain, the domain filled into its name ------------------------------------

def test_mail_from_ones_own_domain_under_the_domain_written_out_is_marked() -> None:
    raw = _mail("example.org Mail Team <no-reply@example.org>", "Your sign-in needs checking",
                "Hello alex, someone used your mailbox from a new device. Check the sign-in below before "
                "tomorrow, or the mailbox is closed.")
    assert _category(raw) == "phishing_suspect"
    assert "writes out the recipient's own mail domain (example.org)" in _why(raw)


def test_the_same_notice_from_ones_own_it_desk_under_its_name_is_not_marked() -> None:
    raw = _mail("Example Org IT Desk <no-reply@example.org>", "Your sign-in needs checking",
                "Hello alex, someone used your mailbox from a new device. Check the sign-in below before "
                "tomorrow, or the mailbox is closed.")
    assert _category(raw) != "phishing_suspect"


def test_a_shop_named_by_its_domain_writing_to_a_customer_elsewhere_gives_no_such_sign() -> None:
    raw = _mail("shopwell.example <orders@shopwell.example>", "Your order has shipped",
                "Your order 5521 is on its way. Track it in your account.")
    assert _category(raw) != "phishing_suspect"
    assert "writes out" not in _why(raw)


# -- a file said to wait at a sharing service the text names, from another domain ----------------------------------

def test_a_person_sharing_a_file_at_a_drive_from_another_domain_with_pressure_is_marked() -> None:
    raw = _mail("Jordan Reyes <jreyes@harbourline-trading.example>", "Signed agreement",
                "Good morning, the purchase order is on OneDrive, it was too large to attach. "
                "Click here to view it.")
    assert _category(raw) == "phishing_suspect"
    assert "it names OneDrive but comes from harbourline-trading.example" in _why(raw)


def test_the_drives_own_notice_of_a_shared_file_is_not_marked() -> None:
    raw = _mail("Jordan Reyes (via OneDrive) <no-reply@onedrive.com>", "Jordan Reyes shared a document with you",
                "Jordan Reyes shared a document with you on OneDrive: Lease 2027.docx. Click here to view it.")
    assert _category(raw) != "phishing_suspect"


def test_a_colleague_mentioning_a_drive_without_pressure_is_not_marked() -> None:
    raw = _mail("Jordan Reyes <jreyes@harbourline-trading.example>", "Photos from Saturday",
                "The purchase order is on Dropbox now, have a look when you have a minute.")
    assert _category(raw) != "phishing_suspect"
