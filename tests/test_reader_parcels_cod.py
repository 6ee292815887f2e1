"""A parcel asked of by the shop it is from is found in the courier's notices (a courier's notice often names no
shop: said so, with the notices of the day), and "the COD" is the sum its mail says to hand over on delivery, never
a card or a bill of that name. The mails are written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App

MANILA = ZoneInfo("Asia/Manila")
NOW = "2027-08-11T08:00:00+08:00"
SHOP = ("Palengke Online", "orders@palengke-online.example")
COURIER = ("Bilis Couriers", "notices@biliscouriers.example")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Asia/Manila", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "a": message("o-1@palengke-online.example", SHOP, "Order placed: #PO-88120",
                     "Hi Ana! Your order has been placed.\n\nRice cooker x1: P2,150.00\nShipping fee: P60.00\n"
                     "Total: P2,210.00\nPayment: Cash on Delivery\n", datetime(2027, 8, 7, 21, tzinfo=MANILA)),
        "b": message("d-1@biliscouriers.example", COURIER, "Out for delivery: BC-55102",
                     "Your parcel BC-55102 is out for delivery today, between 9:00 AM and 5:00 PM.\nCOD amount: "
                     "P2,210.00\n", datetime(2027, 8, 11, 7, tzinfo=MANILA)),
        "c": message("x-1@biliscouriers.example", COURIER, "We missed you: BC-40077",
                     "Delivery attempt failed\n\nTracking: BC-40077\nSender: Kusina Supply Co.\n\nOur rider came by on "
                     "Mon, Aug 9 at 3:10 PM but nobody was home to receive the parcel and sign for it at the gate. "
                     "Second attempt: Thu, Aug 12 before 6:00 PM. You may also pick it up at our Cubao hub.",
                     datetime(2027, 8, 10, 18, tzinfo=MANILA)),
        # a postal lookalike's customs-fee lure, dressed as a parcel notice
        "d": message("l-1@koreo-customs-fee.example", ("Koreo Parcel Desk", "desk@koreo-customs-fee.example"),
                     "Your parcel is on hold: customs fee unpaid",
                     "Dear customer, your parcel is held at customs. Pay the customs fee of P95.00 within 24 hours at "
                     "http://koreo-customs-fee.example/pay or it will be returned to sender.",
                     datetime(2027, 8, 11, 6, tzinfo=MANILA)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def test_a_parcel_asked_of_by_its_shop_is_the_couriers_notice_of_the_day(home: App) -> None:
    reply = talk(home, "will my Palengke Online order arrive today?")[0]
    assert "Bilis Couriers" in reply and "9:00 AM and 5:00 PM" in reply, reply
    assert "names Palengke Online" in reply  # what it did not find is said


def test_the_cod_is_the_sum_to_hand_over(home: App) -> None:
    reply = talk(home, "how much cash do I need for the COD?")[0]
    assert "2,210.00" in reply and "Bilis Couriers" in reply, reply


@pytest.mark.parametrize("text", ["what's going on with my parcel", "what's happening with the package?"])
def test_a_parcel_asked_after_with_no_day_is_its_notices(home: App, text: str) -> None:
    reply = talk(home, text)[0]
    assert "delivery notice" in reply and "BC-55102" in reply and "BC-40077" in reply, reply


def test_a_lure_dressed_as_a_parcel_notice_is_left_out_beside_the_real_ones(home: App) -> None:
    reply = talk(home, "is my actual package on its way or not?")[0]
    assert "BC-55102" in reply and "Koreo" not in reply, reply
    assert "1 mail that looks like phishing" in reply, reply

def test_what_a_parcel_holds_is_the_order_of_the_shop_its_notice_names() -> None:
    from steward.reader.pointing import pointed

    notice = {"id": "n", "sender": "t@courier.example", "sender_name": "Bilis Couriers", "subject": "We missed you",
              "snippet": "Delivery attempt failed. Sender: Kusina Supply Co. Second attempt Thursday."}
    order = {"id": "o", "sender": "o@kusina.example", "sender_name": "Kusina Supply Co.",
             "subject": "Your order #KS-2231", "snippet": "Cast iron pan x1"}
    other = {"id": "p", "sender": "o@palengke.example", "sender_name": "Palengke Online",
             "subject": "Order placed: #PO-88120", "snippet": "Rice cooker x1"}
    found = pointed("what was in it?", {"kind": "mail", "items": [notice, other, order]})
    assert found is not None and found.items == (order,)
    # a notice that names no shop: no order is picked for it
    assert pointed("what's inside it?", {"kind": "mail", "items": [{**notice, "snippet": "Out for delivery."}, other]}) \
        is None
    # of a person's message, "what was in it?" is what it says
    note = {"id": "m", "sender": "jo@mail.example", "sender_name": "Jo", "subject": "tickets", "snippet": "Got them"}
    found = pointed("what was in it?", {"kind": "mail", "items": [note, other]})
    assert found is not None and found.items == (note,)


@pytest.fixture(scope="module")
def notified(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Asia/Manila", NOW)
    folder = write_folder(tmp_path_factory.mktemp("notified"), {
        "order": message("o-2@lakbay-books.example", ("Lakbay Books", "orders@lakbay-books.example"),
                         "Thanks for your order LB-2291",
                         "Hi Ana,\n\nThanks for your order LB-2291.\n\n2 x travel guide: P980.00\nBookmark set: P120.00"
                         "\nTotal: P1,100.00\n\nWe'll tell you when it ships.", datetime(2027, 8, 8, 20, tzinfo=MANILA)),
        "other": message("o-3@halaman-shop.example", ("Halaman Shop", "hello@halaman-shop.example"),
                         "Order confirmed: HS-7710", "Thanks! Snake plant x1: P450.00\nTotal: P450.00",
                         datetime(2027, 8, 9, 10, tzinfo=MANILA)),
        "notice": message("d-2@biliscouriers.example", COURIER, "Your parcel arrives today",
                          "Good news: your parcel from Lakbay Books is out for delivery today, between 1:00 PM and "
                          "4:00 PM.\nTracking: BC-66120", datetime(2027, 8, 11, 7, 30, tzinfo=MANILA)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def test_what_an_order_cost_after_its_couriers_notice_is_the_shops_own_total(notified: App) -> None:
    # the courier's notice prices nothing: the order it names is priced by the shop's own mail
    replies = talk(notified, "is a delivery coming today?", "who sent that?", "how much did that order come to?")
    reply = replies[-1]
    assert "P1,100.00" in reply and "Lakbay Books" in reply and "450.00" not in reply, reply
