"""A sixth sample mailbox, of a sixth person in a sixth country: Lindiwe Mokoena, an architect who lives in
Cape Town (Observatory) with her partner Ruan van Wyk ("Ru"), their children Kabelo (10, who plays
football) and Naledi (8, who dances), and their dog Bongo. She pays in rand, books a family holiday in
Mauritius priced in rupees, flies to Johannesburg and back in a day for work and gets mail in English,
Afrikaans and a little isiZulu. About 150 messages over the 90 days before `now`, so a home built from it
asks every reader of mail to work on names, a currency, banks, billers, providers and ways of writing that
none of the other samples (`steward.sample.mailbox`, `second` to `fifth`) uses.

The mix, all invented: a bank's credit card statement (HTML only, in tables, with a minimum payment and a
long legal footer) and last month's statement paid; household bills (a mobile contract overdue, a
municipal account already paid and confirmed in Afrikaans, fibre on debit order, an insurance renewal
whose new premium goes off by debit order, a dance school's term fees); appointments (a barber for her son
today, a GP, an optometrist who cancels, a chiropractor who moves a session, a vet who proposes a time and
waits for her yes, a car service, a football match from the club), a table booked through a booking
service, a day flight to Johannesburg and back (a seat, a gate change), a flight to Mauritius and a villa
there booked through a stays service, a harbour ferry whose tickets her partner forwards, her manager's
calendar invitation and a meeting moved, a colleague asking to meet, a friend's braai in plain words,
family mail signed "Ma", "Sips" and "Ru", newsletters, card alerts, receipts (prepaid electricity among
them), a parcel arriving today in a delivery window, and two lures. Amounts and dates are written the
way South African senders write them ("R 14 386,20", "R1 148.00", "ZAR 899.00", "2027/01/29",
"29 January 2027", "Fri 22 Jan"), the villa in Mauritian rupees ("MUR 41,600").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in
Cape Town. The seed varies the filler (card alerts, receipts' amounts, the minutes of newsletters). Every
message has a `kind` label and `facts` an evaluation can check, and a stable Message-ID
`<kind-NNNN.SEED@sixth.steward.example>`. Only mail received is here (an inbox export): none she sent.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    ORIGINAL_MESSAGE,
    AlertCard,
    DatedBox,
    Letter,
    Lure,
    NewsletterStyle,
    SampleMessage,
    due_facts,
    forwarded,
)
from steward.sample.locale import day_month_year, wkday_day_mon

DOMAIN = "sixth.steward.example"
ME = ("Lindiwe Mokoena", "lindiwe.mokoena@kaappos-demo.example")
CPT = ZoneInfo("Africa/Johannesburg")  # South Africa keeps one clock: Cape Town's is Johannesburg's
MRU = ZoneInfo("Indian/Mauritius")  # Mauritius is two hours ahead of Cape Town
ZONE = "Africa/Johannesburg"  # the person's own clock

FOOTER = ("This e-mail was sent by an automated system. Please do not reply. All people, companies and numbers "
          "in this mailbox are invented.")
BANK_LEGAL = (
    "Fynbos Bank Limited is an authorised financial services provider and a registered credit provider. This "
    "e-mail is confidential and may be legally privileged; if you are not the intended recipient, please tell "
    "the sender and delete it. Fynbos Bank will never ask you for your PIN, password or one-time PIN by e-mail, "
    "SMS or telephone. Interest accrues on any amount not settled in full by the payment due date at the rate in "
    "your credit agreement, and a late payment fee applies if the minimum payment is not received by that date. "
    "Fynbos Bank Limited, Fynbos Place, 12 Riebeek Street, Cape Town. Terms and conditions apply.")

RU = ("Ruan van Wyk", "ruan.vanwyk@kaappos-demo.example")  # her partner, signs "Ru"
MA = ("Nomvula Mokoena", "nomvula.mokoena@ubuntumail-demo.example")  # her mother, signs "Ma"
SIPS = ("Sipho Mokoena", "sipho.mokoena@ubuntumail-demo.example")  # her brother, signs "Sips"
CHANTY = ("Chantelle Adams", "chantelle.adams@kaappos-demo.example")  # a friend, signs "Chanty"
YUSI = ("Yusuf Daniels", "yusuf.daniels@kaappos-demo.example")  # a friend, signs "Yusi"
MARLENE = ("Marlene Botha", "marlene.botha@baobab-architects.example")  # her manager
KAGISO = ("Kagiso Molefe", "kagiso.molefe@baobab-architects.example")  # a colleague


def _rand(x: float) -> str:
    """R 14 386,20 (a space between thousands, a decimal comma)."""
    return "R " + f"{x:,.2f}".replace(",", " ").replace(".", ",")


def _slash(d: date | datetime) -> str:
    """2027/01/29 (as many South African senders write a date)."""
    return f"{d:%Y/%m/%d}"


def _long(d: date | datetime) -> str:
    """Friday 29 January 2027."""
    return f"{d:%A} {d.day} {d:%B %Y}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=CPT, domain=DOMAIN, footer=FOOTER, ics_name="meeting.ics",
                    prodid="-//Baobab Architects//Calendar 3.2//EN")


def _card(b: DatedBox) -> None:
    bank = ("Fynbos Bank", "statements@fynbosbank.example")
    due = b.today - timedelta(days=23)
    facts = due_facts("Fynbos Bank", "9812.75", "ZAR", due, "card", "paid", last4="4471",
                      product="Fynbos Gold Credit Card", minimum="490.65")
    b.add("statement", bank, "Your Fynbos Gold Credit Card statement is ready", b.sent(49, 4, 40),
          f"Dear Ms L Mokoena\n\nYour Fynbos Gold Credit Card (5412 **** **** 4471) statement is attached.\n\n"
          f"Closing balance: {_rand(9812.75)}\nMinimum payment: {_rand(490.65)}\nPayment due: {_slash(due)}\n\n"
          f"{BANK_LEGAL}", pdf=f"Fynbos-Gold-{due:%Y%m}.pdf", facts=facts)
    b.add("payment_received", bank, "Payment received - thank you", b.sent(24, 11, 2),
          f"Dear Ms L Mokoena\n\nWe received your payment of {_rand(9812.75)} to your Fynbos Gold Credit Card "
          f"ending 4471 on {_slash(due - timedelta(days=1))}.\n\n{BANK_LEGAL}", facts=facts)

    due = b.today + timedelta(days=8)
    facts = due_facts("Fynbos Bank", "14386.20", "ZAR", due, "card", "open", last4="4471",
                      product="Fynbos Gold Credit Card", minimum="719.30")
    period = b.today - timedelta(days=6)
    html = ("<html><body style=\"margin:0;background:#eef3ee\"><table width=\"640\" align=\"center\" cellpadding=\"0\" "
            "style=\"background:#ffffff;font-family:Verdana,sans-serif;color:#1f2d1f\"><tr><td style=\"background:"
            "#6b8f3a;color:#fff;padding:14px 20px;font-size:20px\">Fynbos Bank</td></tr><tr><td style=\"padding:20px\">"
            "<p>Dear Ms L Mokoena</p><p>Your credit card statement for the period ending "
            f"{day_month_year(period)} is ready.</p>"
            "<table cellpadding=\"6\" border=\"1\" style=\"border-collapse:collapse;border-color:#cdd\">"
            "<tr><th align=\"left\">Account</th><td>Fynbos Gold Credit Card 5412 **** **** 4471</td></tr>"
            f"<tr><th align=\"left\">Closing balance</th><td><b>{_rand(14386.20)}</b></td></tr>"
            f"<tr><th align=\"left\">Minimum payment due</th><td>{_rand(719.30)}</td></tr>"
            f"<tr><th align=\"left\">Payment due date</th><td>{_slash(due)}</td></tr>"
            f"<tr><th align=\"left\">Available credit</th><td>{_rand(35613.80)}</td></tr></table>"
            "<p>Pay the full closing balance by the due date to avoid interest. Pay on the Fynbos app, by EFT or "
            "at any branch.</p></td></tr>"
            f"<tr><td style=\"font-size:10px;color:#667;padding:20px\">{BANK_LEGAL}</td></tr></table></body></html>")
    b.add("statement", bank, "Your Fynbos Gold Credit Card statement is ready", b.sent(5, 4, 40), None, html=html,
          facts=facts)


def _bills(b: DatedBox) -> None:
    mobile = ("Umoya Mobile", "billing@umoyamobile.example")
    due = b.today - timedelta(days=6)
    facts = due_facts("Umoya Mobile", "649.00", "ZAR", due, "telecom", "overdue", account="UM-3390127")
    b.add("bill", mobile, "Your Umoya Mobile invoice for December", b.sent(20, 9, 0),
          f"Hi Lindiwe\n\nYour contract invoice for 082 555 0147 (account UM-3390127) is ready.\n\n"
          f"Amount due: R649.00\nDue date: {_long(due)}\n\nPay in the Umoya app or by EFT (reference UM-3390127).",
          facts=facts)
    b.add("payment_overdue", mobile, "Reminder: your Umoya Mobile account is overdue", b.sent(2, 8, 15),
          f"Hi Lindiwe\n\nWe haven't received R649.00 for account UM-3390127, which was due on {_slash(due)}. "
          "Please pay within 7 days to avoid your services being suspended. If you've already paid, please "
          "ignore this message.", facts=facts)

    metro = ("Tafelberg Metro", "accounts@tafelbergmetro.example")
    due = b.today - timedelta(days=3)
    facts = due_facts("Tafelberg Metro", "2964.85", "ZAR", due, "utility", "paid", account="40 1127 8830")
    b.add("bill", metro, "Municipal account 40 1127 8830 - January", b.sent(16, 6, 30),
          f"Dear Account Holder\n\nAccount number: 40 1127 8830\nProperty rates: {_rand(1342.10)}\n"
          f"Water and sanitation: {_rand(876.40)}\nRefuse removal: {_rand(746.35)}\n"
          f"Total due: {_rand(2964.85)}\nDue date: {_slash(due)}\n\nPay at any pay point or by EFT with your account "
          "number as reference.", facts=facts)
    b.add("bill_paid", metro, "Betaling ontvang - rekening 40 1127 8830", b.sent(5, 14, 20),
          f"Geagte Rekeninghouer\n\nOns het u betaling van {_rand(2964.85)} vir rekening 40 1127 8830 ontvang. "
          "Dankie dat u betyds betaal het. U uitstaande balans is nou R 0,00.\n\nTafelberg Metro", facts=facts)

    fibre = ("Kelp Fibre", "accounts@kelpfibre.example")
    due = b.today + timedelta(days=4)
    b.add("bill", fibre, "Kelp Fibre invoice KF-2027-01-88412", b.sent(3, 7, 45),
          f"Hi Lindiwe\n\nInvoice KF-2027-01-88412, Home 100/50 Mbps.\nAmount: ZAR 899.00\nThis will be collected by "
          f"debit order on {_slash(due)}. You don't need to do anything.",
          html=("<html><body><div style=\"font-family:Arial;border-left:6px solid #0b7a75;padding:12px\">"
                "<h2 style=\"color:#0b7a75\">Kelp Fibre</h2><p>Hi Lindiwe</p>"
                "<table><tr><td>Invoice</td><td>KF-2027-01-88412</td></tr><tr><td>Package</td><td>Home 100/50 Mbps"
                f"</td></tr><tr><td>Amount</td><td><b>ZAR 899.00</b></td></tr><tr><td>Debit order date</td><td>"
                f"{_slash(due)}</td></tr></table></div></body></html>"),
          facts=due_facts("Kelp Fibre", "899.00", "ZAR", due, "telecom", "open", autopay="true",
                          account="KF-2027-01-88412"))

    insurer = ("Protea Shield Insurance", "renewals@proteashield.example")
    due = b.at(11, 0).date()
    b.add("bill", insurer, "Your household and vehicle policy renewal - PSH-7720316", b.sent(9, 10, 30),
          f"Dear Ms Mokoena\n\nYour policy PSH-7720316 (household contents and a 2019 VW Polo) renews on "
          f"{_long(due)}.\n\nYour new monthly premium: R1 148.00 (was R1 062.00)\nPayment method: debit order on the "
          f"1st of each month, first collection {_slash(due)}\n\nIf your details are correct you don't need to do "
          "anything: your cover continues. To make changes, call us on 021 555 0190 before the renewal date.\n\n"
          "Protea Shield Insurance Ltd is an authorised financial services provider. This renewal notice must be "
          "read with your policy schedule and wording. Cover is subject to the terms, conditions and exclusions of "
          "the policy. Complaints may be referred to the insurance ombud.",
          pdf="PSH-7720316-renewal-schedule.pdf",
          facts=due_facts("Protea Shield Insurance", "1148.00", "ZAR", due, "insurance", "open", autopay="true",
                          account="PSH-7720316"))

    dance = ("Pirouette Dance Academy", "admin@pirouettedance.example")
    due = b.today + timedelta(days=10)
    b.add("bill", dance, "Term 1 fees: Naledi Mokoena (invoice PDA-0419)", b.sent(8, 16, 10),
          f"Dear Parent\n\nPlease find attached invoice PDA-0419 for Naledi's Term 1 classes (Junior Ballet, "
          f"Wednesdays, 10 classes).\n\nAmount due: R 2 450,00\nPlease pay by: {_long(due)}\n\nBanking details are "
          "on the invoice; use PDA-0419 as your reference.\n\nMiss Jolene\nPirouette Dance Academy",
          pdf="PDA-0419.pdf",
          facts=due_facts("Pirouette Dance Academy", "2450.00", "ZAR", due, "invoice", "open", account="PDA-0419"))


def _appointments(b: DatedBox) -> None:
    barber = ("Sharp Lines Barbershop", "book@sharplines.example")
    start = b.at(0, 16, 30)
    b.add("appointment", barber, "Booking confirmed: Kabelo's cut", b.sent(4, 19, 5),
          f"Hi Lindiwe, you're booked!\n\nWhat: Kids' cut and fade for Kabelo\nWith: Themba\nWhen: {wkday_day_mon(start)} "
          f"{start:%H:%M}\nWhere: Sharp Lines Barbershop, 48 Lower Main Road, Observatory\nPrice: R180\n\n"
          "Running late? Let us know so we can move you.",
          facts={"provider": barber[0], "start": start.isoformat(), "status": "confirmed", "kind": "barber"})

    gp = ("Bo-Kaap Family Practice", "reception@bokaapfamily.example")
    start = b.at(4, 9, 15)
    b.add("appointment", gp, "Appointment confirmation: Dr F Isaacs", b.sent(7, 12, 40),
          f"Dear Lindiwe Mokoena\n\nYour appointment with Dr Fatima Isaacs (general practitioner) is confirmed for "
          f"{_long(start)} at {start:%H:%M}.\nBo-Kaap Family Practice, 21 Wale Street, Cape Town.\n\nPlease bring "
          "your medical aid card. Cancellations less than 24 hours before are charged.",
          facts={"provider": gp[0], "start": start.isoformat(), "status": "confirmed", "kind": "doctor"})

    eyes = ("Clearview Optometrists", "bookings@clearviewoptom.example")
    start = b.at(5, 14, 40)
    b.cancelled_booking(
        eyes, "optician", start,
        ("Your eye test is booked", b.sent(15, 10, 0),
         f"Dear Lindiwe\n\nThank you for booking a comprehensive eye test with Clearview Optometrists.\n"
         f"Date: {_slash(start)}\nTime: {start:%H:%M}\nWhere: Clearview Optometrists, Cavendish Square, "
         "Claremont\n\nPlease bring your current glasses."),
        ("Cancellation of your eye test", b.sent(1, 15, 25),
         f"Dear Lindiwe\n\nUnfortunately our optometrist will be away and we have had to cancel your eye test on "
         f"{_slash(start)} at {start:%H:%M}. We apologise for the inconvenience. Please call us on 021 555 0733 or "
         "book online to choose a new time."))

    chiro = ("Spinewise Chiropractic", "frontdesk@spinewise.example")
    was, moved = b.at(4, 17, 0), b.at(6, 17, 15)
    b.moved_booking(
        chiro, "chiropractor", was, moved,
        ("Spinewise: appointment confirmed", b.sent(13, 8, 30),
         f"Hi Lindiwe\n\nYour follow-up adjustment with Dr Reza Khan is confirmed for {wkday_day_mon(was)} at "
         f"{was:%H:%M}.\nSpinewise Chiropractic, 3 Station Road, Rondebosch."),
        ("Re: Spinewise: appointment confirmed", b.sent(1, 9, 50),
         f"Hi Lindiwe\n\nDr Khan is at a conference on {was:%A}, so we've moved your follow-up from {wkday_day_mon(was)} at "
         f"{was:%H:%M} to {_long(moved)} at {moved:%H:%M}. Reply if that doesn't suit and we'll find another "
         "slot.\n\nSpinewise front desk"))

    vet = ("Dogwood Vet Clinic", "care@dogwoodvet.example")
    start = b.at(9, 10, 30)
    b.add("appointment_proposed", vet, "Bongo is due for his annual vaccinations", b.sent(2, 11, 0),
          f"Hi Lindiwe\n\nBongo is due for his annual vaccinations and check-up. We can offer {_long(start)} at "
          f"{start:%H:%M} with Dr Annelie Smit. Please reply YES to confirm this time, or let us know what suits "
          "you better; we will only book it once we hear from you.\n\nDogwood Vet Clinic, 7 Lower Station Road, "
          "Observatory",
          facts={"provider": vet[0], "start": start.isoformat(), "status": "proposed", "kind": "vet"})

    garage = ("Rondebosch Auto Clinic", "service@rondeboschauto.example")
    start = b.at(4, 7, 30)
    b.add("appointment", garage, f"Service booking {_slash(start)} - VW Polo CA 418-229", b.sent(6, 13, 15),
          f"Dear Lindiwe Mokoena\n\nThank you for booking your VW Polo (CA 418-229) in for its 90 000 km major "
          f"service.\n\nDrop-off: {_long(start)} at {start:%H:%M}\nCollection: after 16:00 the same day\n"
          "Workshop: Rondebosch Auto Clinic, 112 Main Road, Rondebosch\nQuote: R 6 240,00 incl. VAT\n\n"
          "We will phone you before doing any work that is not on the quote.",
          facts={"provider": garage[0], "start": start.isoformat(), "status": "confirmed", "kind": "car service"})

    start = b.at(2, 19, 30)
    b.add("reservation", ("TableHop", "bookings@tablehop.example"), "Booking confirmed: Salt & Sorrel, party of 4",
          b.sent(3, 20, 30),
          f"Hi Lindiwe\n\nYour table is booked.\n\nSalt & Sorrel\n{_long(start)}, {start:%H:%M}\nTable for 4\n"
          "71 Bree Street, Cape Town\nBooking ref: TH-58204\n\nThe restaurant holds tables for 15 minutes. To change "
          "or cancel, use the TableHop app.",
          html=("<html><body style=\"font-family:Georgia\"><h2>Booking confirmed</h2><table>"
                f"<tr><td>Restaurant</td><td><b>Salt &amp; Sorrel</b></td></tr><tr><td>When</td><td>{_long(start)}, "
                f"{start:%H:%M}</td></tr><tr><td>Guests</td><td>4</td></tr><tr><td>Where</td><td>71 Bree Street, "
                "Cape Town</td></tr><tr><td>Ref</td><td>TH-58204</td></tr></table></body></html>"),
          facts={"provider": "Salt & Sorrel", "start": start.isoformat(), "status": "confirmed", "kind": "restaurant",
                 "reference": "TH-58204"})


def _club_and_school(b: DatedBox) -> None:
    match = b.at(2, 8, 30)
    b.add("club", ("Observatory Juniors FC", "u11@obsjuniorsfc.example"), f"U11 fixture: {wkday_day_mon(match)} vs Pinelands",
          b.sent(2, 18, 40),
          f"Hi U11 parents\n\nOur first league match of the year is on {_long(match)} against Pinelands United at "
          f"Hartleyvale, field 2. Kick-off {match:%H:%M}; players there by {match - timedelta(minutes=30):%H:%M} in "
          "full kit (blue shirts). Training stays on Tuesdays at 16:00.\n\nCoach Bradley\nObservatory Juniors FC",
          facts={"provider": "Observatory Juniors FC", "start": match.isoformat(), "status": "confirmed",
                 "kind": "football"})
    first = b.at(6, 15, 30)
    b.add("club", ("Pirouette Dance Academy", "admin@pirouettedance.example"), "Junior Ballet starts again!",
          b.sent(11, 9, 20),
          f"Dear Parents\n\nJunior Ballet classes start again on {_long(first)}: Wednesdays from {first:%H:%M} to "
          f"{first + timedelta(hours=1):%H:%M} in Studio 2. Hair in a bun, pink tights please.\n\nMiss Jolene",
          facts={"provider": "Pirouette Dance Academy", "start": first.isoformat(), "status": "confirmed",
                 "kind": "dance"})
    b.add("school", ("Observatory Primary School", "office@obsprimary.example"), "Welcome back: term 1 notices",
          b.sent(9, 14, 0),
          "Dear Parents and Guardians\n\nWelcome back! Please note: school photos on Thursday 4 February, the "
          "swimming gala on Friday 19 February and the first parents' evening on Tuesday 9 February at 18:00.\n\n"
          "Mrs P. Jacobs, Principal")


def _travel(b: DatedBox) -> None:
    air = ("Kestrel Air", "no-reply@kestrelair.example")
    out, out_arr = b.at(1, 6, 50), b.at(1, 8, 55)
    back, back_arr = b.at(1, 18, 30), b.at(1, 20, 40)
    b.add("flight", air, "Your Kestrel Air booking QX4R7T is confirmed", b.sent(12, 15, 45),
          "Thanks for flying with Kestrel Air.\n\nBooking reference: QX4R7T\nPassenger: MS LINDIWE MOKOENA\n\n"
          f"OUTBOUND  KA 311  {wkday_day_mon(out)} {out:%Y}\n  Cape Town (CPT)  {out:%H:%M}  ->  Johannesburg O.R. Tambo "
          f"(JNB)  {out_arr:%H:%M}\n  Seat 3C\n\nRETURN  KA 328  {wkday_day_mon(back)} {back:%Y}\n  Johannesburg O.R. Tambo "
          f"(JNB)  {back:%H:%M}  ->  Cape Town (CPT)  {back_arr:%H:%M}\n  Seat 5A\n\nFare paid: R 4 386,00 (Fynbos "
          "card ending 4471). Hand luggage 7 kg. Online check-in opens 24 hours before departure.",
          facts={"provider": air[0], "start": out.isoformat(), "status": "confirmed", "kind": "flight",
                 "flight": "KA 311", "arrive": out_arr.isoformat(), "return": back.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "QX4R7T", "seat": "3C"})
    b.add("flight_change", air, "Gate change: KA 311 to Johannesburg", b.sent(0, 6, 35),
          f"Hi Lindiwe\n\nThe departure gate for KA 311 on {wkday_day_mon(out)} (Cape Town {out:%H:%M} to Johannesburg) has "
          "changed.\n\nNew gate: A3 (was A12)\nBoarding starts 06:10; the gate closes 20 minutes before departure."
          "\nYour seat, 3C, is unchanged.",
          facts={"provider": air[0], "start": out.isoformat(), "status": "changed", "kind": "flight", "gate": "A3",
                 "was_gate": "A12"})

    indigo = ("Indigo Wing Airways", "reservations@indigowing.example")
    dep, arr = b.at(16, 9, 55), b.at(16, 17, 40, MRU)
    ret, ret_arr = b.at(23, 19, 10, MRU), b.at(23, 22, 5)
    b.add("flight", indigo, "E-ticket receipt: Cape Town - Mauritius, booking 8HWD2K", b.sent(34, 21, 10),
          "Indigo Wing Airways e-ticket receipt\n\nBooking reference: 8HWD2K\nPassengers: MOKOENA/LINDIWE MS, "
          "VAN WYK/RUAN MR, MOKOENA/KABELO MSTR, MOKOENA/NALEDI MISS\n\n"
          f"IW 218  {dep:%d%b%Y}  CPT {dep:%H%M}  MRU {arr:%H%M}\n"
          f"IW 219  {ret:%d%b%Y}  MRU {ret:%H%M}  CPT {ret_arr:%H%M}\n\n"
          "Times are local. Total: ZAR 27,940.00. Baggage 1 x 23 kg per passenger.",
          facts={"provider": indigo[0], "start": dep.isoformat(), "status": "confirmed", "kind": "flight",
                 "flight": "IW 218", "arrive": arr.isoformat(), "return": ret.isoformat(),
                 "return_arrive": ret_arr.isoformat(), "reference": "8HWD2K"})
    b.add("flight_seat", indigo, "Seats confirmed for booking 8HWD2K", b.sent(10, 8, 5),
          f"Your seat selection is confirmed.\n\nIW 218 {wkday_day_mon(dep)}: 14A, 14B, 14C, 14D\nIW 219 {wkday_day_mon(ret)}: "
          "22A, 22B, 22C, 22D\n\nIndigo Wing Airways",
          facts={"provider": indigo[0], "start": dep.isoformat(), "seat": "14A", "kind": "flight"})

    check_in, check_out = b.at(16, 15, 0, MRU), b.at(23, 11, 0, MRU)
    b.add("hotel", ("Lodgr", "stays@lodgr.example"), "Reservation confirmed: Villa Frangipani, Grand Baie",
          b.sent(33, 22, 0),
          f"Hi Lindiwe\n\nYou're going to Mauritius! Your reservation is confirmed.\n\nVilla Frangipani\n"
          f"Royal Road, Grand Baie, Mauritius\nCheck-in: {_long(check_in)}, from {check_in:%H:%M}\nCheck-out: "
          f"{_long(check_out)}, by {check_out:%H:%M}\n7 nights, 2 adults, 2 children\nTotal: MUR 41,600 (pay the "
          "host on arrival)\nConfirmation code: LG-HM7734\n\nYour host, Priya, will send directions a week before.",
          facts={"provider": "Villa Frangipani", "start": check_in.isoformat(), "end": check_out.isoformat(),
                 "status": "confirmed", "kind": "stay", "reference": "LG-HM7734", "amount": "41600.00",
                 "currency": "MUR"})


def _ferry(b: DatedBox) -> None:
    """Ruan booked the harbour ferry and forwards the tickets, so the trip arrives inside a forward."""
    sail = b.at(10, 11, 0)
    sent = b.sent(4, 12, 2)
    b.add("forwarded", RU, "Fwd: Your Harbour Isle Ferries e-tickets", b.sent(3, 21, 40),
          forwarded("Tickets for Sunday with Sips and the kids, can you keep them handy? Ru", ORIGINAL_MESSAGE,
                    ("Harbour Isle Ferries", "tickets@harbourisleferries.example"), sent, RU,
                    "Your Harbour Isle Ferries e-tickets",
                    f"Booking HIF-20931: 2 adults, 1 adult (guest), 2 children\nDeparture: {_long(sail)} at "
                    f"{sail:%H:%M} from the Quay 5 terminal, V&A Waterfront\nReturn sailing: 14:30 from the island "
                    "jetty\nTotal paid: R 1 870,00\nPlease be at the terminal 30 minutes before departure with ID for "
                    "the adults."),
          facts={"provider": "Harbour Isle Ferries", "start": sail.isoformat(), "status": "confirmed",
                 "kind": "ferry", "forwarded_by": RU[0], "reference": "HIF-20931"})


def _work(b: DatedBox) -> None:
    review_was, review = b.at(0, 10, 0), b.at(0, 13, 0)
    uid, room = f"design-review-{b.seed}@baobab-architects.example", "Meeting room Kloof, 3rd floor"
    b.invitation(MARLENE, f"Invitation: Harbour Lofts design review @ {wkday_day_mon(review_was)} 10:00 - 11:00",
                 b.sent(6, 9, 10), "Hi all\n\nDesign review of the Harbour Lofts scheme before it goes to the "
                 "client. Meeting room Kloof, 3rd floor.\n\nMarlene", uid=uid, summary="Harbour Lofts design review",
                 start=review_was, end=review_was + timedelta(hours=1), location=room, superseded="rescheduled")
    b.invitation(MARLENE, f"Updated invitation: Harbour Lofts design review @ {wkday_day_mon(review)} 13:00 - 14:00",
                 b.sent(1, 16, 5), "Hi all\n\nThe client call ran over, so I've moved tomorrow's design review from "
                 "10:00 to 13:00, same room. Sorry for the shuffle.\n\nMarlene", uid=uid,
                 summary="Harbour Lofts design review", start=review, end=review + timedelta(hours=1), location=room,
                 was=review_was)
    kickoff = b.at(4, 14, 0)
    b.invitation(MARLENE, f"Invitation: Q1 projects kick-off @ {wkday_day_mon(kickoff)} 14:00 - 15:30", b.sent(3, 10, 20),
                 "Hi team\n\nLet's line up the quarter's projects. Boardroom, 4th floor.\n\nMarlene",
                 uid=f"q1-kickoff-{b.seed}@baobab-architects.example", summary="Q1 projects kick-off",
                 start=kickoff, end=kickoff + timedelta(minutes=90), location="Boardroom, 4th floor")


def _braai(b: DatedBox) -> None:
    party = b.at(3, 13, 0)
    b.add("invitation_personal", CHANTY, "braai at ours on Sunday", b.sent(4, 20, 15),
          f"Hey Lindi!\n\nWe're having a braai at our place in Muizenberg this {party:%A} ({party.day} {party:%B}) "
          "from 1pm, 14 Atlantic Road. Bring Ru and the kids, the pool is open. Just bring your own drinks and "
          "maybe a salad.\n\nChanty",
          facts={"provider": CHANTY[0], "start": party.isoformat(), "status": "invited", "kind": "party"})


LURES = (
    Lure(("Fynbos Bank Online", "security@fynbos-secure-login.example"),
         "Action required: your Fynbos profile will be deactivated", (1, 3, 12),
         "Dear Client\n\nDue to a system upgrade your online banking profile will be deactivated within 24 hours. "
         "To keep access, confirm your card number, PIN and one-time PIN at http://fynbos-secure-login.example/"
         "verify now.\n\nFynbos Bank Online Security", "bank"),
    Lure(("Revenue Refunds", "refunds@revenue-refund-za.example"),
         "You are due a tax refund of R 3 870,00", (3, 5, 44),
         "Dear Taxpayer\n\nAfter a final calculation of your annual tax you are eligible for a refund of "
         "R 3 870,00. To receive it, submit your banking details within 48 hours at "
         "http://revenue-refund-za.example/claim. Refunds not claimed are forfeited.", "refund"),
)


NEWSLETTERS = (
    ("Obs Neighbourhood Watch", "news@obswatch.example", 0,
     ["load-shedding schedule for Observatory", "the Lower Main Road clean-up", "new street lights on Station Road",
      "the Saturday market returns"]),
    ("Design Indaba Weekly", "weekly@designindabaweekly.example", 2,
     ["timber towers", "adaptive reuse in Woodstock", "courtyard houses", "water-wise landscapes"]),
    ("Kombuis Deli", "specials@kombuisdeli.example", 4,
     ["koeksisters on Saturday", "20% off biltong", "fresh sourdough", "a braai pack for four"]),
    ("Cape Birding Notes", "hello@capebirdingnotes.example", 5,
     ["sunbirds in the fynbos", "the Rondevlei hides", "counting at Strandfontein"]),
)


TABLED = NewsletterStyle(
    "{name}: {topic}", "{name}\nThis week: {topic}.\nRead it on our website. Unsubscribe at any time.",
    "<html><body><table width=\"600\"><tr><td><h1>{name}</h1><p>This week: <b>{topic}</b>.</p>"
    "<p><a href=\"https://example.invalid/unsubscribe\">Unsubscribe</a></p></td></tr></table></body></html>")


MERCHANTS = ("Woodstock Grocer", "Kombuis Deli", "Obs Pharmacy", "Engen Main Road", "Book Lounge Cape",
             "Dis-Chem Claremont", "Spur Observatory")


FYNBOS_ALERTS = AlertCard(("Fynbos Bank", "alerts@fynbosbank.example"), "Fynbos: card purchase", "4471", "ZAR",
                          lambda amount, merchant, when: f"Fynbos Bank: {_rand(amount)} spent at {merchant} with your "
                          f"Gold credit card ending 4471 on {_slash(when)} at {when:%H:%M}. Not you? Call 0860 555 444.")


SHOPS = (("PowerTokens", "receipts@powertokens.example", "prepaid electricity, 312.6 kWh", 1000.0),
         ("Woodstock Grocer", "orders@woodstockgrocer.example", "a grocery delivery", None),
         ("Book Lounge Cape", "shop@booklounge.example", "two children's books", 489.0),
         ("PowerTokens", "receipts@powertokens.example", "prepaid electricity, 156.3 kWh", 500.0))


def _receipt(shop: str, order: str, what: str, amount: float) -> tuple[str, str]:
    text = f"Thank you. Order {order}: {what}. Total paid: {_rand(amount)} (incl. VAT)."
    if shop == "PowerTokens":  # a prepaid meter's token comes with its receipt
        text += f"\nYour token: {order}-4471-2093-1188-5520. Enter it on your meter keypad."
    return f"Your receipt {order}", text


def _parcel(b: DatedBox) -> None:
    b.add("delivery", ("Swiftbok Couriers", "track@swiftbok.example"), "Your parcel is on its way today",
          b.sent(0, 6, 20),
          "Hi Lindiwe, your parcel from Book Lounge Cape (waybill SB-7731904) will be delivered today between "
          "10:00 and 14:00. The driver will phone you when close. Not home? Reschedule on our site.",
          facts={"shop": "Book Lounge Cape", "window": "10:00-14:00", "tracking": "SB-7731904"})


def _threads() -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text), signed the way each of them signs."""
    return (
        (RU, 0, 6, 5, "this arvo", "Morning my love. I'm stuck in Stellenbosch at the wine farm job until 6, can "
         "you take Kabelo to the barber at half four? And we're out of dog food.\n\nRu"),
        (MA, 1, 19, 30, "Sunday lunch", "Sawubona ntombi yami. Come for lunch on the 31st after your boat trip, "
         "I'm making umngqusho. Bring the children, I haven't seen Naledi dance in ages.\n\nMa"),
        (SIPS, 2, 12, 10, "ferry + Ma's birthday", "Lindi, I'm in for the ferry on the 31st. Also, Ma turns 65 "
         "on 12 February, we're splitting the gift three ways, I'll send you R850 as my share of the cake and "
         "flowers by Friday.\n\nSips"),
        (KAGISO, 1, 11, 45, "Harbour Lofts drawings", "Hi Lindiwe\n\nCan we go through the Harbour Lofts "
         "drawings before the client sees them? Tuesday at 10:00 would work for me, in the studio. Let me know.\n\n"
         "Kagiso"),
        (MARLENE, 3, 8, 50, "timesheets", "Hi Lindiwe\n\nA reminder that December timesheets are due by Friday "
         "the 22nd, end of day.\n\nThanks\nMarlene"),
        (YUSI, 5, 21, 0, "parkrun?", "Hey Lindi, parkrun at Green Point on Saturday? 8am start, coffee after. "
         "Don't leave me hanging.\n\nYusi"),
        (RU, 9, 13, 20, "Mauritius", "Booked the snorkelling trip for the 9th of Feb, paid the deposit. The kids "
         "are going to lose it.\n\nRu"),
        (CHANTY, 17, 18, 0, "that recipe", "Here's the malva pudding recipe you asked for, it's my gran's.\n\n"
         "Chanty"),
        (MA, 26, 17, 45, "Happy New Year", "Happy New Year to all of you. I am proud of you, ntombi.\n\nMa"),
        (SIPS, 41, 10, 0, "Durban", "Flights to Durban booked for Christmas, see you at Auntie Zodwa's.\n\nSips"),
        (YUSI, 55, 9, 15, "5km PB", "Broke 25 minutes at parkrun! Your turn next.\n\nYusi"),
        (MARLENE, 70, 15, 0, "Year-end function", "Year-end function at the Old Biscuit Mill on 10 December, "
         "partners welcome.\n\nMarlene"),
    )


