"""A seventeenth sample mailbox, of a seventeenth person in a seventeenth place: Farhan Qureshi, a site engineer from
Lahore who lives in Dubai with his wife Sana and their son Zayan (8, Grade 3 at Greenfield Crescent Primary School).
His mother ("Ammi") lives in Lahore with his brother Bilal and flies to Dubai for Eid. The mailbox is read in
Ramadan: office and school hours are shortened, iftar is at sunset and Eid al-Fitr is expected a week later, its
dates "subject to moon sighting". The UAE weekend is Saturday and Sunday. At the end of March he flies to London
(the United Kingdom moves to summer time on 28 March 2027, the day after he lands; his flight home is after that),
with a hotel there and a cousin's dinner.

The mix, all invented: an electricity-and-water authority's bill and its overdue reminder (unpaid); a district
cooling bill in an HTML table; a mobile postpaid bill; a home internet bill and its payment received (paid); a
dirham card's statement in an HTML table with a minimum payment; a second card's alert for a charge in pounds with
a foreign transaction fee; rent paid by post-dated cheques (the next cheque's date); a road-toll account's
low-balance notice; a speeding fine; the car's registration renewal and its insurance renewal; a design software's
annual plan renewed from the United States (dates month first); a residence visa renewal at a typing centre (an
Emirates ID biometrics appointment) and the medical fitness test for it; a dentist who moves a visit; a GP visit
pre-approved by his health insurer; his son's school (a parent-teacher meeting slot, a family iftar forwarded by his
wife, the third term's fees, Ramadan half-days and the Eid break); a committee (a savings circle among friends: the
month's share and his payout month); money sent home to his mother and the rupee bills his brother writes of; his
mother's flight to Dubai forwarded by his brother (Lahore's clock at departure, Dubai's at arrival); a flight Dubai
-> London and home, and a hotel in London; a table booked for an iftar with colleagues; a cricket match on a
Saturday night; a consultant's site inspection told in a colleague's plain words; family mail in plain words with
Urdu ("Ammi", "beta", "inshallah", "bijli"); five lures (a bank's KYC update, a toll fine, a courier's customs fee,
a visa cancellation, a utility refund); newsletters and card alerts. Amounts are written "AED 1,250.00", "Dhs
1,250", "1,250 AED" and "2k" (rupees "Rs 23,180", "PKR 114,225.00" and "Rs 1,14,225"; pounds "GBP 148.00" and
"£148"; US dollars "USD 329.00"), dates day first as UAE mail writes them ("03/03/2027", "3 March 2027") and month
first in mail from the United States ("03/12/2027"); times as "10:30 AM", "6:15 pm", "9.30am" or "08:15" in a flight
row.

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in Dubai. The
seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label and `facts` an
evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@seventeenth.steward.example>`. Only mail received is
here (an inbox export): none he sent.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    GMAIL,
    ORIGINAL_MESSAGE,
    AlertCard,
    DatedBox,
    Letter,
    Lure,
    SampleMessage,
    banner_style,
    due_facts,
    forwarded,
    summary_table,
)
from steward.sample.locale import (
    clock_ampm,
    day_month_year,
    dd_mm_yyyy,
    mm_dd_yyyy,
    ordinal,
    weekday_day_month,
)

DOMAIN = "seventeenth.steward.example"
ME = ("Farhan Qureshi", "farhan.qureshi@falconmail-demo.example")
DUBAI = ZoneInfo("Asia/Dubai")  # UTC+4 all year, no summer time
LAHORE = ZoneInfo("Asia/Karachi")  # UTC+5 all year
LONDON = ZoneInfo("Europe/London")  # GMT, then BST from 28 March 2027
ZONE = "Asia/Dubai"  # the person's own clock

FOOTER = ("This is a system generated email. Please do not reply. The people, companies and numbers in this mailbox "
          "are invented.")
BANK_LEGAL = ("Dunecrest Bank will never ask for your card PIN, OTP or online banking password by email, SMS or "
              "phone. Call 800 5550 (24/7). Dunecrest Bank PJSC.")

SANA = ("Sana Farhan", "sana.farhan@falconmail-demo.example")  # his wife
AMMI = ("Naseem Akhtar", "naseem.akhtar1961@pakmail-demo.example")  # his mother, in Lahore
BILAL = ("Bilal Qureshi", "bilal.qureshi@pakmail-demo.example")  # his brother, in Lahore
KAMRAN = ("Kamran Butt", "kamran.butt@thamesmail-demo.example")  # his cousin, in London
ASIF = ("Asif Mehmood", "asif.mehmood@falconmail-demo.example")  # a friend who runs the committee
RAJESH = ("Rajesh Menon", "rajesh.menon@saltmarshcontracting.example")  # his project manager
IMRAN = ("Imran Sheikh", "imran.sheikh@saltmarshcontracting.example")  # a colleague
NOMAN = ("Noman Ali", "noman.ali86@falconmail-demo.example")  # captain of his cricket team
SCHOOL = ("Greenfield Crescent Primary School", "office@greenfieldcrescent.example")
TEACHER = ("Hina Rauf", "h.rauf@greenfieldcrescent.example")  # Zayan's Grade 3 class teacher


def _short(d: datetime) -> str:
    """6:15 pm, 10 pm: a time as a person writes it in a note."""
    return f"{d.hour % 12 or 12}{'' if d.minute == 0 else f':{d:%M}'} {'am' if d.hour < 12 else 'pm'}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=DUBAI, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Saltmarsh Contracting//Mail 5.1//EN", ics_stamp="20270210T080000Z")


def _utilities(b: DatedBox) -> None:
    power = ("Creek Power & Water Authority", "ebill@creekpowerwater.example")
    issued, was_due, cut = b.today - timedelta(days=22), b.today - timedelta(days=9), b.today + timedelta(days=7)
    first = b.add("bill", power, "CPWA e-Bill for February 2027 - Account 2045881290", b.sent(22, 8, 40),
                  f"Dear FARHAN QURESHI,\n\nYour Creek Power & Water Authority bill is ready.\n\nAccount number: "
                  f"2045881290\nPremises: Flat 1204, Garden Court Tower B, Al Qusais 2, Dubai\nBill date: "
                  f"{dd_mm_yyyy(issued)}\n\nElectricity (1,146 kWh): AED 412.60\nWater (2,430 gallons): AED 171.40\n"
                  "Sewerage: AED 38.20\nMeter service charge: AED 20.00\nVAT 5%: AED 32.11\nTotal amount due: AED "
                  f"674.31\nDue date: {dd_mm_yyyy(was_due)}\n\nPay through the CPWA app, online banking or any "
                  "CPWA customer happiness centre.\n\nCreek Power & Water Authority",
                  facts=due_facts("Creek Power & Water Authority", "674.31", "AED", was_due, "electricity and water",
                                  "overdue", account="2045881290", superseded="reminder"))
    b.add("bill", power, "Reminder: your CPWA bill is overdue", b.sent(1, 9, 15),
          f"Dear Customer,\n\nOur records show that your bill of AED 674.31 for account 2045881290, due on "
          f"{dd_mm_yyyy(was_due)}, is still unpaid.\n\nPlease pay the outstanding amount before "
          f"{day_month_year(cut)} to avoid disconnection of your electricity and water supply. A reconnection fee of "
          "AED 200.00 will apply to disconnected premises.\n\nIf you have already paid, please ignore this "
          "reminder.\n\nCreek Power & Water Authority",
          reply_to=first,
          facts=due_facts("Creek Power & Water Authority", "674.31", "AED", was_due, "electricity and water",
                          "overdue", account="2045881290", disconnection=cut.isoformat()))

    cooling = ("Polar Breeze District Cooling", "billing@polarbreezecooling.example")
    due = b.today + timedelta(days=9)
    rows = (("Customer Number", "PB-0077120"), ("Unit", "Garden Court Tower B - 1204"),
            ("Billing Period", f"{dd_mm_yyyy(b.today - timedelta(days=33))} - {dd_mm_yyyy(b.today - timedelta(days=5))}"),
            ("Consumption Charge (0.42 RTh)", "AED 96.60"), ("Capacity Charge", "AED 201.40"),
            ("VAT (5%)", "AED 14.90"), ("Total Due", "<b>AED 312.90</b>"), ("Due Date", f"<b>{dd_mm_yyyy(due)}</b>"))
    html = ("<html><body style=\"font-family:Tahoma,sans-serif;font-size:13px\"><table width=\"600\" align=\"center\" "
            "cellpadding=\"0\" cellspacing=\"0\"><tr><td style=\"background:#1b75bb;color:#fff;padding:12px;"
            "font-size:18px\">Polar Breeze District Cooling</td></tr><tr><td style=\"padding:12px\"><p>Dear Farhan "
            "Qureshi,</p><p>Your chilled water bill is now available.</p>" + summary_table(rows) + "<p>Please pay Dhs 312.90 by "
            f"{dd_mm_yyyy(due)} through our portal or by bank transfer.</p></td></tr></table></body></html>")
    b.add("bill", cooling, "Your Polar Breeze bill - PB-0077120", b.sent(4, 10, 5), None, html=html,
          facts=due_facts("Polar Breeze District Cooling", "312.90", "AED", due, "district cooling", "open",
                          account="PB-0077120"))

    mobile = ("Zahra Telecom", "mybill@zahratelecom.example")
    due = b.today + timedelta(days=5)
    b.add("bill", mobile, "Your Zahra Telecom postpaid bill", b.sent(6, 7, 20),
          "Dear Farhan,\n\nYour postpaid bill for 050 555 0417 is ready.\n\nPlan: Zahra Freedom 200 - AED 200.00\n"
          "Roaming (Pakistan, 1 day pass): AED 35.00\nVAT: AED 11.75\nTotal: 246.75 AED\n\nPay by "
          f"{dd_mm_yyyy(due)} to keep your line active. Pay in the Zahra app or set up auto pay.\n\nZahra Telecom",
          facts=due_facts("Zahra Telecom", "246.75", "AED", due, "mobile", "open", number="050 555 0417"))

    net = ("Falcon Fibre", "billing@falconfibre.example")
    due, paid_on = b.today - timedelta(days=3), b.today - timedelta(days=5)
    bill = b.add("bill", net, "Falcon Fibre Home 500 - February bill", b.sent(16, 11, 0),
                 "Dear Customer,\n\nYour Falcon Fibre Home 500 Mbps bill (account FF-3318064) is ready.\n\nMonthly "
                 "plan: AED 389.00\nTV add-on (sports): AED 6.00\nVAT: AED 19.75\nAmount due: AED 414.75\nDue "
                 f"date: {dd_mm_yyyy(due)}\n\nFalcon Fibre",
                 facts=due_facts("Falcon Fibre", "414.75", "AED", due, "internet", "paid", account="FF-3318064",
                                 superseded="paid"))
    b.add("receipt", net, "Payment received - thank you", b.sent(5, 18, 32),
          f"Dear Customer,\n\nWe have received your payment of AED 414.75 on {dd_mm_yyyy(paid_on)} for account "
          "FF-3318064. Your balance is AED 0.00.\n\nReceipt number: FFR-88120476\n\nFalcon Fibre",
          reply_to=bill,
          facts={"shop": "Falcon Fibre", "amount": "414.75", "currency": "AED", "status": "paid",
                 "paid_on": paid_on.isoformat()})


def _cards(b: DatedBox) -> None:
    issued, due = b.today - timedelta(days=7), b.today + timedelta(days=18)
    rows = (("Card Number", "4921 XXXX XXXX 4417"), ("Statement Date", dd_mm_yyyy(issued)),
            ("Previous Balance", "AED 7,402.18"), ("Payments &amp; Credits", "AED -7,402.18"),
            ("Purchases", "AED 9,615.20"), ("Fees &amp; Charges", "AED 231.15"),
            ("Total Outstanding", "<b>AED 9,846.35</b>"), ("Minimum Amount Due", "<b>AED 492.32</b>"),
            ("Payment Due Date", f"<b>{dd_mm_yyyy(due)}</b>"), ("Credit Limit", "AED 30,000.00"))
    html = ("<html><body style=\"font-family:Arial,sans-serif;font-size:13px\"><table width=\"620\" align=\"center\" "
            "cellpadding=\"0\" cellspacing=\"0\"><tr><td style=\"background:#7a1f2b;color:#fff;padding:14px;"
            "font-size:19px\">Dunecrest Bank</td></tr><tr><td style=\"padding:14px\"><p>Dear Farhan Qureshi,</p>"
            "<p>Your Dunecrest Titanium Visa credit card statement is ready.</p>" + summary_table(rows)
            + "<p>Pay at least the minimum amount due "
            f"by {dd_mm_yyyy(due)} to avoid a late payment fee of AED 241.50.</p></td></tr><tr><td "
            f"style=\"font-size:10px;color:#666;padding:14px\">{BANK_LEGAL}</td></tr></table></body></html>")
    b.add("statement", ("Dunecrest Bank", "estatement@dunecrestbank.example"),
          "Your Dunecrest Titanium Visa statement", b.sent(7, 6, 45), None, html=html,
          pdf=f"TitaniumVisa_4417_{issued:%d%m%Y}.pdf",
          facts=due_facts("Dunecrest Bank", "9846.35", "AED", due, "card", "open", last4="4417",
                          product="Dunecrest Titanium Visa", minimum="492.32"))

    spent = b.sent(2, 23, 48)
    b.add("bank_alert", ("Oasis Islamic Bank", "alerts@oasisislamicbank.example"),
          "Transaction alert - Oasis World Mastercard", b.sent(2, 23, 49),
          f"Dear Customer,\n\nYour Oasis World Mastercard ending 0932 was used for GBP 148.00 at WESTEND STAGE "
          f"TICKETS LONDON GB on {dd_mm_yyyy(spent)} at {spent:%H:%M}.\n\nAmount in AED: 692.74\nForeign transaction "
          "fee (2%): AED 13.85\nTotal charged: AED 706.59\nAvailable limit: AED 14,293.41\n\nNot you? Call 600 "
          "555 0123 immediately.\n\nOasis Islamic Bank",
          facts={"last4": "0932", "amount": "148.00", "currency": "GBP", "aed": "706.59", "fee": "13.85",
                 "kind": "foreign"})

    soft = ("PlanForge Software", "billing@planforge.example")
    renews = b.today + timedelta(days=9)
    b.add("bill", soft, "Your PlanForge Pro annual plan renews soon", b.sent(3, 4, 10),
          f"Hi Farhan,\n\nThis is a friendly reminder that your PlanForge Pro annual subscription will automatically "
          f"renew on {mm_dd_yyyy(renews)}.\n\nPlan: PlanForge Pro (1 seat, annual)\nAmount: USD 329.00\nPayment "
          "method: Mastercard ending in 0932\n\nNo action is needed to keep your plan. To cancel, visit your "
          "account page before the renewal date.\n\nThanks,\nThe PlanForge Team\nPlanForge Inc., 500 Market "
          "Street, Suite 12, Austin, TX 78701",
          facts=due_facts("PlanForge Software", "329.00", "USD", renews, "software", "open", autopay="true",
                          last4="0932"))


def _home_and_car(b: DatedBox) -> None:
    agent = ("Palm Vista Properties", "leasing@palmvistaproperties.example")
    cheque = b.today + timedelta(days=12)
    b.add("bill", agent, "Rent cheque reminder - Garden Court B-1204", b.sent(2, 10, 30),
          f"Dear Mr. Farhan Qureshi,\n\nThis is a reminder that your third rent cheque for Flat 1204, Garden Court "
          f"Tower B, will be deposited on {dd_mm_yyyy(cheque)}.\n\nCheque number: 000347\nBank: Dunecrest Bank\n"
          f"Amount: AED 21,250.00\nCheque date: {dd_mm_yyyy(cheque)}\n\nKindly ensure sufficient funds are "
          "available in your account. A returned cheque fee of AED 500.00 applies.\n\nYour fourth and last "
          f"cheque for this contract is dated {dd_mm_yyyy(cheque + timedelta(days=92))}.\n\nRegards,\nLeasing "
          "Team, Palm Vista Properties",
          facts=due_facts("Palm Vista Properties", "21250.00", "AED", cheque, "rent", "open", cheque="000347"))

    toll = ("SwiftGate Toll", "noreply@swiftgate.example")
    b.add("other", toll, "Low balance alert", b.sent(0, 7, 35),
          f"Dear Customer,\n\nYour SwiftGate account for vehicle Dubai L 48213 has a low balance of AED 14.00 as of "
          f"{dd_mm_yyyy(b.today)} 07:30. Each toll crossing is AED 4.00.\n\nPlease top up at least AED 50.00 to avoid "
          "fines for crossing with an insufficient balance. Top up online, in the app or at any petrol station."
          "\n\nYour last top-up: AED 100.00 on " + dd_mm_yyyy(b.today - timedelta(days=17)) + "\n\nSwiftGate",
          facts={"shop": "SwiftGate Toll", "balance": "14.00", "currency": "AED", "kind": "toll",
                 "plate": "Dubai L 48213"})

    police = ("Metro Traffic Police", "fines@metrotraffic.example")
    seen, pay_by = b.sent(5, 23, 14), b.today + timedelta(days=25)
    b.add("bill", police, "Traffic fine issued - L 48213", b.sent(4, 9, 0),
          f"Dear Vehicle Owner,\n\nA traffic fine has been issued against vehicle Dubai L 48213.\n\nViolation: "
          "Exceeding the speed limit by not more than 30 km/h\nLocation: Al Khail Road, towards Jebel Ali\n"
          f"Date and time: {dd_mm_yyyy(seen)} {seen:%H:%M}\nSpeed: 121 km/h (limit 100 km/h)\nFine: AED 600.00\n"
          f"Black points: 0\n\nPlease pay by {dd_mm_yyyy(pay_by)}. Pay on the Metro Traffic Police app or website."
          "\n\nMetro Traffic Police",
          facts=due_facts("Metro Traffic Police", "600.00", "AED", pay_by, "traffic fine", "open",
                          plate="Dubai L 48213"))

    licensing = ("RoadSafe Vehicle Licensing", "renewals@roadsafelicensing.example")
    expires = b.today + timedelta(days=16)
    b.add("bill", licensing, "Vehicle registration renewal - L 48213", b.sent(8, 12, 15),
          f"Dear Farhan Qureshi,\n\nThe registration (mulkiya) of your vehicle Dubai L 48213 (2019 Nissan Sunny) "
          f"expires on {day_month_year(expires)}.\n\nRenewal fee: AED 420.00 (registration AED 350.00, knowledge fee "
          "AED 20.00, smart card AED 50.00)\n\nYour vehicle has passed its technical test. Valid car insurance is "
          "needed to renew. Renew online or at any RoadSafe centre before the expiry date.\n\nRoadSafe Vehicle "
          "Licensing",
          facts=due_facts("RoadSafe Vehicle Licensing", "420.00", "AED", expires, "car registration", "open",
                          plate="Dubai L 48213"))

    insurer = ("Sandstone Motor Insurance", "renewals@sandstoneinsurance.example")
    ends = b.today + timedelta(days=14)
    b.add("bill", insurer, "Renew your motor policy SMI-M-2204817", b.sent(10, 15, 40),
          f"Dear Mr Qureshi,\n\nYour comprehensive motor policy SMI-M-2204817 for your Nissan Sunny (Dubai L "
          f"48213) expires on {dd_mm_yyyy(ends)}.\n\nRenewal premium: Dhs 2,135 (including VAT, agency repair not "
          "included)\n\nPay by the expiry date to renew without a break in cover. Your new certificate will be sent "
          "to the vehicle licensing system automatically.\n\nSandstone Motor Insurance",
          facts=due_facts("Sandstone Motor Insurance", "2135.00", "AED", ends, "car insurance", "open",
                          policy="SMI-M-2204817"))


def _visa_and_health(b: DatedBox) -> None:
    medical = b.at(5, 8, 30)
    b.booking(("Crescent Medical Fitness Centre", "bookings@crescentfitness.example"), "medical test", medical,
              "Medical fitness test appointment confirmed", b.sent(9, 14, 5),
              f"Dear FARHAN QURESHI,\n\nYour medical fitness test for residence visa renewal is booked.\n\nDate: "
              f"{dd_mm_yyyy(medical)}\nTime: {clock_ampm(medical)}\nCentre: Crescent Medical Fitness Centre, Al Qusais "
              "Industrial Area 4\nService: Normal (results in 48 hours)\nFee paid: AED 320.00\n\nBring your Emirates "
              "ID, passport copy and visa copy. Ramadan timings: 7:30 AM to 3:00 PM.\n\nCrescent Medical Fitness "
              "Centre")

    biometrics, expires = b.at(13, 10, 30), b.today + timedelta(days=22)
    b.booking(("Al Waha Typing Services", "info@alwahatyping.example"), "biometrics", biometrics,
              "Visa renewal application - biometrics appointment", b.sent(3, 13, 50),
              f"Dear Sir,\n\nThank you for choosing Al Waha Typing Services. Your residence visa renewal application "
              f"(ref AWT-27-04418) has been submitted. Your visa expires on {dd_mm_yyyy(expires)}.\n\nEmirates ID "
              f"biometrics appointment: {weekday_day_month(biometrics)} {biometrics:%Y}, {clock_ampm(biometrics)}\n"
              "Place: Al Karama Customer Happiness Centre\n\nFees collected: AED 1,245.50 (visa renewal, Emirates ID, "
              "typing)\n\nPlease bring your original passport and Emirates ID. Complete the medical fitness test "
              "before the biometrics appointment.\n\nAl Waha Typing Services, Shop 7, Al Qusais 2",
              visa_expires=expires.isoformat(), reference="AWT-27-04418")

    dental = ("Smile Harbour Dental Clinic", "appointments@smileharbour.example")
    was, moved = b.at(1, 20, 30), b.at(4, 21, 0)
    b.moved_booking(
        dental, "dentist", was, moved,
        ("Appointment confirmation - Smile Harbour Dental", b.sent(12, 16, 10),
         f"Dear Mr. Farhan,\n\nYour appointment with Dr. Lina Haddad (scaling and check-up) is confirmed for "
         f"{weekday_day_month(was)} at {clock_ampm(was)}.\n\nRamadan timings: 10:00 AM to 4:00 PM and 8:00 PM to "
         "12:00 AM.\n\nSmile Harbour Dental Clinic, Al Nahda 1, near the metro station. Tel 04 555 0381."),
        ("Re: Appointment confirmation - Smile Harbour Dental", b.sent(1, 17, 20),
         f"Dear Mr. Farhan,\n\nDr. Lina is not available on {weekday_day_month(was)} evening, so we have moved your "
         f"appointment to {weekday_day_month(moved)} at {clock_ampm(moved)}. If this does not suit you, please call "
         "04 555 0381.\n\nSmile Harbour Dental Clinic"))

    gp = b.at(1, 11, 30)
    b.add("appointment", ("Shifa Health Insurance", "approvals@shifahealth.example"),
          "Pre-approval granted - consultation at Medline Clinic", b.sent(0, 10, 25),
          f"Dear Member,\n\nMember: FARHAN QURESHI (card SHI-4410-2287-01)\n\nYour pre-approval has been granted.\n"
          f"Provider: Medline Clinic, Al Nahda 2\nService: General Practitioner consultation, Dr. Rukhsana Malik\n"
          f"Appointment: {dd_mm_yyyy(gp)} at {clock_ampm(gp)}\nYour co-payment: 20% up to AED 50.00\n\nShow your "
          "insurance card and Emirates ID at reception.\n\nShifa Health Insurance",
          facts={"provider": "Medline Clinic", "start": gp.isoformat(), "status": "confirmed", "kind": "doctor",
                 "doctor": "Rukhsana Malik", "insurer": "Shifa Health Insurance"})


def _school(b: DatedBox) -> None:
    slot = b.at(2, 10, 40)
    b.add("school", TEACHER, "Parent-Teacher Meeting - Grade 3B", b.sent(5, 13, 5),
          f"Dear Mr. and Mrs. Qureshi,\n\nParent-teacher meetings for Grade 3 are on {weekday_day_month(slot)}. Your "
          f"slot for Zayan is at {_short(slot)} in classroom 3B (10 minutes). We will go through his Term 2 report "
          "and his reading.\n\nPlease note the Ramadan timings: school ends at 12:30 pm Monday to Thursday and "
          "11:30 am on Friday.\n\nRegards,\nMs. Hina Rauf\nClass Teacher, Grade 3B",
          facts={"provider": "Greenfield Crescent Primary School", "start": slot.isoformat(), "kind": "school",
                 "pupil": "Zayan"})

    iftar = b.at(1, 17, 45)
    sunset = b.at(1, 18, 22)
    invite = (f"Dear Parents,\n\nYou and your family are warmly invited to our Grade 3 Family Iftar on "
              f"{weekday_day_month(iftar)}, from {_short(iftar)} in the school courtyard. Iftar will be at Maghrib, "
              f"about {_short(sunset)}. Children will present a short nasheed before iftar.\n\nPlease reply to the "
              "class teacher with the number of family members coming by Wednesday.\n\nGreenfield Crescent "
              "Primary School")
    b.add("forwarded", SANA, "Fwd: Grade 3 Family Iftar", b.sent(0, 7, 50),
          forwarded("Farhan, Zayan's school iftar is tomorrow, try to leave site early. I said 3 of us are coming.",
                    GMAIL, SCHOOL, b.sent(5, 11, 0), SANA, "Grade 3 Family Iftar", invite),
          facts={"provider": "Greenfield Crescent Primary School", "start": iftar.isoformat(), "kind": "iftar"})

    fees_by = b.today + timedelta(days=28)
    b.add("bill", ("Greenfield Crescent Primary School", "accounts@greenfieldcrescent.example"),
          "Term 3 tuition fees - Zayan Farhan Qureshi", b.sent(9, 9, 30),
          "Dear Parent,\n\nStudent: Zayan Farhan Qureshi, Grade 3B\n\nTerm 3 (April - June 2027) fees:\nTuition "
          "fee: AED 10,600.00\nBus fee: AED 750.00\nTotal: AED 11,350.00\n\nPlease pay by "
          f"{dd_mm_yyyy(fees_by)} by bank transfer, card at the accounts office or post-dated cheque.\n\nAccounts "
          "Office, Greenfield Crescent Primary School",
          facts=due_facts("Greenfield Crescent Primary School", "11350.00", "AED", fees_by, "school fees", "open",
                          pupil="Zayan"))

    closed, back = b.today + timedelta(days=6), b.today + timedelta(days=12)
    b.add("school", SCHOOL, "Eid al-Fitr holidays", b.sent(1, 12, 0),
          f"Dear Parents,\n\nThe school will be closed for Eid al-Fitr from {weekday_day_month(closed)} to "
          f"{weekday_day_month(closed + timedelta(days=3))} (subject to moon sighting). Classes resume on "
          f"{weekday_day_month(back)}.\n\nEid Mubarak in advance to all our families.\n\nGreenfield Crescent "
          "Primary School",
          facts={"provider": "Greenfield Crescent Primary School", "closed": closed.isoformat(),
                 "resumes": back.isoformat(), "kind": "holiday"})


def _money_home(b: DatedBox) -> None:
    sent_on = b.today - timedelta(days=2)
    b.add("receipt", ("Sahil Exchange", "transfers@sahilexchange.example"), "Your transfer to Pakistan is complete",
          b.sent(2, 20, 5),
          f"Dear FARHAN QURESHI,\n\nYour money transfer has been paid.\n\nBeneficiary: NASEEM AKHTAR\nBank: "
          "Ravi Commercial Bank, Lahore\nAmount sent: AED 1,500.00\nRate: 1 AED = 76.15 PKR\nAmount received: "
          f"PKR 114,225.00\nFee: AED 22.00\nTotal paid: AED 1,522.00\nDate: {dd_mm_yyyy(sent_on)}\nReference: "
          "SX-5520917\n\nSahil Exchange",
          facts={"shop": "Sahil Exchange", "amount": "1522.00", "currency": "AED", "sent": "1500.00 AED",
                 "received": "114225.00 PKR", "person": AMMI[0]})

    share_by = b.today + timedelta(days=2)
    payout = b.today.replace(day=1, month=(b.today.month + 4) % 12 + 1,
                             year=b.today.year + (b.today.month + 5 > 12))
    b.add("personal", ASIF, "committee", b.sent(1, 22, 10),
          f"Assalam o alaikum sab,\n\n{b.today:%B} ki committee {share_by:%A} tak, 2k each, cash ya transfer. Is "
          f"month Tariq bhai ki committee nikal rahi hai. Farhan bhai aap ki {payout:%B} mein hai, 20k, number 8. "
          "Koi late na kare please, Eid ki wajah se sab ko paisay chahiye.\n\nAsif",
          facts={"person": ASIF[0], "amount": "2000.00", "currency": "AED", "due_date": share_by.isoformat(),
                 "kind": "committee", "payout": f"{payout:%Y-%m}", "payout_amount": "20000.00"})


def _travel(b: DatedBox) -> None:
    air = ("Saffron Sky Airways", "itinerary@saffronsky.example")
    out, out_arr = b.at(24, 8, 15), b.at(24, 12, 35, LONDON)
    back, back_arr = b.at(31, 21, 15, LONDON), b.at(32, 7, 45)
    b.add("flight", air, "Booking confirmed - Dubai to London (QF7R2D)", b.sent(11, 21, 40),
          f"Dear Mr FARHAN QURESHI,\n\nThank you for booking with Saffron Sky Airways.\n\nBooking reference: "
          f"QF7R2D\n\nFlight  Date  From  To  Departs  Arrives\nSF 17  {dd_mm_yyyy(out)}  Dubai (DXB) T3  London "
          f"Heathrow (LHR) T4  {out:%H:%M}  {out_arr:%H:%M}\nSF 18  {dd_mm_yyyy(back)}  London Heathrow (LHR) T4  "
          f"Dubai (DXB) T3  {back:%H:%M}  {back_arr:%H:%M} (+1)\n\nAll times are local.\nPassenger: MR FARHAN "
          "QURESHI\nCabin: Economy, 30 kg baggage\nTotal fare: AED 3,480.00\n\nOnline check-in opens 48 hours "
          "before departure.\n\nSaffron Sky Airways",
          facts={"provider": "Saffron Sky Airways", "start": out.isoformat(), "arrive": out_arr.isoformat(),
                 "return": back.isoformat(), "return_arrive": back_arr.isoformat(), "status": "confirmed",
                 "kind": "flight", "flight": "SF 17", "reference": "QF7R2D", "amount": "3480.00", "currency": "AED"})

    check_in, check_out = b.at(24, 15, 0, LONDON), b.at(31, 11, 0, LONDON)
    b.stay_booking(
        ("The Kensington Arches Hotel", "reservations@kensingtonarches.example"), "Your reservation KAH-7730215",
        b.sent(10, 12, 20),
        f"Dear Mr Qureshi,\n\nThank you for your reservation.\n\nConfirmation: KAH-7730215\nArrival: "
        f"{day_month_year(check_in)} (check-in from 3pm)\nDeparture: {day_month_year(check_out)} (check-out by "
        "11am)\nRoom: Standard Double, 7 nights at GBP 142.00\nCity tax and VAT included\nTotal: GBP 994.00, "
        "payable at the hotel\n\nFree cancellation until 48 hours before arrival. 18 Cromwell Gardens, London "
        "SW7.\n\nThe Kensington Arches Hotel",
        f"<p>Confirmation KAH-7730215</p><p>{day_month_year(check_in)} - {day_month_year(check_out)}</p>",
        number="KAH-7730215", guest="Farhan Qureshi", check_in=check_in, check_out=check_out,
        place="The Kensington Arches Hotel", street="18 Cromwell Gardens", locality="London", country="GB",
        amount="994.00", currency="GBP")

    ammi_out, ammi_arr = b.at(4, 23, 50, LAHORE), b.at(5, 2, 25)
    ticket = (f"E-TICKET RECEIPT\n\nPassenger: MRS NASEEM AKHTAR\nBooking reference: LN4K8P\n\nNW 204  "
              f"{dd_mm_yyyy(ammi_out)}  Lahore (LHE) {ammi_out:%H:%M}  ->  Dubai (DXB) {ammi_arr:%H:%M}  "
              f"{dd_mm_yyyy(ammi_arr)}\n\nLocal times. Baggage 2 x 23 kg.\nFare: PKR 86,400\n\nNawab Air")
    b.add("forwarded", BILAL, "Fwd: E-ticket LN4K8P", b.sent(3, 21, 15),
          forwarded("Bhai, Ammi ki ticket. Sunday raat ki flight hai, Monday subah bohat jaldi Dubai pohanch jayengi. "
                    "Airport pe le lena, wheelchair bhi book hai.", ORIGINAL_MESSAGE,
                    ("Nawab Air", "eticket@nawabair.example"), b.sent(4, 16, 0, LAHORE), BILAL,
                    "E-ticket LN4K8P", ticket),
          facts={"provider": "Nawab Air", "start": ammi_out.isoformat(), "arrive": ammi_arr.isoformat(),
                 "status": "confirmed", "kind": "flight", "flight": "NW 204", "person": AMMI[0]})

    table = b.at(0, 18, 15)
    b.table_booking(
        ("TableNow", "noreply@tablenow.example"), "Iftar booking confirmed: Zaitoon Courtyard", b.sent(6, 15, 30),
        f"Hi Farhan,\n\nYour iftar table is booked!\n\nZaitoon Courtyard\nAl Rigga Road, Deira, Dubai\n"
        f"{weekday_day_month(table)} at {_short(table)}\nGuests: 8\nReservation: TN-441870\nIftar buffet: AED 145 "
        "per person\n\nPlease arrive before Maghrib. We hold tables for 15 minutes.",
        f"<h2>Iftar table booked</h2><p><b>Zaitoon Courtyard</b>, Al Rigga Road</p><p>{weekday_day_month(table)} at "
        f"{_short(table)}, 8 guests</p>",
        number="TN-441870", guest="Farhan Qureshi", party=8, start=table, place="Zaitoon Courtyard",
        street="Al Rigga Road, Deira", locality="Dubai")


def _people_and_work(b: DatedBox) -> None:
    inspection = b.at(1, 10, 0)
    b.add("personal", RAJESH, "Tower C inspection", b.sent(0, 9, 5),
          "Farhan, the consultant is coming for the podium slab inspection at Tower C tomorrow at 10. Please have "
          "the signed ITP and the cube test results ready in the site office by 9.30am. Pour is planned for "
          "Saturday if they approve.\n\nRajesh",
          facts={"person": RAJESH[0], "start": inspection.isoformat(), "kind": "inspection"})

    match = b.at(3, 22, 0)
    b.add("personal", NOMAN, "Saturday match", b.sent(1, 23, 30),
          "Boys, Saturday night match vs Karama Kings at the Qusais Community Ground, 10pm start after taraweeh. "
          "Reach by 9.30 for warm up. Farhan you are opening with me, bring your whites. 20 overs.\n\nNoman",
          facts={"person": NOMAN[0], "start": match.isoformat(), "kind": "cricket"})

    iftar = b.at(0, 18, 15)
    b.add("personal", IMRAN, "iftar tonight", b.sent(0, 11, 40),
          "Farhan bhai, reminder for tonight, Zaitoon Courtyard in Deira, table for 8 at 6:15. Maghrib is 6:21 so "
          "please don't be late, traffic on Rigga is bad at that time. I collect 145 each, pay me there.\n\nImran",
          facts={"person": IMRAN[0], "start": iftar.isoformat(), "kind": "iftar"})

    arrive, dinner = b.today + timedelta(days=24), b.at(25, 19, 0, LONDON)
    b.add("personal", KAMRAN, "London!", b.sent(8, 22, 50),
          f"Farhan yaar, great that you're coming on the {ordinal(arrive.day)}. Come over for dinner on {dinner:%A} "
          f"the {ordinal(dinner.day)}, 7pm, at our place in Ilford. Remember the clocks go forward that night, so "
          "you lose an hour, don't turn up late :)\n\nKamran",
          facts={"person": KAMRAN[0], "start": dinner.isoformat(), "kind": "dinner"})

    party = b.at(4, 16, 0)
    b.add("personal", SANA, "Sunday", b.sent(0, 8, 15),
          "Farhan, Ayaan's birthday party is this Sunday 4 to 6 pm at JumpZone in the mall. Zayan wants to go so "
          "I said yes. Can you drop us? Also we need to buy his gift, 100-150 dirhams max.\n\nSana",
          facts={"person": SANA[0], "start": party.isoformat(), "kind": "party"})


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    bijli = b.today + timedelta(days=9)
    return (
        (AMMI, 5, 16, 30, "Eid",
         "Beta assalam o alaikum. Bilal ne ticket kara di hai, Eid tumhare paas karungi inshallah. Zayan ke liye "
         "kya laoon? Sana ko kehna mere liye koi takalluf na kare. Roza theek ja raha hai?\n\nAmmi"),
        (BILAL, 1, 21, 45, "Ammi ke bills",
         "Bhai, paisay mil gaye, Rs 1,14,225 Ammi ke account mein aa gaye, shukriya. Ammi ka bijli ka bill Rs "
         f"23,180 aya hai, {bijli.day} {bijli:%B} tak dena hai, aur gas ka bill Rs 4,760. Gas wala main de dunga, bijli wala aap "
         "ke paison se de doon? Bata dena.\n\nBilal"),
    )


LURES = (
    Lure(("Dunecrest Bank KYC", "kyc-update@dunecrest-verify.example"),
         "URGENT: Update your KYC or your account will be blocked", (2, 3, 40),
         "Dear customer, your Emirates ID details with Dunecrest Bank have expired. Update your KYC within 24 hours "
         "at http://dunecrest-verify.example/kyc or your account and cards will be blocked. Enter your card number "
         "and OTP to confirm.", "bank"),
    Lure(("SwiftGate Fines", "fines@swiftgate-payments.example"), "Unpaid toll violation - AED 50 fine",
         (4, 5, 15),
         "Your vehicle crossed a SwiftGate toll gate with insufficient balance. Pay the fine of AED 50 now at "
         "http://swiftgate-payments.example/pay within 24 hours or it will increase to AED 400.", "toll"),
    Lure(("Emirates Parcel Post", "customs@emirates-parcel-hold.example"), "Your parcel is held at customs",
         (6, 6, 5),
         "We could not deliver your parcel because customs duty of AED 7.50 is unpaid. Pay within 48 hours at "
         "http://emirates-parcel-hold.example/duty or the parcel will be returned to the sender.", "customs"),
    Lure(("Residency Affairs Notice", "notice@uae-residency-status.example"),
         "Notice: your residence visa has been cancelled", (0, 6, 50),
         "Your residence visa has been CANCELLED due to incomplete documents. To avoid a fine of AED 50,000 and "
         "deportation, pay the reactivation fee of AED 980 at http://uae-residency-status.example/reactivate today.",
         "visa"),
    Lure(("CPWA Refunds", "refund@cpwa-refund-portal.example"), "You have a refund of AED 346.20",
         (8, 8, 0),
         "Creek Power & Water Authority: you were overcharged and a refund of AED 346.20 is waiting. Enter your "
         "card details at http://cpwa-refund-portal.example/claim to receive it within 2 hours.", "refund"),
)


NEWSLETTERS = (
    ("Qusais Fresh Hypermarket", "offers@qusaisfresh.example", 0,
     ["Ramadan offers on dates and Rooh Afza", "Eid sweets pre-order", "weekend fruit and vegetable deals"]),
    ("Site Engineer Weekly", "editor@siteengineerweekly.example", 2,
     ["concrete curing in hot weather", "new fire code updates", "safety on night shifts in Ramadan"]),
    ("Saffron Sky Airways", "offers@saffronsky.example", 4,
     ["fly to Lahore from AED 799", "summer fares to London", "double miles in Ramadan"]),
    ("Desert Strikers Cricket League", "news@desertstrikers.example", 5,
     ["Ramadan night league fixtures", "top scorers so far", "umpiring workshop"]),
)

PROMO = banner_style("{name} | {topic}", "View this email in your browser. Unsubscribe from these emails.", "#a4343a",
                     hour=7, minutes=(5, 55))


CARD_ALERTS = AlertCard(("Dunecrest Bank", "alerts@dunecrestbank.example"), "Dunecrest card transaction",
                        "4417", "AED", lambda amount, merchant, when: f"Dunecrest Bank: A purchase of AED "
                        f"{amount:,.2f} was made on your Titanium Visa card ending 4417 at {merchant} on "
                        f"{dd_mm_yyyy(when)} {when:%H:%M}. Not you? Call 800 5550.")

MERCHANTS = ("QUSAIS FRESH HYPERMARKET", "DESERTLINE FUEL 214", "AL MADINA SWEETS", "LIFECARE PHARMACY",
             "CITY CENTRE FOOD COURT")


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("Saltmarsh Contracting HR", "hr@saltmarshcontracting.example", "Ramadan working hours",
         "During the holy month of Ramadan, office working hours are 8:00 AM to 2:00 PM. Site timings are as per "
         "your project manager."),
        ("Dunecrest Bank", "news@dunecrestbank.example", "Stay safe from fraud",
         "Dunecrest Bank will never ask for your OTP or PIN. Report suspicious emails and calls to the bank."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Farhan Qureshi's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the power and water bill
    owes and since when, whether the internet bill is paid, when the dentist is now, when his mother lands in
    Dubai, what time his flight to London lands) have the same answers for every seed, counted from `now`'s date
    in Dubai.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 24:
        raise ValueError("the seventeenth sample needs at least 24 days of mail")
    b = _box(now, seed, days)
    for part in (_utilities, _cards, _home_and_car, _visa_and_health, _school, _money_home, _travel,
                 _people_and_work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Saffron Sky Airways", "Desert Strikers Cricket League"))
    b.card_alerts(CARD_ALERTS, 4, first_hour=10, hours=10, spend=(45, 780), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=6, first=4)
    return b.messages()
