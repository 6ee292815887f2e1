"""An eighth sample mailbox, of an eighth person in an eighth country: Deepa Venkatesh, a product manager at a
payments software firm who lives in HSR Layout, Bengaluru, with her husband Arjun and their son Aditya ("Adi",
8, in Class III). Her parents live in Chennai (her mother signs "Amma"), her younger brother Karthik in Pune
(he calls her "Akka"). She pays in rupees, flies to Delhi for two days of work next week (a time change on
the way out), takes the night train to Chennai the week after for a cousin's engagement, and gets mail in
Indian English. About 60 messages over the three weeks before `now`, so a home built from it asks every
reader of mail to work on names, amounts in lakhs, billers, booking apps and ways of writing that none of the
other samples (`steward.sample.mailbox`, `second` to `seventh`) uses.

The mix, all invented: a credit card statement (HTML, in tables, with a total and a minimum amount due) and
the last payment received; an electricity bill written like an SMS; a mobile postpaid bill already paid; a
broadband bill on AutoPay; a housing society's quarterly maintenance demand, overdue, with a reminder; a
school's term fee; UPI payments and online orders; a cab ride; a courier delivering today; an e-ticket of a
night train (PNR, coach and berths, departure and arrival stations); a domestic flight and its schedule
change; a doctor booked through a booking app; a dentist who moves a visit; a salon visit cancelled; a table
booked through a booking app; a school parent-teacher meeting; a manager's calendar invitation and a meeting
"preponed"; a colleague asking to connect; family and friends in plain words; three lures (a KYC update, a
parcel fee and a tax refund); newsletters and card alerts. Amounts are written the way Indian senders write
them ("₹1,08,642.30", "Rs. 2,846.00", "INR 1,178.82", "Rs. 18,600/-"), dates day first ("24/04/2027",
"21-04-2027", "12-Apr-2027", "Fri, 16 Apr 2027", "17th April 2027").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in
Bengaluru. The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind`
label and `facts` an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@eighth.steward.example>`.
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
    NewsletterStyle,
    SampleMessage,
    due_facts,
)
from steward.sample.locale import dd_mm_yyyy, ordinal

DOMAIN = "eighth.steward.example"
ME = ("Deepa Venkatesh", "deepa.venkatesh@namma-mail-demo.example")
IST = ZoneInfo("Asia/Kolkata")
ZONE = "Asia/Kolkata"  # the person's own clock

FOOTER = ("This is a system generated e-mail. Please do not reply to this e-mail. The people, companies and "
          "numbers in this mailbox are invented.")
BANK_LEGAL = (
    "Suvarna Bank Ltd. will never ask for your card number, CVV, OTP, PIN or net banking password over e-mail, "
    "SMS or phone call. If you receive any such request, please do not share the details and report it at "
    "reportfraud@suvarnabank.example. Finance charges of 3.75% per month are levied on the balance not paid by "
    "the payment due date; a late payment fee of Rs. 1,300 applies where the minimum amount due is not paid. "
    "Please read the Most Important Terms and Conditions on our website. Registered office: Suvarna Towers, "
    "MG Road, Bengaluru 560001. CIN: U00000KA2001PLC000000.")

ARJUN = ("Arjun Venkatesh", "arjun.venkatesh@namma-mail-demo.example")  # her husband
AMMA = ("Lakshmi Narayanan", "lakshmi.narayanan@chennai-mail-demo.example")  # her mother, signs "Amma"
KARTHIK = ("Karthik Narayanan", "karthik.n@deccan-mail-demo.example")  # her younger brother, calls her "Akka"
NANDU = ("Nandini Rao", "nandini.rao@namma-mail-demo.example")  # a friend, signs "Nandu"
SANJAY = ("Sanjay Mehta", "sanjay.mehta@tarangini.example")  # her manager
ROHIT = ("Rohit Bansal", "rohit.bansal@tarangini.example")  # the team's scrum master
FATIMA = ("Fatima Sheikh", "fatima.sheikh@tarangini.example")  # a colleague
CARD = ("Suvarna Bank Credit Cards", "statements@suvarnabank.example")


def lakh(x: float) -> str:
    """1,08,642.30: thousands, then pairs of digits (lakhs, crores), as Indian mail groups a number."""
    whole, frac = f"{x:.2f}".split(".")
    head, tail = whole[:-3], whole[-3:]
    groups: list[str] = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    return ",".join(([head] if head else []) + groups + [tail]) + f".{frac}"


def _dash(d: date | datetime) -> str:
    """12-Apr-2027."""
    return f"{d:%d-%b-%Y}"


def _short(d: date | datetime) -> str:
    """Fri, 16 Apr 2027."""
    return f"{d:%a}, {d.day} {d:%b %Y}"


def _nth(d: date | datetime) -> str:
    """17th April 2027."""
    return f"{ordinal(d.day)} {d:%B %Y}"


def _clock(d: datetime) -> str:
    """07:15 PM."""
    return f"{d:%I:%M %p}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=IST, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Tarangini Systems//Calendar 2.0//EN")


def _card(b: DatedBox) -> None:
    paid_on = b.today - timedelta(days=19)
    b.add("payment_received", CARD, "Payment received on your Suvarna Bank Credit Card", b.sent(18, 10, 12),
          f"Dear Cardmember,\n\nThank you! We have received your payment of Rs. {lakh(62118)} towards your Suvarna "
          f"Bank Platinum Rewards Credit Card ending 7731 on {dd_mm_yyyy(paid_on)}. The amount will reflect in your "
          f"available limit within 2 working days.\n\nWarm regards,\nTeam Suvarna Bank Cards\n\n{BANK_LEGAL}",
          facts={"issuer": "Suvarna Bank", "amount": "62118.00", "currency": "INR", "last4": "7731",
                 "status": "paid"})

    stmt, due = b.today - timedelta(days=6), b.today + timedelta(days=9)
    rows = (("Card number", "XXXX XXXX XXXX 7731"), ("Statement date", dd_mm_yyyy(stmt)),
            ("Payment due date", f"<b>{dd_mm_yyyy(due)}</b>"), ("Total amount due", f"<b>₹{lakh(108642.30)}</b>"),
            ("Minimum amount due", f"₹{lakh(5432)}"), ("Credit limit", f"₹{lakh(300000)}"),
            ("Available credit limit", f"₹{lakh(191357.70)}"), ("Reward points balance", "4,218"))
    html = ("<html><body style=\"font-family:Verdana,Arial;font-size:12px;color:#222\"><table width=\"620\" "
            "cellpadding=\"0\" cellspacing=\"0\" align=\"center\"><tr><td style=\"background:#8a1538;color:#fff;"
            "padding:14px;font-size:18px\">Suvarna Bank | Platinum Rewards Credit Card</td></tr><tr><td style=\""
            "padding:16px\"><p>Dear Mrs. Deepa Venkatesh,</p><p>Greetings from Suvarna Bank! Your credit card "
            f"statement for the period ending {dd_mm_yyyy(stmt)} has been generated. The statement is attached as a "
            "password protected PDF (the first four letters of your name in capitals and your date of birth in "
            "DDMM format).</p><table border=\"1\" cellpadding=\"6\" style=\"border-collapse:collapse\">"
            + "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows) + "</table>"
            "<p>Pay through Suvarna NetBanking, the Suvarna Mobile app, UPI or NEFT to avoid late payment charges. "
            "Kindly ignore if already paid.</p></td></tr><tr><td style=\"font-size:9px;color:#777;padding:16px\">"
            f"{BANK_LEGAL}</td></tr></table></body></html>")
    b.add("statement", CARD, f"Your Suvarna Bank Credit Card Statement - {stmt:%B %Y}", b.sent(6, 6, 30), None,
          html=html, pdf=f"CCStatement_XX7731_{stmt:%d%m%Y}.pdf",
          facts=due_facts("Suvarna Bank", "108642.30", "INR", due, "card", "open", last4="7731",
                          product="Suvarna Bank Platinum Rewards Credit Card", minimum="5432.00"))


def _bills(b: DatedBox) -> None:
    power = ("Nandi Power Distribution", "ebill@nandipower.example")
    due = b.today + timedelta(days=6)
    b.add("bill", power, "Electricity Bill for Account ID 7204518839 - Mar 2027", b.sent(5, 9, 2),
          f"Dear Consumer, your electricity bill for Account ID 7204518839 (RR No. HSR-41-2208) for Mar-2027 is "
          f"generated. Units consumed: 412. Bill amount: Rs.2,846.00. Due date: {due:%d-%m-%Y}. Please pay on or "
          "before the due date to avoid disconnection. Pay online at the Nandi Power portal or through any UPI "
          "app.\n\nNandi Power Distribution Company Ltd.",
          facts=due_facts("Nandi Power Distribution", "2846.00", "INR", due, "utility", "open",
                          account="7204518839"))

    mobile = ("Saarang Telecom", "ebill@saarangtel.example")
    due = b.today - timedelta(days=3)
    facts = due_facts("Saarang Telecom", "765.82", "INR", due, "telecom", "paid", account="98450 12345")
    b.add("bill", mobile, "Your Saarang Postpaid bill for 98450 12345", b.sent(16, 8, 45),
          f"Dear Deepa,\n\nYour Saarang Postpaid bill for 98450 12345 (bill period 25 Feb 2027 to 24 Mar 2027) "
          f"is ready.\n\nPlan: Saarang Unlimited 649\nPlan charges: ₹649.00\nGST @18%: ₹116.82\nAmount payable: "
          f"₹765.82\nDue date: {_dash(due)}\n\nPay using the Saarang app, any UPI app or net banking.\n\n"
          "Team Saarang", facts=facts)
    b.add("bill_paid", mobile, "Payment received for 98450 12345", b.sent(4, 20, 18),
          f"Dear Deepa, we have received your payment of ₹765.82 for Saarang Postpaid 98450 12345 on "
          f"{_dash(b.today - timedelta(days=4))}. Your outstanding amount is ₹0.00. Thank you for being with "
          "Saarang!", facts=facts)

    fibre = ("Airwire Fibernet", "billing@airwirefiber.example")
    due = b.today + timedelta(days=4)
    b.add("bill", fibre, "Airwire Fibernet invoice for April 2027 - AutoPay scheduled", b.sent(3, 11, 40),
          f"Hello Deepa,\n\nYour Airwire Fibernet invoice AWF/2027/04/558210 for user ID deepa_hsr is "
          f"generated.\n\n150 Mbps Unlimited: INR 999.00\nGST (18%): INR 179.82\nTotal: INR 1,178.82\n\nAutoPay "
          f"is active on your account: INR 1,178.82 will be auto-debited on {_dash(due)} from your Suvarna Bank "
          "credit card ending 7731. No action is needed from your side.\n\nTeam Airwire",
          facts=due_facts("Airwire Fibernet", "1178.82", "INR", due, "telecom", "open", autopay="true",
                          account="deepa_hsr"))

    society = ("Lakeview Meadows AOA", "accounts@lakeviewmeadows-aoa.example")
    due = b.today - timedelta(days=5)
    facts = due_facts("Lakeview Meadows AOA", "18600.00", "INR", due, "maintenance", "overdue", account="B-1104")
    demand = b.add("bill", society, "Maintenance demand for Q1 (April-June 2027) - Flat B-1104",
                   b.sent(14, 18, 30),
                   "Dear Resident,\n\nPlease find below the maintenance demand for the quarter April to June "
                   "2027 for Flat B-1104.\n\nMaintenance charges @ Rs. 4.50 per sq ft x 1,320 sq ft x 3 months: "
                   f"Rs. 17,820.00\nSinking fund: Rs. 780.00\nTotal payable: Rs. 18,600.00\nDue date: {_dash(due)}"
                   "\n\nKindly pay by NEFT to Lakeview Meadows Apartment Owners Association, or through the "
                   "resident app. Interest @ 18% p.a. will be charged on late payments.\n\n"
                   "Treasurer\nLakeview Meadows Apartment Owners' Association", facts=facts)
    b.add("payment_overdue", society, "Gentle reminder: Q1 maintenance pending for B-1104", b.sent(2, 19, 5),
          f"Dear Resident,\n\nThis is a gentle reminder that the maintenance of Rs. 18,600/- for Flat B-1104 for "
          f"Q1, which was due on {_dash(due)}, is still pending. A late fee of Rs. 200/- will be levied from "
          f"{_nth(b.today)}. Kindly clear the dues at the earliest. Please ignore if already paid.\n\nTreasurer, "
          "Lakeview Meadows AOA", reply_to=demand, facts=facts)

    school = ("Nandanam Public School", "accounts@nandanamschool.example")
    due = b.today + timedelta(days=15)
    b.add("bill", school, "Fee reminder: Term 1 fee 2027-28 - Aditya Venkatesh", b.sent(8, 12, 0),
          f"Dear Parent,\n\nThe Term 1 fee of Rs. 42,500/- for Aditya Venkatesh (Class III-B, Adm. No. "
          f"NPS/2019/0412) for the academic year 2027-28 is due on or before {dd_mm_yyyy(due)}. A late fee of Rs. 50/- "
          "per day will be charged after the due date. Fees can be paid online through the school's fee portal "
          "or by cheque at the accounts office.\n\nAccounts Department\nNandanam Public School, HSR Layout",
          facts=due_facts("Nandanam Public School", "42500.00", "INR", due, "school", "open",
                          account="NPS/2019/0412"))


def _shopping(b: DatedBox) -> None:
    upi = ("PayKaro", "alerts@paykaro.example")
    b.add("receipt", upi, "₹450.00 paid to SRI SAI FLOWERS", b.sent(2, 7, 55),
          "You paid ₹450.00 to SRI SAI FLOWERS (srisaiflowers@okpaykaro) on "
          f"{_dash(b.today - timedelta(days=2))} at 07:52 AM.\nUPI Ref No: 710512345678\nFrom: Suvarna Bank "
          "a/c XX2290\n\nIf you did not make this payment, report it in the PayKaro app.",
          facts={"shop": "SRI SAI FLOWERS", "amount": "450.00", "currency": "INR"})
    b.add("receipt", upi, "₹1,500.00 paid to MANJUNATH S", b.sent(6, 9, 10),
          "You paid ₹1,500.00 to MANJUNATH S (manjunath.s@okpaykaro) on "
          f"{_dash(b.today - timedelta(days=6))} at 09:08 AM.\nNote: car cleaning April\nUPI Ref No: "
          "709912345001\nFrom: Suvarna Bank a/c XX2290",
          facts={"shop": "MANJUNATH S", "amount": "1500.00", "currency": "INR"})
    b.add("receipt", ("Kirana Kart", "orders@kiranakart.example"), "Your Kirana Kart order KK-88120476 is delivered",
          b.sent(3, 18, 40),
          "Hi Deepa, your order KK-88120476 (14 items: toor dal, sona masoori rice 5 kg, curd, vegetables and "
          "more) has been delivered.\nOrder total: ₹2,184.00\nPaid via UPI.\n\nRate your delivery in the app!",
          facts={"shop": "Kirana Kart", "amount": "2184.00", "currency": "INR"})
    b.add("receipt", ("Dabba Dash", "noreply@dabbadash.example"), "Your Dabba Dash order from Andhra Spice Kitchen",
          b.sent(1, 21, 5),
          "Thanks for ordering with Dabba Dash!\n\nAndhra Spice Kitchen, HSR Layout\n1 x Chicken Biryani, 1 x "
          "Paneer Butter Masala, 4 x Butter Naan\nItem total: ₹548.00\nDelivery fee: ₹35.00\nTaxes: ₹29.00\n"
          "Grand total: ₹612.00\nPaid by Suvarna Bank card ending 7731.",
          facts={"shop": "Dabba Dash", "amount": "612.00", "currency": "INR"})
    order = b.add("receipt", ("Bazaarly", "orders@bazaarly.example"), "Order confirmed: 750W Mixer Grinder (3 jars)",
                  b.sent(4, 22, 15),
                  "Hello Deepa,\n\nThank you for shopping with Bazaarly! Your order 408-7712045-5561 has been "
                  "placed.\n\nItem: 750W Mixer Grinder with 3 jars\nOrder total: ₹3,499.00 (paid by "
                  "Suvarna Bank Credit Card ending 7731)\nExpected delivery: "
                  f"{_short(b.today)}\n\nWe'll send you an update when it ships.",
                  facts={"shop": "Bazaarly", "amount": "3499.00", "currency": "INR"})
    b.add("delivery", ("SwiftShip Couriers", "updates@swiftship.example"),
          "Out for delivery: your Bazaarly shipment (AWB 7712045561)", b.sent(0, 7, 5),
          "Hi Deepa, your Bazaarly shipment with AWB 7712045561 is out for delivery today. Expected between 11 AM "
          "and 3 PM at Flat B-1104, Lakeview Meadows, HSR Layout. Our delivery executive Ravi will call before "
          "arriving. Keep the OTP 4821 ready to share at the door.", reply_to=order,
          facts={"shop": "Bazaarly", "window": "11:00-15:00", "tracking": "7712045561"})
    b.add("receipt", ("ZipRide", "receipts@zipride.example"), "Your ZipRide trip receipt", b.sent(3, 13, 20),
          f"Thanks for riding with ZipRide, Deepa.\n\n{_short(b.today - timedelta(days=3))}, 12:31 PM\n"
          "From: 27th Main Road, HSR Layout Sector 1\nTo: 100 Feet Road, Indiranagar\nZip Sedan, 11.4 km, "
          "38 min\nTotal fare: ₹486.00 (paid by UPI)\nDriver: Venkatesh K",
          facts={"shop": "ZipRide", "amount": "486.00", "currency": "INR"})


def _appointments(b: DatedBox) -> None:
    start = b.at(1, 19, 15)
    b.add("appointment", ("MediSlot", "noreply@medislot.example"),
          "Appointment confirmed with Dr. Ramesh Kulkarni", b.sent(3, 22, 40),
          f"Hi Deepa,\n\nYour appointment is confirmed!\n\nDoctor: Dr. Ramesh Kulkarni (Orthopaedics, MBBS, MS "
          f"Ortho)\nDate: {_short(start)}\nTime: {_clock(start)}\nClinic: Arogya Multispeciality Clinic, 27th "
          "Main, HSR Layout Sector 1, Bengaluru\nConsultation fee: ₹800 (pay at the clinic)\nBooking ID: "
          "MSL-3340921\n\nPlease reach 15 minutes early and carry your previous reports (knee X-ray). Manage or "
          "cancel your booking in the MediSlot app.",
          facts={"provider": "Arogya Multispeciality Clinic", "start": start.isoformat(), "status": "confirmed",
                 "kind": "doctor", "doctor": "Dr. Ramesh Kulkarni", "reference": "MSL-3340921"})

    dentist = ("Smile Arc Dental Clinic", "frontdesk@smilearcdental.example")
    was, moved = b.at(1, 18, 0), b.at(7, 17, 30)
    b.moved_booking(
        dentist, "dentist", was, moved,
        ("Appointment confirmation - Smile Arc Dental Clinic", b.sent(12, 17, 20),
         f"Dear Deepa,\n\nYour appointment for scaling and polishing with Dr. Farah Ali is confirmed for "
         f"{_short(was)} at {_clock(was)}.\nSmile Arc Dental Clinic, 2nd Floor, 14th Cross, HSR Layout "
         "Sector 6.\n\nRegards,\nSmile Arc Dental Clinic"),
        ("Re: Appointment confirmation - Smile Arc Dental Clinic", b.sent(2, 11, 35),
         f"Dear Deepa,\n\nDr. Farah is attending a conference on {was:%A}, so your appointment has been "
         f"rescheduled from {_short(was)}, {_clock(was)} to {moved:%A}, {_nth(moved)} at {_clock(moved)}. If "
         "the new slot does not suit you, please call us on 080-4000-0000.\n\nRegards,\nSmile Arc Dental "
         "Clinic"))

    salon = ("Glow & Groom Salon", "bookings@glowgroom.example")
    start = b.at(3, 11, 0)
    b.cancelled_booking(
        salon, "salon", start,
        ("Your Glow & Groom appointment is booked", b.sent(9, 16, 0),
         f"Hi Deepa! Your appointment is booked.\nServices: Haircut + Hair spa\nStylist: Rekha\nDate: "
         f"{_short(start)}\nTime: {_clock(start)}\nGlow & Groom Salon, 19th Main, HSR Layout Sector 4\n"
         "See you soon!"),
        ("Your Glow & Groom appointment is cancelled", b.sent(1, 15, 30),
         f"Hi Deepa, as requested, your appointment for Haircut + Hair spa on {_short(start)} at {_clock(start)} "
         "has been cancelled. We hope to see you again soon. Book anytime on our website."))

    start = b.at(2, 20, 0)
    b.table_booking(
        ("TableTime", "reservations@tabletime.example"), "Table confirmed at Kaapi & Kolam for 4",
        b.sent(5, 21, 45),
        f"Hi Deepa,\n\nYour table is confirmed!\n\nKaapi & Kolam, 100 Feet Road, Indiranagar\n{_short(start)}, "
        f"{_clock(start)}\nGuests: 4\nBooking ID: TT-50917\n\nThe table will be held for 15 minutes. To change "
        "or cancel, use the TableTime app.",
        "<h2>Table confirmed!</h2>"
        f"<p><b>Kaapi &amp; Kolam</b>, 100 Feet Road, Indiranagar</p><p>{_short(start)}, {_clock(start)}"
        "</p><p>Guests: 4</p><p>Booking ID: TT-50917</p>",
        number="TT-50917", guest="Deepa Venkatesh", party=4, start=start, place="Kaapi & Kolam",
        street="100 Feet Road, Indiranagar", locality="Bengaluru")

    ptm = b.at(2, 9, 40)
    b.add("school", ("Nandanam Public School", "office@nandanamschool.example"),
          f"Parent-Teacher Meeting on {_nth(ptm)} - Class III-B", b.sent(7, 15, 10),
          f"Dear Parent,\n\nThe Parent-Teacher Meeting for Classes I to V will be held on {ptm:%A}, {_nth(ptm)} "
          "from 9:00 AM to 12:30 PM. Your slot with the class teacher of Class III-B, Mrs. Shobha Iyer, is at "
          f"{ptm:%I:%M %p}. Kindly bring Aditya's Term 4 report card and be on time, as slots are of 10 minutes "
          "each.\n\nPrincipal\nNandanam Public School",
          facts={"provider": "Nandanam Public School", "start": ptm.isoformat(), "status": "confirmed",
                 "kind": "school"})


def _travel(b: DatedBox) -> None:
    air = ("Neelgagan Airways", "noreply@neelgagan.example")
    out_was, out, out_arr = b.at(4, 8, 40), b.at(4, 9, 25), b.at(4, 12, 10)
    back, back_arr = b.at(5, 19, 10), b.at(5, 21, 55)
    b.add("flight", air, "Booking confirmed: Bengaluru - Delhi (PNR QX7M4K)", b.sent(11, 15, 30),
          "Dear Mrs. Deepa Venkatesh,\n\nGreetings from Neelgagan Airways! Your booking is confirmed.\n\n"
          f"PNR: QX7M4K\n\nOnward: NG 2417 | {_short(out_was)} | Bengaluru (BLR) T1 {out_was:%H:%M} -> Delhi (DEL) T1 "
          f"{b.at(4, 11, 25):%H:%M}\nReturn: NG 2418 | {_short(back)} | Delhi (DEL) T1 {back:%H:%M} -> Bengaluru (BLR) "
          f"T1 {back_arr:%H:%M}\n\nPassenger: MRS DEEPA VENKATESH\nTotal fare: ₹ 11,846 (booked by Tarangini "
          "Systems travel desk)\nCabin baggage 7 kg, check-in baggage 15 kg.\n\nWeb check-in opens 48 hours "
          "before departure.",
          facts={"provider": air[0], "start": out_was.isoformat(), "status": "confirmed", "kind": "flight",
                 "flight": "NG 2417", "return": back.isoformat(), "return_arrive": back_arr.isoformat(),
                 "reference": "QX7M4K", "superseded": "changed"})
    b.add("flight_change", air, "Important: schedule change for NG 2417 (PNR QX7M4K)", b.sent(1, 18, 50),
          f"Dear Customer,\n\nDue to operational reasons, the schedule of your flight NG 2417 on {_short(out)} from "
          f"Bengaluru to Delhi has been revised.\n\nRevised departure: {out:%H:%M} (earlier {out_was:%H:%M})\n"
          f"Revised arrival: {out_arr:%H:%M} (earlier {b.at(4, 11, 25):%H:%M})\n\nYour return flight NG 2418 is "
          "unchanged. If the revised timing does not suit you, you may change or cancel free of charge on our "
          "website. We regret the inconvenience caused.\n\nTeam Neelgagan",
          facts={"provider": air[0], "start": out.isoformat(), "was": out_was.isoformat(), "arrive": out_arr.isoformat(),
                 "status": "changed", "kind": "flight"})

    train, arrive = b.at(8, 22, 40), b.at(9, 5, 15)
    booked = b.today - timedelta(days=10)
    b.add("train", ("TrackMitra e-Ticketing", "eticket@trackmitra.example"),
          f"Booking Confirmation on TrackMitra, Train: 22614, {_dash(train)}, 3A, SBC - MAS", b.sent(10, 21, 14),
          "Electronic Reservation Slip (ERS)\n\n"
          "PNR No.: 4521873096\nTrain No./Name: 22614 / NANDI SF EXPRESS\nClass: AC 3 TIER (3A)\nQuota: GENERAL (GN)"
          f"\nBooking Date: {_dash(booked)} 21:12:40 HRS\n\n"
          f"From: KSR BENGALURU (SBC)    Departure*: {train:%H:%M} {_dash(train)}\n"
          f"To: MGR CHENNAI CENTRAL (MAS)    Arrival*: {arrive:%H:%M} {_dash(arrive)}\n"
          "Boarding at: KSR BENGALURU (SBC)    Distance: 362 KM\n\n"
          "Passenger Details:\n"
          "1. DEEPA VENKATESH, 36, F: CNF/B2/34/LOWER\n"
          "2. ADITYA VENKATESH, 8, M: CNF/B2/35/MIDDLE\n\n"
          "Total Fare: ₹1,870.00 (including convenience fee ₹35.40 and GST)\n\n"
          "*Departure and arrival times are those of the boarding station and destination. Please carry original "
          "ID proof during the journey.",
          facts={"provider": "TrackMitra e-Ticketing", "start": train.isoformat(), "arrive": arrive.isoformat(),
                 "status": "confirmed", "kind": "train", "reference": "4521873096", "coach": "B2", "berth": "34",
                 "amount": "1870.00", "currency": "INR"})


def _work(b: DatedBox) -> None:
    review = b.at(0, 11, 0)
    b.invitation(SANJAY, f"Invitation: Q1 Business Review @ {_short(review)} 11:00 - 12:00 (IST)", b.sent(6, 10, 20),
                 "Hi team,\n\nLet's go through the Q1 numbers and the merchant onboarding roadmap. Conference room "
                 "Kabini, 4th floor.\n\nRegards,\nSanjay", uid=f"q1-review-{b.seed}@tarangini.example",
                 summary="Q1 Business Review", start=review, end=review + timedelta(hours=1),
                 location="Conference room Kabini, 4th floor")

    was, moved = b.at(1, 16, 0), b.at(1, 14, 30)
    uid, room = f"sprint-planning-{b.seed}@tarangini.example", "Room Hemavathi, 3rd floor"
    b.invitation(ROHIT, f"Invitation: Sprint 14 planning @ {_short(was)} 16:00 - 17:00 (IST)", b.sent(8, 9, 30),
                 "Hi all,\n\nSprint 14 planning. Please groom your stories before the meeting. Room Hemavathi, 3rd "
                 "floor.\n\nRohit", uid=uid, summary="Sprint 14 planning", start=was, end=was + timedelta(hours=1),
                 location=room, superseded="rescheduled")
    b.invitation(ROHIT, f"Updated invitation: Sprint 14 planning @ {_short(moved)} 14:30 - 15:30 (IST)",
                 b.sent(1, 17, 45), "Hi all,\n\nSanjay has a leadership call at 4, so I have preponed tomorrow's "
                 "sprint planning from 4 PM to 2:30 PM. Same room.\n\nRohit", uid=uid, summary="Sprint 14 planning",
                 start=moved, end=moved + timedelta(hours=1), location=room, was=was)

    workshop = b.at(4, 15, 0)
    b.add("personal", SANJAY, "Delhi visit on Monday", b.sent(2, 16, 40),
          "Deepa,\n\nFor Monday's visit: the workshop with Parikrama Foods is at their Gurugram office, Sector 44, "
          f"from 3 PM to 6 PM on {_short(workshop)}. Their product head, Ms. Anjali Khanna, will join. Ravi from "
          "their team will pick you up at the airport. Please carry the onboarding deck.\n\nRegards,\nSanjay",
          facts={"person": SANJAY[0], "start": workshop.isoformat()})


LURES = (
    Lure(("Suvarna Bank KYC Cell", "kyc-update@suvarna-bank-kyc.example"),
         "URGENT: Your KYC has expired, account will be blocked", (2, 8, 3),
         "Dear Valued Customer,\n\nYour Suvarna Bank account KYC has expired. As per RBI guidelines your account "
         "will be BLOCKED within 24 hours. Kindly update your PAN and Aadhaar details immediately at "
         "http://suvarna-bank-kyc.example/update and enter the OTP received on your mobile to avoid suspension."
         "\n\nSuvarna Bank KYC Department", "kyc"),
    Lure(("Desh Post Parcel Services", "delivery@deshpost-track.example"),
         "Your parcel IN4471209 is on hold - pay ₹29 address fee", (1, 6, 48),
         "Dear customer, your parcel IN4471209 is held at our hub because the address is incomplete. Pay the "
         "address correction fee of ₹29 within 12 hours at http://deshpost-track.example/pay or the parcel will "
         "be returned to the sender.", "parcel"),
    Lure(("Income Tax Refund Dept", "refund@itr-refund-portal.example"),
         "Income tax refund of Rs. 15,490 approved", (5, 11, 12),
         "Dear Taxpayer, you are eligible for an income tax refund of Rs. 15,490. Please verify your bank account "
         "within 48 hours at http://itr-refund-portal.example/claim to receive the refund.", "refund"),
)


NEWSLETTERS = (
    ("Namma HSR Weekly", "news@nammahsr.example", 0,
     ["the new cycle lane on 27th Main", "Ugadi celebrations at the park", "water tanker rates this summer"]),
    ("Product Chai", "brew@productchai.example", 2,
     ["pricing for UPI merchants", "writing crisp PRDs", "user interviews in tier-2 cities"]),
    ("Bazaarly Deals", "deals@bazaarly.example", 4,
     ["summer sale: up to 60% off on ACs", "kitchen appliances week", "back to school sale"]),
    ("Little Explorers", "hello@littleexplorers.example", 5,
     ["summer camps in Bengaluru", "science kits for 8 year olds", "books for the holidays"]),
)

DIGEST = NewsletterStyle(
    "{name} | {topic}", "{name}\nThis week: {topic}.\nRead the full issue online. Unsubscribe anytime.",
    "<html><body><table width=\"600\" cellpadding=\"8\"><tr><td style=\"background:#f4a300\"><h1>{name}</h1></td>"
    "</tr><tr><td><p>This week: <b>{topic}</b>.</p><p><a href=\"https://example.invalid/unsubscribe\">"
    "Unsubscribe</a></p></td></tr></table></body></html>", hour=7)


CARD_ALERTS = AlertCard(("Suvarna Bank Alerts", "alerts@suvarnabank.example"), "Transaction alert on your credit card",
                        "7731", "INR", lambda amount, merchant, when: f"Dear Cardmember, Rs.{lakh(amount)} has been "
                        f"spent on your Suvarna Bank Credit Card XX7731 at {merchant} on {when:%d-%m-%Y} at "
                        f"{when:%H:%M}. Not you? Call 1800-000-0000 to block your card.")

MERCHANTS = ("FRESHMART HSR", "CAFE FILTER KAAPI", "HEALTHPLUS PHARMACY", "FUELPOINT AGARA", "BOOKNOOK BLR")


def _threads() -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text), signed the way each of them signs."""
    return (
        (ARJUN, 0, 6, 35, "today", "Deeps, I'll drop Adi to school today. Can you pay the society maintenance "
         "today itself? The treasurer sent a reminder, late fee starts from today. Also don't forget the PTM on "
         "Saturday at 9:40, I have a client call then.\n\nArjun"),
        (AMMA, 3, 19, 20, "Priya's nichayathartham", "Kanna,\n\nChithi called. Priya's nichayathartham is fixed "
         "for Sunday, 25th April at 10 AM at Sri Kamakshi Mahal, Mylapore. You and Adi come on Saturday itself, "
         "stay with us. Appa is asking whether Arjun will also come. Bring the green silk saree.\n\nAmma"),
        (KARTHIK, 2, 22, 10, "Amma-Appa anniversary gift", "Akka,\n\nFor Amma-Appa's 40th anniversary on 2nd May "
         "I have ordered the silver kuthuvilakku set. Total is Rs. 25,000, your share is Rs. 12,500. Send it "
         "by UPI to karthikn@okpaykaro whenever, no hurry. Don't tell Amma!\n\nKarthik"),
        (NANDU, 4, 13, 15, "kitty party this Sunday!!", "Hey Deeps!\n\nKitty party at my place this Sunday, "
         "18th, from 4 pm onwards. Flat 302, Emerald Heights, Koramangala 5th Block. Theme is Bollywood retro, "
         "so dress up! Bring Adi, the kids will play downstairs.\n\nNandu"),
        (ARJUN, 6, 12, 5, "geyser", "The electrician is coming on Saturday at 4 pm to fix the bathroom geyser. "
         "I'll be home.\n\nArjun"),
        (FATIMA, 1, 16, 20, "merchant onboarding flow", "Hi Deepa,\n\nCan we connect tomorrow at 11 am for 30 "
         "mins to go through the merchant onboarding flow before sprint planning? I have a few doubts on the "
         "document upload step.\n\nThanks,\nFatima"),
        (AMMA, 12, 8, 10, "Appa", "Kanna,\n\nAppa's cataract surgery went off well. Doctor said he can read "
         "the newspaper from next week. Don't worry.\n\nAmma"),
        (KARTHIK, 15, 21, 30, "IPL", "Akka, got two tickets for the Bengaluru match at Chinnaswamy on 2nd May, "
         "want to take Adi? I'll come down that weekend.\n\nKarthik"),
    )


