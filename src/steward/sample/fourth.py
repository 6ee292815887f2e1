"""A fourth sample mailbox, of a fourth person in a fourth country: Tomás Ríos, who grew up in
Guadalajara and lives in Berlin (Prenzlauer Berg) with his partner Lena and their children Mateo (8,
who plays for a youth football club) and Sofía (5, at a Kita). He still holds a Mexican card in pesos,
flies to Edinburgh for a long weekend, takes the train to Hamburg for work, and gets mail in English,
German and Spanish. About 150 messages over the 90 days before `now`, so a home built from it asks
every reader of mail to work on names, currencies, banks, billers, providers and ways of writing that
none of the other samples (`steward.sample.mailbox`, `second`, `third`) uses.

The mix, all invented: a German bank's card statement (HTML only, paid by hand), a card issuer that
collects by direct debit, a Mexican card in pesos written in Spanish; household bills (electricity
overdue, broadband already paid, a mobile plan by direct debit, a plumber's invoice in German);
appointments (a physiotherapist who moves a session, an optician who cancels an eye test, the
daughter's Kita, the son's football tournament forwarded by his mother, a plumber's visit, a personal
trainer at the gym), a table booked through a booking service, a hotel stay booked through another, a
flight to Edinburgh and a train to Hamburg with their booking mail, a colleague's calendar invite and
another colleague asking to meet, a friend's birthday party, family mail signed "Mamá", "Nacho" and "L",
newsletters, card alerts, receipts, a parcel arriving today, and two lures. Amounts and dates are
written the way German, British and Mexican senders write them ("2.046,75 €", "€587.33", "EUR 142.60",
"$8,415.60 MXN", "£486.00", "18.12.2026", "16/12/2026", "15 December 2026", "Sat 19 Dec").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date
in Berlin. The seed varies the filler (card alerts, receipts' amounts, the minutes of newsletters).
Every message has a `kind` label and `facts` an evaluation can check, and a stable Message-ID
`<kind-NNNN.SEED@fourth.steward.example>`. Only mail received is here (an inbox export): none he sent.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    GMAIL_HEADER_DATE,
    AlertCard,
    DatedBox,
    Letter,
    Lure,
    SampleMessage,
    due_facts,
    forwarded,
    stay_markup,
    table_markup,
)
from steward.sample.locale import day_month_year, dd_mm_yyyy, decimal_comma, weekday_day_month, wkday_day_mon

DOMAIN = "fourth.steward.example"
ME = ("Tomás Ríos", "tomas.rios@postfach-demo.example")
BER = ZoneInfo("Europe/Berlin")
EDI = ZoneInfo("Europe/London")  # Edinburgh keeps London's clock
MEX = ZoneInfo("America/Mexico_City")
ZONE = "Europe/Berlin"  # the person's own clock

FOOTER = ("This is an automated message. Please do not reply. All names, numbers and companies in this mailbox "
          "are invented.")

LENA = ("Lena Vogt", "lena.vogt@postfach-demo.example")  # signs "L"
MAMA = ("Carmen Herrera", "carmen.herrera@correo-demo.example")  # signs "Mamá"
NACHO = ("Ignacio Ríos", "nacho.rios@correo-demo.example")  # signs "Nacho"
JO = ("Jonas Becker", "jonas.becker@postfach-demo.example")  # signs "Jo"
WANJI = ("Wanjiru Mwangi", "wanjiru.mwangi@barua-demo.example")  # signs "Wanji"
PRIYA = ("Priya Nair", "priya.nair@kieferling-logistik.example")
BEN = ("Ben Adeyemi", "ben.adeyemi@kieferling-logistik.example")


def _eur_de(x: float) -> str:
    """2.046,75 € (as German senders write it)."""
    return f"{decimal_comma(x)} €"


def _day_de(d: date | datetime) -> str:
    """18.12.2026."""
    return f"{d:%d.%m.%Y}"


def _pm(d: datetime) -> str:
    """5.45pm, as British mail often writes it."""
    return f"{d:%I.%M}".lstrip("0") + ("am" if d.hour < 12 else "pm")


def _cards(b: DatedBox) -> None:
    spree = ("Spreeufer Bank", "kartenservice@spreeuferbank.example")
    # last month's statement, paid by bank transfer
    due = b.today - timedelta(days=22)
    facts = due_facts("Spreeufer Bank", "1318.20", "EUR", due, "card", "paid", last4="4471",
                 product="Spreeufer Mastercard Gold", minimum="39.55")
    b.add("statement", spree, "Your Spreeufer Mastercard Gold statement is ready", b.sent(44, 6, 5),
          f"Dear Tomás Ríos,\n\nYour monthly statement for your Spreeufer Mastercard Gold (card number "
          f"**** **** **** 4471) is available in online banking.\n\nStatement balance: {_eur_de(1318.20)}\n"
          f"Minimum payment: {_eur_de(39.55)}\nPlease pay by: {_day_de(due)}\n\nKind regards,\nSpreeufer Bank "
          "card service", pdf=f"Kartenabrechnung-{due:%Y-%m}.pdf", facts=facts)
    b.add("payment_received", spree, "Payment received - thank you", b.sent(23, 10, 40),
          f"Dear Tomás Ríos,\n\nWe have received your transfer of {_eur_de(1318.20)} to your Spreeufer "
          "Mastercard Gold ending 4471. Your card balance has been settled.", facts=facts)
    # this month's: open, paid by hand, due in eight days
    due = b.today + timedelta(days=8)
    facts = due_facts("Spreeufer Bank", "2046.75", "EUR", due, "card", "open", last4="4471",
                 product="Spreeufer Mastercard Gold", minimum="61.40")
    html = ("<html><body style=\"font-family:Arial,sans-serif;color:#222\"><table width=\"600\" "
            "style=\"border:1px solid #ddd\"><tr><td style=\"background:#004b6b;color:#fff;padding:14px;"
            "font-size:20px\">Spreeufer Bank</td></tr><tr><td style=\"padding:14px\"><p>Dear Tomás Ríos,</p>"
            "<p>your new card statement is ready.</p><table>"
            "<tr><td>Card</td><td>Mastercard Gold &middot; **** 4471</td></tr>"
            f"<tr><td>Statement balance</td><td><b>{_eur_de(2046.75)}</b></td></tr>"
            f"<tr><td>Minimum payment</td><td>{_eur_de(61.40)}</td></tr>"
            f"<tr><td>Payment due</td><td>{_day_de(due)}</td></tr></table>"
            "<p>Please transfer at least the minimum payment to the account shown on your statement. "
            "You can download the PDF in online banking.</p></td></tr></table></body></html>")
    b.add("statement", spree, "Your Spreeufer Mastercard Gold statement is ready", b.sent(13, 6, 5), None,
          html=html, facts=facts)

    havel = ("Havelstern Card Services", "statements@havelstern-cards.example")
    due = b.today - timedelta(days=25)
    facts = due_facts("Havelstern Card Services", "412.08", "EUR", due, "card", "paid", last4="9038",
                 product="Havelstern Visa", autopay="true")
    b.add("statement", havel, "Havelstern Visa: your November statement", b.sent(42, 7, 30),
          f"Hello Tomás,\n\nStatement for your Havelstern Visa ending 9038.\nAmount: €412.08\nDirect debit date: "
          f"{day_month_year(due)}\n\nThe full amount will be collected by SEPA direct debit from your account "
          "IBAN DE** **** **** **** **09 13. You don't need to do anything.", facts=facts)
    due = b.today + timedelta(days=5)
    facts = due_facts("Havelstern Card Services", "587.33", "EUR", due, "card", "open", last4="9038",
                 product="Havelstern Visa", autopay="true")
    b.add("statement", havel, "Havelstern Visa: your December statement", b.sent(9, 7, 30),
          f"Hello Tomás,\n\nStatement for your Havelstern Visa ending 9038.\nAmount: €587.33\nDirect debit date: "
          f"{day_month_year(due)}\n\nThe full amount will be collected by SEPA direct debit from your account "
          "IBAN DE** **** **** **** **09 13. You don't need to do anything.", facts=facts)

    jac = ("Banco Jacaranda", "estados@bancojacaranda.example")
    due = b.today + timedelta(days=6)
    b.add("statement", jac, "Tu estado de cuenta Jacaranda Oro ya está disponible", b.sent(10, 9, 0, MEX),
          f"Hola Tomás:\n\nTu estado de cuenta de la tarjeta de crédito Jacaranda Oro terminación 3320 ya está "
          f"disponible.\n\nSaldo al corte: $8,415.60 MXN\nPago mínimo: $1,262.34 MXN\nFecha límite de pago: "
          f"{dd_mm_yyyy(due)}\n\nRealiza tu pago a tiempo y evita intereses moratorios.\n\nBanco Jacaranda",
          facts=due_facts("Banco Jacaranda", "8415.60", "MXN", due, "card", "open", last4="3320",
                     product="Jacaranda Oro", minimum="1262.34"))


def _bills(b: DatedBox) -> None:
    power = ("Spreewatt Energie", "rechnung@spreewatt.example")
    due = b.today - timedelta(days=3)
    facts = due_facts("Spreewatt Energie", "142.60", "EUR", due, "utility", "overdue", account="SW-3305127")
    b.add("bill", power, "Your electricity bill - customer number SW-3305127", b.sent(21, 8, 0),
          f"Hello Mr Ríos,\n\nyour electricity bill for November is ready.\nCustomer number: SW-3305127\n"
          f"Amount due: EUR 142.60\nDue date: {due.day} {due:%b %Y}\n\nPlease transfer the amount quoting your "
          "customer number.", facts=facts)
    b.add("payment_overdue", power, "Payment reminder: your electricity bill is past due", b.sent(0, 6, 20),
          f"Hello Mr Ríos,\n\nwe have not yet received EUR 142.60 for customer number SW-3305127, which was due "
          f"on {due.day} {due:%b %Y}. Please pay within 7 days to avoid a reminder fee of EUR 5.00. If you have "
          "already paid, please ignore this message.", facts=facts)

    fibre = ("Glasfaser Nord", "kundenservice@glasfaser-nord.example")
    due = b.today - timedelta(days=1)
    facts = due_facts("Glasfaser Nord", "44.99", "EUR", due, "telecom", "paid", account="GN-771204")
    b.add("bill", fibre, "Glasfaser Nord: your bill for December", b.sent(15, 11, 0),
          f"Your Glasfaser 500 bill is ready.\nCustomer account: GN-771204\nTotal: €44.99\nPayable by: "
          f"{_day_de(due)}", facts=facts)
    b.add("bill_paid", fibre, "Thank you for your payment", b.sent(2, 18, 12),
          "We have received your payment of €44.99 for customer account GN-771204. Your account is now fully "
          "paid.", facts=facts)

    mobile = ("Funkwelle Mobil", "rechnung@funkwelle.example")
    due = b.today + timedelta(days=4)
    b.add("bill", mobile, "Your Funkwelle bill is online", b.sent(6, 5, 45), None,
          html=("<html><body><div style=\"font-family:Verdana\"><h3>Your Funkwelle bill</h3>"
                "<p>Hello Tomás,</p><p>Mobile number: +49 151 5550 3871</p>"
                f"<p>Invoice amount: <b>{_eur_de(27.50)}</b></p>"
                f"<p>We will collect this amount by direct debit on {_day_de(due)}. You don't need to do "
                "anything.</p></div></body></html>"),
          facts=due_facts("Funkwelle Mobil", "27.50", "EUR", due, "telecom", "open", autopay="true",
                     account="+49 151 5550 3871"))

    plumber = ("Sanitär Krüger GmbH", "buero@sanitaer-krueger.example")
    due = b.today + timedelta(days=12)
    b.add("bill", plumber, "Rechnung Nr. 2026-1187", b.sent(4, 14, 30),
          f"Sehr geehrter Herr Ríos,\n\nanbei erhalten Sie unsere Rechnung Nr. 2026-1187 für die Reparatur des "
          f"Heizkörperventils am {_day_de(b.today - timedelta(days=14))}.\n\nRechnungsbetrag: {_eur_de(386.75)} "
          "(inkl. 19 % MwSt.)\n"
          f"Zahlbar bis: {_day_de(due)}\n\nBitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer.\n\n"
          "Mit freundlichen Grüßen\nSanitär Krüger GmbH", pdf="Rechnung-2026-1187.pdf",
          facts=due_facts("Sanitär Krüger GmbH", "386.75", "EUR", due, "invoice", "open", account="2026-1187"))


def _appointments(b: DatedBox) -> None:
    physio = ("Physio am Kollwitzplatz", "termine@physio-kollwitz.example")
    past = b.at(-24, 8, 30)
    b.add("appointment", physio, "Your appointment at Physio am Kollwitzplatz", b.sent(30, 12, 0),
          f"Hi Tomás,\n\nthis confirms your physiotherapy session with Anke Roth on {weekday_day_month(past)} at "
          f"{past:%H:%M}.\nPhysio am Kollwitzplatz, Knaackstraße 9, 10405 Berlin.",
          facts={"provider": physio[0], "start": past.isoformat(), "status": "confirmed", "kind": "physiotherapy"})
    was = b.at(4, 8, 30)
    moved = b.at(6, 17, 45)
    b.moved_booking(
        physio, "physiotherapy", was, moved,
        ("Your appointment at Physio am Kollwitzplatz", b.sent(16, 12, 5),
         f"Hi Tomás,\n\nthis confirms your physiotherapy session (back, 45 min) with Anke Roth on "
         f"{weekday_day_month(was)} at {was:%H:%M}.\nPhysio am Kollwitzplatz, Knaackstraße 9, 10405 Berlin.\n"
         "Please bring a towel and your prescription."),
        ("Change to your appointment", b.sent(2, 13, 20),
         f"Hi Tomás,\n\nAnke is on a course on Monday morning, so we have moved your session from "
         f"{wkday_day_mon(was)} at {was:%H:%M} to {weekday_day_month(moved)} at {moved:%H:%M}. If the new time "
         "does not suit you, just reply to this email.\n\nPhysio am Kollwitzplatz"))

    optician = ("Augenblick Optik", "service@augenblick-optik.example")
    test = b.at(5, 16, 0)
    b.cancelled_booking(
        optician, "optician", test,
        ("Eye test booked", b.sent(17, 9, 15),
         f"Hello Tomás Ríos,\n\nthank you for booking an eye test at Augenblick Optik, Schönhauser Allee "
         f"61.\nDate: {weekday_day_month(test)}\nTime: {_pm(test)}\nDuration: about 30 minutes\n\nPlease bring "
         "your current glasses."),
        ("Your eye test has been cancelled", b.sent(1, 15, 40),
         f"Hello Tomás Ríos,\n\nunfortunately our optometrist is ill and we have had to cancel your eye test on "
         f"{weekday_day_month(test)} at {_pm(test)}. We are sorry for the inconvenience. Please book a new time online or "
         "call us on 030 5550 4418."))

    kita = ("Kita Sonnenblume", "leitung@kita-sonnenblume.example")
    start = b.at(5, 8, 15)
    b.add("appointment", kita, "Parent meeting for Sofía / Entwicklungsgespräch", b.sent(8, 16, 0),
          f"Dear Lena, dear Tomás,\n\nwe would like to invite you to Sofía's yearly development talk "
          f"(Entwicklungsgespräch) with her group leader Frau Yilmaz.\n\nDate: {_day_de(start)}\nTime: "
          f"{start:%H:%M} - {start + timedelta(minutes=30):%H:%M}\nPlace: Kita Sonnenblume, Gruppenraum "
          "Igel\n\nPlease let us know if the time does not work for you.\n\nBest wishes,\nKita Sonnenblume",
          facts={"provider": kita[0], "start": start.isoformat(), "status": "confirmed", "kind": "nursery"})

    plumber = ("Sanitär Krüger GmbH", "buero@sanitaer-krueger.example")
    start = b.at(1, 8, 0)
    b.add("appointment", plumber, f"Terminbestätigung {_day_de(start)}", b.sent(3, 10, 5),
          f"Sehr geehrter Herr Ríos,\n\nhiermit bestätigen wir Ihren Termin:\n\nDatum: Freitag, {_day_de(start)}\n"
          f"Zeitfenster: {start:%H:%M} - {start + timedelta(hours=2):%H:%M} Uhr\nArbeiten: Wartung der Gastherme\n"
          "Adresse: Lychener Straße 48, 10437 Berlin\n\nUnser Monteur ruft Sie ca. 30 Minuten vorher an.\n\n"
          "Mit freundlichen Grüßen\nSanitär Krüger GmbH",
          facts={"provider": plumber[0], "start": start.isoformat(), "status": "confirmed", "kind": "plumber",
                 "location": "Lychener Straße 48"})

    gym = ("Kraftwerk Fitness", "app@kraftwerk-fitness.example")
    start = b.at(0, 18, 30)
    b.add("appointment", gym, "Booked: Personal Training with Malik", b.sent(5, 21, 2), None,
          html=("<html><body><div style=\"background:#111;color:#f5c400;padding:10px;font-weight:bold\">"
                "KRAFTWERK FITNESS</div><p>Hey Tomás, you're booked!</p>"
                f"<p><b>Personal Training (60 min)</b><br>Coach: Malik<br>{start:%a}, {_day_de(start)} &middot; "
                f"{start:%H:%M}<br>Kraftwerk Fitness Prenzlauer Berg, Greifswalder Str. 80</p>"
                "<p>Cancel free of charge up to 24 hours before.</p></body></html>"),
          facts={"provider": gym[0], "start": start.isoformat(), "status": "confirmed", "kind": "gym"})

    start = b.at(1, 19, 30)
    markup = table_markup("TL-88412", ME[0], 4, start, "Trattoria Lupo", "Oderberger Str. 17", "Berlin")
    b.add("reservation", ("Tischlein", "reservierung@tischlein.example"),
          "Booking confirmed: Trattoria Lupo, table for 4", b.sent(6, 20, 15),
          f"Hi Tomás,\n\nyour table is booked.\n\nTrattoria Lupo\n{start:%A}, {_day_de(start)}, {start:%H:%M}\n"
          "4 guests\nOderberger Str. 17, 10435 Berlin\nReservation number: TL-88412\n\nRunning late? The "
          "restaurant holds your table for 15 minutes. Change or cancel in the Tischlein app.",
          html=(f"<html><head><script type=\"application/ld+json\">{markup}</script></head><body>"
                f"<h2>Your table is booked</h2><p><b>Trattoria Lupo</b><br>{start:%A}, {_day_de(start)}, "
                f"{start:%H:%M}<br>4 guests</p><p>Reservation number: TL-88412</p></body></html>"),
          facts={"provider": "Trattoria Lupo", "start": start.isoformat(), "status": "confirmed",
                 "kind": "restaurant", "location": "Oderberger Str. 17"})


def _football(b: DatedBox) -> None:
    """The club writes to Lena; she forwards it, so the booking arrives inside a forward."""
    start = b.at(2, 10, 0)
    meet = start - timedelta(minutes=30)
    sent = b.sent(3, 19, 10)
    b.add("forwarded", LENA, "Fwd: U9 indoor tournament on Saturday", b.sent(2, 7, 45),
          forwarded("Can you take Mateo on Saturday? I'm at the Kita Christmas market all morning. L",
                    GMAIL_HEADER_DATE, ("Deniz Aksoy", "jugend@sv-kastanie1921.example"), sent, LENA,
                    "U9 indoor tournament on Saturday",
                    f"Dear U9 parents,\n\nour indoor tournament is this Saturday, {_day_de(start)}. Please have the "
                    f"children at the hall by {meet:%H:%M}; the first game kicks off at {start:%H:%M} and the last "
                    "one ends around 13:30.\nPlace: Sporthalle Kastanienallee, Kastanienallee 82\nBring: indoor "
                    "shoes, shin pads, a drink. Red shirts are handed out at the hall.\n\nSportliche Grüße,\nDeniz\n"
                    "SV Kastanie 1921 e.V. - Jugendabteilung"),
          facts={"provider": "SV Kastanie 1921", "start": start.isoformat(), "status": "confirmed",
                 "kind": "football", "forwarded_by": LENA[0]})


def _travel(b: DatedBox) -> None:
    rail = ("Nordbahn", "tickets@nordbahn.example")
    out_dep, out_arr = b.at(7, 7, 4), b.at(7, 8, 52)
    back_dep, back_arr = b.at(7, 18, 6), b.at(7, 19, 50)
    b.add("train", rail, "Your Nordbahn ticket: Berlin Hbf - Hamburg Hbf, order NB-58K2Q7", b.sent(11, 12, 44),
          f"Order number: NB-58K2Q7\nTraveller: Tomas Rios\n\n"
          f"Outward: {out_dep:%a, %d %b %Y}\n  NB 1704  Berlin Hbf dep {out_dep:%H:%M}  ->  Hamburg Hbf arr "
          f"{out_arr:%H:%M}   Coach 7, Seat 45\n"
          f"Return: {back_dep:%a, %d %b %Y}\n  NB 1789  Hamburg Hbf dep {back_dep:%H:%M}  ->  Berlin Hbf arr "
          f"{back_arr:%H:%M}   Coach 7, Seat 51\n\nPrice: €79.80, 2nd class, Flexpreis (paid with Mastercard "
          "**4471). Your ticket is in the Nordbahn app; please have your ID ready.",
          ics=b.invite(f"NB-58K2Q7-{b.seed}@nordbahn.example", "Train Berlin - Hamburg", out_dep, out_arr,
                   "Berlin Hbf"),
          facts={"provider": rail[0], "start": out_dep.isoformat(), "status": "confirmed", "kind": "train",
                 "arrive": out_arr.isoformat(), "return": back_dep.isoformat(), "return_arrive": back_arr.isoformat(),
                 "reference": "NB-58K2Q7"})

    air = ("Skylark Air", "bookings@skylarkair.example")
    dep, arr = b.at(9, 10, 40), b.at(9, 11, 55, EDI)
    back, back_arr = b.at(12, 17, 20, EDI), b.at(12, 20, 30)
    b.add("flight", air, "Your Skylark Air booking QX7T4M - Berlin to Edinburgh", b.sent(26, 22, 3),
          "Thanks for booking with Skylark Air!\n\nBooking reference: QX7T4M\nPassengers: Mr Tomas Rios, "
          "Ms Lena Vogt, Master Mateo Rios Vogt, Miss Sofia Rios Vogt\n\n"
          f"OUTBOUND  SK 431  {dep:%a %d %b %Y}\n  Berlin Brandenburg (BER) T1  {dep:%H:%M}\n  Edinburgh (EDI)  "
          f"{arr:%H:%M}\n\nRETURN  SK 436  {back:%a %d %b %Y}\n  Edinburgh (EDI)  {back:%H:%M}\n  Berlin "
          f"Brandenburg (BER) T1  {back_arr:%H:%M}\n\nAll times are local airport times. Total paid: €642.16.\n"
          "Online check-in opens 30 days before departure and closes 2 hours before.",
          facts={"provider": air[0], "start": dep.isoformat(), "status": "confirmed", "kind": "flight",
                 "flight": "SK 431", "arrive": arr.isoformat(), "return": back.isoformat(),
                 "return_arrive": back_arr.isoformat(), "reference": "QX7T4M"})

    check_in, check_out = b.at(9, 15, 0, EDI), b.at(12, 11, 0, EDI)
    markup = stay_markup("SN-2207719", ME[0], check_in, check_out, "Castle Wynd Hotel", "14 Castle Wynd North",
                         "Edinburgh", "GB")
    b.add("hotel", ("StayNest", "stays@staynest.example"), "Your stay at Castle Wynd Hotel is confirmed",
          b.sent(25, 22, 40),
          f"Hi Tomás,\n\nyour booking is confirmed.\n\nCastle Wynd Hotel, 14 Castle Wynd North, Edinburgh\n"
          f"Check-in: {weekday_day_month(check_in)} {check_in.year}, from {check_in:%H:%M}\nCheck-out: "
          f"{weekday_day_month(check_out)} {check_out.year}, until {check_out:%H:%M}\n3 nights, 1 family room, "
          "2 adults, 2 children\nTotal: £486.00, payable at the property\nBooking number: SN-2207719\n\n"
          f"Free cancellation until {weekday_day_month(check_in - timedelta(days=3))}.",
          html=(f"<html><head><script type=\"application/ld+json\">{markup}</script></head><body>"
                "<h2>Your stay is confirmed</h2><p><b>Castle Wynd Hotel</b>, Edinburgh<br>"
                f"{weekday_day_month(check_in)} - {weekday_day_month(check_out)}<br>3 nights &middot; £486.00</p></body></html>"),
          facts={"provider": "Castle Wynd Hotel", "start": check_in.isoformat(), "end": check_out.isoformat(),
                 "status": "confirmed", "kind": "hotel", "reference": "SN-2207719"})


def _invitations(b: DatedBox) -> None:
    start = b.at(0, 15, 0)
    b.invitation(PRIYA, f"Invitation: Hamburg pitch prep @ {wkday_day_mon(start)} 15:00 - 15:45 (CET)",
                 b.sent(1, 17, 10), "Hi Tomás,\n\nbefore we go to Hamburg next week, can we walk through the slides "
                 "together? I've put 45 minutes in on Thursday afternoon, room Spree on the 3rd floor (or join by "
                 "video).\n\nPriya", uid=f"pitch-prep-{b.seed}@kieferling-logistik.example",
                 summary="Hamburg pitch prep", start=start, end=start + timedelta(minutes=45),
                 location="Room Spree, 3rd floor")
    party = b.at(2, 20, 0)
    b.add("invitation_personal", JO, "40 (!!)", b.sent(4, 22, 30),
          f"Hey Tomás,\n\nit's happening: I'm turning 40 and there'll be a party on Saturday {party.day} "
          f"{party:%B} from 8pm at Bar Kiezkönig, Lychener Str. 12. Bring Lena! No presents, just come.\n\nJo",
          facts={"provider": JO[0], "start": party.isoformat(), "status": "invited", "kind": "party"})


LURES = (
    Lure(("Spreeufer Bank", "sicherheit@spreeufer-kundenschutz.example"),
         "Wichtig: Ihr Online-Banking wurde vorübergehend gesperrt", (1, 3, 12),
         "Sehr geehrter Kunde,\n\naufgrund ungewöhnlicher Aktivitäten wurde Ihr Online-Banking vorübergehend "
         "gesperrt. Bestätigen Sie Ihre Identität innerhalb von 24 Stunden unter "
         "http://spreeufer-kundenschutz.example/login, sonst wird Ihre Karte dauerhaft deaktiviert.", "bank"),
    Lure(("StreamFlix", "billing@streamflix-account-update.example"),
         "Your payment was declined - update your details to keep watching", (3, 23, 48),
         "Hi,\n\nwe couldn't process your last payment of €13.99. Your membership will be suspended in 48 hours "
         "unless you update your card details here: http://streamflix-account-update.example/billing",
         "subscription"),
)


NEWSLETTERS = (
    ("Prenzlauer Post", "redaktion@prenzlauerpost.example", 5,
     ["the Christmas market at Kulturbrauerei", "a new bakery on Kollwitzstraße", "tram works on Danziger Straße",
      "the best Kieztreff cafés"]),
    ("Mauerpark Runners", "crew@mauerparkrunners.example", 1,
     ["Sunday long run to Tegel", "running in the dark", "the Advent 10k"]),
    ("The Freight Letter", "editor@freightletter.example", 2,
     ["rail freight capacity", "port congestion in Hamburg", "last-mile bikes"]),
    ("Grünkern Biomarkt", "angebote@gruenkern.example", 3,
     ["winter vegetables", "organic Stollen", "10% off oat drinks"]),
)


MERCHANTS = ("REWE Markt", "BVG Automat", "Café Anna Blume", "dm-drogerie markt", "Lidl", "Rossmann",
             "Zeit für Brot")


SPREEUFER_ALERTS = AlertCard(("Spreeufer Bank", "push@spreeuferbank.example"), "Card payment", "4471", "EUR",
                             lambda amount, merchant, when: f"Card payment of {_eur_de(amount)} at {merchant} with "
                             f"your Mastercard Gold ending 4471 on {_day_de(when)}.")
JACARANDA_ALERTS = AlertCard(("Banco Jacaranda", "alertas@bancojacaranda.example"), "Compra realizada", "3320", "MXN",
                             lambda amount, merchant, when: "Se realizó una compra con tu tarjeta terminación 3320 "
                             f"por ${amount:,.2f} MXN en {merchant}.")


SHOPS = (("Kiezrad", "shop@kiezrad.example", "bike lights and a lock", 54.90),
         ("Happa", "receipts@happa.example", "Vietnamese takeaway", None),
         ("Buchhandlung Seitenweise", "hallo@seitenweise.example", "two children's books", 31.80),
         ("Happa", "receipts@happa.example", "pizza for four", None),
         ("Grünkern Biomarkt", "shop@gruenkern.example", "a veg box", 24.50))


def _receipt(shop: str, order: str, what: str, amount: float) -> tuple[str, str]:
    return f"Your order {order}", f"Thank you for your order {order}: {what}. Total: {_eur_de(amount)} incl. VAT."


def _parcel(b: DatedBox) -> None:
    b.add("delivery", ("Paketblitz", "status@paketblitz.example"), "Your parcel is arriving today",
          b.sent(0, 6, 40),
          "Good news! Your parcel from Kiezrad (tracking number PB449201776DE) is out for delivery and arrives "
          "today between 10:00 and 14:00. Not at home? Choose a neighbour or a Paketblitz shop in the app.",
          facts={"shop": "Kiezrad", "window": "10:00-14:00", "tracking": "PB449201776DE"})


def _threads() -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text), signed the way each of them signs."""
    return (
        (LENA, 0, 6, 55, "Sofía today", "Can you pick Sofía up from Kita at 4 today? I'm in Potsdam until late. "
         "Her rain trousers are in the blue bag.\n\nL"),
        (MAMA, 1, 21, 5, "Navidad", "Mijo, ¿cómo están? Ya compré mi boleto: llego a Berlín el 27 de diciembre "
         "por la tarde. ¿Me pueden recoger en el aeropuerto? Dale un beso a Mateo y a Sofía.\n\nTe quiero,\nMamá"),
        (NACHO, 3, 16, 20, "fotos + carta", "Oye carnal, send me the photos from Tlaquepaque when you can. "
         "Also a letter from Banco Jacaranda came to mamá's house for you, I'll scan it.\n\nNacho"),
        (BEN, 2, 11, 35, "30 min next week?", "Hi Tomás, could we grab 30 minutes next week to go through the "
         "Q1 staffing plan? Monday morning would suit me best, maybe 10:00? Let me know what works.\n\nCheers,\nBen"),
        (WANJI, 5, 9, 10, "Berlin in January!", "Habari Tomás! Guess what, I got the conference in Berlin, so "
         "I'll be there from 18 January for a week. Can we do dinner with Lena? Say hi to the kids.\n\nWanji"),
        (LENA, 9, 12, 30, "Christmas presents", "I ordered the bike lights for Mateo, they go to the Paketblitz "
         "shop if we're not home. Don't tell him!\n\nL"),
        (JO, 14, 20, 0, "Squash?", "Squash on Wednesday like old times? I booked court 3 for 7.\n\nJo"),
        (MAMA, 20, 20, 40, "Fotos", "Mira las fotos del bautizo de tu prima Lupita. Todos preguntaron por "
         "ustedes.\n\nMamá"),
        (PRIYA, 23, 14, 0, "Hamburg client", "Good news, Hafenkontor want us in Hamburg for the pitch. I'll send "
         "times once they confirm.\n\nPriya"),
        (WANJI, 38, 18, 15, "pictures from Naivasha", "Sending the pictures from our trip to Lake Naivasha. "
         "Miss you all!\n\nWanji"),
        (NACHO, 45, 10, 0, "cumple de mamá", "¿Le compramos algo juntos a mamá para su cumple? Tal vez una "
         "cafetera.\n\nNacho"),
        (LENA, 60, 8, 10, "Kita closed Friday", "Reminder: the Kita is closed on Friday for the team day.\n\nL"),
    )


