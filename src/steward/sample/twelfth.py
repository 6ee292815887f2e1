"""A twelfth sample mailbox, of a twelfth person in a twelfth place: Rebecca "Bex" Walsh, a maths teacher at a
secondary school in West Auckland, who lives in Mt Albert, Auckland, with her partner Tama Ngata (a self-employed
builder, signs "T"), their son Jack (15, Year 11), their daughter Mia (9, Year 5) and Nugget the dog. Her mum
lives in Christchurch and signs "Mum"; her brother Ben lives in Sydney. She flies down to Christchurch with Ben
this Friday for their mum's 70th (a rental car and a motel there), has tickets to a rugby test, an anniversary
dinner and the ferry across Cook Strait booked for the school holidays, and gets mail in New Zealand English as
people here write it ("arvo", "heaps", "sweet as", "togs", "chur", "kia ora", "ngā mihi"). About 60 messages
over the three weeks before `now`, so a home built from it asks every reader of mail to work on names, billers,
booking services and ways of writing that none of the other samples (`steward.sample.mailbox`, `second` to
`eleventh`) uses.

The mix, all invented: two credit-card statements (one in HTML tables, one in plain text with an Australian
dollar charge converted, each with a closing balance, a minimum payment and a due date); a power bill; a
council rates instalment and an overdue dog registration; a water bill; broadband by direct debit; a mobile
bill already paid; a tax refund; a KiwiSaver statement; a vehicle licence (rego) and a WOF reminder; a mortgage
refixed at a new rate with a new repayment; a school camp fee; home-and-contents insurance renewing; a GP booked
online and its text-style reminder; a physio moved; a dental check-up; a vet visit for the dog; a haircut
cancelled; a flight to Christchurch and back with seats, a bag and online check-in; a rental car and a motel
there; the ferry to Picton and back; a rugby test; an anniversary dinner; a parcel missed and its order; her
brother's money for his half of the flights; family in plain words; a netball coach's draw; a teacher's note
of swimming and an assembly; the camp's information evening; a head of department's calendar invitation and a
deputy principal's meeting in plain words; four lures (a bank's unusual sign-in, a toll fine, a courier
redelivery fee, a tax refund); newsletters, promos and card alerts. Amounts are written "$1,234.56" and "NZD
1,234.56" (one "AUD 42.00"), dates day first as New Zealand mail writes them ("5/08/2027", "Thu 5 Aug",
"5 August 2027") and times as "2.30pm" or "14:30".

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in
Auckland (twelve or thirteen hours ahead of UTC, so her morning is UTC's evening before). The seed varies the
filler (card alerts, the minutes of newsletters). Every message has a `kind` label and `facts` an evaluation
can check, and a stable Message-ID `<kind-NNNN.SEED@twelfth.steward.example>`. Only mail received is here (an
inbox export): none she sent.
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
from steward.sample.locale import clock_dot_pm, day_month_year, weekday_day_month, wkday_day_mon

DOMAIN = "twelfth.steward.example"
ME = ("Rebecca Walsh", "bex.walsh@pohutukawa-mail-demo.example")
AUCKLAND = ZoneInfo("Pacific/Auckland")  # Christchurch, Wellington and Picton keep the same clock
ZONE = "Pacific/Auckland"  # the person's own clock

FOOTER = ("This email was sent automatically, please don't reply to it. The people, companies and numbers in this "
          "mailbox are invented.")
BANK_LEGAL = (
    "Harbourside Bank will never email or text you asking for your password, PIN or a NetCode. If you're worried "
    "about a message, call us on 0800 555 0142. Interest is charged on purchases not paid in full by the due "
    "date at 20.95% p.a. Harbourside Bank Limited is a registered bank under the Banking (Prudential "
    "Supervision) Act.")

TAMA = ("Tama Ngata", "tama@ngatabuilds.example")  # her partner, signs "T"
MUM = ("Judith Walsh", "judith.walsh@cantymail-demo.example")  # her mum, in Christchurch, signs "Mum"
BEN = ("Ben Walsh", "benwalsh.syd@harbourmail-demo.example")  # her brother, in Sydney
PRIYA = ("Priya Shah", "p.shah@waitakereheights.school.example")  # her head of department
GRAEME = ("Graeme Hollis", "g.hollis@waitakereheights.school.example")  # the deputy principal
COACH = ("Shannon Te Rangi", "shannon.terangi@kowhaiparknetball.example")  # Mia's netball coach
CARD = ("Harbourside Bank", "statements@harbourside.example")


def _nz(d: date | datetime) -> str:
    """5/08/2027: day first, the month with its zero."""
    return f"{d.day}/{d:%m/%Y}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=AUCKLAND, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Waitakere Heights College//Calendar 2.1//EN")


def _cards(b: DatedBox) -> None:
    issued, due = b.today - timedelta(days=11), b.today + timedelta(days=14)
    rows = (("Card number", "4988 **** **** 4821"), ("Statement date", _nz(issued)),
            ("Opening balance", "$2,904.15"), ("Payments", "-$2,904.15"), ("Purchases", "$3,486.72"),
            ("Closing balance", "<b>$3,486.72</b>"), ("Minimum payment", "<b>$104.60</b>"),
            ("Payment due date", f"<b>{_nz(due)}</b>"), ("Credit limit", "$12,000.00"),
            ("Available credit", "$8,513.28"))
    html = banner_page(
        "Harbourside Bank",
        "<p>Kia ora Rebecca,</p><p>Your Harbourside Visa Platinum statement is ready to view in Internet "
        "Banking. Here's a summary:</p>" + summary_table(rows) +
        f"<p>Pay your closing balance by {day_month_year(due)} to avoid interest on your purchases. If you can't pay it "
        "all, please pay at least the minimum payment by the due date.</p><p>Ngā mihi,<br>The Harbourside "
        "Cards team</p>", BANK_LEGAL, page="font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#222",
        banner="background:#00404f;color:#fff;padding:16px;font-size:20px", pad="16px")
    b.add("statement", CARD, "Your Harbourside Visa Platinum statement is ready", b.sent(11, 6, 40), None,
          html=html, pdf=f"Statement_4821_{issued:%d%m%Y}.pdf",
          facts=due_facts("Harbourside Bank", "3486.72", "NZD", due, "card", "open", last4="4821",
                          product="Harbourside Visa Platinum", minimum="104.60"))

    kauri = ("Kauri Card", "statements@kauricard.example")
    issued, due = b.today - timedelta(days=7), b.today + timedelta(days=23)
    sydney = b.today - timedelta(days=19)
    b.add("statement", kauri, f"Kauri Mastercard statement - {issued:%B %Y}", b.sent(7, 9, 5),
          "Hi Rebecca,\n\nYour Kauri Mastercard statement is now available.\n\nCard: **** **** **** 0937\n"
          f"Statement date: {_nz(issued)}\nPayment due: {_nz(due)}\n\nOpening balance NZD 0.00\n"
          f"{_nz(sydney)}  BONDI BEACH SURF CO SYDNEY AUS  AUD 42.00 = NZD 46.15\n"
          f"{_nz(sydney)}  Overseas transaction fee  NZD 1.15\nOther purchases  NZD 1,171.10\n"
          "Closing balance NZD 1,218.40\nMinimum payment NZD 36.55\n\nPay by the due date to keep your 55 days "
          "interest free. A late payment fee of $15.00 applies if we don't receive your minimum payment by the "
          "due date.\n\nCheers,\nKauri Card",
          pdf=f"KauriCard_0937_{issued:%Y%m}.pdf",
          facts=due_facts("Kauri Card", "1218.40", "NZD", due, "card", "open", last4="0937",
                          product="Kauri Mastercard", minimum="36.55", foreign="42.00 AUD"))


def _utilities(b: DatedBox) -> None:
    power = ("Tui Energy", "bills@tuienergy.example")
    issued, due = b.today - timedelta(days=5), b.today + timedelta(days=9)
    b.add("bill", power, "Your Tui Energy bill is ready", b.sent(5, 10, 20),
          f"Kia ora Bex,\n\nYour latest power bill is here.\n\nAccount number: 3310 447 902\nProperty: 14 Kōwhai "
          f"Street, Mt Albert, Auckland 1025\nBill date: {_nz(issued)}\nPeriod: 1 July - 31 July\nElectricity used: "
          "958 kWh (it's been a cold one!)\nCharges this month: $318.23\nPrompt payment discount: -$31.82\n"
          f"Amount due: $286.41\nDue date: {wkday_day_mon(due)}\n\nPay by the due date to keep your prompt payment discount. "
          "Pay online, set up a direct debit or use the Tui app.\n\nNgā mihi,\nTui Energy",
          facts=due_facts("Tui Energy", "286.41", "NZD", due, "utility", "open", account="3310 447 902"))

    water = ("Waipuna Water", "accounts@waipunawater.example")
    due = b.today + timedelta(days=17)
    b.add("bill", water, "Your Waipuna Water invoice", b.sent(4, 13, 5),
          f"Hi REBECCA WALSH, your Waipuna Water invoice for account 6602914-01 is ready. Water: $61.88 (22 kL). "
          f"Wastewater: $86.35. Total to pay: $148.23 by {day_month_year(due)}. Pay online at waipunawater.example or by "
          "direct debit. Thanks for looking after our water.",
          facts=due_facts("Waipuna Water", "148.23", "NZD", due, "utility", "open", account="6602914-01"))

    fibre = ("Pukeko Broadband", "billing@pukekobroadband.example")
    due = b.today + timedelta(days=7)
    b.add("bill", fibre, f"Your Pukeko Broadband invoice for {b.today:%B}", b.sent(3, 8, 30),
          "Kia ora Rebecca,\n\nThanks for being with Pukeko.\n\nAccount: PB-1140782\nPlan: Fibre 300 Unlimited\n"
          f"Amount: $89.99\nWe'll direct debit this from your account ending 12 on {_nz(due)}. Nothing to do "
          "here, sweet as.\n\nPukeko Broadband",
          facts=due_facts("Pukeko Broadband", "89.99", "NZD", due, "telecom", "open", autopay="true",
                          account="PB-1140782"))

    mobile = ("Korero Mobile", "pay-monthly@koreromobile.example")
    due, paid = b.today + timedelta(days=6), b.today - timedelta(days=1)
    facts = due_facts("Korero Mobile", "75.00", "NZD", due, "telecom", "paid", account="021 555 0148",
                      paid_on=paid.isoformat())
    b.add("bill", mobile, "Your Korero Pay Monthly bill", b.sent(8, 12, 10),
          f"Hey Bex, your Korero Pay Monthly bill for 021 555 0148 is $75.00 (Endless Talk 40GB). Due {_nz(due)}. "
          "Pay in the Korero app or online. Chur!",
          facts=facts)
    b.add("receipt", mobile, "Payment received - thanks!", b.sent(1, 20, 35),
          f"Kia ora Bex,\n\nWe've received your payment of $75.00 for account 021 555 0148 on {wkday_day_mon(paid)}. Your "
          "balance is now $0.00.\n\nReceipt: KM-88120457\n\nKorero Mobile",
          facts={"shop": "Korero Mobile", "amount": "75.00", "currency": "NZD", "paid_on": paid.isoformat()})


def _council(b: DatedBox) -> None:
    council = ("Akarana City Council", "rates@akaranacity.govt.example")
    due = b.today + timedelta(days=28)
    b.add("bill", council, "Rates instalment notice 2027/2028 - instalment 1", b.sent(13, 11, 0),
          f"Kia ora,\n\nRATES INSTALMENT NOTICE\n\nRatepayer: R WALSH & T NGATA\nProperty: 14 Kōwhai Street, Mt "
          "Albert\nRating valuation: $1,480,000\nRates account: 12340-98812\nTotal rates for 2027/2028: $4,568.00\n"
          f"Instalment 1 of 4: $1,142.00\nDue date: {day_month_year(due)}\n\nA 10% penalty is added to any instalment not "
          "paid by its due date. Pay by direct debit, online banking or at any council service centre.\n\n"
          "Ngā mihi,\nAkarana City Council",
          facts=due_facts("Akarana City Council", "1142.00", "NZD", due, "rates", "open", account="12340-98812"))

    dog = ("Akarana City Council Animal Management", "animals@akaranacity.govt.example")
    due = b.today - timedelta(days=3)
    b.add("bill", dog, "Reminder: your dog registration is overdue", b.sent(1, 9, 30),
          f"Kia ora Rebecca,\n\nOur records show the 2027/2028 registration for your dog NUGGET (Labrador cross, "
          f"tag 77120) was due on {day_month_year(due)} and hasn't been paid.\n\nRegistration fee: $197.00\n\nPlease pay "
          "now online or at a service centre. Unpaid registrations are charged a late fee of 50% after 31 August, "
          "and an unregistered dog may be impounded.\n\nAnimal Management\nAkarana City Council",
          facts=due_facts("Akarana City Council", "197.00", "NZD", due, "registration", "overdue", pet="Nugget"))


def _household(b: DatedBox) -> None:
    rego = ("Waka Transport Agency", "vehiclelicensing@wakatransport.govt.example")
    expires = b.today + timedelta(days=16)
    b.add("bill", rego, f"Your vehicle licence for PKR482 expires on {_nz(expires)}", b.sent(10, 7, 45),
          f"Kia ora REBECCA WALSH,\n\nThe licence (rego) for your vehicle PKR482 (2019 hatchback, silver) "
          f"expires on {day_month_year(expires)}.\n\n12 months: $119.72\n6 months: $62.51\n\nRenew online at "
          "wakatransport.govt.example with the reference below, or at an agent. It's an offence to drive a "
          "vehicle without a current licence.\n\nReference: 40188273\n\nWaka Transport Agency",
          facts=due_facts("Waka Transport Agency", "119.72", "NZD", expires, "registration", "open",
                          plate="PKR482"))
    wof = b.today + timedelta(days=21)
    b.add("other", ("Mt Albert Auto Services", "workshop@mtalbertauto.example"), "Your WOF is due soon",
          b.sent(6, 16, 15),
          f"Hi Bex,\n\nJust a heads up that the WOF on your car PKR482 runs out on {_nz(wof)}. Give us a bell on "
          "09 555 0173 or reply to this email to book it in. A WOF is $65, and we can do the service at the same "
          "time.\n\nCheers,\nDarren\nMt Albert Auto Services",
          facts={"provider": "Mt Albert Auto Services", "due_date": wof.isoformat(), "kind": "wof",
                 "plate": "PKR482"})

    loan = ("Harbourside Bank Home Loans", "homeloans@harbourside.example")
    first = b.today + timedelta(days=8)
    b.add("bill", loan, "Your home loan has been refixed", b.sent(9, 14, 30),
          "Kia ora Rebecca and Tama,\n\nYour fixed rate on home loan 12-3104-0558812-92 ended on 28 July 2027. "
          "As you asked, we've refixed it for 2 years.\n\nOld rate: 6.29% p.a.\nNew rate: 5.69% p.a. fixed until "
          f"28 July 2029\nLoan balance: $612,480.55\nNew fortnightly repayment: $1,384.20 (was $1,452.90)\n"
          f"First repayment at the new amount: {day_month_year(first)}\n\nYour repayments will keep coming out of your "
          "account ending 12 by automatic payment.\n\nNgā mihi,\nHarbourside Home Loans",
          facts=due_facts("Harbourside Bank", "1384.20", "NZD", first, "mortgage", "open", autopay="true",
                          rate="5.69", was_rate="6.29"))

    camp = ("Owairaka High School", "accounts@owairakahigh.school.example")
    due = b.today + timedelta(days=10)
    b.add("bill", camp, "Year 11 Outdoor Education Camp - payment due", b.sent(12, 15, 40),
          "Kia ora whānau,\n\nStudent: Jack Ngata (11TRN)\nYear 11 Outdoor Education Camp, Tongariro\n"
          f"Camp fee: $385.00\nDue by: {day_month_year(due)}\n\nPay through the SchoolPay portal or by internet banking to "
          "Owairaka High School, 12-3011-0088172-00, with Jack's name and CAMP as the reference. Please contact "
          "the office if the cost is a barrier, we can help.\n\nOwairaka High School Finance Office",
          facts=due_facts("Owairaka High School", "385.00", "NZD", due, "school", "open", student="Jack"))

    insure = ("Kereru Insurance", "renewals@kereruinsurance.example")
    renews = b.today + timedelta(days=18)
    b.add("bill", insure, "Your house and contents insurance is due for renewal", b.sent(14, 10, 10),
          f"Kia ora Rebecca,\n\nYour House & Contents policy HC-4471902 renews on {day_month_year(renews)}.\n\nHouse: 14 "
          "Kōwhai Street, Mt Albert, sum insured $985,000\nContents: sum insured $120,000\nExcess: $500\n"
          "New annual premium: $2,318.64\nPaid monthly: $199.80 a month by direct debit, first payment "
          f"{_nz(renews)}\n\nYou don't need to do anything to renew. If your details have changed, let us know "
          "before the renewal date.\n\nNgā mihi,\nKereru Insurance",
          facts=due_facts("Kereru Insurance", "199.80", "NZD", renews, "insurance", "open", autopay="true",
                          account="HC-4471902", annual="2318.64"))


def _money_in(b: DatedBox) -> None:
    revenue = ("Aotearoa Revenue", "notices@aotearoarevenue.govt.example")
    b.add("notice", revenue, "Your income tax assessment is ready", b.sent(6, 11, 20),
          "Kia ora Rebecca,\n\nWe've finished your income tax assessment for the year ended 31 March 2027.\n\n"
          "Result: refund\nRefund amount: $612.40\n\nWe'll pay your refund into your bank account ending 12 "
          "within 5 working days. You don't need to do anything.\n\nLog in to myRevenue to see the details.\n\n"
          "Aotearoa Revenue",
          facts={"provider": "Aotearoa Revenue", "amount": "612.40", "currency": "NZD", "kind": "tax refund"})
    b.add("notice", ("Totara KiwiSaver", "members@totarakiwisaver.example"), "Your KiwiSaver annual statement",
          b.sent(16, 8, 0),
          "Kia ora Rebecca,\n\nYour annual statement for the year to 30 June 2027 is ready.\n\nFund: Growth\n"
          "Balance at 30 June 2027: $48,213.77\nYour contributions: $3,902.40\nEmployer contributions: $2,341.44\n"
          "Government contribution: $521.43\n\nLog in to see how your fund performed.\n\nTotara KiwiSaver",
          facts={"provider": "Totara KiwiSaver", "amount": "48213.77", "currency": "NZD", "kind": "kiwisaver"})

    came = b.today - timedelta(days=2)
    b.add("transfer", ("PayAcross", "notifications@payacross.example"), "Ben Walsh sent you NZD 312.00",
          b.sent(2, 19, 50),
          f"Hi Rebecca,\n\nBen Walsh has sent you money.\n\nYou get: NZD 312.00\nThey sent: AUD 287.04\n"
          f"Reference: chch flights my half\nArrives: {wkday_day_mon(came)} in your account ending 12\nTransfer ID: "
          "PA-5519043\n\nPayAcross",
          facts={"from": "Ben Walsh", "amount": "312.00", "currency": "NZD", "sent": "287.04 AUD",
                 "reference": "PA-5519043"})


def _appointments(b: DatedBox) -> None:
    gp_sender = ("Mt Albert Medical Centre", "bookings@mtalbertmedical.example")
    gp = b.at(2, 15, 45)
    b.add("appointment", gp_sender, "Appointment confirmed - Mt Albert Medical Centre", b.sent(5, 20, 10),
          f"Kia ora Rebecca,\n\nYour appointment is booked.\n\nWith: Dr Anjali Rao (GP)\nWhen: {weekday_day_month(gp)} "
          f"{gp:%Y}, {clock_dot_pm(gp)}\nWhere: Mt Albert Medical Centre, 802 New North Road, Mt Albert\nLength: 15 minutes"
          "\n\nBooked online through MyHealthPortal. If you can't make it, please cancel at least 24 hours ahead "
          "or a fee may apply.\n\nMt Albert Medical Centre",
          facts={"provider": "Mt Albert Medical Centre", "start": gp.isoformat(), "status": "confirmed",
                 "kind": "doctor", "doctor": "Dr Anjali Rao"})
    b.add("appointment", gp_sender, "Appt reminder", b.sent(0, 6, 30),
          f"Reminder: Rebecca, you have an appt with Dr Anjali Rao at Mt Albert Medical Centre on {wkday_day_mon(gp)} at "
          f"{clock_dot_pm(gp)}. Reply Y to confirm or N to cancel. Cancelling with less than 24hrs notice may incur a fee.",
          facts={"provider": "Mt Albert Medical Centre", "start": gp.isoformat(), "status": "confirmed",
                 "kind": "doctor"})

    physio = ("Kingsland Physio & Rehab", "frontdesk@kingslandphysio.example")
    was, moved = b.at(1, 16, 30), b.at(6, 16, 0)
    b.moved_booking(
        physio, "physiotherapy", was, moved,
        ("Your physio appointment", b.sent(9, 12, 45),
         f"Hi Bex,\n\nThanks for booking with Kingsland Physio. You're in with Sam Fifita for your shoulder on "
         f"{weekday_day_month(was)} at {clock_dot_pm(was)} (30 min follow-up).\n\nKingsland Physio & Rehab, 455 New North Road, "
         "Kingsland\n\nWear something comfy. ACC claim number on file: ACC-7730215.\n\nSee you then!"),
        ("Change to your physio appointment", b.sent(2, 14, 5),
         f"Hi Bex,\n\nSorry, Sam's off on a course on {weekday_day_month(was)}, so we've moved you to {weekday_day_month(moved)} at "
         f"{clock_dot_pm(moved)}, same clinic. Flick us a reply if that doesn't suit and we'll find another time.\n\n"
         "Thanks heaps,\nKingsland Physio & Rehab"))

    dental = b.at(9, 8, 30)
    b.booking(
        ("Sandringham Dental", "hello@sandringhamdental.example"), "dentist", dental,
        "See you soon at Sandringham Dental", b.sent(15, 17, 30),
        f"Kia ora Rebecca,\n\nYou're booked in for your check-up and clean with Dr Hemi Parata on {weekday_day_month(dental)} "
        f"at {clock_dot_pm(dental)}.\n\nSandringham Dental, 531 Sandringham Road, Sandringham\n\nPlease let us know at "
        "least 24 hours ahead if you need to change it.\n\nNgā mihi,\nThe team at Sandringham Dental",
        doctor="Dr Hemi Parata")

    vet = b.at(8, 17, 15)
    b.booking(
        ("Wai Vets Mt Eden", "reception@waivets.example"), "vet", vet, "Booking confirmed for Nugget",
        b.sent(3, 11, 55),
        f"Hi Rebecca,\n\nNugget is booked in for his annual check and C5 vaccination on {wkday_day_mon(vet)} at "
        f"{vet:%H:%M}.\n\nWai Vets Mt Eden, 210 Dominion Road, Mt Eden\n\nPlease bring him on a lead and "
        "bring along any medications he's on. Woof!\n\nWai Vets",
        pet="Nugget")

    salon = ("Salon Kowhai", "bookings@salonkowhai.example")
    cut = b.at(4, 10, 0)
    b.cancelled_booking(
        salon, "hair", cut,
        ("Booking confirmation - Salon Kowhai", b.sent(18, 19, 0),
         f"Hi Bex! You're booked in with Lou for a cut and colour on {wkday_day_mon(cut)} {cut:%Y} at {clock_dot_pm(cut)}. Salon "
         "Kowhai, 9 St Lukes Road, Mt Albert. 24hrs notice for changes please x"),
        ("Booking cancelled - Salon Kowhai", b.sent(1, 15, 20),
         f"Hi Bex, so sorry but Lou is crook this week, so we've had to cancel your cut and colour on "
         f"{wkday_day_mon(cut)} at {clock_dot_pm(cut)}. Give us a call on 09 555 0196 when you're ready to rebook. Sorry again!"))


def _travel(b: DatedBox) -> None:
    air = ("Kotuku Air", "bookings@kotukuair.example")
    out, out_arr = b.at(3, 17, 30), b.at(3, 18, 55)
    back, back_arr = b.at(5, 16, 0), b.at(5, 17, 25)
    b.add("flight", air, "Your Kotuku Air booking confirmation - QX7T2M", b.sent(17, 21, 40),
          "Kia ora Rebecca,\n\nYou're all booked. Booking reference: QX7T2M\n\n"
          f"Auckland to Christchurch\n{wkday_day_mon(out)} {out:%Y}  KA537  Depart Auckland (AKL) Domestic {out:%H:%M}  "
          f"Arrive Christchurch (CHC) {out_arr:%H:%M}\n\n"
          f"Christchurch to Auckland\n{wkday_day_mon(back)} {back:%Y}  KA548  Depart Christchurch (CHC) {back:%H:%M}  "
          f"Arrive Auckland (AKL) Domestic {back_arr:%H:%M}\n\n"
          "Passengers: Ms Rebecca Walsh (seats 14A / 9C), Mr Benjamin Walsh (seats 14B / 9D)\nFare: Seat+Bag, "
          "1 x 23kg checked bag each way per passenger\nTotal paid: NZD 624.00\n\nOnline check-in opens 24 hours "
          "before departure in the app or at kotukuair.example. Bag drop closes 30 minutes before departure.",
          facts={"provider": air[0], "start": out.isoformat(), "arrive": out_arr.isoformat(), "status": "confirmed",
                 "kind": "flight", "flight": "KA537", "return": back.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "QX7T2M", "amount": "624.00",
                 "currency": "NZD", "seat": "14A"})
    opens = out - timedelta(hours=24)
    b.add("flight_checkin", air, "Get ready for your trip to Christchurch", b.sent(1, 18, 0),
          f"Kia ora Rebecca,\n\nYour flight KA537 to Christchurch leaves on {wkday_day_mon(out)} at {clock_dot_pm(out)}.\n\nOnline "
          f"check-in opens at {clock_dot_pm(opens)} on {wkday_day_mon(opens)}, 24 hours before you fly. Your seat is 14A and you've "
          "got 1 x 23kg checked bag. Bag drop closes 30 minutes before departure.\n\nBooking reference: QX7T2M",
          facts={"provider": air[0], "start": out.isoformat(), "opens": opens.isoformat(), "kind": "flight"})

    pick, drop = b.at(3, 19, 30), b.at(5, 14, 30)
    b.add("car_rental", ("Southern Alps Rentals", "res@southernalpsrentals.example"),
          "Rental confirmed: SAR-55120", b.sent(16, 20, 15),
          "Thanks for booking with Southern Alps Rentals!\n\nConfirmation: SAR-55120\nDriver: Rebecca Walsh\n"
          "Vehicle: Compact hatch (or similar), automatic\n"
          f"Pick up: Christchurch Airport desk, {wkday_day_mon(pick)} {pick:%Y} {pick:%H:%M}\n"
          f"Drop off: Christchurch Airport, {wkday_day_mon(drop)} {drop:%Y} {drop:%H:%M}\n"
          "Total: $186.40 incl GST (2 days, zero excess cover)\n\nBring your full driver licence and the card you "
          "booked with.",
          facts={"provider": "Southern Alps Rentals", "start": pick.isoformat(), "end": drop.isoformat(),
                 "status": "confirmed", "kind": "car rental", "reference": "SAR-55120", "amount": "186.40",
                 "currency": "NZD"})

    check_in, check_out = b.at(3, 14, 0), b.at(5, 10, 0)
    b.stay_booking(
        ("Riccarton Park Motor Lodge", "stay@riccartonparkmotorlodge.example"),
        "Booking confirmed - Riccarton Park Motor Lodge", b.sent(15, 9, 10),
        "Kia ora Rebecca,\n\nThanks for booking with us!\n\nBooking no.: RPM-20871\n"
        f"Check in: {wkday_day_mon(check_in)} {check_in:%Y} from 2pm (we've noted you'll arrive about 8.30pm, the key "
        f"will be in the after-hours box)\nCheck out: {wkday_day_mon(check_out)} {check_out:%Y} by 10am\nRoom: Two-bedroom "
        "unit, 2 nights, 2 adults\nTotal: $338.00 (pay on arrival)\n\nRiccarton Park Motor Lodge, 88 Riccarton "
        "Road, Christchurch\n\nFree parking and wifi. See you soon!",
        "<p>Booking no. "
        f"RPM-20871</p><p>Check in {wkday_day_mon(check_in)}, check out {wkday_day_mon(check_out)}</p>",
        number="RPM-20871", guest="Rebecca Walsh", check_in=check_in, check_out=check_out,
        place="Riccarton Park Motor Lodge", street="88 Riccarton Road", locality="Christchurch",
        country="NZ", kind="motel", amount="338.00", currency="NZD")

    ferry = ("Strait Link Ferries", "bookings@straitlink.example")
    go, go_arr = b.at(53, 8, 45), b.at(53, 12, 15)
    ret, ret_arr = b.at(60, 14, 0), b.at(60, 17, 30)
    b.add("ferry", ferry, "Your Strait Link booking: CSF-902214", b.sent(20, 21, 5),
          "STRAIT LINK FERRIES - BOOKING CONFIRMATION\nBooking reference: CSF-902214\n\n"
          f"Sailing 1: Wellington to Picton, {weekday_day_month(go)} {go:%Y}\nCheck in by {(go - timedelta(hours=1)):%H:%M}, "
          f"departs {go:%H:%M}, arrives {go_arr:%H:%M}\n\n"
          f"Sailing 2: Picton to Wellington, {weekday_day_month(ret)} {ret:%Y}\nCheck in by {(ret - timedelta(hours=1)):%H:%M}, "
          f"departs {ret:%H:%M}, arrives {ret_arr:%H:%M}\n\nPassengers: 2 adults, 2 children\nVehicle: car up to "
          "5.5m, PKR482\nTotal: $612.00\n\nVehicles must check in at least 60 minutes before sailing.",
          facts={"provider": "Strait Link Ferries", "start": go.isoformat(), "arrive": go_arr.isoformat(),
                 "return": ret.isoformat(), "return_arrive": ret_arr.isoformat(), "status": "confirmed",
                 "kind": "ferry", "reference": "CSF-902214", "amount": "612.00", "currency": "NZD"})

    kick, gates = b.at(11, 19, 5), b.at(11, 17, 0)
    b.add("ticket", ("TicketTui", "orders@tickettui.example"), "Your tickets: New Zealand v Argentina",
          b.sent(19, 12, 25),
          f"Order TT-3380612 confirmed\n\nRugby Championship Test: New Zealand v Argentina\nKingsland Stadium, "
          f"Auckland\n{weekday_day_month(kick)} {kick:%Y}, kick-off {clock_dot_pm(kick)}, gates open {clock_dot_pm(gates)}\n\n2 x Adult, South "
          "Stand, Block S14, Row M, Seats 21-22 @ $189.00\nBooking fee: $12.80\nTotal: $390.80\n\nYour tickets are "
          "in the TicketTui app. Free public transport to the game with your ticket.",
          facts={"provider": "Kingsland Stadium", "start": kick.isoformat(), "doors": gates.isoformat(),
                 "status": "confirmed", "kind": "rugby", "amount": "390.80", "currency": "NZD"})

    dinner = b.at(10, 19, 30)
    b.table_booking(
        ("TableTime", "noreply@tabletime.example"), "You're booked at Koura Kitchen", b.sent(7, 21, 30),
        f"Kia ora Rebecca, your table is confirmed!\n\nKoura Kitchen\n131 Ponsonby Road, Ponsonby, Auckland\n"
        f"{weekday_day_month(dinner)} {dinner:%Y} at {clock_dot_pm(dinner)}\nTable for 2\nOccasion: Anniversary\nBooking ref: "
        "TT-778104\n\nWe'll hold your table for 15 minutes. Let the restaurant know if you have any dietary "
        "requirements.",
        "<h2>Your table is "
        "confirmed</h2><p><b>Koura Kitchen</b>, 131 Ponsonby Road</p>"
        f"<p>{weekday_day_month(dinner)} at {clock_dot_pm(dinner)}</p><p>2 people</p><p>Ref TT-778104</p>",
        number="TT-778104", guest="Rebecca Walsh", party=2, start=dinner, place="Koura Kitchen",
        street="131 Ponsonby Road", locality="Auckland")


def _parcel(b: DatedBox) -> None:
    b.add("receipt", ("Tramping Co", "orders@trampingco.example"), "Order confirmed #TC-104482", b.sent(6, 21, 0),
          "Thanks for your order, Rebecca!\n\nOrder #TC-104482\nKids' merino thermal top, size 14 x1: $59.99\n"
          "Kids' thermal leggings, size 14 x1: $39.99\nShipping: $7.00\nTotal: $106.98 incl GST\n\nWe'll send "
          "tracking details when it's on its way.",
          facts={"shop": "Tramping Co", "amount": "106.98", "currency": "NZD"})
    missed = b.today - timedelta(days=1)
    b.add("delivery", ("Tuhono Couriers", "tracking@tuhonocouriers.example"), "Sorry we missed you",
          b.sent(1, 13, 50),
          f"Kia ora, we tried to deliver your parcel TH-88201744 from Tramping Co today, {wkday_day_mon(missed)}, at 1.40pm, "
          "but it needs a signature and no one was home. We've left a card. We'll try again tomorrow, or you can "
          f"collect it from Mt Albert Collect Point, 3 Carrington Road, after 10am on {wkday_day_mon(b.today)}. Bring photo "
          "ID and the card.",
          facts={"provider": "Tuhono Couriers", "missed": missed.isoformat(), "next": b.today.isoformat(),
                 "kind": "parcel"})


def _school_and_work(b: DatedBox) -> None:
    moderation = b.at(1, 15, 30)
    b.invitation(PRIYA, f"Invitation: Year 12 maths moderation @ {wkday_day_mon(moderation)} 3:30pm - 4:30pm",
                 b.sent(7, 16, 5),
                 "Kia ora koutou,\n\nLet's get together to moderate the Year 12 internals before they go to the "
                 "NZQA sample. Please bring three marked scripts each. Kai provided.\n\nNgā mihi,\nPriya",
                 uid=f"y12-moderation-{b.seed}@waitakereheights.school.example", summary="Year 12 maths moderation",
                 start=moderation, end=moderation + timedelta(hours=1), location="Room M4, Maths block")

    catch_up = b.at(9, 12, 40)
    b.add("personal", GRAEME, "NCEA timetable", b.sent(2, 17, 20),
          f"Hi Bex,\n\nCould we have a quick catch-up about the Level 1 exam timetable on {catch_up:%A} week "
          f"({wkday_day_mon(catch_up)})? Lunchtime, 12.40 in my office, 20 mins max.\n\nCheers,\nGraeme",
          facts={"person": GRAEME[0], "start": catch_up.isoformat()})

    swim = b.at(1, 13, 30)
    assembly = b.at(10, 14, 15)
    b.add("school", ("Whaea Kate - Room 9", "kate.morris@kowhaipark.school.example"), "Room 9 this week",
          b.sent(2, 15, 30),
          f"Kia ora Room 9 whānau,\n\nA couple of things. Our swimming lessons start this {swim:%A} at 1.30pm at "
          "the Mt Albert Aquatic Centre, so please pack togs, a towel and a swim cap in a named bag. Also, our "
          f"syndicate assembly is on {weekday_day_month(assembly)} at 2.15pm in the hall, and Mia is getting a certificate "
          "(shh, it's a surprise!), so come along if you can.\n\nNgā mihi,\nWhaea Kate",
          facts={"provider": "Kowhai Park School", "start": swim.isoformat(), "assembly": assembly.isoformat(),
                 "kind": "school"})

    evening = b.at(9, 19, 0)
    camp_start = b.at(20, 8, 0)
    b.add("school", ("Mr Rangi Tawhiri", "r.tawhiri@owairakahigh.school.example"), "Year 11 camp info evening",
          b.sent(4, 12, 10),
          f"Kia ora koutou,\n\nThe Year 11 Outdoor Ed camp is at Tongariro from {weekday_day_month(camp_start)} to "
          f"{weekday_day_month(camp_start + timedelta(days=4))}. We're holding an information evening for parents on "
          f"{weekday_day_month(evening)} at 7pm in the school library, where we'll go through the gear list and the tramp. "
          "The bus leaves school at 8am on the Monday.\n\nNgā mihi,\nRangi Tawhiri\nOutdoor Education",
          facts={"provider": "Owairaka High School", "start": evening.isoformat(), "camp": camp_start.isoformat(),
                 "kind": "school"})

    game = b.at(4, 9, 10)
    b.add("personal", COACH, "Saturday's game", b.sent(2, 20, 40),
          "Hi Kererū parents,\n\nWe're playing the Ōwairaka Otters this Saturday at 9.10am on court 12 at the "
          "Windmill Park courts. Please have the girls there by 8.50 to warm up, in their bibs and with a drink "
          "bottle. Mia is GA first half. Next week we've got a bye.\n\nGo Kererū!\nShannon",
          facts={"person": COACH[0], "start": game.isoformat()})


LURES = (
    Lure(("Harbourside Bank", "alerts@harbourside-secure-login.example"),
         "Unusual sign-in to your Harbourside account", (2, 4, 55),
         "We noticed an unusual sign-in to your Harbourside Internet Banking from a new device in Lagos. If this "
         "wasn't you, secure your account now at http://harbourside-secure-login.example/verify and confirm "
         "your NetCode, or your access will be suspended within 24 hours.", "bank"),
    Lure(("Waka Transport Agency", "tolls@waka-toll-notice.example"),
         "Final notice: unpaid toll charge", (1, 7, 5),
         "You have an unpaid toll for the Northern Gateway Toll Road. Amount owing: $4.20 plus a $12.50 admin "
         "fee. Pay today at http://waka-toll-notice.example/pay to avoid a $150 infringement fine.", "toll"),
    Lure(("Tuhono Couriers", "redeliver@tuhono-parcel-fee.example"),
         "Your parcel is waiting: pay redelivery fee", (0, 5, 40),
         "Your parcel could not be delivered because the address was incomplete. Pay the $2.99 redelivery fee at "
         "http://tuhono-parcel-fee.example/redeliver within 12 hours or it will be returned to the sender.",
         "parcel"),
    Lure(("Aotearoa Revenue", "refunds@aotearoa-revenue-refund.example"),
         "You are eligible for a tax refund of $486.50", (10, 13, 15),
         "After the annual calculation of your fiscal activity we have determined that you are eligible to "
         "receive a tax refund of $486.50. To claim it, submit your bank card details at "
         "http://aotearoa-revenue-refund.example/claim within 48 hours.", "tax refund"),
)


NEWSLETTERS = (
    ("The Staffroom", "editor@thestaffroom.example", 0,
     ["the new maths curriculum explained", "reporting season survival tips", "NCEA changes for 2028"]),
    ("Fresh Basket Deals", "deals@freshbasket.example", 2,
     ["lamb chops and kūmara specials", "winter soup veges on special", "bulk mince week"]),
    ("Kotuku Air Grabaseat", "deals@kotukuair.example", 3,
     ["$49 fares to Queenstown", "school holiday escapes", "Wellington weekenders"]),
    ("Mt Albert Community News", "news@mtalbertcommunity.example", 5,
     ["the Ōwairaka restoration planting day", "new cycleway on Carrington Road", "winter markets at the hall"]),
)

PROMO = banner_style("{name}: {topic}", "View online. Unsubscribe or update your preferences.",
                     "#1f5c3a", hour=7, minutes=(0, 5))


CARD_ALERTS = AlertCard(("Harbourside Bank Alerts", "alerts@harbourside.example"), "Card purchase alert",
                        "4821", "NZD", lambda amount, merchant, when: f"Harbourside: Your Visa card ending 4821 "
                        f"was used for ${amount:,.2f} at {merchant} on {_nz(when)} {clock_dot_pm(when)}. Not you? Call "
                        "0800 555 0142.")

MERCHANTS = ("FRESH BASKET MT ALBERT", "Z-ROAD FUEL NEW NORTH RD", "KOPI KINGSLAND", "BUNNINGTON HARDWARE ST LUKES",
             "KIWI VARIETY STORE ST LUKES")


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (TAMA, 0, 6, 15, "today", "Morning love, I'm on site in Pt Chev from 7 so I'll drop Mia at school but "
         "can you grab her at 3? Jack's got touch till 5. Also the power bill's come in, heaps higher than last "
         "month, can you check it? Ben's flight lands Thu 9.50pm, I'll pick him up.\n\nT"),
        (MUM, 5, 19, 30, "Saturday", "Hello darling, so looking forward to seeing you both on Friday the 6th. Lunch on "
         "Saturday is at 12.30 at the Little River Café, Aunty Pat and the cousins are coming. Don't bring a "
         "present, just yourselves. It's freezing here so pack a warm coat.\n\nLove, Mum"),
        (BEN, 2, 19, 45, "flights", "Hey sis, sent you my half of the Chch flights, $312 NZ, should be in your "
         "account today. I land in Auckland Thu night, KA126 at 9.50pm. Chur for sorting it all!\n\nBen"),
        (MUM, 1, 20, 5, "the album", "Bex, could you bring the old photo album from your hall cupboard? Ben "
         "wants to do a slideshow. See you Friday night, ring me when you land.\n\nMum"),
    )


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("Waipuna Water", "outages@waipunawater.example", "Planned water shutdown",
         "We're replacing a water main on Kōwhai Street. Your water will be off from 9am to 3pm on "
         f"{weekday_day_month(b.today + timedelta(days=2))}. Please store some water for drinking."),
        ("Mt Albert Library", "library@akaranacity.govt.example", "Items due soon",
         "Kia ora, 2 items on your library card are due back in 3 days. Renew online if you need more time."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Rebecca Walsh's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the Harbourside statement
    says, when the power bill is due, when the flight to Christchurch leaves, when the physio is now, what was
    cancelled) have the same answers for every seed, counted from `now`'s date in Auckland.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 22:
        raise ValueError("the twelfth sample needs at least 22 days of mail")
    b = _box(now, seed, days)
    for part in (_cards, _utilities, _council, _household, _money_in, _appointments, _travel, _parcel,
                 _school_and_work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Fresh Basket Deals", "Mt Albert Community News"))
    b.card_alerts(CARD_ALERTS, 4, first_hour=9, hours=10, spend=(12, 380), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=6, first=4)
    return b.messages()
