"""A fifth sample mailbox, of a fifth person in a fifth country: Akinyi Odera, a data analyst who lives in
Nairobi (Kilimani) with her partner David Mutua ("D") and their son Baraka (7, who has swimming lessons).
She holds a card in Kenyan shillings and another in US dollars, flies to Kigali for Christmas and gets
mail in English and Swahili. About 145 messages over the 90 days before `now`, so a home built from it
asks every reader of mail to work on names, currencies, banks, billers, providers and ways of writing
that none of the other samples (`steward.sample.mailbox`, `second`, `third`, `fourth`) uses.

The mix, all invented: a Kenyan bank's card statement (HTML only, with a minimum payment and a long
legal footer), a dollar card collected automatically; household bills (electricity overdue, water
already paid and confirmed in Swahili, fibre broadband by direct debit, a mobile plan, a swimming
school's term fees); appointments (a hairdresser today, a GP, a dentist who moves a check-up, a
physiotherapist who cancels a session, a car service, a swimming gala forwarded by her partner), a
table booked through a booking service, a guesthouse in Kigali booked through another, a flight to
Kigali, her manager's calendar invite, a colleague asking to meet, a friend's invitation in plain
words, family mail signed "Mama", "Adhi" and "D", newsletters, card alerts, receipts, a parcel arriving
today, and two lures. Amounts and dates are written the way Kenyan and other senders write them
("KES 84,372.50", "Ksh 6,840.00", "KShs. 2,315/=", "USD 612.40", "US$285", "24/12/2026",
"Thursday, 17th December 2026", "17 Dec").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date
in Nairobi. The seed varies the filler (card alerts, receipts' amounts, the minutes of newsletters).
Every message has a `kind` label and `facts` an evaluation can check, and a stable Message-ID
`<kind-NNNN.SEED@fifth.steward.example>`. Only mail received is here (an inbox export): none she sent.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    GMAIL_HEADER_DATE,
    AlertCard,
    DatedBox,
    Letter,
    Lure,
    SampleMessage,
    due_facts,
    forwarded,
    stay_markup,
    table_markup,
)
from steward.sample.locale import clock_ampm, dd_mm_yyyy, ordinal, wkday_day_mon

DOMAIN = "fifth.steward.example"
ME = ("Akinyi Odera", "akinyi.odera@sandukumail-demo.example")
NBO = ZoneInfo("Africa/Nairobi")
KGL = ZoneInfo("Africa/Kigali")  # Kigali is an hour behind Nairobi
ZONE = "Africa/Nairobi"  # the person's own clock

FOOTER = ("This is an automated message; please do not reply to it. All names, numbers and companies in this "
          "mailbox are invented.")
BANK_LEGAL = (
    "IMPORTANT INFORMATION: Mvuli Bank Kenya Limited is regulated by the Central Bank. This e-mail and any "
    "attachments are confidential and intended solely for the addressee. If you have received it in error, "
    "please notify the sender immediately and delete it; any use, disclosure, copying or distribution of its "
    "contents is prohibited. Mvuli Bank will never ask for your PIN, password or one-time code by e-mail, "
    "SMS or phone call. Interest is charged on any balance not paid in full by the payment due date at the "
    "rate shown in your card agreement; a late payment fee applies where the minimum payment is not received "
    "by the due date. Terms and conditions apply. Mvuli Bank Kenya Limited, Mvuli Towers, Upper Hill, "
    "Nairobi. Registered in Kenya.")

DAVE = ("David Mutua", "david.mutua@sandukumail-demo.example")  # signs "D"
MAMA = ("Rose Odera", "rose.odera@baruapepe-demo.example")  # signs "Mama", writes in Swahili
ADHI = ("Adhiambo Odera", "adhiambo.odera@sandukumail-demo.example")  # signs "Adhi"
KIP = ("Kipchoge Rotich", "kip.rotich@sandukumail-demo.example")  # signs "Kip"
TUMA = ("Fatuma Hassan", "fatuma.hassan@baruapepe-demo.example")  # signs "Tuma"
GRACE = ("Grace Wambui", "grace.wambui@tembo-analytics.example")  # her manager
SAMIR = ("Samir Patel", "samir.patel@tembo-analytics.example")  # a colleague


def _kes(x: float) -> str:
    """KES 84,372.50."""
    return f"KES {x:,.2f}"


def _long_day(d: date | datetime) -> str:
    """Thursday, 17th December 2026 (as many Kenyan senders write it)."""
    return f"{d:%A}, {ordinal(d.day)} {d:%B %Y}"


def _cards(b: DatedBox) -> None:
    mvuli = ("Mvuli Bank", "cardstatements@mvulibank.example")
    due = b.today - timedelta(days=21)
    facts = due_facts("Mvuli Bank", "61208.90", "KES", due, "card", "paid", last4="6628", product="Mvuli Visa Platinum",
                 minimum="3060.45")
    b.add("statement", mvuli, "Your Mvuli Visa Platinum e-statement", b.sent(45, 5, 30),
          f"Dear Akinyi Odera,\n\nYour Mvuli Visa Platinum card (4893 **** **** 6628) e-statement is attached.\n\n"
          f"Statement balance: {_kes(61208.90)}\nMinimum amount due: {_kes(3060.45)}\nPayment due date: "
          f"{dd_mm_yyyy(due)}\n\nPay through the Mvuli app, at any branch or by bank transfer.\n\n{BANK_LEGAL}",
          pdf=f"Mvuli-Visa-{due:%b-%Y}.pdf", facts=facts)
    b.add("payment_received", mvuli, "Card payment received", b.sent(23, 14, 5),
          f"Dear Akinyi,\n\nWe have received your payment of {_kes(61208.90)} towards your Mvuli Visa Platinum card "
          f"ending 6628. Thank you for banking with us.\n\n{BANK_LEGAL}", facts=facts)
    due = b.today + timedelta(days=9)
    facts = due_facts("Mvuli Bank", "84372.50", "KES", due, "card", "open", last4="6628", product="Mvuli Visa Platinum",
                 minimum="4218.60")
    html = ("<html><body style=\"margin:0;background:#f3f1ec\"><table width=\"620\" align=\"center\" "
            "style=\"background:#fff;font-family:Georgia,serif;color:#233\"><tr><td style=\"background:#0d5c3a;"
            "color:#fff;padding:16px;font-size:22px\">MVULI BANK</td></tr><tr><td style=\"padding:18px\">"
            "<p>Dear Akinyi Odera,</p><p>Your e-statement for the period ending "
            f"{b.today - timedelta(days=13):%d %B %Y} is now available.</p>"
            "<table cellpadding=\"6\" style=\"border-collapse:collapse\">"
            "<tr><td>Card</td><td>Mvuli Visa Platinum 4893 **** **** 6628</td></tr>"
            f"<tr><td>Statement balance</td><td><b>{_kes(84372.50)}</b></td></tr>"
            f"<tr><td>Minimum amount due</td><td>{_kes(4218.60)}</td></tr>"
            f"<tr><td>Payment due date</td><td>{dd_mm_yyyy(due)}</td></tr></table>"
            "<p>To avoid interest, pay the full statement balance by the due date.</p></td></tr>"
            f"<tr><td style=\"font-size:10px;color:#777;padding:18px\">{BANK_LEGAL}</td></tr></table></body></html>")
    b.add("statement", mvuli, "Your Mvuli Visa Platinum e-statement", b.sent(12, 5, 30), None, html=html,
          facts=facts)

    savanna = ("Savanna Trust Bank", "noreply@savannatrust.example")
    for ago, amount, ahead, status in ((38, 430.15, -24, "paid"), (8, 612.40, 6, "open")):
        due = b.today + timedelta(days=ahead)
        b.add("statement", savanna, f"Savanna Trust Dollar Mastercard - statement for {due - timedelta(days=20):%B %Y}",
              b.sent(ago, 9, 15),
              f"Hello Akinyi,\n\nYour Dollar Mastercard ending 0917 statement is ready.\n\nNew balance: USD {amount:,.2f}"
              f"\nThis amount will be debited automatically from your Savanna Trust USD current account on "
              f"{_long_day(due)}. No action is needed.\n\nSavanna Trust Bank Limited is licensed and regulated by "
              "the Central Bank. Calls may be recorded. Please do not reply to this e-mail; this mailbox is not "
              "monitored. For your security we will never ask you to confirm your card details by e-mail.",
              facts=due_facts("Savanna Trust Bank", f"{amount:.2f}", "USD", due, "card", status, last4="0917",
                         product="Savanna Trust Dollar Mastercard", autopay="true"))


def _bills(b: DatedBox) -> None:
    power = ("Mwangaza Power", "billing@mwangazapower.example")
    due = b.today - timedelta(days=4)
    facts = due_facts("Mwangaza Power", "6840.00", "KES", due, "utility", "overdue", account="0417223981")
    b.add("bill", power, "Your Mwangaza Power bill - account 0417223981", b.sent(19, 7, 0),
          f"Dear Customer,\n\nYour electricity bill for account 0417223981 is ready.\nUnits used: 212 kWh\n"
          f"Amount due: Ksh 6,840.00\nDue date: {due:%d-%b-%Y}\n\nPay via paybill 400417, account number "
          "0417223981.", facts=facts)
    b.add("payment_overdue", power, "FINAL NOTICE: your electricity account is in arrears", b.sent(0, 6, 10),
          f"Dear Customer,\n\nOur records show that Ksh 6,840.00 for account 0417223981, due on {due:%d-%b-%Y}, "
          "has not been paid. Please settle the amount within 5 days to avoid disconnection and a reconnection "
          "fee of Ksh 1,500.00. Ignore this notice if you have already paid.", facts=facts)

    water = ("Chemchemi Water", "huduma@chemchemiwater.example")
    due = b.today - timedelta(days=2)
    facts = due_facts("Chemchemi Water", "2315.00", "KES", due, "utility", "paid", account="CW-88213")
    b.add("bill", water, "Water bill for November - account CW-88213", b.sent(14, 10, 0),
          f"Dear Akinyi Odera,\n\nAccount: CW-88213\nConsumption: 14 m3\nAmount payable: KShs. 2,315/=\n"
          f"Pay by: {dd_mm_yyyy(due)}\n\nChemchemi Water - maji safi kwa wote.", facts=facts)
    b.add("bill_paid", water, "Malipo yamepokelewa - akaunti CW-88213", b.sent(5, 16, 40),
          "Habari Akinyi Odera,\n\nTumepokea malipo yako ya KShs. 2,315.00 kwa akaunti CW-88213. Asante kwa "
          "kulipa kwa wakati. Salio lako sasa ni KShs. 0.00.\n\nChemchemi Water", facts=facts)

    fibre = ("Simba Fibre", "accounts@simbafibre.example")
    due = b.today + timedelta(days=3)
    b.add("bill", fibre, "Your Simba Fibre invoice INV-2026-12-30571", b.sent(4, 8, 20),
          f"Hi Akinyi,\n\nYour Simba Fibre Home 40 Mbps invoice is ready.\nInvoice: INV-2026-12-30571\n"
          f"Amount: KES 5,499.00\nWe will collect it by direct debit from your bank account on "
          f"{dd_mm_yyyy(due)}. You don't need to do anything.",
          html=("<html><body><div style=\"font-family:Helvetica;border-top:6px solid #e8a317;padding:12px\">"
                "<h2>Simba Fibre</h2><p>Hi Akinyi,</p><p>Invoice INV-2026-12-30571 &middot; Home 40 Mbps</p>"
                f"<p>Amount: <b>KES 5,499.00</b><br>Direct debit on {dd_mm_yyyy(due)}</p></div></body></html>"),
          facts=due_facts("Simba Fibre", "5499.00", "KES", due, "telecom", "open", autopay="true",
                     account="INV-2026-12-30571"))

    mobile = ("Twiga Mobile", "postpaid@twigamobile.example")
    due = b.today + timedelta(days=11)
    b.add("bill", mobile, "Twiga Postpaid bill for 0722 555 418", b.sent(3, 11, 30),
          f"Dear Akinyi,\n\nYour Twiga Postpaid bill for line 0722 555 418 is KES 1,850.00, payable by "
          f"{_long_day(due)}.\nPay via the Twiga app or paybill 222555.",
          facts=due_facts("Twiga Mobile", "1850.00", "KES", due, "telecom", "open", account="0722 555 418"))

    swim = ("Pomboo Swim Academy", "office@pomboo-swim.example")
    due = b.today + timedelta(days=12)
    b.add("bill", swim, "Invoice PSA-1142: Term 1 swimming lessons for Baraka", b.sent(7, 15, 0),
          f"Dear Parent,\n\nPlease find attached invoice PSA-1142 for Baraka Mutua's Term 1 (January-March) "
          f"swimming lessons: 12 Saturday lessons.\n\nAmount due: Ksh 18,000.00\nDue date: {dd_mm_yyyy(due)}\n\n"
          "Kindly pay by M-Pesa paybill 667788 (account PSA-1142) or bank transfer.\n\nPomboo Swim Academy",
          pdf="PSA-1142.pdf",
          facts=due_facts("Pomboo Swim Academy", "18000.00", "KES", due, "invoice", "open", account="PSA-1142"))


def _appointments(b: DatedBox) -> None:
    salon = ("Curl Theory Salon", "bookings@curltheory.example")
    start = b.at(0, 17, 30)
    b.add("appointment", salon, "You're booked in at Curl Theory!", b.sent(6, 20, 45), None,
          html=("<html><body style=\"font-family:Futura,Arial;background:#fff5f7\"><h1 style=\"color:#b03060\">"
                "Curl Theory Salon</h1><p>Hi Akinyi, you're booked in!</p>"
                f"<p><b>Knotless braids (medium) with Wairimu</b><br>{start:%A %d %B}, {clock_ampm(start)}<br>"
                "About 4 hours &middot; Ksh 4,500 payable at the salon</p>"
                "<p>Curl Theory Salon, 2nd floor, Yaya Arcade, Argwings Kodhek Road</p>"
                "<p>Please come with your hair washed and detangled.</p></body></html>"),
          facts={"provider": salon[0], "start": start.isoformat(), "status": "confirmed", "kind": "hairdresser"})

    gp = ("Kijani Health Rooms", "reception@kijanihealth.example")
    start = b.at(1, 10, 20)
    b.add("appointment", gp, "Appointment confirmation - Dr. Wanjala", b.sent(9, 13, 10),
          f"Dear Ms Odera,\n\nYour appointment with Dr. Peter Wanjala (family doctor) is confirmed for "
          f"{_long_day(start)} at {start:%H:%M}.\nKijani Health Rooms, Lenana Road, Kilimani.\n\nPlease arrive "
          "10 minutes early and bring your insurance card. To cancel, call 0709 555 120 at least 24 hours "
          "before.", facts={"provider": gp[0], "start": start.isoformat(), "status": "confirmed", "kind": "doctor"})

    dentist = ("Tabasamu Dental Studio", "hello@tabasamudental.example")
    was, moved = b.at(2, 9, 0), b.at(3, 16, 30)
    b.moved_booking(
        dentist, "dentist", was, moved,
        ("Your check-up at Tabasamu Dental Studio", b.sent(20, 12, 0),
         f"Hello Akinyi,\n\nThis is to confirm your six-monthly check-up and cleaning with Dr. Nanjala "
         f"Simiyu on {_long_day(was)} at {clock_ampm(was)}.\nTabasamu Dental Studio, The Mirage, Chiromo Road."
         "\n\nSee you soon!\nThe Tabasamu team"),
        ("Re: Your check-up at Tabasamu Dental Studio", b.sent(1, 17, 5),
         f"Hello Akinyi,\n\nDr. Simiyu has been called to a training on {was:%A} morning, so we have moved your "
         f"check-up from {wkday_day_mon(was)} at {clock_ampm(was)} to {_long_day(moved)} at {clock_ampm(moved)}. "
         "If the new time doesn't work, just reply and we'll find another.\n\nThe Tabasamu team"))

    physio = ("Mwendo Physiotherapy", "appointments@mwendophysio.example")
    session = b.at(3, 7, 30)
    b.cancelled_booking(
        physio, "physiotherapy", session,
        ("Booking confirmed: physiotherapy session", b.sent(11, 18, 0),
         f"Hi Akinyi,\n\nYour physiotherapy session (knee rehab, 45 min) with Otieno is booked for "
         f"{session:%a %d %b %Y} at {session:%H:%M}.\nMwendo Physiotherapy, Ring Road Kilimani.\n"
         "Wear something comfortable."),
        ("Cancelled: physiotherapy session", b.sent(2, 12, 30),
         f"Hi Akinyi,\n\nWe're sorry: Otieno is unwell and we have had to cancel your session on "
         f"{session:%a %d %b %Y} at {session:%H:%M}. Please rebook online or call 0733 555 904."))

    garage = ("Kazi Motors", "service@kazimotors.example")
    start = b.at(6, 8, 0)
    b.add("appointment", garage, f"Service booking confirmed - KDJ 482Q - {dd_mm_yyyy(start)}", b.sent(5, 9, 40),
          f"Dear Akinyi Odera,\n\nThank you for booking your Toyota Fielder (KDJ 482Q) in for its 60,000 km "
          f"service.\n\nDrop-off: {_long_day(start)}, {start:%H:%M}\nCollection: from 16:00 the same day\n"
          "Workshop: Kazi Motors, Likoni Road, Industrial Area\nEstimate: KES 23,450 (parts and labour)\n\n"
          "We will call you if we find anything that needs extra work.\n\nKazi Motors Service Desk",
          facts={"provider": garage[0], "start": start.isoformat(), "status": "confirmed", "kind": "car service"})

    start = b.at(2, 19, 30)
    markup = table_markup("MZ-40317", ME[0], 2, start, "Mawimbi Grill", "Riverside Drive 14", "Nairobi")
    b.add("reservation", ("MezaNow", "reservations@mezanow.example"), "Confirmed: your table at Mawimbi Grill",
          b.sent(4, 21, 10),
          f"Hi Akinyi,\n\nYour table is confirmed.\n\nMawimbi Grill\n{_long_day(start)} at {start:%H:%M}\n"
          "Table for 2\nRiverside Drive 14, Nairobi\nReservation: MZ-40317\n\nThe restaurant will hold your table "
          "for 20 minutes. Need to change it? Open the MezaNow app.",
          html=(f"<html><head><script type=\"application/ld+json\">{markup}</script></head><body>"
                f"<h2>Your table is confirmed</h2><p><b>Mawimbi Grill</b><br>{_long_day(start)}, {start:%H:%M}"
                "<br>2 guests</p><p>Reservation: MZ-40317</p></body></html>"),
          facts={"provider": "Mawimbi Grill", "start": start.isoformat(), "status": "confirmed",
                 "kind": "restaurant", "location": "Riverside Drive 14"})


def _swimming(b: DatedBox) -> None:
    """The swimming school writes to David; he forwards it, so the gala arrives inside a forward."""
    start = b.at(4, 8, 30)
    sent = b.sent(3, 18, 0)
    b.add("forwarded", DAVE, f"Fwd: End of term gala this {start:%A}", b.sent(2, 21, 15),
          forwarded("Babe, can you take Baraka? I'm on call that weekend. D", GMAIL_HEADER_DATE,
                    ("Coach Halima", "coaches@pomboo-swim.example"), sent, DAVE, f"End of term gala this {start:%A}",
                    f"Dear Parents,\n\nOur end-of-term gala is on {_long_day(start)} in place of the usual lesson. "
                    f"Swimmers should be at the pool by {start - timedelta(minutes=15):%H:%M}; the first race starts "
                    f"at {start:%H:%M} and we finish at about 11:00 with certificates.\nVenue: Pomboo Swim Academy "
                    "pool, Parklands Sports Club\nBring: costume, cap, goggles, towel and a snack.\n\nRegards,\n"
                    "Coach Halima\nPomboo Swim Academy"),
          facts={"provider": "Pomboo Swim Academy", "start": start.isoformat(), "status": "confirmed",
                 "kind": "swimming", "forwarded_by": DAVE[0]})


def _travel(b: DatedBox) -> None:
    air = ("Acacia Airways", "bookings@acacia-airways.example")
    dep, arr = b.at(11, 7, 10), b.at(11, 8, 15, KGL)
    back, back_arr = b.at(14, 18, 40, KGL), b.at(14, 21, 35)
    b.add("flight", air, "Booking confirmed K7ZQ4M: Nairobi - Kigali", b.sent(27, 22, 12),
          "Thank you for choosing Acacia Airways.\n\nBooking reference: K7ZQ4M\nPassengers: MS AKINYI ODERA, "
          "MR DAVID MUTUA, MSTR BARAKA MUTUA\n\n"
          f"DEPART  AC 452  {dep:%a %d %b %Y}\n  Nairobi Jomo Kenyatta (NBO) T1A  {dep:%H:%M}\n  Kigali (KGL)  "
          f"{arr:%H:%M}\n\nRETURN  AC 457  {back:%a %d %b %Y}\n  Kigali (KGL)  {back:%H:%M}\n  Nairobi Jomo "
          f"Kenyatta (NBO) T1A  {back_arr:%H:%M}\n\nAll times are local. Total paid: USD 1,146.00 (card ending "
          "0917). Check-in opens 24 hours before departure; baggage: 1 x 23 kg each.",
          facts={"provider": air[0], "start": dep.isoformat(), "status": "confirmed", "kind": "flight",
                 "flight": "AC 452", "arrive": arr.isoformat(), "return": back.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "K7ZQ4M"})

    check_in, check_out = b.at(11, 14, 0, KGL), b.at(14, 10, 0, KGL)
    markup = stay_markup("RR-559310", ME[0], check_in, check_out, "Ikaze Hills Guesthouse", "KG 9 Ave 21",
                         "Kigali", "RW")
    b.add("hotel", ("RoomRafiki", "stays@roomrafiki.example"), "Your stay at Ikaze Hills Guesthouse is confirmed",
          b.sent(26, 23, 5),
          f"Hi Akinyi,\n\nGreat news - your stay is confirmed.\n\nIkaze Hills Guesthouse, KG 9 Ave 21, Kigali\n"
          f"Check-in: {_long_day(check_in)}, from {check_in:%H:%M}\nCheck-out: {_long_day(check_out)}, until "
          f"{check_out:%H:%M}\n3 nights, 1 family room, 2 adults, 1 child\nTotal: US$285, pay at the property\n"
          f"Booking number: RR-559310\n\nFree cancellation until {check_in - timedelta(days=2):%d %B %Y}.",
          html=(f"<html><head><script type=\"application/ld+json\">{markup}</script></head><body>"
                "<h2>Your stay is confirmed</h2><p><b>Ikaze Hills Guesthouse</b>, Kigali<br>"
                f"{check_in:%d %b} - {check_out:%d %b %Y}<br>3 nights &middot; US$285</p></body></html>"),
          facts={"provider": "Ikaze Hills Guesthouse", "start": check_in.isoformat(), "end": check_out.isoformat(),
                 "status": "confirmed", "kind": "hotel", "reference": "RR-559310"})


def _invitations(b: DatedBox) -> None:
    start = b.at(1, 14, 0)
    b.invitation(GRACE, f"Invitation: Q1 planning @ {wkday_day_mon(start)} 14:00 - 15:00 (EAT)",
                 b.sent(1, 16, 30), "Hi team,\n\nLet's get our Q1 priorities on paper before the holidays. One hour, "
                 "Baobab room on the 4th floor or on video.\n\nGrace",
                 uid=f"q1-planning-{b.seed}@tembo-analytics.example", summary="Q1 planning", start=start,
                 end=start + timedelta(hours=1), location="Baobab room, 4th floor")
    party = b.at(4, 14, 0)
    b.add("invitation_personal", KIP, "nyama choma at mine", b.sent(5, 19, 50),
          f"Sasa Akinyi!\n\nWe're doing nyama choma at my place in Lavington on {party:%A} the {ordinal(party.day)} "
          "from 2pm, end of year thing. Bring D and Baraka, there's a jumping castle for the kids. Just bring "
          "yourselves (and maybe some juice).\n\nKip",
          facts={"provider": KIP[0], "start": party.isoformat(), "status": "invited", "kind": "party"})


LURES = (
    Lure(("Mvuli Bank Security", "alerts@mvuli-verify-account.example"),
         "URGENT: Your Mvuli account has been suspended", (1, 2, 48),
         "Dear Valued Customer,\n\nWe detected unusual sign-in activity and your account has been temporarily "
         "suspended. Verify your identity within 24 hours at http://mvuli-verify-account.example/secure to "
         "restore access, otherwise your card will be blocked permanently.\n\nMvuli Bank Security Team", "bank"),
    Lure(("Haraka Couriers", "delivery@haraka-parcel-fees.example"),
         "Your parcel is on hold: customs fee of KES 150 unpaid", (2, 4, 15),
         "Hello,\n\nYour parcel HK-99120 is held at our depot because a customs fee of KES 150 has not been paid. "
         "Pay within 12 hours at http://haraka-parcel-fees.example/pay or it will be returned to the sender.",
         "parcel"),
)


NEWSLETTERS = (
    ("Kilimani Residents Bulletin", "news@kilimaniresidents.example", 0,
     ["water rationing on Thursdays", "the new bike lane on Argwings Kodhek", "street lights on Lenana Road",
      "the Christmas clean-up"]),
    ("The Data Dispatch", "editor@datadispatch.example", 2,
     ["small language models", "dashboards people read", "Kenya's open data portal"]),
    ("Soko Fresh", "offers@sokofresh.example", 4,
     ["mangoes are in", "20% off avocados", "festive hampers"]),
    ("Nairobi Garden Notes", "hello@nairobigardennotes.example", 6,
     ["planting before the short rains", "jacaranda season", "growing sukuma wiki in sacks"]),
)


MERCHANTS = ("Soko Fresh Yaya", "Java Point Cafe", "Kilimani Pharmacy", "Petro Njia Ngong Rd", "Uhuru Books",
             "Chakula Express", "Duka Moja")


MVULI_ALERTS = AlertCard(("Mvuli Bank", "alerts@mvulibank.example"), "Card transaction alert", "6628", "KES",
                         lambda amount, merchant, when: f"Your Mvuli Visa card ending 6628 was used for {_kes(amount)} "
                         f"at {merchant} on {when:%d/%m/%Y %H:%M}. Not you? Call 0711 555 000.")


SHOPS = (("Duka Moja", "orders@dukamoja.example", "a blender and two mugs", 7450.0),
         ("Chakula Express", "receipts@chakulaexpress.example", "pilau and chapati for three", None),
         ("Kitabu Bookshop", "shop@kitabubookshop.example", "three children's books", 3280.0),
         ("Chakula Express", "receipts@chakulaexpress.example", "a family pizza", None))


def _receipt(shop: str, order: str, what: str, amount: float) -> tuple[str, str]:
    return (f"Receipt for order #{order}",
            f"Thank you for your order #{order}: {what}. Total paid: {_kes(amount)} (VAT inclusive).")


def _parcel(b: DatedBox) -> None:
    b.add("delivery", ("Haraka Couriers", "track@harakacouriers.example"), "Your parcel is out for delivery",
          b.sent(0, 6, 55),
          "Hi Akinyi, your parcel from Duka Moja (tracking HK20461893KE) is out for delivery today between "
          "11:00 and 15:00. Our rider will call you on arrival. Reply 1 to reschedule.",
          facts={"shop": "Duka Moja", "window": "11:00-15:00", "tracking": "HK20461893KE"})


def _threads() -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text), signed the way each of them signs."""
    return (
        (DAVE, 0, 6, 50, "pick up", "Can you get Baraka from Adhi's at 3:30 today? I'm on a site visit in Thika "
         "until late. His jacket is in the car.\n\nD"),
        (MAMA, 1, 20, 10, "Krismasi", "Habari yako mwanangu? Nimekata tiketi ya basi: nitafika Nairobi tarehe "
         "23 Desemba jioni. Mtanichukua stage ya Machakos? Msalimie Baraka na David.\n\nMama"),
        (ADHI, 2, 13, 25, "cake for Mama", "Sis, I'm baking the cake for Christmas, can you get the candles and "
         "the gift for Mama? She wants a new Bible cover, the leather one.\n\nAdhi"),
        (SAMIR, 1, 10, 5, "churn dashboard", "Hi Akinyi, could we find 30 minutes to go over the churn dashboard "
         "before the planning meeting? Thursday at 11 would work for me. Let me know.\n\nSamir"),
        (GRACE, 3, 9, 0, "self-assessments", "Hi Akinyi,\n\nA quick reminder that self-assessments for the "
         "year-end review are due this Friday. Please send yours by end of day.\n\nThanks,\nGrace"),
        (TUMA, 6, 18, 30, "Diani pics!", "Finally sending the pics from Diani, the sunset ones are for your "
         "wall. Lunch in January?\n\nTuma"),
        (DAVE, 10, 12, 40, "Baraka's present", "I ordered the Lego from Duka Moja, it's coming by courier. Don't "
         "let him open the door!\n\nD"),
        (KIP, 16, 21, 0, "5-a-side", "Tuesday 5-a-side is back in January, tell D.\n\nKip"),
        (MAMA, 24, 19, 0, "Picha", "Nimepokea picha za Baraka akiogelea. Anakua haraka sana!\n\nMama"),
        (ADHI, 40, 11, 15, "Kisumu trip", "Booked my bus to Kisumu for the 20th, see you there?\n\nAdhi"),
        (TUMA, 52, 8, 0, "Diani!", "The villa is booked for the long weekend. Can't wait!\n\nTuma"),
        (GRACE, 61, 15, 30, "Welcome back", "Welcome back from leave! Let's catch up on Monday.\n\nGrace"),
    )


