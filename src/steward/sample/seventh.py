"""A seventh sample mailbox, of a seventh person in a seventh country: Jasmine Teo, a data analyst at a
logistics firm who lives in Toa Payoh, Singapore, with her husband Kenneth Lau ("Ken"), their son Ethan (9,
who plays football) and daughter Chloe (7, who learns the piano), and their cat Mochi. She pays in
Singapore dollars, flies to Ho Chi Minh City for three days of work this afternoon (a hotel there priced in
Vietnamese dong) and gets mail in English, Singlish and, from her grandmother, Chinese. About 150 messages
over the 90 days before `now`, so a home built from it asks every reader of mail to work on names, a
currency, banks, billers, providers and ways of writing that none of the other samples
(`steward.sample.mailbox`, `second` to `sixth`) uses.

The mix, all invented: a bank's credit card statement (HTML only, in tables, with a minimum payment and a
long legal footer) and last month's statement paid; household bills (a mobile plan overdue, broadband
already paid, electricity and water on GIRO, a motor insurance renewal to pay by hand, the piano studio's
term fees); appointments (a barber who cancels her son's haircut, a GP next week, an optician, a
physiotherapist who moves a session, a vet who proposes a time and waits for her yes, a car servicing, a
football academy's friendly), a table booked through a booking service, a work flight to Ho Chi Minh City
and back (a seat, a gate change this morning), a hotel there booked through a stays service and forwarded
by the company's travel desk in Outlook's form, ferry tickets to Bintan forwarded by her husband in Gmail's
form, her manager's calendar invitation and a meeting moved today, a colleague asking to meet, a friend's
potluck in plain words, family mail signed "Ken", "Mum", "Bry" and "Ah Ma", newsletters, card alerts,
receipts, a parcel arriving today in a delivery window, and two lures. Amounts and dates are written the way
Singapore senders write them ("S$3,482.16", "SGD 142.37", "08/03/2027", "8 Mar 2027", "Mon, 8 Mar"), the
hotel in dong ("6.480.000 ₫", "VND 6,480,000").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in
Singapore. The seed varies the filler (card alerts, receipts' amounts, the minutes of newsletters). Every
message has a `kind` label and `facts` an evaluation can check, and a stable Message-ID
`<kind-NNNN.SEED@seventh.steward.example>`. Only mail received is here (an inbox export): none she sent.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    GMAIL,
    OUTLOOK,
    AlertCard,
    DatedBox,
    Letter,
    Lure,
    NewsletterStyle,
    SampleMessage,
    due_facts,
    forwarded,
)
from steward.sample.locale import dd_mm_yyyy

DOMAIN = "seventh.steward.example"
ME = ("Jasmine Teo", "jasmine.teo@merlionmail-demo.example")
SGT = ZoneInfo("Asia/Singapore")
HCM = ZoneInfo("Asia/Ho_Chi_Minh")  # Vietnam is an hour behind Singapore
WIB = ZoneInfo("Asia/Jakarta")  # Bintan keeps western Indonesian time, an hour behind Singapore
ZONE = "Asia/Singapore"  # the person's own clock

FOOTER = ("This is a computer-generated e-mail; please do not reply. The people, companies and numbers in this "
          "mailbox are invented.")
BANK_LEGAL = (
    "Banyan Bank Limited (Co. Reg. No. 190000000X). Deposit Insurance Scheme: singapore dollar deposits of "
    "non-bank depositors are insured by the scheme up to S$100,000 in aggregate per depositor per scheme member. "
    "Banyan Bank will never ask for your one-time password, PIN or card details by e-mail, SMS or phone. A late "
    "payment charge of S$100.00 applies if the minimum payment is not received by the payment due date, and "
    "interest at 27.9% p.a. is charged on any balance not paid in full. This e-mail and any attachment are "
    "confidential; if you are not the intended recipient, please delete it and inform the sender. Banyan Bank "
    "Limited, 8 Marina Boulevard, Singapore 018981.")

KEN = ("Kenneth Lau", "kenneth.lau@merlionmail-demo.example")  # her husband, signs "Ken"
MUM = ("Teo Siew Lan", "siewlan.teo@lionmail-demo.example")  # her mother, signs "Mum"
BRY = ("Bryan Teo", "bryan.teo@lionmail-demo.example")  # her brother, signs "Bry"
AH_MA = ("Tan Ah Hoon", "ahhoon.tan@lionmail-demo.example")  # her grandmother, writes in Chinese, signs "阿嬷"
SITI = ("Siti Rahmat", "siti.rahmat@merlionmail-demo.example")  # a friend, signs "Siti"
AZ = ("Aaron Pereira", "aaron.pereira@merlionmail-demo.example")  # a friend, signs "Az"
RAJESH = ("Rajesh Nair", "rajesh.nair@keppelstone-logistics.example")  # her manager
MEI = ("Wong Mei Fen", "meifen.wong@keppelstone-logistics.example")  # a colleague, signs "Mei"
TRAVEL = ("Keppelstone Travel Desk", "travel@keppelstone-logistics.example")


def _sgd(x: float) -> str:
    """S$3,482.16."""
    return f"S${x:,.2f}"


def _long(d: date | datetime) -> str:
    """Monday, 8 March 2027."""
    return f"{d:%A}, {d.day} {d:%B %Y}"


def _short(d: date | datetime) -> str:
    """Mon, 8 Mar."""
    return f"{d:%a}, {d.day} {d:%b}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=SGT, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Keppelstone Logistics//Outlook 16.0 MIMEDIR//EN")


def _card(b: DatedBox) -> None:
    bank = ("Banyan Bank", "estatements@banyanbank.example")
    due = b.today - timedelta(days=17)
    facts = due_facts("Banyan Bank", "2915.40", "SGD", due, "card", "paid", last4="6038",
                      product="Banyan Visa Signature", minimum="87.46")
    b.add("statement", bank, "Your Banyan Visa Signature eStatement is ready", b.sent(40, 5, 10),
          f"Dear Ms Teo Hui Ling Jasmine\n\nYour Banyan Visa Signature card (4563 XXXX XXXX 6038) eStatement is "
          f"attached.\n\nStatement balance: {_sgd(2915.40)}\nMinimum payment: {_sgd(87.46)}\nPayment due date: "
          f"{dd_mm_yyyy(due)}\n\n{BANK_LEGAL}", pdf=f"Banyan-Visa-{due:%Y%m}.pdf", facts=facts)
    b.add("payment_received", bank, "We have received your card payment", b.sent(18, 13, 40),
          f"Dear Ms Teo\n\nThank you. We have received your payment of {_sgd(2915.40)} to your Banyan Visa "
          f"Signature card ending 6038 on {dd_mm_yyyy(due - timedelta(days=1))}.\n\n{BANK_LEGAL}", facts=facts)

    due = b.today + timedelta(days=12)
    facts = due_facts("Banyan Bank", "3482.16", "SGD", due, "card", "open", last4="6038",
                      product="Banyan Visa Signature", minimum="104.46")
    stmt = b.today - timedelta(days=7)
    html = ("<html><body style=\"margin:0;background:#f2f5f4\"><table width=\"640\" align=\"center\" cellpadding=\"0\" "
            "style=\"background:#ffffff;font-family:Helvetica,Arial,sans-serif;color:#1b2b26\"><tr><td style=\""
            "background:#0e5e4a;color:#fff;padding:16px 22px;font-size:21px\">Banyan Bank</td></tr><tr><td style=\""
            "padding:22px\"><p>Dear Ms Teo Hui Ling Jasmine</p><p>Your card statement dated "
            f"{stmt.day} {stmt:%b %Y} is now available.</p>"
            "<table cellpadding=\"6\" border=\"1\" style=\"border-collapse:collapse;border-color:#cfd8d4\">"
            "<tr><th align=\"left\">Card</th><td>Banyan Visa Signature 4563 XXXX XXXX 6038</td></tr>"
            f"<tr><th align=\"left\">Statement date</th><td>{dd_mm_yyyy(stmt)}</td></tr>"
            f"<tr><th align=\"left\">Statement balance</th><td><b>{_sgd(3482.16)}</b></td></tr>"
            f"<tr><th align=\"left\">Minimum payment</th><td>{_sgd(104.46)}</td></tr>"
            f"<tr><th align=\"left\">Payment due date</th><td>{dd_mm_yyyy(due)}</td></tr>"
            f"<tr><th align=\"left\">Credit limit</th><td>{_sgd(18000.00)}</td></tr></table>"
            "<p>Pay via Banyan digibank, PayNow to UEN 190000000X or AXS. Payments made after 9pm may be credited "
            "the next working day.</p></td></tr>"
            f"<tr><td style=\"font-size:10px;color:#6a7773;padding:22px\">{BANK_LEGAL}</td></tr></table></body></html>")
    b.add("statement", bank, "Your Banyan Visa Signature eStatement is ready", b.sent(6, 5, 10), None, html=html,
          facts=facts)


def _bills(b: DatedBox) -> None:
    mobile = ("Orchid Mobile", "billing@orchidmobile.example")
    due = b.today - timedelta(days=6)
    facts = due_facts("Orchid Mobile", "68.90", "SGD", due, "telecom", "overdue", account="1.20448817")
    b.add("bill", mobile, "Your Orchid Mobile bill is ready", b.sent(21, 10, 0),
          f"Hi Jasmine,\n\nYour bill for 9123 4567 (account 1.20448817) is ready.\n\nAmount due: SGD 68.90\n"
          f"Due date: {dd_mm_yyyy(due)}\n\nPay with PayNow, AXS or the My Orchid app.", facts=facts)
    b.add("payment_overdue", mobile, "Friendly reminder: your payment is overdue", b.sent(1, 9, 30),
          f"Hi Jasmine,\n\nWe have not received payment of SGD 68.90 for account 1.20448817, which was due on "
          f"{dd_mm_yyyy(due)}. Please pay by {dd_mm_yyyy(b.today + timedelta(days=7))} to avoid a late fee of S$10.70 and a "
          "temporary barring of outgoing calls. If you have paid, please ignore this reminder.", facts=facts)

    fibre = ("Nimbus Fibre", "accounts@nimbusfibre.example")
    due = b.today - timedelta(days=2)
    facts = due_facts("Nimbus Fibre", "49.90", "SGD", due, "telecom", "paid", account="NF-5580213")
    b.add("bill", fibre, "Nimbus Fibre e-bill for February 2027 (NF-5580213)", b.sent(15, 7, 20),
          f"Dear Customer\n\nAccount: NF-5580213\n1Gbps Home Fibre: S$45.79\nGST 9%: S$4.11\nTotal amount due: "
          f"S$49.90\nDue date: {dd_mm_yyyy(due)}", facts=facts)
    b.add("bill_paid", fibre, "Payment received - thank you!", b.sent(4, 20, 5),
          f"Dear Customer\n\nWe have received your payment of S$49.90 for account NF-5580213 on "
          f"{dd_mm_yyyy(b.today - timedelta(days=4))}. Your outstanding balance is S$0.00.\n\nNimbus Fibre", facts=facts)

    power = ("Kranji Utilities", "ebill@kranjiutilities.example")
    due = b.today + timedelta(days=10)
    b.add("bill", power, "Your utilities bill for Feb 2027", b.sent(3, 8, 0), None,
          html=("<html><body><table width=\"600\" style=\"font-family:Arial;font-size:13px\"><tr><td colspan=\"2\" "
                "style=\"background:#f7a400;padding:10px;font-size:18px\"><b>Kranji Utilities</b></td></tr>"
                "<tr><td colspan=\"2\">Dear Jasmine Teo,<br>Here is your bill for Blk 128 Lorong 1 Toa Payoh "
                "#09-114.</td></tr>"
                "<tr><td>Account no.</td><td>88 0154 3327</td></tr>"
                "<tr><td>Electricity (312 kWh)</td><td>S$94.21</td></tr><tr><td>Water (14.2 Cu M)</td><td>S$39.80"
                "</td></tr><tr><td>Refuse removal</td><td>S$8.36</td></tr>"
                "<tr><td><b>Total current charges</b></td><td><b>SGD 142.37</b></td></tr>"
                f"<tr><td>GIRO deduction date</td><td>{dd_mm_yyyy(due)}</td></tr></table>"
                "<p style=\"font-size:11px\">Your bill will be paid by GIRO. Please ensure sufficient funds in your "
                "account. No action is required.</p></body></html>"),
          facts=due_facts("Kranji Utilities", "142.37", "SGD", due, "utility", "open", autopay="true",
                          account="88 0154 3327"))

    insurer = ("Jade Shield Assurance", "renewals@jadeshield.example")
    due = b.today + timedelta(days=23)
    b.add("bill", insurer, "Renewal notice: motor policy JSM-4418207 (SMB 4417 K)", b.sent(8, 11, 15),
          f"Dear Ms Teo\n\nYour motor insurance policy JSM-4418207 for Honda Jazz SMB 4417 K expires on "
          f"{_long(due + timedelta(days=1))}.\n\nRenewal premium (incl. 9% GST): S$1,286.40 (last year S$1,198.80)"
          f"\nNo Claim Discount: 50%\nPlease pay by {dd_mm_yyyy(due)} to renew without a break in cover: by PayNow, card "
          "or at our customer centre.\n\nJade Shield Assurance Pte Ltd is a direct insurer registered with the "
          "Monetary Authority of Singapore. This policy is protected under the Policy Owners' Protection Scheme "
          "administered by the Singapore Deposit Insurance Corporation. Coverage for your policy is automatic "
          "and no further action is required from you. Please read the policy wording for the terms, conditions "
          "and exclusions that apply.", pdf="JSM-4418207-renewal.pdf",
          facts=due_facts("Jade Shield Assurance", "1286.40", "SGD", due, "insurance", "open",
                          account="JSM-4418207"))

    piano = ("Crescendo Music Studio", "admin@crescendomusic.example")
    due = b.today + timedelta(days=7)
    b.add("bill", piano, "Term 2 fees - Chloe Lau (INV-CMS-0781)", b.sent(9, 15, 40),
          f"Dear Jasmine\n\nAttached is invoice INV-CMS-0781 for Chloe's Term 2 piano lessons (Thursdays "
          f"4.30pm, 10 lessons with Ms Valerie Chua).\n\nAmount: S$360.00\nPlease pay by: {dd_mm_yyyy(due)}\n\nPayNow to "
          "UEN 201500000K with INV-CMS-0781 as the reference.\n\nThank you!\nCrescendo Music Studio",
          pdf="INV-CMS-0781.pdf",
          facts=due_facts("Crescendo Music Studio", "360.00", "SGD", due, "invoice", "open", account="INV-CMS-0781"))


def _appointments(b: DatedBox) -> None:
    barber = ("Kampong Cuts Barbershop", "hello@kampongcuts.example")
    start = b.at(1, 17, 0)
    b.cancelled_booking(
        barber, "barber", start,
        ("Booking confirmed: Boys' haircut", b.sent(10, 21, 5),
         f"Hi Jasmine! Your booking is confirmed.\n\nService: Boys' haircut (Ethan)\nBarber: Faizal\n"
         f"Date: {_short(start)} {start:%Y}\nTime: {start:%I:%M %p}\nKampong Cuts Barbershop, 190 Lorong 6 "
         "Toa Payoh #01-560\n\nSee you soon!"),
        ("Your booking has been cancelled", b.sent(1, 18, 45),
         f"Hi Jasmine, so sorry! Faizal is on MC, so we've had to cancel Ethan's haircut on {_short(start)} at "
         f"{start:%I:%M %p}. Please rebook on our page at a time that suits you. Sorry for the inconvenience!"))

    gp = ("Lorong Lew Family Clinic", "appointments@lorongclinic.example")
    start = b.at(7, 8, 45)
    b.add("appointment", gp, "Appointment confirmed: Dr Daphne Ong", b.sent(5, 12, 20),
          f"Dear Jasmine Teo\n\nYour appointment is confirmed.\n\nDoctor: Dr Daphne Ong (family physician)\n"
          f"Date: {_long(start)}\nTime: {start:%I:%M %p}\nClinic: Lorong Lew Family Clinic, Blk 177 Toa Payoh "
          "Central #01-150\n\nPlease arrive 10 minutes early and bring your NRIC. To reschedule, call 6250 0000.",
          facts={"provider": gp[0], "start": start.isoformat(), "status": "confirmed", "kind": "doctor"})

    optician = ("Lumen Optical", "care@lumenoptical.example")
    start = b.at(5, 11, 0)
    b.add("appointment", optician, "See you soon at Lumen Optical", b.sent(12, 10, 0),
          f"Hi Jasmine,\n\nYour eye examination is booked.\n\nWhen: {_short(start)} {start:%Y}, {start:%H:%M}\n"
          "Where: Lumen Optical, Junction 8 #02-31, Bishan\nOptometrist: Mr Lionel Sim\n\nPlease bring your "
          "current spectacles and stop wearing contact lenses 24 hours before.",
          facts={"provider": optician[0], "start": start.isoformat(), "status": "confirmed", "kind": "optician"})

    physio = ("Kinetic Physio Novena", "frontdesk@kineticphysio.example")
    was, moved = b.at(3, 18, 0), b.at(4, 18, 30)
    b.moved_booking(
        physio, "physiotherapy", was, moved,
        ("Appointment confirmation - Kinetic Physio", b.sent(14, 9, 0),
         f"Hi Jasmine,\n\nThis confirms your physiotherapy session (lower back, follow-up) with Ms Shalini "
         f"Das on {_long(was)} at {was:%I:%M %p}.\nKinetic Physio Novena, 10 Sinaran Drive #08-20, "
         "Novena Medical Center."),
        ("Re: Appointment confirmation - Kinetic Physio", b.sent(2, 16, 10),
         f"Hi Jasmine,\n\nShalini is on a course on {was:%A}, so we have moved your session from {_short(was)}, "
         f"{was:%I:%M %p} to {_long(moved)} at {moved:%I:%M %p}. Same clinic. Reply to this e-mail if the new "
         "time does not work for you.\n\nKinetic Physio front desk"))

    vet = ("Pawprint Animal Clinic", "hello@pawprintvet.example")
    start = b.at(5, 15, 30)
    b.add("appointment_proposed", vet, "Mochi's annual vaccination is due", b.sent(2, 10, 45),
          f"Dear Jasmine,\n\nOur records show Mochi is due for her annual vaccination and health check. We have a "
          f"slot on {_long(start)} at {start:%I:%M %p} with Dr Nurul Huda. Please reply YES to confirm, or "
          "suggest another time; the slot is only held once we hear from you.\n\nPawprint Animal Clinic, "
          "Blk 203 Toa Payoh North #01-1121",
          facts={"provider": vet[0], "start": start.isoformat(), "status": "proposed", "kind": "vet"})

    garage = ("Ubi Auto Works", "service@ubiautoworks.example")
    start = b.at(9, 9, 0)
    b.add("appointment", garage, f"Servicing appointment {dd_mm_yyyy(start)} - SMB 4417 K", b.sent(6, 14, 30),
          f"Dear Ms Jasmine Teo\n\nThank you for booking your Honda Jazz (SMB 4417 K) in for its 60,000 km "
          f"servicing.\n\nDrop-off: {_long(start)}, {start:%I:%M %p}\nReady for collection: about 5.00pm\n"
          "Workshop: Ubi Auto Works, 3018 Ubi Road 2 #01-45\nEstimate: S$388.00 before GST\n\nWe will call you "
          "before any work beyond the estimate.",
          facts={"provider": garage[0], "start": start.isoformat(), "status": "confirmed", "kind": "car service"})

    start = b.at(4, 19, 30)
    b.add("reservation", ("Dinewise", "reservations@dinewise.example"),
          "Reservation confirmed at Nyonya Lane for 4 pax", b.sent(4, 22, 10),
          f"Hi Jasmine,\n\nYour reservation is confirmed!\n\nNyonya Lane\n{_long(start)}, {start:%I:%M %p}\n"
          "4 pax\n58 Seah Street, Singapore 188396\nReservation ID: DW-77120\n\nThe restaurant will hold your "
          "table for 15 minutes. Manage your booking in the Dinewise app.",
          html=("<html><body style=\"font-family:Georgia\"><h2>Reservation confirmed</h2><table>"
                "<tr><td>Restaurant</td><td><b>Nyonya Lane</b></td></tr>"
                f"<tr><td>Date</td><td>{_long(start)}</td></tr><tr><td>Time</td><td>{start:%I:%M %p}</td></tr>"
                "<tr><td>Guests</td><td>4 pax</td></tr><tr><td>Address</td><td>58 Seah Street, Singapore 188396"
                "</td></tr><tr><td>Reservation ID</td><td>DW-77120</td></tr></table></body></html>"),
          facts={"provider": "Nyonya Lane", "start": start.isoformat(), "status": "confirmed", "kind": "restaurant",
                 "reference": "DW-77120"})


def _club_and_school(b: DatedBox) -> None:
    match = b.at(5, 8, 30)
    b.add("club", ("Serangoon Stars Football Academy", "coach@serangoonstars.example"),
          f"U10 friendly this Saturday ({dd_mm_yyyy(match)})", b.sent(3, 19, 30),
          f"Dear U10 Parents,\n\nWe have a friendly against Bukit Timah Lions on {_long(match)} at Toa Payoh "
          f"Stadium (field B). Kick-off {match:%I:%M %p}; please have the boys there by "
          f"{match - timedelta(minutes=30):%I:%M %p} in the orange home kit with shin guards and a water bottle. "
          "Regular training continues on Wednesdays at 5.30pm.\n\nCoach Hafiz\nSerangoon Stars Football Academy",
          facts={"provider": "Serangoon Stars Football Academy", "start": match.isoformat(), "status": "confirmed",
                 "kind": "football"})
    b.add("school", ("Lorong Chuan Primary School", "generaloffice@lorongchuanps.example"),
          "Term 1 Week 10 notices", b.sent(4, 15, 0),
          f"Dear Parents/Guardians,\n\n1. The March school holidays are from Saturday, 13 March to Sunday, 21 "
          f"March 2027. School reopens on Monday, 22 March.\n2. Parent-Teacher Meetings for Primary 3 are on "
          f"Friday, 26 March 2027; book a slot on the Parents Gateway app by {dd_mm_yyyy(b.today + timedelta(days=10))}."
          "\n3. Please return the Learning Journey consent form by Wednesday.\n\nMdm Rosnah Ismail\nSchool Admin "
          "Manager")


def _travel(b: DatedBox) -> None:
    air = ("Halcyon Air", "noreply@halcyonair.example")
    out, out_arr = b.at(0, 15, 20), b.at(0, 16, 30, HCM)
    back, back_arr = b.at(3, 17, 55, HCM), b.at(3, 21, 0)
    b.add("flight", air, "Booking confirmed: Singapore to Ho Chi Minh City (7KQ2NP)", b.sent(16, 14, 5),
          "Thank you for booking with Halcyon Air.\n\nBooking reference: 7KQ2NP\nPassenger: MS JASMINE TEO\n\n"
          f"DEPART  HQ 685  {_short(out)} {out:%Y}\n  Singapore Changi (SIN) T3  {out:%H:%M}  ->  Ho Chi Minh City "
          f"Tan Son Nhat (SGN)  {out_arr:%H:%M}\n\nRETURN  HQ 686  {_short(back)} {back:%Y}\n  Ho Chi Minh City "
          f"(SGN)  {back:%H:%M}  ->  Singapore Changi (SIN) T3  {back_arr:%H:%M}\n\nAll times are local. Fare: "
          "SGD 486.30 (Banyan Visa ending 6038). Checked baggage 20 kg. Check in online from 48 hours before.",
          facts={"provider": air[0], "start": out.isoformat(), "status": "confirmed", "kind": "flight",
                 "flight": "HQ 685", "arrive": out_arr.isoformat(), "return": back.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "7KQ2NP"})
    b.add("flight_seat", air, "You're checked in: HQ 685 to Ho Chi Minh City", b.sent(1, 15, 25),
          f"Hi Jasmine, you're checked in.\n\nHQ 685 {_short(out)}, departs {out:%H:%M}\nSeat: 23K (window)\n"
          f"Boarding: {out - timedelta(minutes=45):%H:%M}\nGate: B6\n\nYour return, HQ 686 on {_short(back)}: "
          "seat 24A.",
          facts={"provider": air[0], "start": out.isoformat(), "seat": "23K", "kind": "flight", "gate": "B6",
                 "return_seat": "24A"})
    b.add("flight_change", air, "Gate change: HQ 685 now departs from A14", b.sent(0, 6, 50),
          f"Hi Jasmine,\n\nThe departure gate for HQ 685 today ({_short(out)}, Singapore {out:%H:%M} to Ho Chi Minh "
          "City) has changed.\n\nNew gate: A14 (was B6)\nBoarding starts at 14:35; the gate closes 15 minutes "
          "before departure. Your seat, 23K, is unchanged.",
          facts={"provider": air[0], "start": out.isoformat(), "status": "changed", "kind": "flight", "gate": "A14",
                 "was_gate": "B6"})

    check_in, check_out = b.at(0, 14, 0, HCM), b.at(3, 12, 0, HCM)
    sent = b.sent(11, 16, 2)
    b.add("forwarded", TRAVEL, "FW: Roomly booking confirmed - Saigon Lotus Residences", b.sent(11, 17, 30),
          forwarded(
              "Hi Jasmine,\n\nPlease see your hotel for the Ho Chi Minh City trip below. The company card has been "
              "charged; no payment is needed at the hotel.\n\nRegards\nKeppelstone Travel Desk", OUTLOOK,
              ("Roomly", "stays@roomly.example"), sent, TRAVEL, "Roomly booking confirmed - Saigon Lotus Residences",
              "Your booking is confirmed.\n\nSaigon Lotus Residences\n22 Ton Duc Thang, District 1, Ho Chi Minh "
              f"City, Vietnam\nGuest: Jasmine Teo\nCheck-in: {_long(check_in)}, from {check_in:%H:%M}\nCheck-out: "
              f"{_long(check_out)}, until {check_out:%H:%M}\n3 nights, 1 adult, Studio King\nTotal: 6.480.000 ₫ "
              "(VND 6,480,000), prepaid\nConfirmation number: RMY-20934417"),
          facts={"provider": "Saigon Lotus Residences", "start": check_in.isoformat(), "end": check_out.isoformat(),
                 "status": "confirmed", "kind": "stay", "reference": "RMY-20934417", "amount": "6480000",
                 "currency": "VND", "forwarded_by": TRAVEL[0]})


def _ferry(b: DatedBox) -> None:
    """Ken booked the ferry to Bintan for the school holidays and forwards the tickets, Gmail's way."""
    sail = b.at(12, 8, 10)
    arrive = (sail + timedelta(minutes=55)).astimezone(WIB)
    back = b.at(13, 16, 0, WIB)
    sent = b.sent(2, 21, 14)
    b.add("forwarded", KEN, "Fwd: Your Bintan Seaways e-ticket (BSW-558102)", b.sent(2, 22, 40),
          forwarded("Ferry for the hols, can you keep this handy? Passports for all 4 ah.\n\nKen", GMAIL,
                    ("Bintan Seaways", "eticket@bintanseaways.example"), sent, KEN,
                    "Your Bintan Seaways e-ticket (BSW-558102)",
                    f"Booking BSW-558102: 2 adults, 2 children, return\nOutbound: {_long(sail)}, {sail:%H:%M} "
                    "from Tanah Merah Ferry Terminal to Bandar Bentan Telani (arrives "
                    f"{arrive:%H:%M} Bintan time)\nReturn: {_long(back)}, {back:%H:%M} (Bintan time) from Bandar "
                    "Bentan Telani\nTotal paid: SGD 312.00\nCheck in at least 60 minutes before departure with every "
                    "passenger's passport."),
          facts={"provider": "Bintan Seaways", "start": sail.isoformat(), "status": "confirmed", "kind": "ferry",
                 "forwarded_by": KEN[0], "reference": "BSW-558102", "return": back.isoformat()})


