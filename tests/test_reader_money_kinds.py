"""Money asked in everyday words of a home whose billers name their kind in their own language: "the
electric bill" of an "...Elektro"/"Strom..." company, "the phone one" of a "...Móvil", a bill whose kind only
its mail's subject says; a total asked again in another currency; whether a biller Steward read no bill
from is paid, from its own mail. A home in Vienna with mail written here (no sample mailbox), no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from steward.app import App

NOW = "2026-06-03T08:00:00+02:00"
ZONE = ZoneInfo("Europe/Vienna")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2026, 6, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Europe/Vienna", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "power": message("p1@stromkontor.example", ("Stromkontor Alpen", "rechnung@stromkontor.example"),
                         "Your bill is ready",
                         "Your bill for May is ready.\nAmount due: EUR 96.40\nDue date: 12 June 2026\n"
                         "Customer number SK-118822", _sent(1)),
        "phone": message("m1@ondasmovil.example", ("Ondas Móvil", "facturas@ondasmovil.example"),
                         "Your Ondas bill is online",
                         "Your monthly bill is online.\nAmount due: EUR 31.90\nDue date: 16 June 2026\n"
                         "Account ending 5521", _sent(2)),
        "water": message("w1@blaulicht.example", ("Blaulicht Versorgung", "service@blaulicht.example"),
                         "Your water bill for the second quarter",
                         "Your water bill is ready.\nAmount due: EUR 58.10\nDue date: 20 June 2026\n"
                         "Customer number BV-4410", _sent(2, 11)),
        "peso": message("c1@banco-nopal.example", ("Banco Nopal", "estados@banco-nopal.example"),
                        "Your Banco Nopal card statement",
                        "Your card statement is ready.\nCard ending 7781\nTotal due: MXN 4,210.00\n"
                        "Minimum due: MXN 630.00\nPayment due date: 18 June 2026", _sent(1, 14)),
        "fibre-bill": message("f1@fibranet.example", ("Fibranet Ost", "konto@fibranet.example"),
                              "Fibranet Ost: June",
                              "Hello, your Fibranet plan for June. Thank you for being with us.", _sent(1, 8)),
        "fibre-paid": message("f2@fibranet.example", ("Fibranet Ost", "konto@fibranet.example"),
                              "Payment received",
                              "We have received your payment of EUR 39.00 for your account. Nothing more is due.",
                              _sent(2, 16)),
        "fuel": message("t1@tankring.example", ("Tankring Fuel Card", "statements@tankring.example"),
                        "Your fuel card statement",
                        "Fleet fuel card statement for May.\nAmount due: EUR 212.30\nDue date: 15 June 2026\n"
                        "Card ending 0912", _sent(1, 15)),
        "shop": message("s1@radladen.example", ("Radladen Mitte", "shop@radladen.example"), "Your order 5531",
                        "Thanks for your order of a bicycle bell.", _sent(2, 18)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def ask(app: App, *turns: str) -> str:
    reply = ""
    for text in turns:
        reply = app.engine.turn(text, session=f"s-{'|'.join(turns)}").reply
    return reply


def test_the_bills_are_read(home: App) -> None:
    owed = {d.issuer for d in (i.due for i in home.dues.digest(window="all").items)}
    assert {"Stromkontor Alpen", "Ondas Móvil", "Blaulicht Versorgung", "Banco Nopal"} <= owed, owed


@pytest.mark.parametrize("question", ["when's the electric bill due?", "how much is my power bill"])
def test_an_electricity_bill_is_the_biller_whose_compound_name_says_it(home: App, question: str) -> None:
    reply = ask(home, question)
    assert "96.40" in reply and "Stromkontor" in reply, reply
    assert "Ondas" not in reply and "Blaulicht" not in reply and "Nopal" not in reply, reply


@pytest.mark.parametrize("question", ["what does the electric bill come to", "is the power bill paid"])
def test_a_fuel_card_is_no_energy_bill(home: App, question: str) -> None:
    # "fuel" of "dual fuel" (an energy tariff) names no biller alone: a fuel card's issuer sells no power
    reply = ask(home, question)
    assert "Tankring" not in reply, reply


@pytest.mark.parametrize("question", ["when does the phone one go out?", "what's due on my mobile phone bill?"])
def test_a_phone_bill_is_the_biller_whose_name_says_mobile_in_its_language(home: App, question: str) -> None:
    reply = ask(home, question)
    assert "31.90" in reply and "Ondas" in reply, reply
    assert "Stromkontor" not in reply and "Blaulicht" not in reply, reply


def test_a_bill_whose_name_says_no_kind_is_found_by_its_mails_subject(home: App) -> None:
    reply = ask(home, "how much is the water bill?")
    assert "58.10" in reply and "Blaulicht" in reply, reply
    assert "Stromkontor" not in reply and "Ondas" not in reply, reply


def test_a_total_asked_again_in_another_currency_keeps_the_question(home: App) -> None:
    reply = ask(home, "what do I owe this month?", "how much is that in euros altogether?")
    assert reply.startswith("Total: €398.70"), reply
    reply = ask(home, "what do I owe this month?", "how much is that in euros altogether?", "and in pesos?")
    assert "4,210.00" in reply and "Stromkontor" not in reply, reply
    reply = ask(home, "what do I owe this month?", "and in pesos?", "which of them come out on their own?")
    assert "Nopal" not in reply or "Stromkontor" in reply, reply  # the currency was that answer's alone


@pytest.mark.parametrize("question", ["have I paid Fibranet?", "do I owe anything to Fibranet Ost?",
                                      "is the internet bill paid?"])
def test_a_biller_whose_latest_mail_confirms_a_payment_is_paid(home: App, question: str) -> None:
    reply = ask(home, question)
    assert reply.startswith("Paid:") and "39.00" in reply and "nothing is owed" in reply, reply
    assert "Stromkontor" not in reply and "What you owe" not in reply, reply


def test_what_is_owed_to_a_sender_that_sent_no_bill_is_never_the_whole_list(home: App) -> None:
    reply = ask(home, "do I owe Radladen anything?")
    assert "Stromkontor" not in reply and "Ondas" not in reply and "What you owe" not in reply, reply
    assert "Radladen" in reply, reply


def test_the_person_who_does_the_taxes_is_no_tax_owed(home: App) -> None:
    reply = ask(home, "how much do we owe the tax guy?")
    assert reply.startswith("I can't find") and "tax guy" in reply, reply


def test_a_cheque_written_to_pay_a_bill_asks_of_that_bill(home: App) -> None:
    reply = ask(home, "how much should I write the cheque for to the water company?")
    assert "58.10" in reply and "96.40" not in reply, reply


@pytest.fixture(scope="module")
def clinic(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Europe/Vienna", NOW)
    folder = write_folder(tmp_path_factory.mktemp("clinic"), {
        "knee": message("k1@kniezentrum.example", ("Kniezentrum Nord", "termine@kniezentrum.example"),
                        "Your knee arthroscopy: the date and what to expect",
                        "Dear Ms. Berger, Dr. Lukas Hofer has set the date for your knee arthroscopy. We are glad to "
                        "have you with us and will send the forms in good time before the day itself.\n\n"
                        "Please stop eating at midnight the evening before.\nYour share for the procedure: EUR 180.00, "
                        "paid at the front desk.\nParking in the garage costs EUR 4.00 a day.", _sent(1)),
        "pension": message("p1@pensionskasse.example", ("Alpen Pensionskasse", "service@pensionskasse.example"),
                           "Your June pension payment",
                           "Your monthly pension was deposited on 06/01/2026. Gross: EUR 2,140.00. Net deposit: "
                           "EUR 1,812.30.", _sent(1, 7)),
        "school": message("t1@lindenschule.example", ("Linden International School", "office@lindenschule.example"),
                          "Summer term tuition fee",
                          "Dear parents, the tuition fee for the summer term is due.\nAmount due: EUR 1,380.00\n"
                          "Due date: 26 June 2026\nStudent number LS-2207", _sent(2, 10)),
        "voyage": message("v1@fjordline.example", ("Fjordline Cruises", "booking@fjordline.example"),
                          "Your voyage FL-55120 is confirmed",
                          "Dear Ms. Berger, thank you for choosing Fjordline Cruises for your holiday this summer. "
                          "Your cabin, your excursions and your dining times are listed in the app, and our crew "
                          "looks forward to welcoming you on board in Kiel.\n\nShip: Fjordline Nordlys\n"
                          "Cabin: 5021 (balcony)\nFare for 2 guests: EUR 3,120.00\nFinal payment received: "
                          "EUR 2,340.00 on 20/05/2026. Balance: EUR 0.00", _sent(1, 12)),
        "building": message("b1@hausverwaltung-ost.example", ("Hausverwaltung Ost", "konto@hausverwaltung-ost.example"),
                            "Service charge notice for flat 4B, July",
                            "Dear owner,\n\nthe service charge and the repairs fund for July are due.\n\n"
                            "Building upkeep: EUR 180.00\nRepairs fund (15%): EUR 27.00\nTotal due: EUR 207.00\n"
                            "Due date: 30 June 2026\n\nHausverwaltung Ost", _sent(2, 9)),
        "heating": message("h1@fernwaerme.example", ("Fernwärme Wien Süd", "inkasso@fernwaerme.example"),
                           "FINAL NOTICE - your heating account",
                           "FINAL NOTICE. Our records show a past due balance of EUR 212.30 on your heating account. "
                           "Please pay it now.", _sent(2, 15)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def test_a_sum_past_the_start_of_a_mail_is_quoted_from_the_sentence_that_says_it(clinic: App) -> None:
    reply = ask(clinic, "what is my share of the cost for the knee arthroscopy?")
    assert "180.00" in reply and "4.00" not in reply, reply


def test_a_pension_deposit_is_money_that_came_in_never_a_bookings_deposit(clinic: App) -> None:
    reply = ask(clinic, "how much was my pension deposit in June?")
    assert "Your June pension payment" in reply and "which booking you mean" not in reply, reply


def test_a_fee_no_mail_holds_is_never_answered_with_another_charge_of_the_same_sender(clinic: App) -> None:
    reply = ask(clinic, "has the school billed us for the bus fees yet?")
    assert reply.startswith("I can't find") and "Linden International School" in reply, reply
    assert "1,380" not in reply and "1380" not in reply, reply


def test_a_payment_asked_of_a_named_sender_is_found_in_its_own_mail_never_anothers(clinic: App) -> None:
    reply = ask(clinic, "how much was the final payment on the cruise?")
    assert "2,340.00" in reply and "Fjordline" in reply, reply
    assert "212.30" not in reply and "FINAL NOTICE" not in reply, reply


def test_one_part_of_a_bill_asked_by_itself_is_the_line_of_its_mail_never_the_whole(clinic: App) -> None:
    for question in ("the repairs fund alone, how much?", "repairs fund how much ah?", "how much is the repairs fund?"):
        reply = ask(clinic, question)
        assert "27.00" in reply and "207.00" not in reply, (question, reply)
    reply = ask(clinic, "what do I owe Hausverwaltung Ost?")
    assert "207.00" in reply, reply


@pytest.fixture(scope="module")
def flatshare(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    zone = ZoneInfo("Asia/Kuala_Lumpur")
    app = app_in_own_home("Asia/Kuala_Lumpur", "2026-06-03T20:00:00+08:00")
    folder = write_folder(tmp_path_factory.mktemp("flatshare"), {
        "rent": message("r1@kampungmail.example", ("Siti Rahimah", "siti.rahimah@kampungmail.example"), "rent june",
                        "Hi dear, rent for June RM 720 ok, transfer to me by the 5th coz the owner wants it by the 6th. "
                        "Thanks!", datetime(2026, 6, 2, 21, 0, tzinfo=zone)),
        "lunch": message("l1@kampungmail.example", ("Siti Rahimah", "siti.rahimah@kampungmail.example"), "lunch sat",
                         "Lunch on Saturday at the mamak near the office? My treat this time.",
                         datetime(2026, 6, 3, 12, 0, tzinfo=zone)),
        "mangoes": message("g1@kampungmail.example", ("Farid Osman", "farid.osman@kampungmail.example"), "mangoes",
                           "Bro the harumanis mangoes were RM 60 for the box, you owe me RM 30 for your half ya.",
                           datetime(2026, 6, 1, 19, 0, tzinfo=zone)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def test_rent_a_housemate_asks_in_a_note_is_quoted_from_her_mail_with_its_whole_ringgit(flatshare: App) -> None:
    for question in ("how much rent do I need to give Siti?", "how much rent do I owe Siti?"):
        reply = ask(flatshare, question)
        assert "RM 720" in reply and "Siti Rahimah" in reply, (question, reply)
        assert "lunch" not in reply.casefold(), (question, reply)


def test_a_friends_share_of_a_cost_split_in_whole_ringgit_is_what_their_mail_says(flatshare: App) -> None:
    for question in ("how much do I owe Farid?", "what do I owe Farid for the mangoes?"):
        reply = ask(flatshare, question)
        assert "RM 30" in reply and "Farid Osman" in reply and not reply.startswith("I can't"), (question, reply)



# -- bills paid by hand beside bills taken by themselves: a home in Leeds ---------------------------------------

LEEDS_NOW = "2027-05-03T08:00:00+01:00"
LEEDS = ZoneInfo("Europe/London")


@pytest.fixture(scope="module")
def leeds(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Europe/London", LEEDS_NOW)
    sent = datetime(2027, 4, 28, 9, 0, tzinfo=LEEDS)
    folder = write_folder(tmp_path_factory.mktemp("leeds"), {
        "water": message("w1@airewater.example", ("Aire Water", "bills@airewater.example"), "Your water bill",
                         "Your water bill is ready.\nAmount due: £38.20\nWe'll collect this by Direct Debit on "
                         "7 May 2027.", sent),
        "nursery": message("n1@littleoaks.example", ("Little Oaks Nursery", "office@littleoaks.example"),
                           "Nursery invoice - May",
                           "Your May invoice.\nTotal due: £312.00\nDue by: 8 May 2027\nPlease pay by bank transfer.",
                           sent),
        "gym": message("g1@ironworks-gym.example", ("Ironworks Gym", "members@ironworks-gym.example"),
                       "Your membership renews soon",
                       "Your membership will renew automatically on 6 May 2027.\nAmount: £29.00\nPayment method: "
                       "card ending 4420", sent),
        "whip": message("d1@leedsmail.example", ("Priya Shah", "priya.shah@leedsmail.example"), "Re: Dee's leaving do",
                        "Hiya all, the whip-round for Dee is 15 quid each, that covers the cake on the Friday and a "
                        "voucher. Pop it over to me by Wednesday 12th ta!\n\nPriya", sent),
        "present": message("f1@leedsmail.example", ("Tom Hirst", "tom.hirst@leedsmail.example"), "Gran's present",
                           "Hi all, I got the hamper for Gran's birthday present. £50 split 5 = £10 each, pay me "
                           "when you see me.\n\nTom", sent),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


@pytest.mark.parametrize("question", ["which bills do I pay myself?", "what do I have to pay by hand this week?",
                                      "anything due that's not on direct debit?"])
def test_bills_paid_by_hand_leave_out_those_taken_by_themselves(leeds: App, question: str) -> None:
    reply = ask(leeds, question)
    assert "312.00" in reply and "Aire" not in reply and "Ironworks" not in reply, reply


def test_bills_paid_by_hand_asked_of_the_bills_just_listed(leeds: App) -> None:
    reply = ask(leeds, "what bills are due this week?", "which of those do I need to pay manually?")
    assert "312.00" in reply and "38.20" not in reply and "29.00" not in reply, reply


def test_whether_one_bill_is_paid_by_hand_is_a_yes_or_a_no(leeds: App) -> None:
    assert ask(leeds, "is the water bill one I pay by hand?").startswith("No:")
    assert ask(leeds, "do I have to pay the nursery invoice manually?").startswith("Yes:")


def test_a_membership_that_renews_by_itself_is_owed_and_taken_by_itself(leeds: App) -> None:
    gym = [d for d in (i.due for i in leeds.dues.digest(window="all").items) if d.issuer == "Ironworks Gym"]
    assert [(str(d.amount), str(d.due_date), d.autopay) for d in gym] == [("29.00", "2027-05-06", True)], gym


def test_a_kitty_friends_pay_into_is_the_share_its_collectors_mail_asks_by_its_day(leeds: App) -> None:
    # a friend's name before the pot ("Dee's") is no card, and the Friday the money is spent on is no day to pay
    reply = ask(leeds, "how much is the whip-round for Dee's leaving do and when do I need to send it?")
    assert "£15.00" in reply and "12 May" in reply and "Priya" in reply, reply
    assert "card" not in reply and "14 May" not in reply, reply


@pytest.mark.parametrize("question", ["did my last internet payment go through?",
                                      "has my Fibranet payment gone through?"])
def test_whether_a_payment_went_through_is_the_payment_its_mail_confirms(home: App, question: str) -> None:
    reply = ask(home, question)
    assert "39.00" in reply and "Fibranet" in reply and "96.40" not in reply, reply


def test_what_each_pays_for_a_thing_a_friend_booked_is_the_share_their_mail_gives(leeds: App) -> None:
    reply = ask(leeds, "how much is it each for the hamper?")
    assert reply.startswith("Each person's share is £10") and "Tom Hirst" in reply, reply
