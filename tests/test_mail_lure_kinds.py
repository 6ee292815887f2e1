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
    assert "its name is the site" not in _why(raw)


def test_a_name_that_is_another_site_beside_a_greeting_to_an_address_is_marked() -> None:
    raw = _mail("tradefair-leads.example <mailer@pinecrest-herald.example>", "A new buyer enquiry for you",
                "Dear alex@example.org, a buyer sent you an enquiry. View the buyer's message.")
    assert _category(raw) == "phishing_suspect"
    assert "its name is the site tradefair-leads.example, but the mail is from pinecrest-herald.example" in _why(raw)


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


# -- a payment that failed, from a name that is not its domain's ---------------------------------------------------

def test_a_failed_payment_notice_under_a_help_desks_name_from_elsewhere_is_marked() -> None:
    raw = _mail("Help Centre <care@relay-mailer-9.example>", "We had trouble with your billing information",
                "Your last payment was declined. Change the card on file to keep your plan.")
    assert _category(raw) == "phishing_suspect"
    assert "it threatens a loss" in _why(raw)


def test_the_services_own_failed_payment_notice_is_not_marked() -> None:
    raw = _mail("Streamly <billing@streamly.example>", "We had trouble with your billing information",
                "Your last payment was declined. Change the card on file to keep your plan.")
    assert _category(raw) != "phishing_suspect"


# -- a company's name (its legal suffix) from a domain that is not its own -----------------------------------------

def test_a_company_name_with_its_legal_suffix_from_an_unrelated_domain_is_marked() -> None:
    raw = _mail("Kestrel Freight GmbH <dispatch@green-valley-golf.example>", "Arrival notice",
                "Your parcel has arrived at our depot. Click to view its status.")
    assert _category(raw) == "phishing_suspect"
    assert "the name Kestrel Freight GmbH has nothing of green-valley-golf.example" in _why(raw)


def test_the_same_notice_from_the_companys_own_domain_is_not_marked() -> None:
    raw = _mail("Kestrel Freight GmbH <dispatch@kestrelfreight.example>", "Arrival notice",
                "Your parcel has arrived at our depot. Click to view its status.")
    assert _category(raw) != "phishing_suspect"


# -- a From with a name and no address ------------------------------------------------------------------------------

def test_a_mailbox_notice_from_a_name_with_no_address_is_marked() -> None:
    raw = _mail("Mailbox Centre <>", "Sync issues", "To keep sending mail, sign in and check your mailbox settings.")
    assert _category(raw) == "phishing_suspect"
    assert "its From is a name with no address (Mailbox Centre)" in _why(raw)


def test_the_same_notice_from_ones_own_postmaster_is_not_marked() -> None:
    raw = _mail("Mailbox Centre <postmaster@example.org>", "Sync issues",
                "To keep sending mail, sign in and check your mailbox settings.")
    assert _category(raw) != "phishing_suspect"


# -- words split by characters that take no room --------------------------------------------------------------------

ZW = "\u200b"


def test_a_voice_message_notice_with_invisible_characters_inside_its_words_is_marked() -> None:
    hidden = ZW.join("Voice message from +44 7700 900123, length 0:41. Listen to it here.")
    raw = _mail("Phone System <alerts@ring-relay.example>", "New voice message", hidden)
    assert _category(raw) == "phishing_suspect"
    assert "invisible characters inside its words" in _why(raw)


def test_a_newsletter_padding_its_preview_with_invisible_characters_between_words_is_not_marked() -> None:
    preview = "Autumn recipes inside" + " \u200c" * 40
    raw = _mail("Hearth Kitchen <news@hearthkitchen.example>", "Ten autumn soups",
                preview + "\nTen soups for the first cold evenings, and a bread to go with them.")
    assert _category(raw) != "phishing_suspect"
    assert "invisible" not in _why(raw)


# -- a file too large to attach, said to wait elsewhere -------------------------------------------------------------

