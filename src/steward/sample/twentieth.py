"""A twentieth sample mailbox, of a twentieth person in a twentieth place: Kirsty Fraser, a primary teacher in Glasgow,
married to Ross, with two children at primary school (Isla, 9, in P5, and Lewis, 6, in P2). Her dad Alasdair lives in
Inverness and comes down for a hospital appointment she drives him to; her sister Morag lives in Dundee. The mailbox
is read on a school-day Friday morning at the end of March, two days before the United Kingdom moves to summer time
(Sunday 28 March 2027 at 01:00 GMT): everything from the Sunday on is on British Summer Time. The Easter holidays
start the Friday after, with a ferry to Mull, a day in Edinburgh by train and a friend's hen weekend in Dublin.

The mix, all invented: the council tax (the year's last instalment paid, next year's bill of ten instalments from
April, with water and waste water charges, in an HTML table); a gas-and-electricity bill on Direct Debit; a TV licence
renewal; a mobile bill; a credit card statement in an HTML table with a minimum payment; an after-school club's monthly
invoice; a children's audiobook app from the United States that renews (its date month first); the car's MOT due and
its garage booking; her dad's cardiology outpatient letter from a health board, forwarded by him ("please arrive 15
minutes early"); a dentist who moves a check-up; a boiler engineer "between 8am and 1pm"; the children's school (an
in-service day, parents' evening, the spring disco, the end of term); her head teacher's plain words (report cards
due, a staff meeting); a webinar whose time is given in UTC for a day after the clocks change; a son's football match
told by the coach ("kick-off 10, get there for half 9"); a table for two forwarded by her husband; a ferry to Mull
and its sailing retimed; a train to Edinburgh; a cheap flight to Dublin with a checked bag added, and a hotel there
in euros; the hen weekend's kitty told by its organiser ("120 quid"); her sister's visit ("we'll come through on
Sunday, be there about 2"); a parcel due today; a book group; five lures (a tax refund from a tax-office lookalike,
a parcel redelivery fee, a bank's "new payee added, call us", an energy rebate, a TV licence "expired"); newsletters
and card alerts. Amounts are written "£1,920.00", "£42", "GBP 23.50" and "120 quid" (one booking in euros, "€236.00");
dates day first ("26/03/2027", "24 Mar 2027", "Sat 27th"), month first in the US app's mail ("04/03/2027").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in Glasgow.
The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label and `facts`
an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@twentieth.steward.example>`. Only mail received is
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
    clock_dot_pm,
    day_month_year,
    dd_mm_yyyy,
    mm_dd_yyyy,
    ordinal,
    weekday_day_month,
    wkday_day_mon,
)

DOMAIN = "twentieth.steward.example"
ME = ("Kirsty Fraser", "kirsty.fraser@thistlemail-demo.example")
GLASGOW = ZoneInfo("Europe/London")  # GMT, then BST from 01:00 GMT on Sunday 28 March 2027
DUBLIN = ZoneInfo("Europe/Dublin")  # the same clock as Glasgow's, in Ireland
ZONE = "Europe/London"  # the person's own clock

FOOTER = ("Please do not reply to this email: this mailbox is not monitored. The people, companies and numbers in this "
          "mailbox are invented.")

ROSS = ("Ross Fraser", "ross.fraser@thistlemail-demo.example")  # her husband
DAD = ("Alasdair MacLeod", "alasdair.macleod47@northmail-demo.example")  # her dad, in Inverness
MORAG = ("Morag Kerr", "morag.kerr@taymail-demo.example")  # her sister, in Dundee
JENNA = ("Jenna Lyall", "jenna.lyall@thistlemail-demo.example")  # organises Shona's hen weekend
FIONA = ("Fiona Galbraith", "fiona.galbraith@thistlemail-demo.example")  # the book group meets at hers
COACH = ("Gary McBride", "gary.mcbride@meadowsidecolts.example")  # Lewis's football coach
HEAD = ("Elaine Docherty", "e.docherty@broomlea-primary.example")  # head teacher of the school Kirsty teaches at
SCHOOL = ("Kelvinbank Primary School", "office@kelvinbank-primary.example")  # Isla's and Lewis's school
PTA = ("Kelvinbank Primary PTA", "pta@kelvinbank-primary.example")


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=GLASGOW, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Broomlea Primary//Mail//EN", ics_stamp="20270301T090000Z")


def _page(name: str, colour: str, body: str, foot: str = "") -> str:
    return banner_page(name, body, foot, page="font-family:Arial,sans-serif;font-size:14px",
                       banner=f"background:{colour};color:#fff;padding:14px;font-size:20px", pad="14px")


def _council(b: DatedBox) -> None:
    council = ("Clydeview City Council", "counciltax@clydeviewcouncil.example")
    paid_on = b.today - timedelta(days=11)
    b.add("receipt", council, "Council Tax - payment received", b.sent(10, 9, 5),
          f"Dear Mrs Fraser,\n\nCouncil Tax account: 40027718\nProperty: 14 Crathie Drive, Glasgow G11\n\nWe have "
          f"received your payment of £184.00 on {dd_mm_yyyy(paid_on)}. This was the tenth and final instalment for "
          "2026/27. Your Council Tax account for 2026/27 is now paid in full. Balance: £0.00.\n\nClydeview City "
          "Council, Revenues Services",
          facts={"shop": "Clydeview City Council", "amount": "184.00", "currency": "GBP", "status": "paid",
                 "paid_on": paid_on.isoformat(), "kind": "council tax"})

    first = b.today + timedelta(days=6)  # 1 April
    rows = (("Account number", "40027718"), ("Property", "14 Crathie Drive, Glasgow G11"), ("Band", "D"),
            ("Council Tax 2027/28", "£1,421.40"), ("Water charge", "£223.20"), ("Waste water charge", "£275.40"),
            ("<b>Total for the year</b>", "<b>£1,920.00</b>"), ("Payment method", "Direct Debit"),
            ("Instalments", "10 monthly instalments of £192.00"),
            ("First instalment", f"{dd_mm_yyyy(first)}"), ("Last instalment", "01/01/2028"))
    body = ("<p>Dear Mrs K Fraser,</p><p>Your Council Tax bill for 1 April 2027 to 31 March 2028 is below.</p>"
            + summary_table(rows) + "<p>Your instalments will be collected by Direct Debit on the 1st of each month "
            "from April 2027 to January 2028. You do not need to do anything.</p>")
    b.add("bill", council, "Your Council Tax bill 2027/28", b.sent(13, 10, 30),
          "Dear Mrs K Fraser,\n\nYour Council Tax bill for 2027/28 is ready. Account 40027718, Band D.\n\nTotal for "
          "the year: £1,920.00 (Council Tax £1,421.40, water charge £223.20, waste water charge £275.40)\n"
          f"Payment: 10 monthly instalments of £192.00 by Direct Debit, the first on {dd_mm_yyyy(first)}.\n\n"
          "Clydeview City Council, Revenues Services",
          html=_page("Clydeview City Council", "#2b4c7e", body, "Clydeview City Council, Revenues Services."),
          facts=due_facts("Clydeview City Council", "192.00", "GBP", first, "council tax", "open", autopay="true",
                          year_total="1920.00", instalments="10", account="40027718"))


def _bills(b: DatedBox) -> None:
    energy = ("Kelpie Energy", "bills@kelpieenergy.example")
    taken = b.today + timedelta(days=11)  # 6 April
    period = f"{dd_mm_yyyy(b.today - timedelta(days=33))} to {dd_mm_yyyy(b.today - timedelta(days=4))}"
    rows = (("Account", "KE-5531907"), ("Bill period", period), ("Electricity (412 kWh)", "£88.41"),
            ("Gas (1,046 kWh)", "£53.96"), ("<b>Total this bill</b>", "<b>£142.37</b>"),
            ("Direct Debit date", dd_mm_yyyy(taken)))
    b.add("bill", energy, "Your Kelpie Energy bill is ready", b.sent(4, 6, 40), None,
          html=_page("Kelpie Energy", "#0f7b6c",
                     "<p>Hi Kirsty,</p><p>Here's your gas and electricity bill.</p>" + summary_table(rows)
                     + f"<p>We'll collect £142.37 by Direct Debit on or just after {day_month_year(taken)}. Nothing "
                     "for you to do.</p>", "Kelpie Energy Ltd."),
          facts=due_facts("Kelpie Energy", "142.37", "GBP", taken, "gas and electricity", "open", autopay="true",
                          electricity="88.41", gas="53.96"))

    tv = ("TV Licence Office", "renewals@tvlicenceoffice.example")
    expires = b.today + timedelta(days=5)  # 31 March
    b.add("bill", tv, "Your TV Licence is due for renewal", b.sent(9, 8, 0),
          f"Dear Mrs Fraser,\n\nYour TV Licence (number 8812 4471 0329) for 14 Crathie Drive expires on "
          f"{day_month_year(expires)}.\n\nTo renew for another year, pay £174.50 by {dd_mm_yyyy(expires)}. You can "
          "pay online, by phone or at a PayPoint.\n\nTV Licence Office",
          facts=due_facts("TV Licence Office", "174.50", "GBP", expires, "tv licence", "open",
                          licence="8812 4471 0329"))

    mobile = ("Puffin Mobile", "mybill@puffinmobile.example")
    collected = b.today + timedelta(days=7)  # 2 April
    b.add("bill", mobile, "Your Puffin Mobile bill", b.sent(3, 5, 30),
          f"Hi Kirsty,\n\nYour bill for 07700 900417 is ready.\n\nPlan: Puffin 30GB - GBP 18.00\nCalls to 0845 "
          f"numbers - GBP 3.10\nRoaming - GBP 2.40\nTotal: GBP 23.50\n\nWe'll collect this by Direct Debit on "
          f"{dd_mm_yyyy(collected)}.\n\nPuffin Mobile",
          facts=due_facts("Puffin Mobile", "23.50", "GBP", collected, "mobile", "open", autopay="true",
                          number="07700 900417"))

    bank = ("Braeside Bank", "statements@braesidebank.example")
    issued, due = b.today - timedelta(days=2), b.today + timedelta(days=24)  # 24 March, 19 April
    card = (("Card", "Braeside Rewards Mastercard ending 6042"), ("Statement date", f"{issued.day} {issued:%b %Y}"),
            ("Previous balance", "£987.20"), ("Payments received", "-£987.20"), ("New purchases", "£1,236.63"),
            ("Interest", "£0.00"), ("Fees", "£12.00"), ("<b>Statement balance</b>", "<b>£1,248.63</b>"),
            ("<b>Minimum payment</b>", "<b>£37.46</b>"), ("<b>Payment due by</b>", f"<b>{due.day} {due:%b %Y}</b>"),
            ("Credit limit", "£4,500.00"))
    b.add("statement", bank, "Your Braeside Rewards Mastercard statement is ready", b.sent(2, 6, 15), None,
          html=_page("Braeside Bank", "#5a2a82",
                     "<p>Dear Mrs Fraser,</p><p>Your monthly statement is ready to view.</p>" + summary_table(card)
                     + "<p>Pay at least the minimum payment by the due date to avoid a late payment fee of £12.00.</p>",
                     "Braeside Bank will never ask you to move money to a safe account or call a number in an email."),
          pdf=f"Statement_6042_{issued:%Y%m%d}.pdf",
          facts=due_facts("Braeside Bank", "1248.63", "GBP", due, "card", "open", last4="6042", minimum="37.46"))

    club = ("Wee Stars Out of School Care", "accounts@weestars-oosc.example")
    by = b.today + timedelta(days=6)  # 1 April
    invoice = (("Isla Fraser (P5): 14 sessions at £8.50", "£119.00"), ("Lewis Fraser (P2): 14 sessions at £8.50", "£119.00"),
            ("Sibling discount (10%)", "-£23.80"), ("Holiday club deposit (Easter)", "£2.40"),
            ("<b>Total due</b>", "<b>£216.60</b>"), ("<b>Due by</b>", f"<b>{dd_mm_yyyy(by)}</b>"))
    b.add("bill", club, "Wee Stars invoice - April 2027", b.sent(5, 17, 20),
          "Hi Kirsty,\n\nPlease find your April invoice below. Total £216.60, due by "
          f"{dd_mm_yyyy(by)} by bank transfer (sort code 80-44-19, account 20417733, reference FRASER).\n\nThanks,"
          "\nLorna\nWee Stars Out of School Care",
          html="<html><body><p>Hi Kirsty,</p><p>Your April 2027 invoice:</p>" + summary_table(invoice)
          + "<p>Bank transfer please, reference FRASER.</p><p>Lorna, Wee Stars</p></body></html>",
          facts=due_facts("Wee Stars Out of School Care", "216.60", "GBP", by, "after-school club", "open"))

    app = ("StoryNest", "billing@storynest.example")
    renews = b.today + timedelta(days=8)  # 3 April, written 04/03/2027
    b.add("bill", app, "Your StoryNest Family plan renews soon", b.sent(1, 4, 12),
          f"Hi Kirsty,\n\nJust a heads up: your StoryNest Family plan will renew automatically on "
          f"{mm_dd_yyyy(renews)}.\n\nPlan: Family (up to 4 listeners)\nAmount: £7.99/month\nPayment method: Visa "
          "ending in 3318\n\nWant to make changes? Visit your account settings any time before your renewal date."
          "\n\nHappy listening!\nThe StoryNest Team\nStoryNest Inc., 2200 Larkin Street, San Francisco, CA 94109",
          facts=due_facts("StoryNest", "7.99", "GBP", renews, "subscription", "open", autopay="true", last4="3318"))


def _car_and_house(b: DatedBox) -> None:
    garage = ("Dowanvale Motors", "service@dowanvalemotors.example")
    mot_due = b.today + timedelta(days=19)  # 14 April
    b.add("other", garage, "Your MOT is due soon - SK19 KFX", b.sent(15, 11, 0),
          f"Dear Kirsty,\n\nOur records show the MOT on your Skoda Fabia (SK19 KFX) runs out on "
          f"{dd_mm_yyyy(mot_due)}.\n\nBook with us and the MOT is £54.85. Reply to this email or call 0141 496 0328."
          "\n\nDowanvale Motors, 221 Dumbarton Road",
          facts={"provider": "Dowanvale Motors", "due_date": mot_due.isoformat(), "kind": "mot reminder"})
    mot = b.at(11, 8, 30)  # Tuesday 6 April
    b.booking(garage, "mot", mot, "MOT booking confirmed - Tue 6 April", b.sent(8, 14, 45),
              f"Dear Kirsty,\n\nThanks for booking. Your MOT is confirmed:\n\nVehicle: Skoda Fabia SK19 KFX\nDate: "
              f"{weekday_day_month(mot)} {mot:%Y}\nDrop off: {mot:%H:%M}\nReady for collection: from 16:00\n"
              "MOT fee: £54.85 (payable on collection)\n\nDowanvale Motors, 221 Dumbarton Road, Glasgow G11",
              fee="54.85", vehicle="SK19 KFX")

    heating = ("Lomond Heating Services", "bookings@lomondheating.example")
    visit = b.at(3, 8, 0)  # Monday 29 March, 8am to 1pm
    b.booking(heating, "boiler service", visit, "Boiler service booked for Monday 29 March", b.sent(6, 12, 10),
              f"Dear Mrs Fraser,\n\nYour annual boiler service is booked.\n\nDate: {weekday_day_month(visit)} {visit:%Y}"
              "\nArrival window: between 8am and 1pm\nAddress: 14 Crathie Drive, Glasgow G11\nCost: covered by your "
              "HeatCare plan (HC-220914)\n\nOur engineer will call when on the way. Please make sure someone over 18 "
              "is at home.\n\nLomond Heating Services",
              end=b.at(3, 13, 0).isoformat(), plan="HC-220914")

    dental = ("Birkwood Dental Practice", "reception@birkwooddental.example")
    was, moved = b.at(4, 16, 15), b.at(13, 9, 0)  # Tuesday 30 March, then Thursday 8 April
    b.moved_booking(
        dental, "dentist", was, moved,
        ("Appointment reminder - Birkwood Dental Practice", b.sent(14, 10, 0),
         f"Dear Kirsty,\n\nThis is to confirm your check-up with Dr Anna Kowal on {weekday_day_month(was)} at "
         f"{clock_dot_pm(was)}.\n\nIf you can't make it, please give us 24 hours' notice.\n\nBirkwood Dental "
         "Practice, 9 Hyndland Street, Glasgow G11. Tel 0141 496 0771."),
        ("Re: Appointment reminder - Birkwood Dental Practice", b.sent(1, 16, 40),
         f"Dear Kirsty,\n\nUnfortunately Dr Kowal is unwell and we have had to move your check-up on "
         f"{weekday_day_month(was)}. Your new appointment is {weekday_day_month(moved)} at {clock_dot_pm(moved)}. "
         "If this time doesn't suit, please phone us on 0141 496 0771.\n\nSorry for any inconvenience.\n\nBirkwood "
         "Dental Practice"))


def _dad(b: DatedBox) -> None:
    board = ("Clyde and Kelvin Health Board", "outpatients@clydekelvin-health.example")
    clinic, train = b.at(5, 10, 40), b.at(4, 14, 20)  # Wednesday 31 March; his train on the Tuesday
    letter = (f"Dear Mr MacLeod,\n\nCardiology Outpatient Appointment\n\nYou have been given an appointment to see Dr R. "
              f"Sutherland, Consultant Cardiologist.\n\nDate: {weekday_day_month(clinic)} {clinic:%Y}\nTime: "
              f"{clinic:%H:%M}\nPlace: Clinic C, Level 2, Anniesland Royal Infirmary, Glasgow G13\n\nPlease arrive 15 "
              "minutes early and bring a list of your medicines. Parking at the hospital is limited.\n\nIf you cannot "
              "attend, please phone 0141 496 0450 so the appointment can be given to another patient.\n\nOutpatient "
              "Bookings, Clyde and Kelvin Health Board")
    b.add("forwarded", DAD, "Fw: Cardiology Outpatient Appointment", b.sent(7, 19, 5),
          forwarded("Kirsty hen, here's the hospital letter. I'll get the train down on the Tuesday, it gets into "
                    "Queen Street at twenty past two. Can you run me up to the hospital on the Wednesday? Dad",
                    OUTLOOK, board, b.sent(9, 11, 0), DAD, "Cardiology Outpatient Appointment", letter),
          facts={"provider": "Anniesland Royal Infirmary", "start": clinic.isoformat(), "status": "confirmed",
                 "kind": "hospital", "person": DAD[0], "arrive_by": b.at(5, 10, 25).isoformat(),
                 "train": train.isoformat()})


def _school(b: DatedBox) -> None:
    inset, last_day, back = b.today + timedelta(days=3), b.today + timedelta(days=6), b.today + timedelta(days=24)
    b.add("school", SCHOOL, "In-service day and Easter holidays", b.sent(8, 13, 0),
          f"Dear Parents and Carers,\n\nA reminder that {weekday_day_month(inset)} is an in-service day: the school "
          f"is closed to pupils.\n\nTerm ends on {weekday_day_month(last_day)} at 1pm. The Easter holidays run from "
          f"{weekday_day_month(last_day + timedelta(days=1))} and the school reopens on {weekday_day_month(back)}."
          "\n\nKelvinbank Primary School",
          facts={"provider": "Kelvinbank Primary School", "closed": inset.isoformat(), "term_ends": last_day.isoformat(),
                 "resumes": back.isoformat(), "kind": "holiday"})

    slot = b.at(4, 18, 20)  # Tuesday 30 March
    b.add("school", ("Mrs Karen Ogilvie", "k.ogilvie@kelvinbank-primary.example"), "P5 parents' evening",
          b.sent(11, 15, 40),
          f"Dear Mr and Mrs Fraser,\n\nThank you for booking. Your parents' evening appointment for Isla is on "
          f"{weekday_day_month(slot)} at {slot:%H:%M} in Room 12 (10 minutes). I'll have her jotters out for you to "
          "look at.\n\nKind regards,\nMrs Ogilvie\nP5 Class Teacher",
          facts={"provider": "Kelvinbank Primary School", "start": slot.isoformat(), "kind": "parents evening",
                 "pupil": "Isla"})

    disco = b.at(0, 18, 0)
    b.add("school", PTA, "Spring Disco this Friday", b.sent(1, 18, 30),
          "Hi everyone,\n\nThe Spring Disco is this Friday in the school hall:\nP1-P3: 6pm to 7pm\nP4-P7: 7.15pm to "
          "8.30pm\n\nEntry £2, tuck shop on the night. Please collect P1-P3 children from the hall door.\n\n"
          "Kelvinbank PTA",
          facts={"provider": "Kelvinbank Primary PTA", "start": disco.isoformat(),
                 "older": b.at(0, 19, 15).isoformat(), "kind": "disco"})

    match = b.at(1, 10, 0)
    b.add("personal", COACH, "Saturday", b.sent(1, 20, 15),
          "Hi parents,\n\nGame on Saturday against Yoker Rovers at Victoria Park, pitch 3. Kick-off 10, get there for "
          "half 9 please. Red tops, shin pads and a water bottle. £3 subs as usual.\n\nCheers\nGary",
          facts={"person": COACH[0], "start": match.isoformat(), "arrive": b.at(1, 9, 30).isoformat(),
                 "kind": "football", "pupil": "Lewis"})


def _work(b: DatedBox) -> None:
    b.add("personal", HEAD, "Report cards and today", b.sent(0, 7, 5),
          "Morning all,\n\nJust a reminder that report cards need to be with me by 4pm on Wednesday 31st, no "
          "later please as they go home on the last day of term. Staff meeting after school today, 3.45 in the "
          "library, short one I promise.\n\nHave a good day\nElaine",
          facts={"person": HEAD[0], "due": b.at(5, 16, 0).isoformat(), "meeting": b.at(0, 15, 45).isoformat(),
                 "kind": "work"})

    webinar = b.at(4, 16, 30)  # 15:30 UTC on Tuesday 30 March is 16:30 in Glasgow (BST)
    b.add("other", ("ClassCraft Learning", "events@classcraft-learning.example"),
          "You're registered: Feedback that Works (live webinar)", b.sent(12, 21, 0),
          "Hi Kirsty,\n\nYou're registered for our live webinar.\n\nFeedback that Works: written comments pupils "
          "actually read\nWhen: Tuesday 30 March 2027, 15:30 UTC\nLength: 45 minutes\nJoin: "
          "https://classcraft-learning.example/live/fw-0330\n\nSee you there!\nClassCraft Learning",
          facts={"provider": "ClassCraft Learning", "start": webinar.isoformat(), "kind": "webinar"})


def _travel(b: DatedBox) -> None:
    ferry = ("Firthlink Ferries", "bookings@firthlink.example")
    out, out_arr = b.at(8, 11, 0), b.at(8, 11, 50)  # Saturday 3 April
    moved, moved_arr = b.at(8, 11, 45), b.at(8, 12, 35)
    back, back_arr = b.at(15, 16, 5), b.at(15, 16, 55)  # Saturday 10 April
    booked = b.add("ferry", ferry, "Booking confirmation FLK-482913", b.sent(20, 20, 30),
                   f"Dear Kirsty Fraser,\n\nThank you for booking with Firthlink Ferries.\n\nBooking reference: "
                   f"FLK-482913\n\nOutward: {wkday_day_mon(out)} {out:%Y}  Oban dep {out:%H:%M}  Craignure arr "
                   f"{out_arr:%H:%M}\nReturn: {wkday_day_mon(back)} {back:%Y}  Craignure dep {back:%H:%M}  Oban arr "
                   f"{back_arr:%H:%M}\n\nPassengers: 2 adults, 2 children\nVehicle: car under 5m (SK19 KFX)\nTotal "
                   "paid: £86.40\n\nPlease check in at least 30 minutes before departure.\n\nFirthlink Ferries",
                   facts={"provider": "Firthlink Ferries", "start": out.isoformat(), "arrive": out_arr.isoformat(),
                          "return": back.isoformat(), "status": "confirmed", "kind": "ferry",
                          "reference": "FLK-482913", "amount": "86.40", "superseded": "rescheduled"})
    b.add("ferry", ferry, "Re: Booking confirmation FLK-482913 - sailing time change", b.sent(2, 15, 10),
          f"Dear Kirsty Fraser,\n\nWe're writing about booking FLK-482913. Because of a change to our timetable, the "
          f"{out:%H:%M} sailing from Oban to Craignure on {wkday_day_mon(out)} will now depart at {moved:%H:%M} and "
          f"arrive in Craignure at {moved_arr:%H:%M}. Please check in by {moved - timedelta(minutes=30):%H:%M}.\n\n"
          "Your return sailing is unchanged. If the new time doesn't suit, you can change or cancel free of charge."
          "\n\nFirthlink Ferries",
          reply_to=booked,
          facts={"provider": "Firthlink Ferries", "start": moved.isoformat(), "was": out.isoformat(),
                 "arrive": moved_arr.isoformat(), "status": "rescheduled", "kind": "ferry", "reference": "FLK-482913"})

    rail = ("Forth and Clyde Rail", "tickets@forthclyderail.example")
    leave, arrive = b.at(19, 9, 15), b.at(19, 10, 7)  # Wednesday 14 April
    home, home_arr = b.at(19, 17, 30), b.at(19, 18, 22)
    b.add("train", rail, "Your e-ticket: Glasgow Queen Street to Edinburgh Waverley", b.sent(6, 21, 45),
          f"Hi Kirsty,\n\nYour tickets are ready.\n\nBooking reference: FCR7Q2M4\n\nOutward {dd_mm_yyyy(leave)}\n"
          f"{leave:%H:%M} Glasgow Queen Street -> {arrive:%H:%M} Edinburgh Waverley\n\nReturn {dd_mm_yyyy(home)}\n"
          f"{home:%H:%M} Edinburgh Waverley -> {home_arr:%H:%M} Glasgow Queen Street\n\nTickets: 1 adult, 2 children "
          "(Off-Peak Day Return)\nTotal: £27.60\n\nShow the barcode on your phone at the gates.\n\nForth and Clyde Rail",
          facts={"provider": "Forth and Clyde Rail", "start": leave.isoformat(), "arrive": arrive.isoformat(),
                 "return": home.isoformat(), "status": "confirmed", "kind": "train", "reference": "FCR7Q2M4",
                 "amount": "27.60"})

    air = ("Gannet Air", "bookings@gannetair.example")
    fly, land = b.at(21, 18, 40), b.at(21, 19, 50, DUBLIN)  # Friday 16 April
    fly_back, land_back = b.at(23, 20, 15, DUBLIN), b.at(23, 21, 25)  # Sunday 18 April
    flight = b.add("flight", air, "Your Gannet Air booking GX4T7Q - Glasgow to Dublin", b.sent(17, 22, 10),
                   f"Hi KIRSTY,\n\nYou're booked! Booking reference: GX4T7Q\n\nGA 412  {dd_mm_yyyy(fly)}  Glasgow (GLA)"
                   f" {fly:%H:%M}  ->  Dublin (DUB) {land:%H:%M}\nGA 415  {dd_mm_yyyy(fly_back)}  Dublin (DUB) "
                   f"{fly_back:%H:%M}  ->  Glasgow (GLA) {land_back:%H:%M}\n\nAll times local.\nPassenger: MRS KIRSTY "
                   "FRASER\nFare: £64.98\nBags: 1 small under-seat bag\n\nCheck in online from 24 hours before you fly."
                   "\n\nGannet Air",
                   facts={"provider": "Gannet Air", "start": fly.isoformat(), "arrive": land.isoformat(),
                          "return": fly_back.isoformat(), "return_arrive": land_back.isoformat(), "status": "confirmed",
                          "kind": "flight", "flight": "GA 412", "reference": "GX4T7Q", "amount": "64.98"})
    b.add("receipt", air, "Extras added to booking GX4T7Q", b.sent(3, 20, 50),
          "Hi KIRSTY,\n\nYou've added extras to booking GX4T7Q.\n\n1 x 20kg checked bag (both flights): £32.00\n"
          "Paid by Visa ending 3318\n\nDrop your bag at the Gannet Air desk at least 40 minutes before departure."
          "\n\nGannet Air",
          reply_to=flight,
          facts={"shop": "Gannet Air", "amount": "32.00", "currency": "GBP", "kind": "bag", "reference": "GX4T7Q"})

    check_in, check_out = b.at(21, 15, 0, DUBLIN), b.at(23, 11, 0, DUBLIN)
    b.stay_booking(
        ("StayFinder", "confirmations@stayfinder.example"), "Booking confirmed: The Liffey Quay Hotel, Dublin",
        b.sent(16, 21, 30),
        f"Hi Kirsty,\n\nYour stay is confirmed.\n\nThe Liffey Quay Hotel\n31 Ormond Quay Lower, Dublin 1\nCheck-in: "
        f"{weekday_day_month(check_in)} {check_in:%Y} from 15:00\nCheck-out: {weekday_day_month(check_out)} "
        f"{check_out:%Y} until 11:00\nRoom: Twin room, 2 nights, 2 guests\nTotal price: €236.00 (pay at the "
        "property)\nConfirmation number: SF-90417726\n\nFree cancellation until 9 April.\n\nStayFinder",
        f"<p>The Liffey Quay Hotel, Dublin</p><p>{day_month_year(check_in)} - {day_month_year(check_out)}</p>"
        "<p>Total: €236.00</p>",
        number="SF-90417726", guest="Kirsty Fraser", check_in=check_in, check_out=check_out,
        place="The Liffey Quay Hotel", street="31 Ormond Quay Lower", locality="Dublin", country="IE",
        amount="236.00", currency="EUR")


def _people(b: DatedBox) -> None:
    table = b.at(1, 19, 30)  # Saturday 27 March
    page = (f"Hi Ross,\n\nYour table is booked.\n\nThe Wee Bothy Kitchen\n48 Argyle Street, Glasgow G3\n"
            f"{weekday_day_month(table)} at {clock_dot_pm(table)}\nTable for 2\nReference: TH-558201\n\nWe hold tables "
            "for 15 minutes.\n\nTablehop")
    b.add("forwarded", ROSS, "Fwd: Your table at The Wee Bothy Kitchen", b.sent(3, 12, 40),
          forwarded("Sorted for Saturday night. Mum's having the kids from 6. x", GMAIL,
                    ("Tablehop", "noreply@tablehop.example"), b.sent(3, 12, 30), ROSS,
                    "Your table at The Wee Bothy Kitchen", page),
          facts={"provider": "The Wee Bothy Kitchen", "start": table.isoformat(), "status": "confirmed",
                 "kind": "restaurant", "reference": "TH-558201", "party": "2"})

    visit = b.at(2, 14, 0)  # Sunday 28 March, British Summer Time
    b.add("personal", MORAG, "Sunday", b.sent(2, 21, 20),
          "Hiya Kirst,\n\nWe'll come through on Sunday, be there about 2. Calum and the boys are coming too. Dinnae "
          "go to any bother, I'll bring a trifle. Don't forget the clocks go forward!\n\nMorag x",
          facts={"person": MORAG[0], "start": visit.isoformat(), "kind": "visit"})

    kitty_by = b.today + timedelta(days=7)  # Friday 2 April
    hen = b.add("personal", JENNA, "Shona's hen!!", b.sent(18, 20, 5),
                "Hi girls!\n\nShona's hen is in Dublin, Friday 16th to Sunday 18th April. Book your own flights and "
                "I'll sort the hotel rooms. Saturday is a cocktail class at 2 and dinner at 8.\n\nJen x",
                facts={"person": JENNA[0], "kind": "hen weekend"})
    b.add("personal", JENNA, "Re: Shona's hen!!", b.sent(1, 21, 40),
          "Hi girls, the kitty is 120 quid each, that covers the cocktail class, dinner on the Saturday and a few "
          "surprises. Send it to me by Friday 2nd please! Bank transfer to J Lyall 82-61-07 30558812.\n\nJen x",
          reply_to=hen,
          facts={"person": JENNA[0], "amount": "120.00", "currency": "GBP", "due_date": kitty_by.isoformat(),
                 "kind": "hen kitty"})

    group = b.at(6, 19, 30)  # Thursday 1 April
    b.add("personal", FIONA, "Book group", b.sent(4, 19, 50),
          f"Hi all, book group is at mine on Thursday {ordinal(group.day)}, half 7. We're doing The Lighthouse at "
          "Skerrach. Bring a bottle and your opinions!\n\nFiona",
          facts={"person": FIONA[0], "start": group.isoformat(), "kind": "book group"})

    courier = ("Parcelwise", "updates@parcelwise.example")
    b.add("other", courier, "Your parcel is arriving today", b.sent(0, 7, 10),
          f"Hi Kirsty,\n\nGood news: your parcel from Tartan & Twine is out for delivery today, "
          f"{weekday_day_month(b.today)}, between 13:10 and 14:10.\n\nYour driver is Sam. Tracking number: PW 7714 "
          "2290 5531\n\nNot in? Choose a safe place or a neighbour in the Parcelwise app.\n\nParcelwise",
          facts={"provider": "Parcelwise", "start": b.at(0, 13, 10).isoformat(), "end": b.at(0, 14, 10).isoformat(),
                 "kind": "parcel", "shop": "Tartan & Twine"})
    b.add("receipt", ("Tartan & Twine", "orders@tartanandtwine.example"), "Order TT-30418 confirmed",
          b.sent(3, 21, 5),
          "Hi Kirsty,\n\nThanks for your order TT-30418.\n\n6 x Aran wool, heather: £36.00\nKnitting pattern "
          "(cardigan, age 6-7): £6.00\nTotal: £42\n\nWe'll email you when it's on its way.\n\nTartan & Twine",
          facts={"shop": "Tartan & Twine", "amount": "42.00", "currency": "GBP"})


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (ROSS, 0, 6, 55, "this morning",
         "Left early, the car's at the front. Can you do the disco drop off the night? I'll pick them up. x"),
        (DAD, 3, 18, 30, "Easter",
         "Hello Kirsty, will you and the bairns still be on Mull over Easter? I might come across for a day if the "
         "weather's kind. Love Dad"),
    )


LURES = (
    Lure(("HM Revenue Refunds", "refunds@hmrc-taxrefund-online.example"), "Tax refund notification: £326.84",
         (4, 2, 15),
         "After the last annual calculation of your fiscal activity we have determined that you are eligible to "
         "receive a tax refund of £326.84. Submit the refund form within 48 hours at "
         "http://hmrc-taxrefund-online.example/claim with your card details to receive it.", "tax refund"),
    Lure(("Royal Parcel Redelivery", "redelivery@parcel-redeliver-uk.example"), "We missed you today",
         (1, 13, 40),
         "We tried to deliver your parcel but nobody was home. To rebook delivery, pay the £1.99 redelivery fee at "
         "http://parcel-redeliver-uk.example/rebook within 24 hours or your parcel will be returned.", "redelivery"),
    Lure(("Braeside Bank Security", "security@braeside-alerts.example"), "New payee added to your account",
         (0, 3, 25),
         "A new payee (M HUSSAIN, 60-11-28) was added to your Braeside account at 02:58. If you did not do this, "
         "call our fraud team now on 020 7946 0321 so we can protect your money. Do not log in to online banking.",
         "bank"),
    Lure(("Energy Rebate Scheme", "claims@uk-energy-rebate.example"), "Claim your £400 energy bill rebate",
         (6, 9, 30),
         "You are entitled to a £400 discount on your energy bills. Apply before 31 March at "
         "http://uk-energy-rebate.example/apply and enter your bank card so the rebate can be paid.", "rebate"),
    Lure(("TV Licence", "noreply@tvlicence-renewals-online.example"), "Your TV licence has expired",
         (2, 4, 50),
         "Your TV licence has expired because we could not take your last payment. You could be prosecuted and "
         "fined up to £1,000. Renew now for £169.50 at http://tvlicence-renewals-online.example/renew.",
         "tv licence"),
)


NEWSLETTERS = (
    ("Greenhill Garden Centre", "news@greenhillgardens.example", 3,
     ["seed potatoes are in", "Easter opening hours", "spring bulbs half price"]),
    ("Teach Scotland Weekly", "editor@teachscotlandweekly.example", 1,
     ["writing report comments", "outdoor learning in spring", "numeracy games for P4"]),
    ("Gannet Air", "deals@gannetair.example", 5,
     ["summer sun from £29", "city breaks in May", "kids fly free in June"]),
)

PROMO = banner_style("{name} | {topic}", "View in your browser. Unsubscribe or change your preferences.", "#1f5f8b",
                     hour=7, minutes=(5, 45))

CARD_ALERTS = AlertCard(("Braeside Bank", "alerts@braesidebank.example"), "Braeside card payment",
                        "6042", "GBP", lambda amount, merchant, when: f"Braeside Bank: a payment of £{amount:,.2f} "
                        f"was made on your Mastercard ending 6042 at {merchant} on {dd_mm_yyyy(when)} at "
                        f"{when:%H:%M}. Not you? Call the number on the back of your card.")

MERCHANTS = ("HYNDLAND FOOD STORE", "CLYDE FUELS PARTICK", "BOOKS AND BEANS GLASGOW", "KELVIN PHARMACY",
             "DUMBARTON RD CHIPPY")


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("Hillhead Library", "libraries@clydeviewcouncil.example", "Your loans are due soon",
         "Two items on your card are due back within 3 days. Renew online or at any library."),
        ("Broomlea Primary IT", "it@broomlea-primary.example", "Password expiry",
         "Your school network password expires in 7 days. Change it from any staff computer."),
    )


def generate(now: datetime, seed: int = 7, days: int = 30) -> list[SampleMessage]:
    """Kirsty Fraser's mailbox: about 50 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the council tax takes in
    April, when the dentist is now, what time the ferry sails after its change, when her dad's clinic is, when her
    sister comes on the Sunday the clocks change) have the same answers for every seed, counted from `now`'s date in
    Glasgow.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 30:
        raise ValueError("the twentieth sample needs at least 30 days of mail")
    b = _box(now, seed, days)
    for part in (_council, _bills, _car_and_house, _dad, _school, _work, _travel, _people):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Gannet Air",))
    b.card_alerts(CARD_ALERTS, 5, first_hour=9, hours=10, spend=(4, 95), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=5, first=3)
    return b.messages()
