"""Phishing never acts: forged senders' bills and bookings give no due, no event, no proposal."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))


def test_forged_senders_are_marked_and_nothing_acts_on_them_while_the_real_ones_are_read() -> None:
    from phishing import evaluate

    r = evaluate()
    forged, real = r["forged"], r["real"]
    assert forged["messages"] >= 30 and forged["marked_phishing"] == forged["messages"]
    assert forged["acted_on"] == 0
    # the same lures from the institutions' own domains are bills and bookings: the set tests something
    assert real["marked_phishing"] == 0 and real["dues"] > 0 and real["events"] > 0
