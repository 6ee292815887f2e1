"""Weak signs of a lure add up to a mark, each kind beside a legitimate look-alike that stays unmarked.

The lures here are written for these tests (none is taken from a lure collection); each gives no strong
sign alone (no brand of the table, no lookalike domain), only several weak ones.
"""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.policy import SMTPUTF8
from email.utils import format_datetime

from steward.mail.categories import default_classifier
from steward.mail.lure_score import MailContext, score, weak_reasons
from steward.mail.parse import parse_message


def _mail(sender: str, subject: str, text: str, *, to: str = "Alex <alex@example.org>", html: str = "",
          auth: str = "", attachment: str = "") -> bytes:
    msg = EmailMessage(policy=SMTPUTF8)
    if auth:
        msg["Authentication-Results"] = auth
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime(2026, 9, 1, 9, tzinfo=UTC))
    msg["Message-ID"] = f"<{abs(hash(sender + subject))}@example.org>"
    msg.set_content(text)
    if html:
        msg.add_alternative(html, subtype="html")
    if attachment:
        msg.add_attachment(b"<html><form>...</form></html>", maintype="text", subtype="html", filename=attachment)
    return bytes(msg)


def _category(raw: bytes) -> str:
    return default_classifier().classify_parsed(parse_message(raw))


def _why(raw: bytes) -> str:
    p = parse_message(raw)
    from steward.mail.categories import mail_context

    return " ".join(weak_reasons(p.sender, p.sender_name, p.subject, p.snippet, mail_context(p)))


BANNER = "Online services | Privacy | Contact us | Find a branch near you | Rates and fees | Security centre | " * 3


def test_a_bank_the_table_does_not_know_speaking_from_an_unrelated_domain_is_marked_past_the_snippet() -> None:
    raw = _mail("Harbour Savings <alerts@mx-relay-77.example>", "Important notice about your profile",
                BANNER + "Dear Member, we detected suspicious activity. Log in to restore your access.")
    assert _category(raw) == "phishing_suspect"
    assert "Harbour Savings has nothing of mx-relay-77.example" in _why(raw)


def test_the_same_notice_from_the_banks_own_domain_is_not_marked() -> None:
    raw = _mail("Harbour Savings <alerts@harboursavings.example>", "Your card expires soon",
                BANNER + "Dear Member, your card expires next month. Log in to check your new card's address.")
    assert _category(raw) != "phishing_suspect"


def test_a_mailbox_notice_naming_the_recipients_domain_from_elsewhere_is_marked() -> None:
    raw = _mail("Mail Center <notice@hostbox-7.example>", "example.org: storage quota exceeded",
                "Your quota is exceeded and new messages are held. Click below to keep your account.")
    assert _category(raw) == "phishing_suspect"
    assert "recipient's domain example.org" in _why(raw)


def test_a_list_digest_that_names_the_list_domain_is_not_marked() -> None:
    raw = _mail("Garden Club <club@gardenclub.example>", "gardenclub.example digest: seed swap",
                "Click here for the photos of Saturday's seed swap.", to="club@gardenclub.example")
    assert _category(raw) != "phishing_suspect"


def test_a_german_account_lure_is_marked() -> None:
    raw = _mail("Kundenservice <info@paket-7731.example>", "Ihr Konto wurde gesperrt",
                "Sehr geehrter Kunde, Ihr Konto wurde gesperrt. Bitte bestätigen Sie Ihre Daten innerhalb von 24 "
                "Stunden.")
    assert _category(raw) == "phishing_suspect"


def test_a_german_statement_from_the_banks_own_domain_is_not_marked() -> None:
    raw = _mail("Lindenbank <service@lindenbank.example>", "Ihr Kontoauszug ist da",
                "Guten Tag Alex Morgan, Ihr Kontoauszug für August steht bereit. Melden Sie sich an, um ihn zu lesen.")
    assert _category(raw) != "phishing_suspect"


def test_a_link_to_a_bare_ip_address_with_a_sign_in_pretext_is_marked() -> None:
    raw = _mail("Support <support@help-portal.example>", "Please sign in",
                "Dear customer, sign in to keep your account.",
                html='<p>Dear customer, sign in to keep your account.</p><a href="http://203.0.113.9/login">Sign in</a>')
    assert _category(raw) == "phishing_suspect"
    assert "bare address 203.0.113.9" in _why(raw)


def test_a_newsletters_link_to_its_own_site_is_not_marked() -> None:
    raw = _mail("Trail Weekly <news@trailweekly.example>", "This week on the trails",
                "Click here to read the full story.",
                html='<p>Click here to read the <a href="https://trailweekly.example/story">full story</a>.</p>')
    assert _category(raw) != "phishing_suspect"