def test_an_order_too_large_to_attach_waiting_elsewhere_is_marked() -> None:
    raw = _mail("Wen Hao <purchasing@lotus-trade-intl.example>", "Revised order",
                "Good morning, the purchase order is too large to attach, so it has been uploaded. Kindly view it.")
    assert _category(raw) == "phishing_suspect"
    assert "a file too large to attach waits somewhere else" in _why(raw)


def test_a_friend_whose_photos_were_too_large_to_attach_is_not_marked() -> None:
    raw = _mail("Sam Okafor <sam.okafor@homemail.example>", "Photos",
                "The photos were too large to attach, so I put them in an album. No rush, have a look sometime.")
    assert _category(raw) != "phishing_suspect"


# -- a count in braces is no style rule -----------------------------------------------------------------------------

def test_a_count_in_braces_does_not_hide_the_first_lines() -> None:
    raw = _mail("Mail Desk <it@brightmead-adv.example>", "Release held mail",
                "Email: alex@example.org, you have {12} held messages on the server. Release them immediately.")
    assert _category(raw) == "phishing_suspect"
    assert "writes the recipient's address alex@example.org in its first lines" in _why(raw)


# -- a prize or a donation said to wait, in the reader's language ---------------------------------------------------

def test_a_prize_for_a_beneficiary_in_german_from_free_mail_is_marked() -> None:
    raw = _mail("Gewinn Service <gewinnservice.buero@gmail.com>", "Gute Nachricht",
                "Sehr geehrter Begünstigter, Sie haben gewonnen! Antworten Sie mit Ihrem vollen Namen.")
    assert _category(raw) == "phishing_suspect"
    assert "money or a prize waits for the reader" in _why(raw)


def test_a_charitys_thanks_for_a_donation_is_not_marked() -> None:
    raw = _mail("Riverside Food Bank <thanks@riversidefoodbank.example>", "Thank you",
                "Thank you for your donation of 20.00 GBP. It buys a week of breakfasts for a family.")
    assert _category(raw) != "phishing_suspect"


def test_a_draw_won_that_asks_a_fee_to_claim_it_is_marked_even_from_the_draws_own_domain() -> None:
    raw = _mail("Sunbelt Grand Lotto <prizes@sunbeltgrandlotto.example>", "Winner notification",
                "Good news! Your email address has won US$250,000 in our yearly draw. Send your full name and "
                "a release fee of US$180 to our payout desk to collect it.")
    assert _category(raw) == "phishing_suspect"
    assert "asks a payment or bank details to release money it says is waiting" in _why(raw)


def test_a_raffle_that_tells_its_winner_to_collect_the_prize_in_person_is_not_marked() -> None:
    raw = _mail("Hillside Church <office@hillsidechurch.example>", "Raffle results",
                "The raffle was drawn on Sunday and you have won the hamper. Collect your prize at the office.")
    assert _category(raw) != "phishing_suspect"


def test_a_shipping_notice_that_asks_for_a_tax_number_and_a_handling_fee_is_not_marked() -> None:
    raw = _mail("Harbour Freight Depot <clearance@harbourfreightdepot.example>", "Arrival notice",
                "Your drum has arrived and was assessed. Duty: 9,800.00. Handling fee: 1,500.00. Bring your TRN and "
                "a photo ID to collect it.")
    assert _category(raw) != "phishing_suspect"


# -- a department's abbreviated name from elsewhere, and a loss "if ignored" ---------------------------------------

def test_held_mail_to_be_removed_if_ignored_from_a_dept_elsewhere_is_marked() -> None:
    raw = _mail("Mail Dept. <noreply@quillfield-media.example>", "Held messages",
                "Four messages are held for your mailbox and may be removed if ignored.")
    assert _category(raw) == "phishing_suspect"
    assert "the name Mail Dept. has nothing of quillfield-media.example" in _why(raw)


def test_the_same_notice_from_ones_own_mail_dept_is_not_marked() -> None:
    raw = _mail("Mail Dept. <noreply@example.org>", "Held messages",
                "Four messages are held for your mailbox and may be removed if ignored.")
    assert _category(raw) != "phishing_suspect"