def _work(b: DatedBox) -> None:
    review_was, review = b.at(0, 10, 0), b.at(0, 11, 30)
    uid, room = f"q1-ops-review-{b.seed}@keppelstone-logistics.example", "Meeting room Tanjong, L12"
    b.invitation(RAJESH, f"Invitation: Q1 ops review @ {_short(review_was)} 10:00 - 11:00 (SGT)", b.sent(7, 9, 5),
                 "Hi team,\n\nLet's review Q1 warehouse throughput before the regional call. Meeting room Tanjong, "
                 "level 12.\n\nRajesh", uid=uid, summary="Q1 ops review", start=review_was,
                 end=review_was + timedelta(hours=1), location=room, superseded="rescheduled")
    b.invitation(RAJESH, f"Updated invitation: Q1 ops review @ {_short(review)} 11:30 - 12:30 (SGT)",
                 b.sent(0, 6, 30), "Hi team,\n\nThe regional call got pulled forward, so I've moved this morning's "
                 "ops review from 10:00 to 11:30, same room. Jasmine, I know you fly at 3, we'll finish by 12:30."
                 "\n\nRajesh", uid=uid, summary="Q1 ops review", start=review, end=review + timedelta(hours=1),
                 location=room, was=review_was)
    planning = b.at(9, 14, 0)
    b.invitation(RAJESH, f"Invitation: Q2 planning @ {_short(planning)} 14:00 - 16:00 (SGT)", b.sent(3, 17, 0),
                 "Hi all,\n\nQ2 planning, half a day's worth in two hours. Boardroom, level 14.\n\nRajesh",
                 uid=f"q2-planning-{b.seed}@keppelstone-logistics.example", summary="Q2 planning", start=planning,
                 end=planning + timedelta(hours=2), location="Boardroom, L14")


