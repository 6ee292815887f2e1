"""`steward serve`'s dues job: new bill mail read after a sync, and one 'due in 3 days' notice per due,
across restarts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mail_files import eml
from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load
from steward.web.jobs import read_dues, scheduled_jobs


def app_at(now: str) -> Any:
    paths = resolve_paths(None)
    return build_app(load(paths.config_file), make_clock("America/New_York", now), paths)


def pass_at(now: str) -> None:
    app = app_at(now)
    try:
        read_dues(app)
    finally:
        app.close()


def test_a_due_is_noticed_once_within_three_days_across_restarts(cli: Any, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    eml(tmp_path / "mail", "chase", "no.reply.alerts@chase.com", "Your Chase credit card statement is ready",
        "Card ending in 4417. New balance: $1,842.17. Payment due date: 10/05/2026.", "2026-09-12T08:00:00-04:00")
    eml(tmp_path / "mail", "geico", "billing@geico.com", "Your GEICO premium is due",
        "Your auto policy premium of $212.00 is due on 10/20/2026. It will be debited from your account.",
        "2026-09-14T08:00:00-04:00")
    assert cli("--now", "2026-09-20T10:00:00-04:00", "mail", "import", str(tmp_path / "mail")).code == 0
    assert any(job.name == "dues" for job in scheduled_jobs(load(resolve_paths(None).config_file)))

    pass_at("2026-09-25T09:00:00-04:00")  # the first pass reads the bills; ten days out: no notice yet
    assert "Payment due" not in capsys.readouterr().out
    assert cli("--now", "2026-09-25T09:00:00-04:00", "--json", "dues").json()["currencies"][0]["total_due"] == \
        "2054.17"

    pass_at("2026-10-02T09:00:00-04:00")
    out = capsys.readouterr().out
    assert out.count("Payment due in 3 days") == 1 and "Chase card XXXX4417: US$1,842.17 due Mon 5 Oct" in out
    assert "GEICO" not in out

    pass_at("2026-10-02T09:05:00-04:00")  # a restart: nothing again
    pass_at("2026-10-04T09:00:00-04:00")
    assert "Chase" not in capsys.readouterr().out

    pass_at("2026-10-18T09:00:00-04:00")
    out = capsys.readouterr().out
    assert "GEICO insurance: US$212.00 due Tue 20 Oct (will be debited)" in out and "Chase" not in out
