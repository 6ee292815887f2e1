"""A tenth sample mailbox, of a tenth person in a tenth place: Aoife Brennan, a community pharmacist in
Dublin, who lives in Phibsborough with her partner Cian Doyle (a civil engineer) and their daughter Saoirse
(3, in a creche). Her parents live in Galway: her mother signs "Mam"; her sister Niamh, in Galway too, signs
"Niamh x". She pays in euro, goes down to Galway on the train this weekend for her father's surprise 70th,
flies to London with Cian for a weekend at the end of the month (a hotel there, priced in sterling), takes
the car on the ferry to Holyhead in July, and gets mail in Irish and British English. About 60 messages
over the three weeks before `now`, so a home built from it asks every reader of mail to work on names,
billers, booking services and ways of writing that none of the other samples (`steward.sample.mailbox`,
`second` to `ninth`) uses.

The mix, all invented: a credit-card eStatement (HTML, a statement balance, a minimum payment and a due
date) and the last payment received; a mortgage statement that speaks of arrears (there are none: "Arrears
balance: €0.00") and of the next repayment by direct debit; an electricity bill and a gas bill collected by
direct debit "on or after" a date; a broadband bill paid by card; a mobile bill by direct debit; a household
property levy to pay by a date; a bin company's invoice and the payment received for it, with the next
collections; a health insurance renewal and a car insurance renewal that renews itself from the card; a
car test booked; a GP's text-style reminder ("Reply Y to confirm"); a dentist who moves a check-up; a
physio booked; an optician's eye test cancelled; a creche invoice (less the childcare subsidy) and a note
from the creche (a picnic, an early closing); a low-fare flight to London with its online check-in open and
a return leg; a hotel in London; a ferry to Holyhead and back; a train to Galway and back with seats; a
concert; a table booked through an app for tonight; a parcel missed on Tuesday (a card left) and out for
delivery today, and the order it came from; family in plain words (the party's time moved by her sister);
her area manager's calendar invitation and a colleague's meeting in plain words; three lures (a parcel
customs fee, a tax refund, a card "suspended"); a tram works notice; newsletters, promos and card alerts.
Amounts are written the way Irish senders write them ("€1,486.20", "EUR 96.18", "£386.00" for the hotel),
dates day first ("24/06/2027", "24 June 2027", "Fri 25 Jun", "Thursday 17 June") and times on either clock
("14:00", "1.15pm", "7.45pm").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in
Dublin. The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind`
label and `facts` an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@tenth.steward.example>`.
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
from steward.sample.locale import clock_dot_pm, day_month_year, dd_mm_yyyy, ordinal, weekday_day_month

DOMAIN = "tenth.steward.example"
ME = ("Aoife Brennan", "aoife.brennan@liffeymail-demo.example")
DUBLIN = ZoneInfo("Europe/Dublin")
LONDON = ZoneInfo("Europe/London")  # the same clock as Dublin, said in the mail of the trip over
ZONE = "Europe/Dublin"  # the person's own clock

FOOTER = ("You are receiving this email because you hold an account with us. This mailbox is not monitored. "
          "The people, companies and numbers in this mailbox are invented.")
BANK_LEGAL = (
    "Brayhead Bank will never ask you for your full card number, PIN or a one-time passcode by email, text or "
    "phone. Warning: if you do not meet the repayments on your credit agreement, your account will go into "
    "arrears. This may affect your credit rating, which may limit your ability to access credit in the "
    "future. Brayhead Bank DAC is regulated by the Central Bank. Registered in Ireland No. 000000.")

CIAN = ("Cian Doyle", "cian.doyle@liffeymail-demo.example")  # her partner
MAM = ("Bríd Brennan", "brid.brennan@corribmail-demo.example")  # her mother, in Galway, signs "Mam"
NIAMH = ("Niamh Brennan", "niamhbrennan88@corribmail-demo.example")  # her sister, in Galway
DECLAN = ("Declan Furlong", "declan.furlong@tolkapharmacy.example")  # her area manager
SINEAD = ("Sinéad Kavanagh", "sinead.kavanagh@tolkapharmacy.example")  # a colleague, the pharmacy technician
CARD = ("Brayhead Bank", "estatements@brayheadbank.example")


def _wk(d: date | datetime) -> str:
    """Fri 25 Jun."""
    return f"{d:%a} {d:%d %b}"


def _h24(d: datetime) -> str:
    """14:00."""
    return f"{d:%H:%M}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=DUBLIN, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Tolka Pharmacy Group//Outlook 16.0 MIMEDIR//EN")


def _card(b: DatedBox) -> None:
    paid_on = b.today - timedelta(days=20)
    b.add("payment_received", CARD, "Payment received - Brayhead Visa ending 3318", b.sent(20, 9, 5),
          f"Dear Aoife,\n\nThank you. We have received your payment of €1,102.75 to your Brayhead Visa card ending "
          f"3318 on {dd_mm_yyyy(paid_on)}.\n\nIt can take up to 2 working days for your available credit to update.\n\n"
          f"Brayhead Bank Card Services\n\n{BANK_LEGAL}",
          facts={"issuer": "Brayhead Bank", "amount": "1102.75", "currency": "EUR", "last4": "3318",
                 "status": "paid"})

    issued, due = b.today - timedelta(days=9), b.today + timedelta(days=14)
    rows = (("Card number", "**** **** **** 3318"), ("Statement date", dd_mm_yyyy(issued)),
            ("Previous balance", "€1,102.75"), ("Payments received", "-€1,102.75"),
            ("Purchases and charges", "€1,486.20"), ("Statement balance", "<b>€1,486.20</b>"),
            ("Minimum payment", "€44.59"), ("Payment due date", f"<b>{dd_mm_yyyy(due)}</b>"),
            ("Credit limit", "€6,000.00"), ("Available credit", "€4,513.80"))
    html = banner_page(
        "Brayhead Bank",
        "<p>Dear Aoife Brennan,</p><p>Your Brayhead Visa credit card eStatement is now available in Online "
        "Banking.</p>" + summary_table(rows, 'border="0" cellpadding="5" style="border:1px solid #bbb"') +
        f"<p>Please make sure at least the minimum payment of €44.59 reaches us by {day_month_year(due)}. You do not "
        "have a direct debit set up on this card: pay through the app, Online Banking or by bank transfer. "
        "To avoid interest on purchases, pay the full statement balance by the due date.</p>", BANK_LEGAL,
        page="font-family:Verdana,Arial,sans-serif;font-size:13px;color:#222",
        banner="background:#00594f;color:#fff;padding:14px;font-size:19px", pad="16px")
    b.add("statement", CARD, "Your Brayhead Visa eStatement is ready", b.sent(9, 6, 30), None,
          html=html, pdf=f"eStatement_3318_{issued:%d%m%Y}.pdf",
          facts=due_facts("Brayhead Bank", "1486.20", "EUR", due, "card", "open", last4="3318",
                          product="Brayhead Visa", minimum="44.59"))


def _home(b: DatedBox) -> None:
    loans = ("Hearthstone Home Loans", "statements@hearthstonehomeloans.example")
    period_from, period_to = date(b.today.year - 1, 12, 1), b.today.replace(day=1) - timedelta(days=1)
    due = b.today + timedelta(days=21)
    b.add("statement", loans, "Your mortgage statement is available", b.sent(6, 8, 10),
          f"Dear Ms Brennan and Mr Doyle,\n\nYour mortgage statement for the period {dd_mm_yyyy(period_from)} to "
          f"{dd_mm_yyyy(period_to)} is enclosed.\n\nMortgage account: ****7720\nProperty: 27 Connaught Street, "
          "Phibsborough, Dublin 7\nBalance outstanding: €241,386.52\nInterest rate: 3.95% fixed (fixed period "
          f"ends 31/01/2030)\nMonthly repayment: €1,642.18\nNext repayment: €1,642.18 by direct debit on "
          f"{dd_mm_yyyy(due)}\nArrears balance: €0.00\n\nYour account is up to date and is not in arrears.\n\nIf you are "
          "worried about falling into arrears, please contact us as early as possible: our Mortgage Arrears "
          "Support team can talk you through the options open to you.\n\nHearthstone Home Loans",
          pdf=f"Mortgage_Statement_7720_{period_to:%Y%m}.pdf",
          facts=due_facts("Hearthstone Home Loans", "1642.18", "EUR", due, "mortgage", "open", autopay="true",
                          account="7720", arrears="0.00"))

    power = ("Lumen Energy", "bills@lumenenergy.example")
    issued, collect = b.today - timedelta(days=7), b.today + timedelta(days=7)
    b.add("bill", power, "Your Lumen Energy electricity bill", b.sent(7, 10, 40),
          f"Hi Aoife,\n\nYour latest electricity bill is ready.\n\nAccount number: 9023144710\nBill date: "
          f"{dd_mm_yyyy(issued)}\nBilling period: 01/04/{b.today:%Y} - 31/05/{b.today:%Y}\nUnits used: 611 kWh (day) + "
          "214 kWh (night)\nStanding charge: €22.87\nPSO levy: €3.10\nVAT @ 9%: €15.48\nTotal amount due: €187.43"
          f"\n\nNo need to do anything: €187.43 will be collected by Direct Debit from your account ending 5521 on "
          f"or after {dd_mm_yyyy(collect)}.\n\nLumen Energy",
          facts=due_facts("Lumen Energy", "187.43", "EUR", collect, "utility", "open", autopay="true",
                          account="9023144710"))

    gas = ("Glenmore Gas", "myaccount@glenmoregas.example")
    collect = b.today + timedelta(days=11)
    b.add("bill", gas, f"Gas bill - Direct Debit on {day_month_year(collect)}", b.sent(4, 13, 20),
          f"GLENMORE GAS - YOUR GAS BILL\n\nGPRN: 4471230\nBilling period: 03/04/{b.today:%Y} to "
          f"02/06/{b.today:%Y}\nGas used: 742 kWh\nAmount due: EUR 96.18\nDirect Debit date: {day_month_year(collect)}\n\n"
          "Your bill will be paid automatically by Direct Debit. Thank you for choosing Glenmore Gas.",
          facts=due_facts("Glenmore Gas", "96.18", "EUR", collect, "utility", "open", autopay="true",
                          account="4471230"))

    net = ("Hibernet Broadband", "billing@hibernet.example")
    due = b.today + timedelta(days=5)
    b.add("bill", net, "Your Hibernet bill is ready", b.sent(3, 9, 55),
          f"Hi Aoife,\n\nYour Hibernet Fibre 500 bill for account HB-0418832 is ready.\n\nMonthly charge: €55.00\n"
          f"Amount due: €55.00\nDue date: {_wk(due)}\n\nYou don't have a Direct Debit set up. Pay by card in the "
          "Hibernet app or online before the due date to avoid a late payment fee of €5.00.\n\nHibernet Broadband",
          facts=due_facts("Hibernet Broadband", "55.00", "EUR", due, "telecom", "open", account="HB-0418832"))

    mobile = ("Tonn Mobile", "nobody@tonnmobile.example")
    collect = b.today + timedelta(days=8)
    b.add("bill", mobile, "Your Tonn bill", b.sent(2, 12, 30),
          f"Hi Aoife, your Tonn Mobile bill for 087 555 0142 is €38.50. We'll take it by Direct Debit on "
          f"{collect.day}/{collect.month:02d}. Plan: Tonn 40 Unlimited. Roaming in the UK and EU is included. "
          "Check your usage in the Tonn app.",
          facts=due_facts("Tonn Mobile", "38.50", "EUR", collect, "telecom", "open", autopay="true",
                          account="0875550142"))

    levy = ("Household Levy Office", "notices@householdlevy.example")
    due = b.today + timedelta(days=20)
    b.add("bill", levy, f"Household Property Levy {b.today:%Y}: payment due", b.sent(15, 11, 0),
          f"Dear Aoife Brennan,\n\nProperty ID: HL-2291-0457\nProperty: 27 Connaught Street, Phibsborough, "
          f"Dublin 7\n\nYour Household Property Levy for {b.today:%Y} is €405.00.\n\nOur records show you have not "
          f"yet paid or chosen a payment method for {b.today:%Y}. Please pay in full by {day_month_year(due)}, or set up "
          "a monthly debit. Interest is charged on late payment.\n\nHousehold Levy Office",
          facts=due_facts("Household Levy Office", "405.00", "EUR", due, "tax", "open", account="HL-2291-0457"))

    bins = ("ClearBin Waste Services", "accounts@clearbin.example")
    due = b.today - timedelta(days=8)
    facts = due_facts("ClearBin Waste Services", "58.90", "EUR", due, "utility", "paid", account="CB-77104")
    invoice = b.add("bill", bins, "ClearBin invoice INV-448210", b.sent(22, 8, 0),
                    f"Account: CB-77104\nInvoice: INV-448210\nPeriod: April {b.today:%Y}\n\nService charge: "
                    "€25.00\nLifts (6): €18.90\nWeight charges: €15.00\nTotal: €58.90\nDue date: "
                    f"{dd_mm_yyyy(due)}\n\nPay online at the ClearBin customer portal or by phone.",
                    facts=facts)
    paid = b.today - timedelta(days=10)
    black, green = b.today + timedelta(days=5), b.today + timedelta(days=12)
    b.add("bill_paid", bins, "Payment received - thank you", b.sent(10, 19, 15),
          f"Hi Aoife,\n\nWe received your payment of €58.90 on {dd_mm_yyyy(paid)} for invoice INV-448210. Your account "
          f"balance is now €0.00.\n\nYour next collections: General waste (black bin) on {weekday_day_month(black)}, "
          f"Recycling (green bin) on {weekday_day_month(green)}. Please have your bins out by 7am.\n\nClearBin Waste Services",
          reply_to=invoice, facts={**facts, "paid_on": paid.isoformat()})

    creche = ("Little Acorns Creche", "office@littleacornscreche.example")
    due = b.today + timedelta(days=5)
    b.add("bill", creche, f"Invoice - Saoirse Doyle - June {b.today:%Y}", b.sent(8, 16, 45),
          f"Hi Aoife and Cian,\n\nPlease find Saoirse's invoice for June below.\n\nFull-time place (5 days): "
          f"€1,180.00\nLess NCS subsidy: -€294.00\nAmount due: €886.00\n\nPlease pay by bank transfer by "
          f"{weekday_day_month(due)}, quoting SAOIRSE-D as the reference.\n\nMany thanks,\nGráinne\nLittle Acorns Creche",
          facts=due_facts("Little Acorns Creche", "886.00", "EUR", due, "childcare", "open"))
    picnic, early = b.at(1, 11, 0), b.at(8, 13, 0)
    b.add("school", creche, "Teddy Bears' Picnic & early closing", b.sent(5, 15, 30),
          f"Dear Parents,\n\nOur Teddy Bears' Picnic is on this Friday, {picnic.day} June, at 11am in the garden. "
          "Please send your little one in with a teddy and a sunhat!\n\nPlease also note that the creche will "
          f"close at 1pm on {weekday_day_month(early)} for staff first aid training. Please collect your child by 1pm "
          "that day.\n\nThank you,\nGráinne and the Little Acorns team",
          facts={"provider": creche[0], "start": picnic.isoformat(), "closing": early.isoformat(),
                 "kind": "creche"})


def _cover(b: DatedBox) -> None:
    health = ("Cuan Health", "renewals@cuanhealth.example")
    renew = b.today + timedelta(days=21)
    b.add("bill", health, "Your Cuan Health renewal", b.sent(13, 10, 5),
          f"Dear Aoife,\n\nYour health insurance policy CH-3390127 renews on {dd_mm_yyyy(renew)}.\n\nPlan: Family Care "
          "Plus\nMembers: Aoife Brennan, Cian Doyle, Saoirse Doyle\nAnnual premium (after tax relief at "
          "source): €2,184.00\nPayment: €182.00 a month by Direct Debit, first collection on "
          f"{dd_mm_yyyy(renew)}\n\nIf you are happy with your cover you don't need to do anything: your policy renews "
          "automatically. You can switch plans at any time before your renewal date.\n\nCuan Health",
          facts=due_facts("Cuan Health", "182.00", "EUR", renew, "insurance", "open", autopay="true",
                          account="CH-3390127", annual="2184.00"))

    motor = ("Seabright Insurance", "motor@seabrightinsurance.example")
    renew = b.today + timedelta(days=12)
    b.add("bill", motor, "Your car insurance renewal - policy SBM-558102", b.sent(11, 14, 50),
          f"Dear Aoife Brennan,\n\nYour car insurance is due for renewal on {day_month_year(renew)}.\n\nPolicy number: "
          "SBM-558102\nVehicle: 191-D-40721\nCover: Comprehensive, named driver Cian Doyle\nLast year's premium: "
          "€574.10\nRenewal premium: €612.35\n\nAuto-renewal is on. We will take €612.35 from your card ending "
          f"3318 on {dd_mm_yyyy(renew)}. If you do not want to renew, please call us before that date.\n\nSeabright "
          "Insurance",
          facts=due_facts("Seabright Insurance", "612.35", "EUR", renew, "insurance", "open", autopay="true",
                          account="SBM-558102"))


def _appointments(b: DatedBox) -> None:
    test = b.at(12, 8, 45)
    b.booking(
        ("RoadCheck Ireland", "bookings@roadcheck.example"), "car test", test,
        "Car test booking confirmed - 191-D-40721", b.sent(16, 21, 10),
        f"Your car test is booked.\n\nVehicle registration: 191-D-40721\nDate: {weekday_day_month(test)} {test:%Y}\nTime: "
        f"{_h24(test)}\nTest centre: Finglas Test Centre, Jamestown Road, Dublin 11\nFee paid: €55.00\nBooking "
        "reference: RC-6620913\n\nPlease arrive 10 minutes early and bring your Vehicle Registration "
        "Certificate. If the car fails, a retest within 21 days is free.",
        reference="RC-6620913")

    gp = b.at(4, 10, 20)
    b.add("appointment", ("Phibsboro Medical Centre", "sms@phibsboromedical.example"), "Appointment reminder",
          b.sent(1, 17, 2),
          f"Phibsboro Medical: Hi Aoife, reminder of yr appt w Dr Keane on {gp:%a} {dd_mm_yyyy(gp)[:5]} at {_h24(gp)}. "
          "Reply Y to confirm or N to cancel. Pls give 24hrs notice if cancelling.",
          facts={"provider": "Phibsboro Medical Centre", "start": gp.isoformat(), "status": "awaiting reply",
                 "kind": "gp", "doctor": "Dr Keane"})

    dental = ("Drumcondra Dental Care", "reception@drumcondradental.example")
    was, moved = b.at(6, 16, 0), b.at(8, 9, 30)
    b.moved_booking(
        dental, "dentist", was, moved,
        ("Your appointment at Drumcondra Dental Care", b.sent(14, 12, 30),
         f"Dear Aoife,\n\nThank you for booking with us. Your check-up and clean with Dr Orla Hegarty is on "
         f"{weekday_day_month(was)} at {clock_dot_pm(was)}.\n\nDrumcondra Dental Care, 84 Drumcondra Road Lower, Dublin 9\n\nIf you "
         "can't make it, please give us 24 hours' notice."),
        ("Change to your appointment", b.sent(3, 11, 40),
         f"Dear Aoife,\n\nUnfortunately Dr Hegarty is no longer available on {weekday_day_month(was)}. We have moved your "
         f"check-up and clean to {weekday_day_month(moved)} at {clock_dot_pm(moved)}. If the new time doesn't suit, just reply to this "
         "email or ring the surgery.\n\nKind regards,\nDrumcondra Dental Care"))

    physio = b.at(7, 13, 15)
    b.booking(
        ("Northside Physio & Sports Injury Clinic", "bookings@northsidephysio.example"), "physio", physio,
        "Booking confirmation - Northside Physio", b.sent(6, 18, 20),
        f"Hi Aoife,\n\nYou're booked in with Ciarán Lynch, Chartered Physiotherapist, on {weekday_day_month(physio)} at "
        f"{clock_dot_pm(physio)} (follow-up, 45 minutes).\n\nWhere: Northside Physio & Sports Injury Clinic, 212 "
        "Drumcondra Road Upper, Dublin 9\nFee: €65.00, payable on the day\n\nPlease wear loose clothing. To "
        "cancel or change, give us 24 hours' notice or the full fee applies.",
        amount="65.00")

    optician = ("ClearSight Opticians", "appointments@clearsight.example")
    start = b.at(2, 11, 0)
    b.cancelled_booking(
        optician, "optician", start,
        ("Eye examination booked - ClearSight Opticians", b.sent(18, 20, 5),
         f"Hi Aoife,\n\nYour eye examination is booked for {weekday_day_month(start)} at {_h24(start)} at ClearSight "
         "Opticians, 61 Dorset Street Upper, Dublin 1. Please bring your current glasses."),
        ("Your appointment has been cancelled", b.sent(5, 8, 50),
         f"Hi Aoife,\n\nAs you requested, we've cancelled your eye examination on {weekday_day_month(start)} at "
         f"{_h24(start)}. Book again any time online.\n\nClearSight Opticians"))

    table = b.at(0, 19, 45)
    b.table_booking(
        ("TableTap", "bookings@tabletap.example"), "Booking confirmed: Osteria Lupo", b.sent(4, 21, 25),
        f"Hi Aoife, you're booked!\n\nOsteria Lupo\n18 Manor Street, Stoneybatter, Dublin 7\n{weekday_day_month(table)} at "
        f"{clock_dot_pm(table)}\n2 people\nReference: TT-55810\n\nRunning late? The restaurant holds tables for 15 "
        "minutes. Change or cancel in the TableTap app.",
        "<h2>You're booked!</h2>"
        f"<p><b>Osteria Lupo</b>, 18 Manor Street, Stoneybatter</p><p>{weekday_day_month(table)} at {clock_dot_pm(table)}</p>"
        "<p>2 people</p><p>Reference TT-55810</p>",
        number="TT-55810", guest="Aoife Brennan", party=2, start=table, place="Osteria Lupo",
        street="18 Manor Street", locality="Dublin 7")

    show, doors = b.at(9, 20, 0), b.at(9, 19, 0)
    b.add("ticket", ("TixHub", "orders@tixhub.example"), "Your tickets: Harbour Lights - The Maltings",
          b.sent(17, 12, 15),
          f"Order TX-8812034 confirmed\n\nHarbour Lights - live\nThe Maltings, Marrowbone Lane, Dublin 8\n"
          f"{weekday_day_month(show)} {show:%Y}\nDoors {_h24(doors)} / Show {_h24(show)}\n\n2 x General Admission Standing @ "
          "€39.95\nBooking fee: €5.00\nTotal: €84.90\n\nYour mobile tickets are in the TixHub app. No re-entry.",
          facts={"provider": "The Maltings", "start": show.isoformat(), "doors": doors.isoformat(),
                 "status": "confirmed", "kind": "concert", "amount": "84.90", "currency": "EUR"})


def _parcel(b: DatedBox) -> None:
    b.add("receipt", ("Little Feet Shoe Co.", "orders@littlefeet.example"), "Order confirmed - LF-20417",
          b.sent(6, 20, 40),
          "Thanks for your order, Aoife!\n\nOrder LF-20417\nToddler sandals, navy, EU 24: €36.00\nDelivery "
          "(Postlink): €6.00\nTotal: €42.00\n\nWe'll email you when your order is on its way.",
          facts={"shop": "Little Feet Shoe Co.", "amount": "42.00", "currency": "EUR"})
    post = ("Postlink", "tracking@postlink.example")
    missed, again = b.today - timedelta(days=2), b.today
    b.add("delivery", post, "Sorry we missed you", b.sent(2, 11, 50),
          f"Sorry we missed you.\n\nWe called today, {weekday_day_month(missed)}, at 11:42 to deliver your parcel LP 4471 0932 "
          f"IE from Little Feet Shoe Co., but nobody was home. We left a card.\n\nWe'll try again on "
          f"{weekday_day_month(again)}. Or collect it from Phibsborough Delivery Office from 3pm tomorrow with your card and "
          "photo ID.",
          facts={"provider": "Postlink", "missed": missed.isoformat(), "next": again.isoformat(), "kind": "parcel"})
    window = b.at(0, 10, 0)
    b.add("delivery", post, "Your parcel is out for delivery today", b.sent(0, 7, 10),
          f"Your parcel LP 4471 0932 IE is out for delivery today, {weekday_day_month(window)}, between 10:00 and 14:00.\n\n"
          "From: Little Feet Shoe Co.\nTo: A. Brennan, 27 Connaught Street, Dublin 7\n\nNot in? Choose a safe "
          "place or a neighbour on the Postlink website.",
          facts={"provider": "Postlink", "start": window.isoformat(), "end": b.at(0, 14, 0).isoformat(),
                 "kind": "parcel"})


def _travel(b: DatedBox) -> None:
    air = ("Skylark Air", "noreply@skylarkair.example")
    out, out_arr = b.at(15, 7, 5), b.at(15, 8, 25, LONDON)
    back, back_arr = b.at(17, 19, 40, LONDON), b.at(17, 21, 0)
    b.add("flight", air, "Your Skylark Air booking QX7P2L: Dublin - London Stansted", b.sent(19, 22, 40),
          "Thanks for booking with Skylark Air.\n\nBooking reference: QX7P2L\n\n"
          f"OUTBOUND  {_wk(out)} {out:%Y}  SK 2741  Dublin (DUB) {_h24(out)} - London Stansted (STN) "
          f"{_h24(out_arr)}\n"
          f"RETURN    {_wk(back)} {back:%Y}  SK 2746  London Stansted (STN) {_h24(back)} - Dublin (DUB) "
          f"{_h24(back_arr)}\n\nPassengers: MRS AOIFE BRENNAN, MR CIAN DOYLE\nSeats: 14A, 14B (both flights)\n"
          "Bags: 2 x small bag, 1 x 20kg check-in bag\nTotal paid: €187.96\n\nAll times are local.",
          facts={"provider": air[0], "start": out.isoformat(), "arrive": out_arr.isoformat(), "status": "confirmed",
                 "kind": "flight", "flight": "SK 2741", "return": back.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "QX7P2L", "amount": "187.96",
                 "currency": "EUR"})
    closes = out - timedelta(hours=2)
    b.add("flight_checkin", air, "Online check-in is open: Dublin to London Stansted", b.sent(1, 7, 0),
          f"Hi AOIFE,\n\nAs you've reserved seats, online check-in is now open for your flight SK 2741 from Dublin "
          f"to London Stansted on {_wk(out)} at {_h24(out)}.\n\nCheck in online and get your boarding pass before "
          f"{_h24(closes)} on {dd_mm_yyyy(out)} (2 hours before departure). Airport check-in costs €55 per passenger.\n\n"
          "Booking reference: QX7P2L",
          facts={"provider": air[0], "start": out.isoformat(), "closes": closes.isoformat(), "kind": "flight"})

    check_in, check_out = b.at(15, 15, 0, LONDON), b.at(17, 11, 0, LONDON)
    b.stay_booking(
        ("The Bramwell Hotel", "stay@bramwellhotel.example"),
        "Booking confirmation 60421987 - The Bramwell Hotel Bloomsbury", b.sent(18, 13, 30),
        f"Dear Ms Brennan,\n\nThank you for choosing The Bramwell.\n\nConfirmation number: 60421987\nArrival: "
        f"{weekday_day_month(check_in)} {check_in:%Y} (check-in from 3pm)\nDeparture: {weekday_day_month(check_out)} {check_out:%Y} "
        "(check-out by 11am)\nRoom: Classic Double, 2 nights, 2 adults, breakfast included\nTotal: £386.00, "
        "payable at the hotel\n\nThe Bramwell Hotel Bloomsbury, 41 Tavistock Place, London WC1H 9RA",
        "<p>Confirmation "
        f"60421987</p><p>Arrival {weekday_day_month(check_in)}, departure {weekday_day_month(check_out)}</p>",
        number="60421987", guest="Aoife Brennan", check_in=check_in, check_out=check_out,
        place="The Bramwell Hotel Bloomsbury", street="41 Tavistock Place", locality="London", country="GB",
        amount="386.00", currency="GBP")

    ferry = ("Seabridge Ferries", "bookings@seabridgeferries.example")
    sail, sail_arr = b.at(22, 8, 5), b.at(22, 11, 20, LONDON)
    home, home_arr = b.at(29, 14, 10, LONDON), b.at(29, 17, 25)
    b.add("ferry", ferry, "Booking confirmation 48821907 - Dublin Port to Holyhead", b.sent(12, 19, 50),
          "SEABRIDGE FERRIES - BOOKING CONFIRMATION\n\nBooking number: 48821907\nLead passenger: Aoife Brennan\n\n"
          f"Outward: Dublin Port - Holyhead, {_wk(sail)} {sail:%Y}, depart {_h24(sail)}, arrive "
          f"{_h24(sail_arr)}\nReturn: Holyhead - Dublin Port, {_wk(home)} {home:%Y}, depart {_h24(home)}, arrive "
          f"{_h24(home_arr)}\n\nVehicle: car, 191-D-40721\nPassengers: 2 adults, 1 child (0-3)\nTotal paid: "
          "€398.00\n\nCheck-in closes 60 minutes before departure. Have your booking number and photo ID ready.",
          facts={"provider": "Seabridge Ferries", "start": sail.isoformat(), "arrive": sail_arr.isoformat(),
                 "return": home.isoformat(), "return_arrive": home_arr.isoformat(), "status": "confirmed",
                 "kind": "ferry", "reference": "48821907", "amount": "398.00", "currency": "EUR"})

    rail = ("Western Rail", "etickets@westernrail.example")
    go, go_arr = b.at(2, 9, 35), b.at(2, 12, 4)
    ret, ret_arr = b.at(3, 17, 15), b.at(3, 19, 41)
    b.add("train", rail, "Your eTicket: Dublin Heuston - Galway Ceannt", b.sent(9, 22, 5),
          "Western Rail eTicket\nTicket reference: WR-3319-7750\n\n"
          f"OUT: {_wk(go)} {go:%Y}\nDublin Heuston {_h24(go)} -> Galway Ceannt {_h24(go_arr)}\nCoach C, Seat 24\n\n"
          f"RETURN: {_wk(ret)} {ret:%Y}\nGalway Ceannt {_h24(ret)} -> Dublin Heuston {_h24(ret_arr)}\nCoach B, "
          "Seat 11\n\n1 Adult (Saver Return) + 1 Child (under 5, free)\nTotal: €41.98\n\nShow this eTicket on "
          "your phone when asked. Seat reservations are held until the train departs.",
          facts={"provider": "Western Rail", "start": go.isoformat(), "arrive": go_arr.isoformat(),
                 "return": ret.isoformat(), "return_arrive": ret_arr.isoformat(), "status": "confirmed",
                 "kind": "train", "reference": "WR-3319-7750", "seat": "C24", "amount": "41.98",
                 "currency": "EUR"})


def _work(b: DatedBox) -> None:
    review = b.at(0, 14, 0)
    b.invitation(DECLAN, f"Invitation: Q2 stock & CD audit review @ {_wk(review)} {_h24(review)} - "
                 f"{_h24(review + timedelta(hours=1))}", b.sent(5, 9, 40),
                 "Hi all,\n\nQuarterly review of stock levels and the controlled drugs audit before the end of the "
                 "quarter. Please bring your branch's CD register figures.\n\nThanks,\nDeclan",
                 uid=f"q2-review-{b.seed}@tolkapharmacy.example", summary="Q2 stock & CD audit review",
                 start=review, end=review + timedelta(hours=1), location="Glasnevin branch, back office")

    rota = b.at(5, 11, 0)
    b.add("personal", SINEAD, "July locum rota", b.sent(1, 16, 25),
          f"Hi Aoife,\n\nAny chance we could sit down {rota:%A} the {ordinal(rota.day)} at 11 to sort the locum rota for July? Half "
          "an hour in the back office should do it. I'll bring the leave requests.\n\nSinéad",
          facts={"person": SINEAD[0], "start": rota.isoformat()})


LURES = (
    Lure(("Postlink Customs", "customs@postlink-customs-fee.example"),
         "Your parcel is on hold: customs fee unpaid", (1, 6, 12),
         "Your parcel LP-IE-88120 is being held at customs. A customs charge of €2.99 is unpaid. Pay within 24 "
         "hours at http://postlink-customs-fee.example/pay or your parcel will be returned to the sender.",
         "parcel"),
    Lure(("Revenue Refunds", "refunds@revenue-ie-taxrefund.example"),
         "You are due a tax refund of €418.60", (7, 4, 33),
         "After a review of your tax record we have calculated that you are due a refund of €418.60. To receive "
         "your refund, confirm your PPS number and bank details within 48 hours at "
         "http://revenue-ie-taxrefund.example/claim", "tax"),
    Lure(("Brayhead Bank", "security@brayhead-secure-verify.example"),
         "Your card has been temporarily suspended", (12, 23, 48),
         "We have suspended your Brayhead Visa card after unusual activity. To restore access, verify your "
         "details now at http://brayhead-secure-verify.example/restore. Failure to do so within 12 hours will "
         "result in permanent closure.", "bank"),
)


NEWSLETTERS = (
    ("The Dispensary Digest", "editor@dispensarydigest.example", 1,
     ["the new medicines shortages list", "summer hay fever season", "CPD deadlines for pharmacists"]),
    ("Value Basket", "offers@valuebasket.example", 3,
     ["strawberries €2 a punnet", "BBQ deals for the long evenings", "back to school lunchbox savings"]),
    ("Northside Notes", "hello@northsidenotes.example", 5,
     ["the Phibsborough summer fair", "new cycle lanes on the NCR", "Blessington Basin clean-up"]),
    ("Greenhouse Garden Centre", "news@greenhousegc.example", 6,
     ["hanging baskets half price", "growing your own spuds", "slug-proofing your hostas"]),
)

PROMO = banner_style("{name} | {topic}", "View online. Unsubscribe or update your preferences.",
                     "#1f6f43", hour=7)


CARD_ALERTS = AlertCard(("Brayhead Bank Alerts", "alerts@brayheadbank.example"), "Card transaction alert",
                        "3318", "EUR", lambda amount, merchant, when: f"Brayhead Bank: a transaction of "
                        f"€{amount:,.2f} at {merchant} was made on your Visa card ending 3318 on "
                        f"{dd_mm_yyyy(when)} at {when:%H:%M}. Not you? Call 1800 555 014.")

MERCHANTS = ("CORNER SHOP PHIBSBORO", "TRAM TICKET TOP-UP", "BEAN THERE CAFE D7", "HARDWARE HOUSE D9",
             "BOOKWORM DRUMCONDRA")


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text), signed the way each of them signs."""
    party = b.today + timedelta(days=2)
    return (
        (CIAN, 0, 6, 50, "today", "Morning love. I've the car today, so I'll do the creche pickup at half 5. "
         "Emma's babysitting from 7 so we can head to Lupo. Did you pay the creche yet? Gráinne was asking.\n\nC"),
        (MAM, 3, 20, 15, "Saturday", "Hi love,\n\nDaddy will collect ye off the train at Ceannt on Saturday, he "
         "says he'll be there for ten past twelve. Not a word to him about the party! Bring a cardigan for "
         "Saoirse, it's cold down here.\n\nLove,\nMam"),
        (MAM, 12, 19, 5, "the book", "Hi love, did Saoirse like the book? Ring me Sunday evening if you get a "
         "minute, I'll be in all day.\n\nMam"),
        (NIAMH, 8, 21, 30, "Dad's 70th!!", "Right so, it's all booked. Surprise dinner for Dad's 70th on "
         f"{weekday_day_month(party)} at 7pm in Ardán on Quay Street. Table for 10. It's €40 a head, pay me back whenever. "
         "He thinks we're just getting a takeaway, so keep it quiet!\n\nNiamh x"),
        (NIAMH, 1, 22, 10, "change of plan", "Small change of plan - Ardán can only do half seven now, so "
         "dinner's at 7.30 on Saturday, not 7. Same place. Can you bring the cake from that bakery in town? "
         "Thanks a mil.\n\nNiamh x"),
    )


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    saturday, sunday = b.today + timedelta(days=2), b.today + timedelta(days=3)
    return (
        ("Tramline Dublin", "servicealerts@tramlinedublin.example", "Green Line works this weekend",
         f"Due to track works there will be no trams between Broombridge and Cabra on {saturday:%A} "
         f"{saturday.day} and {sunday:%A} {weekday_day_month(sunday).split(' ', 1)[1]}. Replacement buses will run."),
        ("Phibsborough Library", "library@dublinlibraries-demo.example", "Items due back soon",
         "2 items on your library card are due back in 4 days. Renew online or in the app."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Aoife Brennan's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the Visa statement
    says, when the electricity is taken, which seat she has to Galway, when the dentist is now, what was
    cancelled) have the same answers for every seed, counted from `now`'s date in Dublin.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 24:
        raise ValueError("the tenth sample needs at least 24 days of mail")
    b = _box(now, seed, days)
    for part in (_card, _home, _cover, _appointments, _parcel, _travel, _work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO)
    b.card_alerts(CARD_ALERTS, 4, first_hour=9, hours=11, spend=(4, 95), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=6, first=4)
    return b.messages()
