"""A fourteenth sample mailbox, of a fourteenth person in a fourteenth place: Megan Castellano, a litigation paralegal
at Whitcombe & Price LLP in Lower Manhattan, who lives in Jersey City, New Jersey, and takes the train into the city.
Her husband Chris (an electrician, signs "C"), their son Luca (12, seventh grade, plays soccer), their daughter
Gianna (2, in daycare) and Bruno the beagle live with her; her mom and dad live in Tampa (her mom signs "Love, Mom"
and writes "y'all"), and her sister Jess lives in Chicago and owes her half of their parents' anniversary gift. The
family fly to Tampa for Thanksgiving (Thursday 25 November); before that she has a doctor, a dentist who moved her
cleaning, an eye exam, the pediatrician, the vet, a day and a night in Washington DC by train, a show in the city, an
anniversary dinner and a parent-teacher conference. US daylight saving time ends on Sunday 7 November 2027, so what
falls after it is on Eastern Standard Time. Her mail is in US English as people in New York and New Jersey write it
("on line", "the city", "the train", "grab", "swing by", "heads up"; "y'all" from Tampa). About 60 messages over
the three weeks before `now`, so a home built from it asks every reader of mail to work on names, billers, booking
services and ways of writing that none of the other samples (`steward.sample.mailbox`, `second` to `thirteenth`)
uses.

The mix, all invented: two credit-card statements (one in HTML tables, one in plain text on AutoPay with a charge in
Canadian dollars converted, each with a statement balance, a minimum payment due and a due date); an electric and gas
bill on budget billing; a water and sewer bill; internet and a family phone plan on AutoPay; a car loan payment;
renter's insurance renewing; a toll-by-mail invoice; a property manager's rent reminder; a buy-now-pay-later
installment; a payment sent and one requested in a peer-to-peer app; a doctor booked in a patient portal and its
text reminder with a copay; a dental cleaning moved; an eye exam; a pediatrician visit; the dog's vaccines at the
vet; a haircut cancelled; a daycare's closures and a teacher's conference told in plain words; a coach's practices
and games; a regional train to Washington and back (car and seat, an e-ticket) and a hotel there; a flight to Tampa
whose departure was changed and a rental car; a show's tickets; an anniversary table; a package with a delivery
exception and its order; a supervising attorney's calendar invitation and a colleague's meeting in plain words;
five lures (a bank's "suspicious sign-in", a tax refund, a toll "unpaid balance", a package redelivery fee, a
streaming service's "payment declined"); newsletters, promos and card alerts. Amounts are written "$1,234.56",
"USD 1,234.56" and "$45" (one "CAD 112.50"), dates month first as US mail writes them ("11/05/2027", "Fri, Nov 5",
"November 5, 2027") and times as "5:30 PM", "5:30p" or "noon" ("17:30" only in a train row).

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in New York.
The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label and `facts`
an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@fourteenth.steward.example>`. Only mail received
is here (an inbox export): none she sent.
"""

from __future__ import annotations

from datetime import datetime, timedelta
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
from steward.sample.locale import (
    clock_ampm,
    dollars,
    mm_dd_yyyy,
    month_day_year,
    weekday_month_day,
    wkday_mon_day,
)

DOMAIN = "fourteenth.steward.example"
ME = ("Megan Castellano", "megan.castellano@hudsonmail-demo.example")
NEW_YORK = ZoneInfo("America/New_York")  # Jersey City keeps New York's clock; so does Tampa
ZONE = "America/New_York"  # the person's own clock

FOOTER = ("Please do not reply to this email; this mailbox is not monitored. The people, companies and numbers in "
          "this mailbox are invented.")
BANK_LEGAL = (
    "Harborline Bank will never ask for your password, PIN or one-time code by email, text or phone. Questions? "
    "Call 1-800-555-0148. Harborline Bank, N.A. Member FDIC.")

CHRIS = ("Chris Castellano", "chris.castellano@hudsonmail-demo.example")  # her husband, signs "C"
MOM = ("Linda Doyle", "lindadoyle52@gulfbreeze-mail.example")  # her mom, in Tampa
JESS = ("Jess Doyle", "jessdoyle@lakeshoremail-demo.example")  # her sister, in Chicago
GREG = ("Gregory Halvorsen", "ghalvorsen@whitcombeprice.example")  # the supervising attorney
TASHA = ("Tasha Greene", "tgreene@whitcombeprice.example")  # a paralegal on her team
COACH = ("Ray Delgado", "coachray@hudsonunitedsc.example")  # Luca's soccer coach
TEACHER = ("Dana Whitfield", "dwhitfield@paulushookms.example")  # Luca's homeroom teacher
DAYCARE = ("Patrice Mensah", "patrice@littleacornsjc.example")  # the director of Gianna's daycare


def _short(d: datetime) -> str:
    """5:30p, 9a: a time as a text message writes it."""
    return f"{d.hour % 12 or 12}{'' if d.minute == 0 else f':{d:%M}'}{'a' if d.hour < 12 else 'p'}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=NEW_YORK, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Whitcombe & Price//Outlook 16.0 MIMEDIR//EN", ics_stamp="20271020T140000Z")


