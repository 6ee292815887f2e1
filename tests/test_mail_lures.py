"""Lures marked by kind of signal, each saying why; the same words from the brand's own domain are not."""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTPUTF8
from email.utils import format_datetime

from steward.mail.categories import default_classifier, mail_context
from steward.mail.lures import lure_reasons
from steward.mail.parse import parse_message
from steward.mail.senders import check_sender


def _mail(sender: str, subject: str, text: str, *, reply_to: str = "", link: tuple[str, str] | None = None) -> bytes:
    msg = EmailMessage(policy=SMTPUTF8)
    msg["From"] = sender
    if reply_to:
        msg["Reply-To"] = reply_to
    msg["To"] = "Alex <alex@example.org>"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime(2026, 9, 1, 9, tzinfo=UTC))
    msg["Message-ID"] = f"<{abs(hash(sender + subject))}@example.org>"
    msg.set_content(text)
    if link is not None:
        msg.add_alternative(f'<p>{text}</p><a href="https://{link[1]}/x?id=1">https://{link[0]}/signin</a>',
                            subtype="html")
    return bytes(msg)


def _why(raw: bytes) -> tuple[str, tuple[str, ...]]:
    p = parse_message(raw)
    c = default_classifier()
    category = c.classify_parsed(p)  # everything an import reads, its recipients too
    verdict = check_sender(p.sender, p.sender_name, p.auth_results, f"{p.subject} {p.snippet}".lower(), c.brands,
                           subject=p.subject, snippet=p.snippet, reply_to=p.reply_to, links=p.links,
                           context=mail_context(p))
    return category, verdict.reasons


def test_a_brand_speaking_from_another_domain_with_a_payment_pretext_is_marked_and_says_why() -> None:
    category, why = _why(_mail("Netflix <billing@netflx-billing.info>", "Netflix: payment failed",
                               "We were unable to process your payment. Update your payment details."))
    assert category == "phishing_suspect"
    assert any("speaks for Netflix" in r and "netflx-billing.info" in r for r in why)


def test_the_same_words_from_the_brands_own_domain_are_not_a_lure() -> None:
    category, _ = _why(_mail("Netflix <info@mailer.netflix.com>", "Netflix: payment failed",
                             "We were unable to process your payment. Update your payment details."))
    assert category != "phishing_suspect"


def test_a_brand_named_without_a_pretext_is_not_a_lure() -> None:
    assert lure_reasons("news@shop.example", "Shop", "We now accept PayPal", "Pay the way you like.") == []


def test_a_reply_going_to_another_domain_with_a_pretext_is_marked() -> None:
    category, why = _why(_mail("Accounts <accounts@northwind-supplies.com>", "Overdue invoice 4471",
                               "Please settle the overdue invoice today.", reply_to="northwind.accounts@gmail.com"))
    assert category == "phishing_suspect" and any("replies go to gmail.com" in r for r in why)


def test_a_persons_own_reply_to_is_not_a_lure() -> None:
    category, _ = _why(_mail("Atsushi <atsushi@example.com>", "Re: the photos", "Here they are.",
                             reply_to="atsushi.home@gmail.com"))
    assert category != "phishing_suspect"


def test_a_link_showing_a_brand_and_going_elsewhere_is_marked() -> None:
    category, why = _why(_mail("Card Services <alerts@cardservices-mail.com>", "Your statement is ready",
                               "View it now.", link=("www.paypal.com", "paypal.verify-session.ru")))
    assert category == "phishing_suspect"
    assert any("shows www.paypal.com but goes to paypal.verify-session.ru" in r for r in why)


def test_a_newsletters_tracked_link_without_a_pretext_is_not_a_lure() -> None:
    category, _ = _why(_mail("Weekly <news@weekly-digest.org>", "This week's reading", "Five articles.",
                             link=("weekly-digest.org", "click.mailtracker.net")))
    assert category != "phishing_suspect"


def test_free_mail_claiming_an_institution_with_a_pretext_is_marked() -> None:
    category, why = _why(_mail("IT Support <it.helpdesk.mail@outlook.com>", "Password expires today",
                               "Verify your account to keep access."))
    assert category == "phishing_suspect" and any("free-mail outlook.com" in r for r in why)


def test_a_friend_on_free_mail_talking_about_payment_is_not_a_lure() -> None:
    category, _ = _why(_mail("Sam Lee <sam.lee@gmail.com>", "dinner money", "Pay me back whenever, no rush."))
    assert category != "phishing_suspect"


