"""Mail and talk as people in Nigeria write them, in an Abuja home: a visa centre's appointment asked as "the visa
appointment" beside a Visa card is the appointment, never the card, and its reference is read out whole; an estate's
service charge demand, a school's term fees and a TV subscription that expires unless renewed are bills owed, with
naira written "N150,000.00"; money a person sent is read from the bank's credit alert that names them, and the
account's balance from the newest alert; a beauty lounge's cancelled visit is said cancelled when asked of as the
salon, and a booking's number called its ID is its reference. A home in Abuja with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App

NOW = "2028-03-06T08:00:00+01:00"  # Monday 6 March 2028, in Abuja
ZONE = ZoneInfo("Africa/Lagos")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2028, 3, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Africa/Lagos", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "card": message("c1@zenithgate.example", ("Zenithgate Bank", "statements@zenithgate.example"),
                        "Your Zenithgate Visa Platinum statement",
                        "Dear Customer,\n\nYour Zenithgate Visa Platinum statement is ready.\nCard ending 6620\n"
                        "Closing balance: NGN 214,300.00\nMinimum payment due: NGN 21,430.00\n"
                        "Payment due date: 24/03/2028\n\nZenithgate Bank", _sent(1)),
        "visa": message("v1@transglobe.example", ("TransGlobe Visa Services", "noreply@transglobe.example"),
                        "Appointment confirmed - Schengen visa application",
                        "Dear Applicant,\n\nYour appointment at the TransGlobe Visa Application Centre is confirmed."
                        "\n\nDate: 09/03/2028\nTime: 10:30am\nLocation: TransGlobe Visa Application Centre, 4 Aguiyi "
                        "Ironsi Street, Maitama, Abuja\nReference: TGV-NG-70431186\n\nPlease bring your passport and "
                        "printed application form.\n\nTransGlobe Visa Services", _sent(2)),
        "estate": message("e1@cedarcourt.example", ("Cedar Court Residents Association", "finance@cedarcourt.example"),
                          "DEMAND NOTICE: Service Charge for April - June 2028",
                          "Dear Resident,\n\nRE: SERVICE CHARGE FOR APRIL - JUNE 2028\n\nFlat: B4 Cedar Court\n"
                          "Security and waste: N120,000.00\nGenerator diesel: N30,000.00\nTOTAL: N150,000.00\n\n"
                          "Kindly pay on or before 31st March, 2028 into the Association's account.\n\nTreasurer",
                          _sent(3)),
        "school": message("s1@brightpath.example", ("Brightpath Academy", "accounts@brightpath.example"),
                          "Third Term 2027/2028 School Fees",
                          "Dear Parent,\n\nTHIRD TERM FEES\nTuition: N350,000.00\nBus: N40,000.00\n"
                          "TOTAL PAYABLE: N390,000.00\n\nKindly pay on or before 17/04/2028 to secure your ward's "
                          "place.\n\nBursar", _sent(3, 11)),
        "decoder": message("d1@skybox.example", ("SkyBox TV", "billing@skybox.example"),
                           "Your SkyBox subscription expires soon",
                           "Hello Customer,\n\nYour SkyBox Family package on decoder 66120983 expires on 10/03/2028. "
                           "Renew now with NGN 9,900.00 to keep watching.\n\nSkyBox TV", _sent(4)),
        "ngozi": message("n1@lagoonmail-demo.example", ("Ngozi Adebayo", "ngozi.adebayo@lagoonmail-demo.example"),
                         "rent share", "Hi dear, I've sent my half of the rent. Pls confirm when you see it.", _sent(4, 8)),
        "credit": message("a1@zenithgate.example", ("Zenithgate Alerts", "alerts@zenithgate.example"),
                          "Zenithgate Credit Alert [NGN 210,000.00]",
                          "Dear Customer,\n\nA credit transaction occurred on your account.\n\nAccount Number: "
                          "20******41\nTransaction Type: Credit\nAmount: NGN 210,000.00\nValue Date: 04/03/2028\n"
                          "Description: TRF FROM NGOZI ADEBAYO/RENT SHARE\nAvailable Balance: NGN 655,120.50\n\n"
                          "Thank you for banking with us.", _sent(4, 10)),
        "debit": message("a2@zenithgate.example", ("Zenithgate Alerts", "alerts@zenithgate.example"),
                         "Zenithgate Debit Alert [NGN 12,500.00]",
                         "Dear Customer,\n\nA debit transaction occurred on your account.\n\nAccount Number: "
                         "20******41\nTransaction Type: Debit\nAmount: NGN 12,500.00\nValue Date: 05/03/2028\n"
                         "Description: POS PURCHASE GREENLEAF STORES WUSE\nAvailable Balance: NGN 642,620.50\n\n"
                         "Thank you for banking with us.", _sent(5, 18)),
        "braids": message("b1@silkbeauty.example", ("Silk Touch Beauty Lounge", "hello@silkbeauty.example"),
                          "Booking confirmed - Silk Touch Beauty Lounge",
                          "Hi! Your cornrows with Tope are booked for Fri, 10 Mar by 11am. Deposit received: N5,000. "
                          "Silk Touch Beauty Lounge, 3 Gana Street, Maitama.", _sent(1, 20)),
        "braids_off": message("b2@silkbeauty.example", ("Silk Touch Beauty Lounge", "hello@silkbeauty.example"),
                              "Booking cancelled - Silk Touch Beauty Lounge",
                              "Good morning ma, so sorry, Tope is unwell so we have to cancel your cornrows on Fri, "
                              "10 Mar by 11am. Your deposit will be refunded.", _sent(5, 7)),
        "table": message("t1@dinewell.example", ("DineWell", "reservations@dinewell.example"),
                         "Reservation confirmed: Yellow Chilli",
                         "Your table for 4 at Yellow Chilli, 12 Adetokunbo Ademola Crescent, Wuse 2 is confirmed for "
                         "Saturday 11 March 2028 at 7:00pm.\nReservation ID: DW-5520931\n\nDineWell", _sent(3, 15)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    app.appointments.scan()
    return app


def test_a_visa_appointment_is_the_appointment_not_the_visa_card(home: App) -> None:
    replies = talk(home, "when is my visa appointment?", "and the address?", "the reference number?")
    assert "10:30" in replies[0] and "214,300" not in replies[0]
    assert "Maitama" in replies[1]
    assert "TGV-NG-70431186" in replies[2]


@pytest.mark.parametrize("question", ["when do I go to the centre for my visa?", "what day is my appointment for the visa?"])
def test_a_visa_said_with_no_money_word_is_never_the_card(home: App, question: str) -> None:
    reply = talk(home, question)[0]
    assert "214,300" not in reply and "Zenithgate" not in reply


def test_a_visa_card_asked_of_by_its_network_is_still_the_card(home: App) -> None:
    reply = talk(home, "what's the minimum due on my visa?")[0]
    assert "21,430" in reply
    assert "214,300" in talk(home, "what's on my visa?")[0]


def test_an_estate_service_charge_demand_is_owed_to_the_residents_association(home: App) -> None:
    dues = {d.due.issuer: d.due for d in home.dues.digest(window="all").items}
    estate = dues["Cedar Court Residents Association"]
    assert (estate.kind, str(estate.amount), estate.currency, estate.due_date.isoformat()) == \
        ("housing", "150000.00", "NGN", "2028-03-31")


def test_a_schools_term_fees_are_owed_by_their_deadline(home: App) -> None:
    reply = talk(home, "how much are the school fees?")[0]
    assert "390,000" in reply and "214,300" not in reply


def test_a_tv_subscription_expiring_is_owed_by_the_day_it_expires(home: App) -> None:
    reply = talk(home, "when does my SkyBox expire?")[0]
    assert "10 Mar" in reply and "9,900" in reply


def test_money_a_person_sent_is_the_sum_of_the_credit_alert_that_names_them(home: App) -> None:
    reply = talk(home, "how much did Ngozi send me?")[0]
    assert "210,000" in reply and "655,120" not in reply


def test_the_account_balance_is_the_newest_alerts(home: App) -> None:
    for question in ("what is my bank account balance?", "how much money is in my account"):
        reply = talk(home, question)[0]
        assert "642,620.50" in reply and "21,430" not in reply, question


def test_a_beauty_lounges_cancelled_visit_asked_of_as_the_salon_is_said_cancelled(home: App) -> None:
    reply = talk(home, "is the salon appointment still happening?")[0]
    assert "cancel" in reply.lower() and "10 Mar" in reply


def test_a_reservation_id_is_the_bookings_reference(home: App) -> None:
    reply = talk(home, "Yellow Chilli booking id?")[0]
    assert "DW-5520931" in reply
