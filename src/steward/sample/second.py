"""A second sample mailbox, of another person in another country: Noor Haddad, who lives in Melbourne,
was born in Auckland and kept a Dutch credit card from years in Rotterdam. About 200 messages over the
90 days before `now`, so a home built from it asks every reader of mail to work on names, currencies,
banks, billers and providers that the first sample (`steward.sample.mailbox`) never mentions.

The mix, all invented: Australian card statements (one paid by hand, one by direct debit) and a Dutch
one in euros left overdue, household bills (electricity overdue, water, mobile by direct debit,
broadband already paid, car insurance, rent) and a storage unit in New Zealand dollars; appointments
(a dentist, a physiotherapist who cancels and offers another time that waits for a yes, an optometrist
who moves the exam, a vet, a restaurant table, a car service), a flight whose departure time changes
and a train; card alerts, receipts, mailing lists, personal threads, and two phishing lures. Amounts
and dates are written the way real senders write them ("$2,418.60", "AUD 312.00", "EUR 1.187,40",
"NZ$145.00", "12/12/2026", "Dec 8", "5 December").

The facts a person would ask about (amounts, due dates, appointment times, statuses) do not depend on
the seed: they are fixed relative to `now`'s date in Melbourne. The seed varies the filler (card alerts,
receipts' amounts, the minutes of newsletters). Every message has a `kind` label and `facts` an
evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@second.steward.example>`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    AlertCard,
    DatedBox,
    Lure,
    NewsletterStyle,
    SampleMessage,
    due_facts,
    table_markup,
)
from steward.sample.locale import (
    dd_mm_yyyy,
    decimal_comma,
    dollars,
    ordinal,
    weekday_day_month,
    wkday_day_mon,
)

DOMAIN = "second.steward.example"
ME = ("Noor Haddad", "noor.haddad@fastmail-demo.example")
MEL = ZoneInfo("Australia/Melbourne")
AKL = ZoneInfo("Pacific/Auckland")
AMS = ZoneInfo("Europe/Amsterdam")
ZONE = "Australia/Melbourne"  # the person's own clock

AU_FOOTER = ("This email was sent to you because you hold an account with us. Please don't reply to this "
             "email. All names, numbers and companies in this mailbox are invented.")

CALLUM = ("Callum Reid", "callum.reid@inbox-demo.example")
RANIA = ("Rania Haddad", "rania.h@inbox-demo.example")
MAMA = ("Mama", "salma.haddad@xtramail-demo.example")
BEC = ("Bec Thornton", "bec.thornton@inbox-demo.example")
KIRI = ("Kiri Ngata", "kiri.ngata@xtramail-demo.example")
LUKAS = ("Lukas Brandt", "lukas.brandt@posteo-demo.example")
DEEPA = ("Deepa Krishnamurthy", "deepa.k@larchwood-consulting.example")
FRIENDS = (CALLUM, RANIA, MAMA, BEC, KIRI, LUKAS, DEEPA)


def _eur_nl(x: float) -> str:
    return f"EUR {decimal_comma(x)}"


def _ampm(d: datetime) -> str:
    return f"{d:%I:%M}".lstrip("0") + ("am" if d.hour < 12 else "pm")


def _cards(b: DatedBox) -> None:
    wattle = ("Wattle Bank", "statements@wattlebank.example")
    alerts = ("Wattle Bank", "alerts@wattlebank.example")
    # last month's statement, paid by hand three days early
    due = b.today - timedelta(days=21)
    facts = due_facts("Wattle Bank", "1902.33", "AUD", due, "card", "paid", last4="6604",
                 product="Wattle Rewards Mastercard", minimum="57.07")
    b.add("statement", wattle, "Your Wattle Rewards Mastercard statement is ready", b.sent(42, 6, 5),
          f"Hi Noor,\n\nYour statement for the Wattle Rewards Mastercard ending 6604 is now available in the "
          f"Wattle app.\n\nClosing balance: {dollars(1902.33)}\nMinimum payment: {dollars(57.07)}\n"
          f"Payment due: {dd_mm_yyyy(due)}\n\nTo avoid interest, pay the closing balance by the due date.",
          pdf=f"Wattle-statement-{due:%b-%Y}.pdf", facts=facts)
    b.add("payment_received", alerts, "Payment received - thank you", b.sent(24, 16, 40),
          f"We've received your payment of {dollars(1902.33)} to your Wattle Rewards Mastercard ending 6604. "
          "It may take up to one business day to show in your available credit.", facts=facts)
    # this month's statement: open, due in nine days
    due = b.today + timedelta(days=9)
    facts = due_facts("Wattle Bank", "2418.60", "AUD", due, "card", "open", last4="6604",
                 product="Wattle Rewards Mastercard", minimum="72.56")
    html = ("<html><body style=\"font-family:Arial\"><h2 style=\"color:#2b6e3f\">Wattle Bank</h2>"
            "<p>Hi Noor, your Wattle Rewards Mastercard statement is ready.</p>"
            "<table cellpadding=\"4\"><tr><td>Card</td><td>&#8226;&#8226;&#8226;&#8226; 6604</td></tr>"
            f"<tr><td>Closing balance</td><td><b>AUD 2,418.60</b></td></tr>"
            f"<tr><td>Minimum payment</td><td>AUD 72.56</td></tr>"
            f"<tr><td>Payment due date</td><td>{dd_mm_yyyy(due)}</td></tr></table>"
            "<p>Pay by BPAY, internet banking or in the Wattle app.</p></body></html>")
    b.add("statement", wattle, "Your Wattle Rewards Mastercard statement is ready", b.sent(12, 6, 5),
          f"Hi Noor, your Wattle Rewards Mastercard statement is ready.\nCard: **** 6604\n"
          f"Closing balance: AUD 2,418.60\nMinimum payment: AUD 72.56\nPayment due date: {dd_mm_yyyy(due)}\n"
          "Pay by BPAY, internet banking or in the Wattle app.", html=html, pdf=f"Wattle-statement-{due:%b-%Y}.pdf",
          facts=facts)
    b.add("payment_due", alerts, f"Reminder: your Mastercard payment is due {due:%b} {due.day}", b.sent(1, 8, 2),
          f"Hi Noor, just a heads up: your payment of {dollars(2418.60)} (minimum {dollars(72.56)}) for the card "
          f"ending 6604 is due on {due:%a} {due:%b} {due.day}. Already paid? You can ignore this message.",
          facts=facts)

    lyre = ("Lyrebird Credit Union", "noreply@lyrebirdcu.example")
    due = b.today - timedelta(days=18)
    facts = due_facts("Lyrebird Credit Union", "530.80", "AUD", due, "card", "paid", last4="3317",
                 product="Lyrebird Visa Platinum", autopay="true")
    b.add("statement", lyre, "eStatement available: Lyrebird Visa Platinum", b.sent(39, 5, 30),
          f"Dear Member,\nYour eStatement for Visa Platinum card xxxx xxxx xxxx 3317 is available.\n"
          f"Statement balance: AUD 530.80\nThe full statement balance will be debited from your nominated "
          f"account on {weekday_day_month(due)} {due.year}.", facts=facts)
    b.add("payment_received", lyre, "Direct debit processed", b.sent(18, 11, 20),
          f"Dear Member,\nYour direct debit of AUD 530.80 to Visa Platinum xxxx3317 was processed on "
          f"{dd_mm_yyyy(due)}. No further action is needed.", facts=facts)
    due = b.today + timedelta(days=12)
    facts = due_facts("Lyrebird Credit Union", "864.15", "AUD", due, "card", "open", last4="3317",
                 product="Lyrebird Visa Platinum", autopay="true")
    b.add("statement", lyre, "eStatement available: Lyrebird Visa Platinum", b.sent(9, 5, 30),
          f"Dear Member,\nYour eStatement for Visa Platinum card xxxx xxxx xxxx 3317 is available.\n"
          f"Statement balance: AUD 864.15\nMinimum repayment: AUD 25.92\nThe full statement balance will be "
          f"debited from your nominated account on {weekday_day_month(due)} {due.year} under your direct debit "
          "arrangement. Please make sure funds are available.", facts=facts)

    zuid = ("Zuidkust Bank", "creditcard@zuidkustbank.example")
    due = b.today - timedelta(days=5)
    facts = due_facts("Zuidkust Bank", "1187.40", "EUR", due, "card", "overdue", last4="0921",
                 product="Zuidkust Gold Creditcard")
    b.add("statement", zuid, "Uw maandoverzicht / Your monthly statement - Zuidkust Gold Creditcard",
          b.sent(25, 9, 0, AMS),
          f"Dear Ms Haddad,\n\nYour monthly statement for the Zuidkust Gold Creditcard (card number ending "
          f"0921) is ready.\n\nAmount due / Te betalen: {_eur_nl(1187.40)}\nPay before / Uiterste "
          f"betaaldatum: {due:%d-%m-%Y}\n\nPlease transfer the amount to IBAN NL91 ZKBK 0417 1643 00, "
          "quoting your card number. Zuidkust Bank does not collect this amount automatically for "
          "accounts held outside the Netherlands.", facts=facts)
    b.add("payment_overdue", zuid, "Payment reminder: amount overdue on your Zuidkust Gold Creditcard",
          b.sent(2, 10, 0, AMS),
          f"Dear Ms Haddad,\n\nWe have not yet received the payment of {_eur_nl(1187.40)} that was due on "
          f"{due:%d-%m-%Y} for your credit card ending 0921. Please pay as soon as possible; a late payment "
          f"fee of {_eur_nl(15)} may be charged. If you have already paid, please disregard this reminder.",
          facts=facts)


def _bills(b: DatedBox) -> None:
    yarra = ("Yarra Edge Energy", "accounts@yarraedge.example")
    due = b.today - timedelta(days=3)
    facts = due_facts("Yarra Edge Energy", "287.45", "AUD", due, "utility", "overdue", account="YE-2290-4471")
    b.add("bill", yarra, f"Your electricity bill is ready - ${287.45:.2f} due {dd_mm_yyyy(due)}", b.sent(24, 14, 10),
          None, html=("<html><body><div style=\"max-width:600px\"><img alt=\"Yarra Edge Energy\">"
                      "<h1>Your electricity bill</h1><p>Account number YE-2290-4471</p>"
                      f"<p style=\"font-size:28px\">Amount due <b>$287.45</b></p>"
                      f"<p>Due date <b>{dd_mm_yyyy(due)}</b></p>"
                      "<p>Pay by BPAY: biller code 33118, reference 22904471. Set up direct debit and never "
                      "miss a due date.</p></div></body></html>"),
          facts=facts)
    b.add("payment_overdue", yarra, "Your Yarra Edge Energy account is overdue", b.sent(1, 13, 30),
          f"Hi Noor,\n\nWe haven't received payment for your electricity account YE-2290-4471. {dollars(287.45)} was "
          f"due on {due.day} {due:%B}. Please pay now to avoid a late payment fee. If you're finding it hard "
          "to pay, call us: we can help with a payment plan.", facts=facts)

    water = ("Corella Water", "billing@corellawater.example")
    due = b.today + timedelta(days=19)
    b.add("bill", water, "Your Corella Water bill", b.sent(6, 9, 45),
          f"Quarterly water and sewerage bill\nCustomer: Noor Haddad\nAccount: 4471 0082 19\n"
          f"Billing period: 1 Sep to 30 Nov\nTotal due: AUD 198.30\nDue by: {weekday_day_month(due)} {due.year}\n"
          "Pay online, by phone or at any post office.",
          facts=due_facts("Corella Water", "198.30", "AUD", due, "utility", "open", account="4471 0082 19"))

    mobile = ("Kookaburra Mobile", "mybill@kookaburramobile.example")
    due = b.today + timedelta(days=5)
    b.add("bill", mobile, f"Your Kookaburra bill for {due:%B}", b.sent(4, 7, 15),
          f"G'day Noor,\nYour bill for mobile number 0412 555 418 (Kookaburra 40GB plan) is $65.00.\n"
          f"We'll take it by direct debit from your card on {due:%b} {due.day}. Nothing to do.",
          facts=due_facts("Kookaburra Mobile", "65.00", "AUD", due, "telecom", "open", autopay="true",
                     account="0412 555 418"))

    tern = ("Tern Broadband", "billing@ternbroadband.example")
    due = b.today + timedelta(days=2)
    facts = due_facts("Tern Broadband", "79.00", "AUD", due, "telecom", "paid", account="TB-70551")
    b.add("bill", tern, "Tern Broadband invoice TB-70551-12", b.sent(11, 10, 0),
          f"Invoice TB-70551-12 for your NBN 100 plan. Amount: AUD 79.00. Due: {dd_mm_yyyy(due)}.", facts=facts)
    b.add("bill_paid", tern, "Payment received for invoice TB-70551-12", b.sent(2, 20, 5),
          "Thanks Noor, we've received your payment of AUD 79.00 for invoice TB-70551-12. Your account is "
          "now paid in full.", facts=facts)

    insurer = ("Banksia Mutual", "renewals@banksiamutual.example")
    due = b.today + timedelta(days=17)
    b.add("bill", insurer, "Your car insurance renewal: BM-CAR-884213", b.sent(14, 12, 0),
          f"Hi Noor,\n\nYour comprehensive car insurance for the 2019 Mazda CX-5 (policy BM-CAR-884213) is due "
          f"for renewal.\nAnnual premium: $1,146.20 (incl. GST)\nPay by: {due.day} {due:%B} {due.year}\n\n"
          "Pay in full online, or switch to monthly instalments. Your cover continues when we receive payment.",
          facts=due_facts("Banksia Mutual", "1146.20", "AUD", due, "insurance", "open", account="BM-CAR-884213"))

    rent = ("Grevillea Property Group", "rentals@grevilleapg.example")
    due = b.today + timedelta(days=11)
    b.add("bill", rent, "Rent reminder - 14 Tinning St, Brunswick", b.sent(3, 9, 0),
          f"Dear Noor,\n\nA friendly reminder that your monthly rent of $2,340.00 for 14 Tinning St, Brunswick is "
          f"due on {weekday_day_month(due)}.\nPlease pay to the trust account BSB 063-118, account 1042 7781, with "
          "reference HADDAD14.\n\nKind regards,\nGrevillea Property Group",
          facts=due_facts("Grevillea Property Group", "2340.00", "AUD", due, "rent", "open"))

    storage = ("Aotea Self Storage", "accounts@aoteastorage.example")
    due = b.today + timedelta(days=7)
    b.add("bill", storage, "Invoice INV-30418 from Aotea Self Storage", b.sent(8, 11, 30, AKL),
          f"Kia ora Noor,\n\nHere's your invoice INV-30418 for unit B-112 (December).\nAmount due: NZ$145.00\n"
          f"Due date: {due.day} {due:%b} {due.year}\n\nPay by internet banking to 12-3012-0456789-00.",
          facts=due_facts("Aotea Self Storage", "145.00", "NZD", due, "storage", "open"))


def _appointments(b: DatedBox) -> None:
    dental = ("Southbank Smiles Dental", "reception@southbanksmiles.example")
    past = b.at(-61, 9, 30)
    b.add("appointment", dental, "Appointment reminder - Southbank Smiles Dental", b.sent(63, 10, 0),
          f"Hi Noor, this is a reminder of your appointment with Dr Mei Lin Chow on {weekday_day_month(past)} at "
          f"{_ampm(past)}. Level 3, 120 Sturt St, Southbank.",
          facts={"provider": dental[0], "start": past.isoformat(), "status": "confirmed", "kind": "dental"})
    start = b.at(5, 8, 45)
    b.add("appointment", dental, "Your check-up and clean is confirmed", b.sent(6, 15, 20),
          f"Hi Noor,\n\nWe look forward to seeing you for your check-up and clean with Dr Mei Lin Chow on "
          f"{weekday_day_month(start)} at {_ampm(start)}.\nWhere: Level 3, 120 Sturt St, Southbank.\n\nNeed to change "
          "it? Please give us 24 hours' notice.",
          facts={"provider": dental[0], "start": start.isoformat(), "status": "confirmed", "kind": "dental",
                 "location": "Level 3, 120 Sturt St, Southbank"})

    physio = ("Fitzroy Physio & Pilates", "bookings@fitzroyphysio.example")
    first = b.at(1, 16, 0)
    conf = b.cancelled_booking(
        physio, "physiotherapy", first,
        ("Booking confirmation: Physiotherapy (follow-up)", b.sent(10, 12, 30),
         f"Booking confirmed\nService: Physiotherapy follow-up, 30 min\nPractitioner: Tomasz Wiśniewski\n"
         f"Date: {dd_mm_yyyy(first)}\nTime: {_ampm(first)}\nLocation: 211 Brunswick St, Fitzroy"),
        ("Your appointment has been cancelled", b.sent(1, 9, 12),
         f"Hi Noor, unfortunately Tomasz is unwell and we've had to cancel your physiotherapy appointment on "
         f"{weekday_day_month(first)} at {_ampm(first)}. We're sorry for the inconvenience."))
    offer = b.at(8, 7, 30)
    b.add("appointment_proposed", physio, "Can we offer you another time?", b.sent(1, 9, 40),
          f"Hi Noor, we have a spot with Tomasz on {weekday_day_month(offer)} at {_ampm(offer)} to replace the session we "
          "cancelled. It isn't booked yet: reply YES to this email and it's yours. We'll hold it until tomorrow "
          "at 5pm.", reply_to=conf,
          facts={"provider": physio[0], "start": offer.isoformat(), "status": "proposed", "kind": "physiotherapy"})

    eyes = ("Clarity Optometrists", "appointments@clarityoptom.example")
    was = b.at(4, 11, 20)
    moved = b.at(13, 14, 40)
    b.moved_booking(
        eyes, "eye care", was, moved,
        (f"Eye examination booked for {wkday_day_mon(was)}", b.sent(15, 17, 5),
         f"Dear Noor,\nYour comprehensive eye examination at Clarity Optometrists, 402 Sydney Rd, "
         f"Brunswick is booked for {wkday_day_mon(was)} {was.year}, {_ampm(was)}. Please bring your "
         "current glasses and your Medicare card."),
        ("Your appointment time has changed", b.sent(2, 11, 0),
         f"Dear Noor,\nAs discussed on the phone, your eye examination has been moved from {was:%a} {was.day} "
         f"{was:%b} at {_ampm(was)} to {weekday_day_month(moved)} {moved.year} at {_ampm(moved)}. "
         "Same place: 402 Sydney Rd, Brunswick."))

    vet = ("Brunswick Vet Clinic", "frontdesk@brunswickvet.example")
    start = b.at(2, 10, 0)
    b.add("appointment", vet, "Pistachio's vaccination appointment", b.sent(5, 13, 0), None,
          html=("<html><body><p>Hi Noor,</p><p>Thanks for booking! Here are the details:</p><ul>"
                f"<li><b>Patient:</b> Pistachio (cat)</li><li><b>Reason:</b> annual vaccination (F3)</li>"
                f"<li><b>When:</b> {weekday_day_month(start)}, {_ampm(start)}</li>"
                "<li><b>Where:</b> Brunswick Vet Clinic, 77 Lygon St, Brunswick East</li></ul>"
                "<p>Please bring Pistachio in a carrier.</p></body></html>"),
          facts={"provider": vet[0], "start": start.isoformat(), "status": "confirmed", "kind": "vet",
                 "location": "77 Lygon St, Brunswick East"})

    table = ("Tavola Nera", "bookings@tavolanera.example")
    start = b.at(1, 19, 30)
    markup = table_markup("TN-88412", ME[0], 4, start, "Tavola Nera", "19 Gertrude St", "Fitzroy")
    b.add("reservation", table, f"Your table at Tavola Nera - {wkday_day_mon(start)}",
          b.sent(3, 21, 15),
          f"Ciao Noor! Your table for 4 is confirmed for {weekday_day_month(start)} at {_ampm(start)}. Booking TN-88412. "
          "19 Gertrude St, Fitzroy.",
          html=(f"<html><head><script type=\"application/ld+json\">{markup}</script></head><body>"
                f"<h2>Ciao Noor!</h2><p>Your table for <b>4</b> is confirmed for <b>{weekday_day_month(start)} at "
                f"{_ampm(start)}</b>.</p><p>Booking TN-88412 &middot; 19 Gertrude St, Fitzroy</p></body></html>"),
          facts={"provider": table[0], "start": start.isoformat(), "status": "confirmed", "kind": "restaurant",
                 "location": "19 Gertrude St, Fitzroy"})

    garage = ("Pitstop Motors Coburg", "service@pitstopmotors.example")
    start = b.at(11, 8, 0)
    b.add("appointment", garage, "Service booking confirmed - Mazda CX-5", b.sent(7, 16, 45),
          f"Hi Noor,\nYour logbook service (60,000 km) for the Mazda CX-5 is booked for {dd_mm_yyyy(start)} at "
          f"{start:%H:%M}. Drop the car off from 7:30am; we'll text when it's ready.\n"
          "Pitstop Motors, 5 Bell St, Coburg.",
          facts={"provider": garage[0], "start": start.isoformat(), "status": "confirmed", "kind": "car service",
                 "location": "5 Bell St, Coburg"})


def _travel(b: DatedBox) -> None:
    air = ("Austral Pacific Airways", "itinerary@australpacific.example")
    out_dep = b.at(15, 6, 55)
    out_arr = b.at(15, 12, 10, AKL)
    back_dep = b.at(25, 17, 5, AKL)
    back_arr = b.at(25, 19, 0)
    b.add("flight", air, "Booking confirmation QK7R2M - Melbourne to Auckland", b.sent(30, 22, 10),
          "Thank you for flying with Austral Pacific.\nBooking reference: QK7R2M\nPassenger: MS NOOR HADDAD\n\n"
          f"AP417  Melbourne (MEL) {out_dep:%d%b%y} {out_dep:%H:%M} -> Auckland (AKL) {out_arr:%H:%M}\n"
          f"AP422  Auckland (AKL) {back_dep:%d%b%y} {back_dep:%H:%M} -> Melbourne (MEL) {back_arr:%H:%M}\n\n"
          "Times are local. Total paid: AUD 1,284.00 (Visa Platinum ending 3317).",
          facts={"provider": air[0], "start": out_dep.isoformat(), "status": "confirmed", "kind": "flight",
                 "flight": "AP417", "arrive": out_arr.isoformat(), "return": back_dep.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "QK7R2M"})
    new_dep = b.at(15, 9, 25)
    new_arr = b.at(15, 14, 40, AKL)
    b.add("flight_changed", air, "Schedule change to your booking QK7R2M", b.sent(4, 5, 50),
          f"Dear Ms Haddad,\n\nThere has been a schedule change to flight AP417 on {out_dep:%d %b %Y}.\n"
          f"Was: departs Melbourne {out_dep:%H:%M}, arrives Auckland {out_arr:%H:%M}\n"
          f"Now: departs Melbourne {new_dep:%H:%M}, arrives Auckland {new_arr:%H:%M}\n\n"
          "Your return flight AP422 is unchanged. If the new time doesn't suit you, you can change to another "
          "flight at no cost in Manage Booking.",
          facts={"provider": air[0], "start": new_dep.isoformat(), "was": out_dep.isoformat(),
                 "status": "rescheduled", "kind": "flight", "flight": "AP417", "arrive": new_arr.isoformat(),
                 "reference": "QK7R2M"})

    rail = ("Murray Line Rail", "tickets@murrayline.example")
    dep = b.at(9, 7, 5)
    arr = b.at(9, 10, 32)
    b.add("train", rail, f"Your e-ticket: Melbourne to Albury, {dd_mm_yyyy(dep)}", b.sent(9, 19, 30),
          f"E-TICKET  Booking MLR-5521907\nSouthern Cross (Melbourne) dep {dep:%H:%M} -> Albury arr {arr:%H:%M}\n"
          f"{weekday_day_month(dep)} {dep.year}  Coach C  Seat 41\nFare: AUD 58.40 (paid)\n"
          "Show this ticket on your phone when asked.",
          ics=b.invite(f"MLR-5521907-{b.seed}@murrayline.example", "Train Melbourne - Albury", dep, arr,
                   "Southern Cross Station, Melbourne"),
          facts={"provider": rail[0], "start": dep.isoformat(), "status": "confirmed", "kind": "train",
                 "arrive": arr.isoformat(), "reference": "MLR-5521907"})


LURES = (
    Lure(("Wattle Bank Security", "security@wattlebank-verify.example"),
         "URGENT: Your Wattle card ending 6604 has been restricted", (2, 3, 14),
         "Dear Customer,\n\nWe detected unusual activity and your Wattle Rewards Mastercard ending 6604 has been "
         "temporarily restricted. To restore access you must verify your identity within 12 hours at "
         "http://wattle-bank-verify.example/login. Failure to verify will result in permanent suspension.", "bank"),
    Lure(("ParcelLink Delivery", "noreply@parcelink-redelivery.example"),
         "We couldn't deliver your parcel - action required", (6, 18, 2),
         "Your parcel AU88241905 could not be delivered because the address was incomplete. Pay the "
         "redelivery fee of AUD 3.20 within 48 hours or the parcel will be returned: "
         "http://parcelink-redelivery.example/pay", "parcel"),
)


NEWSLETTERS = (
    ("Inner North Bicycle Club", "rides@innernorthbug.example", 5,
     ["Saturday social ride to Williamstown", "chain care workshop", "Merri Creek trail closures",
      "Round the Bay training"]),
    ("The Long Weekend", "hello@thelongweekend.example", 6,
     ["Daylesford in spring", "the best bakeries on the Great Ocean Road", "camping in the Grampians",
      "Tasmania on a budget"]),
    ("Merri Creek Community Garden", "garden@merricreekgarden.example", 2,
     ["working bee this Sunday", "tomato seedlings swap", "compost roster"]),
    ("Koala Kitchenware", "deals@koalakitchenware.example", 3,
     ["30% off cast iron", "summer sale", "free delivery weekend"]),
    ("Melbourne Python Meetup", "meetup@melbpython.example", 0,
     ["lightning talks night", "packaging with uv", "testing with pytest"]),
)


EARLY = NewsletterStyle(
    "{name}: {topic}", "{name}\nThis week: {topic}.\nRead more on our site. Unsubscribe any time.",
    "<html><body><h1>{name}</h1><p>This week: <b>{topic}</b>.</p><p>Read more on our site.</p>"
    "<p><a href=\"https://example.invalid/unsubscribe\">Unsubscribe</a></p></body></html>", hour=7, minutes=(0, 50))


MERCHANTS = ("FRESHWAYS BRUNSWICK", "CITY NEWS & LOTTO", "MYKI TOP UP", "BUN & BEAN CAFE", "HARDWARE HUT COBURG",
             "PHARMA PLUS SYDNEY RD", "GOBBLE EATS")


WATTLE_ALERTS = AlertCard(("Wattle Bank", "alerts@wattlebank.example"), "You've made a purchase", "6604", "AUD",
                          lambda amount, merchant, when: f"You spent {dollars(amount)} at {merchant} with your card "
                          f"ending 6604 on {dd_mm_yyyy(when)}.")
ZUIDKUST_ALERTS = AlertCard(("Zuidkust Bank", "alerts@zuidkustbank.example"), "Transactie / Transaction", "0921",
                            "EUR", lambda amount, merchant, when: f"€{amount:.2f}".replace(".00", "").replace(".", ",")
                            + f" paid with your creditcard ending 0921 at {merchant}.")


SHOPS = (("Circuit Barn", "orders@circuitbarn.example", "noise-cancelling headphones", 312.00),
         ("Gobble Eats", "receipts@gobbleeats.example", "Lebanese takeaway", None),
         ("Koala Kitchenware", "orders@koalakitchenware.example", "a cast iron pan", 89.95),
         ("Gobble Eats", "receipts@gobbleeats.example", "pho for two", None),
         ("Bookish Brunswick", "hello@bookishbrunswick.example", "two novels", 54.98),
         ("Gobble Eats", "receipts@gobbleeats.example", "pizza night", None))


def _receipt(shop: str, order: str, what: str, amount: float) -> tuple[str, str]:
    return (f"Your {shop} order #{order}",
            f"Thanks for your order #{order}: {what}. Total paid AUD {amount:,.2f} (GST included).")


def _threads(b: DatedBox) -> tuple[tuple[tuple[str, str], float, str, str, str], ...]:
    """Personal threads: (friend, days ago, subject, their opening, the reply), dated to agree with the bookings."""
    fly = b.today + timedelta(days=15)
    vet = b.today + timedelta(days=2)
    asked = b.today - timedelta(days=5)  # the day Bec asks about "Sunday"; the answer is the Sunday after
    hike = asked + timedelta(days=(6 - asked.weekday()) % 7 + 7)
    return (
        (CALLUM, 0.4, "Pistachio's jab", "Did you book the vet for Pistachio's vaccination? I can take her if it's "
         "on a weekday.", f"Booked for {vet:%A} morning at 10, I'll take her."),
        (RANIA, 1.2, "Christmas in Auckland", f"Mama wants everyone at hers on the {ordinal((fly + timedelta(days=2)).day)}. "
         f"You're flying over on the {ordinal(fly.day)}, right? Kiri said she can pick you up.",
         f"Yes, the {ordinal(fly.day)}. The airline just moved my flight to later in the morning, I'll send Kiri "
         "the new time."),
        (KIRI, 2.5, "Airport pick-up", f"Kia ora! Happy to grab you from the airport on the {ordinal(fly.day)}. "
         "Send me your flight number when you can.", "Thanks Kiri! It's AP417, lands a bit after half two now."),
        (MAMA, 3.6, "Maqluba recipe", "Habibti, here is the maqluba recipe you asked for. Fry the eggplant first "
         "and don't forget the allspice. Call me on Sunday.", "Shukran Mama, I'll call you Sunday evening."),
        (BEC, 5.3, "Cathedral Range this Sunday?", "Weather looks great for Sunday. Shall we do the Razorback? I "
         "can drive, leaving at 7.", f"I'm in, but let's make it Sunday the {ordinal(hike.day)}, this weekend is "
         "full."),
        (DEEPA, 6.1, "Q4 report draft", "Hi Noor, can you send me your section of the Q4 report by Friday? Happy "
         "to review it with you afterwards.", "Sure Deepa, you'll have it Friday morning."),
        (LUKAS, 9.0, "Photos from Rotterdam", "Found the photos from the Rotterdam days, the ones on the Erasmus "
         "bridge! Sending a link soon. Are you still using that Dutch credit card?", "Ha, yes, I keep forgetting "
         "to close it."),
        (CALLUM, 12.4, "Groceries", "Can you grab oat milk and lemons on the way home?", "Got them."),
        (RANIA, 20.2, "Mama's birthday", "Shall we split a gift for Mama? I was thinking a new coffee pot.",
         "Love it, send me half the link."),
        (BEC, 27.5, "Book club", "Next book is 'The Narrow Road'. We meet at mine in three weeks.", "Great choice."),
        (DEEPA, 34.0, "Team lunch", "Team lunch on Friday at the dumpling place on Bourke St, 12:30.",
         "Count me in."),
        (LUKAS, 48.0, "Berlin visit?", "Any chance you come to Berlin next year? The guest room is yours.",
         "Maybe in autumn!"),
        (MAMA, 55.0, "Call me", "Call me when you're free, nothing urgent. Love you.", "Will do tonight."),
        (CALLUM, 70.0, "Weekend away", "What about Daylesford for our anniversary?", "Yes please!"),
    )


def _personal(b: DatedBox) -> None:
    for friend, ago, subject, opening, reply in _threads(b):
        when = b.sent(ago, 0) + timedelta(hours=9 + (ago * 7) % 11)
        when = min(when, b.now - timedelta(hours=2))
        root = b.add("personal", friend, subject, when, f"Hi Noor,\n\n{opening}\n\n{friend[0].split()[0]}",
                     facts={"person": friend[0]})
        answer = min(when + timedelta(hours=3), b.now - timedelta(minutes=30))
        b.add("personal", ME, f"Re: {subject}", answer, f"{reply}\n\nOn an earlier day, {friend[0]} wrote:\n> "
              f"{opening}", reply_to=root, to=friend, facts={"person": friend[0]})


OTHER = (
    ("GovConnect Notices", "noreply@notices.govconnect-demo.example", "You have a new message in your inbox",
     "You have a new message from a linked service. Sign in to read it."),
    ("ParcelLink", "tracking@parcelink.example", "Your parcel has been delivered",
     "Your parcel from Circuit Barn was delivered to your front door at 2:14pm."),
    ("Larchwood Consulting IT", "it-helpdesk@larchwood-consulting.example", "Password expires in 7 days",
     "Your network password expires in 7 days. Change it from the staff portal."),
    ("Sydney Road Libraries", "loans@sydneyroadlibraries.example", "Items due back soon",
     "Two items on your card are due back on Monday. Renew online if you need more time."),
)


def generate(now: datetime, seed: int = 7, days: int = 90) -> list[SampleMessage]:
    """Noor Haddad's mailbox: about 200 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what is owed, when the
    dentist is, what moved) have the same answers for every seed, counted from `now`'s date in Melbourne.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 75:
        raise ValueError("the second sample needs at least 75 days of mail")
    b = DatedBox(now, seed, days, me=ME, zone=MEL, domain=DOMAIN, footer=AU_FOOTER, personal=("personal",),
                 rng_seed=seed * 104729 + 2, pdf_note="Steward second sample",
                 prodid="-//Steward second sample//EN", ics_stamp="20260101T000000Z", signed=True,
                 ics_name="booking.ics", margin=7)
    _cards(b)
    _bills(b)
    _appointments(b)
    _travel(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, EARLY, fortnightly=("Melbourne Python Meetup",))
    b.card_alerts(WATTLE_ALERTS, 40, first_hour=8, hours=12, spend=(4, 180), merchants=MERCHANTS)
    b.abroad_alerts(ZUIDKUST_ALERTS, (89.0, 42.5, 18.95, 64.0), ("NS INTERNATIONAL", "BOL.COM", "ALBERT HEIJN",
                                                               "TRANSAVIA"), every=17, first=10, hour=12, zone=AMS)
    b.receipts(SHOPS, 18, every=4, first=3, orders=(1000, 37), spend=(24, 70), currency="AUD", write=_receipt)
    _personal(b)
    b.notices(OTHER, 16, every=5, first=2)
    return b.messages()