def test_a_form_asking_for_a_password_inside_the_mail_is_marked() -> None:
    raw = _mail("Accounts <accounts@docs-share.example>", "Document waiting",
                "Sign in to view the document.",
                html='<form action="https://collect.example/p"><input name="u"><input type="password" name="p">'
                     "</form>")
    assert _category(raw) == "phishing_suspect"
    assert "form that asks for a password" in _why(raw)


def test_a_web_page_sent_as_an_attachment_with_a_payment_pretext_is_marked() -> None:
    raw = _mail("Remittance <ap@freight-ledger.example>", "Payment advice",
                "Please open the attached file and sign in to view the remittance.", attachment="remit_0412.html")
    assert _category(raw) == "phishing_suspect"
    assert "attaches a web page (remit_0412.html)" in _why(raw)


def test_an_spf_softfail_adds_to_the_words() -> None:
    ctx = MailContext(head="Dear customer, verify your details.",
                      auth_results="mx.example.org; spf=softfail smtp.mailfrom=shop.example")
    signs = score("orders@shop.example", "Shop", "Verify now", "", ctx)
    assert any("soft-failed for shop.example" in s.says for s in signs)


def test_a_colleagues_mail_about_a_password_reset_is_not_marked() -> None:
    raw = _mail("Priya Natarajan <priya@example.org>", "Re: wiki login",
                "I reset the wiki password this morning; the old one is expired, so log in with the new one.")
    assert _category(raw) != "phishing_suspect"


def test_words_alone_in_a_mailing_list_thread_are_not_a_mark() -> None:
    assert weak_reasons("dev@lists.example.net", "Ravi Kumar", "[dev] login fails after upgrade",
                        "The login fails with an expired token; see the log.") == []


def test_a_lure_marked_on_weak_signs_yields_no_due_and_reading_it_says_why_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.mail.ingest import ingest
    from steward.mail.reader import read_message
    from steward.mail.sources import scan
    from steward.paths import resolve_paths
    from steward.settings import load

    folder = tmp_path / "mail"
    folder.mkdir()
    (folder / "lure.eml").write_bytes(_mail(
        "Harbour Savings <billing@mx-relay-77.example>", "Statement and payment due",
        BANNER + "Dear Member, your account is restricted until the minimum payment of $35.00 is made by "
        "September 20, 2026. Log in within 24 hours to pay and restore your access."))
    env = {"STEWARD_HOME": str(tmp_path / "home"), "STEWARD_APPOINTMENTS_MODE": "auto", "STEWARD_SEMANTIC_SEARCH": "0"}
    app = build_app(load(environ=env), make_clock("UTC", "2026-09-02T09:00:00+00:00"), resolve_paths(environ=env))
    try:
        ingest(app.db, list(scan([folder])), classifier=app.mail_classifier)
        rowid, category = app.db.execute("SELECT id, category FROM messages").fetchone()
        assert category == "phishing_suspect"
        app.dues.extract(since=None)
        assert app.dues.digest("all").items == ()
        shown = read_message(app.db, rowid, clock=app.clock)
        assert shown.warnings and shown.warnings[0].startswith("several signs of a lure together")
    finally:
        app.close()


def test_a_display_name_that_is_an_address_at_another_domain_is_marked() -> None:
    raw = _mail('"security@lindenbank.example" <relay@garden-tools.example>', "Unusual activity",
                "Sign in to review the unusual activity on your account.")
    assert _category(raw) == "phishing_suspect"
    assert "its name is the address security@lindenbank.example" in _why(raw)


def test_a_list_that_names_a_member_by_address_via_the_list_is_not_marked_for_it() -> None:
    signs = score("hikers@groups.example", "'ana@example.net' via Hikers", "Re: sign in sheet",
                  "Please sign in at the gate.", MailContext())
    assert not any("its name is the address" in s.says for s in signs)


def test_a_parcel_lure_naming_a_courier_it_does_not_come_from_is_marked() -> None:
    raw = _mail("DHL Delivery Team <noreply@shop-deals-44.example>", "Delivery attempt failed",
                "We attempted to deliver your parcel. Click below to pay the redelivery fee.")
    assert _category(raw) == "phishing_suspect"


def test_a_colleague_sharing_a_document_on_a_known_service_is_not_marked() -> None:
    raw = _mail("Tomas Berg <tomas@example.org>", "Budget draft",
                "I put the budget draft on Google Drive; click here to view the document.")
    assert _category(raw) != "phishing_suspect"


def test_a_delivery_report_quoting_the_mail_it_returns_is_not_marked() -> None:
    raw = _mail("Mail Delivery Subsystem <mailer-daemon@mx.example.net>", "Undelivered Mail Returned to Sender",
                "Your message could not be delivered. Original message: Dear customer, log in to your account "
                "within 24 hours or it will be suspended.")
    assert _why(raw) == ""


