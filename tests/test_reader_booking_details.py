"""Details a booking's mail gives beyond the booking itself (a terminal or gate, a platform, the person it is
with, a number to call, what to bring, parking), asked of the booking named or of the one asked about
before: quoted from the mail's own words (what the store keeps, or the body fetched live), or that mail
pointed at to open; never made up. Over the third, fourth and sixth sample homes (clocks pinned, no
model), and over mail written here."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_bookings
from chat_helpers import demo_home_at
from chat_helpers import last_turn as talk
from steward.app import App
from steward.reader.details import asked_detail, detail_in


@pytest.fixture(scope="module")
def third(app_in_own_home: Callable[[str, str], App]) -> App:
    """Inês's home in Toronto."""
    return demo_home_at(app_in_own_home, "America/Toronto", "2026-12-07T07:40:00-05:00", "third")


@pytest.fixture(scope="module")
def fourth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Tomás's home in Berlin."""
    return demo_home_at(app_in_own_home, "Europe/Berlin", "2026-12-10T07:30:00+01:00", "fourth")


@pytest.fixture(scope="module")
def sixth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Lindiwe's home in Cape Town."""
    return demo_home_at(app_in_own_home, "Africa/Johannesburg", "2027-01-21T07:20:00+02:00", "sixth")


@pytest.fixture(scope="module")
def thirteenth(app_in_own_home: Callable[[str, str], App]) -> App:
    """Claire's home in Leeds."""
    return demo_home_at(app_in_own_home, "Europe/London", "2027-10-20T07:50:00+01:00", "thirteenth")


