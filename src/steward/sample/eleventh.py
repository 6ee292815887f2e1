"""An eleventh sample mailbox, of an eleventh person in an eleventh place: Kristine "Tin" Villanueva-Reyes, a staff
nurse at a hospital in Quezon City, Metro Manila, who lives in a condo in Diliman with her husband Paolo Reyes
(an accountant, signs "Pao") and their children Gabriel ("Gab", 9, in Grade 4) and Sofia ("Sofi", 4, in a
preschool). Her mother lives in Cebu and signs "Mama"; her older sister Joy works in Dubai and signs "Ate Joy".
She pays in pesos, flies to Cebu with the family this Friday for her mother's 65th birthday (a hotel there and
a birthday dinner booked), takes the bus up to Baguio at the end of the month, and gets mail in Philippine
English and the Taglish (and some Cebuano) her family writes. About 60 messages over the three weeks before
`now`, so a home built from it asks every reader of mail to work on names, billers, booking services and ways
of writing that none of the other samples (`steward.sample.mailbox`, `second` to `tenth`) uses.

The mix, all invented: two credit-card statements (one in pesos in HTML tables, one billed in US dollars, each
with a total amount due, a minimum amount due and a due date); an electricity bill with its disconnection
wording; a water bill written like an SMS; a fibre internet statement; a postpaid mobile bill and the e-wallet
receipt that paid it; condo association dues, overdue, and the admin office's reminder with a late penalty; a
car loan amortization taken by auto-debit; a housing fund's loan reminder; a school's second tuition
installment; a life insurance premium due; a bank transfer receipt and a remittance from abroad; a doctor's
clinic reminder by text ("Pls reply YES to confirm"); a dentist; a pediatrician who moves a check-up; a lab test
cancelled; a domestic flight to Cebu with its web check-in open and a return leg; a hotel in Cebu; a bus to
Baguio and back; a concert; a birthday dinner booked through an app; a parcel missed yesterday (cash on
delivery) and out for delivery today, and the order it came from; family in plain words; an infection control
committee's calendar invitation and a nurse manager's meeting in plain words; a preschool teacher's note of a
program where the children sing; three lures (a bank's account lock and OTP, a parcel redelivery fee, an
e-wallet prize); newsletters, promos and card alerts. Amounts are written the way Philippine senders write
them ("₱38,452.17", "PHP 1,899.00", "P687.20", "USD 486.20"), dates month first as most Philippine companies
write them ("07/27/2027", "July 27, 2027", "Jul 22, 2027", "Fri, Jul 16") and times on either clock ("6:45 PM",
"1845H", "12:00 NN").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in
Manila. The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label
and `facts` an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@eleventh.steward.example>`. Only
mail received is here (an inbox export): none she sent.
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
from steward.sample.locale import clock_ampm, mm_dd_yyyy, month_day_year, weekday_month_day, wkday_mon_day

DOMAIN = "eleventh.steward.example"
ME = ("Kristine Villanueva-Reyes", "tin.villanueva.reyes@kalamansi-mail-demo.example")
MANILA = ZoneInfo("Asia/Manila")  # Cebu keeps the same clock
ZONE = "Asia/Manila"  # the person's own clock

FOOTER = ("This is a system-generated email. Please do not reply. The people, companies and numbers in this "
          "mailbox are invented.")
BANK_LEGAL = (
    "Kalayaan Bank will never ask for your card number, CVV, OTP or online banking password through email, SMS "
    "or phone calls. Never share your OTP with anyone. A late payment charge of PHP 1,500.00 or the unpaid "
    "minimum amount due, whichever is lower, applies if the minimum amount due is not received on or before "
    "the payment due date. Kalayaan Bank is regulated by the Central Bank. Deposits are insured up to PHP "
    "1,000,000 per depositor.")

PAO = ("Paolo Reyes", "pao.reyes@kalamansi-mail-demo.example")  # her husband
MAMA = ("Leonora Villanueva", "leonora.villanueva@sugbo-mail-demo.example")  # her mother, in Cebu, signs "Mama"
JOY = ("Joy Villanueva-Cruz", "ate.joy.vcruz@desertmail-demo.example")  # her older sister, in Dubai
GINA = ("Gina Mercado", "gina.mercado@stagathamedical.example")  # her nurse manager
ARNEL = ("Dr. Arnel Cruz", "ipc.committee@stagathamedical.example")  # the infection control committee's chair
CARD = ("Kalayaan Bank", "estatement@kalayaanbank.example")


def _short(d: date | datetime) -> str:
    """Jul 22, 2027."""
    return f"{d:%b} {d.day}, {d:%Y}"


def _hh(d: datetime) -> str:
    """1845H."""
    return f"{d:%H%M}H"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=MANILA, domain=DOMAIN, footer=FOOTER, ics_name="meeting.ics",
                    prodid="-//St. Agatha Medical Center//Outlook 16.0 MIMEDIR//EN")


def _cards(b: DatedBox) -> None:
    issued, due = b.today - timedelta(days=12), b.today + timedelta(days=13)
    rows = (("Card Number", "XXXX-XXXX-XXXX-4417"), ("Statement Date", mm_dd_yyyy(issued)),
            ("Payment Due Date", f"<b>{mm_dd_yyyy(due)}</b>"), ("Previous Balance", "PHP 24,118.90"),
            ("Payments/Credits", "-PHP 24,118.90"), ("Purchases/Advances", "PHP 38,452.17"),
            ("Total Amount Due", "<b>PHP 38,452.17</b>"), ("Minimum Amount Due", "<b>PHP 1,922.61</b>"),
            ("Credit Limit", "PHP 150,000.00"), ("Available Credit", "PHP 111,547.83"))
    html = banner_page(
        "KALAYAAN BANK",
        "<p>Dear KRISTINE V REYES,</p><p>Your Kalayaan Visa Platinum Statement of Account is now available. "
        "Here is a summary:</p>" + summary_table(rows) +
        f"<p>Please pay at least the Minimum Amount Due on or before {month_day_year(due)} to keep your account in good "
        "standing. Pay via the Kalayaan Bank app, online banking, over-the-counter or through accredited "
        "payment partners. Paying only the minimum will mean interest of 3% a month on the unpaid balance.</p>",
        BANK_LEGAL, page="font-family:Arial,Helvetica,sans-serif;font-size:13px;color:#1b1b1b",
        table='width="640" align="center" cellpadding="0" cellspacing="0"',
        banner="background:#0b3d91;color:#ffd200;padding:14px;font-size:20px", pad="16px")
    b.add("statement", CARD, "Your Kalayaan Visa Platinum Statement of Account", b.sent(12, 6, 15), None,
          html=html, pdf=f"SOA_4417_{issued:%m%d%Y}.pdf",
          facts=due_facts("Kalayaan Bank", "38452.17", "PHP", due, "card", "open", last4="4417",
                          product="Kalayaan Visa Platinum", minimum="1922.61"))

    perlas = ("Perlas Bank Credit Cards", "soa@perlasbank.example")
    issued, due = b.today - timedelta(days=8), b.today + timedelta(days=9)
    b.add("statement", perlas, f"Perlas Dollar Mastercard SOA - {issued:%B %Y}", b.sent(8, 9, 20),
          f"Good day, Ms. Villanueva-Reyes!\n\nYour Perlas Dollar Mastercard statement is ready. This card is "
          "billed in US dollars.\n\nCard number: 5288 **** **** 8830\nStatement date: "
          f"{_short(issued)}\nPayment due date: {_short(due)}\n\nPrevious balance: USD 0.00\nPurchases: USD 486.20\n"
          "TOTAL AMOUNT DUE: USD 486.20\nMINIMUM AMOUNT DUE: USD 24.31\n\nPay in US dollars through your Perlas "
          "dollar account, or in pesos at the prevailing selling rate on the day of payment. Payments received "
          "after the due date are charged a late fee of USD 15.00.\n\nPerlas Bank Credit Cards",
          pdf=f"PerlasDollar_8830_{issued:%Y%m}.pdf",
          facts=due_facts("Perlas Bank", "486.20", "USD", due, "card", "open", last4="8830",
                          product="Perlas Dollar Mastercard", minimum="24.31"))


def _utilities(b: DatedBox) -> None:
    power = ("Maliwanag Electric Company", "ebill@maliwanag-electric.example")
    issued, due, cut = b.today - timedelta(days=6), b.today + timedelta(days=5), b.today + timedelta(days=7)
    start = b.today.replace(day=5) - timedelta(days=30)
    b.add("bill", power, f"Your Maliwanag e-Bill for {b.today:%B %Y}", b.sent(6, 10, 5),
          f"Dear Customer,\n\nYour electricity bill is ready.\n\nCustomer Account No.: 0412-7788-01\nService address: "
          f"Unit 12F Linden Residences, Diliman, Quezon City\nBill date: {mm_dd_yyyy(issued)}\nBilling period: "
          f"{mm_dd_yyyy(start)} to {mm_dd_yyyy(b.today.replace(day=5))}\nKWh used: 412\nGeneration charge: PHP 2,371.02\n"
          "Transmission, distribution and other charges: PHP 1,455.93\nVAT and taxes: PHP 459.40\n"
          f"TOTAL AMOUNT DUE: PHP 4,286.35\nDUE DATE: {mm_dd_yyyy(due)}\n\nIMPORTANT: This bill serves as your 48-hour "
          "disconnection notice. If the total amount due is not paid by the due date, your electric service may "
          f"be disconnected on or after {mm_dd_yyyy(cut)} without further notice. Pay via the Maliwanag app, e-wallets "
          "or any accredited payment center.\n\nMaliwanag Electric Company",
          facts=due_facts("Maliwanag Electric Company", "4286.35", "PHP", due, "utility", "open",
                          account="0412-7788-01", disconnection=cut.isoformat()))

    water = ("Agos Water Services", "billing@agoswater.example")
    due = b.today + timedelta(days=6)
    b.add("bill", water, "Agos Water: your bill is ready", b.sent(5, 13, 40),
          f"Hi KRISTINE, your Agos Water bill for Acct 6023-118-44 is P687.20 for 18 cu.m. Due: {wkday_mon_day(due)}. Pay "
          "via PisoPay, online banking or any Agos payment center. Salamat po! Ignore this msg if already paid.",
          facts=due_facts("Agos Water Services", "687.20", "PHP", due, "utility", "open", account="6023-118-44"))

    fibre = ("SwiftFiber", "soa@swiftfiber.example")
    due = b.today + timedelta(days=8)
    b.add("bill", fibre, "Your SwiftFiber Statement of Account", b.sent(4, 8, 25),
          f"Hello Kristine,\n\nHere is your SwiftFiber statement.\n\nAccount number: 0298-445-101\nPlan: "
          f"FiberMax 300 Mbps\nMonthly service fee: PHP 1,899.00\nAmount due: PHP 1,899.00\nDue date: "
          f"{_short(due)}\n\nTo avoid service interruption, please pay on or before the due date. Enroll in "
          "auto-debit and never miss a due date.\n\nSwiftFiber",
          facts=due_facts("SwiftFiber", "1899.00", "PHP", due, "telecom", "open", account="0298-445-101"))

    mobile = ("Tawag Mobile", "postpaid@tawagmobile.example")
    due, paid = b.today + timedelta(days=4), b.today - timedelta(days=2)
    facts = due_facts("Tawag Mobile", "1499.00", "PHP", due, "telecom", "paid", account="09175550143",
                      paid_on=paid.isoformat())
    b.add("bill", mobile, "Your Tawag Postpaid bill", b.sent(9, 12, 0),
          f"Hi! Your Tawag Postpaid bill for 0917 555 0143 is P1,499.00 (Plan 1499). Due date: {mm_dd_yyyy(due)}. Pay "
          "via the Tawag app or PisoPay and get 1GB bonus data. Thank you for choosing Tawag!",
          facts=facts)
    b.add("receipt", ("PisoPay", "no-reply@pisopay.example"), "You have paid Tawag Mobile Postpaid",
          b.sent(2, 21, 14),
          f"You have paid P1,499.00 to TAWAG MOBILE POSTPAID.\n\nAccount number: 09175550143\nDate: "
          f"{_short(paid)} 9:14 PM\nReference No.: 8012 554 198220\nPaid using: PisoPay Wallet\n\nKeep this as "
          "proof of payment. Thank you for using PisoPay!",
          facts={"shop": "Tawag Mobile", "amount": "1499.00", "currency": "PHP", "paid_on": paid.isoformat()})


def _home(b: DatedBox) -> None:
    condo = ("Linden Residences Condominium Corp.", "admin@lindenresidences.example")
    due = b.today - timedelta(days=4)
    b.add("bill", condo, f"Statement of Account - Unit 12F - {b.today:%B %Y}", b.sent(14, 9, 0),
          f"Dear Unit Owner,\n\nPlease see your statement for {b.today:%B %Y}.\n\nUnit: 12F, Tower 1\n"
          f"Association dues ({b.today:%B}): PHP 5,640.00\nAmount due: PHP 5,640.00\nDue date: on or before "
          f"{month_day_year(due)}\n\nUnpaid dues are charged a penalty of 2% per month. Pay at the Admin Office (Mon-Sat, "
          "8AM-5PM) or by bank deposit; please send the deposit slip to this address.\n\nLinden Residences Admin",
          facts=due_facts("Linden Residences", "5640.00", "PHP", due, "dues", "open", account="12F"))
    settle = b.today + timedelta(days=6)
    b.add("bill", condo, "Reminder: unpaid association dues - Unit 12F", b.sent(3, 10, 30),
          f"Good day po!\n\nOur records show that your association dues for {b.today:%B} of PHP 5,640.00 for Unit "
          f"12F remain unpaid as of today. A late payment penalty of 2% (PHP 112.80) has been added, so the amount "
          f"now due is PHP 5,752.80.\n\nKindly settle on or before {month_day_year(settle)} to avoid the suspension of your "
          "amenity access (pool, gym, function room). Kindly disregard if payment has been made.\n\nThank you po,"
          "\nLinden Residences Admin Office",
          facts=due_facts("Linden Residences", "5752.80", "PHP", due, "dues", "overdue", account="12F",
                          penalty="112.80", settle_by=settle.isoformat()))

    loan = ("Sampaguita Savings Bank", "autoloans@sampaguitabank.example")
    due = b.today + timedelta(days=11)
    b.add("bill", loan, "Auto Loan Amortization Due Notice", b.sent(7, 8, 45),
          f"Dear Ms. Kristine V. Reyes,\n\nThis is a friendly reminder of your auto loan amortization.\n\nLoan "
          f"account no.: 3301-0088-27\nVehicle: 2024 Toyoda Vela 1.5 G AT\nMonthly amortization: PHP 18,275.00\n"
          f"Due date: {month_day_year(due)}\nPayment mode: auto-debit from Savings Account ending 0921\n\nPlease make sure "
          "your account has enough funds one banking day before the due date. A penalty of 3% of the amount due "
          "is charged for late payment.\n\nSampaguita Savings Bank Auto Loans",
          facts=due_facts("Sampaguita Savings Bank", "18275.00", "PHP", due, "loan", "open", autopay="true",
                          account="3301-0088-27"))

    fund = ("Tahanan Mutual Fund", "noreply@tahananfund.example")
    due = b.today + timedelta(days=17)
    b.add("bill", fund, f"MPL Amortization Reminder - {b.today:%B %Y}", b.sent(10, 14, 0),
          f"Dear Member,\n\nMID No.: 1211-4470-8825\nLoan: Multi-Purpose Loan\nMonthly amortization: "
          f"PHP 2,145.80\nDue date: on or before {mm_dd_yyyy(due)}\n\nPay through Virtual Tahanan, e-wallets or any "
          "accredited collecting partner. Late payment is charged a penalty of 1/20 of 1% of the amount due for "
          "every day of delay.\n\nTahanan Mutual Fund",
          facts=due_facts("Tahanan Mutual Fund", "2145.80", "PHP", due, "loan", "open", account="1211-4470-8825"))

    school = ("Mabini Heights Academy", "accounting@mabiniheights.example")
    due = b.today + timedelta(days=16)
    b.add("bill", school, "Statement of Account - 2nd Installment - Gabriel Reyes", b.sent(11, 15, 10),
          f"Dear Parent,\n\nStudent: REYES, GABRIEL V.\nGrade 4 - St. Lorenzo\nSchool Year {b.today.year}-"
          f"{b.today.year + 1}\n\nTuition fee, 2nd installment: PHP 14,750.00\nDue date: on or before "
          f"{month_day_year(due)}\n\nPay at the cashier or by bank transfer to Mabini Heights Academy, Kalayaan Bank account "
          "0451-2290-33; email the proof of payment to this address. A surcharge of PHP 500.00 applies to late "
          "payments.\n\nAccounting Office\nMabini Heights Academy",
          facts=due_facts("Mabini Heights Academy", "14750.00", "PHP", due, "school", "open", student="Gabriel"))

    life = ("Bantay Buhay Life Assurance", "premiums@bantaybuhay.example")
    due = b.today + timedelta(days=14)
    b.add("bill", life, "Premium Due Notice - Policy BB-20-778143", b.sent(13, 11, 25),
          f"Dear Policy Owner,\n\nPolicy no.: BB-20-778143\nPlan: Bantay Buhay Protect 20\nInsured: Kristine "
          f"Villanueva-Reyes\nMode of payment: Quarterly\nPremium due: PHP 8,930.00\nDue date: {mm_dd_yyyy(due)}\n\n"
          "You have a 31-day grace period from the due date. Pay through our app, online banking or any of our "
          "customer service centers to keep your policy in force.\n\nBantay Buhay Life Assurance",
          facts=due_facts("Bantay Buhay Life Assurance", "8930.00", "PHP", due, "insurance", "open",
                          account="BB-20-778143"))


def _transfers(b: DatedBox) -> None:
    sent_on = b.today - timedelta(days=3)
    b.add("transfer", ("Kalayaan Bank", "alerts@kalayaanbank.example"), "Fund transfer successful",
          b.sent(3, 20, 42),
          f"You have successfully sent PHP 5,000.00 to LEONORA VILLANUEVA via QuickPadala.\n\nReceiving bank: "
          f"Sugbo Rural Bank\nAccount no.: ******5512\nFrom: Savings Account ending 0921\nTransfer fee: PHP 15.00\n"
          f"Date and time: {mm_dd_yyyy(sent_on)} 08:42 PM\nReference no.: {sent_on:%Y%m%d}KB8801\n\nIf you did not make this "
          "transaction, call our 24/7 hotline immediately.",
          facts={"to": "Leonora Villanueva", "amount": "5000.00", "currency": "PHP", "fee": "15.00",
                 "reference": f"{sent_on:%Y%m%d}KB8801"})

    came = b.today - timedelta(days=1)
    b.add("remittance", ("Padala Global Remit", "notify@padalaglobal.example"),
          "You've received money from JOY VILLANUEVA-CRUZ", b.sent(1, 23, 30),
          f"Hi KRISTINE,\n\nGood news! Money sent by JOY VILLANUEVA-CRUZ from Dubai, United Arab Emirates has been "
          "credited to your Kalayaan Bank account ending 2290.\n\nAmount sent: AED 1,000.00\nExchange rate: 1 AED "
          f"= PHP 15.32\nAmount received: PHP 15,320.00\nDate credited: {_short(came)}\nReference no.: PG-77410265"
          "\n\nThank you for choosing Padala Global Remit.",
          facts={"from": "Joy Villanueva-Cruz", "amount": "15320.00", "currency": "PHP", "sent": "1000.00 AED",
                 "reference": "PG-77410265"})


def _appointments(b: DatedBox) -> None:
    checkup = b.at(5, 10, 0)
    b.add("appointment", ("Dr. Ramon Lacson Clinic", "clinic412@stagathamab.example"), "Appointment reminder",
          b.sent(1, 17, 5),
          f"Good day Ma'am Kristine! This is to remind you of your check-up with Dr. Ramon Lacson (Internal "
          f"Medicine) on {wkday_mon_day(checkup)} at {clock_ampm(checkup)}, Rm 412 Medical Arts Bldg, St. Agatha Medical Center. "
          "Pls reply YES to confirm or NO to cancel. Pls bring your latest lab results. Salamat po!",
          facts={"provider": "Dr. Ramon Lacson", "start": checkup.isoformat(), "status": "awaiting reply",
                 "kind": "doctor"})

    dental = b.at(6, 16, 30)
    b.booking(
        ("SmileCraft Dental Clinic", "hello@smilecraftdental.example"), "dentist", dental,
        "Your SmileCraft appointment is confirmed", b.sent(8, 11, 50),
        f"Hi Kristine!\n\nYour oral prophylaxis (cleaning) with Dr. Bea Manalo is confirmed on {weekday_month_day(dental)}, "
        f"{dental:%Y} at {clock_ampm(dental)}.\n\nSmileCraft Dental Clinic\n2/F Verde Arcade, 88 Mayon Street, Quezon "
        "City\n\nPlease come 10 minutes early. To reschedule, message us at least 24 hours before. See you!",
        doctor="Dr. Bea Manalo")

    pedia = ("Kiddie Care Pediatric Clinic", "appointments@kiddiecare.example")
    was, moved = b.at(5, 9, 0), b.at(7, 14, 30)
    b.moved_booking(
        pedia, "pediatrician", was, moved,
        ("Appointment confirmed: Sofia Reyes", b.sent(10, 13, 15),
         f"Hello Mommy Kristine!\n\nSofia's well-baby check-up and flu vaccine with Dr. Celeste Yap-Santiago is on "
         f"{weekday_month_day(was)} at {clock_ampm(was)}.\n\nKiddie Care Pediatric Clinic, Unit 3, Katipunan Arcade, Quezon City\n\n"
         "Please bring Sofia's baby book. Thank you!"),
        ("Change of schedule: Sofia Reyes", b.sent(2, 16, 20),
         f"Hello Mommy Kristine!\n\nSorry po, Dr. Yap-Santiago will be at a medical convention on {weekday_month_day(was)}. "
         f"We have moved Sofia's check-up to {weekday_month_day(moved)} at {clock_ampm(moved)}, same clinic. If the new schedule "
         "doesn't work for you, just reply to this email.\n\nThank you po!\nKiddie Care Pediatric Clinic"))

    lab = ("Precision Diagnostics", "bookings@precisiondx.example")
    test = b.at(1, 7, 0)
    b.cancelled_booking(
        lab, "lab test", test,
        ("Lab appointment booked - Precision Diagnostics Diliman", b.sent(9, 19, 30),
         f"Hi Kristine,\n\nYour lab appointment is booked.\n\nTests: Fasting Blood Sugar (FBS), Lipid Profile, "
         f"HbA1c\nDate: {mm_dd_yyyy(test)}\nTime: {clock_ampm(test)}\nBranch: Precision Diagnostics Diliman, 51 Maginhawa St., "
         "Quezon City\n\nPlease fast for 10 to 12 hours before your test. Water is allowed."),
        ("Your lab appointment has been cancelled", b.sent(1, 9, 10),
         f"Hi Kristine,\n\nSorry po: our Diliman branch will be closed on {month_day_year(test)} for equipment maintenance, "
         f"so your {clock_ampm(test)} appointment that day has been cancelled. Please book again on our website or in "
         "the app. We apologize for the inconvenience.\n\nPrecision Diagnostics"))

    party = b.at(3, 18, 30)
    b.table_booking(
        ("ResBook PH", "bookings@resbook.example"), "Reservation confirmed: Casa Lechonera Cebu",
        b.sent(6, 21, 5),
        f"Hi Kristine, your table is reserved!\n\nCasa Lechonera Cebu\n22 Salinas Drive, Lahug, Cebu City\n"
        f"{weekday_month_day(party)}, {party:%Y} at {clock_ampm(party)}\n14 guests, private function room\nOccasion: Birthday "
        "(Mama Leonora's 65th)\nReservation no.: RB-4471208\n\nThe restaurant will hold your room for 20 minutes. "
        "A PHP 2,000.00 deposit was paid and will be deducted from your bill.",
        "<h2>Your table is "
        "reserved!</h2><p><b>Casa Lechonera Cebu</b>, 22 Salinas Drive, Lahug, Cebu City</p>"
        f"<p>{weekday_month_day(party)} at {clock_ampm(party)}</p><p>14 guests</p><p>Reservation no. RB-4471208</p>",
        number="RB-4471208", guest="Kristine Reyes", party=14, start=party, place="Casa Lechonera Cebu",
        street="22 Salinas Drive", locality="Cebu City")

    show, doors = b.at(16, 20, 0), b.at(16, 18, 0)
    b.add("ticket", ("TicketBayan", "orders@ticketbayan.example"), "Your e-tickets: Tala at Alon - Liwanag Tour",
          b.sent(15, 12, 40),
          f"Order no. TB-0920447 - CONFIRMED\n\nTala at Alon: Liwanag Tour\nQuezon Dome Arena, Cubao, Quezon City\n"
          f"{wkday_mon_day(show)}, {show:%Y} | Show {clock_ampm(show)} | Gates open {clock_ampm(doors)}\n\n2 x Lower Box B @ PHP 4,500.00\n"
          "Convenience fee: PHP 300.00\nTotal: PHP 9,300.00\n\nPresent your e-tickets and a valid ID at the gate. "
          "No re-entry.",
          facts={"provider": "Quezon Dome Arena", "start": show.isoformat(), "doors": doors.isoformat(),
                 "status": "confirmed", "kind": "concert", "amount": "9300.00", "currency": "PHP"})


def _travel(b: DatedBox) -> None:
    air = ("Bayanihan Air", "itinerary@bayanihanair.example")
    out, out_arr = b.at(2, 18, 45), b.at(2, 20, 10)
    back, back_arr = b.at(4, 16, 30), b.at(4, 17, 55)
    b.add("flight", air, "Your Bayanihan Air itinerary - Booking Ref Z8KQ4T", b.sent(20, 22, 15),
          "Salamat for flying Bayanihan Air!\n\nBooking reference: Z8KQ4T\n\n"
          f"DEPART  {wkday_mon_day(out)}, {out:%Y}  BX 563  Manila (MNL) Terminal 3 {clock_ampm(out)} - Cebu (CEB) {clock_ampm(out_arr)}\n"
          f"RETURN  {wkday_mon_day(back)}, {back:%Y}  BX 568  Cebu (CEB) {clock_ampm(back)} - Manila (MNL) Terminal 3 "
          f"{clock_ampm(back_arr)}\n\nGuests: REYES/KRISTINE MS, REYES/PAOLO MR, REYES/GABRIEL MSTR, REYES/SOFIA MISS\n"
          "Baggage: 2 x 20kg checked baggage (both flights)\nTotal paid: PHP 18,436.00\n\nAll times are local. "
          "Be at the airport at least 2 hours before departure.",
          facts={"provider": air[0], "start": out.isoformat(), "arrive": out_arr.isoformat(), "status": "confirmed",
                 "kind": "flight", "flight": "BX 563", "return": back.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "Z8KQ4T", "amount": "18436.00",
                 "currency": "PHP"})
    closes = out - timedelta(hours=1)
    b.add("flight_checkin", air, "Web check-in is now open for your flight to Cebu", b.sent(1, 8, 0),
          f"Hi KRISTINE,\n\nWeb check-in is now open for BX 563 Manila to Cebu on {wkday_mon_day(out)}, {_hh(out)}.\n\nCheck "
          f"in online until {_hh(closes)} (1 hour before departure) and save your boarding passes. Bag drop "
          "counters at Terminal 3 close 45 minutes before departure.\n\nBooking reference: Z8KQ4T",
          facts={"provider": air[0], "start": out.isoformat(), "closes": closes.isoformat(), "kind": "flight"})

    check_in, check_out = b.at(2, 14, 0), b.at(4, 12, 0)
    b.stay_booking(
        ("Islas Suites Cebu", "reservations@islassuites.example"),
        "Booking confirmed - Islas Suites Cebu (ISC-230718)", b.sent(18, 14, 20),
        f"Dear Ms. Villanueva-Reyes,\n\nThank you for choosing Islas Suites Cebu!\n\nConfirmation no.: ISC-230718\n"
        f"Check-in: {wkday_mon_day(check_in)}, {check_in:%Y}, from 2:00 PM\nCheck-out: {wkday_mon_day(check_out)}, {check_out:%Y}, "
        "until 12:00 NN\nRoom: Family Suite, 2 nights, 2 adults and 2 children, breakfast for 4\nTotal: PHP "
        "9,860.00 (paid)\n\nIslas Suites Cebu, 214 Escario Street, Cebu City\n\nFree airport pick-up is not "
        "included; please book a car with the front desk.",
        "<p>Confirmation "
        f"ISC-230718</p><p>Check-in {wkday_mon_day(check_in)}, check-out {wkday_mon_day(check_out)}</p>",
        number="ISC-230718", guest="Kristine Villanueva-Reyes", check_in=check_in, check_out=check_out,
        place="Islas Suites Cebu", street="214 Escario Street", locality="Cebu City", country="PH",
        amount="9860.00", currency="PHP")

    bus = ("Cordillera Express Lines", "eticket@cordilleraexpress.example")
    go, go_arr = b.at(17, 6, 30), b.at(17, 11, 45)
    ret, ret_arr = b.at(18, 15, 0), b.at(18, 20, 30)
    b.add("bus", bus, "E-ticket: Cubao - Baguio (CXL-88213)", b.sent(16, 20, 0),
          "CORDILLERA EXPRESS LINES - E-TICKET\nBooking no.: CXL-88213\n\n"
          f"GOING: {wkday_mon_day(go)}, {go:%Y}\nCubao Terminal {clock_ampm(go)} -> Baguio Terminal, est. arrival {clock_ampm(go_arr)}\n"
          "Deluxe, Seats 14, 15, 16, 17\n\n"
          f"RETURN: {wkday_mon_day(ret)}, {ret:%Y}\nBaguio Terminal {clock_ampm(ret)} -> Cubao Terminal, est. arrival "
          f"{clock_ampm(ret_arr)}\nDeluxe, Seats 9, 10, 11, 12\n\n4 passengers\nTotal fare: PHP 5,880.00\n\nBe at the "
          "terminal 30 minutes before departure. Show this e-ticket and a valid ID.",
          facts={"provider": "Cordillera Express Lines", "start": go.isoformat(), "arrive": go_arr.isoformat(),
                 "return": ret.isoformat(), "return_arrive": ret_arr.isoformat(), "status": "confirmed",
                 "kind": "bus", "reference": "CXL-88213", "amount": "5880.00", "currency": "PHP"})


def _parcel(b: DatedBox) -> None:
    b.add("receipt", ("TindaHub", "orders@tindahub.example"), "Order placed: #TH-558120331", b.sent(5, 22, 10),
          "Hi Kristine! Your order has been placed.\n\nOrder #TH-558120331\nRechargeable desk fan, 12 inch, white "
          "x1: P1,249.00\nShipping fee: P49.00\nTotal: P1,298.00\nPayment: Cash on Delivery\n\nWe'll let you know "
          "when your order ships. Happy shopping!",
          facts={"shop": "TindaHub", "amount": "1298.00", "currency": "PHP"})
    courier = ("Kargo Express", "updates@kargoexpress.example")
    missed = b.today - timedelta(days=1)
    b.add("delivery", courier, "Delivery attempt failed: KX-PH-7730915", b.sent(1, 14, 25),
          f"Hi KRISTINE, our rider tried to deliver your parcel KX-PH-7730915 (TindaHub) today, {wkday_mon_day(missed)}, at "
          "2:05 PM but no one was available to receive it. We'll try again tomorrow. Please prepare P1,298.00 "
          "for cash on delivery, or leave it with the lobby guard.",
          facts={"provider": "Kargo Express", "missed": missed.isoformat(), "next": b.today.isoformat(),
                 "kind": "parcel", "cod": "1298.00"})
    b.add("delivery", courier, "Out for delivery: KX-PH-7730915", b.sent(0, 7, 5),
          f"Your parcel KX-PH-7730915 is out for delivery today, {wkday_mon_day(b.today)}, between 10:00 AM and 6:00 PM.\n"
          "Rider: Jun Dela Paz, 0918 555 0127\nCOD amount: P1,298.00\n\nNot home? Reply with the name of the "
          "person who will receive it.",
          facts={"provider": "Kargo Express", "start": b.at(0, 10, 0).isoformat(),
                 "end": b.at(0, 18, 0).isoformat(), "kind": "parcel"})


def _work(b: DatedBox) -> None:
    meeting = b.at(0, 14, 0)
    b.invitation(ARNEL, f"Invitation: IPC Committee Monthly Meeting @ {wkday_mon_day(meeting)} {clock_ampm(meeting)} - "
                 f"{clock_ampm(meeting + timedelta(hours=1))}", b.sent(6, 15, 30),
                 "Dear Committee Members,\n\nPlease attend our monthly Infection Prevention and Control meeting. "
                 "Agenda: hand hygiene audit results for June and the dengue season preparedness plan. Ward "
                 "representatives, please bring your unit's compliance figures.\n\nThank you,\nDr. Arnel Cruz\nChair, "
                 "IPC Committee",
                 uid=f"ipc-monthly-{b.seed}@stagathamedical.example", summary="IPC Committee Monthly Meeting",
                 start=meeting, end=meeting + timedelta(hours=1), location="Conference Room B, 5/F Admin Building")

    roster = b.at(5, 15, 0)
    b.add("personal", GINA, "August duty roster", b.sent(1, 16, 40),
          f"Hi Tin,\n\nCan we meet on {roster:%A} at 3pm in my office about the August duty roster? 30 mins lang. "
          "Please bring the leave requests of your staff.\n\nThanks!\nMa'am Gina",
          facts={"person": GINA[0], "start": roster.isoformat()})

    program = b.at(15, 8, 0)
    b.add("school", ("Teacher Abby - Little Sprouts", "teacher.abby@littlesprouts.example"),
          "Nutrition Month Program", b.sent(3, 15, 45),
          f"Dear Parents,\n\nOur Nutrition Month culminating program will be on {weekday_month_day(program)} at 8:00 AM in the "
          "school covered court. The Kinder class will sing \"Bahay Kubo\" and \"Magtanim ay Di Biro\", so please "
          "practice with your child at home. Dress code: Filipiniana or barong. Please also bring one healthy "
          "dish to share for the salu-salo after the program.\n\nThank you po!\nTeacher Abby\nLittle Sprouts "
          "Learning Center",
          facts={"provider": "Little Sprouts Learning Center", "start": program.isoformat(), "kind": "school"})


LURES = (
    Lure(("Kalayaan Bank", "security@kalayaan-bank-verify.example"),
         "URGENT: Your online banking account has been locked", (2, 5, 48),
         "Dear Client, your Kalayaan Bank online account has been LOCKED due to multiple failed login attempts. "
         "To unlock, verify your identity and enter the One-Time PIN (OTP) we sent to your mobile at "
         "http://kalayaan-bank-verify.example/unlock within 12 hours, or your account will be permanently "
         "closed.", "bank"),
    Lure(("Kargo Express", "redelivery@kargo-express-fee.example"),
         "Your parcel is on hold: redelivery fee unpaid", (1, 6, 20),
         "Your parcel KX-PH-0041877 could not be delivered due to an incomplete address. Pay the redelivery fee "
         "of P48.00 within 24 hours at http://kargo-express-fee.example/pay or your parcel will be returned.",
         "parcel"),
    Lure(("PisoPay Rewards", "promo@pisopay-rewards-claim.example"),
         "Congratulations! You won P25,000 from PisoPay", (9, 11, 2),
         "Congratulations! Your PisoPay number was selected in our Anniversary Raffle and you won P25,000.00! To "
         "claim, log in with your MPIN at http://pisopay-rewards-claim.example/claim and pay the P350.00 "
         "processing fee. Claim within 48 hours.", "prize"),
)


NEWSLETTERS = (
    ("Pinoy Nurse Digest", "editor@pinoynursedigest.example", 0,
     ["the new CPD units for renewal", "dengue season on the wards", "working abroad: what to know in 2027"]),
    ("Tindahan Plus", "deals@tindahanplus.example", 3,
     ["rice and canned goods sale", "back to school supplies", "weekend grocery bundle promo"]),
    ("Bayanihan Air Deals", "deals@bayanihanair.example", 4,
     ["PHP 99 seat sale to Davao", "piso fare to Boracay", "Bayanihan Air rewards double points"]),
    ("QC Community Bulletin", "bulletin@qcbulletin.example", 5,
     ["the Maginhawa food park night market", "flood-prone streets this rainy season", "free anti-rabies "
      "vaccination at the barangay"]),
)

PROMO = banner_style("{name}: {topic}", "View in browser. Unsubscribe or manage your preferences.",
                     "#c8102e", hour=8)


CARD_ALERTS = AlertCard(("Kalayaan Bank Alerts", "alerts@kalayaanbank.example"), "Kalayaan Card Transaction Alert",
                        "4417", "PHP", lambda amount, merchant, when: f"Kalayaan Bank: Your Visa card ending 4417 "
                        f"was used for PHP {amount:,.2f} at {merchant} on {mm_dd_yyyy(when)} {when:%I:%M %p}. Not you? "
                        "Call our 24/7 hotline.")

MERCHANTS = ("HATID RIDES", "SARI-SARI MART KATIPUNAN", "KAPE AT TINAPAY UP TOWN", "BOTIKA NG BAYAN QC",
             "LIWAYWAY HYPERMART")


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (PAO, 0, 6, 40, "today", "Hon, I'll fetch Gab at 4:30 today, ikaw na kay Sofi ha? Also pls don't forget "
         "the condo dues, may penalty na daw sabi ng admin. I'll take the jeep today, nasa casa pa yung kotse. "
         "Love you!\n\nPao"),
        (MAMA, 4, 20, 10, "sa Friday", "Tin anak, excited na kaayo ko! Si Kuya Boy ang mosundo ninyo sa airport sa "
         "Friday, he'll be there by 8pm. Ayaw na mo pagdala og regalo ha, kamo ra igo na. Dala mo og jacket kay "
         "ulan-ulan diri.\n\nLove,\nMama"),
        (MAMA, 2, 21, 0, "salamat", "Salamat anak, nadawat na nako ang 5k. Ipalit nako og cake para sa Sabado. "
         "Ingat mo sa byahe.\n\nMama"),
        (JOY, 1, 23, 10, "para kay Mama", "Tin! Nagpadala ako ng 1,000 dirhams thru Padala Global for Mama's party, "
         "pls withdraw and give it to Mama on Saturday. Video call tayo on Sunday 9pm PH time? Miss ko na kayo "
         "lahat.\n\nAte Joy"),
    )


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    night = b.today + timedelta(days=1)
    return (
        ("Agos Water Services", "advisory@agoswater.example", "Water service interruption advisory",
         f"Due to pipe repairs, there will be no water supply in parts of Diliman and Teachers Village from 10PM "
         f"on {weekday_month_day(night)} to 4AM the next day. Please store enough water."),
        ("Linden Residences Admin", "admin@lindenresidences.example", "Elevator maintenance",
         "Elevator 2 of Tower 1 will be under preventive maintenance on Saturday from 8AM to 12NN. Pasensya na "
         "po sa abala."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Kristine Villanueva-Reyes's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the Kalayaan statement
    says, when the electricity is due, when the flight to Cebu leaves, when the pediatrician is now, what was
    cancelled) have the same answers for every seed, counted from `now`'s date in Manila.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 22:
        raise ValueError("the eleventh sample needs at least 22 days of mail")
    b = _box(now, seed, days)
    for part in (_cards, _utilities, _home, _transfers, _appointments, _travel, _parcel, _work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO)
    b.card_alerts(CARD_ALERTS, 4, first_hour=9, hours=11, spend=(85, 2400), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=6, first=4)
    return b.messages()
