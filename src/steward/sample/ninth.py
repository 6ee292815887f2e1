"""A ninth sample mailbox, of a ninth person in a ninth place: Rachel Ortega, an ICU nurse at a hospital in
Denver, Colorado, who lives in a townhome in the Virginia Village neighborhood with her partner Dan Brooks,
their children Maya (10, who plays soccer) and Leo (7, in 2nd grade) and their dog Biscuit. Her mother lives
in Tucson and signs "Mom"; her brother Chris, in Denver, signs "your bro". She pays in US dollars, flies to
Phoenix this afternoon for a two-day nursing symposium (a gate change on the way out, a return leg on
Thursday, a hotel and a rental car there), takes the train to the mountains with the family over Memorial
Day weekend, and gets mail in US English. About 60 messages over the three weeks before `now`, so a home
built from it asks every reader of mail to work on names, billers, booking apps and ways of writing that none
of the other samples (`steward.sample.mailbox`, `second` to `eighth`) uses.

The mix, all invented: a credit card statement (HTML, a statement balance, a minimum payment and AutoPay of
the minimum) and the last payment posted; a car loan payment coming due; an electric-and-gas bill; the
city's water and sewer bill and its payment confirmation; a cell phone bill on AutoPay; HOA dues past due
and the notice before them; a student loan statement; a payment sent and one received through a payment
app, a sporting goods order and a grocery receipt; a package out for delivery today; a pharmacy
prescription ready for pickup; a dentist's text-style reminder ("Reply C to confirm"); a vet visit; a
soccer coach's practice change in plain words; a school conference sign-up; an eye exam moved and a
haircut canceled; a table booked through an app; a round trip by train; a flight, its gate change and its
return leg; a hotel and a rental car; family and a friend in plain words; a manager's calendar invitation
and a charge nurse's meeting in plain words; three lures (an unpaid toll, a bank sign-in alert, a
redelivery fee); newsletters, promos and card alerts. Amounts are written the way US senders write them
("$2,846.19", "USD 143.28", "$96.40"), dates month first ("05/25/2027", "May 25, 2027", "Friday 5/14",
"Tue, May 18") and times on the 12-hour clock ("3:40 PM", "4:50 PM MT").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in
Denver. The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind`
label and `facts` an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@ninth.steward.example>`.
Only mail received is here (an inbox export): none she sent.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    AlertCard,
    DatedBox,
    Letter,
    Lure,
    SampleMessage,
    banner_page,
    banner_style,
    due_facts,
    summary_table,
)
from steward.sample.locale import clock_ampm, mm_dd_yyyy, month_day_year, wkday_mon_day

DOMAIN = "ninth.steward.example"
ME = ("Rachel Ortega", "rachel.ortega@frontrange-mail-demo.example")
DENVER = ZoneInfo("America/Denver")
PHOENIX = ZoneInfo("America/Phoenix")  # Arizona keeps standard time: an hour behind Denver in summer
ZONE = "America/Denver"  # the person's own clock

FOOTER = ("You are receiving this email because you have an account with us. Please do not reply to this "
          "message. The people, companies and numbers in this mailbox are invented.")
BANK_LEGAL = (
    "Aspenridge Bank will never ask for your full card number, PIN or one-time passcode by email or text. "
    "Minimum Payment Warning: if you make only the minimum payment each period, you will pay more in interest "
    "and it will take you longer to pay off your balance. Late Payment Warning: if we do not receive your "
    "minimum payment by the date listed above, you may have to pay a late fee of up to $41.00. Aspenridge Bank, "
    "N.A., Member FDIC. NMLS ID 000000.")

DAN = ("Dan Brooks", "dan.brooks@frontrange-mail-demo.example")  # her partner
MOM = ("Linda Ortega", "linda.ortega@saguaro-mail-demo.example")  # her mother, in Tucson, signs "Mom"
CHRIS = ("Chris Ortega", "chris.ortega@frontrange-mail-demo.example")  # her brother, signs "your bro"
JESS = ("Jess Miller", "jess.miller@frontrange-mail-demo.example")  # a friend
KAREN = ("Karen Whitfield", "karen.whitfield@larimerhealth.example")  # her nurse manager
TASHA = ("Tasha Reed", "tasha.reed@larimerhealth.example")  # the unit's charge nurse
COACH = ("Mike Dunn", "coachmike.thunder@frontrange-mail-demo.example")  # Maya's soccer coach
CARD = ("Aspenridge Bank", "statements@aspenridgebank.example")


def _wk(d: date | datetime) -> str:
    """Friday 5/14."""
    return f"{d:%A} {d.month}/{d.day}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=DENVER, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Larimer Health//Outlook Calendar 16.0//EN")


def _card(b: DatedBox) -> None:
    paid_on = b.today - timedelta(days=19)
    b.add("payment_received", CARD, "We've received your credit card payment", b.sent(19, 9, 14),
          f"Hi Rachel,\n\nThanks for your payment. Here are the details:\n\nAccount: Aspenridge Visa Signature "
          f"ending in 4417\nPayment amount: $1,912.40\nPosted on: {mm_dd_yyyy(paid_on)}\n\nIt may take up to 2 business "
          f"days for your available credit to update.\n\nAspenridge Bank Card Services\n\n{BANK_LEGAL}",
          facts={"issuer": "Aspenridge Bank", "amount": "1912.40", "currency": "USD", "last4": "4417",
                 "status": "paid"})

    closing, due = b.today - timedelta(days=13), b.today + timedelta(days=14)
    rows = (("Account ending in", "4417"), ("Statement closing date", mm_dd_yyyy(closing)),
            ("New balance", "<b>$2,846.19</b>"), ("Minimum payment due", "$35.00"),
            ("Payment due date", f"<b>{mm_dd_yyyy(due)}</b>"), ("Credit limit", "$12,000.00"),
            ("Available credit", "$9,153.81"), ("Rewards cash back earned", "$28.46"))
    html = banner_page(
        "Aspenridge Bank",
        "<p>Hi Rachel,</p><p>Your Aspenridge Visa Signature<sup>&reg;</sup> statement is ready to view online.</p>"
        + summary_table(rows, 'border="0" cellpadding="6" style="border:1px solid #ccc"') +
        f"<p><b>AutoPay is on.</b> We'll pay your minimum payment of $35.00 from your checking account ending "
        f"in 0932 on {mm_dd_yyyy(due)}. To pay your full statement balance instead, sign in and make a payment before "
        "then.</p>", BANK_LEGAL, page="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1b1b1b",
        table='width="600" cellpadding="0" cellspacing="0" align="center"',
        banner="background:#0f3d5e;color:#ffffff;padding:16px;font-size:20px", pad="18px")
    b.add("statement", CARD, "Your Aspenridge Visa Signature statement is ready", b.sent(12, 6, 40), None,
          html=html, pdf=f"Statement_4417_{closing:%m%d%Y}.pdf",
          facts=due_facts("Aspenridge Bank", "2846.19", "USD", due, "card", "open", last4="4417",
                          product="Aspenridge Visa Signature", minimum="35.00", autopay="minimum"))


def _bills(b: DatedBox) -> None:
    auto = ("Front Range Auto Finance", "noreply@frontrangeautofinance.example")
    due = b.today + timedelta(days=7)
    b.add("bill", auto, "Your auto loan payment is coming up", b.sent(5, 8, 5),
          f"Hello Rachel Ortega,\n\nThis is a friendly reminder that your monthly payment on auto loan account "
          f"ending in 8830 is due soon.\n\nPayment amount: $412.67\nDue date: {mm_dd_yyyy(due)}\nRemaining principal: "
          "$14,208.55\n\nYou are not enrolled in automatic payments. Pay online, by phone at 1-800-555-0186 or "
          "set up AutoPay in the app.\n\nFront Range Auto Finance",
          facts=due_facts("Front Range Auto Finance", "412.67", "USD", due, "loan", "open", account="8830"))

    energy = ("Foothills Energy", "myaccount@foothillsenergy.example")
    due = b.today + timedelta(days=9)
    b.add("bill", energy, "Your Foothills Energy bill is ready", b.sent(7, 10, 30),
          f"Hi RACHEL,\n\nYour bill for service address 4182 E Iowa Ave Unit 6, Denver, CO 80222 is ready.\n\n"
          f"Account number: 53-0091847-2\nBilling period: {wkday_mon_day(b.today - timedelta(days=38))} - "
          f"{wkday_mon_day(b.today - timedelta(days=8))}\nElectricity (412 kWh): $88.15\nNatural gas (31 therms): "
          f"$55.13\nAmount due: $143.28\nDue date: {month_day_year(due)}\n\nPay online, in the app or by phone. Thank you "
          "for being a Foothills Energy customer.",
          facts=due_facts("Foothills Energy", "143.28", "USD", due, "utility", "open", account="53-0091847-2"))

    water = ("Metro City Water & Sewer", "ebilling@metrocitywater.example")
    due = b.today - timedelta(days=4)
    facts = due_facts("Metro City Water & Sewer", "96.40", "USD", due, "utility", "paid", account="118-44027")
    b.add("bill", water, "City Water & Sewer eBill - Account 118-44027", b.sent(21, 7, 50),
          f"METRO CITY WATER & SEWER - UTILITY BILLING\n\nAccount: 118-44027\nService address: 4182 E IOWA AVE "
          f"UNIT 6\nWater: $41.22\nSewer: $38.90\nStorm drainage: $16.28\nTOTAL AMOUNT DUE: $96.40\nDUE DATE: "
          f"{mm_dd_yyyy(due)}\n\nPay online with eCheck or card, or mail a check payable to Metro City Water & Sewer.",
          facts=facts)
    b.add("bill_paid", water, "Payment confirmation - Account 118-44027", b.sent(8, 18, 22),
          f"Thank you. Your payment of $96.40 to Metro City Water & Sewer for account 118-44027 was received on "
          f"{mm_dd_yyyy(b.today - timedelta(days=8))}.\nConfirmation number: W-7731205\nPayment method: eCheck ending "
          "0932\nRemaining balance: $0.00", facts=facts)

    phone = ("Brightwave Wireless", "billing@brightwave.example")
    due = b.today + timedelta(days=5)
    b.add("bill", phone, "Your Brightwave bill is ready - AutoPay scheduled", b.sent(4, 12, 15),
          f"Hi Rachel, your Brightwave bill for account ending 2215 is ready.\n\n3 lines, Unlimited Family plan: "
          f"$165.00\nDevice installment: $11.25\nTaxes & fees: $11.27\nTotal: $187.52\n\nAutoPay is on. We'll "
          f"charge $187.52 to your Aspenridge Visa ending 4417 on {_wk(due)}. Nothing else to do.\n\n"
          "Brightwave Wireless",
          facts=due_facts("Brightwave Wireless", "187.52", "USD", due, "telecom", "open", autopay="true",
                          account="2215"))

    hoa = ("Willow Creek Townhome Association", "board@willowcreekhoa.example")
    due = b.today - timedelta(days=10)
    late = b.today + timedelta(days=4)
    facts = due_facts("Willow Creek Townhome Association", "375.00", "USD", due, "hoa", "overdue", account="Unit 6")
    notice = b.add("bill", hoa, f"Q2 HOA assessment due {due:%B} {due.day}", b.sent(23, 17, 30),
                   f"Dear Homeowner,\n\nThis is your notice that the second quarter assessment for 4182 E Iowa Ave "
                   f"Unit 6 is $375.00, due {month_day_year(due)}. Assessments received after {mm_dd_yyyy(late)} will be charged a "
                   "$25.00 late fee. Pay through the resident portal or mail a check to the management office."
                   "\n\nWillow Creek Townhome Association Board",
                   facts=facts)
    b.add("payment_overdue", hoa, "PAST DUE: Q2 assessment for Unit 6", b.sent(5, 16, 40),
          f"Dear Homeowner,\n\nOur records show the Q2 assessment of $375.00 for Unit 6, due {mm_dd_yyyy(due)}, has not "
          f"been received. To avoid a $25.00 late fee, please pay by {_wk(late)}. If you have already paid, please "
          "disregard this notice.\n\nWillow Creek Townhome Association", reply_to=notice, facts=facts)

    loan = ("Bluestem Loan Servicing", "statements@bluestemloans.example")
    due = b.today + timedelta(days=16)
    b.add("bill", loan, "Your student loan statement is available", b.sent(4, 7, 10),
          f"Dear Rachel Ortega,\n\nYour monthly student loan statement is now available.\n\nAccount number: "
          f"******5563\nCurrent amount due: $268.04\nDue date: {mm_dd_yyyy(due)}\nOutstanding principal: $21,417.88\n"
          "Interest rate: 4.53%\n\nEnroll in auto debit to get a 0.25% interest rate reduction.\n\n"
          "Bluestem Loan Servicing",
          facts=due_facts("Bluestem Loan Servicing", "268.04", "USD", due, "loan", "open", account="5563"))


def _shopping(b: DatedBox) -> None:
    swapp = ("Swapp", "notifications@swapp.example")
    b.add("receipt", swapp, "You paid Chris Ortega $60.00", b.sent(3, 20, 12),
          f"You paid Chris Ortega\n$60.00\n\"ballgame tix 5/22\"\n\n{month_day_year(b.today - timedelta(days=3))}\nPayment "
          "ID: 4012877615\nFunded by: Bank account ending 0932",
          facts={"shop": "Chris Ortega", "amount": "60.00", "currency": "USD"})
    b.add("payment_received", swapp, "Jess Miller paid you $25.00", b.sent(11, 21, 3),
          f"Jess Miller paid you\n$25.00\n\"pizza night 🍕\"\n\n{month_day_year(b.today - timedelta(days=11))}\nThe money is "
          "in your Swapp balance.", facts={"person": "Jess Miller", "amount": "25.00", "currency": "USD"})
    order = b.add("receipt", ("Fieldhouse Sports", "orders@fieldhousesports.example"),
                  "Order confirmation #FS-2210483", b.sent(3, 21, 40),
                  "Thanks for your order, Rachel!\n\nOrder #FS-2210483\nYouth soccer cleats, size 2: $54.99\nShin "
                  "guards, youth M: $14.99\nSubtotal: $69.98\nSales tax: $5.70\nOrder total: $75.68\nCharged to Visa "
                  "ending 4417.\n\nWe'll email you when it ships.",
                  facts={"shop": "Fieldhouse Sports", "amount": "75.68", "currency": "USD"})
    b.add("receipt", ("Peak Market", "receipts@peakmarket.example"), "Your Peak Market receipt", b.sent(2, 11, 25),
          "Peak Market #214, 1090 S Colorado Blvd, Denver\n\n23 items\nSubtotal: $124.80\nTax: $7.67\nTotal: $132.47"
          "\nVisa ending 4417\n\nYou saved $11.20 with your Peak Rewards today!",
          facts={"shop": "Peak Market", "amount": "132.47", "currency": "USD"})
    b.add("delivery", ("Parcelway", "tracking@parcelway.example"),
          "Your package is out for delivery today", b.sent(0, 6, 58),
          "Good news! Your package from Fieldhouse Sports is out for delivery.\n\nTracking number: 1PW 4478 2291 03\n"
          "Estimated delivery window: today, 10:15 AM - 2:15 PM\nDeliver to: 4182 E IOWA AVE UNIT 6, DENVER CO\n\n"
          "No signature required.", reply_to=order,
          facts={"shop": "Fieldhouse Sports", "window": "10:15-14:15", "tracking": "1PW 4478 2291 03"})


def _appointments(b: DatedBox) -> None:
    pickup = b.today + timedelta(days=7)
    b.add("pharmacy", ("CornerCare Pharmacy", "rx@cornercare.example"), "Your prescription is ready for pickup",
          b.sent(1, 17, 35),
          f"Your prescription is ready.\n\nPatient: LEO B.\nRx #6604921\nStore: CornerCare Pharmacy, 1450 S "
          f"Colorado Blvd, Denver, CO 80222\nPharmacy hours today: 8:00 AM - 9:00 PM\nCopay: $10.00\n\nPlease pick "
          f"up by {mm_dd_yyyy(pickup)} or it will be returned to stock.",
          facts={"provider": "CornerCare Pharmacy", "until": pickup.isoformat(), "amount": "10.00", "kind": "pharmacy"})

    dentist = ("Cherry Hills Family Dental", "reminders@cherryhillsdental.example")
    start = b.at(6, 15, 40)
    b.add("appointment", dentist, "Appointment reminder from Cherry Hills Family Dental", b.sent(1, 10, 12),
          f"Hi Rachel! This is a reminder of your cleaning with Dr. Anita Patel on {_wk(start)} at {clock_ampm(start)}."
          " Reply C to confirm or call 303-555-0142 to reschedule. Cherry Hills Family Dental, 2600 S Colorado "
          "Blvd, Suite 210.",
          facts={"provider": dentist[0], "start": start.isoformat(), "status": "awaiting reply", "kind": "dentist"})

    start = b.at(4, 9, 0)
    b.booking(
        ("Highlands Paw & Claw Veterinary", "frontdesk@pawclawvet.example"), "vet", start,
        "Biscuit's appointment is confirmed", b.sent(6, 13, 5),
        f"Hi Rachel,\n\nBiscuit is all set for a wellness exam and rabies booster with Dr. Sam Lee on "
        f"{wkday_mon_day(start)} at {clock_ampm(start)}.\n\nHighlands Paw & Claw Veterinary, 3300 W 32nd Ave, Denver\n\n"
        "Please bring a stool sample and arrive 10 minutes early. Need to reschedule? Just reply to this email.")

    eye = ("Clearview Eye Care", "appointments@clearvieweye.example")
    was, moved = b.at(1, 10, 0), b.at(7, 16, 20)
    b.moved_booking(
        eye, "eye", was, moved,
        ("Appointment confirmed: Clearview Eye Care", b.sent(15, 14, 0),
         f"Rachel, your annual eye exam with Dr. Kevin Nguyen is confirmed for {month_day_year(was)} at "
         f"{clock_ampm(was)}.\nClearview Eye Care, 700 E Evans Ave, Denver.\nPlease bring your current glasses "
         "and insurance card."),
        ("Your appointment has been rescheduled", b.sent(4, 9, 45),
         f"Hi Rachel,\n\nAs requested, your eye exam with Dr. Kevin Nguyen has been rescheduled from "
         f"{_wk(was)} at {clock_ampm(was)} to {wkday_mon_day(moved)} at {clock_ampm(moved)}.\n\nClearview Eye Care"))

    salon = ("Juniper Hair Studio", "book@juniperhair.example")
    start = b.at(4, 11, 0)
    b.cancelled_booking(
        salon, "salon", start,
        ("You're booked at Juniper Hair Studio", b.sent(13, 19, 20),
         f"See you soon, Rachel!\n\nService: Women's cut & blowout\nStylist: Ashley\nWhen: {wkday_mon_day(start)} at "
         f"{clock_ampm(start)}\nWhere: Juniper Hair Studio, 1525 S Pearl St\n\nNeed to cancel? Please give us "
         "24 hours' notice."),
        ("Your appointment has been canceled", b.sent(2, 15, 10),
         f"Hi Rachel, we're sorry, Ashley is out sick this week, so your Women's cut & blowout on "
         f"{wkday_mon_day(start)} at {clock_ampm(start)} has been canceled. Book a new time anytime online."))

    start = b.at(3, 19, 30)
    b.table_booking(
        ("TableHop", "reservations@tablehop.example"), "You're all set at Osteria Pinecone",
        b.sent(5, 21, 50),
        f"Rachel, your reservation is confirmed.\n\nOsteria Pinecone\n2810 Larimer St, Denver\n{_wk(start)}, "
        f"{clock_ampm(start)}\nParty of 2\nConfirmation #TH-118204\n\nNeed to make a change? Modify or cancel in the "
        "TableHop app.",
        "<h2>You're all set!</h2>"
        f"<p><b>Osteria Pinecone</b>, 2810 Larimer St, Denver</p><p>{_wk(start)}, {clock_ampm(start)}</p>"
        "<p>Party of 2</p><p>Confirmation #TH-118204</p>",
        number="TH-118204", guest="Rachel Ortega", party=2, start=start, place="Osteria Pinecone",
        street="2810 Larimer St", locality="Denver")

    conference = b.at(9, 16, 15)
    b.add("school", ("SlotSpot", "no-reply@slotspot.example"),
          "You signed up for Spring Parent-Teacher Conferences", b.sent(8, 20, 5),
          f"Hi Rachel Ortega,\n\nThanks for signing up! Here is your slot:\n\nSpring Parent-Teacher Conferences - "
          f"Ms. Hernandez, 2nd Grade\nAspen Grove Elementary, Room 112\n{month_day_year(conference)}, {clock_ampm(conference)} "
          f"- {clock_ampm(conference + timedelta(minutes=15))} (MT)\nStudent: Leo Brooks\n\nTo swap or cancel your "
          "slot, use the link in the SlotSpot sign-up.",
          facts={"provider": "Aspen Grove Elementary", "start": conference.isoformat(), "status": "confirmed",
                 "kind": "school"})

    practice, was, game = b.at(1, 18, 15), b.at(1, 17, 30), b.at(4, 10, 0)
    b.add("personal", COACH, "Wednesday practice moved to 6:15", b.sent(2, 19, 40),
          "Hi Thunder families!\n\nHeads up: the city is aerating the fields Wednesday afternoon, so practice is "
          f"moving from 5:30 to 6:15 this {practice:%A}. Same spot, Cottonwood Park field 3, and we'll still wrap up "
          "by 7:30. Saturday's game against the Comets is still on at 10 at Bear Creek Park, field 2 - please have "
          "the girls there by 9:30 in their blue jerseys.\n\nThanks!\nCoach Mike",
          facts={"person": COACH[0], "start": practice.isoformat(), "was": was.isoformat(), "game": game.isoformat()})


def _travel(b: DatedBox) -> None:
    air = ("Pinnacle Air", "itinerary@pinnacleair.example")
    out = b.at(0, 16, 50)
    out_arr = b.at(0, 17, 58, PHOENIX)
    back, back_arr = b.at(2, 18, 15, PHOENIX), b.at(2, 21, 5)
    b.add("flight", air, "Your trip confirmation: Denver to Phoenix (KX4T7M)", b.sent(21, 13, 25),
          "Thank you for choosing Pinnacle Air, Rachel.\n\nConfirmation code: KX4T7M\n\n"
          f"DEPART  {wkday_mon_day(out)}  Flight PA 2211  Denver, CO (DEN) {clock_ampm(out)} - Phoenix, AZ (PHX) "
          f"{clock_ampm(out_arr)}\n"
          f"RETURN  {wkday_mon_day(back)}  Flight PA 2238  Phoenix, AZ (PHX) {clock_ampm(back)} - Denver, CO (DEN) "
          f"{clock_ampm(back_arr)}\n\nPassenger: RACHEL ORTEGA  Seat 14C / 9A\nTotal paid: $318.40\n"
          "All times are local. Check in on our app starting 24 hours before departure.",
          facts={"provider": air[0], "start": out.isoformat(), "arrive": out_arr.isoformat(), "status": "confirmed",
                 "kind": "flight", "flight": "PA 2211", "return": back.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "KX4T7M", "amount": "318.40", "currency": "USD"})
    b.add("flight_change", air, "Gate change for flight PA 2211 to Phoenix", b.sent(0, 6, 55),
          f"Rachel, your gate has changed.\n\nFlight PA 2211, Denver (DEN) to Phoenix (PHX), today {_wk(out)}\n"
          f"New gate: B44 (was B37)\nDeparture: {clock_ampm(out)} MT, on time\nBoarding begins: "
          f"{clock_ampm(out - timedelta(minutes=40))} MT\n\nConfirmation code KX4T7M. Track your flight in the Pinnacle "
          "Air app.",
          facts={"provider": air[0], "start": out.isoformat(), "gate": "B44", "was_gate": "B37", "status": "changed",
                 "kind": "flight"})

    check_in, check_out = b.at(0, 15, 0, PHOENIX), b.at(2, 11, 0, PHOENIX)
    b.stay_booking(
        ("Palo Verde Suites", "reservations@paloverdesuites.example"),
        "Reservation confirmation #88410273 - Palo Verde Suites Phoenix Downtown", b.sent(20, 16, 10),
        f"Dear Rachel Ortega,\n\nWe look forward to welcoming you.\n\nConfirmation number: 88410273\nCheck-in: "
        f"{month_day_year(check_in)} (after 3:00 PM)\nCheck-out: {month_day_year(check_out)} (by 11:00 AM)\n1 King Bed, 2 nights, "
        "1 adult\nSymposium group rate: $179.00 per night\nEstimated total with taxes: $412.36\n\nPalo Verde "
        "Suites Phoenix Downtown, 401 N 3rd St, Phoenix, AZ 85004",
        "<p>Confirmation "
        f"88410273</p><p>Check-in {month_day_year(check_in)}, check-out {month_day_year(check_out)}</p>",
        number="88410273", guest="Rachel Ortega", check_in=check_in, check_out=check_out,
        place="Palo Verde Suites Phoenix Downtown", street="401 N 3rd St", locality="Phoenix", country="US",
        amount="412.36", currency="USD")

    pick, drop = b.at(0, 18, 30, PHOENIX), b.at(2, 16, 15, PHOENIX)
    b.add("car_rental", ("Canyon Car Rental", "confirmations@canyoncarrental.example"),
          "Your Canyon Car Rental reservation CR55820917", b.sent(17, 22, 5),
          f"Hi Rachel,\n\nYour car is reserved.\n\nConfirmation: CR55820917\nPick-up: {wkday_mon_day(pick)}, "
          f"{clock_ampm(pick)} - Phoenix Sky Harbor Airport (PHX), Rental Car Center\nReturn: {wkday_mon_day(drop)}, "
          f"{clock_ampm(drop)} - same location\nCar: Compact SUV or similar\nEstimated total: $148.90 (pay at pick-up)"
          "\n\nBring your driver's license and the card you booked with.",
          facts={"provider": "Canyon Car Rental", "start": pick.isoformat(), "end": drop.isoformat(),
                 "status": "confirmed", "kind": "car_rental", "reference": "CR55820917", "amount": "148.90",
                 "currency": "USD"})

    train, arrive = b.at(18, 8, 5), b.at(18, 13, 54)
    home, home_arr = b.at(20, 14, 20), b.at(20, 20, 42)
    b.add("train", ("Continental Rail", "tickets@continentalrail.example"),
          "eTicket: Denver, CO - Glenwood Springs, CO - Reservation 4B7K2Q", b.sent(17, 20, 30),
          "eTicket - Reservation Number 4B7K2Q\n\n"
          f"DEPART: {wkday_mon_day(train)}, {train:%Y}\nTrain 5 Mountain Zephyr\nDenver Union Station, CO (DEN) "
          f"{clock_ampm(train)} -> Glenwood Springs, CO (GSC) {clock_ampm(arrive)}\n\n"
          f"RETURN: {wkday_mon_day(home)}, {home:%Y}\nTrain 6 Mountain Zephyr\nGlenwood Springs, CO (GSC) "
          f"{clock_ampm(home)} -> Denver Union Station, CO (DEN) {clock_ampm(home_arr)}\n\n"
          "Passengers: Rachel Ortega, Dan Brooks, Maya Brooks (child), Leo Brooks (child)\nCoach seats, reserved\n"
          "Total charged: $386.00\n\nBoarding begins 30 minutes before departure. Show this eTicket on your phone.",
          facts={"provider": "Continental Rail", "start": train.isoformat(), "arrive": arrive.isoformat(),
                 "return": home.isoformat(), "return_arrive": home_arr.isoformat(), "status": "confirmed",
                 "kind": "train", "reference": "4B7K2Q", "amount": "386.00", "currency": "USD"})


def _work(b: DatedBox) -> None:
    council = b.at(8, 14, 0)
    b.invitation(KAREN, f"Invitation: Unit Practice Council @ {wkday_mon_day(council)} 2pm - 3pm (MT)", b.sent(6, 11, 30),
                 "Hi all,\n\nMonthly UPC. Agenda: fall prevention audit results, the new sepsis bundle and summer "
                 "staffing. Dial-in is in the invite if you're off that day.\n\nKaren",
                 uid=f"upc-{b.seed}@larimerhealth.example", summary="Unit Practice Council", start=council,
                 end=council + timedelta(hours=1), location="4 West Conference Room")

    checkin = b.at(3, 10, 0)
    b.add("personal", TASHA, "preceptor check-in", b.sent(1, 15, 50),
          "Hey Rachel, can we do a quick check-in on Kyle's orientation Friday at 10 on Teams? 30 min tops. His "
          "last week on days is coming up and I want your read on whether he's ready for nights.\n\nThanks,\nTasha",
          facts={"person": TASHA[0], "start": checkin.isoformat()})


LURES = (
    Lure(("Colorado Toll Services", "notice@co-tollpay-billing.example"),
         "FINAL NOTICE: Unpaid toll balance $6.85", (1, 8, 22),
         "Our records show an unpaid toll balance of $6.85 for your vehicle. To avoid a late fee of $50.00 and "
         "suspension of your vehicle registration, pay within 24 hours at http://co-tollpay-billing.example/pay",
         "toll"),
    Lure(("Aspenridge Bank Security", "security@aspenridge-verify-alerts.example"),
         "Unusual sign-in attempt on your account", (3, 5, 47),
         "We detected an unusual sign-in attempt on your Aspenridge Bank account from a new device in Ohio. If this "
         "wasn't you, verify your identity now at http://aspenridge-verify-alerts.example/secure or your online "
         "access will be locked.", "bank"),
    Lure(("Parcelway Delivery", "redelivery@parcelway-redeliver.example"),
         "We missed you: schedule your redelivery ($1.99)", (6, 14, 3),
         "We attempted to deliver your package but no one was available. Pay the $1.99 redelivery fee at "
         "http://parcelway-redeliver.example/fee within 48 hours or your package will be returned.", "parcel"),
)


NEWSLETTERS = (
    ("Mile High Neighbors", "hello@milehighneighbors.example", 0,
     ["the new bike lane on Evans", "farmers markets opening this month", "spring hail and your roof"]),
    ("The Charting Room", "editor@chartingroom.example", 2,
     ["night shift sleep tips", "what's new in sepsis care", "preceptor burnout"]),
    ("Trailhead Outfitters", "deals@trailheadoutfitters.example", 3,
     ["Memorial Day sale: 30% off tents", "kids' hiking boots", "new trail running shoes"]),
    ("Peak Market Weekly Ad", "ads@peakmarket.example", 5,
     ["grilling season savings", "berries 2 for $5", "back to school snacks"]),
)

PROMO = banner_style("{name} | {topic}", "View in your browser. Unsubscribe or manage preferences.",
                     "#2e6b3f", hour=5)


CARD_ALERTS = AlertCard(("Aspenridge Bank Alerts", "alerts@aspenridgebank.example"), "A purchase was made on your card",
                        "4417", "USD", lambda amount, merchant, when: f"A charge of ${amount:,.2f} at {merchant} was "
                        f"made on your Aspenridge Visa ending in 4417 on {mm_dd_yyyy(when)} at "
                        f"{clock_ampm(when)}. Don't recognize it? Call 1-800-555-0123.")

MERCHANTS = ("KING'S PANTRY #22", "GASLIGHT FUEL 0419", "MOUNTAIN BEAN COFFEE", "HOMEWORKS HARDWARE", "PAGES BOOKS")


def _threads() -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text), signed the way each of them signs."""
    return (
        (DAN, 0, 6, 40, "today", "Morning babe. I'll take Maya to practice tomorrow, coach moved it to 6:15. Can "
         "you grab Leo's inhaler at CornerCare before your flight? And don't forget the HOA, they sent another "
         "notice.\n\nDan"),
        (MOM, 3, 18, 5, "Wednesday!!", "Mija,\n\nCan't wait to see you Wednesday! Dinner's at 6 at my place, I'm "
         "making green chile enchiladas. Drive safe from Phoenix, the I-10 is a mess near Casa Grande. Bring a "
         "picture of the kids' school photos.\n\nLove, Mom"),
        (CHRIS, 9, 13, 40, "ballgame", "Sis - I got 4 tickets for the ballgame Saturday 5/22, first pitch 6:10. "
         "Venmo, I mean Swapp, me $60 for yours and Dan's whenever. Kids are on me.\n\nyour bro"),
        (JESS, 4, 12, 10, "hike Sunday?", "Hey! Girls' hike Sunday morning, 8 AM at the Green Mountain trailhead? "
         "It's supposed to be 72 and sunny. Bring Biscuit!\n\nJess"),
        (MOM, 14, 9, 30, "Leo", "Mija, did Leo's cough clear up? Call me when you get off shift.\n\nLove, Mom"),
        (CHRIS, 1, 21, 15, "Mother's Day pic", "Forgot to send you this from Sunday. Mom loved the flowers. Dad "
         "would've been proud of the garden.\n\nyour bro"),
    )


OTHER = (
    ("Larimer Health HR", "benefits@larimerhealth.example", "Your benefits summary is available",
     "Your 2027 total rewards statement is available on the employee portal."),
    ("Ross-Broadway Library", "circulation@denverlibrary-demo.example", "Items due soon",
     "3 items checked out on your card are due in 3 days. Renew online to avoid fines."),
)


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Rachel Ortega's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the Visa statement
    says, which gate the Phoenix flight leaves from, when the eye exam is now, what was canceled) have the
    same answers for every seed, counted from `now`'s date in Denver.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 24:
        raise ValueError("the ninth sample needs at least 24 days of mail")
    b = _box(now, seed, days)
    for part in (_card, _bills, _shopping, _appointments, _travel, _work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO)
    b.card_alerts(CARD_ALERTS, 5, first_hour=8, hours=12, spend=(6, 140), merchants=MERCHANTS)
    b.letters(_threads(), lambda who: "")
    b.notices(OTHER, 2, every=7, first=5)
    return b.messages()