def test_a_page_of_thousands_of_links_is_read_for_its_first_links_only() -> None:
    from steward.mail.parse import _shown_links

    page = '<a href="https://t.example/1">www.shop.example</a>' * 5000 + '<a href="https://x.example/"><b>' * 9000
    assert len(_shown_links(page)) == 20
    assert _shown_links('<a href="https://paypal.verify.ru/x"><span>https://www.paypal.com/signin</span></a>') == (
        ("www.paypal.com", "paypal.verify.ru"),)


def test_a_name_claiming_a_brand_from_another_domain_with_a_pretext_is_marked() -> None:
    category, why = _why(_mail("Microsoft Account Team <security-noreply@acct-protect.info>", "Security alert",
                               "Unusual sign-in activity was detected. Verify your identity."))
    assert category == "phishing_suspect"
    assert any("the name says Microsoft" in r and "acct-protect.info" in r for r in why)


def test_a_brands_mail_from_its_own_mailing_domain_is_not_a_lure() -> None:
    _, why = _why(_mail("Amazon Web Services <aws-marketing-email-replies@awscloud.com>",
                        "Action required: your subscription has expired", "Renew your subscription to keep it."))
    assert not [r for r in why if "Amazon" in r]


def test_a_domain_made_of_the_senders_name_and_a_lure_word_is_marked() -> None:
    category, why = _why(_mail("Wattle Bank Security <security@wattlebank-verify.example>",
                               "Your card has been restricted", "Verify your identity within 12 hours."))
    assert category == "phishing_suspect"
    assert any('wattlebank-verify.example is the name Wattle Bank Security with "verify" added' in r for r in why)
    # the same name on its own domain, and a lure word without a pretext, are left alone
    assert _why(_mail("Wattle Bank <alerts@wattlebank.example>", "Your card has been restricted",
                      "Verify your identity within 12 hours."))[0] != "phishing_suspect"
    assert _why(_mail("ParcelLink <tracking@parcelink-support.example>", "Your parcel was delivered",
                      "It is at your front door."))[0] != "phishing_suspect"


def test_a_mailbox_notice_about_an_address_at_another_domain_is_marked() -> None:
    category, why = _why(_mail("Email Admin <k.t.kotix@mailer.example>", "Upgrade your mailbox quota",
                               "Attention: alex@example.org your mailbox is almost full. Click below."))
    assert category == "phishing_suspect"
    assert any("alex@example.org" in r and "mailer.example" in r for r in why)
    named, why = _why(_mail("example.org Admin <info@ht-bc.example>", "Low quota notice",
                            "Dear Alex, your email quota is very low: pending messages cannot be delivered."))
    assert named == "phishing_suspect" and any("the name says example.org" in r for r in why)
    # the mail provider's own notice about its own address is not a lure
    assert _why(_mail("Postmaster <postmaster@example.org>", "Your mailbox is almost full",
                      "alex@example.org has used 95% of its storage."))[0] != "phishing_suspect"


def test_words_in_look_alike_letters_are_marked() -> None:
    category, why = _why(_mail("Service <support2016info@service.example>", "Update your account information",
                               "PαyPαl: this is αn αutomαted emαil, please check your account."))
    assert category == "phishing_suspect" and any("PayPal in look-alike letters" in r for r in why)
    # Greek text, or a Latin brand named in Greek text, is not disguised
    assert _why(_mail("Nikos <nikos@example.gr>", "Καλημέρα", "Θα σου στείλω το PayPal αύριο."))[0] != "phishing_suspect"


def test_a_greeting_to_an_address_at_another_domain_with_an_alarm_is_marked() -> None:
    category, why = _why(_mail("Account Services <info@qvegie.example>", "Account update",
                               "Dear alex@example.org, your account will be closed unless you verify it."))
    assert category == "phishing_suspect" and any("greets alex@example.org by the address" in r for r in why)
    # a name that is another domain is enough beside an alarm word
    named, why = _why(_mail("example.org <noreply@it-desk.example>", "Security update",
                            "Your account needs a security update."))
    assert named == "phishing_suspect" and any("the name says example.org" in r for r in why)
    # the same greeting from the address's own domain, or with no alarm, is no sign
    assert not _why(_mail("Example <team@example.org>", "Account update",
                          "Dear alex@example.org, your account will be closed unless you verify it."))[1]
    assert _why(_mail("Booking.com <noreply@booking.example>", "Your receipt",
                      "Hi alex@example.org, thanks for your stay."))[0] != "phishing_suspect"
