"""A third sample mailbox, of a third person in a third country: Inês Carvalho, who lives in Toronto
with her partner Jonah and their son Leo (and a dog, Biscuit), was born in Porto Alegre and still
holds a Brazilian card, and kept a US card from two years in Seattle. About 170 messages over the 90
days before `now`, so a home built from it asks every reader of mail to work on names, currencies,
banks, billers, providers and ways of writing that neither of the other samples
(`steward.sample.mailbox`, `steward.sample.second`) uses.

The mix, all invented: Canadian card statements (one paid by hand, one by pre-authorized debit), a US
card in US dollars left past due and a Brazilian one in reais; household bills (hydro overdue, internet
already paid, a mobile plan by pre-authorized payment, home insurance, rent); appointments (a family
doctor who cancels, a hair salon that moves the booking, a vet, the son's school, a garage), a table
booked through a reservation service, a train and a flight with their booking mail, two invitations
(a child's birthday party, an office party with a calendar invite), family mail signed by first name,
newsletters, card alerts, receipts, and three lures. Amounts and dates are written the way North
American and Brazilian senders write them ("$3,126.48", "CAD 742.19", "US$412.37", "R$ 1.870,90",
"12/03/2026", "2026-12-16", "Dec. 11", "Thursday, December 10").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date
in Toronto. The seed varies the filler (card alerts, receipts' amounts, the minutes of newsletters).
Every message has a `kind` label and `facts` an evaluation can check, and a stable Message-ID
`<kind-NNNN.SEED@third.steward.example>`. Only mail received is here (an inbox export): none she sent.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    AlertCard,
    DatedBox,
    Letter,
    Lure,
    NewsletterStyle,
    SampleMessage,
    due_facts,
    table_markup,
)
from steward.sample.locale import (
    clock_ampm,
    dd_mm_yyyy,
    decimal_comma,
    dollars,
    mm_dd_yyyy,
    weekday_month_day,
    wkday_mon_day,
)

DOMAIN = "third.steward.example"
ME = ("Inês Carvalho", "ines.carvalho@mailbox-demo.example")
TOR = ZoneInfo("America/Toronto")
SAO = ZoneInfo("America/Sao_Paulo")
SEA = ZoneInfo("America/Los_Angeles")
MTL = ZoneInfo("America/Toronto")  # Montréal keeps Toronto's clock
ZONE = "America/Toronto"  # the person's own clock

CA_FOOTER = ("You are receiving this email because you have an account with us. Please do not reply to this "
             "email; this mailbox is not monitored. All names, numbers and companies in this mailbox are invented.")

JONAH = ("Jonah Feld", "jonah.feld@inbox-demo.example")
MAE = ("Lúcia Carvalho", "lucia.carvalho@caixa-demo.example")  # signs "Mãe"
RAFA = ("Rafael Carvalho", "rafa.carvalho@caixa-demo.example")  # signs "Rafa"
TAMSIN = ("Tamsin Greaves", "tamsin.greaves@inbox-demo.example")
MARCUS = ("Marcus Delgado", "marcus.delgado@northpoint-analytics.example")
AISLING = ("Aisling Byrne", "aisling.byrne@northpoint-analytics.example")
DANA = ("Dana Whitcombe", "dana.whitcombe@inbox-demo.example")  # Maya's mother


def _brl(x: float) -> str:
    return f"R$ {decimal_comma(x)}"


def _ampm(d: datetime) -> str:
    """9:30 a.m., as Canadian mail often writes it."""
    return f"{d:%I:%M}".lstrip("0") + (" a.m." if d.hour < 12 else " p.m.")


def _cards(b: DatedBox) -> None:
    maple = ("Maplecrest Bank", "estatements@maplecrestbank.example")
    # last month's statement, paid by hand
    due = b.today - timedelta(days=20)
    facts = due_facts("Maplecrest Bank", "2054.11", "CAD", due, "card", "paid", last4="2287",
                 product="Maplecrest Visa Infinite", minimum="61.62")
    b.add("statement", maple, "Your Maplecrest Visa Infinite eStatement is now available", b.sent(41, 5, 12),
          f"Hello Inês,\n\nYour eStatement for your Maplecrest Visa Infinite card ending in 2287 is ready to view in "
          f"online banking.\n\nNew balance: {dollars(2054.11)}\nMinimum payment: {dollars(61.62)}\n"
          f"Payment due date: {due:%B} {due.day}, {due.year}\n\nThank you for banking with Maplecrest.",
          pdf=f"Maplecrest-Visa-{due:%Y-%m}.pdf", facts=facts)
    b.add("payment_received", ("Maplecrest Bank", "notify@maplecrestbank.example"),
          "We've received your payment", b.sent(22, 14, 3),
          f"Hello Inês, a payment of {dollars(2054.11)} was applied to your Maplecrest Visa Infinite card ending in "
          "2287. Thank you!", facts=facts)
    # this month's: open, due in nine days
    due = b.today + timedelta(days=9)
    facts = due_facts("Maplecrest Bank", "3126.48", "CAD", due, "card", "open", last4="2287",
                 product="Maplecrest Visa Infinite", minimum="93.79")
    html = ("<html><body style=\"font-family:Helvetica,Arial\"><div style=\"background:#7a1f1f;color:#fff;"
            "padding:12px\">Maplecrest Bank</div><p>Hello Inês,</p><p>Your Maplecrest Visa Infinite eStatement "
            "is now available.</p><table style=\"border-collapse:collapse\">"
            "<tr><td>Card</td><td>Visa Infinite ending in 2287</td></tr>"
            f"<tr><td>New balance</td><td><strong>{dollars(3126.48)}</strong></td></tr>"
            f"<tr><td>Minimum payment</td><td>{dollars(93.79)}</td></tr>"
            f"<tr><td>Payment due date</td><td>{due:%b}. {due.day}, {due.year}</td></tr></table>"
            "<p>Sign in to online banking to view your statement.</p></body></html>")
    b.add("statement", maple, "Your Maplecrest Visa Infinite eStatement is now available", b.sent(11, 5, 12),
          None, html=html, pdf=f"Maplecrest-Visa-{due:%Y-%m}.pdf", facts=facts)
    b.add("payment_due", ("Maplecrest Bank", "notify@maplecrestbank.example"),
          "Friendly reminder: payment due soon", b.sent(1, 9, 30),
          f"Hello Inês, this is a reminder that a payment on your Visa Infinite card ending in 2287 is due "
          f"{due:%b}. {due.day}. New balance {dollars(3126.48)}; minimum payment {dollars(93.79)}. If you've already "
          "made your payment, please disregard this message.", facts=facts)

    lake = ("Lakeshore Trust", "cards@lakeshoretrust.example")
    due = b.today - timedelta(days=26)
    facts = due_facts("Lakeshore Trust", "688.40", "CAD", due, "card", "paid", last4="5510",
                 product="Lakeshore World Mastercard", autopay="true")
    b.add("statement", lake, "Your Lakeshore World Mastercard statement", b.sent(46, 6, 40),
          f"Statement summary\nLakeshore World Mastercard ************5510\nStatement balance: CAD 688.40\n"
          f"Due date: {due.isoformat()}\nPre-authorized payment: the full statement balance will be withdrawn "
          "from your chequing account ending in 0934 on the due date.", facts=facts)
    due = b.today + timedelta(days=4)
    facts = due_facts("Lakeshore Trust", "742.19", "CAD", due, "card", "open", last4="5510",
                 product="Lakeshore World Mastercard", autopay="true", minimum="22.27")
    b.add("statement", lake, "Your Lakeshore World Mastercard statement", b.sent(16, 6, 40),
          f"Statement summary\nLakeshore World Mastercard ************5510\nStatement balance: CAD 742.19\n"
          f"Minimum payment: CAD 22.27\nDue date: {due.isoformat()}\nPre-authorized payment: the full statement "
          "balance will be withdrawn from your chequing account ending in 0934 on the due date. No action "
          "needed.", facts=facts)

    cascade = ("Cascade National Bank", "no-reply@cascadenational.example")
    due = b.today - timedelta(days=4)
    facts = due_facts("Cascade National Bank", "412.37", "USD", due, "card", "overdue", last4="8043",
                 product="Cascade Visa Signature", minimum="35.00")
    b.add("statement", cascade, "Your Cascade Visa Signature statement is available", b.sent(25, 8, 15, SEA),
          f"Account ending in 8043\n\nStatement Balance: $412.37\nMinimum Payment Due: $35.00\n"
          f"Payment Due Date: {mm_dd_yyyy(due)}\n\nLate Payment Warning: If we do not receive your minimum payment by "
          "the date listed above, you may have to pay a late fee of up to $40.00. All amounts are in U.S. dollars.",
          facts=facts)
    b.add("payment_overdue", cascade, "Your payment is past due", b.sent(2, 11, 5, SEA),
          f"We haven't received your minimum payment of US$35.00 for your Cascade Visa Signature account ending "
          f"in 8043, which was due {mm_dd_yyyy(due)}. Your statement balance of US$412.37 is now past due. Please "
          "make a payment as soon as possible to avoid further fees.", facts=facts)

    ipe = ("Banco Ipê", "fatura@bancoipe.example")
    due = b.today + timedelta(days=7)
    b.add("statement", ipe, f"Sua fatura Ipê Mastercard chegou - vence {due:%d/%m}", b.sent(8, 10, 0, SAO),
          f"Olá, Inês!\n\nA fatura do seu cartão Ipê Mastercard final 6615 está disponível.\n"
          f"Valor da fatura: {_brl(1870.90)}\nPagamento mínimo: {_brl(280.64)}\nVencimento: {dd_mm_yyyy(due)}\n\n"
          f"(English) Your Ipê Mastercard ending 6615 statement is ready: total {_brl(1870.90)}, due "
          f"{dd_mm_yyyy(due)}.", facts=due_facts("Banco Ipê", "1870.90", "BRL", due, "card", "open", last4="6615",
                                         product="Ipê Mastercard", minimum="280.64"))


def _bills(b: DatedBox) -> None:
    hydro = ("Humber Valley Hydro", "myaccount@humbervalleyhydro.example")
    due = b.today - timedelta(days=5)
    facts = due_facts("Humber Valley Hydro", "168.34", "CAD", due, "utility", "overdue", account="7731 5502 18")
    b.add("bill", hydro, "Your Humber Valley Hydro e-bill is ready", b.sent(24, 7, 50),
          f"Hi Inês,\n\nYour electricity bill for account 7731 5502 18 is ready.\nAmount due: {dollars(168.34)}\n"
          f"Due date: {weekday_month_day(due)}, {due.year}\n\nPay through your bank using your 10-digit account number.",
          facts=facts)
    b.add("payment_overdue", hydro, "Your account is past due", b.sent(0, 6, 15),
          f"Hi Inês,\n\nOur records show that {dollars(168.34)} on account 7731 5502 18 was due {due:%B} {due.day} "
          "and remains unpaid. A late payment charge of 1.5% per month may apply. If you've paid in the last "
          "few days, thank you and please ignore this notice.", facts=facts)

    fibre = ("Northern Fibre", "billing@northernfibre.example")
    due = b.today - timedelta(days=2)
    facts = due_facts("Northern Fibre", "94.92", "CAD", due, "telecom", "paid", account="NF-448120")
    b.add("bill", fibre, "Your Northern Fibre bill - account NF-448120", b.sent(19, 12, 0),
          f"Your monthly Internet 500 bill is ready.\nAccount: NF-448120\nTotal (incl. HST): {dollars(94.92)}\n"
          f"Due: {due:%b}. {due.day}, {due.year}", facts=facts)
    b.add("bill_paid", fibre, "Payment confirmation", b.sent(3, 20, 41),
          f"Thanks! We received your payment of {dollars(94.92)} for account NF-448120. Your balance is now $0.00.",
          facts=facts)

    lynx = ("Lynx Mobile", "ebill@lynxmobile.example")
    due = b.today + timedelta(days=8)
    b.add("bill", lynx, "Your Lynx Mobile bill is ready", b.sent(5, 8, 20), None,
          html=("<html><body><h2>Your bill is ready</h2><p>Hi Inês,</p>"
                "<p>Mobile number: 416-555-0172</p>"
                f"<p>Amount: <b>{dollars(72.88)}</b></p>"
                f"<p>Your pre-authorized payment will be processed on {due:%B} {due.day}. There's nothing "
                "you need to do.</p></body></html>"),
          facts=due_facts("Lynx Mobile", "72.88", "CAD", due, "telecom", "open", autopay="true", account="416-555-0172"))

    trillium = ("Trillium Mutual Insurance", "renewals@trilliummutual.example")
    due = b.today + timedelta(days=14)
    b.add("bill", trillium, "Your home insurance renewal - policy TMH-2093317", b.sent(13, 15, 30),
          f"Dear Inês Carvalho,\n\nYour home insurance policy TMH-2093317 renews soon.\nAnnual premium: "
          f"$1,384.00\nPayment due by: {due:%B} {due.day}, {due.year}\n\nPay the full premium online, or switch "
          "to monthly payments. Your coverage continues once payment is received.",
          facts=due_facts("Trillium Mutual Insurance", "1384.00", "CAD", due, "insurance", "open",
                     account="TMH-2093317"))

    rent = ("Parkdale Lofts Management", "tenants@parkdalelofts.example")
    due = b.today + timedelta(days=25)
    b.add("bill", rent, "January rent - Unit 504", b.sent(4, 10, 10),
          f"Hello Inês and Jonah,\n\nThis is a reminder that rent for Unit 504, 88 Sorauren Ave for January "
          f"({dollars(2650.00)}) is due on {weekday_month_day(due)}, {due.year}. Please send it by e-transfer to "
          "rent@parkdalelofts.example or leave a post-dated cheque at the office.\n\nBest,\nParkdale Lofts "
          "Management", facts=due_facts("Parkdale Lofts Management", "2650.00", "CAD", due, "rent", "open"))


def _appointments(b: DatedBox) -> None:
    gp = ("Danforth Family Health", "reception@danforthfamilyhealth.example")
    past = b.at(-54, 14, 0)
    b.add("appointment", gp, "Appointment reminder", b.sent(55, 11, 0),
          f"This is a reminder of your appointment with Dr. Hannah Reyes on {weekday_month_day(past)} at {_ampm(past)}. "
          "Please bring your health card. Danforth Family Health, 1021 Danforth Ave.",
          facts={"provider": gp[0], "start": past.isoformat(), "status": "confirmed", "kind": "doctor"})
    first = b.at(2, 10, 15)
    b.cancelled_booking(
        gp, "doctor", first,
        (f"Appointment confirmed - {wkday_mon_day(first)}", b.sent(18, 13, 25),
         f"Hi Inês,\n\nYour annual physical with Dr. Hannah Reyes is booked for {weekday_month_day(first)} at "
         f"{_ampm(first)}.\nDanforth Family Health, 1021 Danforth Ave, 2nd floor.\nPlease bring your "
         "health card and arrive 10 minutes early."),
        ("Your appointment has been cancelled", b.sent(1, 16, 2),
         f"Hi Inês,\n\nDr. Reyes is away unexpectedly, so we have had to cancel your appointment on "
         f"{weekday_month_day(first)} at {_ampm(first)}. We apologize for the inconvenience. Please call the clinic at "
         "416-555-0139 to rebook."))

    salon = ("Studio Nove Hair", "bookings@studionove.example")
    b.add("appointment", salon, "See you soon at Studio Nove!", b.sent(52, 18, 0),
          f"Your appointment: Cut & blow-dry with Paola, {weekday_month_day(b.at(-50, 12, 0))} at 12:00 p.m.",
          facts={"provider": salon[0], "start": b.at(-50, 12, 0).isoformat(), "status": "confirmed",
                 "kind": "hair salon"})
    was = b.at(5, 11, 0)
    moved = b.at(8, 18, 30)
    b.moved_booking(
        salon, "hair salon", was, moved,
        ("Booking confirmed: Cut & colour with Paola", b.sent(20, 19, 5),
         f"Hi Inês!\n\nYou're booked in.\nService: Cut & colour (2 h)\nStylist: Paola\nWhen: "
         f"{weekday_month_day(was)} at {_ampm(was)}\nWhere: Studio Nove Hair, 412 Roncesvalles Ave\n\nNeed to "
         "change? Let us know 24 hours ahead."),
        ("Your booking has been changed", b.sent(2, 13, 44),
         f"Hi Inês, as requested, Paola has moved your Cut & colour from {was:%a} {was:%b} {was.day} at "
         f"{_ampm(was)} to {weekday_month_day(moved)} at {_ampm(moved)}. Everything else stays the same. See you "
         "then!"))

    vet = ("Leslieville Animal Hospital", "frontdesk@leslievilleanimal.example")
    start = b.at(0, 17, 15)
    b.add("appointment", vet, f"Reminder: Biscuit's appointment on {start:%b} {start.day}", b.sent(3, 9, 0), None,
          html=("<html><body><p>Hi Inês,</p><p>This is a reminder that <b>Biscuit</b> (canine) has an "
                f"appointment for annual vaccines and a wellness exam on <b>{weekday_month_day(start)} at "
                f"{_ampm(start)}</b> with Dr. Singh.</p><p>Leslieville Animal Hospital, 1180 Queen St E</p>"
                "<p>Please reply C to confirm.</p></body></html>"),
          facts={"provider": vet[0], "start": start.isoformat(), "status": "confirmed", "kind": "vet",
                 "location": "1180 Queen St E"})

    school = ("Riverdale Hill School", "office@riverdalehill.example")
    start = b.at(1, 16, 40)
    b.add("appointment", school, "Parent-teacher interview confirmation", b.sent(9, 15, 5),
          f"Dear Parent/Guardian of Leo Feld-Carvalho,\n\nYour parent-teacher interview has been scheduled.\n"
          f"Teacher: Ms. Okonkwo (Grade 3, Room 14)\nDate: {weekday_month_day(start)}, {start.year}\nTime: "
          f"{_ampm(start)} - {_ampm(start + timedelta(minutes=10))}\n\nInterviews are 10 minutes. Please sign in "
          "at the main office.\n\nRiverdale Hill School",
          facts={"provider": school[0], "start": start.isoformat(), "status": "confirmed", "kind": "school"})

    garage = ("Kingsway Auto Care", "service@kingswayauto.example")
    start = b.at(5, 9, 30)
    b.add("appointment", garage, "Appointment confirmation - seasonal tire changeover", b.sent(6, 12, 12),
          f"Hello Inês,\n\nThank you for booking with Kingsway Auto Care.\nVehicle: 2018 Subaru Outback\n"
          f"Service: seasonal tire changeover (winters on) and inspection\nDate/time: {start:%a} {start:%b}. "
          f"{start.day}, {start.year} at {_ampm(start)}\nAddress: 2950 Bloor St W\n\nPlease allow about 90 "
          "minutes.", facts={"provider": garage[0], "start": start.isoformat(), "status": "confirmed",
                             "kind": "car service", "location": "2950 Bloor St W"})

    start = b.at(4, 19, 45)
    markup = table_markup("TT-6613092", ME[0], 2, start, "Osteria Lumi", "731 College St", "Toronto")
    b.add("reservation", ("TableTap", "reservations@tabletap.example"),
          "Your reservation at Osteria Lumi is confirmed", b.sent(7, 21, 30),
          f"Inês, you're all set.\n\nOsteria Lumi\n{weekday_month_day(start)} at {clock_ampm(start)}\nParty of 2\nConfirmation #TT-6613092\n731 College St, "
          "Toronto\n\nNeed to make changes? Modify or cancel in the TableTap app.",
          html=(f"<html><head><script type=\"application/ld+json\">{markup}</script></head><body>"
                f"<h2>You're all set, Inês</h2><p><b>Osteria Lumi</b><br>{weekday_month_day(start)} at {clock_ampm(start)}<br>"
                "Party of 2</p><p>Confirmation #TT-6613092</p></body></html>"),
          facts={"provider": "Osteria Lumi", "start": start.isoformat(), "status": "confirmed", "kind": "restaurant",
                 "location": "731 College St"})


def _travel(b: DatedBox) -> None:
    rail = ("Corridor Rail", "etickets@corridorrail.example")
    out_dep, out_arr = b.at(3, 6, 40), b.at(3, 11, 52, MTL)
    back_dep, back_arr = b.at(3, 17, 30, MTL), b.at(3, 22, 41)
    b.add("train", rail, "Your Corridor Rail e-ticket - Booking 4QX722", b.sent(12, 13, 2),
          f"Booking number: 4QX722\nPassenger: Ines Carvalho\n\n"
          f"OUTBOUND  {out_dep:%a %b %d, %Y}\n  Train 55  Toronto (Union Station) {out_dep:%H:%M}  ->  "
          f"Montréal (Gare Centrale) {out_arr:%H:%M}   Car 4, Seat 7A\n"
          f"RETURN    {back_dep:%a %b %d, %Y}\n  Train 68  Montréal (Gare Centrale) {back_dep:%H:%M}  ->  "
          f"Toronto (Union Station) {back_arr:%H:%M}   Car 3, Seat 12D\n\nFare: Economy Plus, $214.60 "
          "(charged to Visa Infinite ending 2287). Boarding closes 15 minutes before departure.",
          ics=b.invite(f"4QX722-{b.seed}@corridorrail.example", "Train Toronto - Montréal", out_dep, out_arr,
                   "Union Station, Toronto"),
          facts={"provider": rail[0], "start": out_dep.isoformat(), "status": "confirmed", "kind": "train",
                 "arrive": out_arr.isoformat(), "return": back_dep.isoformat(), "return_arrive": back_arr.isoformat(),
                 "reference": "4QX722"})

    air = ("Borealis Air", "confirmation@borealisair.example")
    dep, arr = b.at(12, 22, 50), b.at(13, 10, 35, SAO)
    back, back_arr = b.at(27, 23, 55, SAO), b.at(28, 7, 20)
    b.add("flight", air, "Booking Confirmation - Toronto to São Paulo - K7WQ2D", b.sent(33, 20, 14),
          "Thank you for choosing Borealis Air.\n\nBooking reference (PNR): K7WQ2D\nPassengers: CARVALHO/INES MS, "
          "FELD/JONAH MR, FELD-CARVALHO/LEO MSTR\n\n"
          f"Flight NV 118  {dep:%a %d %b %Y}\n  Depart Toronto Pearson (YYZ) T3 {dep:%H:%M}\n  Arrive São Paulo "
          f"Guarulhos (GRU) T3 {arr:%a %d %b} {arr:%H:%M}\n\n"
          f"Flight NV 119  {back:%a %d %b %Y}\n  Depart São Paulo Guarulhos (GRU) {back:%H:%M}\n  Arrive Toronto "
          f"Pearson (YYZ) {back_arr:%a %d %b} {back_arr:%H:%M}\n\nAll times are local. Total fare: CAD 4,217.55.\n"
          "Check-in opens online 24 hours before departure.",
          facts={"provider": air[0], "start": dep.isoformat(), "status": "confirmed", "kind": "flight",
                 "flight": "NV 118", "arrive": arr.isoformat(), "return": back.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "K7WQ2D"})


def _invitations(b: DatedBox) -> None:
    party = b.at(6, 14, 0)
    b.add("invitation", ("Invitely", "invites@invitely.example"),
          "You're invited to Maya's 8th Birthday Bash!", b.sent(10, 19, 48),
          f"Dana Whitcombe invited you and Leo.\n\nMaya's 8th Birthday Bash\n{weekday_month_day(party)}, 2:00 - 4:00 PM\n"
          "Jumpstart Trampoline Park, 45 Esandar Dr\n\nPlease RSVP by Wednesday. Grip socks are required "
          "(available at the front desk).\n\nRSVP: Yes / No / Maybe",
          facts={"provider": "Invitely", "start": party.isoformat(), "status": "invited", "kind": "party",
                 "host": DANA[0]})
    start = b.at(10, 18, 0)
    b.invitation(AISLING, "Invitation: Northpoint holiday party @ Thu Dec 17, 6pm - 10pm", b.sent(15, 10, 30),
                 f"Hi all,\n\nOur holiday party is on {weekday_month_day(start)} from 6 to 10 p.m. at The Foundry Room, 150 "
                 "Atlantic Ave. Partners welcome! Please accept the calendar invite so we can get numbers to the "
                 "caterer by the 10th.\n\nAisling", uid=f"holiday-{b.seed}@northpoint-analytics.example",
                 summary="Northpoint holiday party", start=start, end=start + timedelta(hours=4),
                 location="The Foundry Room, 150 Atlantic Ave", kind="party")


LURES = (
    Lure(("Maplecrest Bank", "security@maplecrest-secure-login.example"),
         "Action required: unusual sign-in attempt on your account", (1, 2, 51),
         "Dear Client,\n\nWe detected a sign-in attempt from an unrecognized device. For your protection your "
         "online banking has been locked. Confirm your identity within 24 hours at "
         "http://maplecrest-secure-login.example/verify or your card ending 2287 will be suspended.", "bank"),
    Lure(("Federal Refund Centre", "refunds@gc-refund-centre.example"),
         "You have a pending tax refund of $612.40", (4, 23, 16),
         "NOTICE: After the last annual calculation of your fiscal activity, you are eligible to receive a tax "
         "refund of $612.40. Claim your deposit now by entering your SIN and banking details: "
         "http://gc-refund-centre.example/claim. Unclaimed refunds expire in 72 hours.", "tax refund"),
    Lure(("Parcel Services", "notice@parcel-customs-fee.example"),
         "Your package is on hold: customs fee unpaid", (6, 7, 7),
         "Your international package CA4471902BR is held at customs. A duty fee of $2.99 must be paid before "
         "delivery: http://parcel-customs-fee.example/pay. If the fee is not paid within 2 days the package "
         "will be returned to sender.", "parcel"),
)


NEWSLETTERS = (
    ("Riverdale Hill School", "bulletin@riverdalehill.example", 4,
     ["Winter concert rehearsals", "Lost and found clear-out", "Pizza lunch orders", "Snow day procedures"]),
    ("The Leslieville Ledger", "hello@leslievilleledger.example", 6,
     ["new bakery on Queen East", "the farmers' market moves indoors", "a rink opens at Jimmie Simpson park",
      "where to find the best pho"]),
    ("Toronto Trail Runners", "crew@torontotrailrunners.example", 2,
     ["Sunday long run along the Don", "winter traction gear", "hill repeats at Riverdale Park"]),
    ("Pantry & Pine", "deals@pantryandpine.example", 3,
     ["cozy kitchen sale", "free shipping over $50", "holiday gift guide"]),
    ("Data Engineering Weekly", "editor@dataengweekly.example", 1,
     ["streaming joins explained", "a look at table formats", "testing pipelines"]),
)


ISSUES = NewsletterStyle(
    "{name} | {topic}", "{name}\nIn this issue: {topic}.\nRead it on our website. Unsubscribe at any time.",
    "<html><body><h1>{name}</h1><p>In this issue: <b>{topic}</b>.</p>"
    "<p><a href=\"https://example.invalid/unsubscribe\">Unsubscribe</a> | Manage preferences</p></body></html>")


MERCHANTS = ("LOBLAWS #1124", "PRESTO AUTOLOAD", "BALZACS COFFEE", "SHOPPERS DRUG MART", "CANADIAN TIRE #301",
             "FRESHCO", "LCBO #0217")


MAPLECREST_ALERTS = AlertCard(("Maplecrest Bank", "notify@maplecrestbank.example"), "Purchase alert", "2287", "CAD",
                              lambda amount, merchant, when: f"A purchase of {dollars(amount)} was made at {merchant} "
                              f"on your Visa Infinite card ending in 2287 on {when:%b}. {when.day}.")
IPE_ALERTS = AlertCard(("Banco Ipê", "avisos@bancoipe.example"), "Compra aprovada", "6615", "BRL",
                       lambda amount, merchant, when: f"Compra aprovada no cartão final 6615: {_brl(amount)} em "
                       f"{merchant}.")


SHOPS = (("Northbound Outfitters", "orders@northboundoutfitters.example", "a winter parka", 289.00),
         ("SkipDish", "receipts@skipdish.example", "Thai takeout", None),
         ("Pantry & Pine", "orders@pantryandpine.example", "a Dutch oven", 129.99),
         ("SkipDish", "receipts@skipdish.example", "ramen for three", None),
         ("Type & Page Books", "hello@typeandpage.example", "two picture books", 41.98))


def _receipt(shop: str, order: str, what: str, amount: float) -> tuple[str, str]:
    return (f"Order confirmation #{order}",
            f"Thanks for your order #{order}: {what}. Total charged: {dollars(amount)} CAD (taxes included).")


def _threads() -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text), signed the way each of them signs."""
    return (
        (JONAH, 0, 6, 52, "Biscuit tonight", "Can you take Biscuit to the vet after work? I'm stuck at the office "
         "until 7. Leash and treats are by the door.\n\nJ"),
        (MAE, 1, 20, 15, "Natal", "Filha, que alegria! Faltam poucos dias. Your father is already planning the "
         "churrasco for Christmas Eve. Tell me what Leo wants to eat. Send me your flight number so Rafa can "
         "pick you up at Guarulhos.\n\nBeijos,\nMãe"),
        (RAFA, 2, 19, 12, "pickup at GRU", "E aí! I'll pick you up at the airport. What time do you land? I'll "
         "bring the big car for the suitcases.\n\nRafa"),
        (TAMSIN, 2, 12, 48, "Skating on Saturday?", "Fancy taking the kids skating at the Bentway on Saturday "
         "afternoon? We could grab a hot chocolate after. Let me know!\n\nTx"),
        (MARCUS, 3, 18, 24, "Montréal client visit", "Hi Inês, for Thursday: the client meeting is at 1:30 at "
         "their office on Rue Peel. I'll meet you at Gare Centrale when your train gets in. Bring the Q4 deck."
         "\n\nMarcus"),
        (JONAH, 4, 15, 30, "groceries", "We're out of coffee and oat milk. Can you grab some on the way home?"
         "\n\nJ"),
        (MAE, 8, 16, 0, "Fotos", "Olha as fotos do aniversário da tia Cida! Everyone asked about you and Leo."
         "\n\nBeijos,\nMãe"),
        (RAFA, 14, 10, 0, "Presente da Mãe", "Let's split a gift for Mãe's birthday? I was thinking a nice "
         "coffee machine.\n\nRafa"),
        (TAMSIN, 21, 11, 0, "Book club", "Next book club is at mine on the 3rd, we're reading 'The Salt Road'."
         "\n\nTx"),
        (JONAH, 29, 19, 0, "Leo's dentist?", "Did we ever book Leo's cleaning? I think it's overdue. Can you "
         "call them?\n\nJ"),
        (MAE, 40, 12, 0, "Saudades", "Saudades, filha. Call me this weekend when you can.\n\nMãe"),
        (MARCUS, 47, 13, 0, "Offsite agenda", "Draft agenda for the offsite is in the shared drive. Comments by "
         "Friday please.\n\nMarcus"),
    )