def _potluck(b: DatedBox) -> None:
    party = b.at(6, 12, 30)
    b.add("invitation_personal", SITI, "potluck at mine this Sunday!", b.sent(3, 21, 30),
          f"Hi Jas!!\n\nPotluck lunch at my new place in Tampines this {party:%A} ({party.day} {party:%b}) from "
          "12.30pm, Blk 862A Tampines Street 83 #11-402. Bring Ken and the kids, and maybe your famous "
          "pineapple tarts? No need to bring drinks.\n\nSiti",
          facts={"provider": SITI[0], "start": party.isoformat(), "status": "invited", "kind": "party"})


LURES = (
    Lure(("Banyan Bank Alerts", "alerts@banyanbank-verify.example"),
         "Urgent: unusual sign-in detected on your account", (1, 2, 47),
         "Dear Valued Customer,\n\nWe detected an unusual sign-in to your Banyan digibank account from a new "
         "device. Your account will be suspended within 12 hours unless you verify your identity. Verify now at "
         "http://banyanbank-verify.example/secure and enter your card number, expiry date and the OTP sent to "
         "you.\n\nBanyan Bank Security Team", "bank"),
    Lure(("SG Parcel Services", "notice@sgparcel-redelivery.example"),
         "Your parcel is on hold: pay S$1.99 redelivery fee", (2, 4, 12),
         "Dear customer, your parcel SG7730115 could not be delivered because the address is incomplete. To "
         "arrange redelivery, pay the S$1.99 fee within 24 hours at http://sgparcel-redelivery.example/pay. "
         "Parcels not claimed will be returned to the sender.", "parcel"),
)