def _cards(b: DatedBox) -> None:
    issued, due = b.today - timedelta(days=12), b.today + timedelta(days=19)
    rows = (("Account ending", "4417"), ("Statement closing date", mm_dd_yyyy(issued)),
            ("Previous balance", "$1,906.22"), ("Payments and credits", "-$1,906.22"),
            ("Purchases", "$2,318.64"), ("New balance", "<b>$2,318.64</b>"),
            ("Minimum payment due", "<b>$46.00</b>"), ("Payment due date", f"<b>{mm_dd_yyyy(due)}</b>"),
            ("Credit limit", "$9,000.00"), ("Available credit", "$6,681.36"))
    html = banner_page(
        "Harborline Bank",
        "<p>Hi Megan,</p><p>Your Harborline Visa Signature statement is ready to view on line. Here's your account "
        "summary:</p>" + summary_table(rows) +
        f"<p>Pay your new balance of $2,318.64 by {month_day_year(due)} to avoid interest on purchases. If we "
        "don't get at least the minimum payment by the due date, you may be charged a late fee of up to $40.</p>"
        "<p>AutoPay is off for this account. <a href=\"https://harborline.example/pay\">Make a payment</a></p>",
        BANK_LEGAL, page="font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#222",
        table='width="600" align="center" cellpadding="0" cellspacing="0"',
        banner="background:#0b3d5c;color:#fff;padding:16px;font-size:20px", pad="16px")
    b.add("statement", ("Harborline Bank", "statements@harborlinebank.example"),
          "Your Harborline Visa Signature statement is available", b.sent(12, 5, 50), None, html=html,
          pdf=f"Statement_4417_{issued:%m%d%Y}.pdf",
          facts=due_facts("Harborline Bank", "2318.64", "USD", due, "card", "open", last4="4417",
                          product="Harborline Visa Signature", minimum="46.00"))

    keystone = ("Keystone Card Services", "statements@keystonecard.example")
    issued, due = b.today - timedelta(days=8), b.today + timedelta(days=11)
    bought = b.today - timedelta(days=20)
    b.add("statement", keystone, "Keystone Mastercard: your statement is ready", b.sent(8, 7, 15),
          f"Hello Megan,\n\nYour Keystone World Mastercard statement is ready.\n\nCard ending in 9052\nClosing date: "
          f"{mm_dd_yyyy(issued)}\n\nPrevious balance: USD 512.87\nPayment received - thank you: -USD 512.87\n"
          f"{mm_dd_yyyy(bought)}  MAPLE LEAF OUTFITTERS MONTREAL QC  CAD 112.50 = USD 82.14\n{mm_dd_yyyy(bought)}  "
          "FOREIGN TRANSACTION FEE  USD 2.46\nOther purchases  USD 779.60\n\nStatement balance: USD 864.20\n"
          f"Minimum payment due: USD 35.00\nPayment due date: {mm_dd_yyyy(due)}\n\nAutoPay is ON: we'll pay your "
          f"statement balance of $864.20 from your checking account ending 2210 on {wkday_mon_day(due)}. You don't "
          "need to do anything.\n\nKeystone Card Services",
          pdf=f"Keystone_9052_{issued:%Y%m}.pdf",
          facts=due_facts("Keystone Card Services", "864.20", "USD", due, "card", "open", autopay="true",
                          last4="9052", product="Keystone World Mastercard", minimum="35.00",
                          foreign="112.50 CAD"))


def _utilities(b: DatedBox) -> None:
    power = ("Hudson Gas & Power", "myaccount@hudsongaspower.example")
    issued, due = b.today - timedelta(days=6), b.today + timedelta(days=15)
    b.add("bill", power, "Your Hudson Gas & Power bill is ready", b.sent(6, 10, 5),
          f"Hi Megan,\n\nYour electric and gas bill is ready.\n\nAccount number: 7712 4480 19\nService address: 41 "
          f"Barrow Ct, Apt 3B, Jersey City, NJ 07302\nBill date: {mm_dd_yyyy(issued)}\nService period: 09/24/2027 "
          "to 10/22/2027\n\nElectric: 412 kWh, $71.88\nGas: 38 therms, $46.49\nActual charges this period: $118.37\n"
          "\nYou're on Budget Billing, so you pay the same amount each month and we settle up once a year.\n"
          f"Budget Billing amount due: $142.00\nDue date: {mm_dd_yyyy(due)}\nYour budget balance: $211.46 credit\n"
          "\nPay on line, in the app or by phone. Thank you for being a Hudson Gas & Power customer.",
          facts=due_facts("Hudson Gas & Power", "142.00", "USD", due, "utility", "open", account="7712 4480 19",
                          charges="118.37", budget="true"))

    water = ("Hudson Riverside Water Authority", "ebill@hudsonriversidewater.example")
    due = b.today + timedelta(days=27)
    b.add("bill", water, "Your water & sewer bill", b.sent(4, 13, 30),
          f"Account 30-118842-07  41 BARROW CT. Quarterly water and sewer bill, period 07/01/2027 to 09/30/2027. "
          "Water usage 9 CCF: $38.61. Sewer: $52.79. Fixed charge: $5.00. TOTAL AMOUNT DUE $96.40, due by "
          f"{mm_dd_yyyy(due)}. A 1.5% monthly late charge is added to balances unpaid after the due date. Pay at "
          "hudsonriversidewater.example or mail a check.",
          facts=due_facts("Hudson Riverside Water Authority", "96.40", "USD", due, "utility", "open",
                          account="30-118842-07"))

    fiber = ("Skyway Fiber", "billing@skywayfiber.example")
    due = b.today + timedelta(days=9)
    b.add("bill", fiber, "Your Skyway Fiber bill is ready", b.sent(3, 8, 40),
          f"Hi Megan,\n\nYour Skyway Fiber bill is ready.\n\nAccount: SF-44190276\nPlan: Fiber 1 Gig\nAmount due: "
          f"$79.99\nAutoPay will charge your card ending 4417 on {wkday_mon_day(due)}. Nothing to do here.\n\n"
          "Skyway Fiber",
          facts=due_facts("Skyway Fiber", "79.99", "USD", due, "internet", "open", autopay="true",
                          account="SF-44190276"))

    phone = ("Bluebird Wireless", "mybill@bluebirdwireless.example")
    due = b.today + timedelta(days=12)
    b.add("bill", phone, "Your Bluebird Wireless bill", b.sent(5, 12, 20),
          "Hi Megan! Your Bluebird Family Unlimited bill for 3 lines is $147.83 ($40 x 3 lines, $12.00 device "
          f"payment, $15.83 taxes & fees). AutoPay is on: we'll take it on {mm_dd_yyyy(due)}. Acct 5519-2207. "
          "Check usage in the Bluebird app.",
          facts=due_facts("Bluebird Wireless", "147.83", "USD", due, "phone", "open", autopay="true",
                          account="5519-2207"))


