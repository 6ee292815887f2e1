"""A sixteenth sample mailbox, of a sixteenth person in a sixteenth place: Shanice Campbell-Reid, a registered nurse on
the medical ward of Liguanea Park General Hospital in Kingston, Jamaica, who lives in Havendale with her daughter
Kezia (9, Grade 4 at Cedar Grove Preparatory School). Her mother (Mrs Hyacinth Campbell, "Mummy") lives in Mandeville
with Granny, who turns ninety in March; her brother Devon lives in Toronto, sends money home and has shipped a barrel.
In March she flies to Fort Lauderdale for a nurses' conference (Florida keeps Eastern time, the same clock as Kingston
until the United States moves to summer time on 14 March; her flight home is after that), with a hotel there.
Before then she has a week of day and night shifts told in plain words by her ward sister, a dentist who moved her
visit, a GP visit, Kezia's sports day and a PTA meeting, a church harvest and its concert, a hair appointment that was
cancelled, a restaurant table, a colleague's meeting in plain words and Granny's birthday lunch. Her mail is in
Jamaican English as people in Kingston write it, with some patois in family mail ("mi", "yuh", "soon come",
"likkle", "nuh", "wah", "pickney").

The mix, all invented: an electricity company's disconnection notice in an HTML table (unpaid); a water bill and its
payment received (paid); a mobile top-up; a home internet plan charged to her card automatically; a Jamaican-dollar
card's statement in an HTML table and a US-dollar card's statement in plain text (charges in Miami) with a minimum
payment; the weekly partner-plan ("pardna") hand to pay; a credit union loan instalment; a car insurance renewal; the
car's certificate of fitness to renew; the school's term fees; a customs duty to clear a barrel; a remittance from
Toronto (Canadian dollars paid out in Jamaican dollars); a hospital roster in plain words; a dentist who moves a
visit; a GP visit; a school's sports day and PTA meeting; a church harvest and concert (a bulletin forwarded by her
mother); a hair appointment cancelled; a restaurant table; a flight to Fort Lauderdale (dates month first, times
local) and a hotel there; a brother's note and a forwarded shipping notice; five lures (a bank, a courier's customs
fee, a lottery, a utility refund, a delivery); newsletters and card alerts. Amounts are written "J$18,740.50",
"JMD 18,740.50", "$18,740.50" and "5k" (US dollars "US$612.48" and "USD 25.00", Canadian "CAD 250.00"), dates day
first as Jamaican mail writes them ("24/02/2027", "Wednesday, February 24", "24th February") and month first in mail
from the United States ("03/11/2027"); times as "10:15 a.m.", "2:30 p.m.", "7pm" or "10:40" in a flight row.

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in Kingston.
The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label and `facts`
an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@sixteenth.steward.example>`. Only mail received is
here (an inbox export): none she sent.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    GMAIL,
    OUTLOOK,
    AlertCard,
    DatedBox,
    Letter,
    Lure,
    SampleMessage,
    banner_page,
    banner_style,
    due_facts,
    forwarded,
    summary_table,
)
from steward.sample.locale import (
    dd_mm_yyyy,
    mm_dd_yyyy,
    month_day_year,
    ordinal,
    ordinal_month_year,
    weekday_month_day,
)

DOMAIN = "sixteenth.steward.example"
ME = ("Shanice Campbell-Reid", "shanice.campbellreid@yaadmail-demo.example")
KINGSTON = ZoneInfo("America/Jamaica")  # UTC-5 all year, no summer time
EASTERN = ZoneInfo("America/New_York")  # Fort Lauderdale: EST, then EDT from 14 March 2027
ZONE = "America/Jamaica"  # the person's own clock

FOOTER = ("This is an automated message. Please do not reply to this email. The people, companies and numbers in this "
          "mailbox are invented.")
BANK_LEGAL = ("Harbourview Bank will never ask for your PIN, password or one-time code by email, text or telephone. "
              "Call 1-888-555-0190 (toll free) or visit any branch. Harbourview Bank Jamaica Limited.")

MUMMY = ("Hyacinth Campbell", "hyacinth.campbell52@yaadmail-demo.example")  # her mother, in Mandeville
DEVON = ("Devon Campbell", "devon.campbell@maplemail-demo.example")  # her brother, in Toronto
SISTER = ("Marcia Whyte", "m.whyte@liguaneapark.example")  # the ward sister who writes the roster
KERRY = ("Kerry-Ann Bailey", "k.bailey@liguaneapark.example")  # a nurse on her ward
PAULINE = ("Pauline Grant", "missp.grant@yaadmail-demo.example")  # "Miss P", who runs the pardna
SCHOOL = ("Cedar Grove Preparatory School", "office@cedargroveprep.example")
TEACHER = ("Nadine Francis", "n.francis@cedargroveprep.example")  # Kezia's Grade 4 teacher


def _ampm(d: datetime) -> str:
    """10:15 a.m., 2 p.m.: a time as Jamaican offices write it."""
    minutes = "" if d.minute == 0 else f":{d:%M}"
    return f"{d.hour % 12 or 12}{minutes} {'a.m.' if d.hour < 12 else 'p.m.'}"


def _short(d: datetime) -> str:
    """7pm, 3:30pm: a time as people write it in a note."""
    return f"{d.hour % 12 or 12}{'' if d.minute == 0 else f':{d:%M}'}{'am' if d.hour < 12 else 'pm'}"


def _jmd(x: float) -> str:
    """J$18,740.50."""
    return f"J${x:,.2f}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=KINGSTON, domain=DOMAIN, footer=FOOTER, ics_name="event.ics",
                    prodid="-//Liguanea Park General Hospital//Mail 3.2//EN", ics_stamp="20270201T120000Z")


def _utilities(b: DatedBox) -> None:
    light = ("Caribbean Light & Power", "billing@caribbeanlightpower.example")
    was_due, cut = b.today - timedelta(days=7), b.today + timedelta(days=5)
    rows = (("Account Number", "7701-445-209"), ("Premises", "22 Hibiscus Drive, Havendale, Kingston 19"),
            ("Bill Date", dd_mm_yyyy(b.today - timedelta(days=27))), ("Previous Due Date", dd_mm_yyyy(was_due)),
            ("Energy Charge (412 kWh)", "J$13,906.20"), ("Customer Charge", "J$545.00"),
            ("Fuel &amp; IPP Charge", "J$1,204.05"), ("GCT", "J$827.50"),
            ("Amount Overdue", "<b>J$16,482.75</b>"), ("Disconnection Date", f"<b>{dd_mm_yyyy(cut)}</b>"))
    html = banner_page(
        "<b>Caribbean Light &amp; Power</b>",
        "<p><b>NOTICE OF DISCONNECTION</b></p><p>Dear SHANICE CAMPBELL-REID,</p><p>Our records show that the amount "
        f"below, due on {dd_mm_yyyy(was_due)}, has not been paid.</p>" + summary_table(rows) +
        f"<p>Please pay J$16,482.75 on or before {ordinal_month_year(cut)} to avoid disconnection of your electricity supply. A "
        "reconnection fee of J$3,600.00 applies to disconnected premises.</p><p>Pay online, at any CLP pay point "
        "or through your bank. If you have already paid, please ignore this notice.</p>",
        page="font-family:Verdana,sans-serif;font-size:13px",
        table='width="600" cellpadding="0" cellspacing="0" align="center"',
        banner="background:#f2a900;padding:12px;font-size:18px", pad="12px")
    b.add("bill", light, "Disconnection Notice - Account 7701-445-209", b.sent(3, 9, 12), None, html=html,
          facts=due_facts("Caribbean Light & Power", "16482.75", "JMD", cut, "electricity", "overdue",
                          account="7701-445-209", was_due=was_due.isoformat()))

    water = ("Liguanea Water Company", "ebills@liguaneawater.example")
    due = b.today + timedelta(days=6)
    b.add("bill", water, "Your LWC e-bill for February 2027", b.sent(11, 7, 30),
          f"Dear Customer,\n\nYour water bill for account 30-118-6620 (22 Hibiscus Drive, Kingston 19) is ready.\n\n"
          f"Billing period: {dd_mm_yyyy(b.today - timedelta(days=42))} to {dd_mm_yyyy(b.today - timedelta(days=12))}"
          "\nConsumption: 14 cubic metres\nWater: JMD 3,612.00\nSewerage: JMD 1,807.00\nService charge: JMD 521.00\n"
          f"Amount due: JMD 5,940.00\nDue date: {dd_mm_yyyy(due)}\n\nPay at any LWC office, online or by bank "
          "transfer.\n\nLiguanea Water Company",
          facts=due_facts("Liguanea Water Company", "5940.00", "JMD", due, "water", "paid",
                          account="30-118-6620", superseded="paid"))
    paid_on = b.today - timedelta(days=3)
    b.add("receipt", water, "Payment received - thank you", b.sent(3, 14, 48),
          f"Dear Customer,\n\nWe have received your payment of JMD 5,940.00 on {dd_mm_yyyy(paid_on)} for account "
          "30-118-6620. Your balance is now JMD 0.00.\n\nReceipt number: LWC-R-2207714\n\nThank you for paying on "
          "time.\n\nLiguanea Water Company",
          facts={"shop": "Liguanea Water Company", "amount": "5940.00", "currency": "JMD", "status": "paid",
                 "paid_on": paid_on.isoformat()})

    phone = ("Tropitel", "receipts@tropitel.example")
    ends = b.today + timedelta(days=5)
    b.add("receipt", phone, "Top-up successful", b.sent(2, 7, 5),
          "Hi Shanice! Your top-up of $1,500.00 to 876-555-0142 was successful. Your Prepaid Plus 7-Day plan (10GB "
          f"data, unlimited local calls) is active until {dd_mm_yyyy(ends)}. Credit balance: $212.40.\n\nTropitel",
          facts={"shop": "Tropitel", "amount": "1500.00", "currency": "JMD", "number": "876-555-0142",
                 "ends": ends.isoformat()})

    net = ("Islandnet Fibre", "accounts@islandnetfibre.example")
    due = b.today + timedelta(days=9)
    b.add("bill", net, "Your Islandnet Fibre bill is ready", b.sent(6, 11, 40),
          "Hello Shanice,\n\nYour bill for Home Fibre 100 Mbps (account IF-2290317) is ready.\n\nMonthly plan: "
          "$7,826.00\nGCT (15%): $1,173.90\nTotal: $8,999.90 JMD\n\nThis amount will be charged automatically to your "
          f"Harbourview Visa ending 3318 on {dd_mm_yyyy(due)}. No action is needed.\n\nIslandnet Fibre",
          facts=due_facts("Islandnet Fibre", "8999.90", "JMD", due, "internet", "open", autopay="true",
                          account="IF-2290317"))


def _cards(b: DatedBox) -> None:
    issued, due = b.today - timedelta(days=8), b.today + timedelta(days=17)
    rows = (("Card Number", "4593 **** **** 3318"), ("Statement Date", dd_mm_yyyy(issued)),
            ("Previous Balance", "J$39,120.00"), ("Payments", "-J$39,120.00"), ("Purchases", "J$46,210.40"),
            ("Interest &amp; Charges", "J$1,105.80"), ("New Balance", "<b>J$47,316.20</b>"),
            ("Minimum Payment", "<b>J$2,400.00</b>"), ("Payment Due Date", f"<b>{dd_mm_yyyy(due)}</b>"),
            ("Credit Limit", "J$250,000.00"))
    html = banner_page(
        "Harbourview Bank",
        "<p>Dear Shanice Campbell-Reid,</p><p>Your Harbourview Visa Classic (JMD) statement is ready.</p>"
        + summary_table(rows) + f"<p>Please pay at least the minimum payment by {dd_mm_yyyy(due)} to avoid a late fee "
        "of J$1,500.00.</p>", BANK_LEGAL, page="font-family:Arial,sans-serif;font-size:13px",
        banner="background:#00457c;color:#fff;padding:14px;font-size:19px", pad="14px")
    b.add("statement", ("Harbourview Bank", "estatements@harbourviewbank.example"),
          "Your Harbourview Visa Classic e-Statement", b.sent(8, 6, 15), None, html=html,
          pdf=f"VisaClassic_3318_{issued:%d%m%Y}.pdf",
          facts=due_facts("Harbourview Bank", "47316.20", "JMD", due, "card", "open", last4="3318",
                          product="Harbourview Visa Classic", minimum="2400.00"))

    issued, due = b.today - timedelta(days=5), b.today + timedelta(days=24)
    trip = b.today - timedelta(days=24)
    b.add("statement", ("Harbourview Bank", "cardservices@harbourviewbank.example"),
          "Harbourview USD Mastercard - Statement of Account", b.sent(5, 8, 30),
          f"Dear Shanice Campbell-Reid,\n\nYour Harbourview USD Mastercard statement is ready.\n\nCard number: 5412 "
          f"**** **** 7720\nStatement date: {dd_mm_yyyy(issued)}\n\nPrevious balance: US$118.00\nPayment, thank you: "
          f"-US$118.00\n{dd_mm_yyyy(trip)}  BAYSHORE OUTLET CENTER MIAMI FL  US$284.17\n{dd_mm_yyyy(trip)}  "
          f"CALLE OCHO KITCHEN MIAMI FL  US$46.90\n{dd_mm_yyyy(trip + timedelta(days=1))}  SUNCOAST PHARMACY MIAMI FL  "
          f"US$63.41\n{dd_mm_yyyy(trip + timedelta(days=1))}  PALMGATE SHUTTLE MIAMI FL  US$38.00\n"
          f"{dd_mm_yyyy(trip + timedelta(days=9))}  SCRUBSHOP ONLINE  US$180.00\n\nNew balance: US$612.48\nMinimum "
          f"payment due: USD 25.00\nPayment due date: {dd_mm_yyyy(due)}\n\nThe minimum payment is not taken "
          "automatically. Pay from your USD savings account or at any branch. A late fee of US$15.00 applies.\n\n"
          "Harbourview Bank Card Services",
          pdf=f"USDMastercard_7720_{issued:%Y%m}.pdf",
          facts=due_facts("Harbourview Bank", "612.48", "USD", due, "card", "open", last4="7720",
                          product="Harbourview USD Mastercard", minimum="25.00"))


def _dues(b: DatedBox) -> None:
    union = ("Pelican Bay Co-operative Credit Union", "loans@pelicanbaycu.example")
    due = b.today + timedelta(days=7)
    b.add("bill", union, "Loan instalment reminder - LN-0048812", b.sent(4, 10, 20),
          f"Dear Member,\n\nThis is a reminder that your monthly loan instalment of J$23,450.00 on loan LN-0048812 "
          f"(motor vehicle loan) is due on {ordinal_month_year(due)}.\n\nPrincipal: J$17,980.00\nInterest: J$5,470.00\nBalance "
          "after this instalment: J$611,205.00\n\nPay at any branch, by salary deduction form or online through "
          "PelicanPay. Late payments attract a penalty of 2% of the instalment.\n\nPelican Bay Co-operative Credit "
          "Union - People helping people",
          facts=due_facts("Pelican Bay Co-operative Credit Union", "23450.00", "JMD", due, "loan", "open",
                          account="LN-0048812"))

    insurer = ("Blue Marlin General Insurance", "renewals@bluemarlingeneral.example")
    expires = b.today + timedelta(days=14)
    b.add("bill", insurer, "Motor policy renewal - PB 4471", b.sent(9, 13, 5),
          f"Dear Ms Campbell-Reid,\n\nYour comprehensive motor policy BMG-MC-558301 for your 2018 Toyota Axio, "
          f"registration PB 4471, expires on {ordinal_month_year(expires)}.\n\nRenewal premium: J$86,400.00 (after 30% no claim "
          f"discount)\n\nPlease pay the premium by {dd_mm_yyyy(expires)} to renew without a break in cover. Your "
          "new certificate of insurance will be emailed once payment is received.\n\nBlue Marlin General Insurance",
          facts=due_facts("Blue Marlin General Insurance", "86400.00", "JMD", expires, "car insurance", "open",
                          plate="PB 4471", policy="BMG-MC-558301"))

    fitness = ("Island Vehicle Inspection Depot", "notices@islandvid.example")
    expires = b.today + timedelta(days=21)
    b.add("bill", fitness, "Certificate of fitness due for renewal", b.sent(10, 9, 50),
          f"Good day,\n\nThe certificate of fitness for motor car PB 4471 expires on {dd_mm_yyyy(expires)}. Bring the "
          "vehicle to any depot, Monday to Friday 8:00 a.m. to 3:30 p.m., with your registration and insurance "
          "certificate. Inspection fee: $4,200.00 JMD.\n\nIsland Vehicle Inspection Depot",
          facts=due_facts("Island Vehicle Inspection Depot", "4200.00", "JMD", expires, "certificate of fitness",
                          "open", plate="PB 4471"))

    fees_by = b.today + timedelta(days=7)
    b.add("bill", SCHOOL, "Easter Term 2027 - auxiliary fees balance", b.sent(12, 12, 30),
          f"Dear Parent/Guardian,\n\nRe: Kezia Reid, Grade 4\n\nOur records show an outstanding balance on the Easter "
          "Term 2027 auxiliary fees:\n\nAuxiliary fee: J$28,000.00\nSports day and field trip: J$4,750.00\nTotal "
          f"outstanding: J$32,750.00\n\nKindly pay in full by Friday, {ordinal_month_year(fees_by)} at the school office or to "
          "our account at Harbourview Bank (Cedar Grove Prep, 110-442-871), with your child's name as reference.\n\n"
          "Mrs. Lorna Henry\nBursar, Cedar Grove Preparatory School",
          facts=due_facts("Cedar Grove Preparatory School", "32750.00", "JMD", fees_by, "school fees", "open",
                          pupil="Kezia Reid"))

    hand = b.today + timedelta(days=1)
    draw = b.today + timedelta(days=36)
    b.add("personal", PAULINE, "pardna", b.sent(1, 20, 10),
          "Evening all. Just a reminder seh hand dem due this Saturday as usual, 5k each, cash or transfer to mi "
          f"account. Nuh mek mi haffi call nobody. Shanice, yuh draw is {draw:%A} {ordinal(draw.day)} {draw:%B}, so yuh "
          "soon come up.\n\nBlessings,\nMiss P",
          facts={"person": PAULINE[0], "amount": "5000.00", "currency": "JMD", "due_date": hand.isoformat(),
                 "kind": "pardna", "draw": draw.isoformat()})

    remit = ("SendHome Remit", "notify@sendhomeremit.example")
    paid = b.today - timedelta(days=4)
    b.add("receipt", remit, "Money received from Devon Campbell", b.sent(4, 16, 2),
          f"Hello Shanice Campbell-Reid,\n\nYou have received money.\n\nSender: Devon Campbell (Toronto, Canada)\n"
          f"Amount sent: CAD 250.00\nExchange rate: 1 CAD = 114.45 JMD\nAmount received: J$28,612.50\nPaid into: "
          f"Harbourview Bank savings account ending 0457\nDate: {dd_mm_yyyy(paid)}\nTransfer number: "
          "SHR-771-40928\n\nSendHome Remit",
          facts={"shop": "SendHome Remit", "amount": "28612.50", "currency": "JMD", "sent": "250.00 CAD",
                 "person": DEVON[0]})


def _appointments(b: DatedBox) -> None:
    dental = ("Pearl Cove Dental", "appointments@pearlcovedental.example")
    was, moved = b.at(3, 16, 0), b.at(5, 11, 30)
    b.moved_booking(
        dental, "dentist", was, moved,
        ("Appointment confirmed - Pearl Cove Dental", b.sent(16, 15, 20),
         f"Dear Ms Campbell-Reid,\n\nThis confirms your appointment for a filling with Dr. Rohan Ellis on "
         f"{weekday_month_day(was)}, {was:%Y} at {_ampm(was)}.\n\nPearl Cove Dental, Shop 14, Manor Park Plaza, "
         "Kingston 8\n\nPlease call 876-555-0177 at least 24 hours ahead if you need to change it."),
        ("Re: Appointment confirmed - Pearl Cove Dental", b.sent(1, 11, 5),
         f"Dear Ms Campbell-Reid,\n\nDr. Ellis will be away on {weekday_month_day(was)}, so we have moved your "
         f"appointment to {weekday_month_day(moved)} at {_ampm(moved)}. Same procedure, same place.\n\nIf the new time "
         "does not suit you, call us on 876-555-0177.\n\nPearl Cove Dental"))

    gp = b.at(6, 10, 15)
    b.booking(
        ("Palmfield Family Medical Centre", "reception@palmfieldmedical.example"), "doctor", gp,
        "Appointment reminder", b.sent(2, 13, 25),
        f"Good afternoon Shanice,\n\nA reminder of your appointment with Dr. Andrea Mullings on "
        f"{dd_mm_yyyy(gp)} at {_ampm(gp)} (annual check-up and blood pressure review).\n\nPalmfield Family Medical "
        "Centre, 3 Palmfield Avenue, Kingston 10\nConsultation fee: J$6,500.00\n\nPlease bring your lab results.",
        doctor="Andrea Mullings", fee="6500.00")

    salon = ("Crowned Beauty Studio", "bookings@crownedbeauty.example")
    hair = b.at(1, 9, 0)
    b.cancelled_booking(
        salon, "salon", hair,
        ("Booking confirmed - Crowned Beauty Studio", b.sent(10, 19, 40),
         f"Hi Shanice! Your silk press and trim with Tasha is booked for {weekday_month_day(hair)} at {_short(hair)}. "
         "Deposit received: J$2,000. Crowned Beauty Studio, 41 Constant Spring Road, Kingston 10."),
        ("Booking cancelled - Crowned Beauty Studio", b.sent(0, 8, 45),
         f"Morning Shanice, so sorry! Tasha is sick so we have to cancel your silk press on "
         f"{weekday_month_day(hair)} at {_short(hair)}. Your J$2,000 deposit will be refunded, or you can use it "
         "when you rebook. Sorry for the inconvenience."))

    dinner = b.at(1, 19, 30)
    b.table_booking(
        ("DineOut JA", "noreply@dineoutja.example"), "Reservation confirmed: Ackee Tree Terrace",
        b.sent(5, 21, 15),
        f"Hi Shanice,\n\nYour table is booked!\n\nAckee Tree Terrace\n9 Lady Musgrave Road, Kingston\n"
        f"{weekday_month_day(dinner)} at {_short(dinner)}\nGuests: 4\nReservation number: DJ-508813\n\nWe hold "
        "tables for 15 minutes after the booked time.",
        "<h2>Table booked!</h2>"
        f"<p><b>Ackee Tree Terrace</b>, 9 Lady Musgrave Road</p><p>{weekday_month_day(dinner)} at "
        f"{_short(dinner)}, 4 guests</p>",
        number="DJ-508813", guest="Shanice Campbell-Reid", party=4, start=dinner,
        place="Ackee Tree Terrace", street="9 Lady Musgrave Road", locality="Kingston")


def _travel(b: DatedBox) -> None:
    air = ("Sunward Airways", "itinerary@sunwardair.example")
    out, out_arr = b.at(20, 10, 40), b.at(20, 13, 25, EASTERN)
    back, back_arr = b.at(25, 15, 5, EASTERN), b.at(25, 16, 10)
    b.add("flight", air, "Your trip confirmation - Kingston to Fort Lauderdale (K7TQ2M)", b.sent(13, 22, 5),
          f"Hi SHANICE,\n\nYou're all set. Confirmation code: K7TQ2M\n\nDEPART  {mm_dd_yyyy(out)}\nFlight SW 341  "
          f"Kingston (KIN) {out:%H:%M} -> Fort Lauderdale (FLL) {out_arr:%H:%M}\n\nRETURN  {mm_dd_yyyy(back)}\nFlight "
          f"SW 346  Fort Lauderdale (FLL) {back:%H:%M} -> Kingston (KIN) {back_arr:%H:%M}\n\nAll times are local to "
          "each airport.\nPassenger: CAMPBELL-REID/SHANICE\nFare: USD 386.20 (1 checked bag included)\n\nCheck-in "
          "opens 24 hours before departure. Please arrive at the airport 3 hours before international flights.\n\n"
          "Sunward Airways",
          facts={"provider": "Sunward Airways", "start": out.isoformat(), "arrive": out_arr.isoformat(),
                 "return": back.isoformat(), "return_arrive": back_arr.isoformat(), "status": "confirmed",
                 "kind": "flight", "flight": "SW 341", "reference": "K7TQ2M", "amount": "386.20",
                 "currency": "USD"})

    check_in, check_out = b.at(20, 15, 0, EASTERN), b.at(25, 11, 0, EASTERN)
    b.stay_booking(
        ("The Coral Tide Hotel", "stay@coraltidehotel.example"), "Reservation confirmed CTH-2290174",
        b.sent(12, 9, 35),
        f"Dear Ms. Campbell-Reid,\n\nThank you for choosing The Coral Tide Hotel.\n\nConfirmation number: "
        f"CTH-2290174\nCheck-in: {month_day_year(check_in)}, from 3:00 PM\nCheck-out: {month_day_year(check_out)}, "
        "by 11:00 AM\nRoom: Queen, partial ocean view\n5 nights at USD 159.00\nTaxes and fees: USD 103.35\nTotal: "
        "USD 898.35 (charged at check-in)\n\n410 Seabreeze Avenue, Fort Lauderdale, FL 33304. Free shuttle from "
        "FLL every 30 minutes.\n\nWe look forward to your stay.",
        "<p>Confirmation "
        f"CTH-2290174</p><p>{month_day_year(check_in)} - {month_day_year(check_out)}</p>",
        number="CTH-2290174", guest="Shanice Campbell-Reid", check_in=check_in, check_out=check_out,
        place="The Coral Tide Hotel", street="410 Seabreeze Avenue", locality="Fort Lauderdale",
        country="US", amount="898.35", currency="USD")

    conference = b.at(21, 8, 30, EASTERN)
    b.add("other", ("Florida Caribbean Nurses Forum", "events@fcnforum.example"), "Your registration is confirmed",
          b.sent(18, 17, 0),
          f"Dear Shanice Campbell-Reid, RN,\n\nThank you for registering for the 2027 Florida Caribbean Nurses Forum, "
          f"{weekday_month_day(conference)} and {weekday_month_day(conference + timedelta(days=1))}, 2027, at the "
          "Broward Harbor Convention Center, Fort Lauderdale. Registration opens at 8:30 AM each day.\n\nRegistration "
          "fee paid: USD 275.00\n\nFlorida Caribbean Nurses Forum",
          facts={"provider": "Florida Caribbean Nurses Forum", "start": conference.isoformat(), "kind": "conference"})


def _barrel(b: DatedBox) -> None:
    line = ("Maple Leaf Caribbean Shipping", "bookings@mapleleafshipping.example")
    shipped = b.sent(15, 14, 10, ZoneInfo("America/Toronto"))
    b.add("forwarded", DEVON, "Fwd: Shipment confirmation MLC-TOR-558210", b.sent(14, 21, 30),
          forwarded("Sis, see the barrel info below. It reach Kingston in about 10 days, they will email you about "
                    "the customs. Everything inside is for you, Kezia and Mummy. Mi put the likkle tablet for Kezia "
                    "at the bottom.", OUTLOOK, line, shipped, DEVON, "Shipment confirmation MLC-TOR-558210",
                    "Dear Devon Campbell,\n\nWe have received your shipment.\n\nWaybill: MLC-TOR-558210\nContents: 1 x "
                    "55-gallon barrel (household goods, clothing, foodstuff)\nConsignee: Shanice Campbell-Reid, "
                    "Kingston, Jamaica\nFreight paid: CAD 165.00\nEstimated arrival Kingston: 7 to 12 days\n\nThe "
                    "consignee will be contacted by our Kingston agent, Island Cargo Express, for customs clearance."),
          facts={"person": DEVON[0], "waybill": "MLC-TOR-558210", "kind": "shipment"})

    agent = ("Island Cargo Express", "clearance@islandcargoexpress.example")
    clear_by = b.today + timedelta(days=12)
    b.add("delivery", agent, "Arrival notice and customs assessment - MLC-TOR-558210", b.sent(1, 15, 30),
          f"Dear Ms Campbell-Reid,\n\nYour shipment (waybill MLC-TOR-558210, 1 barrel from Devon Campbell, Toronto) "
          "has arrived at our Newport West warehouse and has been assessed by Customs.\n\nCustoms duty and GCT: "
          f"J$14,300.00\nHandling fee: J$2,500.00\nTotal to pay: J$16,800.00\n\nPlease clear and collect by "
          f"{dd_mm_yyyy(clear_by)}. Bring your TRN, a photo ID and this notice. Warehouse hours: Monday to Saturday, "
          "8:00 a.m. to 4:00 p.m. Storage of J$1,000.00 a day is charged after that date.\n\nIsland Cargo Express, "
          "Newport West, Kingston 13",
          facts=due_facts("Island Cargo Express", "16800.00", "JMD", clear_by, "customs", "open",
                          waybill="MLC-TOR-558210"))


def _people_and_work(b: DatedBox) -> None:
    monday = b.today + timedelta(days=3)
    days = [monday + timedelta(days=i) for i in range(7)]
    b.add("personal", SISTER, "Ward 6 roster - next week", b.sent(1, 14, 40),
          "Hi Shanice,\n\nHere is your week. Monday and Tuesday you are on days, 7 to 3. Wednesday off. Then nights "
          "Thursday, Friday and Saturday, 7pm to 7am. Sunday off. If you need to swap, find someone and let me know "
          "by Sunday.\n\nSister Whyte\nWard 6 (Medical), Liguanea Park General Hospital",
          facts={"person": SISTER[0], "days": f"{days[0].isoformat()} {days[1].isoformat()} 07:00-15:00",
                 "nights": f"{days[3].isoformat()} {days[4].isoformat()} {days[5].isoformat()} 19:00-07:00",
                 "off": f"{days[2].isoformat()} {days[6].isoformat()}", "kind": "roster"})

    audit = b.at(4, 15, 30)
    b.add("personal", KERRY, "audit", b.sent(0, 12, 50),
          "Hey girl, Sister want the infection control audit done before month end. Can we meet Tuesday after "
          "shift, 3:30 in the staff canteen, and go through the charts? Shouldn't take more than an hour.\n\nKerry",
          facts={"person": KERRY[0], "start": audit.isoformat(), "kind": "meeting"})

    sports = b.at(7, 9, 0)
    pta = b.at(4, 17, 30)
    b.add("school", TEACHER, "Sports Day and PTA meeting", b.sent(2, 15, 10),
          f"Dear Parents,\n\nOur annual Sports Day is on {sports:%A}, {ordinal(sports.day)} {sports:%B}, starting at "
          f"{_ampm(sports)} on the school field. Grade 4 is in Blue House, so please send Kezia in her blue T-shirt "
          "with a water bottle and a hat. "
          "Parents are welcome to the parents' race!\n\nThere is also a PTA meeting this coming Tuesday at 5:30 p.m. "
          "in the school hall, about the new reading programme and the Easter term fees.\n\nKind regards,\nMrs. "
          "Nadine Francis\nGrade 4 Teacher, Cedar Grove Preparatory School",
          facts={"provider": "Cedar Grove Preparatory School", "start": sports.isoformat(), "next": pta.isoformat(),
                 "kind": "school"})

    church = ("Bethel Gardens Church of God", "office@bethelgardenscog.example")
    harvest, concert = b.at(9, 10, 0), b.at(9, 17, 0)
    bulletin = (f"Harvest Thanksgiving 2027\n\nCome and give thanks! Our Harvest Thanksgiving Service is on Sunday, "
                f"{ordinal(harvest.day)} {harvest:%B} at 10:00 a.m., followed by the Harvest Sale in the churchyard. The "
                "Harvest Concert with the Bethel Gardens Youth Choir and the Men's Fellowship is that same evening at "
                "5:00 p.m. Tickets $1,000 at the church office.\n\nPlease bring your harvest gifts (ground provisions, "
                "fruit, canned goods) to the church hall by Saturday evening.\n\nRev. Clive Anderson, Pastor")
    original = b.sent(4, 10, 0)
    b.add("forwarded", MUMMY, "Fwd: Harvest Thanksgiving 2027", b.sent(3, 19, 40),
          forwarded("Shanice mi dear, see the harvest programme from your church. Sister Myrtle send it to mi. Mi "
                    "will come down for it and stay till Monday. Carry Kezia to the concert, she love the choir.",
                    GMAIL, church, original, MUMMY, "Harvest Thanksgiving 2027", bulletin),
          facts={"provider": "Bethel Gardens Church of God", "start": harvest.isoformat(), "next": concert.isoformat(),
                 "kind": "church"})


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    granny = b.today + timedelta(days=15)
    return (
        (MUMMY, 6, 18, 5, "Granny birthday",
         f"Shanice, Granny a turn 90 on {granny:%A} the {ordinal(granny.day)} of {granny:%B} and we a keep a likkle lunch "
         "for her at the house in Mandeville, 1 o'clock. Mi cook curry goat and rice and peas. Tell Devon fi call her "
         "that day. Yuh can bring the cake? Nuh forget.\n\nMummy"),
        (DEVON, 4, 21, 15, "sent the money",
         "Sis, mi send the CAD 250 through SendHome this afternoon. Half for Granny medication and half fi help with "
         "the barrel duty. Text me when it reach. Tell Kezia her uncle say hi.\n\nDev"),
        (MUMMY, 0, 7, 30, "tomorrow",
         "Morning mi dear. Mi reach Kingston tomorrow morning by the 9 o'clock bus, soon come. Wah time the dinner "
         "tomorrow night? Mi nuh want keep oonu waiting.\n\nMummy"),
    )


LURES = (
    Lure(("Harbourview Bank Security", "security@harbourview-secure-login.example"),
         "Action required: your online banking has been suspended", (2, 4, 50),
         "Dear valued customer, we detected unusual sign-in activity and your Harbourview online banking has been "
         "SUSPENDED. Verify your identity within 24 hours at http://harbourview-secure-login.example/verify or your "
         "account will be closed.", "bank"),
    Lure(("Jamaica Customs Parcel Unit", "fees@jm-customs-parcels.example"),
         "Your parcel is on hold - customs fee unpaid", (5, 6, 20),
         "A parcel addressed to you is on hold at the Kingston sorting centre because a customs fee of US$3.95 is "
         "unpaid. Pay now at http://jm-customs-parcels.example/pay within 48 hours or the parcel will be returned.",
         "customs"),
    Lure(("Caribbean Mega Lotto", "winners@caribmega-lotto.example"), "WINNER NOTIFICATION - J$3,500,000",
         (9, 12, 0),
         "CONGRATULATIONS! Your email address won J$3,500,000 in the Caribbean Mega Lotto international draw. To "
         "claim, send your full name, TRN, bank details and a processing fee of J$12,000 to our claims agent.",
         "lottery"),
    Lure(("CLP Customer Refunds", "refunds@clp-billing-refund.example"), "You are owed a refund of J$7,850.00",
         (7, 8, 10),
         "Caribbean Light & Power: after a review of your account you are owed a refund of J$7,850.00 for "
         "overbilling. Enter your card details at http://clp-billing-refund.example/refund to receive it today.",
         "refund"),
    Lure(("Parcel Delivery Service", "track@parcel-redelivery-jm.example"), "We missed you: schedule a redelivery",
         (0, 5, 35),
         "We tried to deliver your package today but nobody was home. Schedule a new delivery and pay the J$450 "
         "redelivery charge at http://parcel-redelivery-jm.example/schedule within 12 hours.", "delivery"),
)


NEWSLETTERS = (
    ("Nursing Matters JA", "editor@nursingmattersja.example", 1,
     ["new guidelines on sepsis screening", "continuing education credits for 2027", "night shift and your health"]),
    ("Kingston Mart Deals", "deals@kingstonmart.example", 3,
     ["back-to-school savings", "half price on rice and flour", "weekend specials in Half Way Tree"]),
    ("Sunward Airways", "offers@sunwardair.example", 2,
     ["fly to Miami from US$189", "spring fares to Toronto", "double miles this month"]),
    ("Yaad Life", "news@yaadlife.example", 5,
     ["events in Kingston this weekend", "best patties in town", "road works on Hope Road"]),
)

PROMO = banner_style("{name} | {topic}", "View this email online. Unsubscribe or manage your preferences.", "#0b6e4f",
                     hour=6, minutes=(10, 50))


CARD_ALERTS = AlertCard(("Harbourview Bank Alerts", "alerts@harbourviewbank.example"), "Harbourview card transaction",
                        "3318", "JMD", lambda amount, merchant, when: f"Harbourview: Your Visa card ending 3318 was "
                        f"used for {_jmd(amount)} at {merchant} on {dd_mm_yyyy(when)} {when:%H:%M}. Not you? Call "
                        "1-888-555-0190.")

MERCHANTS = ("HI-LO FOODS LIGUANEA", "TOTAL ENERGY MANOR PARK", "SOVEREIGN PHARMACY", "JUICI PATTIES HWT",
             "MEGAMART WATERLOO")


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("Liguanea Park General Hospital", "hr@liguaneapark.example", "Payslip available",
         "Your payslip for the period is available on the staff portal. Log in with your staff number."),
        ("Harbourview Bank", "news@harbourviewbank.example", "Protect yourself from fraud",
         "Harbourview Bank will never ask for your PIN or password. Report suspicious emails to the bank."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Shanice Campbell-Reid's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the light company says she
    owes, whether the water bill is paid, when the dentist is now, what her shifts are next week, what time her flight
    to Fort Lauderdale lands) have the same answers for every seed, counted from `now`'s date in Kingston.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 24:
        raise ValueError("the sixteenth sample needs at least 24 days of mail")
    b = _box(now, seed, days)
    for part in (_utilities, _cards, _dues, _appointments, _travel, _barrel, _people_and_work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Sunward Airways", "Yaad Life"))
    b.card_alerts(CARD_ALERTS, 4, first_hour=9, hours=10, spend=(1200, 18000), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=6, first=4)
    return b.messages()
