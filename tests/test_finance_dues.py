"""`steward dues extract`, `steward dues`, `dues paid`, `accounts` on mail the tests write: bodies fetched
live from the files, figures exactly as written, nothing invented, no body text in the store."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from mail_files import eml
from steward.llm.testing import say

NOW = "2026-09-20T10:00:00-04:00"


def statement_pdf(lines: list[str]) -> bytes:
    fpdf = pytest.importorskip("fpdf")
    pdf = fpdf.FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=11)
    for line in lines:
        pdf.cell(0, 8, line, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def run(cli: Any, *args: str) -> Any:
    out = cli("--now", NOW, *args)
    assert out.code == 0, out.err
    return out


def load(cli: Any, folder: Path) -> dict[str, Any]:
    run(cli, "mail", "import", str(folder))
    return json.loads(run(cli, "--json", "dues", "extract", "--no-progress").out)


def dues(cli: Any, *args: str) -> dict[str, Any]:
    return json.loads(run(cli, "--json", "dues", *args).out)


def items(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [i for g in data["currencies"] for i in g["items"]]


def test_a_us_notification_gives_the_exact_due_read_month_first(cli: Any, tmp_path: Path, steward_home: Path) -> None:
    eml(tmp_path / "mail", "chase-1", "no.reply.alerts@chase.com", "Your Chase credit card statement is ready",
        "Your statement for the card ending in 4417 is ready. New balance: $1,842.17. Minimum payment due: $40.00. "
        "Payment due date: 10/05/2026. " + "Sign in to chase.com to view your statement and pay. " * 4
        + "Reference marigold-umbrella-7.", "2026-09-12T08:00:00-04:00", sender_name="Chase")
    report = load(cli, tmp_path / "mail")
    assert report["derived"] == 1
    data = dues(cli)
    assert data["as_of"] == "2026-09-20"
    [usd] = data["currencies"]
    assert (usd["currency"], usd["total_due"], usd["overdue_total"]) == ("USD", "1842.17", "0.00")
    [item] = usd["items"]
    assert {k: item[k] for k in ("issuer", "kind", "account", "amount", "minimum", "currency", "due_date", "overdue",
                                 "autopay", "status")} == {
        "issuer": "Chase", "kind": "card", "account": "XXXX4417", "amount": "1842.17", "minimum": "40.00",
        "currency": "USD", "due_date": "2026-10-05", "overdue": False, "autopay": False, "status": "open"}
    assert item["source"]["message_id"] >= 1
    # the body was read live: nothing of it past the stored snippet is anywhere in the store
    stored = b"".join(p.read_bytes() for p in steward_home.glob("steward.db*"))
    assert b"marigold-umbrella" not in stored


def test_extracting_twice_changes_nothing(cli: Any, tmp_path: Path) -> None:
    eml(tmp_path / "mail", "octo", "hello@octopus.energy", "Your Octopus Energy bill",
        "Your bill is ready. Amount due: 84.20. We will collect it by Direct Debit on 10/10/2026.",
        "2026-09-25T09:00:00+01:00")
    first = load(cli, tmp_path / "mail")
    before = dues(cli)
    again = json.loads(run(cli, "--json", "dues", "extract").out)
    assert first["derived"] == 1 and again["candidates"] == 0
    assert dues(cli) == before
    [item] = items(before)
    # a bare figure takes the institution's currency; a direct debit will be debited
    assert (item["amount"], item["currency"], item["due_date"], item["autopay"], item["kind"]) == (
        "84.20", "GBP", "2026-10-10", True, "utility")
    assert "will be debited" in run(cli, "dues").out


def test_a_pdf_statement_and_its_notice_are_one_due(cli: Any, tmp_path: Path) -> None:
    pdf = statement_pdf(["HDFC Bank Credit Card Statement", "Card No: XXXX XXXX XXXX 3311",
                         "Total Amount Due: Rs. 23,480.00", "Minimum Amount Due: Rs. 1,174.00",
                         "Payment Due Date: 05/10/2026"])
    eml(tmp_path / "mail", "hdfc-pdf", "emailstatements.cards@hdfcbank.net",
        "Your HDFC Bank Credit Card statement", "Dear customer, your statement is attached (password protected "
        "no longer). Please find it attached.", "2026-09-16T07:00:00+05:30", pdf=pdf)
    eml(tmp_path / "mail", "hdfc-notice", "alerts@hdfcbank.net", "Payment due for card ending 3311",
        "Reminder: INR 23,480.00 is due on 05 Oct 2026 for your credit card ending 3311.",
        "2026-09-30T09:00:00+05:30")
    report = load(cli, tmp_path / "mail")
    assert (report["derived"], report["merged"]) == (1, 1)
    [item] = items(dues(cli))
    # 05/10/2026 from an Indian issuer is 5 October; Rs. is rupees
    assert (item["issuer"], item["amount"], item["minimum"], item["currency"], item["due_date"], item["account"]) == (
        "HDFC Bank", "23480.00", "1174.00", "INR", "2026-10-05", "XXXX3311")


def test_a_newer_statement_supersedes_and_a_payment_marks_paid(cli: Any, tmp_path: Path) -> None:
    mail = tmp_path / "mail"
    eml(mail, "citi-aug", "alerts@citi.com", "Your Citi card statement is ready",
        "Card ending 8080. Statement balance: $612.40. Payment due date: 08/28/2026.", "2026-08-03T08:00:00-04:00")
    eml(mail, "citi-sep", "alerts@citi.com", "Your Citi card statement is ready",
        "Card ending 8080. Statement balance: $455.10. Payment due date: 09/28/2026.", "2026-09-03T08:00:00-04:00")
    eml(mail, "amex", "americanexpress@welcome.americanexpress.com", "Your American Express statement is ready",
        "Account ending 1005. Total balance: $1,020.00. Amount due: $1,020.00. Payment due date: 09/25/2026.",
        "2026-09-05T08:00:00-04:00")
    eml(mail, "amex-paid", "americanexpress@welcome.americanexpress.com", "We received your payment",
        "Thank you. We received your payment of $1,020.00 for the account ending 1005 on 09/18/2026.",
        "2026-09-18T12:00:00-04:00")
    report = load(cli, mail)
    assert report["paid"] == 1
    [usd] = dues(cli)["currencies"]
    assert [(i["issuer"], i["amount"], i["due_date"]) for i in usd["items"]] == [("Citi", "455.10", "2026-09-28")]
    every = dues(cli, "--json")  # same call: --json twice is harmless
    assert every == dues(cli)
    conn = sqlite3.connect(cli_home(cli))
    statuses = dict(conn.execute("SELECT amount, status FROM dues").fetchall())
    assert statuses == {"612.40": "superseded", "455.10": "open", "1020.00": "paid"}


def cli_home(cli: Any) -> Path:
    import os

    return Path(os.environ["STEWARD_HOME"]) / "steward.db"


def test_outside_the_registry_a_bill_counts_and_a_phishing_lure_never_does(cli: Any, tmp_path: Path) -> None:
    mail = tmp_path / "mail"
    eml(mail, "water", "billing@riverside-water.example", "Your water bill - payment due",
        "Amount due: $64.10. Please pay by October 2, 2026. Account 55-1020.", "2026-09-15T08:00:00-04:00",
        sender_name="Riverside Water")
    eml(mail, "lure", "billing@chase-secure-verify.example", "Invoice overdue - verify your account immediately",
        "Your invoice of $1,249.00 is overdue and payment due by 09/25/2026. Click here to verify your account "
        "and confirm your card details immediately.", "2026-09-16T08:00:00-04:00", sender_name="Chase")
    report = load(cli, mail)
    assert report["derived"] == 1
    [item] = items(dues(cli))
    assert (item["issuer"], item["amount"], item["currency"], item["due_date"], item["kind"]) == (
        "Riverside Water", "64.10", "USD", "2026-10-02", "utility")
    assert "1249" not in json.dumps(dues(cli, "--window", "all"))


def test_a_bill_the_patterns_cannot_read_goes_to_the_model_whose_invented_figure_is_refused(
        cli: Any, tmp_path: Path, tier2_model: Any) -> None:
    mail = tmp_path / "mail"
    eml(mail, "gym", "accounts@fitclub.example", "Your membership bill is due",
        "Hello! Membership renewal of 49.99, in USD, to be settled no later than Oct 12, 2026. See you at the gym.",
        "2026-09-18T08:00:00-04:00", sender_name="FitClub")
    eml(mail, "gym2", "accounts@yogaplace.example", "Your membership bill is due",
        "Hello! Your renewal is coming up soon, settle it before the month ends.",
        "2026-09-18T09:00:00-04:00", sender_name="YogaPlace")
    # the first answer is grounded; the second invents an amount that is nowhere in the text
    tier2_model.enqueue(
        say(json.dumps({"is_bill": True, "amount_due": "49.99", "minimum_due": "", "currency": "USD",
                        "due_date_text": "Oct 12, 2026", "account_last4": "", "autopay": False,
                        "confidence": "high"})),
        say(json.dumps({"is_bill": True, "amount_due": "35.00", "minimum_due": "", "currency": "USD",
                        "due_date_text": "2026-09-30", "account_last4": "", "autopay": False,
                        "confidence": "high"})))
    report = load(cli, mail)
    outcome = {i["issuer"]: i for i in report["items"]}
    assert outcome["FitClub"]["outcome"] == "derived"
    assert outcome["YogaPlace"]["outcome"] == "skipped"
    assert "the model's amount '35.00' is not in the text" in outcome["YogaPlace"]["reason"]
    [item] = items(dues(cli))
    assert (item["issuer"], item["amount"], item["due_date"]) == ("FitClub", "49.99", "2026-10-12")
    assert "strict" not in tier2_model.requests[0].system  # the prompt asks for figures as written
    assert tier2_model.requests[0].format is not None


def test_dues_paid_by_hand_once_and_bad_input_is_one_line(cli: Any, tmp_path: Path) -> None:
    eml(tmp_path / "mail", "airtel", "ebill@airtel.in", "Your Airtel postpaid bill",
        "Amount due: Rs. 1,299.00. Due date: 05-10-2026. Mobile number ending 4455.", "2026-09-18T09:00:00+05:30")
    load(cli, tmp_path / "mail")
    [item] = items(dues(cli))
    assert (item["amount"], item["due_date"], item["kind"]) == ("1299.00", "2026-10-05", "telecom")
    marked = cli("--now", NOW, "--json", "dues", "paid", str(item["id"]))
    assert marked.code == 0 and marked.json()["status"] == "paid"
    assert "already paid" in run(cli, "dues", "paid", str(item["id"])).out
    assert items(dues(cli)) == []
    missing = cli("--now", NOW, "dues", "paid", "999")
    assert missing.code == 1 and missing.err.strip() == "steward: no due with id 999; `steward dues` lists them"
    bad = cli("--now", NOW, "dues", "--window", "soon")
    assert bad.code == 2 and "use 7d" in bad.err and len(bad.err.strip().splitlines()) == 1
    assert cli("--now", NOW, "dues", "extract", "--since", "ninety").code == 2


def test_accounts_list_the_cards_the_mail_shows_masked(cli: Any, tmp_path: Path) -> None:
    mail = tmp_path / "mail"
    eml(mail, "c1", "alerts@citi.com", "Your Citi card statement is ready",
        "Card ending 8080. Statement balance: $455.10. Payment due date: 09/28/2026.", "2026-09-03T08:00:00-04:00")
    eml(mail, "c2", "alerts@icicibank.com", "Transaction alert on your card XX9001",
        "INR 540.00 spent on your ICICI Bank Credit Card XX9001 at a shop.", "2026-09-10T08:00:00+05:30")
    load(cli, mail)
    data = json.loads(run(cli, "--json", "accounts").out)
    got = {(a["issuer"], a["kind"], a["account"]) for a in data["accounts"]}
    assert got == {("Citi", "card", "XXXX8080"), ("ICICI Bank", "card", "XXXX9001")}
    citi = next(a for a in data["accounts"] if a["issuer"] == "Citi")
    assert citi["latest_due"]["amount"] == "455.10" and citi["last_seen"].startswith("2026-09-03")


def test_the_sample_bills_give_the_exact_amounts_and_dates(cli: Any, tmp_path: Path) -> None:
    from steward.sample import generate, write_mbox

    now = datetime.fromisoformat("2026-09-14T23:53:00+05:30")
    mail = generate(now)
    assert cli("--now", now.isoformat(), "mail", "import", str(write_mbox(mail, tmp_path / "s.mbox"))).code == 0
    assert cli("--now", now.isoformat(), "dues", "extract", "--no-progress").code == 0
    got = {(i["issuer"], i["amount"], i["currency"], i["due_date"], i["overdue"])
           for g in cli("--now", now.isoformat(), "--json", "dues").json()["currencies"] for i in g["items"]}
    # what the sample says is still owed: each card's newest statement unless paid, and the open bills
    paid = {(m.facts["bank"], m.facts["due_date"]) for m in mail if m.kind == "payment_received"}
    newest: dict[str, Any] = {}
    for m in mail:
        if m.kind == "statement" and m.facts["due_date"] > newest.get(m.facts["bank"], {}).get("due_date", ""):
            newest[m.facts["bank"]] = m.facts
    expected = {(f["bank"], f["amount"], f["currency"], f["due_date"], False) for f in newest.values()
                if (f["bank"], f["due_date"]) not in paid}
    expected |= {(m.facts["issuer"], m.facts["amount"], m.facts["currency"], m.facts["due_date"],
                  m.facts["due_date"] < "2026-09-14") for m in mail if m.kind == "bill" and m.facts["status"] == "open"}
    assert got == expected
    assert {c for (_, _, c, _, _) in got} == {"EUR", "GBP", "INR", "USD"}


def test_a_dry_run_shows_what_would_be_derived_and_stores_nothing(cli: Any, tmp_path: Path) -> None:
    eml(tmp_path / "mail", "bt", "noreply@bt.com", "Your BT bill is ready",
        "Your BT Broadband bill of £55.99 is ready. Payment is due by 21/09/2026.", "2026-09-07T09:00:00+01:00")
    run(cli, "mail", "import", str(tmp_path / "mail"))
    dry = json.loads(run(cli, "--json", "dues", "extract", "--dry-run").out)
    assert dry["dry_run"] and dry["derived"] == 1 and dry["items"][0]["summary"] == "£55.99 due Mon, 21 Sept 2026"
    assert dues(cli)["currencies"] == []
    text = run(cli, "dues", "extract", "--no-progress").out
    assert text.startswith("derived 1 due(s)") and "BT: #1 £55.99 due Mon, 21 Sept 2026" in text