def _household(b: DatedBox) -> None:
    loan = ("Meridian Auto Credit", "payments@meridianautocredit.example")
    due = b.today + timedelta(days=7)
    b.add("bill", loan, "Your auto loan payment is coming up", b.sent(2, 9, 0),
          f"Hi Megan,\n\nThis is a reminder that your auto loan payment is due soon.\n\nLoan account: ending 3381\n"
          f"Vehicle: 2023 Corsa LX\nPayment amount: $412.58\nDue date: {month_day_year(due)}\nRemaining principal: "
          "$11,204.73\n\nPay on line or in the Meridian app. Payments made after the due date plus a 10-day grace "
          "period are charged a $25 late fee.\n\nMeridian Auto Credit",
          facts=due_facts("Meridian Auto Credit", "412.58", "USD", due, "car loan", "open", account="3381"))

    insurer = ("Brightshield Insurance", "renewals@brightshield.example")
    renews = b.today + timedelta(days=28)
    b.add("bill", insurer, "Your renters policy is renewing", b.sent(9, 14, 10),
          f"Hi Megan,\n\nYour renters insurance policy BRS-HO4-2218845 for 41 Barrow Ct, Apt 3B renews on "
          f"{month_day_year(renews)}.\n\nPersonal property: $40,000\nLiability: $300,000\nDeductible: $500\n"
          "New 12-month premium: $186.00 (last year: $171.00)\n\nYou're set up for automatic renewal, so we'll "
          "charge your card ending 9052 on the renewal date. Want to make changes? Log in before then.\n\n"
          "Brightshield Insurance",
          facts=due_facts("Brightshield Insurance", "186.00", "USD", renews, "insurance", "open", autopay="true",
                          account="BRS-HO4-2218845", was="171.00"))

    toll = ("Hudson Crossings Toll Authority", "tollbymail@hudsoncrossings.example")
    due = b.today + timedelta(days=16)
    crossed = b.today - timedelta(days=18)
    b.add("bill", toll, "Toll-By-Mail Invoice T-80471129", b.sent(7, 11, 45),
          f"TOLL-BY-MAIL INVOICE\nInvoice number: T-80471129\nInvoice date: {mm_dd_yyyy(b.today - timedelta(days=7))}"
          f"\nPlate: NJ C72-KRM\n\n{mm_dd_yyyy(crossed)} 07:52 Holland Tunnel eastbound  $17.63\n"
          f"{mm_dd_yyyy(crossed)} 18:40 Holland Tunnel return  $0.00\nAdministrative fee  $0.00\n\nAMOUNT DUE: $17.63"
          f"\nPay by: {mm_dd_yyyy(due)}\n\nNo transponder was read for this trip, so we billed the plate. Pay at "
          "hudsoncrossings.example/pay with your invoice number. Unpaid invoices get a $5.00 late fee.",
          facts=due_facts("Hudson Crossings Toll Authority", "17.63", "USD", due, "toll", "open",
                          invoice="T-80471129"))

    rent = ("Paulus Point Property Management", "residents@pauluspointpm.example")
    due = (b.today.replace(day=28) + timedelta(days=4)).replace(day=1)  # the first of next month
    shutoff = b.at(6, 10, 0)
    b.add("bill", rent, "Rent reminder + heads up on water shutoff", b.sent(1, 16, 0),
          f"Hi Residents of 41 Barrow Court,\n\nFriendly reminder that December rent is due on {month_day_year(due)}. "
          "For Apt 3B the amount is $2,875.00. Pay through the resident portal; payments after the 5th get a $100 "
          f"late fee.\n\nAlso a heads up: the water will be shut off on {weekday_month_day(shutoff)} from 10 AM to "
          "2 PM so the plumber can replace a riser. Please fill a few jugs the night before.\n\nThank you,\nPaulus "
          "Point Property Management\n(201) 555-0162",
          facts=due_facts("Paulus Point Property Management", "2875.00", "USD", due, "rent", "open",
                          unit="3B", shutoff=shutoff.isoformat()))

    bnpl = ("Payly", "hello@payly.example")
    due = b.today + timedelta(days=5)
    b.add("bill", bnpl, "Payment 2 of 4 is coming up", b.sent(1, 10, 30),
          f"Hey Megan, quick heads up: payment 2 of 4 for your Northwind Home order ($150.00) is $37.50 and "
          f"will be charged to your debit card ending 2210 on {wkday_mon_day(due)}. After that, you'll have $75.00 "
          "left to pay.",
          facts=due_facts("Payly", "37.50", "USD", due, "installment", "open", autopay="true",
                          shop="Northwind Home"))