OTHER = (
    ("Lakeview Meadows AOA", "office@lakeviewmeadows-aoa.example", "Water supply interruption on Saturday",
     "Dear Residents, water supply will be interrupted on Saturday from 10 AM to 2 PM due to sump cleaning. "
     "Kindly store water in advance."),
    ("Tarangini IT Helpdesk", "it-helpdesk@tarangini.example", "Your password expires in 5 days",
     "Your network password expires in 5 days. Change it from the self-service portal on the intranet."),
    ("HSR Public Library", "circulation@hsrlibrary.example", "Books due for return",
     "2 books issued on your card are due for return this week. Renew online to avoid a fine."),
)


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Deepa Venkatesh's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the card statement
    says, when the Delhi flight leaves now, which berth is hers, what was cancelled) have the same answers for
    every seed, counted from `now`'s date in Bengaluru.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 21:
        raise ValueError("the eighth sample needs at least 21 days of mail")
    b = _box(now, seed, days)
    for part in (_card, _bills, _shopping, _appointments, _travel, _work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, DIGEST)
    b.card_alerts(CARD_ALERTS, 6, first_hour=9, hours=12, spend=(180, 4200), merchants=MERCHANTS)
    b.letters(_threads(), lambda who: "")
    b.notices(OTHER, 3, every=6, first=4)
    return b.messages()