def test_an_organisations_name_from_free_mail_with_a_threat_is_marked() -> None:
    raw = _mail("Mail Service <desk.notice.2291@hanmail.net>", "Notice",
                "Dear user, your account will be deleted within 24 hours. Click below to keep it.")
    assert _category(raw) == "phishing_suspect"
    assert "an organisation's name (Mail Service) from the free-mail hanmail.net" in _why(raw)


def test_a_name_speaking_for_an_organisation_its_domain_is_not_with_one_pretext_is_marked() -> None:
    raw = _mail("Wattlecreek Credit <notice@kd-server-4.example>", "Wattlecreek Credit: account notice",
                "Wattlecreek Credit members: please log in to review a change to your profile.")
    assert _category(raw) == "phishing_suspect"
    assert "its text speaks as Wattlecreek Credit" in _why(raw)


def test_the_same_notice_from_its_own_domain_is_not_marked() -> None:
    raw = _mail("Wattlecreek Credit <notice@wattlecreek.example>", "Wattlecreek Credit: account notice",
                "Wattlecreek Credit members: please log in to review a change to your profile.")
    assert _category(raw) != "phishing_suspect"


def test_the_recipients_address_in_the_first_lines_from_elsewhere_adds_to_a_threat() -> None:
    raw = _mail("Accounts Desk <desk@relay-mx9.example>", "Suspension notice",
                "Access to alex@example.org will be suspended today. Click below to cancel the request.")
    assert "writes the recipient's address alex@example.org" in _why(raw)


def test_a_brand_written_with_look_alike_letters_in_the_name_is_marked() -> None:
    raw = _mail("PayPaI Service <notice@relay-mx9.example>", "Receipt", "Your receipt is attached.")
    assert _category(raw) == "phishing_suspect"
    assert "it writes PayPal with look-alike letters (PayPaI)" in _why(raw)


def test_a_brand_written_plainly_by_someone_else_is_no_disguise() -> None:
    assert not any("look-alike" in s.says for s in score("ana@example.net", "Ana Illing", "Paying by PayPal",
                                                          "Illinois trip: I paid with PayPal.", MailContext()))


def test_links_that_all_go_elsewhere_add_to_a_sign_in_pretext() -> None:
    raw = _mail("Accounts <accounts@harbour-notices.example>", "Profile review",
                "Dear customer, sign in to review your profile.",
                html='<p>Dear customer, <a href="https://verify-profile.example/s">sign in</a> to review your '
                     'profile.</p><a href="https://cdn-images.example/logo.png">logo</a>')
    assert _category(raw) == "phishing_suspect"
    assert "none of its links go to harbour-notices.example" in _why(raw)


def test_a_notice_that_links_to_its_own_site_among_others_gives_no_such_sign() -> None:
    ctx = MailContext(head="Dear customer, sign in to see your statement.",
                      link_hosts=("click.tracker.example", "www.harboursavings.example"))
    signs = score("alerts@harboursavings.example", "Harbour Savings", "Statement", "", ctx)
    assert not any("none of its links" in s.says for s in signs)


def test_mail_from_the_recipients_own_domain_that_passed_no_check_is_marked() -> None:
    raw = _mail("IT Service Desk <helpdesk@example.org>", "Password expiry",
                "Your password expires today. Sign in below to keep it.",
                auth="mx.example.org; spf=none smtp.mailfrom=example.org; dkim=none; dmarc=none header.from=example.org")
    assert _category(raw) == "phishing_suspect"
    assert "from the recipient's own example.org, but no check passed" in _why(raw)


def test_the_same_notice_that_passed_its_checks_is_not_marked() -> None:
    raw = _mail("IT Service Desk <helpdesk@example.org>", "Password expiry",
                "Your password expires today. Sign in below to keep it.",
                auth="mx.example.org; spf=pass smtp.mailfrom=example.org; dkim=pass header.d=example.org")
    assert _category(raw) != "phishing_suspect"


def test_the_same_notice_delivered_inside_the_organisation_without_a_verdict_is_not_marked() -> None:
    raw = _mail("IT Service Desk <helpdesk@example.org>", "Password expiry",
                "Your password expires today. Sign in below to keep it.")
    assert _category(raw) != "phishing_suspect"


def test_a_notice_about_the_account_itself_from_elsewhere_is_marked() -> None:
    raw = _mail("Kestrel Card Services <care@notify-hub-42.example>", "Account security notice",
                "We need you to sign in and review the details on file.")
    assert _category(raw) == "phishing_suspect"
    assert "it is about the account itself" in _why(raw)


def test_a_banks_own_security_alert_is_not_marked() -> None:
    raw = _mail("Kestrel Bank <alerts@kestrelbank.example>", "Security alert: a new sign in",
                "A new sign in to your account from Firefox on Linux. If this was you, there is nothing to do.")
    assert _category(raw) != "phishing_suspect"