def _money_moves(b: DatedBox) -> None:
    app = ("Zipcash", "notify@zipcash.example")
    b.add("transfer", app, "You sent $60.00 to Kayla Brooks", b.sent(3, 23, 5),
          "You sent $60.00 to Kayla Brooks\nFor: Sat night sitting 🍕\nFrom: Zipcash balance\nTransaction ID: "
          "ZC-5518820417\n\nZipcash",
          facts={"to": "Kayla Brooks", "amount": "60.00", "currency": "USD", "reference": "ZC-5518820417"})
    b.add("transfer", app, "You requested $137.50 from Jess Doyle", b.sent(2, 20, 40),
          "You requested $137.50 from Jess Doyle\nFor: Mom & Dad's anniversary frame (your half)\nStatus: Pending\n"
          "\nWe'll let you know when Jess pays. You can send a reminder in the app.\n\nZipcash",
          facts={"from": "Jess Doyle", "amount": "137.50", "currency": "USD", "status": "requested"})


def _appointments(b: DatedBox) -> None:
    portal = ("Hudson Primary Care Associates", "noreply@mycareportal.example")
    doctor = b.at(5, 8, 15)  # after the clocks go back: EST
    b.add("appointment", portal, "Appointment confirmed - Hudson Primary Care Associates", b.sent(6, 21, 20),
          f"Hi Megan,\n\nYour appointment is confirmed.\n\nProvider: Anjali Mehta, MD (Internal Medicine)\nDate: "
          f"{weekday_month_day(doctor)}, {doctor:%Y}\nTime: {clock_ampm(doctor)}\nVisit type: Annual physical\n"
          "Location: Hudson Primary Care Associates, 185 Hudson St, Suite 400, Jersey City, NJ 07311\nCopay due at "
          "check-in: $30.00\n\nPlease arrive 15 minutes early and complete eCheck-in on line. Fasting labs: "
          "nothing to eat after midnight.\n\nMyCare Portal",
          facts={"provider": "Hudson Primary Care Associates", "start": doctor.isoformat(), "status": "confirmed",
                 "kind": "doctor", "doctor": "Anjali Mehta", "copay": "30.00"})
    b.add("appointment", ("HudsonPrimary", "sms@mycareportal.example"), "Text reminder", b.sent(1, 12, 0),
          f"HudsonPrimary: Reminder of your appt w/ Dr. Mehta on {doctor:%m/%d} at {_short(doctor)}. Copay $30. "
          "Reply C to confirm or R to reschedule. Msg&data rates may apply.",
          facts={"provider": "Hudson Primary Care Associates", "start": doctor.isoformat(), "status": "confirmed",
                 "kind": "doctor"})

    dental = ("Grove Street Family Dental", "frontdesk@grovestdental.example")
    was, moved = b.at(6, 16, 30), b.at(8, 17, 15)
    b.moved_booking(
        dental, "dentist", was, moved,
        ("Your cleaning is scheduled", b.sent(16, 11, 10),
         f"Hi Megan,\n\nYou're scheduled for a cleaning and exam with Rosa, our hygienist, on "
         f"{weekday_month_day(was)}, {was:%Y} at {clock_ampm(was)}.\n\nGrove Street Family Dental, 302 Grove St, "
         "Jersey City, NJ 07302\n\nWe need 24 hours' notice to change an appointment or there's a $50 fee.\n\n"
         "See you soon!\nGrove Street Family Dental"),
        ("Your appointment has been moved", b.sent(2, 15, 35),
         f"Hi Megan,\n\nSorry for the trouble: Rosa is out on {weekday_month_day(was)}, so we moved your cleaning.\n\n"
         f"New date: {weekday_month_day(moved)}, {moved:%Y}\nNew time: {clock_ampm(moved)}\n\nIf that doesn't work, "
         "call us at (201) 555-0137 and we'll find another time.\n\nGrove Street Family Dental"))

    eyes = b.at(12, 18, 0)
    b.booking(
        ("ClearSight Eye Care", "newport@clearsighteyecare.example"), "eye exam", eyes,
        "Your eye exam is booked", b.sent(10, 19, 5),
        f"Hi Megan, your comprehensive eye exam with Dr. Paul Kwan is booked for {wkday_mon_day(eyes)} at "
        f"{clock_ampm(eyes)} at ClearSight Eye Care, Newport Centre, 30 Mall Dr W, Jersey City. Bring your "
        "glasses, contacts and vision insurance card. Exam copay: $10.",
        doctor="Paul Kwan", copay="10.00")

    peds = b.at(2, 15, 20)
    b.booking(
        ("Riverview Pediatrics", "appointments@riverviewpeds.example"), "pediatrician", peds,
        "Gianna's appointment reminder", b.sent(4, 10, 45),
        f"Dear Parent/Guardian,\n\nThis is a reminder that Gianna Castellano has a well visit (2 year checkup) with "
        f"Dr. Sarah Feldman on {weekday_month_day(peds)} at {clock_ampm(peds)}.\n\nRiverview Pediatrics, 95 "
        "Christopher Columbus Dr, Jersey City\n\nShe's due for her flu shot too. Please bring her insurance card. "
        "To cancel call (201) 555-0190 at least 24 hours ahead.",
        doctor="Sarah Feldman", patient="Gianna")

    vet = b.at(3, 11, 30)
    b.booking(
        ("Palisade Animal Hospital", "frontdesk@palisadeanimal.example"), "vet", vet,
        "Bruno is due for his shots!", b.sent(9, 17, 50),
        f"Hi Megan,\n\nBruno is all set for his annual exam and vaccines (rabies, DHPP, Bordetella) on "
        f"{wkday_mon_day(vet)} at {clock_ampm(vet)} with Dr. Olivia Grant.\n\nPalisade Animal Hospital, 510 "
        "Palisade Ave, Jersey City Heights\n\nPlease bring a fresh stool sample and keep him on a leash in the "
        "lobby. Woof!\n\nPalisade Animal Hospital",
        pet="Bruno")

    salon = ("Shear Bliss Salon", "bookings@shearblisssalon.example")
    cut = b.at(2, 18, 30)
    b.cancelled_booking(
        salon, "haircut", cut,
        ("Appointment confirmed at Shear Bliss", b.sent(13, 20, 15),
         f"You're booked! Cut & blowout with Nikki on {wkday_mon_day(cut)} at {clock_ampm(cut)}. Shear Bliss Salon, "
         "118 Newark Ave, Jersey City. Running late? Give us a call."),
        ("Appointment cancelled at Shear Bliss", b.sent(0, 6, 55),
         f"Hi Megan, so sorry! Nikki has a family emergency so we had to cancel your cut & blowout on "
         f"{wkday_mon_day(cut)} at {_short(cut)}. Rebook on line anytime. xo Shear Bliss"))