def _greeting(who: tuple[str, str]) -> str:
    return "Oi Inês," if who in (MAE, RAFA) else "Hi Inês,"


OTHER = (
    ("Toronto Public Library", "notices@tpl-demo.example", "Your holds are ready for pickup",
     "2 items are ready for pickup at the Pape/Danforth branch. They will be held for 7 days."),
    ("Northpoint IT", "it-help@northpoint-analytics.example", "Scheduled maintenance this weekend",
     "VPN access will be unavailable on Saturday between 1 and 5 a.m."),
    ("Parcel Tracker", "updates@parceltracker.example", "Delivered: your order from Northbound Outfitters",
     "Your package was delivered and left at the front door at 3:12 p.m."),
)


def generate(now: datetime, seed: int = 7, days: int = 90) -> list[SampleMessage]:
    """Inês Carvalho's mailbox: about 170 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what is owed, when the
    vet is, what moved) have the same answers for every seed, counted from `now`'s date in Toronto.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 60:
        raise ValueError("the third sample needs at least 60 days of mail")
    b = DatedBox(now, seed, days, me=ME, zone=TOR, domain=DOMAIN, footer=CA_FOOTER,
                 personal=("personal", "invitation_personal"), rng_seed=seed * 7919 + 3,
                 pdf_note="Steward third sample", prodid="-//Steward third sample//EN",
                 ics_stamp="20261101T000000Z")
    _cards(b)
    _bills(b)
    _appointments(b)
    _travel(b)
    _invitations(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, ISSUES)
    b.card_alerts(MAPLECREST_ALERTS, 34, first_hour=9, hours=11, spend=(5, 160), merchants=MERCHANTS)
    b.abroad_alerts(IPE_ALERTS, (342.9, 89.0, 1250.0), ("FARMACIA PANVEL", "LIVRARIA CULTURA", "PASSAGENS AEREAS"),
                    every=19, first=6, hour=15, zone=SAO)
    b.receipts(SHOPS, 15, every=5, first=2, orders=(5200, 41), spend=(28, 75), currency="CAD", write=_receipt)
    b.letters(_threads(), _greeting)
    b.notices(OTHER, 12, every=7, first=3)
    return b.messages()
