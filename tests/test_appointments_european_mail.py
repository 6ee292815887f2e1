"""Booking mail as European businesses often write it: a confirmation in German on labelled "Datum:" and
"Uhrzeit:" lines, a studio app's booking in HTML alone with the day written 13.01.2027 and the coach in
the subject, a school's meeting with parents set unless they say the time does not suit, a practice's
"this confirms your ..." and its later move, and what none of these words make a booking of."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import booked, message, scan_mail
from test_appointments_mail_kinds import html_only

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

VIE = ZoneInfo("Europe/Vienna")
ZONE = "Europe/Vienna"
NOW = "2027-01-08T18:00:00+01:00"
SENT = datetime(2027, 1, 6, 11, 0, tzinfo=VIE)


def _scan(tmp_path: Path, cli: Any, mails: dict[str, bytes]) -> list[dict[str, Any]]:
    return scan_mail(tmp_path, cli, mails, NOW, ZONE)


def _proposed(items: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return booked(items, ("proposed", "created"))


def test_a_confirmation_in_german_on_labelled_lines_is_read_at_its_time(tmp_path: Path, cli: Any) -> None:
    body = ("Sehr geehrte Frau Berger,\n\nhiermit bestätigen wir Ihren Termin:\n\nDatum: Dienstag, 12.01.2027\n"
            "Uhrzeit: 13:00 - 15:00 Uhr\nLeistung: Überprüfung der Elektroanlage\nOrt: Mariahilfer Straße 3, "
            "1060 Wien\n\nMit freundlichen Grüßen\nElektro Hofer GmbH")
    items = _scan(tmp_path, cli, {"a": message("eh-1@hofer.example", ("Elektro Hofer GmbH", "office@hofer.example"),
                                               "Terminbestätigung", body, SENT)})
    assert _proposed(items) == [("Elektro Hofer GmbH", "2027-01-12T13:00:00+01:00")]


def test_a_studio_apps_html_booking_is_the_studios_not_the_coachs(tmp_path: Path, cli: Any) -> None:
    html = ("<html><body><div style='background:#222;color:#fff'>NORDWAND CLIMBING</div><p>Hi Eva, you're booked!"
            "</p><p><b>Strength workout (45 min)</b><br>Coach: Jonas<br>Wed, 13.01.2027 &middot; 07:15<br>"
            "Nordwand Climbing Gym, Gürtel 12</p><p>Free cancellation up to 12 hours before.</p></body></html>")
    items = _scan(tmp_path, cli, {"a": html_only("nw-1@nordwand.example", ("Nordwand Climbing Gym",
                                                                           "app@nordwand.example"),
                                                 "Booked: Strength workout with Jonas", html, SENT)})
    assert _proposed(items) == [("Nordwand Climbing Gym", "2027-01-13T07:15:00+01:00")]


def test_a_schools_meeting_set_unless_the_time_does_not_suit_is_read_from_its_lines(
        tmp_path: Path, cli: Any) -> None:
    body = ("Dear Mr and Mrs Jansen,\n\nwe would like to invite you to the parents' evening talk about Noor's "
            "first term.\n\nDate: 14.01.2027\nTime: 16:40 - 16:55\nRoom: 2B\n\nPlease let us know if the time "
            "does not suit you.\n\nKind regards,\nVolksschule Lindengasse")
    items = _scan(tmp_path, cli, {"a": message("vs-1@lindengasse.example", ("Volksschule Lindengasse",
                                                                            "direktion@lindengasse.example"),
                                               "Parents' evening for Noor", body, SENT)})
    assert _proposed(items) == [("Volksschule Lindengasse", "2027-01-14T16:40:00+01:00")]


def test_a_practices_this_confirms_is_a_booking_and_its_later_move_moves_it(tmp_path: Path, cli: Any) -> None:
    practice = ("Massage Praxis Lerch", "termine@praxis-lerch.example")
    items = _scan(tmp_path, cli, {
        "a": message("pl-1@lerch.example", practice, "Your appointment at Massage Praxis Lerch",
                     "Hello Eva,\n\nthis confirms your sports massage (50 min) with Karin on Monday 11 January at "
                     "09:00.\nMassage Praxis Lerch, Zieglergasse 8.", SENT),
        "b": message("pl-2@lerch.example", practice, "Change to your appointment",
                     "Hello Eva,\n\nKarin is ill on Monday, so we have moved your massage from Mon 11 Jan at 09:00 "
                     "to Thursday 14 January at 17:30.", datetime(2027, 1, 8, 9, 0, tzinfo=VIE)),
    })
    assert not [i for i in items if i["reason"] == "unmatched_move"], items
    assert ("Massage Praxis Lerch", "2027-01-14T17:30:00+01:00") in _proposed(items)
    assert ("Massage Praxis Lerch", "2027-01-11T09:00:00+01:00") not in _proposed(items)


@pytest.mark.parametrize(("sender", "subject", "body"), [
    # an event announced to many, its day and hour on lines of their own: nobody booked it
    (("Bezirksmuseum", "info@bezirksmuseum.example"), "Adventmarkt im Hof",
     "Liebe Freundinnen und Freunde des Museums,\n\nunser Adventmarkt:\nDatum: 16.01.2027\nUhrzeit: 15:00\n"
     "Ort: Innenhof"),
    # a friend's party, with a confirmation word only about something else
    (("Jo Brandt", "jo@mailbox.example"), "Turning 40!",
     "Hey Eva,\n\nthe venue is confirmed: party on Saturday 16 January from 8pm at Bar Lindwurm. If you cannot "
     "come, no stress.\n\nJo"),
])
def test_mail_that_books_nothing_proposes_nothing(tmp_path: Path, cli: Any, sender: tuple[str, str], subject: str,
                                                  body: str) -> None:
    assert _proposed(_scan(tmp_path, cli, {"a": message("n-1@x.example", sender, subject, body, SENT)})) == []


def test_a_booking_forwarded_by_someone_else_is_the_first_senders_at_its_time(tmp_path: Path, cli: Any) -> None:
    body = ("Can you take Tiago? I'm in Porto that day. M\n\n---------- Forwarded message ---------\n"
            "From: Clínica Dental Sorriso <marcacoes@sorriso.example>\nDate: Tue, 5 Jan 2027 10:12:00 +0000\n"
            "Subject: Your appointment is confirmed\nTo: Marta Silva <marta@home.example>\n\nDear Marta,\n\n"
            "your appointment for Tiago is confirmed for Thursday 14 January 2027 at 15:30.\n"
            "Clínica Dental Sorriso, Rua Augusta 100")
    items = _scan(tmp_path, cli, {"a": message("fw-1@home.example", ("Marta Silva", "marta@home.example"),
                                               "Fwd: Your appointment is confirmed", body, SENT)})
    assert _proposed(items) == [("Clínica Dental Sorriso", "2027-01-14T15:30:00+01:00")]


def test_the_message_inside_a_forward_is_read_from_its_own_header_in_any_layout() -> None:
    from steward.mail.forwarded import unwrap

    apple = ("See below\n\nBegin forwarded message:\n\n> From: \"Kinderturnen TSV\" <info@tsv.example>\n"
             "> Subject: Training moved\n> Date: 7 January 2027 at 18:02:11 CET\n> To: eva@home.example\n>\n"
             "> Hello parents,\n> training is on Friday this week.")
    inner = unwrap(apple)
    assert inner is not None and (inner.sender, inner.sender_name, inner.subject) == (
        "info@tsv.example", "Kinderturnen TSV", "Training moved")
    assert inner.text.startswith("Hello parents,\ntraining is on Friday")
    german = ("-------- Weitergeleitete Nachricht --------\nBetreff: Termin\nDatum: Thu, 07 Jan 2027 09:00:00 +0100\n"
              "Von: Praxis Dr. Aigner <praxis@aigner.example>\nAn: eva@home.example\n\nIhr Termin ist bestätigt.")
    inner = unwrap(german)
    assert inner is not None and inner.sender == "praxis@aigner.example" and inner.sent is not None
    assert inner.text == "Ihr Termin ist bestätigt."
    assert unwrap("Just a note, nothing forwarded.\nFrom: me") is None


def test_a_booking_laid_out_in_table_cells_is_read_from_its_label_and_value_lines(tmp_path: Path, cli: Any) -> None:
    html = ("<html><body><p>Guten Tag Frau Berger, Ihr Termin ist bestätigt.</p><table>"
            "<tr><td>Leistung</td><td>Haarschnitt</td></tr><tr><td>Datum</td><td>Mo, 11.01.2027</td></tr>"
            "<tr><td>Uhrzeit</td><td>10:30</td></tr><tr><td>Salon</td><td>Wollzeile 5</td></tr></table>"
            "<dl><dt>Stornierung</dt><dd>kostenlos bis 24 Stunden vorher</dd></dl></body></html>")
    items = _scan(tmp_path, cli, {"a": html_only("sf-1@salon.example", ("Salon Feder", "termine@salon-feder.example"),
                                                 "Ihr Termin bei Salon Feder", html, SENT)})
    assert _proposed(items) == [("Salon Feder", "2027-01-11T10:30:00+01:00")]
