"""A thirteenth sample mailbox, of a thirteenth person in a thirteenth place: Claire Haigh, a hospital pharmacist at
St Bede's Hospital in Leeds, who lives in Headingley with her husband Dean (a paramedic on shifts, signs "D x"),
their son Josh (15, Year 11), their daughter Poppy (9, Year 5, a Brownie) and Biscuit the cat. Her mam lives in
Scarborough and signs "Mam x"; her brother Gary lives in Glasgow. The family fly to Lanzarote for half term this
Saturday (a package holiday: flights from Leeds Bradford, a hotel and a coach transfer); after the clocks go back
on Sunday 31 October she has the dentist, a hospital clinic that was moved, a day in London by train, a football
match, the vet, the optician and a parents' evening. Her mail is in British English as people in Yorkshire write
it ("half five", "a fortnight on Friday", "cheers", "ta", "love", "owt", "nowt", "our Josh", "me mam", "tea" for
the evening meal). About 60 messages over the three weeks before `now`, so a home built from it asks every reader
of mail to work on names, billers, booking services and ways of writing that none of the other samples
(`steward.sample.mailbox`, `second` to `twelfth`) uses.

The mix, all invented: two credit-card statements (one in HTML tables, one in plain text with a euro charge
converted, each with a balance, a minimum payment and a payment date); a dual-fuel energy bill whose Direct Debit
goes up; a council tax instalment; a water bill; broadband and a mobile contract by Direct Debit; a viewing
licence to renew; a buy-now-pay-later instalment; a mortgage whose rate falls; car insurance renewing; vehicle
tax and an MOT reminder; a GP booked in an app and its text reminder; a hospital outpatient letter and the letter
that moves it; a dental check-up; an eye test; the cat's booster at the vet; a barber cancelled; a train to
London and back (coach and seat, an e-ticket) and a Delay Repay claim paid; the package holiday and its
documents; a football match; a birthday table; a parcel missed and its order; her brother's money for his half
of their mam's present; family in plain words; a Brownie leader's note; a football coach's fixtures; a form
tutor's parents' evening; a chief pharmacist's calendar invitation and a colleague's meeting in plain words;
five lures (a bank's "new payee", a tax refund, a vehicle tax "payment failed", a parcel redelivery fee, a clean
air zone penalty); newsletters, promos and card alerts. Amounts are written "£1,234.56", "GBP 1,234.56" and
"£45" (one "EUR 64.00"), dates day first as British mail writes them ("05/11/2027", "Thu 4th Nov",
"4 November 2027") and times as "5.30pm", "17:30" or "half 7".

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in London
(an hour ahead of UTC until the clocks go back on 31 October, then on UTC). The seed varies the filler (card
alerts, the minutes of newsletters). Every message has a `kind` label and `facts` an evaluation can check, and a
stable Message-ID `<kind-NNNN.SEED@thirteenth.steward.example>`. Only mail received is here (an inbox export):
none she sent.
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
    banner_page,
    due_facts,
    marked_page,
    stay_markup,
    summary_table,
)
from steward.sample.locale import clock_dot_pm, day_month_year, dd_mm_yyyy, ordinal, weekday_day_month

DOMAIN = "thirteenth.steward.example"
ME = ("Claire Haigh", "claire.haigh@whiterose-mail-demo.example")
LONDON = ZoneInfo("Europe/London")  # Leeds keeps London's clock
CANARY = ZoneInfo("Atlantic/Canary")  # Lanzarote: the same wall clock as the UK's, all year
ZONE = "Europe/London"  # the person's own clock

FOOTER = ("Please do not reply to this email as this mailbox is not monitored. The people, companies and numbers in "
          "this mailbox are invented.")
BANK_LEGAL = (
    "Yorkstone Bank will never ask you to move money to a safe account or to share a one-time passcode. If you "
    "are unsure about an email, call us on 0800 555 0119. Representative 24.9% APR (variable). Yorkstone Bank plc "
    "is authorised and regulated by the Financial Conduct Authority.")

DEAN = ("Dean Haigh", "deanhaigh77@whiterose-mail-demo.example")  # her husband, signs "D x"
MAM = ("Maureen Lister", "mo.lister@seasidemail-demo.example")  # her mam, in Scarborough, signs "Mam x"
GARY = ("Gary Lister", "gary.lister@clydemail-demo.example")  # her brother, in Glasgow
ANITA = ("Anita Kaur", "anita.kaur@stbedes.nhs.example")  # the chief pharmacist
TOM = ("Tom Reilly", "tom.reilly@stbedes.nhs.example")  # a lead pharmacist
BROWN_OWL = ("Karen Whitaker", "brownowl.12thheadingley@guidingmail-demo.example")  # Poppy's Brownie leader
COACH = ("Lee Brammer", "lee.brammer@kirkstalljuniorsfc.example")  # Josh's football coach
TUTOR = ("Nadia Bhatti", "n.bhatti@kirkstallvalley.academy.example")  # Josh's form tutor
CARD = ("Yorkstone Bank", "statements@yorkstonebank.example")


def _wk(d: date | datetime) -> str:
    """Thu 4th Nov."""
    return f"{d:%a} {ordinal(d.day)} {d:%b}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=LONDON, domain=DOMAIN, footer=FOOTER, ics_name="meeting.ics",
                    prodid="-//St Bede's Hospital//Outlook Calendar 16.0//EN")


def _cards(b: DatedBox) -> None:
    issued, due = b.today - timedelta(days=14), b.today + timedelta(days=13)
    rows = (("Card ending", "3308"), ("Statement date", dd_mm_yyyy(issued)), ("Previous balance", "£1,204.11"),
            ("Payments received", "-£1,204.11"), ("New transactions", "£1,842.37"),
            ("Statement balance", "<b>£1,842.37</b>"), ("Minimum payment", "<b>£55.27</b>"),
            ("Payment date", f"<b>{dd_mm_yyyy(due)}</b>"), ("Credit limit", "£6,500.00"),
            ("Available to spend", "£4,657.63"))
    html = banner_page(
        "Yorkstone Bank",
        "<p>Dear Mrs Haigh,</p><p>Your Yorkstone Visa Rewards statement is now available in Online Banking. Here's a "
        "summary:</p>" + summary_table(rows) +
        f"<p>To avoid paying interest on your purchases, pay your statement balance in full by {day_month_year(due)}. "
        "If you can't, please make sure at least your minimum payment reaches us by the payment date.</p>"
        "<p>Kind regards,<br>Yorkstone Bank Card Services</p>", BANK_LEGAL,
        page="font-family:Arial,sans-serif;font-size:14px;color:#1d1d1b",
        table='width="600" align="center" cellpadding="0" cellspacing="0"',
        banner="background:#2b3a67;color:#fff;padding:16px;font-size:20px", pad="16px")
    b.add("statement", CARD, "Your Yorkstone Visa Rewards statement is ready", b.sent(14, 6, 35), None,
          html=html, pdf=f"Statement_3308_{issued:%d%m%Y}.pdf",
          facts=due_facts("Yorkstone Bank", "1842.37", "GBP", due, "card", "open", last4="3308",
                          product="Yorkstone Visa Rewards", minimum="55.27"))

    pennant = ("Pennant Card", "statements@pennantcard.example")
    issued, due = b.today - timedelta(days=8), b.today + timedelta(days=19)
    bought = b.today - timedelta(days=22)
    b.add("statement", pennant, f"Pennant Mastercard - your {issued:%B} statement", b.sent(8, 9, 10),
          "Hi Claire,\n\nYour Pennant Mastercard statement is ready.\n\nCard: **** **** **** 7741\n"
          f"Statement date: {dd_mm_yyyy(issued)}\nPayment due date: {dd_mm_yyyy(due)}\n\nPrevious balance GBP 0.00\n"
          f"{dd_mm_yyyy(bought)}  FIETSHUIS AMSTERDAM NL  EUR 64.00 @ 1.1405 = GBP 56.12\n"
          f"{dd_mm_yyyy(bought)}  Non-sterling transaction fee  GBP 1.54\nOther purchases  GBP 554.82\n"
          "Statement balance GBP 612.48\nMinimum payment GBP 25.00\n\nPay at least the minimum by the due date "
          "or we'll charge a late payment fee of £12.00.\n\nCheers,\nPennant Card",
          pdf=f"Pennant_7741_{issued:%Y%m}.pdf",
          facts=due_facts("Pennant Card", "612.48", "GBP", due, "card", "open", last4="7741",
                          product="Pennant Mastercard", minimum="25.00", foreign="64.00 EUR"))


def _utilities(b: DatedBox) -> None:
    energy = ("Brightwater Energy", "hello@brightwaterenergy.example")
    issued, change = b.today - timedelta(days=5), b.today + timedelta(days=12)
    b.add("bill", energy, "Your Brightwater bill and a change to your Direct Debit", b.sent(5, 10, 15),
          f"Hi Claire,\n\nYour latest dual fuel bill is ready.\n\nAccount number: BW-6620391\nSupply address: 14 "
          f"Grange View, Headingley, Leeds LS6 3QT\nBill date: {dd_mm_yyyy(issued)}\nBill period: 14 September to 13 "
          "October 2027\n\nElectricity: 248 kWh, £78.41 (incl. standing charge)\nGas: 612 kWh, £52.87 (incl. "
          "standing charge)\nTotal charges this bill: £131.28\nAccount balance: £86.30 in debit\n\nYOUR DIRECT "
          "DEBIT IS CHANGING\nWith winter coming and your balance in debit, your monthly Direct Debit will go "
          f"up from £142.00 to £168.00. The first payment at the new amount will be taken on {day_month_year(change)}, "
          "then on the 1st of each month. You don't need to do anything.\n\nThanks,\nBrightwater Energy",
          facts=due_facts("Brightwater Energy", "168.00", "GBP", change, "utility", "open", autopay="true",
                          account="BW-6620391", was="142.00", charges="131.28"))

    water = ("Dales & Ouse Water", "billing@dalesousewater.example")
    due = b.today + timedelta(days=14)
    b.add("bill", water, "Your water bill is ready to view", b.sent(4, 12, 40),
          f"Dear Mrs C Haigh, your Dales & Ouse Water bill for account 7730 118 442 is ready. Charges for 1 "
          f"October 2027 to 31 March 2028: water supply £96.14, wastewater £118.22. Total £214.36, to pay by "
          f"{dd_mm_yyyy(due)}, or in 6 monthly instalments of £35.73. Pay online at dalesousewater.example or by Direct "
          "Debit.",
          facts=due_facts("Dales & Ouse Water", "214.36", "GBP", due, "utility", "open", account="7730 118 442"))

    fibre = ("Fibrelane", "billing@fibrelane.example")
    due = b.today + timedelta(days=8)
    b.add("bill", fibre, f"Your Fibrelane bill for {b.today:%B}", b.sent(3, 8, 20),
          "Hi Claire,\n\nYour Fibrelane bill is ready.\n\nAccount: FL-2204817\nPackage: Full Fibre 500\n"
          f"Amount: £32.99\nWe'll collect this by Direct Debit on or just after {dd_mm_yyyy(due)}. Nothing for you to "
          "do.\n\nFibrelane",
          facts=due_facts("Fibrelane", "32.99", "GBP", due, "telecom", "open", autopay="true",
                          account="FL-2204817"))

    mobile = ("Chatterbox Mobile", "mybill@chatterboxmobile.example")
    due = b.today + timedelta(days=6)
    b.add("bill", mobile, "Your Chatterbox bill is ready", b.sent(7, 13, 5),
          "Hiya Claire, your Chatterbox bill for 07700 900418 is £27.85 (Airtime plan £24.50 + £3.35 calls to "
          f"0845 numbers). We'll take it by Direct Debit on {_wk(due)}. Check the details in the Chatterbox app.",
          facts=due_facts("Chatterbox Mobile", "27.85", "GBP", due, "telecom", "open", autopay="true",
                          account="07700 900418"))


def _household(b: DatedBox) -> None:
    council = ("Leodis City Council", "counciltax@leodis.gov.example")
    due = b.today + timedelta(days=12)
    b.add("bill", council, "Council Tax: your November instalment", b.sent(9, 11, 0),
          f"Dear Mrs C Haigh,\n\nCouncil Tax account: 50881274\nProperty: 14 Grange View, Leeds LS6 3QT (Band C)"
          "\nAnnual charge 2027/28: £1,987.40, in 10 monthly instalments\n\nYour next instalment of £198.74 will "
          f"be collected by Direct Debit on {day_month_year(due)}.\n\nIf your circumstances change, tell us online at "
          "leodis.gov.example/counciltax.\n\nRevenues and Benefits\nLeodis City Council",
          facts=due_facts("Leodis City Council", "198.74", "GBP", due, "council tax", "open", autopay="true",
                          account="50881274"))

    licence = ("Viewing Licence Authority", "renewals@viewinglicence.example")
    expires = b.today + timedelta(days=11)
    b.add("bill", licence, "Your Viewing Licence is due for renewal", b.sent(10, 7, 50),
          f"Dear Mrs Haigh,\n\nYour Viewing Licence (number 3378 1024 5561) for 14 Grange View runs out on "
          f"{day_month_year(expires)}.\n\nRenew it now for £174.50. You can pay in full online or set up a Direct Debit."
          "\n\nIt's against the law to watch or record live broadcasts without a valid licence.\n\nViewing "
          "Licence Authority",
          facts=due_facts("Viewing Licence Authority", "174.50", "GBP", expires, "licence", "open",
                          account="3378 1024 5561"))

    bnpl = ("Splitly", "payments@splitly.example")
    due = b.today + timedelta(days=7)
    b.add("bill", bnpl, "Your next Splitly payment is coming up", b.sent(1, 10, 5),
          f"Hi Claire! Just a heads up: payment 3 of 4 for your Harlow & Finch order (£149.00) is £37.25 and "
          f"we'll take it from your card ending 3308 on {_wk(due)}. After that you've just £37.25 left to pay.",
          facts=due_facts("Splitly", "37.25", "GBP", due, "instalment", "open", autopay="true", shop="Harlow & Finch"))

    loan = ("Aire & Calder Building Society", "mortgages@aireandcalder.example")
    first = b.today + timedelta(days=12)
    b.add("bill", loan, "Your mortgage rate is changing", b.sent(12, 14, 30),
          "Dear Mr and Mrs Haigh,\n\nMortgage account: 0044 7812 01\n\nFollowing the change to Bank Rate, the "
          "interest rate on your tracker mortgage is coming down.\n\nOld rate: 4.79%\nNew rate: 4.54%\nBalance: "
          f"£148,305.22\nNew monthly payment: £962.10 (was £986.42)\nFirst payment at the new amount: "
          f"{day_month_year(first)}\n\nYour payments will keep being collected by Direct Debit. You don't need to do "
          "anything.\n\nYours sincerely,\nMortgage Services\nAire & Calder Building Society",
          facts=due_facts("Aire & Calder Building Society", "962.10", "GBP", first, "mortgage", "open",
                          autopay="true", rate="4.54", was_rate="4.79"))

    insurer = ("Rosehip Insurance", "renewals@rosehipinsurance.example")
    renews = b.today + timedelta(days=25)
    b.add("bill", insurer, "Your car insurance renewal", b.sent(6, 9, 25),
          f"Hi Claire,\n\nYour car insurance (policy RH-MC-884120) for YH19 KXL renews on {day_month_year(renews)}.\n\n"
          "Cover: Comprehensive, 2 named drivers (Claire Haigh, Dean Haigh)\nExcess: £350\nNew premium: £612.40 "
          "(last year: £548.90)\n\nYou're set to auto-renew, so we'll take £612.40 from your card ending 3308 on "
          "the renewal date. If you'd rather not renew, let us know before then.\n\nRosehip Insurance",
          facts=due_facts("Rosehip Insurance", "612.40", "GBP", renews, "insurance", "open", autopay="true",
                          account="RH-MC-884120", was="548.90"))

    tax = ("Driver and Vehicle Licensing Office", "vehicletax@dvlo.gov.example")
    runs_out = b.today + timedelta(days=11)
    b.add("bill", tax, "Vehicle tax due for YH19 KXL", b.sent(11, 8, 0),
          f"Dear CLAIRE HAIGH,\n\nThe vehicle tax for YH19 KXL (silver hatchback) runs out on {day_month_year(runs_out)}.\n\n"
          "12 months: £190.00\n6 months: £104.50\nMonthly Direct Debit: £16.63 a month\n\nTax it online at "
          "dvlo.gov.example with the 16-digit reference below. You must tax your vehicle even if you don't have "
          "to pay.\n\nReference: 4821 6620 1199 7730\n\nDVLO",
          facts=due_facts("Driver and Vehicle Licensing Office", "190.00", "GBP", runs_out, "vehicle tax", "open",
                          plate="YH19 KXL"))
    mot = b.today + timedelta(days=29)
    b.add("other", ("Kirkstall Road Motors", "service@kirkstallroadmotors.example"), "Your MOT is due",
          b.sent(7, 16, 40),
          f"Hiya Claire,\n\nJust a reminder that the MOT on YH19 KXL runs out on {dd_mm_yyyy(mot)}. An MOT with us is "
          "£54.85 and we can do the service the same day if you want. Give us a ring on 0113 496 0720 to book "
          "it in.\n\nCheers,\nStu\nKirkstall Road Motors",
          facts={"provider": "Kirkstall Road Motors", "due_date": mot.isoformat(), "kind": "mot",
                 "plate": "YH19 KXL", "amount": "54.85"})


def _money_in(b: DatedBox) -> None:
    came = b.today - timedelta(days=2)
    b.add("transfer", ("SwiftSend", "notify@swiftsend.example"), "Gary Lister sent you £87.50", b.sent(2, 20, 10),
          f"Hi Claire,\n\nGary Lister has sent you £87.50.\n\nReference: MAMS PRESENT\nPaid into: account ending "
          f"5512 on {_wk(came)}\nPayment ID: SS-7720419\n\nSwiftSend",
          facts={"from": "Gary Lister", "amount": "87.50", "currency": "GBP", "reference": "SS-7720419"})

    claimed = b.today - timedelta(days=11)
    b.add("notice", ("Ridings Rail", "delayrepay@ridingsrail.example"), "Your Delay Repay claim has been approved",
          b.sent(3, 15, 30),
          f"Dear Claire,\n\nGood news: your Delay Repay claim DR-448120 for your journey from London King's Cross to "
          f"Leeds on {dd_mm_yyyy(claimed)} has been approved. Your train arrived 34 minutes late.\n\nCompensation: £23.45"
          "\nPaid to: the card you booked with (ending 3308), within 5 working days.\n\nWe're sorry for the "
          "delay.\n\nRidings Rail Customer Relations",
          facts={"provider": "Ridings Rail", "amount": "23.45", "currency": "GBP", "kind": "delay repay",
                 "reference": "DR-448120"})


def _appointments(b: DatedBox) -> None:
    surgery = ("Becketts Park Medical Practice", "noreply@practicelink.example")
    gp = b.at(2, 11, 10)
    b.add("appointment", surgery, "Appointment booked: Becketts Park Medical Practice", b.sent(4, 21, 5),
          f"Hello Claire,\n\nYou booked an appointment in the PracticeLink app.\n\nWith: Dr Farida Qureshi (GP)\n"
          f"When: {weekday_day_month(gp)} {gp:%Y} at {gp:%H:%M}\nWhere: Becketts Park Medical Practice, 2 Alma Road, "
          "Headingley, Leeds LS6 2AH\nType: face to face, 10 minutes\n\nIf you can't make it, please cancel in "
          "the app so someone else can have it.\n\nPracticeLink",
          facts={"provider": "Becketts Park Medical Practice", "start": gp.isoformat(), "status": "confirmed",
                 "kind": "doctor", "doctor": "Dr Farida Qureshi"})
    b.add("appointment", ("BECKETTSPK", "sms@practicelink.example"), "Text reminder", b.sent(1, 18, 0),
          f"Reminder: appt with Dr F Qureshi at Becketts Park Medical Practice on {gp:%d/%m} at {gp:%H:%M}. To "
          "cancel reply CANCEL. Pls do not reply otherwise.",
          facts={"provider": "Becketts Park Medical Practice", "start": gp.isoformat(), "status": "confirmed",
                 "kind": "doctor"})

    hospital = ("St Bede's Hospital Outpatients", "outpatients@stbedes.nhs.example")
    was, moved = b.at(8, 14, 30), b.at(13, 9, 15)
    b.moved_booking(
        hospital, "rheumatology", was, moved,
        ("Your outpatient appointment", b.sent(18, 10, 0),
         f"Dear Mrs Haigh,\n\nHospital number: K3381902\n\nAn appointment has been made for you to see Dr Helen "
         f"Marsh, Consultant Rheumatologist, in the Rheumatology Clinic.\n\nDate: {weekday_day_month(was)} {was:%Y}\nTime: "
         f"{clock_dot_pm(was)}\nPlace: Outpatients B, Ground Floor, St Bede's Hospital, Beckett Street, Leeds\n\nPlease "
         "arrive 15 minutes early and bring a list of your medicines.\n\nOutpatient Appointments Centre"),
        ("Change to your outpatient appointment", b.sent(6, 11, 45),
         f"Dear Mrs Haigh,\n\nHospital number: K3381902\n\nWe are sorry, but we have had to change your appointment "
         f"with Dr Helen Marsh on {weekday_day_month(was)} at {clock_dot_pm(was)} because the clinic has been cancelled.\n\nYour new "
         f"appointment is:\nDate: {weekday_day_month(moved)} {moved:%Y}\nTime: {clock_dot_pm(moved)}\nPlace: Outpatients B, Ground Floor, "
         "St Bede's Hospital\n\nIf you cannot attend, please ring 0113 496 0533.\n\nOutpatient Appointments Centre"))

    dentist = b.at(12, 8, 45)
    b.booking(
        ("Otley Road Dental Practice", "reception@otleyroaddental.example"), "dentist", dentist,
        "Your check-up at Otley Road Dental", b.sent(15, 17, 20),
        f"Dear Claire,\n\nThis is to confirm your check-up with Dr Sian Howells on {weekday_day_month(dentist)} {dentist:%Y} at "
        f"{clock_dot_pm(dentist)}.\n\nOtley Road Dental Practice, 311 Otley Road, Leeds LS16 5LL\n\nPlease give us 24 "
        "hours' notice if you need to change it, or a £25 fee applies.\n\nKind regards,\nOtley Road Dental",
        doctor="Dr Sian Howells")

    eyes = b.at(21, 16, 10)
    b.booking(
        ("Clearview Opticians", "headingley@clearviewopticians.example"), "optician", eyes,
        "Your eye test is booked", b.sent(5, 19, 40),
        f"Hi Claire, your eye test at Clearview Opticians Headingley is booked for {_wk(eyes)} at {eyes:%H:%M}. "
        "It takes about 30 minutes. Please bring your current glasses. 16 North Lane, Headingley. See you "
        "then!")

    vet = b.at(20, 17, 40)
    b.booking(
        ("Meanwood Vets", "frontdesk@meanwoodvets.example"), "vet", vet, "Biscuit's appointment",
        b.sent(2, 12, 25),
        f"Hi Claire,\n\nBiscuit is booked in for her annual health check and booster on {_wk(vet)} at "
        f"{clock_dot_pm(vet)} with Emma.\n\nMeanwood Vets, 120 Green Road, Meanwood, Leeds\n\nPlease bring her in a "
        "secure carrier. Meow!\n\nMeanwood Vets",
        pet="Biscuit")

    barber = ("Fade Room Barbers", "bookings@faderoombarbers.example")
    cut = b.at(1, 16, 15)
    b.cancelled_booking(
        barber, "barber", cut,
        ("Booking confirmed - Fade Room Barbers", b.sent(10, 19, 30),
         f"Booking confirmed for Josh with Ryan: skin fade, {_wk(cut)} at {clock_dot_pm(cut)}. Fade Room Barbers, 4 Otley "
         "Road, Headingley. Running late? Give us a shout."),
        ("Booking cancelled - Fade Room Barbers", b.sent(1, 14, 50),
         f"Sorry mate, Ryan's off poorly so we've had to cancel Josh's skin fade on {_wk(cut)} at {clock_dot_pm(cut)}. "
         "Rebook in the app whenever suits. Cheers, Fade Room"))


def _travel(b: DatedBox) -> None:
    holidays = ("Sunward Holidays", "bookings@sunwardholidays.example")
    out, out_arr = b.at(3, 6, 15), b.at(3, 10, 35, CANARY)
    back, back_arr = b.at(10, 11, 25, CANARY), b.at(10, 15, 50)
    check_in, check_out = b.at(3, 14, 0, CANARY), b.at(10, 9, 0, CANARY)
    markup = stay_markup("SW-2261904", "Claire Haigh", check_in, check_out, "Hotel Marea Blanca",
                         "Avenida de las Playas 41", "Puerto del Carmen", "ES")
    b.add("holiday", holidays, "Your Sunward holiday is confirmed - SW-2261904", b.sent(23, 20, 45),
          "Dear Mrs Haigh,\n\nThank you for booking with Sunward Holidays. Your booking reference is SW-2261904.\n\n"
          f"FLIGHTS\nOutbound: {_wk(out)} {out:%Y}  SWD4412  Leeds Bradford (LBA) {out:%H:%M} - Lanzarote (ACE) "
          f"{out_arr:%H:%M}\nReturn: {_wk(back)} {back:%Y}  SWD4413  Lanzarote (ACE) {back:%H:%M} - Leeds Bradford "
          f"(LBA) {back_arr:%H:%M}\nBaggage: 1 x 22kg hold bag per person\n\nACCOMMODATION\nHotel Marea Blanca, "
          f"Puerto del Carmen, Lanzarote\n{_wk(check_in)} - {_wk(check_out)} (7 nights), family room, half board\n\n"
          "TRANSFERS\nReturn coach transfer included\n\nPassengers: Mrs Claire Haigh, Mr Dean Haigh, Master Joshua "
          "Haigh, Miss Poppy Haigh\nTotal holiday price: £3,486.00\nDeposit paid: £300.00\nBalance of £3,186.00 "
          f"paid on {dd_mm_yyyy(b.today - timedelta(days=20))}\n\nYour e-tickets and holiday documents will be emailed "
          "to you 7 days before you travel.",
          html=marked_page(markup, "<p>Booking reference SW-2261904</p>"
                           f"<p>Hotel Marea Blanca, {_wk(check_in)} to {_wk(check_out)}</p>"),
          facts={"provider": "Sunward Holidays", "start": out.isoformat(), "arrive": out_arr.isoformat(),
                 "return": back.isoformat(), "return_arrive": back_arr.isoformat(), "status": "confirmed",
                 "kind": "package holiday", "flight": "SWD4412", "reference": "SW-2261904", "amount": "3486.00",
                 "currency": "GBP", "hotel": "Hotel Marea Blanca"})
    b.add("flight_checkin", holidays, "Your holiday documents are ready - Lanzarote", b.sent(4, 9, 0),
          f"Hi Claire,\n\nNot long now! Your holiday documents for booking SW-2261904 are ready.\n\nYour flight "
          f"SWD4412 leaves Leeds Bradford at {clock_dot_pm(out)} on {weekday_day_month(out)}. Check-in desks open 3 hours before and "
          "close 45 minutes before departure. Online check-in opens 72 hours before you fly.\n\nYour transfer: "
          "look for the Sunward desk in arrivals. The coach to Hotel Marea Blanca takes about 25 minutes. On the "
          f"way home your coach will pick you up from the hotel at {(back - timedelta(hours=2, minutes=30)):%H:%M} "
          f"on {weekday_day_month(back)}.\n\nHave a brilliant holiday!\nSunward Holidays",
          facts={"provider": "Sunward Holidays", "start": out.isoformat(), "kind": "package holiday",
                 "pickup": (back - timedelta(hours=2, minutes=30)).isoformat()})

    rail = ("Ridings Rail", "etickets@ridingsrail.example")
    go, go_arr = b.at(15, 7, 15), b.at(15, 9, 31)
    ret, ret_arr = b.at(15, 17, 33), b.at(15, 19, 48)
    b.add("train", rail, "Your e-ticket: Leeds to London King's Cross", b.sent(9, 22, 10),
          "Your Ridings Rail e-tickets\n\nBooking reference: RR7H4K2Q\nPassenger: Claire Haigh\n"
          f"\nOUTWARD  {_wk(go)} {go:%Y}\nLeeds {go:%H:%M} -> London King's Cross {go_arr:%H:%M}\nCoach C, "
          f"Seat 42 (window, quiet coach)\nAdvance Single, Standard: £42.60\n\nRETURN  {_wk(ret)} {ret:%Y}\n"
          f"London King's Cross {ret:%H:%M} -> Leeds {ret_arr:%H:%M}\nCoach B, Seat 17 (aisle)\nAdvance Single, "
          "Standard: £38.90\n\nTotal paid: £81.50\n\nShow the barcodes in the app or on this email at the "
          "gates. Advance tickets are only valid on the train shown.",
          facts={"provider": "Ridings Rail", "start": go.isoformat(), "arrive": go_arr.isoformat(),
                 "return": ret.isoformat(), "return_arrive": ret_arr.isoformat(), "status": "confirmed",
                 "kind": "train", "reference": "RR7H4K2Q", "amount": "81.50", "currency": "GBP", "seat": "C42"})

    kick = b.at(17, 15, 0)
    b.add("ticket", ("Airedale Town FC Ticket Office", "tickets@airedaletownfc.example"),
          "Your tickets: Airedale Town v Wakefield Rovers", b.sent(13, 12, 5),
          f"Order ATF-551902 confirmed\n\nAiredale Town v Wakefield Rovers\nAiredale Park, Leeds\n{weekday_day_month(kick)} "
          f"{kick:%Y}, kick-off {clock_dot_pm(kick)}. Turnstiles open at 1.30pm.\n\n1 x Adult, Kop Stand, Block D, Row 14, "
          "Seat 101: £31.00\n1 x Junior (12-17), Kop Stand, Block D, Row 14, Seat 102: £24.00\nBooking fee: £2.50"
          "\nTotal: £57.50\n\nYour tickets are on your phone in the Airedale Town app. Up the Town!",
          facts={"provider": "Airedale Park", "start": kick.isoformat(), "status": "confirmed", "kind": "football",
                 "amount": "57.50", "currency": "GBP"})

    dinner = b.at(2, 19, 30)
    b.table_booking(
        ("TableNow", "noreply@tablenow.example"), "Booking confirmed: The Fig & Ferret", b.sent(12, 21, 15),
        f"Hi Claire,\n\nYou're booked!\n\nThe Fig & Ferret\n22 Call Lane, Leeds LS1 6DT\n{weekday_day_month(dinner)} at "
        f"{clock_dot_pm(dinner)}\nTable for 4\nOccasion: Birthday (we'll pop a candle on the pudding!)\nBooking "
        "reference: TN-480213\n\nWe'll hold your table for 15 minutes.",
        "<h2>You're booked!</h2>"
        f"<p><b>The Fig &amp; Ferret</b>, 22 Call Lane</p><p>{weekday_day_month(dinner)} at {clock_dot_pm(dinner)}</p>"
        "<p>4 people</p><p>Ref TN-480213</p>",
        number="TN-480213", guest="Claire Haigh", party=4, start=dinner, place="The Fig & Ferret",
        street="22 Call Lane", locality="Leeds")


def _parcel(b: DatedBox) -> None:
    b.add("receipt", ("Kickoff Sports", "orders@kickoffsports.example"), "Thanks for your order KS-3308815",
          b.sent(5, 20, 30),
          "Hi Claire,\n\nThanks for your order!\n\nOrder KS-3308815\nStrikeMax FG football boots, UK size 8 x1: "
          "£64.99\nDelivery: £3.99\nOrder total: £68.98\n\nWe'll let you know when it's on its way.",
          facts={"shop": "Kickoff Sports", "amount": "68.98", "currency": "GBP"})
    missed = b.today - timedelta(days=1)
    b.add("delivery", ("Parcelwise", "tracking@parcelwise.example"), "Sorry we missed you",
          b.sent(1, 14, 10),
          f"Sorry we missed you! We tried to deliver your parcel PW88120457GB from Kickoff Sports on {_wk(missed)} "
          "at 2.05pm, but it needs a signature. We'll try again on "
          f"{_wk(b.today)} between 9am and 6pm, or you can collect it from Headingley Post & Parcel Point, 7 "
          f"North Lane, from 3pm on {_wk(b.today + timedelta(days=1))}. Bring the card and photo ID.",
          facts={"provider": "Parcelwise", "missed": missed.isoformat(), "next": b.today.isoformat(),
                 "kind": "parcel"})


def _school_and_work(b: DatedBox) -> None:
    committee = b.at(1, 14, 0)
    b.invitation(ANITA, f"Invitation: Medicines Optimisation Committee @ {_wk(committee)} 14:00 - 15:30",
                 b.sent(6, 15, 10),
                 "Hi all,\n\nPlease accept for this month's Medicines Optimisation Committee. Claire, could you "
                 "bring the antimicrobial audit figures?\n\nThanks,\nAnita\n\nAnita Kaur\nChief Pharmacist",
                 uid=f"moc-oct-{b.seed}@stbedes.nhs.example", summary="Medicines Optimisation Committee",
                 start=committee, end=committee + timedelta(minutes=90),
                 location="Seminar Room 2, Pharmacy Department")

    rota = b.at(14, 14, 30)
    b.add("personal", TOM, "rota", b.sent(1, 16, 35),
          f"Hi Claire,\n\nCan we grab half an hour when you're back off your hols about the Christmas rota? "
          f"{rota:%A} the {ordinal(rota.day)}, half two in the pharmacy office? Bring a brew.\n\nCheers,\nTom",
          facts={"person": TOM[0], "start": rota.isoformat()})

    brownies = b.at(1, 18, 0)
    b.add("school", BROWN_OWL, "Brownies this Thursday", b.sent(3, 19, 15),
          "Hello Brownie families,\n\nThis Thursday is our last meeting before half term and it's our lantern "
          "walk round the churchyard! Same time as always, 6 till half 7 at St Michael's church hall. Please send "
          "them in wellies and a warm coat with a torch. After half term we're back on Thursday "
          f"{ordinal((brownies + timedelta(days=14)).day)} November.\n\nThanks,\nKaren (Brown Owl)\n12th "
          "Headingley Brownies",
          facts={"provider": "12th Headingley Brownies", "start": brownies.isoformat(), "kind": "brownies"})

    game = b.at(18, 10, 30)
    b.add("personal", COACH, "Fixtures after half term", b.sent(2, 21, 0),
          "Evening all,\n\nNo game this Sunday, it's half term. Next up is Sunday 7th November, home to Horsforth "
          "Juniors, kick off 10.30 at Cookridge Park. Meet at ten to ten please, full kit and shin pads. Subs "
          "are £3 on the day.\n\nCheers,\nLee\nKirkstall Juniors U16s",
          facts={"person": COACH[0], "start": game.isoformat()})

    evening = b.at(22, 17, 40)
    b.add("school", TUTOR, "Year 11 parents' evening", b.sent(4, 15, 50),
          f"Dear Mr and Mrs Haigh,\n\nYear 11 parents' evening is on {weekday_day_month(evening)}, 4pm to 7pm in the main "
          "hall. I've put you down to see me at 5.40pm, and then you can see Josh's subject teachers. It would "
          "be lovely if Josh came along too.\n\nBest wishes,\nMrs Bhatti\nForm Tutor 11NB, Kirkstall Valley "
          "Academy",
          facts={"provider": "Kirkstall Valley Academy", "start": evening.isoformat(), "kind": "school"})


LURES = (
    Lure(("Yorkstone Bank", "security@yorkstone-payee-check.example"), "New payee added to your account", (2, 5, 40),
         "A new payee, M ROBERTS (sort code 20-44-19), was added to your Yorkstone account today. If you did not "
         "add this payee, cancel it now at http://yorkstone-payee-check.example/cancel and confirm your card "
         "details, or the first payment of £950.00 will leave your account tonight.", "bank"),
    Lure(("HM Revenue Office", "refunds@hmro-tax-rebate.example"), "You are due a tax refund of £428.60",
         (8, 13, 20),
         "After the last annual calculation of your fiscal activity we have determined that you are eligible to "
         "receive a tax refund of £428.60. Please submit your card details at http://hmro-tax-rebate.example/claim "
         "within 48 hours to get it.", "tax refund"),
    Lure(("DVLO Vehicle Tax", "noreply@dvlo-payment-update.example"), "Your vehicle tax payment failed",
         (1, 6, 50),
         "We were unable to take your latest vehicle tax payment. Your vehicle is now untaxed and may be clamped. "
         "Update your payment details today at http://dvlo-payment-update.example/pay to avoid a £1,000 fine.",
         "vehicle tax"),
    Lure(("Parcelwise", "redelivery@parcelwise-fee.example"), "Parcel on hold: redelivery fee due", (0, 6, 5),
         "Your parcel is on hold at our depot because of an unpaid redelivery fee of £1.45. Pay now at "
         "http://parcelwise-fee.example/redeliver or your parcel will be returned to the sender.", "parcel"),
    Lure(("Clean Air Zone Leeds", "pcn@cleanair-penalty-pay.example"), "Penalty Charge Notice: Clean Air Zone",
         (5, 7, 30),
         "Your vehicle entered the Clean Air Zone without paying the daily charge. A Penalty Charge Notice of £60 "
         "has been issued, reduced to £30 if paid within 14 days at http://cleanair-penalty-pay.example/pcn.",
         "toll"),
)


NEWSLETTERS = (
    ("The Pharmacy Bulletin", "editor@pharmacybulletin.example", 0,
     ["winter flu vaccine round-up", "new guidance on antimicrobial stewardship", "shortages to watch this month"]),
    ("Yorkshire Larder", "offers@yorkshirelarder.example", 1,
     ["3 for £10 on pies and pasties", "parkin and treacle toffee for bonfire night", "half price Wensleydale"]),
    ("Sunward Holidays", "deals@sunwardholidays.example", 3,
     ["winter sun from £399pp", "Canary Islands at Christmas", "early booking offers for summer 2028"]),
    ("Headingley Village News", "news@headingleyvillage.example", 4,
     ["the North Lane market's new stalls", "bonfire night at Woodhouse Moor", "parking changes on Otley Road"]),
)

PROMO = NewsletterStyle(
    "{name}: {topic}", "{name}\nThis week: {topic}.\nView in browser. Unsubscribe or manage your preferences.",
    "<html><body><table width=\"600\" cellpadding=\"10\"><tr><td style=\"background:#5b2a86;color:#fff\">"
    "<h1>{name}</h1></td></tr><tr><td><p>This week: <b>{topic}</b>.</p><p><a href=\"https://example.invalid/"
    "unsubscribe\">Unsubscribe</a></p></td></tr></table></body></html>", hour=7, minutes=(0, 5))


CARD_ALERTS = AlertCard(("Yorkstone Bank Alerts", "alerts@yorkstonebank.example"), "Card payment alert",
                        "3308", "GBP", lambda amount, merchant, when: f"Yorkstone: your Visa card ending 3308 was "
                        f"used for £{amount:,.2f} at {merchant} on {dd_mm_yyyy(when)} at {when:%H:%M}. Not you? Call 0800 "
                        "555 0119.")

MERCHANTS = ("GREENLEAF SUPERSTORE HEADINGLEY", "PENNINE FUEL KIRKSTALL RD", "BREW & BAP HYDE PARK",
             "HOMEWARE HUB BIRSTALL", "NORTH LANE NEWS")


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (DEAN, 0, 6, 40, "today", "Morning love, I'm on lates again, 2 till 10, so can you sort tea? There's "
         "mince in the fridge. Josh's boots never came, the card says they'll try again today. Brightwater have "
         "put the direct debit up to £168, can you have a look? And Poppy needs a torch for Brownies tomorrow.\n\n"
         "D x"),
        (MAM, 3, 19, 10, "bonfire night", "Hello love, hope you're all well. I've booked me train, I'll come over "
         "a fortnight on Friday (5th) for bonfire night, I get the 10.12 from Scarborough and it gets into Leeds at "
         "11.28. Can someone meet me? Have a lovely time in Lanzarote and don't let our Josh burn.\n\nMam x"),
        (GARY, 2, 20, 15, "Mam's present", "Alright Claire, sent you £87.50 for my half of Mam's tablet, should be "
         "in your account now. Cheers for sorting it all, I'd have got her nowt knowing me. Ring you at the "
         "weekend.\n\nGary"),
        (MAM, 1, 21, 0, "Re: bonfire night", "Forgot to say love, bring summat warm for Poppy for the fireworks, "
         "it's always freezing on that moor. Ta for the photos.\n\nMam x"),
    )


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("Leodis City Council Bins", "bins@leodis.gov.example", "Garden waste collections are ending",
         "Your last green bin collection of the year is on "
         f"{weekday_day_month(b.today + timedelta(days=15))}. Collections start again in March."),
        ("Leodis Libraries", "libraries@leodis.gov.example", "Items due back soon",
         "Hello, 3 items on your library card are due back in 4 days. Renew online if you need them longer."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Claire Haigh's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the Yorkstone statement
    says, when the energy Direct Debit goes up, when the train to London leaves, when the hospital clinic is
    now, what was cancelled) have the same answers for every seed, counted from `now`'s date in Leeds.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 24:
        raise ValueError("the thirteenth sample needs at least 24 days of mail")
    b = _box(now, seed, days)
    for part in (_cards, _utilities, _household, _money_in, _appointments, _travel, _parcel, _school_and_work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Yorkshire Larder", "Headingley Village News"))
    b.card_alerts(CARD_ALERTS, 4, first_hour=9, hours=10, spend=(8, 240), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=6, first=4)
    return b.messages()