@pytest.fixture(scope="module")
def evenings_out(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    """A home in Dublin with tickets for a show (two seats side by side) and a birthday table, in mail written here."""
    sent = datetime(2027, 2, 20, 18, 0, tzinfo=ZoneInfo("Europe/Dublin"))
    return with_bookings(app_in_own_home("Europe/Dublin", "2027-03-01T08:00:00+00:00"), tmp_path_factory.mktemp("mail"), {
        "show": message("t1@curtaincall.example", ("CurtainCall Tickets", "orders@curtaincall.example"),
                        "Your tickets: Midnight Ferry", "Order CC-55120 is confirmed!\n\nMIDNIGHT FERRY: A New Musical\n"
                        "The Harbour Playhouse, 12 Quay Street, Galway\nFriday, March 12, 2027 at 7:45 PM\n"
                        "Doors open 7:00 PM\n\nStalls, Row D, Seats 14-15\n2 x €42.00\n\nYour e-tickets are attached.\n",
                        sent),
        "table": message("r1@dinebook.example", ("DineBook", "noreply@dinebook.example"),
                         "Reservation confirmed: The Salt House", "You're all set, Aisling!\n\nThe Salt House\n"
                         "4 Dock Road, Galway\nSat, Mar 13 at 8:15 PM\nParty of 4\nSpecial occasion: Birthday\n",
                         sent),
    })


def test_a_shows_tickets_are_asked_as_the_show_or_the_theatre_with_their_seats(evenings_out: App) -> None:
    assert "12 Mar" in talk(evenings_out, "when's the show on?")[1]
    assert "19:45" in talk(evenings_out, "what time is the theatre?")[1]
    _, seats = talk(evenings_out, "what seats have we got for the show?")
    assert "row D, seats 14-15" in seats, seats


def test_a_bookings_details_asked_in_a_few_words_show_it_whole(evenings_out: App) -> None:
    handled_by, reply = talk(evenings_out, "birthday dinner booking deets pls")
    assert handled_by == "reader" and "13 Mar" in reply and "20:15" in reply and "Salt House" in reply, reply


# -- how a question asks, and how a mail says ------------------------------------------------------------

@pytest.mark.parametrize(("text", "kind"), [
    ("which terminal are we flying out of?", "terminal"),
    ("any news on the gate?", "terminal"),
    ("what platform does the 7:04 go from?", "platform"),
    ("what's the name of Leo's teacher?", "person"),
    ("who is the instructor for the climbing class?", "person"),
    ("who do I ring to book a new time?", "phone"),
    ("what's the clinic's phone number?", "phone"),
    ("should I bring something to the physio?", "bring"),
    ("what do we need to take along tomorrow?", "bring"),
    ("where can I park for the dentist?", "parking"),
    ("is there parking at the hotel?", "parking"),
    ("till when can we do online check-in for the Lisbon flight?", "checkin"),
    ("by what time must I check in for the sailing?", "checkin"),
    ("when does check-in close?", "checkin"),
    ("when do the doors open for the gig?", "doors"),
    ("are the gates opening at 5 for the final?", "doors"),
    ("what's the gate code for the cabin?", "code"),
    ("which gate is the Lisbon flight from?", "terminal"),
    ("how much credit is still left on the Mastercard?", "available"),
    ("tell me the card limit on the Mastercard", "limit"),
    ("how much is left on the van loan?", "principal"),
    # asked of something else: no detail of a booking
    ("when's the parent-teacher evening?", ""),
    ("what time can we check in at the guesthouse?", ""),
    ("what's the check-in code for the flat?", "code"),
    ("how much did I spend on parking in November?", ""),
    ("when is my airport parking booked for?", ""),
    ("has the internet bill been paid?", ""),
    ("track my parcel from Zando", ""),
    ("what's the booking reference for the flight?", ""),
    ("are we all inclusive at the resort?", "board"),
    ("is breakfast included at the guesthouse?", "board"),
    ("what's the board basis on the villa?", "board"),
    ("when's the shuttle picking us up for the airport?", "pickup"),
    ("what's the pick-up time for the transfer?", "pickup"),
    ("where's the B&B?", ""),
    ("when can I pick up the parcel?", ""),
    ("who's collecting us from the station?", ""),
    ("what was the dollar purchase on my Mastercard?", "foreign"),
    ("any purchases abroad on the Visa?", "foreign"),
    ("did the salon mention the deposit?", "deposit"),
    ("am I getting my booking deposit back?", "deposit"),
    ("has my direct deposit gone in?", ""),
    ("how many more payments are left on the van?", "parts_left"),
    ("mortgage: how many repayments remaining?", "parts_left"),
    ("how many payments did I make in March?", ""),
    ("can I eat breakfast before it?", "fasting"),
    ("do I have to fast for the scan?", "fasting"),
    ("anything on before it?", ""),
    # when whoever goes must be there, asked with the word to do or without it
    ("what time does grandpa need to be there?", "arrive"),
    ("what time dad need to be there ah?", "arrive"),
    ("what time does the train get there?", ""),
])
def test_a_question_asks_one_kind_of_detail_or_none(text: str, kind: str) -> None:
    assert asked_detail(text) == kind


@pytest.mark.parametrize(("text", "kind", "said"), [
    ("Monthly instalment: RM450.00\nInstalments remaining: 17 of 60\nPay on time.", "parts_left",
     "Instalments remaining: 17 of 60"),
    ("Only 3 more payments to go on your plan.", "parts_left", "3 more payments to go"),
    ("Loan account 0021\nBalance outstanding: RM 9,310.00", "principal", "Balance outstanding: RM 9,310.00"),
    ("Boarding closes 40 minutes before.\nTerminal: 2 (North)\nSeat 14C", "terminal", "Terminal: 2 (North)"),
    ("Please be at the terminal 45 minutes before sailing.", "terminal", ""),
    ("Sailings leave from the Harbour Quay terminal, berth 3.", "terminal", "Harbour Quay terminal"),
    ("Your train is expected on platform 7b; please check the boards.", "platform", "platform 7b"),
    ("Dear Mr Haddad,\nYour lesson with Ms. Brandt (Grade 5) is on Friday.", "person", "with Ms. Brandt"),
    ("Hi Sam, Tutor: Priya Raman. Room 4.", "person", "Tutor: Priya Raman"),
    ("To move it, ring us on 0161 555 0192 before noon.", "phone", "0161 555 0192"),
    ("Please call us within 14 days of 03.02.2027.", "phone", ""),
    ("Remember to bring your inhaler and a water bottle.", "bring", "bring your inhaler"),
    ("There is free parking behind the building; enter from Mill Lane.", "parking", "free parking behind"),
    ("Web check-in is open. Please check in by 16:40 on 3 May to skip the desk.", "checkin", "check in by 16:40"),
    ("Boarding gates close 20 minutes early. Check-in closes 45 minutes before departure.", "checkin",
     "Check-in closes 45 minutes before"),
    ("Online check-in is now open for your trip.", "checkin", ""),
    ("Sat 4 Sep | Doors 6.30pm | Kick-off 7.45pm | Block C, Row 12", "doors", "Doors 6.30pm"),
    ("Please arrive early: doors close at the interval.", "doors", ""),
    ("New balance $1,880.56\nCredit limit $5,000.00\nAvailable credit $3,119.44", "available",
     "Available credit $3,119.44"),
    ("New balance $1,880.56\nCredit limit $5,000.00\nAvailable credit $3,119.44", "limit", "Credit limit $5,000.00"),
    ("Web check-in closes at 0620H, two hours before take-off.", "checkin", "closes at 0620H"),
    ("Boarding starts 2210 hrs at the gate shown on your pass.", "boarding", "Boarding starts 2210 hrs"),
    ("Casa Lumbre, Tavira\n12 Jun - 19 Jun (7 nights), double room, full board", "board", "full board"),
    ("Board basis: Bed & Breakfast. Free cancellation until 1 June.", "board", "Board basis: Bed & Breakfast"),
    ("Breakfast is served 7-10am in the garden room.", "board", ""),
    ("Your shuttle takes about 40 minutes. On your last day the shuttle will collect you at 6.45am from reception.",
     "pickup", "collect you at 6.45am"),
    ("Look for our rep in arrivals; the transfer takes about 25 minutes.", "pickup", ""),
    ("Previous balance GBP 12.00\n14/03/2027  CAFE LUNA ROMA IT  EUR 18.50 @ 1.1702 = GBP 15.81\nOther purchases "
     "GBP 80.10", "foreign", "EUR 18.50 @ 1.1702"),
    ("Statement balance GBP 92.10\nMinimum payment GBP 5.00", "foreign", ""),
    ("Please do not eat for 8 hours before your scan; sips of water are fine.", "fasting", "do not eat for 8 hours"),
    ("Please bring your insurance card.", "fasting", ""),
    ("So sorry, the groomer is off sick and we must cancel Rex's trim. Your $25 deposit goes back to your card "
     "within five days.", "deposit", "Your $25 deposit goes back"),
])
def test_a_detail_is_the_sentence_of_the_mail_that_says_it(text: str, kind: str, said: str) -> None:
    found = detail_in(text, kind)
    assert (said in found) if said else found == "", found


def test_of_a_ticket_with_two_legs_only_the_sentence_of_that_leg_is_its_own() -> None:
    ticket = ("Outbound LX 318 Depart Zurich (ZRH) Terminal 1 09:10\n"
              "Arrive London Heathrow (LHR) Terminal 2 09:55\nReturn LX 325 Depart LHR 18:40")
    assert "Terminal 1" in detail_in(ticket, "terminal", ("LX 318", "ZRH"))
    # the way back leaves Heathrow: the outbound's landing there is no terminal of its own
    assert detail_in(ticket, "terminal", ("LX 325", "LHR")) == ""


# -- over the sample homes --------------------------------------------------------------------------------

def test_the_person_a_school_meeting_is_with_from_its_mail(third: App) -> None:
    handled_by, reply = talk(third, "what's on tomorrow?", "and who's Leo's teacher there?")
    assert handled_by == "reader" and "Okonkwo" in reply, reply


def test_a_number_to_call_comes_from_the_mail_that_cancelled_it(third: App) -> None:
    _, reply = talk(third, "is the annual physical still going ahead?", "who should I ring to set up another one?")
    assert "416-555-0139" in reply and "Danforth Family Health" in reply, reply


def test_a_terminal_the_booking_was_read_with_is_given_for_its_own_leg_only(third: App) -> None:
    _, reply = talk(third, "when's the flight to Brazil?", "do you know which terminal we go from?")
    outbound = next(line for line in reply.splitlines() if "NV 118" in line)
    back = next(line for line in reply.splitlines() if "NV 119" in line)
    assert "T3" in outbound, reply
    assert "says nothing of the terminal" in back and "steward mail read" in back, reply


def test_what_to_bring_is_read_from_the_first_mail_of_a_moved_booking(fourth: App) -> None:
    _, reply = talk(fourth, "when is physio now?", "anything I should bring with me?")
    assert "towel and your prescription" in reply, reply


def test_a_number_to_call_is_asked_of_the_booking_said_before(fourth: App) -> None:
    _, reply = talk(fourth, "is my eye test still happening?", "what's the number to call them on?")
    assert "030 5550 4418" in reply and "Augenblick Optik" in reply, reply


def test_a_platform_no_mail_gives_points_at_the_ticket_and_invents_none(fourth: App) -> None:
    _, reply = talk(fourth, "what time is the train to Hamburg?", "which platform does it leave from?")
    assert reply.startswith("I can't find the platform"), reply
    assert "steward mail read" in reply and "Nordbahn" in reply, reply


def test_a_gate_given_by_a_later_mail_of_the_airline(sixth: App) -> None:
    _, reply = talk(sixth, "when do I fly to Joburg?", "has the gate changed?")
    line = next(line for line in reply.splitlines() if "KA 311" in line)
    assert "A3" in line and "Gate change" in line, reply
    # the flight home is another leg of the ticket: no gate of the morning flight's is said of it
    assert all("A3" not in line for line in reply.splitlines() if "KA 328" in line), reply


def test_what_to_bring_to_the_doctor(sixth: App) -> None:
    _, reply = talk(sixth, "what do I have to take to the GP on Monday?")
    assert "medical aid card" in reply and "Bo-Kaap Family Practice" in reply, reply


def test_parking_no_mail_mentions_is_said_plainly_not_made_up(sixth: App) -> None:
    _, reply = talk(sixth, "is there parking at the GP?")
    assert reply.startswith("I can't find parking"), reply


def test_until_when_online_check_in_is_open_asks_the_check_in_not_an_end() -> None:
    from steward.reader.details import asks_the_end

    text = "till what time is online check-in open?"
    assert asked_detail(text) == "checkin" and asks_the_end(text)  # the reader drops the end for the check-in


def test_how_many_a_table_is_for_is_what_its_mail_says() -> None:
    from steward.reader.details import asked_detail, detail_in

    assert asked_detail("how many guests?") == "party"
    assert asked_detail("the table's for how many?") == "party"
    assert asked_detail("how many people emailed me today?") != "party"
    said = detail_in("Saturday, July 17 at 6:30 PM. 14 guests, private function room. Reservation no.: RB-1", "party")
    assert "14 guests" in said, said


def test_a_time_written_as_four_digits_and_an_h_is_said_on_the_clock() -> None:
    from steward.reader.answerers.booking_details import on_the_clock

    assert on_the_clock("Please check in online before 0540H.") == "; its \u201c0540H\u201d is 05:40"
    assert on_the_clock("Check-in closes at 21:10.") == ""
    assert on_the_clock("Gate B2, room 1204.") == ""


def test_an_event_said_with_its_senders_name_is_the_invitation_not_their_mail(third: App) -> None:
    handled_by, reply = talk(third, "when is the Northpoint party?")
    assert handled_by == "reader" and "Thu 17 Dec" in reply and "holiday party" in reply, reply
    assert "maintenance" not in reply.casefold(), reply  # the sender's other mail is no answer


def test_a_thing_named_alone_is_asked_of_that_thing(third: App) -> None:
    _, reply = talk(third, "ok, and the holiday party?")
    assert "holiday party" in reply and "Osteria" not in reply, reply


def test_a_kind_said_by_a_word_of_one_places_own_name_is_that_place() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from steward.reader.answerers.appointments import Booking, _called_by_the_word_said
    from steward.reader.words import load_words

    at = datetime(2027, 3, 1, 9, 0, tzinfo=ZoneInfo("Europe/London"))
    surgery = Booking("Millfield Surgery", "Millfield Surgery appointment", at, "found", None, "doctor")
    infirmary = Booking("Northgate Hospital Clinics", "Northgate Hospital Clinics appointment", at, "found", None,
                        "doctor")
    rw = load_words()
    # "the hospital" is a doctor's visit by its kind, and of the one place called so by its name
    said = "is my hospital visit still on?"
    assert _called_by_the_word_said(said, ("doctor",), [surgery, infirmary], rw) == [infirmary]
    # "the doctor" names neither by its name: both stay
    said = "when's the doctor?"
    assert _called_by_the_word_said(said, ("doctor",), [surgery, infirmary], rw) == [surgery, infirmary]


def test_a_packages_later_mail_that_names_its_code_gives_the_transfer_time(thirteenth: App) -> None:
    # the coach back is in the holiday documents, a later mail of the booker that names the booking's code
    _, reply = talk(thirteenth, "what's the hotel in Lanzarote?", "and when does the transfer coach collect us?")
    assert "08:55" in reply and "Marea Blanca" in reply, reply


def test_a_stays_meals_are_quoted_from_its_mail(thirteenth: App) -> None:
    _, reply = talk(thirteenth, "are meals included at the hotel?")
    assert "half board" in reply, reply


def test_a_reference_asked_of_a_thing_named_by_its_mails_words(thirteenth: App) -> None:
    _, reply = talk(thirteenth, "reference number for our holiday?")
    assert "SW-2261904" in reply, reply


@pytest.fixture(scope="module")
def checkups(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    """A home in Cleveland with a cardiology practice's moved visit and a lab's fasting blood draw, in mail written
    here."""
    sent = datetime(2027, 2, 24, 10, 0, tzinfo=ZoneInfo("America/New_York"))
    return with_bookings(app_in_own_home("America/New_York", "2027-03-01T08:00:00-05:00"), tmp_path_factory.mktemp("mail"), {
        "heart": message("h1@eriesideheart.example", ("Erieside Heart Center", "visits@eriesideheart.example"),
                         "Your visit is confirmed", "Dear Ruth Adler,\n\nYour check-up with Dr. Omar Haddad is "
                         "confirmed for Wednesday, March 10, 2027 at 9:45 AM.\n\nErieside Heart Center, 800 Euclid "
                         "Ave\n", sent),
        "lab": message("l1@lakelandlabs.example", ("Lakeland Labs", "desk@lakelandlabs.example"),
                       "Your lab visit", "Your blood draw is booked.\nDate: 03/08/2027\nTime: 8:00 AM\nLocation: "
                       "Lakeland Labs, 12 E. Carnegie Ave\nPlease fast for 12 hours before your draw: water only.\n",
                       sent),
    })


def test_a_heart_practice_is_where_the_heart_doctor_is(checkups: App) -> None:
    _, reply = talk(checkups, "when do I see the heart doctor?")
    assert "Wed 10 Mar" in reply and "09:45" in reply and "nothing ahead" not in reply, reply


def test_the_blood_work_is_the_labs_visit_and_asked_of_eating_before_it_its_mail_says(checkups: App) -> None:
    _, reply = talk(checkups, "when's my blood work?")
    assert "Mon 8 Mar" in reply and "08:00" in reply, reply
    _, reply = talk(checkups, "when's my blood work?", "can I have breakfast before it?")
    assert "fast for 12 hours" in reply, reply
    _, reply = talk(checkups, "when's my blood work?", "where's the lab?")
    assert "12 E. Carnegie Ave" in reply, reply  # a compass letter's stop is no end of the address
