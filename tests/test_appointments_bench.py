"""bench/appointments.py run as tests: the labelled set (0 wrong writes, recall >= 90%), and Thunderbird's
invitations, updates and cancellations never read as bookings."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

pytestmark = pytest.mark.slow


def test_the_labelled_set_writes_nothing_wrong_and_finds_nine_in_ten(tmp_path: Path) -> None:
    from appointments import evaluate_labelled, load_labelled

    data = load_labelled()
    assert len(data.messages) >= 50
    kinds = Counter(m.kind for m in data.messages)
    for kind in ("confirmation", "cancellation", "reschedule", "invitation", "parcel", "receipt"):
        assert kinds[kind] >= 3, kind
    score = evaluate_labelled(tmp_path / "home", data)
    assert score.wrong == []  # the bar: no event the mail does not prove
    assert score.recall >= 0.9, score.missed
    # every format was read: iCalendar, JSON-LD, microdata and plain text
    assert {"cancellation", "invitation", "reschedule", "suspicious_sender"} <= set(score.reasons)


def test_thunderbird_invitations_updates_and_cancellations_are_never_bookings(shared_data: Path,
                                                                              tmp_path: Path) -> None:
    folder = shared_data / "thunderbird-invitations"
    if not folder.is_dir():
        pytest.skip("shared/data/thunderbird-invitations is not present")
    from appointments import thunderbird, thunderbird_writes

    found = {f.name: f.statuses for f in thunderbird(folder)}
    itip = {name: statuses for name, statuses in found.items()
            if name.startswith(("cancel", "exception", "repeat", "update", "single", "outlook", "teams", "meet",
                                "event-with"))}
    assert len(itip) >= 12
    assert not [name for name, statuses in itip.items() if "confirmed" in statuses], itip
    assert sum(1 for statuses in itip.values() if statuses) >= 12  # read, and named for what they are
    assert found["cancel-single-event.eml"] == ("cancelled",)
    assert found["cancel-repeat-event.eml"] == ()  # its DTSTART is missing on purpose: nothing to read
    # scanned on each message's own day, only the shop's published booking (a haircut) is written
    written = thunderbird_writes(tmp_path / "home", folder)
    assert written == ["ExampleStore 2016-09-01 06:25:00+00:00"], written


def test_kitinerary_and_thunderbird_mail_proposes_nothing_wrong_and_no_cancellation(shared_data: Path) -> None:
    if not (shared_data / "kitinerary").is_dir():
        pytest.skip("shared/data/kitinerary is not present")
    from travel import evaluate

    run, mails, _ = evaluate(shared_data)
    assert mails >= 100
    assert run.negative_mails >= 19 and run.negative_proposals == 0, run.notes
    assert sum(t.wrong for t in run.kinds.values()) == 0, run.notes  # a booking at a wrong time: the bar
    assert run.kinds["flight"].right >= 34 and run.kinds["train"].right >= 27  # as measured; more is welcome