def _greeting(who: tuple[str, str]) -> str:
    return {MAMA: "Hola Tomás,", NACHO: "Qué onda,", LENA: "Hey,"}.get(who, "Hi Tomás,")


OTHER = (
    ("Stadtbibliothek Pankow", "ausleihe@stadtbibliothek-pankow.example", "Your reservations are ready",
     "2 items are ready for pickup at the Heinrich-Böll library. They will be held for 10 days."),
    ("Kieferling IT", "it-service@kieferling-logistik.example", "Planned maintenance on Saturday",
     "The VPN will be unavailable on Saturday between 06:00 and 10:00."),
    ("Paketblitz", "status@paketblitz.example", "Your parcel has been delivered",
     "Your parcel was delivered to your neighbour (Schneider, 2nd floor) at 14:27."),
)


def generate(now: datetime, seed: int = 7, days: int = 90) -> list[SampleMessage]:
    """Tomás Ríos's mailbox: about 150 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what is owed, when the
    physio is, what was cancelled) have the same answers for every seed, counted from `now`'s date in Berlin.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 60:
        raise ValueError("the fourth sample needs at least 60 days of mail")
    b = DatedBox(now, seed, days, me=ME, zone=BER, domain=DOMAIN, footer=FOOTER, rng_seed=seed * 7927 + 4,
                 pdf_note="Steward fourth sample", prodid="-//Steward fourth sample//EN",
                 ics_stamp="20261201T000000Z")
    _cards(b)
    _bills(b)
    _appointments(b)
    _football(b)
    _travel(b)
    _invitations(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS)
    b.card_alerts(SPREEUFER_ALERTS, 32, first_hour=9, hours=11, spend=(4, 140), merchants=MERCHANTS)
    b.abroad_alerts(JACARANDA_ALERTS, (1450.0, 389.5, 2210.0), ("LIVERPOOL", "FARMACIA GUADALAJARA", "AEROMEXICO"),
                    every=21, first=12, hour=13, zone=MEX)
    b.receipts(SHOPS, 14, every=6, first=2, orders=(7300, 37), spend=(22, 60), currency="EUR", write=_receipt)
    _parcel(b)
    b.letters(_threads(), _greeting)
    b.notices(OTHER, 12, every=7, first=4)
    return b.messages()