def test_a_family_note_that_says_there_is_no_hurry_is_not_marked() -> None:
    raw = _mail("Mum <r.okafor@homemail.example>", "Ring me",
                "Ring me when you are back, nothing urgent. Click the photo I sent, it is lovely.")
    assert _category(raw) != "phishing_suspect"


def test_a_brand_in_look_alike_letters_counts_in_full_inside_ones_own_organisation_too() -> None:
    # the organisation's own words count two at most; a brand written in look-alike letters is no word
    context = MailContext(recipients=("alex@example.org",))
    why = weak_reasons("billing@example.org", "PayPaI Billing", "PayPaI: urgent account security notice",
                       "Dear Customer, your account is suspended. Sign in within 24 hours.", context)
    assert why and "PayPal with look-alike letters" in why[0]


def test_a_providers_renewal_notice_is_not_marked_for_what_its_footer_says_of_the_mailbox() -> None:
    raw = _mail("Brightwave Fibre <care@brightwavefibre.example>", "Your 100GB plan renews on Friday",
                "Dear Customer,\n\nYour 100GB home plan expires on 18 March. Auto-renewal is on: 19.00 will be taken "
                "from your Brightwave wallet that day, so there is nothing to do.\n\nThis is an automated message, "
                "please do not reply. This mailbox does not receive mail and messages sent to it are undelivered.")
    assert _category(raw) != "phishing_suspect"


def test_a_lure_that_opens_as_an_automated_message_is_read_whole() -> None:
    raw = _mail("Mail Admin <notice@relay-box-12.example>", "Mailbox storage full",
                "This is an automated message. Dear User, your mailbox storage is full and incoming messages are "
                "held. Click here to verify your account within 24 hours or it will be suspended.")
    assert _category(raw) == "phishing_suspect"


def test_a_notice_that_a_residence_permit_was_revoked_with_a_fee_and_deportation_is_marked() -> None:
    raw = _mail("Immigration Status Desk <desk@permit-status-centre.example>", "Your residence permit has been cancelled",
                "Your residence permit has been cancelled because your file is incomplete. To avoid arrest and "
                "deportation, pay the restoration fee of QAR 750 at http://permit-status-centre.example/restore and "
                "reactivate your file.")
    assert _category(raw) == "phishing_suspect"
    assert "penalty of the state" in _why(raw)


def test_a_clinic_cancelling_a_visit_is_not_marked() -> None:
    raw = _mail("Cedar Clinic <desk@cedarclinic.example>", "Your appointment has been cancelled",
                "Dear Omar, your appointment on Tuesday has been cancelled as the doctor is away. Please call us to "
                "book another day.")
    assert _category(raw) != "phishing_suspect"


def test_a_parcel_held_for_import_duty_behind_a_link_is_marked() -> None:
    raw = _mail("Harbour Parcel Service <duty@harbour-parcel-release.example>", "Parcel waiting: duty outstanding",
                "Your parcel is waiting at our depot because import duty of 6.20 has not been paid. Settle it within 48 "
                "hours at http://harbour-parcel-release.example/pay or the item goes back to its sender.")
    assert _category(raw) == "phishing_suspect"


def test_a_couriers_own_duty_notice_from_a_known_correspondent_is_not_marked() -> None:
    raw = _mail("Harbourline Couriers <accounts@harbourline.example>", "Duty assessed on shipment HL-4471",
                "Customs duty of 2,140.00 was assessed on your shipment HL-4471. You can pay at any of our branches "
                "or by bank transfer; the shipment is released once it is paid.")
    assert default_classifier().classify_parsed(parse_message(raw), correspondent=True) != "phishing_suspect"


def test_a_refund_to_claim_with_card_details_within_hours_is_marked() -> None:
    raw = _mail("Water Board Refunds <refunds@waterboard-refund-desk.example>", "A refund of 88.40 for you",
                "Our records show an overpayment on your water account and 88.40 is ready to return. Enter your card "
                "details at http://waterboard-refund-desk.example/claim to have it within 2 hours.")
    assert _category(raw) == "phishing_suspect"


def test_a_relative_in_trouble_asking_for_gift_cards_is_marked_without_any_link() -> None:
    raw = _mail("Liam <liam.needs.help@freemail-demo.example>", "Nana it's me",
                "Nana it's me Liam, I'm in trouble and my phone is broken, please don't tell Dad. Can you buy 300 "
                "dollars in gift cards and send me photos of the cards? I'll pay you back.")
    assert _category(raw) == "phishing_suspect"


def test_a_grandchild_asking_for_a_gift_card_for_a_birthday_is_not_marked() -> None:
    raw = _mail("Liam Byrne <liam.byrne@homemail.example>", "my birthday",
                "Hi Nana, thanks for asking! A gift card for the book shop would be great, or just come to the party "
                "on Saturday. Love, Liam")
    assert _category(raw) != "phishing_suspect"