def _travel(b: DatedBox) -> None:
    rail = ("Eastern Corridor Rail", "etickets@easterncorridorrail.example")
    go, go_arr = b.at(6, 6, 12), b.at(6, 9, 5)
    ret, ret_arr = b.at(7, 17, 5), b.at(7, 19, 58)
    b.add("train", rail, "eTicket: Newark Penn Station - Washington Union Station", b.sent(11, 13, 25),
          "Eastern Corridor Rail eTicket\n\nReservation number: ECR-7H2K9\nPassenger: Megan Castellano\n\n"
          f"DEPART  {wkday_mon_day(go)}, {go:%Y}\nTrain 2107  Newark Penn Station {go:%H:%M} -> Washington Union "
          f"Station {go_arr:%H:%M}\nCar 5, Seat 8C (aisle, quiet car)\nBusiness class: $148.00\n\n"
          f"RETURN  {wkday_mon_day(ret)}, {ret:%Y}\nTrain 2164  Washington Union Station {ret:%H:%M} -> Newark Penn "
          f"Station {ret_arr:%H:%M}\nCar 3, Seat 12A (window)\nBusiness class: $162.00\n\nTotal charged to card "
          "ending 4417: $310.00\n\nShow this eTicket on your phone to the conductor. Tickets are for the trains "
          "shown.",
          facts={"provider": "Eastern Corridor Rail", "start": go.isoformat(), "arrive": go_arr.isoformat(),
                 "return": ret.isoformat(), "return_arrive": ret_arr.isoformat(), "status": "confirmed",
                 "kind": "train", "reference": "ECR-7H2K9", "amount": "310.00", "currency": "USD", "seat": "5 8C"})

    check_in, check_out = b.at(6, 15, 0), b.at(7, 12, 0)
    b.stay_booking(
        ("The Capitol Row Hotel", "reservations@capitolrowhotel.example"),
        "Reservation confirmed: The Capitol Row Hotel", b.sent(11, 13, 50),
        f"Dear Ms. Castellano,\n\nThank you for choosing The Capitol Row Hotel.\n\nConfirmation number: "
        f"CRH-55120984\nCheck-in: {weekday_month_day(check_in)}, {check_in:%Y} (from {clock_ampm(check_in)})\n"
        f"Check-out: {weekday_month_day(check_out)}, {check_out:%Y} (by noon)\nRoom: 1 King, non-smoking\nRate: "
        "$239.00 per night + tax\nEstimated total: $275.72\nCompany: Whitcombe & Price LLP\n\n415 New Jersey Ave "
        "NW, Washington, DC 20001 - a 5-minute walk from Union Station.\n\nWe look forward to welcoming you.",
        "<p>Confirmation "
        f"CRH-55120984</p><p>{wkday_mon_day(check_in)} - {wkday_mon_day(check_out)}</p>",
        number="CRH-55120984", guest="Megan Castellano", check_in=check_in, check_out=check_out,
        place="The Capitol Row Hotel", street="415 New Jersey Ave NW", locality="Washington", country="US",
        amount="275.72")

    air = ("Gulfstar Airlines", "itinerary@gulfstarair.example")
    was, was_arr = b.at(21, 7, 5), b.at(21, 9, 52)
    out, out_arr = b.at(21, 8, 35), b.at(21, 11, 20)
    back, back_arr = b.at(25, 16, 15), b.at(25, 18, 58)
    booked = b.add("flight", air, "Your trip confirmation - Newark to Tampa (KX7M2P)", b.sent(22, 21, 10),
                   f"Thanks for flying Gulfstar, Megan!\n\nConfirmation code: KX7M2P\n\n"
                   f"DEPART  {weekday_month_day(was)}, {was:%Y}\nFlight GS 1187  Newark (EWR) {clock_ampm(was)} -> "
                   f"Tampa (TPA) {clock_ampm(was_arr)}  Nonstop\n\nRETURN  {weekday_month_day(back)}, {back:%Y}\n"
                   f"Flight GS 1190  Tampa (TPA) {clock_ampm(back)} -> Newark (EWR) {clock_ampm(back_arr)}  Nonstop\n\n"
                   "Travelers: Megan Castellano, Christopher Castellano, Luca Castellano, Gianna Castellano\n"
                   "Fare: 4 x Main Cabin\nTotal: $1,284.40 (charged to card ending 4417)\n\nCheck in on line 24 "
                   "hours before departure. Bags: 1 personal item free; carry-on $35 each way.",
                   facts={"provider": "Gulfstar Airlines", "start": was.isoformat(), "arrive": was_arr.isoformat(),
                          "return": back.isoformat(), "return_arrive": back_arr.isoformat(), "status": "confirmed",
                          "kind": "flight", "flight": "GS 1187", "reference": "KX7M2P", "amount": "1284.40",
                          "currency": "USD", "superseded": "rescheduled"})
    b.add("flight_changed", air, "Schedule change: your flight to Tampa on Nov 24", b.sent(5, 14, 0),
          f"Hi Megan,\n\nWe've had to change the schedule of your trip KX7M2P.\n\nFlight GS 1187 Newark (EWR) to "
          f"Tampa (TPA) on {weekday_month_day(out)}\nWAS: departs {clock_ampm(was)}, arrives {clock_ampm(was_arr)}\n"
          f"NOW: departs {clock_ampm(out)}, arrives {clock_ampm(out_arr)}\n\nYour seats and your return flight GS 1190 "
          "haven't changed. If the new time doesn't work for you, you can change to another flight at no cost "
          "or request a refund in Manage Trip.\n\nGulfstar Airlines", reply_to=booked,
          facts={"provider": "Gulfstar Airlines", "start": out.isoformat(), "arrive": out_arr.isoformat(),
                 "was": was.isoformat(), "status": "rescheduled", "kind": "flight", "flight": "GS 1187",
                 "reference": "KX7M2P"})

    pick, drop = b.at(21, 12, 0), b.at(25, 14, 0)
    b.add("rental", ("Sunshine Coast Car Rental", "reservations@sunshinecoastrental.example"),
          "Your car is reserved - Tampa International Airport", b.sent(20, 22, 5),
          f"Hi Megan,\n\nYour car is reserved.\n\nConfirmation: SCR-40377162\nPick up: Tampa International Airport "
          f"(TPA), Rental Car Center, {wkday_mon_day(pick)} at {clock_ampm(pick)}\nReturn: same location, "
          f"{wkday_mon_day(drop)} at {clock_ampm(drop)}\nCar: Midsize SUV or similar\nChild seat: 1 (toddler)\n"
          "Estimated total: $287.46 (pay at the counter)\n\nBring your driver's license and the card you booked with.",
          facts={"provider": "Sunshine Coast Car Rental", "start": pick.isoformat(), "end": drop.isoformat(),
                 "status": "confirmed", "kind": "rental car", "reference": "SCR-40377162", "amount": "287.46"})

    show = b.at(10, 20, 0)
    b.add("ticket", ("StageDoor Tickets", "orders@stagedoortix.example"), "Your tickets: Starlight Avenue",
          b.sent(15, 12, 30),
          f"Order SD-90417735 is confirmed!\n\nSTARLIGHT AVENUE: The Musical\nThe Belmont Theatre, 231 W 45th St, "
          f"New York, NY\n{weekday_month_day(show)}, {show:%Y} at {clock_ampm(show)}\nDoors open 7:30 PM\n\n"
          "Orchestra, Row K, Seats 101-102\n2 x $139.00\nService fees: $20.00\nOrder total: $298.00\n\nYour mobile "
          "tickets are in the StageDoor app. Latecomers are seated at intermission.",
          facts={"provider": "The Belmont Theatre", "start": show.isoformat(), "status": "confirmed", "kind": "show",
                 "amount": "298.00", "currency": "USD", "seats": "K101-102"})

    dinner = b.at(16, 19, 30)
    b.table_booking(
        ("TableSet", "noreply@tableset.example"), "Reservation confirmed: Marrow & Vine", b.sent(7, 22, 40),
        f"You're all set, Megan!\n\nMarrow & Vine\n57 Montgomery St, Jersey City, NJ\n{wkday_mon_day(dinner)} at "
        f"{clock_ampm(dinner)}\nParty of 2\nSpecial occasion: Anniversary\nConfirmation: TS-7730195\n\nWe'll hold "
        "your table for 15 minutes. Need to cancel? Please do it at least 24 hours ahead to avoid a $25 per "
        "person fee.",
        "<h2>You're all set!</h2>"
        f"<p><b>Marrow &amp; Vine</b>, 57 Montgomery St</p><p>{wkday_mon_day(dinner)} at {clock_ampm(dinner)}"
        "</p><p>Party of 2</p>",
        number="TS-7730195", guest="Megan Castellano", party=2, start=dinner, place="Marrow & Vine",
        street="57 Montgomery St", locality="Jersey City")


