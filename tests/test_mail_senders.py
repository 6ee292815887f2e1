"""Sender checks: a forged or lookalike sender is phishing_suspect whatever its words say."""

from __future__ import annotations

from pathlib import Path

import pytest

from steward.mail.categories import default_classifier
from steward.mail.parse import parse_message
from steward.mail.senders import Brand, check_sender

BRANDS = (Brand("PayPal", ("paypal.com",)), Brand("Chase", ("chase.com",)),
          Brand("HDFC Bank", ("hdfcbank.com", "hdfcbank.net")), Brand("Barclays", ("barclays.co.uk",)))


@pytest.mark.parametrize("sender", [
    "service@paypa1-support.com",        # a digit for a letter, and a word around the name
    "service@pаypal.com",                # a Cyrillic а
    "service@xn--pypal-4ve.com",         # the same, as punycode
    "alerts@hdfcbank-secure.net",        # the name among other words, about an account
    "alerts@barclays.co.uk.verify-login.example",  # the real domain as a subdomain of another
    "alerts@barc1ays.co.uk",
])
def test_lookalike_domains_of_known_institutions_are_suspect(sender: str) -> None:
    verdict = check_sender(sender, "Customer Service", "", "please verify your account", BRANDS)
    assert verdict.suspect and "imitates" in verdict.reasons[0]


@pytest.mark.parametrize("sender,name,text", [
    ("alerts@alerts.hdfcbank.net", "HDFC Bank", "your account statement is ready"),  # a real subdomain
    ("service@paypal.com", "PayPal", "you sent a payment"),
    ("news@chase-bakery.com", "Chase Bakery", "fresh bread this week"),    # a bakery called Chase
    ("chase@gmail.com", "Chase Smith", "lunch on friday?"),                # a person called Chase
    ("hello@shop.example", "Shop", "your order has shipped"),
])
def test_real_senders_and_namesakes_are_not_suspect(sender: str, name: str, text: str) -> None:
    assert check_sender(sender, name, "", text, BRANDS).reasons == ()


def test_a_display_name_brand_from_another_domain_is_suspect_in_mail_about_money() -> None:
    verdict = check_sender("help@randommail.example", "PayPal Billing", "", "your account is locked", BRANDS)
    assert verdict.reasons == ("the name says PayPal but the mail is from randommail.example",)


def test_the_receiving_servers_failed_checks_make_a_sender_suspect() -> None:
    header = ("mx.example.net; dkim=fail header.d=paypal.com; spf=softfail smtp.mailfrom=paypal.com; "
              "dmarc=fail (p=reject) header.from=paypal.com")
    verdict = check_sender("service@paypal.com", "PayPal", header, "receipt", BRANDS)
    assert verdict.reasons == ("dkim=fail for paypal.com", "dmarc=fail for paypal.com")
    passed = "mx.example.net; dkim=pass header.d=paypal.com; spf=pass smtp.mailfrom=paypal.com; dmarc=pass"
    assert not check_sender("service@paypal.com", "PayPal", passed, "receipt", BRANDS).suspect
    assert not check_sender("service@paypal.com", "PayPal", "garbage ;;; = =", "receipt", BRANDS).suspect


def _mail(sender: str, subject: str, *auth: str) -> bytes:
    head = "".join(f"Authentication-Results: {a}\r\n" for a in auth)
    return (f"{head}From: {sender}\r\nTo: me@example.com\r\nSubject: {subject}\r\n"
            "Date: Mon, 14 Sep 2026 10:00:00 +0000\r\nMessage-ID: <x@example.com>\r\n\r\nHello.\r\n").encode()


def test_only_the_topmost_authentication_results_counts() -> None:
    # the lower header was written before the receiving server: by anyone, the sender included
    forged_pass = _mail("Shop <orders@shop.example>", "Your receipt",
                        "mx.me.example; dkim=fail header.d=shop.example", "mx.me.example; dkim=pass header.d=shop.example")
    parsed = parse_message(forged_pass)
    assert parsed.auth_results.startswith("mx.me.example; dkim=fail")
    classifier = default_classifier()
    assert classifier.classify(parsed.sender, parsed.sender_name, parsed.subject, parsed.snippet,
                               parsed.auth_results) == "phishing_suspect"


def test_an_imported_lookalike_is_stored_as_phishing_suspect_and_shown_so(cli, tmp_path: Path) -> None:
    eml = tmp_path / "lure.eml"
    eml.write_bytes(_mail("Northwind Card Services <billing@northwindcard-alerts.example>",
                          "Your card statement is ready"))
    assert cli("mail", "import", str(eml)).code == 0
    hits = cli("--json", "mail", "search", "statement").json()["hits"]
    assert [h["category"] for h in hits] == ["phishing_suspect"]
    assert "suspected phishing" in cli("mail", "search", "statement").out
    read = cli("mail", "read", str(hits[0]["id"]))
    assert read.code == 0 and "suspected phishing" in read.out.lower()
    assert "northwindcard.com" in read.out  # which real domain it imitates



def test_a_lookalike_of_a_registry_institution_is_phishing_on_import(cli, tmp_path: Path) -> None:
    # HDFC Bank is in the bundled finance registry (hdfcbank.com, hdfcbank.net), not in categories.yaml
    eml = tmp_path / "hdfc.eml"
    eml.write_bytes(_mail("HDFC Bank <alerts@hdfcbank-secure-login.example>", "Your account statement is ready"))
    assert cli("mail", "import", str(eml)).code == 0
    hits = cli("--json", "mail", "search", "statement").json()["hits"]
    assert [h["category"] for h in hits] == ["phishing_suspect"]
    read = cli("mail", "read", str(hits[0]["id"]))
    assert "imitates HDFC Bank" in read.out


def test_mail_from_the_registry_institution_itself_is_not_phishing(cli, tmp_path: Path) -> None:
    eml = tmp_path / "hdfc.eml"
    eml.write_bytes(_mail("HDFC Bank <alerts@alerts.hdfcbank.net>", "Your account statement is ready"))
    assert cli("mail", "import", str(eml)).code == 0
    hits = cli("--json", "mail", "search", "statement").json()["hits"]
    assert [h["category"] for h in hits] == ["statement"]