# -- a prize collected with the reader's PIN or one-time code --------------------------------------------------------

def test_a_prize_draw_collected_with_a_wallet_pin_is_marked_even_from_the_draws_own_domain() -> None:
    raw = _mail("Kopi Points Rewards <rewards@kopipoints-rewards.example>", "You are our grand prize winner",
                "Your Kopi Points wallet came out first in our prize draw: RM 2,000 is yours. To collect, sign in "
                "with your mobile number and your wallet PIN on our claim page.")
    assert _category(raw) == "phishing_suspect"
    assert "asks for a PIN or a one-time code to collect money" in _why(raw)


def test_a_banks_one_time_code_notice_is_not_marked() -> None:
    raw = _mail("Harbour Bank <alerts@harbourbank.example>", "Your one-time password",
                "Your one-time password for adding a new payee is 482 913. It expires in 3 minutes. "
                "Harbour Bank will never ask for your OTP by phone or e-mail.")
    assert _category(raw) != "phishing_suspect"


def test_a_mall_lucky_draw_result_collected_at_the_counter_is_not_marked() -> None:
    raw = _mail("Bayu Mall <hello@bayumall.example>", "Lucky draw results",
                "The weekend lucky draw was held on Sunday. Winners may collect their hampers at the information "
                "counter with their receipt.")
    assert _category(raw) != "phishing_suspect"


# -- a fine discounted for paying today ------------------------------------------------------------------------------

def test_a_traffic_summons_discounted_for_paying_today_is_marked() -> None:
    raw = _mail("Notis Kompaun Jalan <notis@jalan-kompaun-bayar.example>", "Kompaun tertunggak: bayar hari ini sahaja",
                "An outstanding traffic summons of RM 200.00 is recorded against your car (parking, Jalan Telawi). "
                "Pay today at our portal for 70% off. Unpaid summons may lead to a warrant of arrest.")
    assert _category(raw) == "phishing_suspect"


# -- a change to the account undone only by phoning the number the mail gives ----------------------------------------

def test_a_new_device_alert_that_presses_to_phone_a_number_from_a_lookalike_domain_is_marked() -> None:
    raw = _mail("Ashgrove Building Society <notify@ashgrove-secure-alerts.example>", "New device linked",
                "A new phone was linked to your Ashgrove account at 03:12. If this was not you, call our fraud "
                "team now on 0161 496 0734 and do not log in until we have spoken.")
    assert _category(raw) == "phishing_suspect"
    assert "phone a number now" in _why(raw)


def test_the_societys_own_alert_that_says_to_call_it_is_not_marked() -> None:
    raw = _mail("Ashgrove Building Society <alerts@ashgrovebuildingsociety.example>", "New device linked",
                "A new phone was linked to your account today. If this was not you, call us now on the number on "
                "the back of your card, or log in to the app and remove it.")
    assert _category(raw) != "phishing_suspect"


# -- a rebate or a grant said to wait, paid once the reader enters a card ---------------------------------------------

def test_a_grant_to_claim_with_a_bank_card_is_marked_even_from_a_domain_named_like_it() -> None:
    raw = _mail("Home Heating Grant <apply@home-heating-grant.example>", "Your £250 heating grant",
                "You are entitled to a £250 grant towards your heating. Apply this month at "
                "http://home-heating-grant.example/claim and enter your debit card so we can pay it.")
    assert _category(raw) == "phishing_suspect"
    assert "release money it says is waiting" in _why(raw)


def test_a_suppliers_discount_credited_to_the_account_is_not_marked() -> None:
    raw = _mail("Northwind Power <hello@northwindpower.example>", "Your winter discount",
                "Good news: you are entitled to a £150 winter discount this year. We have credited it to your "
                "account, so your next bill will be lower. There is nothing you need to do.")
    assert _category(raw) != "phishing_suspect"
