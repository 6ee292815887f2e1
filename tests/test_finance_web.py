"""Money over HTTP: GET /dues by currency, GET /accounts, POST /dues/{id}/paid, and the page's Money view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mail_files import eml
from serve_helpers import in_process

NOW = "2026-09-20T10:00:00-04:00"
BASE = "http://127.0.0.1:8765"


@pytest.fixture
def client(cli: Any, steward_home: Path, tmp_path: Path) -> Iterator[TestClient]:
    mail = tmp_path / "mail"
    eml(mail, "chase", "no.reply.alerts@chase.com", "Your Chase credit card statement is ready",
        "Card ending in 4417. New balance: $1,842.17. Payment due date: 10/05/2026.", "2026-09-12T08:00:00-04:00")
    eml(mail, "barclay", "statements@barclaycard.co.uk", "Your Barclaycard statement",
        "Statement balance: £410.00. Pay by 15/09/2026. Card ending 9001.", "2026-08-28T08:00:00+01:00")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0
    assert cli("--now", NOW, "dues", "extract", "--no-progress").code == 0
    with TestClient(in_process(steward_home, NOW), base_url=BASE) as c:  # type: ignore[arg-type]
        yield c


def test_dues_by_currency_overdue_flagged_and_the_cli_shape(client: TestClient, cli: Any) -> None:
    data = client.get("/dues").json()

    def cli_fields(value: Any) -> Any:  # the page's sums and days written in the locale sit beside the CLI's
        if isinstance(value, dict):
            return {k: cli_fields(v) for k, v in value.items() if not k.endswith("_text")}
        return [cli_fields(v) for v in value] if isinstance(value, list) else value

    assert cli_fields(data) == cli("--now", NOW, "--json", "dues").json()
    assert data["currencies"][0]["total_text"] == "£410.00" and data["chart_text"].startswith("What falls due")
    by = {g["currency"]: g for g in data["currencies"]}
    assert (by["GBP"]["total_due"], by["GBP"]["overdue_total"]) == ("410.00", "410.00")
    assert by["GBP"]["items"][0]["overdue"] is True and by["USD"]["items"][0]["overdue"] is False
    only = client.get("/dues", params={"window": "7d"}).json()
    assert [g["currency"] for g in only["currencies"]] == ["GBP"]  # overdue shows whatever the window
    bad = client.get("/dues", params={"window": "soon"})
    assert bad.status_code == 422 and "use 7d" in bad.json()["message"]


def test_accounts_and_marking_paid(client: TestClient) -> None:
    accounts = client.get("/accounts").json()["accounts"]
    assert {(a["issuer"], a["account"]) for a in accounts} == {("Chase", "XXXX4417"), ("Barclaycard", "XXXX9001")}
    gbp = next(g for g in client.get("/dues").json()["currencies"] if g["currency"] == "GBP")["items"][0]
    assert client.post(f"/dues/{gbp['id']}/paid", json={}).json()["status"] == "paid"
    assert [g["currency"] for g in client.get("/dues").json()["currencies"]] == ["USD"]
    assert client.post("/dues/999/paid", json={}).status_code == 404
    assert client.post(f"/dues/{gbp['id']}/paid", json={}, headers={"origin": "https://evil.example"}).status_code == 403


def test_the_page_has_a_money_view_whose_dues_link_to_their_mail(client: TestClient) -> None:
    page = client.get("/").text
    assert 'id="money"' in page and "Money" in page
    script = client.get("/static/app.js").text
    assert "/dues" in script and "due.source.message_id" in script
    usd = next(g for g in client.get("/dues").json()["currencies"] if g["currency"] == "USD")["items"][0]
    shown = client.get(f"/mail/{usd['source']['message_id']}").json()
    assert "New balance: $1,842.17" in shown["body"]
