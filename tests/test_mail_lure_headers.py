"""Signs of a lure that only the headers show, each beside a legitimate look-alike that stays unmarked.

The mails here are written for these tests (none is taken from a lure collection). Mailing lists and
forwarders rewrite headers legitimately, and people mail themselves: those stay unmarked.
"""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTPUTF8
from email.utils import format_datetime

from steward.mail.categories import default_classifier, mail_context
from steward.mail.lure_score import weak_reasons
from steward.mail.parse import parse_message

RECEIVED = "from relay.example.net (relay.example.net [203.0.113.9]) by mx.example.org; Tue, 1 Sep 2026 09:00:00 +0000"


def _mail(sender: str, subject: str, text: str, *, to: str = "Alex <alex@example.org>",
          headers: dict[str, str] | None = None) -> bytes:
    msg = EmailMessage(policy=SMTPUTF8)
    for name, value in (headers or {}).items():
        msg[name] = value
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime(2026, 9, 1, 9, tzinfo=UTC))
    msg["Message-ID"] = f"<{abs(hash(sender + subject + to))}@example.net>"
    msg.set_content(text)
    return bytes(msg)


def _category(raw: bytes) -> str:
    return default_classifier().classify_parsed(parse_message(raw))


def _why(raw: bytes) -> str:
    p = parse_message(raw)
    return " ".join(weak_reasons(p.sender, p.sender_name, p.subject, p.snippet, mail_context(p)))


# -- addressed to its own sender, the reader in Bcc ---------------------------------------------------------

NOTICE = "Dear Member, sign in to review a recent change to your online access."


def test_a_notice_in_a_societys_own_name_addressed_to_its_own_sender_is_marked() -> None:
    raw = _mail("Fenwick Building Society <notices@fenwickbs.example>", "Online access review", NOTICE,
                to="Recipients <notices@fenwickbs.example>")
    assert _category(raw) == "phishing_suspect"
    assert "addressed to its own sender notices@fenwickbs.example" in _why(raw)


def test_the_same_notice_addressed_to_the_member_is_not_marked() -> None:
    raw = _mail("Fenwick Building Society <notices@fenwickbs.example>", "Online access review", NOTICE)
    assert _category(raw) != "phishing_suspect"


def test_a_note_to_oneself_with_a_link_is_not_marked() -> None:
    raw = _mail("Alex Morgan <alex@example.org>", "link for later",
                "Click the link below to read the article on sourdough starters later.",
                to="Alex Morgan <alex@example.org>")
    assert _category(raw) != "phishing_suspect"


def test_a_clubs_announcement_to_its_own_address_with_members_in_bcc_is_not_marked() -> None:
    raw = _mail("Riverside Choir <choir@riversidechoir.example>", "Rehearsal moved to Thursday",
                "Hi all, rehearsal moves to Thursday this week. The new scores are attached.",
                to="choir@riversidechoir.example")
    assert _category(raw) != "phishing_suspect"


# -- a trusted From domain sent from elsewhere, nothing vouching for it -------------------------------------

ALERT = "We noticed a new device. Sign in to review your account activity."


def test_a_brands_own_domain_sent_from_elsewhere_with_no_signature_is_marked() -> None:
    raw = _mail("PayPal <service@paypal.com>", "New sign-in to your account", ALERT,
                headers={"Received": RECEIVED, "Return-Path": "<bounce-4471@bulk-relay.example>"})
    assert _category(raw) == "phishing_suspect"
    assert "sent by bulk-relay.example and nothing vouches for paypal.com" in _why(raw)


def test_the_same_alert_sent_through_a_mailing_company_and_signed_by_the_brand_is_not_marked() -> None:
    raw = _mail("PayPal <service@paypal.com>", "New sign-in to your account", ALERT,
                headers={"Received": RECEIVED, "Return-Path": "<bounce-4471@mailer-company.example>",
                         "DKIM-Signature": "v=1; a=rsa-sha256; d=paypal.com; s=pp1; h=from:subject; bh=x; b=y"})
    assert _category(raw) != "phishing_suspect"


def test_the_same_alert_with_a_passing_server_check_is_not_marked() -> None:
    raw = _mail("PayPal <service@paypal.com>", "New sign-in to your account", ALERT,
                headers={"Authentication-Results": "mx.example.org; spf=pass smtp.mailfrom=mailer-company.example",
                         "Received": RECEIVED, "Return-Path": "<bounce-4471@mailer-company.example>"})
    assert _category(raw) != "phishing_suspect"


def test_a_forwarded_copy_whose_envelope_the_forwarder_rewrote_is_not_marked() -> None:
    raw = _mail("PayPal <service@paypal.com>", "New sign-in to your account", ALERT,
                headers={"Received": RECEIVED,
                         "Return-Path": "<SRS0=AbCd=QX=paypal.com=service@forwarder.example>"})
    assert _category(raw) != "phishing_suspect"


def test_a_post_to_a_mailing_list_from_a_brands_employee_is_not_marked() -> None:
    raw = _mail("Dana Reyes <dreyes@paypal.com>", "Re: verify the build on arm64",
                "Could someone verify the login page build on arm64 before the release?",
                to="dev@lists.example.net",
                headers={"Received": RECEIVED, "Return-Path": "<dev-bounces@lists.example.net>",
                         "List-Id": "<dev.lists.example.net>"})
    assert _category(raw) != "phishing_suspect"


def test_mail_in_the_recipients_own_domain_sent_from_elsewhere_is_marked() -> None:
    raw = _mail("example.org Mail Desk <helpdesk@example.org>", "Mailbox storage notice",
                "Your mailbox storage is almost full. Sign in to keep receiving messages.",
                headers={"Received": RECEIVED, "Return-Path": "<x7@cheap-hosting.example>"})
    assert _category(raw) == "phishing_suspect"
    assert "the recipient's own example.org" in _why(raw)


def test_a_colleagues_mail_from_inside_the_organisation_is_not_marked() -> None:
    raw = _mail("IT Service Desk <helpdesk@example.org>", "Password change on Friday",
                "Please sign in to the portal and change your password before Friday.",
                headers={"Received": RECEIVED, "Return-Path": "<helpdesk@example.org>"})
    assert _category(raw) != "phishing_suspect"


# -- a script mailer in a brand's name ----------------------------------------------------------------------

REFUND = "A refund is waiting for you. Confirm your card details to receive it."


def test_a_script_mailer_writing_in_a_brands_name_is_marked() -> None:
    raw = _mail("Netflix Billing <billing@nf-accounts.example>", "Refund notice", REFUND,
                headers={"X-Mailer": "PHPMailer 5.2.9 (https://github.com/PHPMailer/PHPMailer/)"})
    assert "written with PHPMailer" in _why(raw)
    assert _category(raw) == "phishing_suspect"


def test_a_small_shop_sending_with_a_script_mailer_is_not_marked() -> None:
    raw = _mail("Bramble Teas <orders@brambleteas.example>", "Your refund",
                "Your refund of the returned tin was sent to your card today.",
                headers={"X-Mailer": "PHPMailer 6.8.0 (https://github.com/PHPMailer/PHPMailer)"})
    assert _category(raw) != "phishing_suspect"