def _package(b: DatedBox) -> None:
    b.add("receipt", ("Kidwell Outfitters", "orders@kidwelloutfitters.example"), "Order confirmed #KW-2207781",
          b.sent(6, 20, 15),
          "Hi Megan,\n\nThanks for your order!\n\nOrder #KW-2207781\nTrekLite travel car seat (toddler) x1: "
          "$129.99\nShipping: FREE\nSales tax: $8.61\nOrder total: $138.60\n\nWe'll email you when it ships.",
          facts={"shop": "Kidwell Outfitters", "amount": "138.60", "currency": "USD"})
    tried = b.today - timedelta(days=1)
    b.add("delivery", ("ParcelRun", "tracking@parcelrun.example"), "Delivery exception: your package is delayed",
          b.sent(1, 17, 25),
          f"Delivery exception\n\nTracking number: PR1Z84402917US\nFrom: Kidwell Outfitters\n\nWe tried to deliver "
          f"your package on {wkday_mon_day(tried)} at 2:41 PM but couldn't get into the building (no access to "
          f"the lobby). We'll try again {wkday_mon_day(b.today + timedelta(days=1))} by 8:00 PM. You can also "
          "have it held at the ParcelRun Access Point at 220 Newark Ave for pickup.",
          facts={"provider": "ParcelRun", "missed": tried.isoformat(),
                 "next": (b.today + timedelta(days=1)).isoformat(), "kind": "package"})


