"""A twenty-second sample mailbox, of a twenty-second person in a twenty-second place: Darnell Wayne Carter ("D" to
his crew, "Wayne" to his mama), a self-employed plumber in Decatur, Georgia, who runs Carter & Son Plumbing (one
van, one apprentice, Marcus). His wife Keisha is a dental hygienist who works Tuesday to Saturday; their son Jalen
(14) plays AAU basketball, with a tournament in Chattanooga, Tennessee (Eastern time, like Decatur) over the
Juneteenth and Father's Day weekend and a showcase game in Birmingham, Alabama (Central time) the Sunday after;
their daughter Kiara (9) is at a summer day camp and takes swim lessons on Mondays and Wednesdays. His mama lives in
Macon and he drives her to her cardiology follow-up. The mailbox is read on a Tuesday at lunch, in the van between
jobs.

The mix, all invented: the van's commercial loan (autopay on the 20th); a fuel card statement (net 15); a business
credit card (a minimum and a statement balance) and a personal card; a supply house account (two net 30 invoices,
a credit memo for returned parts, a statement in an HTML table); a bookkeeper's reminder of the quarterly estimated
tax due today; the mortgage's escrow change letter; the water bill, its past-due notice and the receipt that paid it;
the power company's budget billing; his general-liability insurance renewal; customer jobs booked through a
scheduling app (one moved by the customer, one cancelled); a customer's check that bounced (money owed to him, not a
bill he owes) and the customer's text about it; his mama's cardiology visit and her text that moved it ("half past
2"); the van's oil change and its emissions notice; Jalen's AAU pool play in an HTML table ("times subject to
change") and the coach's update, the Birmingham game on Central time; a hotel for the tournament (two rooms); Kiara's
camp (early pickup Friday at noon) and swim lessons; Keisha's week told in plain words; a Father's Day brunch for 6;
a barbershop booked by an app; a part on backorder from a Canadian supplier, then shipped (its dates written year
first, "2027-06-18"); a city permit inspection ("between 9 and 1"); the church newsletter (the usher board, a fish
fry and a men's breakfast in plain words); a calendar invitation from the bookkeeper; the credit union's Juneteenth
closing; five lures (a van-loan "payment declined", an "IRS refund pending", a supply-house "invoice overdue" from a
lookalike domain, an unpaid toll under an invented toll name, a delivery "reschedule fee"); newsletters and card
alerts. Amounts are written "$1,284.50", "USD 389.00", "1.2k" and "$685"; dates month first ("06/18/2027", "6/18",
"June 18th", "Fri 6/18"), year first from the Canadian supplier; times "9:30 AM", "7:40pm", "745", "noon" and "half
past 2".

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in Decatur.
The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label and `facts`
an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@twentysecond.steward.example>`. Only mail
received is here (an inbox export): none he sent.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    GMAIL,
    ORIGINAL_MESSAGE,
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
from steward.sample.locale import clock_ampm, mm_dd_yyyy, month_day_year, ordinal, weekday_month_day

DOMAIN = "twentysecond.steward.example"
ME = ("Darnell Carter", "darnell@carterandsonplumbing.example")
DECATUR = ZoneInfo("America/New_York")  # EDT (-04:00) in June
CHATTANOOGA = ZoneInfo("America/New_York")  # Eastern time too, across the Tennessee line
BIRMINGHAM = ZoneInfo("America/Chicago")  # Central time: an hour behind Decatur
ZONE = "America/New_York"  # the person's own clock

FOOTER = ("You are receiving this email because you have an account with us. The people, businesses and numbers in "
          "this mailbox are invented.")

KEISHA = ("Keisha Carter", "keisha.carter@peachmail-demo.example")  # his wife
MAMA = ("Loretta Carter", "loretta.carter1958@peachmail-demo.example")  # his mama, in Macon
MARCUS = ("Marcus Bell", "marcusbell404@peachmail-demo.example")  # his apprentice
COACH = ("Coach Terrence Willis", "twillis@flightelitehoops.example")  # Jalen's AAU coach
HICKS = ("Leonard Hicks", "lhicks.home@peachmail-demo.example")  # a customer whose check bounced
BOOKKEEPER = ("Yvette Simmons", "yvette@ledgerlanebooks.example")  # his bookkeeper
JOBS = ("JobRoute Scheduling", "notifications@jobroute.example")  # the app his customers book through
SUPPLY = ("Southern Pipe & Valve Supply", "ar@southernpipevalve.example")  # his supply house


def _md(d: date | datetime) -> str:
    """6/18: month and day, as a text or a job card writes a date."""
    return f"{d.month}/{d.day}"


def _wmd(d: date | datetime) -> str:
    """Fri 6/18."""
    return f"{d:%a} {d.month}/{d.day}"


def _ampm(d: datetime) -> str:
    """7:40pm, 9am: a time as a person types it."""
    return f"{d.hour % 12 or 12}{'' if d.minute == 0 else f':{d:%M}'}{'am' if d.hour < 12 else 'pm'}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=DECATUR, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Ledger Lane Bookkeeping//Calendar 3.2//EN", ics_stamp="20270610T140000Z")


def _page(name: str, colour: str, body: str, foot: str = "") -> str:
    return banner_page(name, body, foot, page="font-family:Helvetica,Arial,sans-serif;font-size:14px",
                       banner=f"background:{colour};color:#fff;padding:14px;font-size:20px", pad="14px")


def _van_and_fuel(b: DatedBox) -> None:
    loan = ("Red Clay Community Bank", "loanservicing@redclaybank.example")
    draft = b.today + timedelta(days=5)
    b.add("bill", loan, "Your commercial vehicle loan payment is scheduled", b.sent(5, 8, 10),
          f"Hello Darnell Carter,\n\nThis is a courtesy notice for your commercial vehicle loan.\n\nBorrower: "
          f"CARTER & SON PLUMBING LLC\nLoan number: ending 4471\nCollateral: 2021 Ford Transit 250 cargo van\n"
          f"Payment amount: $612.48\nPayment date: {mm_dd_yyyy(draft)}\n\nYour payment is set up on AutoPay and will "
          "be drafted from your business checking account ending 0926 on the 20th of each month. No action is "
          "needed. Please keep enough funds in the account.\n\nRemaining principal: $18,904.11\n\nRed Clay "
          "Community Bank, Commercial Lending",
          facts=due_facts("Red Clay Community Bank", "612.48", "USD", draft, "van loan", "open", autopay="true",
                          account="4471"))

    fuel = ("FleetLine Fuel Card", "statements@fleetlinefuel.example")
    issued, due = b.today - timedelta(days=7), b.today + timedelta(days=8)
    rows = (("Account", "Carter &amp; Son Plumbing - FL-220915"), ("Statement date", mm_dd_yyyy(issued)),
            ("Previous balance", "$402.77"), ("Payments received", "-$402.77"),
            ("Fuel purchases (14 transactions)", "$468.27"), ("Card fees", "$17.95"),
            ("Amount due", "<b>$486.22</b>"), ("Terms", "Net 15"), ("Payment due", f"<b>{mm_dd_yyyy(due)}</b>"))
    b.add("statement", fuel, "FleetLine statement ready - FL-220915", b.sent(7, 6, 30), None,
          html=_page("FleetLine Fuel Card", "#0b4f8a",
                     "<p>Hello Darnell,</p><p>Your fleet fuel card statement is ready.</p>" + summary_table(rows)
                     + "<p>Your terms are net 15: pay the amount due within 15 days of the statement date. A late "
                     "fee of $35.00 applies to balances paid after the due date.</p>",
                     "FleetLine Fuel Card is a fictional fleet card program."),
          facts=due_facts("FleetLine Fuel Card", "486.22", "USD", due, "fuel card", "open", account="FL-220915"))

    shop = ("Bulldog Lube & Tire", "service@bulldoglube.example")
    oil = b.at(2, 7, 0)
    b.booking(shop, "oil change", oil, "Appointment confirmed: Full synthetic oil change", b.sent(4, 19, 40),
              f"Hi Darnell,\n\nYour service appointment is confirmed.\n\nVehicle: 2021 Ford Transit 250 (plate "
              f"CSP 4471)\nService: Full synthetic oil change + tire rotation\nDate: {weekday_month_day(oil)}, "
              f"{oil:%Y}\nTime: {clock_ampm(oil)}\nEstimated time: 45 minutes\nQuoted price: $119.99\n\nBulldog "
              "Lube & Tire, 2280 Candler Road, Decatur GA\n\nNeed to change it? Reply to this email or call "
              "404-555-0182.", reference="BL-77102")

    emissions = ("Clearway Emissions Testing", "reminders@clearwayemissions.example")
    deadline = b.today + timedelta(days=24)
    b.add("other", emissions, "Your emissions inspection is due", b.sent(3, 10, 0),
          f"Dear Vehicle Owner,\n\nOur records show the vehicle below needs an emissions inspection before its "
          f"registration can be renewed.\n\nVehicle: 2021 FORD TRANSIT, plate CSP 4471\nRegistration renewal "
          f"deadline: {mm_dd_yyyy(deadline)}\nTest fee: $25.00\n\nNo appointment is needed. Visit any Clearway "
          "station Monday to Saturday, 8:00 AM to 6:00 PM. Bring your current registration.\n\nClearway Emissions "
          "Testing",
          facts={"shop": "Clearway Emissions Testing", "due_date": deadline.isoformat(), "amount": "25.00",
                 "currency": "USD", "kind": "emissions"})


def _cards(b: DatedBox) -> None:
    cu = ("Magnolia Federal Credit Union", "estatements@magnoliafcu.example")
    issued, due = b.today - timedelta(days=10), b.today + timedelta(days=10)
    rows = (("Card", "Business Visa ending 2208"), ("Statement closing date", mm_dd_yyyy(issued)),
            ("Previous balance", "$2,866.40"), ("Payments", "-$2,866.40"), ("Purchases", "$3,389.12"),
            ("Interest charged", "$23.55"), ("New statement balance", "<b>$3,412.67</b>"),
            ("Minimum payment due", "<b>$102.00</b>"), ("Payment due date", f"<b>{mm_dd_yyyy(due)}</b>"),
            ("Credit limit", "$10,000.00"))
    b.add("statement", cu, "Your Magnolia Business Visa statement is available", b.sent(10, 5, 50), None,
          html=_page("Magnolia Federal Credit Union", "#6b2c5f",
                     "<p>Dear DARNELL W CARTER,</p><p>Your Business Visa statement for CARTER &amp; SON PLUMBING "
                     "is ready.</p>" + summary_table(rows) + "<p>Pay your statement balance by the due date to "
                     "avoid interest on purchases. If you pay less than the minimum, a late fee of up to $29.00 "
                     "may apply.</p>", "Federally insured by a fictional share insurance fund."),
          pdf=f"BusinessVisa_2208_{issued:%m%d%Y}.pdf",
          facts=due_facts("Magnolia Federal Credit Union", "3412.67", "USD", due, "card", "open", last4="2208",
                          minimum="102.00", product="Business Visa"))

    personal = ("Brightwater Bank", "alerts@brightwaterbank.example")
    p_issued, p_due = b.today - timedelta(days=5), b.today + timedelta(days=13)
    b.add("statement", personal, "Cardinal Rewards Mastercard: your statement is ready", b.sent(5, 7, 5),
          f"Hi Darnell,\n\nYour Cardinal Rewards Mastercard statement (card ending 7735) is ready to view.\n\n"
          f"Statement closing date: {mm_dd_yyyy(p_issued)}\nStatement balance: $1,284.50\nMinimum payment due: "
          f"$35.00\nPayment due date: {month_day_year(p_due)}\nRewards earned this period: 1,142 points\n\nSign in "
          "to pay or to set up AutoPay.\n\nBrightwater Bank",
          facts=due_facts("Brightwater Bank", "1284.50", "USD", p_due, "card", "open", last4="7735",
                          minimum="35.00", product="Cardinal Rewards Mastercard"))

    returned = b.today - timedelta(days=2)
    b.add("bank_alert", ("Magnolia Federal Credit Union", "alerts@magnoliafcu.example"),
          "Returned deposit item on your business checking", b.sent(2, 9, 20),
          f"Dear DARNELL W CARTER,\n\nA check you deposited to Business Checking ending 0926 has been returned "
          f"unpaid.\n\nCheck number: 2291\nMaker: LEONARD HICKS\nAmount: $1,200.00\nReturn reason: NSF - "
          f"insufficient funds\nDate returned: {mm_dd_yyyy(returned)}\n\nThe $1,200.00 has been debited from your "
          "account and a returned deposited item fee of $12.00 has been charged. You may wish to contact the maker "
          "of the check to collect payment.\n\nMagnolia Federal Credit Union",
          facts={"kind": "returned check", "amount": "1200.00", "currency": "USD", "person": HICKS[0],
                 "fee": "12.00", "last4": "0926"})

    closed = b.today + timedelta(days=3)
    b.add("other", ("Magnolia Federal Credit Union", "news@magnoliafcu.example"), "Juneteenth holiday hours",
          b.sent(6, 11, 0),
          f"Dear Member,\n\nIn observance of Juneteenth, all Magnolia Federal Credit Union branches and our call "
          f"center will be closed on Friday, June {ordinal(closed.day)} (observed) and Saturday, June "
          f"{ordinal(closed.day + 1)}. Online and mobile banking stay available. Transfers and bill payments "
          f"scheduled for {_md(closed)} will process on the next business day, {weekday_month_day(closed + timedelta(days=3))}."
          "\n\nMagnolia Federal Credit Union",
          facts={"kind": "closure", "closed": closed.isoformat()})


def _supply(b: DatedBox) -> None:
    first_date, first_due = b.today - timedelta(days=26), b.today + timedelta(days=4)
    second_date, second_due = b.today - timedelta(days=12), b.today + timedelta(days=18)
    first = b.add("bill", SUPPLY, "Invoice 55102 from Southern Pipe & Valve Supply", b.sent(26, 15, 10),
                  f"Carter & Son Plumbing\nAccount 30-1187\n\nInvoice: 55102\nInvoice date: {mm_dd_yyyy(first_date)}"
                  f"\nTerms: Net 30\nDue date: {mm_dd_yyyy(first_due)}\n\n2 x 50 gal gas water heater, 40,000 BTU  "
                  "$1,058.00\n1 x PEX-A 3/4 in. coil 100 ft  $86.40\n6 x Brass ball valve 3/4 in.  $64.20\nLess "
                  "contractor discount  -$366.44\nInvoice total: $842.16\n\nThank you for your business.\nSouthern "
                  "Pipe & Valve Supply, Accounts Receivable",
                  facts=due_facts("Southern Pipe & Valve Supply", "842.16", "USD", first_due, "supply invoice",
                                  "open", invoice="55102", account="30-1187"))
    b.add("bill", SUPPLY, "Invoice 55240 from Southern Pipe & Valve Supply", b.sent(12, 15, 25),
          f"Carter & Son Plumbing\nAccount 30-1187\n\nInvoice: 55240\nInvoice date: {mm_dd_yyyy(second_date)}\n"
          f"Terms: Net 30\nDue date: {mm_dd_yyyy(second_due)}\n\n1 x Tankless water heater 199k BTU  $1,089.00\n1 x "
          "Venting kit 3 in.  $127.40\nInvoice total: $1,216.40\n\nThank you for your business.\nSouthern Pipe & "
          "Valve Supply, Accounts Receivable",
          facts=due_facts("Southern Pipe & Valve Supply", "1216.40", "USD", second_due, "supply invoice", "open",
                          invoice="55240", account="30-1187"))
    b.add("other", SUPPLY, "Re: Invoice 55102 - credit memo CM-1187 for returned parts", b.sent(6, 13, 40),
          "Darnell,\n\nWe received the returned water heater (1 x 50 gal gas, unopened) at the Memorial Drive "
          "branch. Credit memo CM-1187 for $214.75 has been applied to your account against invoice 55102 (after "
          "the 15% restocking fee).\n\nInvoice 55102 balance after credit: $627.41\n\nLet me know if you have any "
          "questions.\n\nTamika Rowe\nAccounts Receivable, Southern Pipe & Valve Supply",
          reply_to=first,
          facts={"shop": "Southern Pipe & Valve Supply", "amount": "214.75", "currency": "USD", "kind": "credit memo",
                 "invoice": "55102", "balance": "627.41"})
    rows = (("Invoice 55102 (net 30)", f"$842.16 due {_md(first_due)}"), ("Credit memo CM-1187", "-$214.75"),
            ("Invoice 55240 (net 30)", f"$1,216.40 due {_md(second_due)}"), ("Account balance", "<b>$1,843.81</b>"),
            ("Past due", "$0.00"))
    b.add("statement", SUPPLY, "Account statement - Carter & Son Plumbing (30-1187)", b.sent(1, 7, 45), None,
          html=_page("Southern Pipe &amp; Valve Supply", "#8a1c1c",
                     f"<p>Statement date: {mm_dd_yyyy(b.today - timedelta(days=1))}</p>" + summary_table(rows)
                     + "<p>Please remit by the due date of each invoice. Pay online, at any counter or by check to "
                     "our lockbox.</p>"),
          facts={"shop": "Southern Pipe & Valve Supply", "amount": "1843.81", "currency": "USD",
                 "kind": "account statement", "account": "30-1187"})


def _house(b: DatedBox) -> None:
    water = ("Sweetgum Water & Sewer", "billing@sweetgumwater.example")
    due, shutoff, paid_on = b.today - timedelta(days=14), b.today + timedelta(days=6), b.today - timedelta(days=6)
    bill = b.add("bill", water, "Your water and sewer bill - account 20-44817", b.sent(32, 9, 0),
                 f"Account: 20-44817\nService address: 1907 Sherwood Glen Dr, Decatur GA\n\nWater (6,800 gal): "
                 f"$48.22\nSewer: $39.12\nStormwater fee: $8.80\nAmount due: $96.14\nDue date: {mm_dd_yyyy(due)}\n\n"
                 "Sweetgum Water & Sewer",
                 facts=due_facts("Sweetgum Water & Sewer", "96.14", "USD", due, "water", "paid", account="20-44817",
                                 superseded="paid"))
    b.add("bill", water, "PAST DUE: water account 20-44817", b.sent(8, 8, 30),
          f"PAST DUE NOTICE\n\nAccount: 20-44817\nPast due amount: $96.14\nLate fee: $9.61\nTotal now due: "
          f"$105.75\n\nPay by {mm_dd_yyyy(shutoff)} to avoid interruption of service. If you have already paid, "
          "thank you, please disregard this notice.\n\nSweetgum Water & Sewer", reply_to=bill,
          facts=due_facts("Sweetgum Water & Sewer", "105.75", "USD", shutoff, "water", "paid", account="20-44817",
                          superseded="paid"))
    b.add("receipt", water, "Payment confirmation - account 20-44817", b.sent(6, 21, 12),
          f"Thank you for your payment.\n\nAccount: 20-44817\nPayment amount: $105.75\nPayment date: "
          f"{mm_dd_yyyy(paid_on)}\nConfirmation: SW-6620194\nAccount balance: $0.00\n\nSweetgum Water & Sewer",
          reply_to=bill,
          facts={"shop": "Sweetgum Water & Sewer", "amount": "105.75", "currency": "USD", "status": "paid",
                 "paid_on": paid_on.isoformat()})

    power = ("Ridgeline Electric", "mybill@ridgelineelectric.example")
    p_due = b.today + timedelta(days=9)
    rows = (("Account", "7750-3318-02"), ("Budget Billing amount", "<b>$187.00</b>"),
            ("Actual usage this month (1,642 kWh)", "$231.58"), ("Deferred balance", "$142.36"),
            ("Amount due", "<b>$187.00</b>"), ("Due date", f"<b>{mm_dd_yyyy(p_due)}</b>"))
    b.add("bill", power, "Your Ridgeline Electric bill is ready", b.sent(4, 6, 15), None,
          html=_page("Ridgeline Electric", "#e07b00",
                     "<p>Hello DARNELL CARTER,</p><p>You are on Budget Billing: you pay the same amount each month and "
                     "the difference between your budget amount and your actual usage is carried as a deferred "
                     "balance.</p>" + summary_table(rows) + "<p>Pay online, by phone or set up AutoDraft.</p>"),
          facts=due_facts("Ridgeline Electric", "187.00", "USD", p_due, "electricity", "open",
                          account="7750-3318-02", actual="231.58"))

    lender = ("Dogwood Home Lending", "escrow@dogwoodhomelending.example")
    b.add("other", lender, "Annual escrow account disclosure - loan ending 3390", b.sent(9, 10, 30),
          "Dear Darnell W. Carter and Keisha L. Carter,\n\nWe have completed the annual analysis of your escrow "
          "account.\n\nLoan number: ending 3390\nProperty: 1907 Sherwood Glen Dr, Decatur GA\n\nYour county property "
          "taxes went up by $412.00 and your homeowners insurance went up by $186.00. Your escrow account has a "
          "shortage of $398.04, spread over the next 12 payments.\n\nCurrent monthly payment: $1,846.30\nNew monthly "
          "payment: $1,912.84 (principal and interest $1,288.10, escrow $624.74)\nEffective with the payment due "
          "August 1, 2027\n\nYour payment due July 1, 2027 stays $1,846.30 and will be drafted by AutoPay as usual. "
          "Your AutoPay amount will be updated for you.\n\nDogwood Home Lending",
          facts={"shop": "Dogwood Home Lending", "amount": "1912.84", "currency": "USD", "kind": "escrow",
                 "was": "1846.30", "effective": "2027-08-01"})

    insurer = ("Keystone Trades Mutual", "renewals@keystonetrades.example")
    pay_by = b.today + timedelta(days=15)
    b.add("bill", insurer, "Your general liability policy renews July 1", b.sent(11, 14, 0),
          f"Dear Mr. Carter,\n\nYour Contractor General Liability policy GL-88412 for Carter & Son Plumbing LLC renews "
          f"on July 1, 2027.\n\nCoverage: $1,000,000 each occurrence / $2,000,000 aggregate\nAnnual premium: "
          f"$2,364.00 (last year $2,198.00)\n\nPay in full by {mm_dd_yyyy(pay_by)}, or choose quarterly installments "
          f"of $591.00 with the first due {mm_dd_yyyy(pay_by)}. Coverage lapses if no payment is received by the "
          "renewal date.\n\nKeystone Trades Mutual",
          facts=due_facts("Keystone Trades Mutual", "2364.00", "USD", pay_by, "liability insurance", "open",
                          policy="GL-88412", installment="591.00"))


def _tax(b: DatedBox) -> None:
    due = b.today
    b.add("personal", BOOKKEEPER, "Q2 estimated taxes due Tuesday", b.sent(5, 16, 20),
          f"Hi Darnell,\n\nFriendly reminder that your second-quarter estimated tax payments are due this Tuesday, "
          f"{month_day_year(due)}:\n\nFederal (Form 1040-ES, voucher 2): $2,150.00, pay through IRS Direct Pay\n"
          "Georgia (Form 500-ES): $480.00, pay through the Georgia Tax Center\n\nPlease send me the confirmation "
          "numbers once they're paid so I can log them. And keep sending me the supply house receipts, we're in "
          "good shape for the mid-year review.\n\nYvette Simmons\nLedger Lane Bookkeeping",
          facts={"person": BOOKKEEPER[0], "amount": "2150.00", "currency": "USD", "due_date": due.isoformat(),
                 "kind": "estimated tax", "state": "480.00"})
    review = b.at(7, 16, 30)
    b.invitation(BOOKKEEPER, "Invitation: Mid-year books review - Carter & Son Plumbing", b.sent(4, 11, 5),
                 f"Yvette Simmons has invited you to Mid-year books review.\n\nWhen: {weekday_month_day(review)}, "
                 f"{clock_ampm(review)} - {clock_ampm(review + timedelta(hours=1))} (Eastern Time)\nWhere: Ledger Lane "
                 "Bookkeeping, 415 Church St, Suite 2B, Decatur\n\nBring the van mileage log and your 1099s from "
                 "the general contractors.",
                 uid="ledgerlane-review-2027-06@ledgerlanebooks.example", summary="Mid-year books review",
                 start=review, end=review + timedelta(hours=1),
                 location="Ledger Lane Bookkeeping, 415 Church St, Suite 2B, Decatur", kind="meeting")


def _jobs(b: DatedBox) -> None:
    today_job = b.at(0, 13, 30)
    b.booking(JOBS, "service call", today_job, f"New job booked: Toilet rebuild - {_wmd(today_job)}",
              b.sent(3, 18, 5),
              f"Carter & Son Plumbing, you have a new job.\n\nService call: toilet rebuild (2 toilets), Mr. Franklin\n"
              f"Window: {_wmd(today_job)} 1:30-3:30 PM\nAddress: 88 Kirkwood Trace, Atlanta GA\nCustomer note: the "
              "upstairs one runs all night. Dog is friendly.\n\nJobRoute Scheduling", customer="Franklin")

    install = b.at(1, 8, 0)
    b.booking(JOBS, "service call", install, f"New job booked: Water heater install - {_wmd(install)}",
              b.sent(6, 20, 30),
              f"Carter & Son Plumbing, you have a new job.\n\nService call: water heater install, Ms. Patterson\n"
              f"Window: {_wmd(install)} 8:00-10:00 AM\nAddress: 1418 Sycamore Ridge Dr, Decatur GA\nCustomer note: "
              "old 40 gal gas unit in the garage is leaking at the bottom. Please haul away the old one.\nQuoted: "
              "$1,650.00\n\nJobRoute Scheduling", customer="Patterson")

    was, moved = b.at(2, 13, 0), b.at(6, 10, 0)
    b.moved_booking(
        JOBS, "service call", was, moved,
        (f"New job booked: Kitchen sink leak - {_wmd(was)}", b.sent(8, 12, 15),
         f"Carter & Son Plumbing, you have a new job.\n\nService call: kitchen sink leak under cabinet, Mr. Okonkwo\n"
         f"Window: {_wmd(was)} 1:00-3:00 PM\nAddress: 540 Glenwood Hollow, Decatur GA\n\nJobRoute Scheduling"),
        (f"Job rescheduled by customer: Kitchen sink leak - now {_wmd(moved)}", b.sent(1, 19, 50),
         f"Your customer Mr. Okonkwo rescheduled this job.\n\nService call: kitchen sink leak under cabinet\nWas: "
         f"{_wmd(was)} 1:00-3:00 PM\nNow: {_wmd(moved)} 10:00 AM-12:00 PM\nAddress: 540 Glenwood Hollow, Decatur "
         "GA\n\nJobRoute Scheduling"))

    camera = b.at(3, 9, 0)
    b.cancelled_booking(
        JOBS, "service call", camera,
        (f"New job booked: Sewer line camera inspection - {_wmd(camera)}", b.sent(9, 9, 40),
         f"Carter & Son Plumbing, you have a new job.\n\nService call: sewer line camera inspection, Ms. Delgado\n"
         f"Window: {_wmd(camera)} 9:00-11:00 AM\nAddress: 2716 Belvedere Park Ln, Decatur GA\n\nJobRoute "
         "Scheduling"),
        (f"Job cancelled by customer: Sewer line camera inspection - {_wmd(camera)}", b.sent(0, 8, 5),
         f"Your customer Ms. Delgado cancelled this job.\n\nService call: sewer line camera inspection\nWas: "
         f"{_wmd(camera)} 9:00-11:00 AM\nReason: \"my landlord is sending his own guy\"\n\nThis time slot is open "
         "again.\n\nJobRoute Scheduling"))

    inspection = b.at(2, 9, 0)
    b.add("appointment", ("Decatur Permit Center", "inspections@decaturpermits.example"),
          "Inspection scheduled - permit BP-2027-01184", b.sent(2, 15, 30),
          f"Permit: BP-2027-01184 (plumbing, residential remodel)\nContractor: Carter & Son Plumbing LLC\nJob site: "
          f"311 Hollis Ct, Decatur GA\nInspection type: Rough-in plumbing (drain, waste and vent; water supply)\n"
          f"Inspection date: {mm_dd_yyyy(inspection)}\n\nYour inspector will arrive between 9 and 1. The job site "
          "must be accessible and the work uncovered, with the DWV test on the system. A reinspection fee of $75.00 "
          "applies if the work is not ready.\n\nDecatur Permit Center, Building Inspections",
          facts={"provider": "Decatur Permit Center", "start": inspection.isoformat(),
                 "end": b.at(2, 13, 0).isoformat(), "status": "confirmed", "kind": "inspection",
                 "permit": "BP-2027-01184"})

    backorder = ("Northbay Hydronics Ltd.", "orders@northbayhydronics.example")
    eta = b.today + timedelta(days=3)
    order = b.add("other", backorder, "Order NB-40718: item on backorder", b.sent(12, 10, 0),
                  "Hello Darnell,\n\nThank you for your order NB-40718.\n\nItem: RP-200 recirculation pump kit, "
                  "stainless (qty 1)\nStatus: BACKORDERED\nExpected ship date: 2027-06-14\n\nWe will email you when "
                  "it ships. Order total: USD 389.00 (charged when shipped).\n\nNorthbay Hydronics Ltd., 1200 Dundas "
                  "St E, Mississauga ON, Canada",
                  facts={"shop": "Northbay Hydronics Ltd.", "amount": "389.00", "currency": "USD",
                         "kind": "backorder", "order": "NB-40718"})
    b.add("other", backorder, "Order NB-40718 has shipped", b.sent(0, 9, 30),
          f"Hello Darnell,\n\nGood news: your backordered item has shipped.\n\nOrder: NB-40718\nItem: RP-200 "
          f"recirculation pump kit (qty 1)\nShipped: {b.today - timedelta(days=1):%Y-%m-%d}\nCarrier: Maple Courier, "
          f"tracking MC 7719 2204 5581\nEstimated delivery: {eta:%Y-%m-%d}\nCharged: USD 389.00 to Visa ending 2208"
          "\n\nNorthbay Hydronics Ltd.", reply_to=order,
          facts={"shop": "Northbay Hydronics Ltd.", "amount": "389.00", "currency": "USD", "kind": "shipped",
                 "order": "NB-40718", "delivery": eta.isoformat()})


def _family(b: DatedBox) -> None:
    cardiology = ("Heart of Middle Georgia Cardiology", "appointments@heartmiddlega.example")
    visit = b.at(8, 10, 40)
    reminder = (f"Dear Loretta Carter,\n\nThis is a reminder of your follow-up appointment.\n\nProvider: Dr. Adaeze "
                f"Nwosu, Cardiology\nDate: {weekday_month_day(visit)}, {visit:%Y}\nTime: {clock_ampm(visit)}\n"
                "Location: Heart of Middle Georgia Cardiology, 1650 Forsyth St, Suite 300, Macon GA\n\nPlease arrive "
                "15 minutes early and bring your medication list and your insurance card. Call 478-555-0147 to "
                "reschedule.\n\nHeart of Middle Georgia Cardiology")
    b.add("forwarded", MAMA, "Fwd: Appointment reminder for LORETTA CARTER", b.sent(13, 9, 30),
          forwarded("Wayne here go my heart doctor appointment. can you carry me?", ORIGINAL_MESSAGE, cardiology,
                    b.sent(13, 9, 0), MAMA, "Appointment reminder for LORETTA CARTER", reminder),
          facts={"provider": "Heart of Middle Georgia Cardiology", "start": visit.isoformat(), "status": "confirmed",
                 "kind": "cardiology", "person": MAMA[0], "superseded": "rescheduled"})
    moved = b.at(8, 14, 30)
    b.add("personal", MAMA, "heart dr", b.sent(1, 17, 45),
          f"Wayne the heart doctor office called me. they moved me to half past 2 same day, wednesday the "
          f"{ordinal(moved.day)}, not the morning no more. you still carrying me? we can get lunch after. bring "
          "Kiara if she out of camp\n\nMama",
          facts={"person": MAMA[0], "start": moved.isoformat(), "was": visit.isoformat(), "kind": "cardiology",
                 "status": "rescheduled"})
    b.add("personal", MAMA, "sunday", b.sent(0, 7, 10), "yall still coming sunday? I'm cooking",
          facts={"person": MAMA[0], "kind": "question"})

    schedule = ("babe here go my week. tue and wed 7:30 to 4, thu 9 to 6, fri 7:30 to 1. I got saturday off for "
                "the tournament. so you got Kiara wed for swim at 4 and friday camp let out at noon. we leave for "
                "Chattanooga from the house at 2 friday. your mama asking bout sunday, call her, she don't know bout "
                "the tournament")
    b.add("personal", KEISHA, "my week", b.sent(1, 21, 30), schedule,
          facts={"person": KEISHA[0], "kind": "work schedule", "leave": b.at(3, 14, 0).isoformat()})

    camp = ("Sunbeam Day Camp", "office@sunbeamdaycamp.example")
    noon = b.at(3, 12, 0)
    camp_mail = (f"Dear Sunbeam Families,\n\nCamp will close early this Friday, {month_day_year(noon)}, for the "
                 f"Juneteenth holiday. Please pick up your camper by noon. Regular hours (7:30 AM - 6:00 PM) resume "
                 f"Monday.\n\nReminder: week 3 tuition ($165.00) is due Monday {_md(noon + timedelta(days=3))}. Swim "
                 "campers: bring a towel and goggles on Mondays and Wednesdays.\n\nMs. Renee\nSunbeam Day Camp")
    b.add("forwarded", KEISHA, "Fwd: Early pickup Friday", b.sent(2, 13, 10),
          forwarded("FYI you got pickup friday", GMAIL, camp, b.sent(2, 10, 0), KEISHA,
                    "Early pickup Friday", camp_mail),
          facts={"provider": "Sunbeam Day Camp", "start": noon.isoformat(), "kind": "camp pickup",
                 "person": "Kiara"})
    b.add("bill", camp, "Week 3 tuition due", b.sent(3, 10, 0),
          f"Hello Carter family,\n\nKiara Carter - week 3 tuition: $165.00\nDue: {mm_dd_yyyy(noon + timedelta(days=3))}"
          "\n\nPay in the Sunbeam parent portal.\n\nSunbeam Day Camp",
          facts=due_facts("Sunbeam Day Camp", "165.00", "USD", (noon + timedelta(days=3)).date(), "camp", "open",
                          camper="Kiara"))

    swim = ("Eastlake Aquatic Center", "register@eastlakeaquatics.example")
    first = b.today - timedelta(days=8)
    b.add("receipt", swim, "Registration confirmed: Youth Swim Level 3", b.sent(18, 20, 0),
          f"Thank you for registering.\n\nParticipant: Kiara Carter (age 9)\nProgram: Youth Swim Level 3, Session B\n"
          f"Days: Mondays and Wednesdays, 4:00-4:30 PM\nDates: {month_day_year(first)} to June 30, 2027 (8 "
          "lessons)\nLocation: Eastlake Aquatic Center, indoor pool\nFee paid: $96.00\n\nEastlake Aquatic Center",
          facts={"shop": "Eastlake Aquatic Center", "amount": "96.00", "currency": "USD", "kind": "swim lessons",
                 "start": b.at(1, 16, 0).isoformat(), "status": "paid"})

    barber = b.at(2, 17, 30)
    b.booking(("ChairTime", "bookings@chairtime.example"), "barber", barber,
              f"You're booked at Crown & Fade Barbershop - {_wmd(barber)} {_ampm(barber)}", b.sent(7, 22, 10),
              f"You're booked!\n\nCrown & Fade Barbershop with Dre\n{weekday_month_day(barber)} at "
              f"{clock_ampm(barber)}\nService: Haircut + beard line-up (45 min), $45.00\n2150 Columbia Dr, Decatur\n"
              "\nLate more than 10 minutes? Your spot may be given away. Cancel free up to 2 hours before.\n\nChairTime",
              barber="Dre")

    brunch = b.at(5, 11, 30, CHATTANOOGA)
    booked = (f"Hi Keisha,\n\nYou're all set for Father's Day!\n\nRiverbend Biscuit House\n410 Market Street, "
              f"Chattanooga TN\n{weekday_month_day(brunch)} at {clock_ampm(brunch)}\nParty of 6\nConfirmation: "
              "OS-83315\n\nWe hold tables 15 minutes. Father's Day brunch menu only.\n\nOpenSeat")
    b.add("forwarded", KEISHA, "Fwd: Your reservation at Riverbend Biscuit House", b.sent(4, 20, 40),
          forwarded("brunch sunday w Tasha and Ray after the morning game. dont tell Jalen he gon want waffles lol",
                    OUTLOOK, ("OpenSeat", "noreply@openseat.example"), b.sent(4, 20, 30), KEISHA,
                    "Your reservation at Riverbend Biscuit House", booked),
          facts={"provider": "Riverbend Biscuit House", "start": brunch.isoformat(), "status": "confirmed",
                 "kind": "restaurant", "party": "6", "reference": "OS-83315"})

    hotel_in, hotel_out = b.at(3, 15, 0, CHATTANOOGA), b.at(5, 11, 0, CHATTANOOGA)
    b.stay_booking(
        ("Lookout Ridge Inn & Suites", "reservations@lookoutridgeinn.example"),
        f"Reservation confirmed: {_md(hotel_in)} - {_md(hotel_out)}, 2 rooms", b.sent(15, 21, 5),
        f"Dear Darnell Carter,\n\nThank you for booking with Lookout Ridge Inn & Suites.\n\nConfirmation: "
        f"LRI-558210\nCheck-in: {weekday_month_day(hotel_in)}, {hotel_in:%Y} (from 3 PM)\nCheck-out: "
        f"{weekday_month_day(hotel_out)}, {hotel_out:%Y} (by 11 AM)\nRooms: 2 (1 King, 1 Double Queen)\nRate: "
        "$149.00 per room per night, Scenic City Shootout team rate\nTotal with taxes: $685.40, charged at "
        "check-in\n\n2201 Riverside Parkway, Chattanooga TN. Free parking and hot breakfast 6-9 AM.\n\nLookout "
        "Ridge Inn & Suites",
        f"<p>Confirmation LRI-558210</p><p>{weekday_month_day(hotel_in)} - {weekday_month_day(hotel_out)}, 2 rooms"
        "</p>",
        number="LRI-558210", guest="Darnell Carter", check_in=hotel_in, check_out=hotel_out,
        place="Lookout Ridge Inn & Suites", street="2201 Riverside Parkway", locality="Chattanooga", country="US",
        amount="685.40", currency="USD")


def _hoops(b: DatedBox) -> None:
    games = ((b.at(3, 19, 40, CHATTANOOGA), "Court 3", "Riverside Fieldhouse", "Tennessee Heat 14U"),
             (b.at(4, 9, 0, CHATTANOOGA), "Court 5", "Riverside Fieldhouse", "Knox Elite 14U"),
             (b.at(4, 14, 20, CHATTANOOGA), "Court 1", "Eastgate Rec Center", "Carolina Rise 14U"))
    rows = "".join(f"<tr><td>{_wmd(when)}</td><td>{clock_ampm(when)}</td><td>{court}</td><td>{gym}</td>"
                   f"<td>Flight Elite 14U vs {other}</td></tr>" for when, court, gym, other in games)
    html = ("<html><body style=\"font-family:Arial,sans-serif\"><h2>Scenic City Summer Shootout - 14U Pool C</h2>"
            "<p>Chattanooga, TN. All times Eastern.</p><table border=\"1\" cellpadding=\"5\" "
            "style=\"border-collapse:collapse\"><tr><th>Day</th><th>Time</th><th>Court</th><th>Site</th><th>Game"
            "</th></tr>" + rows + "</table><p>Sunday bracket play begins at 8:00 AM; bracket times are posted "
            "Saturday night.</p><p><b>Times subject to change.</b> Check in at the scorer's table 30 minutes before "
            "tip-off.</p></body></html>")
    text = ("Scenic City Summer Shootout - 14U Pool C (all times Eastern)\n\n"
            + "\n".join(f"{_wmd(w)}  {clock_ampm(w)}  {c}  {g}  vs {o}" for w, c, g, o in games)
            + "\n\nSunday bracket play begins at 8:00 AM. Times subject to change.")
    b.add("school", COACH, "Chattanooga pool play schedule", b.sent(6, 21, 0), text, html=html,
          facts={"provider": "Scenic City Summer Shootout", "start": games[0][0].isoformat(), "kind": "basketball",
                 "superseded": "rescheduled", "person": "Jalen"})

    moved = b.at(3, 20, 20, CHATTANOOGA)
    b.add("school", COACH, "UPDATE Friday game time", b.sent(1, 20, 15),
          f"Flight Elite families,\n\nThe tournament pushed our Friday game. New time: {_wmd(moved)} "
          f"{_ampm(moved)} (was {_ampm(games[0][0])}), still Court 3 at Riverside Fieldhouse. Saturday games have "
          "not changed. Players at the gym by 7:30 in the white jerseys, navy for Saturday.\n\nTournament balance "
          f"of $85 per player is due on TeamPay by Thursday {_md(b.today + timedelta(days=2))}.\n\nPractice tonight "
          f"is still on, 6:30 to 8:30 at the Eastside Rec gym.\n\nCoach Willis",
          facts={"provider": "Scenic City Summer Shootout", "start": moved.isoformat(),
                 "was": games[0][0].isoformat(), "kind": "basketball", "status": "rescheduled", "person": "Jalen",
                 "practice": b.at(0, 18, 30).isoformat()})
    b.add("bill", ("TeamPay", "receipts@teampay.example"), "Payment request: Scenic City Shootout balance",
          b.sent(1, 20, 30),
          f"Flight Elite Hoops is requesting a payment.\n\nPlayer: Jalen Carter\nItem: Scenic City Summer Shootout "
          f"balance\nAmount: $85.00\nDue: {mm_dd_yyyy(b.today + timedelta(days=2))}\n\nPay in the TeamPay app.",
          facts=due_facts("TeamPay", "85.00", "USD", b.today + timedelta(days=2), "tournament fee", "open",
                          player="Jalen"))

    bham = b.at(12, 13, 0, BIRMINGHAM)
    b.add("school", COACH, "Birmingham showcase game", b.sent(3, 19, 0),
          f"Flight Elite families,\n\nAfter Chattanooga we have one showcase game in Birmingham: {weekday_month_day(bham)}"
          f", tip-off 1:00 PM Central time (that's 2:00 our time) at Ironworks Fieldhouse, 900 Vance Ave, Birmingham "
          "AL. It's about 2 and a half hours, so plan to leave Decatur by 10:30 our time. No hotel needed.\n\nCoach "
          "Willis",
          facts={"provider": "Ironworks Fieldhouse", "start": bham.isoformat(), "kind": "basketball",
                 "person": "Jalen"})


def _church_and_crew(b: DatedBox) -> None:
    usher, fish, breakfast = b.at(2, 19, 0), b.at(10, 17, 0), b.at(11, 8, 0)
    b.add("newsletter", ("New Bethel Missionary Baptist Church", "office@newbethelmbc.example"),
          "New Bethel Weekly: Father's Day, fish fry and more", b.sent(2, 6, 30),
          "NEW BETHEL WEEKLY\n\nHappy Father's Day to all our fathers this Sunday! Men, wear white.\n\nUsher Board: "
          f"we meet this Thursday, {month_day_year(usher)}, at 7:00 PM in Room 104. All ushers please attend.\n\n"
          f"Fish Fry: Friday the {ordinal(fish.day)}, 5 PM until the fish runs out, in the church parking lot. "
          "Plates $12, whiting or catfish, two sides and cake.\n\nMen's Breakfast: Saturday, June "
          f"{ordinal(breakfast.day)}, 8:00 AM in the Fellowship Hall. Brother Curtis is on the grill. Bring a "
          "friend.\n\nPastor's Bible study Wednesdays at 7 PM.",
          facts={"list": "New Bethel Weekly", "usher": usher.isoformat(), "fish_fry": fish.isoformat(),
                 "breakfast": breakfast.isoformat()})

    b.add("personal", MARCUS, "tmrw", b.sent(0, 7, 30),
          "D I'll meet you at Ms Patterson at 745 tmrw, I'll grab the heater from the shop. also can I be off "
          "friday for Juneteenth? my girl got a cookout",
          facts={"person": MARCUS[0], "start": b.at(1, 7, 45).isoformat(), "kind": "meet"})
    b.add("personal", HICKS, "the check", b.sent(1, 18, 20),
          "Mr Carter I am so sorry about that check, my bank messed up. I will have the 1.2k for you in cash Friday "
          "morning. Can you come by the house around 8?",
          facts={"person": HICKS[0], "amount": "1200.00", "currency": "USD", "owed_to_me": "true",
                 "start": b.at(3, 8, 0).isoformat()})


LURES = (
    Lure(("Red Clay Bank Loan Services", "alerts@redclay-bank-secure.example"),
         "Action required: your loan payment was DECLINED", (1, 4, 20),
         "Your commercial vehicle loan payment was declined. Update your card within 24 hours at "
         "http://redclay-bank-secure.example/update to avoid a late fee of $150 and repossession of the vehicle.",
         "bank"),
    Lure(("IRS Refund Department", "refunds@irs-taxrefund-status.example"), "Your tax refund of $1,284.00 is pending",
         (2, 5, 5),
         "You are eligible for a tax refund of $1,284.00. To receive it, confirm your Social Security number and bank "
         "details at http://irs-taxrefund-status.example/claim within 48 hours.", "tax"),
    Lure(("Southern Pipe & Valve Supply", "billing@southernpipe-valve.example"), "Invoice 55102 OVERDUE - see attached",
         (0, 6, 40),
         "Your invoice is overdue. Please see the attached invoice and pay today at "
         "http://southernpipe-valve.example/pay to avoid suspension of your contractor account.", "invoice"),
    Lure(("PeachLane Express Toll", "notice@peachlane-tollpay.example"), "Unpaid toll balance: $6.85",
         (3, 7, 45),
         "PeachLane Express: your vehicle has an unpaid toll balance of $6.85. Pay now at "
         "http://peachlane-tollpay.example to avoid a $50 late fee and suspension of your registration.", "toll"),
    Lure(("ParcelSwift Delivery", "support@parcelswift-redelivery.example"), "We missed you: reschedule your delivery",
         (0, 5, 55),
         "We attempted to deliver your package today. To reschedule delivery pay the $1.99 redelivery fee at "
         "http://parcelswift-redelivery.example/fee within 12 hours or the package will be returned.", "delivery"),
)


NEWSLETTERS = (
    ("Plumbing Pro Weekly", "editor@plumbingproweekly.example", 1,
     ["tankless install mistakes", "pricing service calls in 2027", "PEX vs copper on repipes"]),
    ("Southern Pipe & Valve Supply", "deals@southernpipevalve.example", 3,
     ["water heater rebate days", "new Memorial Drive counter hours", "contractor appreciation cookout"]),
    ("Flight Elite Hoops", "news@flightelitehoops.example", 5,
     ["summer schedule", "player spotlight", "camp registration"]),
)

PROMO = banner_style("{name} | {topic}", "View in browser. Unsubscribe.", "#1f4e79", hour=6, minutes=(5, 55))

CARD_ALERTS = AlertCard(("Magnolia Federal Credit Union", "alerts@magnoliafcu.example"), "Business Visa purchase alert",
                        "2208", "USD", lambda amount, merchant, when: f"Magnolia FCU: A purchase of ${amount:,.2f} "
                        f"at {merchant} was made on your Business Visa ending 2208 on {mm_dd_yyyy(when)} at "
                        f"{clock_ampm(when)}.")

MERCHANTS = ("SOUTHERN PIPE VALVE 07", "QUIKFILL FUEL 221", "BIGBOX HARDWARE 4410", "WAFFLE STOP 112")


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (KEISHA, 0, 9, 10, "dinner",
         "dont forget Jalen practice tonight at 6:30, you got him. I'll have dinner ready when yall get back"),
    )


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("JobRoute Scheduling", "tips@jobroute.example", "Tip: send customers an on-my-way text",
         "Customers who get an on-my-way text leave better reviews. Turn it on in Settings."),
        ("Decatur Permit Center", "news@decaturpermits.example", "Online permit portal maintenance",
         "The online permit portal will be down for maintenance Sunday night from 10 PM to 2 AM."),
    )


def generate(now: datetime, seed: int = 7, days: int = 40) -> list[SampleMessage]:
    """Darnell Carter's mailbox: about 70 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the supply house is owed after
    the credit, whether the water bill is paid, when the Friday game tips off now, where his mama's visit moved to,
    which jobs are left this week) have the same answers for every seed, counted from `now`'s date in Decatur.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 33:
        raise ValueError("the twenty-second sample needs at least 33 days of mail")
    b = _box(now, seed, days)
    for part in (_van_and_fuel, _cards, _supply, _house, _tax, _jobs, _family, _hoops, _church_and_crew):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Flight Elite Hoops",))
    b.card_alerts(CARD_ALERTS, 4, first_hour=9, hours=9, spend=(18, 640), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=5, first=4)
    return b.messages()
