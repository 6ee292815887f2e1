"""The consumer's decisions, one test per reason a candidate is turned down, and the patterns."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from steward.appointments.consumer import Live, Window, decide, near, resolve_source, stated_weekday
from steward.appointments.model import Accepted, Candidate, Rejected, fingerprint, normalise, unsafe
from steward.appointments.patterns import find_candidates, load_cues
from steward.clock import make_clock
from steward.records.appointments import MessageMeta

IST = ZoneInfo("Asia/Kolkata")
NOW = datetime(2026, 9, 14, 23, 53, tzinfo=IST)
CLOCK = make_clock("Asia/Kolkata", NOW)
WINDOW = Window(NOW - timedelta(days=14), NOW)
CUES = load_cues()
SUBJECT = "Appointment confirmed: Lakeside Dental"
SENTENCE = "Your dental cleaning with Dr. Mehta is confirmed for Thursday 17 September at 4:30 PM."


def meta(subject: str = SUBJECT, snippet: str = SENTENCE, *, id: int = 1, sender_name: str = "Lakeside Dental",
         received: datetime = NOW - timedelta(days=2), category: str = "appointment") -> MessageMeta:
    return MessageMeta(id=id, key=f"m{id}@dental.example", sender="appointments@lakesidedental.example",
                       sender_name=sender_name, subject=subject, snippet=snippet, received_at=received,
                       category=category)


def live_of(m: MessageMeta, body: str | None = None) -> Live:
    return Live(normalise(f"{m.sender_name} {m.sender} {m.subject} {body if body is not None else m.snippet}"))


def candidate(**kw: object) -> Candidate:
    base = Candidate(provider="Lakeside Dental", start="Thursday 17 September at 4:30 PM", excerpt=SENTENCE,
                     origin="model")
    return replace(base, **kw)  # type: ignore[arg-type]


def decided(c: Candidate, m: MessageMeta | None = None, live: Live | None | str = "same") -> Accepted | Rejected:
    m = m or meta()
    shown = live_of(m) if live == "same" else live
    assert not isinstance(shown, str)
    return decide(c, m, shown, clock=CLOCK, window=WINDOW, cues=CUES)


def reason(c: Candidate, m: MessageMeta | None = None, live: Live | None | str = "same") -> str:
    out = decided(c, m, live)
    assert isinstance(out, Rejected), out
    return out.reason


def test_a_confirmation_is_accepted_on_the_users_clock_for_an_hour() -> None:
    out = decided(candidate())
    assert isinstance(out, Accepted)
    assert out.start == datetime(2026, 9, 17, 16, 30, tzinfo=IST)
    assert out.end - out.start == timedelta(hours=1)
    assert out.fingerprint == fingerprint("lakeside  DENTAL", out.start)


def test_the_source_is_exactly_one_message_holding_provider_and_excerpt() -> None:
    one, other = meta(id=1), meta(id=2, snippet="Your cleaning is at 4:30 PM.")
    assert resolve_source(candidate(), [one, other]) == one
    assert resolve_source(candidate(), [other]).reason == "no_source"  # type: ignore[union-attr]
    twin = meta(id=3)
    assert resolve_source(candidate(), [one, twin]).reason == "ambiguous_source"  # type: ignore[union-attr]
    # the provider alone is not enough, nor the excerpt alone
    assert resolve_source(candidate(provider="CityCare Clinic"), [one]).reason == "no_source"  # type: ignore[union-attr]


def test_a_message_id_written_into_the_excerpt_finds_no_source() -> None:
    wrong = candidate(excerpt=f"{SENTENCE} (message <m7@dental.example>)")
    assert resolve_source(wrong, [meta()]).reason == "no_source"  # type: ignore[union-attr]


def test_the_live_message_must_still_hold_the_evidence_and_the_provider() -> None:
    m = meta()
    assert reason(candidate(), m, None) == "source_gone"
    assert reason(candidate(), m, Live(normalise("Lakeside Dental: your bill"))) == "evidence_not_in_source"
    assert reason(candidate(), m, Live(normalise(SENTENCE))) == "provider_not_in_source"


@pytest.mark.parametrize(("subject", "snippet", "why"), [
    ("Cancelled: your appointment at Lakeside Dental", SENTENCE, "cancellation"),
    ("Rescheduled: your appointment at Lakeside Dental", SENTENCE, "reschedule"),
    ("Request received: Lakeside Dental", SENTENCE, "tentative"),
    ("You are on the waitlist at Lakeside Dental", SENTENCE, "waitlist"),
    ("Invitation: cleaning at Lakeside Dental", SENTENCE, "invitation"),
])
def test_cancellations_reschedules_tentative_waitlists_and_invitations_are_not_confirmations(
        subject: str, snippet: str, why: str) -> None:
    assert reason(candidate(), meta(subject, snippet)) == why


def test_a_structured_status_is_honoured_and_a_person_asking_is_an_invitation() -> None:
    for status, why in (("cancelled", "cancellation"), ("rescheduled", "reschedule"), ("tentative", "tentative"),
                        ("waitlist", "waitlist"), ("invitation", "invitation")):
        assert reason(candidate(status=status)) == why
    friend = meta(sender_name="Priya Sharma", category="personal",
                  snippet=f"Lakeside Dental: {SENTENCE}")
    assert reason(candidate(excerpt=f"Lakeside Dental: {SENTENCE}"), friend) == "invitation"


def test_the_weekday_written_must_fall_on_the_date() -> None:
    wrong_day = "Your dental cleaning is confirmed for Tuesday 17 September at 4:30 PM."
    m = meta(snippet=wrong_day)
    assert reason(candidate(start="Tuesday 17 September at 4:30 PM", excerpt=wrong_day), m) == "weekday_mismatch"
    # the model's weekday is wrong while the mail's is right
    assert reason(candidate(start="Friday 17 September at 4:30 PM")) == "weekday_mismatch"
    assert stated_weekday("Thu 17 Sep") == 3 and stated_weekday("17 Sep at 4:30 PM") is None


def test_the_message_must_say_that_date_and_time() -> None:
    assert reason(candidate(start="Thursday 17 September at 5:30 PM")) == "time_mismatch"
    assert reason(candidate(start="Thursday 17 September")) == "no_time"
    assert reason(candidate(start="soon")) == "no_start"


def test_an_old_message_or_a_start_already_past_is_refused() -> None:
    assert reason(candidate(), meta(received=NOW - timedelta(days=20))) == "stale_message"
    early = "Your cleaning with Dr. Mehta at Lakeside Dental is confirmed for Monday 14 September at 10:00 AM."
    assert reason(candidate(start="Monday 14 September at 10:00 AM", excerpt=early), meta(snippet=early)) == "past_start"


def test_links_email_addresses_and_phone_numbers_are_refused_not_copied() -> None:
    with_phone = f"{SENTENCE} Call +91 80 4123 9876 to change it."
    assert reason(candidate(excerpt=with_phone), meta(snippet=with_phone)) == "unsafe_evidence"
    assert reason(candidate(location="see https://maps.example/xyz")) == "unsafe_location"
    assert reason(candidate(location="desk@lakesidedental.example")) == "unsafe_location"
    assert reason(candidate(provider="www.lakeside.example")) == "unsafe_provider"
    assert not unsafe("14 Lake Road, Suite 5") and not unsafe("on 2026-09-17 at 16:30")
    out = decided(candidate(location="14 Lake   Road"))
    assert isinstance(out, Accepted) and out.location == "14 Lake Road"


def test_a_missing_field_is_a_bad_candidate() -> None:
    assert reason(candidate(provider=" ")) == "bad_candidate"
    assert reason(candidate(excerpt="")) == "bad_candidate"


def structured(**kw: object) -> Candidate:
    start = kw.pop("start_at", datetime(2026, 9, 20, 19, 30, tzinfo=IST))
    base = Candidate(provider="Saffron Table", start=str(start), excerpt="Saffron Table", origin="schema",
                     start_at=start, what="reservation")  # type: ignore[arg-type]
    return replace(base, **kw)  # type: ignore[arg-type]


def test_structured_times_keep_their_zone_travel_converts_and_a_floating_travel_time_is_skipped() -> None:
    m = meta(subject="Your table at Saffron Table", snippet="See you soon")
    local = structured()
    assert isinstance(decided(local, m, Live("", (local,))), Accepted)
    abroad = structured(start_at=datetime(2026, 9, 20, 19, 30, tzinfo=ZoneInfo("Europe/Paris")))
    assert reason(abroad, m, Live("", (abroad,))) == "foreign_zone"
    flight = structured(start_at=datetime(2026, 9, 20, 9, 0, tzinfo=ZoneInfo("Europe/Paris")), travel=True,
                        provider="AF 218", what="flight")
    out = decided(flight, m, Live("", (flight,)))
    assert isinstance(out, Accepted) and out.start == datetime(2026, 9, 20, 12, 30, tzinfo=IST)
    floating = structured(start_at=datetime(2026, 9, 20, 9, 0), floating=True, travel=True)
    assert reason(floating, m, Live("", (floating,))) == "travel_zone_missing"
    dinner = structured(start_at=datetime(2026, 9, 20, 20, 0), floating=True)
    out = decided(dinner, m, Live("", (dinner,)))
    assert isinstance(out, Accepted) and out.start == datetime(2026, 9, 20, 20, 0, tzinfo=IST)
    # read again, the markup no longer holds it
    assert reason(local, m, Live("", ())) == "evidence_not_in_source"


def test_near_matches_a_hand_made_title_naming_the_provider() -> None:
    assert near("Lakeside Dental", "Dentist - lakeside dental")
    assert not near("Lakeside Dental", "Lakeside walk")


def test_patterns_read_confirmations_and_name_what_is_not_one() -> None:
    m = meta(subject="Appointment confirmed: Lakeside Dental, Thu 17 Sep at 04:30 PM",
             snippet="Your appointment with Dr. Mehta at Lakeside Dental is confirmed for Thursday, 17 September "
                     "2026 at 04:30 PM. Address: 14 Lake Road. Please arrive ten minutes early.")
    found = find_candidates(m, CUES, CLOCK)
    assert [(c.provider, c.status, c.location) for c in found] == [("Lakeside Dental", "confirmed", "14 Lake Road")]
    assert isinstance(decide(found[0], m, live_of(m), clock=CLOCK, window=WINDOW, cues=CUES), Accepted)
    moved = meta(subject="Rescheduled: your appointment at Lakeside Dental",
                 snippet="Your appointment at Lakeside Dental has been rescheduled from Thursday, 17 September at "
                         "04:30 PM to Friday, 18 September 2026 at 10:00 AM.")
    (c,) = find_candidates(moved, CUES, CLOCK)
    assert c.status == "rescheduled" and c.was and "17 September" in c.was and "18 September" in c.start
    parcel = meta(subject="Your parcel is out for delivery", snippet="It will arrive today between 2 pm and 6 pm.",
                  sender_name="Parcel Express")
    assert find_candidates(parcel, CUES, CLOCK) == []


def test_a_practices_note_that_a_pet_or_a_child_is_all_set_for_a_visit_books_it() -> None:
    m = meta(subject="Time for Pepper's checkup", sender_name="Maple Leaf Vets",
             snippet="Hi Ana, Pepper is all set for her dental exam on Thu, Sep 17 at 9:45 AM with Dr. Ruiz.")
    (c,) = find_candidates(m, CUES, CLOCK)
    assert c.provider == "Maple Leaf Vets" and "17" in c.start
    assert isinstance(decide(c, m, live_of(m), clock=CLOCK, window=WINDOW, cues=CUES), Accepted)


def test_a_moves_new_time_run_into_a_number_to_call_is_read_without_the_number() -> None:
    m = meta(subject="Your appointment has been moved",
             snippet="Sorry, Dr. Mehta is away, so we moved your cleaning. New date: Friday, September 18, 2026 "
                     "New time: 11:40 AM If that doesn't suit, call us at (080) 555-0199 and we'll find another time.")
    (c,) = find_candidates(m, CUES, CLOCK)
    assert c.status == "rescheduled" and "11:40 AM" in c.excerpt and not unsafe(c.excerpt)
    assert "555" not in c.excerpt
