"""`steward serve` with a live IMAP account: the heartbeat syncs it, the API reads bodies live over IMAP."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from dovecot_server import configure, make_message
from serve_helpers import serving

pytestmark = pytest.mark.server

SECRET_LINE = "The gate code for the holiday cottage is 4417, keep it to yourself please."


def test_serve_syncs_new_server_mail_and_reads_bodies_over_imap(dovecot: Any, steward_home: Path) -> None:
    dovecot.append([make_message(1), make_message(2, subject="Cottage booking confirmed", body=SECRET_LINE)])
    configure(steward_home, dovecot, extra='[mail]\nsync_every = "1m"\n')
    with serving(steward_home, env={"IMAP_TEST_PW": "secret-pw"}) as s, s.client() as c:
        deadline = time.monotonic() + 60
        while not (hits := c.get("/mail/search", params={"q": "cottage", "mode": "lexical"}).json()["hits"]):
            assert time.monotonic() < deadline, s.log()
            time.sleep(0.3)
        [hit] = hits
        assert hit["subject"] == "Cottage booking confirmed"
        message = c.get(f"/mail/{hit['id']}").json()
        assert SECRET_LINE in message["body"] and message["source"].startswith("imap home/INBOX")
        jobs = {j["name"]: j for j in c.get("/health").json()["jobs"]}
        assert jobs["mail-sync"]["runs"] >= 1 and jobs["mail-sync"]["failures"] == 0
    assert "gate code" not in s.log()  # the body went to the client, not to the log