NEWSLETTERS = (
    ("Toa Payoh Town Talk", "news@tptowntalk.example", 0,
     ["lift upgrading at Lorong 1", "the Toa Payoh Central market fair", "new cycling paths to Bishan",
      "a mid-autumn lantern walk"]),
    ("Data Hawker", "weekly@datahawker.example", 2,
     ["dashboards people actually read", "forecasting demand at ports", "SQL window functions",
      "cleaning messy addresses"]),
    ("FairMart Deals", "deals@fairmart.example", 3,
     ["2-for-1 Thai rice", "30% off laundry detergent", "fresh durian week", "weekend seafood specials"]),
    ("Little Readers Club", "hello@littlereadersclub.example", 5,
     ["graphic novels for 9 year olds", "picture books about cats", "holiday reading lists"]),
)


TABLED = NewsletterStyle(
    "{name} | {topic}", "{name}\nThis week: {topic}.\nRead the full issue online. Unsubscribe anytime.",
    "<html><body><table width=\"600\" cellpadding=\"8\"><tr><td style=\"background:#233\"><h1 style=\"color:#fff\">"
    "{name}</h1></td></tr><tr><td><p>This week: <b>{topic}</b>.</p>"
    "<p><a href=\"https://example.invalid/unsubscribe\">Unsubscribe</a></p></td></tr></table></body></html>",
    hour=7)