def _greeting(who: tuple[str, str]) -> str:
    return {RU: "Hey Lindi,", MA: "", SIPS: "Hey sis,", MARLENE: "", KAGISO: ""}.get(who, "Hi Lindi,")


OTHER = (
    ("Observatory Library", "loans@obslibrary.example", "Items due back soon",
     "3 items are due back within 5 days. Renew online with your library card."),
    ("Baobab Architects IT", "helpdesk@baobab-architects.example", "Server maintenance on Saturday",
     "The file server and the plotter queue will be offline on Saturday between 20:00 and 23:00."),
    ("Swiftbok Couriers", "track@swiftbok.example", "Delivered",
     "Your parcel was delivered and signed for at 12:18. Thank you for choosing Swiftbok."),
)


def generate(now: datetime, seed: int = 7, days: int = 90) -> list[SampleMessage]:
    """Lindiwe Mokoena's mailbox: about 150 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what is owed, when the
    chiropractor is, what was cancelled) have the same answers for every seed, counted from `now`'s date
    in Cape Town.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 75:
        raise ValueError("the sixth sample needs at least 75 days of mail")
    b = _box(now, seed, days)
    for part in (_card, _bills, _appointments, _club_and_school, _travel, _ferry, _work, _braai):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, TABLED)
    b.card_alerts(FYNBOS_ALERTS, 30, first_hour=8, hours=12, spend=(85, 2400), merchants=MERCHANTS)
    b.receipts(SHOPS, 12, every=7, first=2, orders=(8800, 37), spend=(650, 1900), currency="ZAR", write=_receipt,
               hour=18)
    _parcel(b)
    b.letters(_threads(), _greeting)
    b.notices(OTHER, 12, every=7, first=6)
    return b.messages()