def _school_and_work(b: DatedBox) -> None:
    prep = b.at(5, 9, 30)  # after the clocks go back: EST, though the invitation's times are in UTC
    b.invitation(GREG, f"Invitation: Marchetti v. Ridgeline - deposition prep @ {wkday_mon_day(prep)} "
                 f"{clock_ampm(prep)} - 10:30 AM (EST)", b.sent(3, 16, 10),
                 "Team,\n\nLet's get together Monday morning to go through the exhibit list and witness outlines "
                 "before the depositions in DC. Megan, please bring the binder index and the updated privilege log."
                 "\n\nThanks,\nGreg\n\nGregory Halvorsen | Partner\nWhitcombe & Price LLP",
                 uid=f"marchetti-prep-{b.seed}@whitcombeprice.example",
                 summary="Marchetti v. Ridgeline - deposition prep", start=prep, end=prep + timedelta(hours=1),
                 location="28th Fl, Conference Room B")

    binders = b.at(0, 14, 0)  # "tomorrow at 2", written yesterday
    b.add("personal", TASHA, "binders", b.sent(1, 18, 5),
          "Hey girl, can we knock out the exhibit binders tomorrow at 2? My office, 28th floor. I'll order "
          "lunch if it runs long lol. Also heads up, Greg wants the privilege log by Friday.\n\nT",
          facts={"person": TASHA[0], "start": binders.isoformat()})

    b.add("school", DAYCARE, "November closures at Little Acorns", b.sent(5, 15, 30),
          "Hi Little Acorns families!\n\nJust a reminder of our November schedule. We'll be closed Thursday, "
          "November 11 for Veterans Day, and Thursday and Friday, November 25 and 26 for Thanksgiving. On "
          "Wednesday the 24th we close early at 3:00 PM, so please plan pickup by then.\n\nAlso, our Harvest "
          "Family Breakfast is Friday the 19th from 7:30 to 8:30 AM. Bring the little ones in pajamas!\n\n"
          "Thank you,\nMs. Patrice\nDirector, Little Acorns Early Learning",
          facts={"provider": "Little Acorns Early Learning", "closed": "2027-11-11", "kind": "daycare"})

    conference = b.at(13, 18, 10)
    b.add("school", TEACHER, "Parent-teacher conference for Luca", b.sent(4, 14, 50),
          "Dear Mr. and Mrs. Castellano,\n\nParent-teacher conferences are coming up. I have you down for "
          "Tuesday the 16th at 6:10 in the evening, in my room, 214. Each conference is 10 minutes, so please be "
          "on time. Luca is doing great in ELA, and I'd love to talk about his reading log. Students have an early "
          "dismissal at 12:45 that day.\n\nBest,\nMs. Whitfield\n7th Grade ELA, Paulus Hook Middle School",
          facts={"provider": "Paulus Hook Middle School", "start": conference.isoformat(), "kind": "school"})

    game = b.at(3, 9, 0)
    home = b.at(10, 11, 0)
    b.add("personal", COACH, "U13 boys - this week + Saturday", b.sent(2, 21, 30),
          "Hey parents,\n\nPractice this week is Tuesday and Thursday 5:30 to 7 at Lincoln Park, Field 3. Once the "
          "clocks change it gets dark early, so after this week practice moves to 5:00 to 6:30 under the lights.\n\n"
          "Saturday we play the Bayonne Blaze away at Veterans Park in Bayonne, kickoff 9 AM, so get there by "
          "8:15. Then our last game of the fall season is home the following Saturday, the 13th, at 11 AM vs "
          "Hoboken FC. Team party after, pizza's on the club.\n\nWear the red jerseys Saturday. Thanks y'all for "
          "driving!\n\nCoach Ray\nHudson United SC U13 Boys",
          facts={"person": COACH[0], "start": game.isoformat(), "next": home.isoformat()})