def _greeting(who: tuple[str, str]) -> str:
    return {MAMA: "Akinyi,", DAVE: "Hey love,", ADHI: "Hey,", GRACE: ""}.get(who, "Hi Akinyi,")


OTHER = (
    ("Maktaba Kilimani Library", "loans@maktabakilimani.example", "Your reserved books are ready",
     "2 reserved items are waiting at the front desk. They will be held for 7 days."),
    ("Tembo Analytics IT", "it-desk@tembo-analytics.example", "Planned maintenance this weekend",
     "The VPN and the shared drives will be unavailable on Saturday from 22:00 to 02:00."),
    ("Haraka Couriers", "track@harakacouriers.example", "Delivered",
     "Your parcel was delivered and signed for by the gate guard at 13:42."),
)


def generate(now: datetime, seed: int = 7, days: int = 90) -> list[SampleMessage]:
    """Akinyi Odera's mailbox: about 145 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what is owed, when the
    dentist is, what was cancelled) have the same answers for every seed, counted from `now`'s date in
    Nairobi.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 65:
        raise ValueError("the fifth sample needs at least 65 days of mail")
    b = DatedBox(now, seed, days, me=ME, zone=NBO, domain=DOMAIN, footer=FOOTER)
    _cards(b)
    _bills(b)
    _appointments(b)
    _swimming(b)
    _travel(b)
    _invitations(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS)
    b.card_alerts(MVULI_ALERTS, 30, first_hour=8, hours=12, spend=(350, 9500), merchants=MERCHANTS)
    b.receipts(SHOPS, 12, every=7, first=3, orders=(5100, 41), spend=(900, 2600), currency="KES", write=_receipt)
    _parcel(b)
    b.letters(_threads(), _greeting)
    b.notices(OTHER, 12, every=7, first=5)
    return b.messages()