MERCHANTS = ("FairMart Toa Payoh", "Kopi Corner HDB Hub", "Guardian-Well Pharmacy", "Petrol One Braddell",
             "Inkwell Books", "MakanGo", "Hawker Pay Lor 8")


BANYAN_ALERTS = AlertCard(("Banyan Bank", "ialerts@banyanbank.example"), "Banyan Card Transaction Alert", "6038",
                          "SGD", lambda amount, merchant, when: f"A transaction of SGD {amount:,.2f} was made on your "
                          f"Banyan Visa Signature ending 6038 at {merchant} on {when:%d %b %Y} at {when:%H:%M} SGT. "
                          "If unauthorised, call 1800 555 0123 immediately.")


SHOPS = (("MakanGo", "receipts@makango.example", "a food delivery (chicken rice x3, kangkong)", None),
         ("FairMart", "eshop@fairmart.example", "an online grocery order", None),
         ("Inkwell Books", "orders@inkwellbooks.example", "two children's books", 42.80),
         ("HomeNest Living", "orders@homenest.example", "a 1.8L rice cooker", 129.00))


def _receipt(shop: str, order: str, what: str, amount: float) -> tuple[str, str]:
    return f"Your {shop} receipt #{order}", (f"Thanks for your order! Order #{order}: {what}.\nTotal charged: "
                                             f"{_sgd(amount)} (incl. GST) to Visa ending 6038.")