LURES = (
    Lure(("Harborline Bank", "alerts@harborline-secure-login.example"), "Suspicious sign-in attempt blocked",
         (1, 5, 15),
         "We detected a sign-in to your Harborline account from a new device in Houston, TX. If this wasn't you, "
         "verify your identity now at http://harborline-secure-login.example/verify or your account will be "
         "locked within 12 hours.", "bank"),
    Lure(("Federal Tax Refund Center", "refunds@irs-taxrefund-center.example"),
         "You are eligible for a tax refund of $1,218.40", (9, 10, 40),
         "After reviewing your 2026 return, we determined you were overcharged. You are owed a refund of "
         "$1,218.40. Submit your bank information at http://irs-taxrefund-center.example/claim within 48 hours "
         "to receive it.", "tax refund"),
    Lure(("E-Toll Services", "notice@etoll-unpaid-balance.example"), "Final notice: unpaid toll balance",
         (0, 5, 30),
         "E-Toll: You have an unpaid toll balance of $4.15. Pay by today to avoid a $50.00 late fee and "
         "suspension of your driver's license: http://etoll-unpaid-balance.example/pay", "toll"),
    Lure(("ParcelRun Delivery", "redelivery@parcelrun-fee.example"), "Your package is on hold", (2, 6, 20),
         "ParcelRun: Your package could not be delivered because of an incomplete address. Pay a $1.99 "
         "redelivery fee at http://parcelrun-fee.example/update to schedule a new delivery.", "package"),
    Lure(("StreamBay", "billing@streambay-account-help.example"), "Payment declined - update your account",
         (6, 19, 0),
         "Your StreamBay membership is on hold because your last payment was declined. Update your payment "
         "details within 24 hours at http://streambay-account-help.example/billing to keep watching.",
         "streaming"),
)


NEWSLETTERS = (
    ("Lower Manhattan Legal Brief", "editor@lmlegalbrief.example", 0,
     ["e-discovery deadlines in the new court rules", "what paralegals should know about AI review",
      "CLE credits before year end"]),
    ("FreshCrate Market", "deals@freshcratemarket.example", 2,
     ["Thanksgiving turkeys from $0.99/lb", "BOGO pies and stuffing", "$10 off your first delivery"]),
    ("Gulfstar Airlines", "deals@gulfstarair.example", 3,
     ["winter sun fares from $89 one way", "Florida for the holidays", "double miles through December"]),
    ("The Jersey City Local", "news@jclocal.example", 4,
     ["the Halloween parade on Newark Ave", "PATH weekend service changes", "new bike lanes downtown"]),
)

PROMO = banner_style("{name} | {topic}", "View in browser. Unsubscribe or update your preferences.", "#c0392b",
                     hour=6, minutes=(10, 50))


CARD_ALERTS = AlertCard(("Harborline Bank Alerts", "alerts@harborlinebank.example"), "Card purchase alert", "4417",
                        "USD", lambda amount, merchant, when: f"Harborline: A {dollars(amount)} purchase was made "
                        f"on your Visa ending in 4417 at {merchant} on {mm_dd_yyyy(when)} at {clock_ampm(when)}. "
                        "Not you? Call 1-800-555-0148.")

MERCHANTS = ("SHOPWELL GROVE ST JERSEY CITY", "CORNER DELI & GRILL NEWARK AVE", "HUDSON FUEL STOP ROUTE 139",
             "BRIGHTLEAF PHARMACY #2231", "PAWS & CLAWS PET SUPPLY")


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (CHRIS, 0, 6, 25, "today", "Morning babe. I'm on the early job in Bayonne so I'll do daycare drop off, can "
         "you grab Gianna at 5:45? Luca's going to Tony's after school, his mom will drop him home by 6. We're out of diapers "
         "and coffee. Also the electric bill came, did you see it? Love you\n\nC"),
        (MOM, 4, 20, 15, "Thanksgiving!!", "Hi sweetie, Daddy and I are so excited to see y'all on the 24th! We'll "
         "leave the guest room for you and Chris, and the kids can have the pull-out. Aunt Carol is coming "
         "Thursday at 2, dinner at 3. Can you bring that green bean thing you made last year?\n\nLove, Mom"),
        (JESS, 2, 22, 50, "Re: Mom & Dad's frame", "I know I know, I owe you $137.50 for my half of the frame. "
         "Payday is Friday the 12th, I'll send it then I promise!! They're gonna cry when they see it.\n\nJess"),
        (MOM, 1, 19, 40, "Re: Thanksgiving!!", "Forgot to tell you, Daddy will pick y'all up at the airport, just "
         "text him when you land. Oh and bring a sweater for Gianna, it gets chilly at night.\n\nLove, Mom"),
    )


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("Jersey City Public Library", "notices@jcpl.example", "Items due soon",
         "Hi Megan, 2 items on your library card are due back in 3 days. Renew on line at jcpl.example."),
        ("Hudson Transit Alerts", "alerts@hudsontransit.example", "Service advisory",
         "Weekend track work: trains between Journal Square and 33rd St will run every 20 minutes this weekend."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Megan Castellano's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the Visa statement says,
    when the electric is due, when the train to DC leaves, when the dentist is now, what time the flight to
    Tampa leaves since it changed) have the same answers for every seed, counted from `now`'s date in New York.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 24:
        raise ValueError("the fourteenth sample needs at least 24 days of mail")
    b = _box(now, seed, days)
    for part in (_cards, _utilities, _household, _money_moves, _appointments, _travel, _package, _school_and_work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Gulfstar Airlines", "The Jersey City Local"))
    b.card_alerts(CARD_ALERTS, 4, first_hour=9, hours=11, spend=(6, 180), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=6, first=4)
    return b.messages()
