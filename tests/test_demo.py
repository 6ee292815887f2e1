"""`steward demo`: a demo home from the sample mailbox, in the home asked for, built once."""

from __future__ import annotations

from pathlib import Path


def test_demo_builds_the_home_once_and_summarises_it(cli, tmp_path: Path) -> None:
    home = tmp_path / "demo-home"
    first = cli("--home", str(home), "demo", "--no-serve", "--now", "2026-09-14T09:00:00+05:30", "--json")
    assert first.code == 0, first.err
    data = first.json()
    assert data["home"] == str(home) and 450 <= data["messages"] == data["added"]
    assert (home / "steward.db").exists() and (home / "config.toml").exists()
    money = data["sections"]["Money: statements, payment reminders, AutoPay"]
    assert any("Kaveri Bank" in line["text"] for line in money)
    # the invoice scam, and a booking from a lookalike of the dentist's domain
    phishing = sorted(line["text"] for line in data["sections"]["Looks like phishing"])
    assert len(phishing) == 2 and phishing[0].startswith("Lakeside Dental") and "Invoice" in phishing[1]
    # the recent bookings were read: they wait for a yes (none from the lookalike, the invitation or the
    # cancelled haircut)
    waiting = " ".join(line["text"] for line in data["sections"][
        "Appointments waiting for your yes (steward appointments accept ID)"])
    for name in ("Saffron Table", "ClearSight Eye Care", "Pawsome Vets", "Riverside Physio"):
        assert name in waiting
    assert "Lakeside" not in waiting and "Sharp Cuts" not in waiting and "Book club" not in waiting
    again = cli("--home", str(home), "demo", "--no-serve", "--json").json()
    assert again["added"] == 0 and again["messages"] == data["messages"]
    # the demo mail is readable: its source lives in the home
    some_id = money[0]["ids"][0]
    shown = cli("--home", str(home), "mail", "read", str(some_id), "--json")
    assert shown.code == 0 and shown.json()["body"]
    text = cli("--home", str(home), "demo", "--no-serve")
    assert "Sample mailbox" in text.out and "Appointments:" in text.out