def _parcel(b: DatedBox) -> None:
    b.add("delivery", ("Redbird Parcel", "track@redbirdparcel.example"), "Your parcel arrives today",
          b.sent(0, 6, 40),
          "Hi Jasmine, your HomeNest Living order (tracking RB-SG-4417093) is out for delivery today between "
          "9am and 1pm to Blk 128 Lorong 1 Toa Payoh #09-114. Our driver will call if no one is home. Want to "
          "change the day? Reply or use the Redbird app.",
          facts={"shop": "HomeNest Living", "window": "09:00-13:00", "tracking": "RB-SG-4417093"})


def _threads() -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text), signed the way each of them signs."""
    return (
        (KEN, 0, 6, 15, "today", "Morning dear. I'll WFH today so I can take the parcel. Can you pay the Orchid "
         "bill before you fly? The phone line will kena barred. Safe flight!\n\nKen"),
        (MUM, 1, 20, 10, "Ethan's haircut", "Jas, I heard the barber cancelled. I can bring Ethan to my "
         "barber on Saturday after his football, ok? Also Sunday dinner at ours on the 21st, after you all "
         "come back from Bintan.\n\nMum"),
        (AH_MA, 2, 9, 0, "想你们", "阿玲：\n\n这个星期六中午来我家吃饭好吗？我煮你最爱吃的咖喱鸡。带孩子们一起来。\n\n阿嬷"),
        (BRY, 2, 13, 5, "Mum's 60th", "Jas, for Mum's 60th on 2 April let's split the cake and the dinner at "
         "Peach Garden. I'll pay first, you transfer me S$240 by PayNow can?\n\nBry"),
        (MEI, 1, 11, 30, "dashboard numbers", "Hi Jasmine,\n\nThe February throughput numbers on the dashboard "
         "don't match finance's. Can we sit down on Friday at 2pm to go through them? I'll book a room.\n\nMei"),
        (RAJESH, 4, 8, 40, "claims", "Hi Jasmine,\n\nA reminder that February expense claims must be in by "
         "Friday, 12 March.\n\nThanks\nRajesh"),
        (AZ, 5, 22, 0, "badminton", "Oi Jas, badminton at Toa Payoh Sports Hall next Tuesday 8pm? Court 3. "
         "Loser buys teh.\n\nAz"),
        (KEN, 12, 13, 0, "Bintan", "Booked the ferry for the hols, and a resort with a kids' pool. Ethan is "
         "already packing his goggles.\n\nKen"),
        (SITI, 19, 19, 0, "the recipe", "Here's my mum's sambal recipe as promised, careful it's spicy!\n\nSiti"),
        (MUM, 24, 18, 0, "CNY", "Thank you for coming for reunion dinner. Ah Ma was so happy to see the "
         "kids.\n\nMum"),
        (BRY, 45, 10, 30, "Japan", "Booked Osaka for June, you all should come too.\n\nBry"),
        (AZ, 60, 9, 0, "new racket", "Got a new racket, you're going down.\n\nAz"),
        (RAJESH, 75, 16, 0, "Dinner and dance", "Company D&D on 15 January at the Pan Pacific, partners "
         "welcome.\n\nRajesh"),
    )


def _greeting(who: tuple[str, str]) -> str:
    return {KEN: "Hi Jas,", MUM: "", BRY: "Jie,", AH_MA: "", RAJESH: "", MEI: ""}.get(who, "Hey Jas,")


OTHER = (
    ("Toa Payoh Public Library", "loans@tplibrary.example", "Reminder: items due soon",
     "2 items on your account are due in 3 days. Renew them in the library app."),
    ("Keppelstone IT Service Desk", "servicedesk@keppelstone-logistics.example", "Planned downtime this Saturday",
     "The VPN and the warehouse dashboard will be unavailable on Saturday from 10pm to 2am for patching."),
    ("Redbird Parcel", "track@redbirdparcel.example", "Delivered!",
     "Your parcel was delivered at 2.41pm and left with the security guard. Thank you for choosing Redbird."),
)


def generate(now: datetime, seed: int = 7, days: int = 90) -> list[SampleMessage]:
    """Jasmine Teo's mailbox: about 150 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what is owed, when the
    physio is, what was cancelled, when her flight leaves) have the same answers for every seed, counted
    from `now`'s date in Singapore.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 75:
        raise ValueError("the seventh sample needs at least 75 days of mail")
    b = _box(now, seed, days)
    for part in (_card, _bills, _appointments, _club_and_school, _travel, _ferry, _work, _potluck):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, TABLED)
    b.card_alerts(BANYAN_ALERTS, 30, first_hour=8, hours=13, spend=(4, 260), merchants=MERCHANTS)
    b.receipts(SHOPS, 12, every=7, first=3, orders=(51200, 43), spend=(18, 160), currency="SGD", write=_receipt,
               hour=20)
    _parcel(b)
    b.letters(_threads(), _greeting)
    b.notices(OTHER, 12, every=7, first=5)
    return b.messages()

