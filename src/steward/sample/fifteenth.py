"""A fifteenth sample mailbox, of a fifteenth person in a fifteenth place: Chidinma Okafor, a superintendent pharmacist
at Medway Pharmacy in Yaba, Lagos, who lives in Palmview Estate, Lekki. Her husband Emeka (a civil engineer, signs
"Emy"), their daughter Kamsi (9, Primary 5) and their son Obinna (6, Primary 2), both at Greenfield Heights School,
live with her; her mother (Mrs Grace Eze, "Mummy", signs "Your mother") lives in Enugu, and her younger brother Chudi
is at Coal City University in Enugu and asks her for money. The family fly to Enugu for Christmas (a domestic flight
whose time was changed); in January she flies to London for a training course (London keeps GMT then, an hour behind
Lagos), with a visa appointment before it and a hotel there. Before Christmas she has an HMO-approved hospital visit, a
dentist who moved her, an eye test, Kamsi's vaccination, the car's service and its papers, a salon appointment that
was cancelled, a cousin's wedding (aso-ebi to pay for), a church programme, the children's carol service and a
parents' meeting, a dinner reservation and a parcel the courier could not deliver. Her mail is in Nigerian English as
people in Lagos write it ("kindly", "pls", "abeg", "how far", "well done", "I'm coming", "next tomorrow", "by 4pm",
"flash me", "I will revert", "sir/ma"). About 60 messages over the three weeks before `now`, so a home built from it
asks every reader of mail to work on names, billers, booking services and ways of writing that none of the other
samples (`steward.sample.mailbox`, `second` to `fourteenth`) uses.

The mix, all invented: bank debit and credit alerts (a masked account "01******78", amount, description, balance); a
naira credit card statement and a dollar card statement (a charge in USD and one in GBP), each with a minimum due and a
due date; a prepaid electricity token bought; an estate's service charge demand; a cable TV renewal; a data plan on
auto-renewal; the school's fees for next term with a deadline; a loan app's repayment reminder; the monthly thrift
(ajo) contribution owed to a group; vehicle papers to renew and a car service booked; an HMO's approval of a hospital
appointment; a dentist who moved her; an eye test; a child's vaccination; a salon appointment cancelled; a domestic
flight whose time changed; a visa centre appointment, an international flight and a hotel in London; a wedding
invitation asking for aso-ebi money; a church programme, a carol service and a parents' meeting told in plain words; a
restaurant table; a courier's failed delivery; a manager's calendar invitation and a colleague's meeting in plain
words; five lures (a bank's "BVN update", a grant, a customs fee for a parcel, an ATM card "blocked", a prize);
newsletters, promos and card alerts. Amounts are written "₦45,000", "N45,000.00", "NGN 45,000.00" and "45k" (one
"USD 15.99" and one "GBP 42.00"), dates day first as Nigerian mail writes them ("14/12/2027", "14th December, 2027",
"Tue, 14 Dec"; "Dec 14, 2027" from senders abroad) and times as "10am", "4:30pm" or "by 4pm" ("16:30" only in a
flight row).

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in Lagos. The
seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label and `facts` an
evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@fifteenth.steward.example>`. Only mail received is
here (an inbox export): none she sent.
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
    dd_mm_yyyy,
    month_day_year,
    ordinal,
    ordinal_month_year,
    weekday_day_month,
    wkday_day_mon,
)

DOMAIN = "fifteenth.steward.example"
ME = ("Chidinma Okafor", "chidinma.okafor@lagoonmail-demo.example")
LAGOS = ZoneInfo("Africa/Lagos")  # West Africa Time, UTC+1 all year; Enugu keeps the same clock
LONDON = ZoneInfo("Europe/London")  # GMT in January
ZONE = "Africa/Lagos"  # the person's own clock

FOOTER = ("This is an automated message, please do not reply. The people, companies and numbers in this mailbox are "
          "invented.")
BANK_LEGAL = ("Crestline Bank will NEVER ask for your BVN, PIN, OTP or card details by email, SMS or phone call. "
              "For enquiries call 0700-555-0148 or email care@crestlinebank.example. Crestline Bank Plc, RC 118842.")

EMEKA = ("Emeka Okafor", "emeka.okafor@lagoonmail-demo.example")  # her husband, signs "Emy"
MUMMY = ("Grace Eze", "graceeze1958@coalcitymail.example")  # her mother, in Enugu
CHUDI = ("Chudi Eze", "chudi.eze@students.coalcityuni.example")  # her younger brother, at university
ADAOBI = ("Adaobi Nnaji", "adaobi.nnaji@lagoonmail-demo.example")  # her cousin, the bride's sister
MAMA_BISI = ("Funmilayo Adeyemi", "mamabisi.adeyemi@lagoonmail-demo.example")  # the thrift group's coordinator
OGA = ("Olumide Fashola", "o.fashola@medwaypharmacy.example")  # the managing director
TOLU = ("Toluwani Bakare", "t.bakare@medwaypharmacy.example")  # a pharmacist on her team
TEACHER = ("Blessing Udo", "b.udo@greenfieldheights.example")  # Kamsi's class teacher
CHURCH = ("St. Agnes Catholic Church, Lekki", "secretariat@stagneslekki.example")


def _ampm(d: datetime) -> str:
    """10am, 4:30pm: a time as Nigerian mail writes it."""
    return f"{d.hour % 12 or 12}{'' if d.minute == 0 else f':{d:%M}'}{'am' if d.hour < 12 else 'pm'}"


def _naira(x: float, kobo: bool = True) -> str:
    """₦45,000.00 (or ₦45,000)."""
    return f"₦{x:,.2f}" if kobo else f"₦{x:,.0f}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=LAGOS, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Medway Pharmacy//Outlook 16.0 MIMEDIR//EN", ics_stamp="20271201T080000Z")


def _alerts(b: DatedBox) -> None:
    """The bank's debit and credit alerts on her salary account, with the balance after each."""
    bank = ("Crestline Bank Alerts", "alerts@crestlinebank.example")
    rows = (
        (17, 9, 12, "Credit", 685400.00, "SALARY NOV 2027 MEDWAY PHARMACY LTD", 742118.40),
        (5, 18, 40, "Debit", 25000.00, "TRF TO CHUKWUDI EZE/FOR UPKEEP", 398260.15),
        (3, 11, 5, "Credit", 150000.00, "TRF FROM EMEKA OKAFOR/SCHOOL FEES", 548260.15),
        (2, 16, 22, "Debit", 38750.00, "POS PURCHASE FRESHMART ADMIRALTY WAY LEKKI", 509510.15),
    )
    for ago, hour, minute, side, amount, desc, balance in rows:
        when = b.sent(ago, hour, minute)
        b.add("bank_alert", bank, f"Crestline Bank {side} Alert [NGN {amount:,.2f}]", when,
              f"Dear CHIDINMA OKAFOR,\n\nWe wish to inform you that a {side} transaction occurred on your account "
              f"with us.\n\nAccount Number: 01******78\nTransaction Type: {side}\nAmount: NGN {amount:,.2f}\n"
              f"Description: {desc}\nValue Date: {dd_mm_yyyy(when)}\nTime: {when:%H:%M}\nAvailable Balance: NGN "
              f"{balance:,.2f}\n\nThank you for banking with us.\n\n{BANK_LEGAL}",
              facts={"account": "01******78", "amount": f"{amount:.2f}", "currency": "NGN", "side": side.lower(),
                     "balance": f"{balance:.2f}"})


def _cards(b: DatedBox) -> None:
    issued, due = b.today - timedelta(days=9), b.today + timedelta(days=14)
    rows = (("Card Number", "5399 **** **** 4821"), ("Statement Date", dd_mm_yyyy(issued)),
            ("Previous Balance", "₦268,900.00"), ("Payments/Credits", "-₦268,900.00"),
            ("Purchases", "₦309,200.75"), ("Interest & Fees", "₦3,250.00"),
            ("Closing Balance", "<b>₦312,450.75</b>"), ("Minimum Amount Due", "<b>₦31,245.08</b>"),
            ("Payment Due Date", f"<b>{dd_mm_yyyy(due)}</b>"), ("Credit Limit", "₦1,500,000.00"))
    html = banner_page(
        "Crestline Bank",
        "<p>Dear Chidinma Okafor,</p><p>Please find below the summary of your Crestline Naira Mastercard Credit Card "
        "e-statement for the period ended " + ordinal_month_year(issued) + ".</p>" + summary_table(rows) +
        f"<p>Kindly pay at least the minimum amount due on or before {ordinal_month_year(due)} to avoid a late payment fee of "
        "₦5,000. Interest is charged at 2.5% monthly on any balance not repaid in full.</p><p>Pay via the "
        "Crestline app, USSD *555*7# or any branch.</p>", BANK_LEGAL,
        page="font-family:Arial,sans-serif;font-size:13px;color:#1a1a1a",
        banner="background:#6b0f2b;color:#fff;padding:14px;font-size:19px", pad="14px")
    b.add("statement", ("Crestline Bank", "estatements@crestlinebank.example"),
          "Your Crestline Naira Mastercard e-Statement", b.sent(9, 6, 40), None, html=html,
          pdf=f"CardStatement_4821_{issued:%d%m%Y}.pdf",
          facts=due_facts("Crestline Bank", "312450.75", "NGN", due, "card", "open", last4="4821",
                          product="Crestline Naira Mastercard", minimum="31245.08"))

    issued, due = b.today - timedelta(days=6), b.today + timedelta(days=21)
    bought, booked = b.today - timedelta(days=19), b.today - timedelta(days=12)
    b.add("statement", ("Crestline Bank", "estatements@crestlinebank.example"),
          "Crestline USD Visa Credit Card - Statement of Account", b.sent(6, 7, 5),
          f"Dear Chidinma Okafor,\n\nYour Crestline USD Visa Credit Card statement is ready.\n\nCard number: 4761 "
          f"**** **** 9034\nStatement date: {dd_mm_yyyy(issued)}\n\nOpening balance: USD 212.40\nPayment received, "
          f"thank you: -USD 212.40\n{dd_mm_yyyy(bought)}  STREAMHAUS SUBSCRIPTION  USD 15.99\n{dd_mm_yyyy(bought)}  "
          f"CLOUDNOTE PRO ANNUAL  USD 119.00\n{dd_mm_yyyy(booked)}  BRITREAD BOOKS LONDON GB  GBP 42.00 = USD 55.86\n"
          f"{dd_mm_yyyy(booked)}  MARLOWE COURT HOTEL DEPOSIT LONDON GB  USD 290.45\n{dd_mm_yyyy(booked)}  FOREIGN "
          "TRANSACTION FEE  USD 5.00\n\nClosing balance: USD 486.30\nMinimum payment due: USD 48.63\nPayment due "
          f"date: {dd_mm_yyyy(due)}\n\nKindly fund your domiciliary account ending 5512 before the due date; the "
          "minimum payment is not debited automatically. A late fee of USD 15.00 applies.\n\nCrestline Bank Card "
          "Services",
          pdf=f"USDCard_9034_{issued:%Y%m}.pdf",
          facts=due_facts("Crestline Bank", "486.30", "USD", due, "card", "open", last4="9034",
                          product="Crestline USD Visa", minimum="48.63", foreign="42.00 GBP"))


def _bills(b: DatedBox) -> None:
    token_day = b.today - timedelta(days=4)
    b.add("receipt", ("PayQuick", "receipts@payquick.example"), "Electricity Token Purchase Successful",
          b.sent(4, 20, 14),
          f"Transaction Successful!\n\nBiller: Lagoon Electricity Distribution Co. (LEDCO) - Prepaid\nMeter Number: "
          f"45102938817\nCustomer: CHIDINMA OKAFOR, 14 PALMVIEW CLOSE LEKKI\nAmount: N20,000.00\nUnits: 94.3 kWh\n"
          f"Token: 5518-2207-4419-0276-3381\nDate: {dd_mm_yyyy(token_day)}\nReference: PQ-ELX-77301852\n\nLoad the "
          "token on your meter. Thank you for using PayQuick.",
          facts={"shop": "PayQuick", "biller": "LEDCO", "amount": "20000.00", "currency": "NGN",
                 "token": "5518-2207-4419-0276-3381"})

    estate = ("Palmview Estate Residents Association", "treasurer@palmviewestate.example")
    due = b.today + timedelta(days=18)
    b.add("bill", estate, "DEMAND NOTICE: Q1 2028 Service Charge - 14 Palmview Close", b.sent(8, 13, 0),
          f"Dear Resident,\n\nRE: SERVICE CHARGE FOR JANUARY - MARCH 2028\n\nHouse: 14 Palmview Close\n\nService "
          "charge (security, waste, street lights, estate diesel): N165,000.00\nInfrastructure levy: N15,000.00\n"
          f"TOTAL: N180,000.00\n\nKindly pay on or before {ordinal_month_year(due)} into the Association's account (Crestline "
          "Bank, 0123456789, Palmview Estate RA) and send your teller or transfer receipt to this email. Residents "
          "owing after the due date will not be issued new gate passes for January.\n\nThank you for your "
          "cooperation.\n\nEngr. Kayode Ogunleye\nTreasurer",
          facts=due_facts("Palmview Estate Residents Association", "180000.00", "NGN", due, "service charge", "open",
                          house="14 Palmview Close"))

    tv = ("StarVision TV", "billing@starvisiontv.example")
    expires = b.today + timedelta(days=3)
    b.add("bill", tv, "Your StarVision subscription expires soon", b.sent(2, 9, 30),
          f"Hello CHIDINMA,\n\nYour StarVision Compact Plus subscription on smartcard 7024419863 expires on "
          f"{dd_mm_yyyy(expires)}. Renew now with NGN 19,800.00 to keep enjoying your favourite channels without "
          "interruption.\n\nPay on the StarVision app, your bank app or at any StarVision agent.\n\nStarVision TV",
          facts=due_facts("StarVision TV", "19800.00", "NGN", expires, "cable tv", "open",
                          account="7024419863", plan="Compact Plus"))

    data = ("Skylink Nigeria", "care@skylinkng.example")
    renews = b.today + timedelta(days=5)
    b.add("bill", data, "Your 75GB monthly plan will auto-renew", b.sent(1, 12, 10),
          f"Dear Customer,\n\nYour Skylink 4G home router plan (75GB Monthly) on number 0913 555 2207 expires on "
          f"{ordinal_month_year(renews)}. Auto-renewal is ON: N25,000.00 will be deducted from your Skylink wallet on the expiry "
          "date. Your wallet balance is N31,500.00, so no action is needed.\n\nData balance: 6.2GB\n\nSkylink: Stay "
          "connected.",
          facts=due_facts("Skylink Nigeria", "25000.00", "NGN", renews, "internet", "open", autopay="true",
                          account="0913 555 2207"))

    loan = ("Kolo Credit", "repayments@kolocredit.example")
    due = b.today + timedelta(days=2)
    b.add("bill", loan, "Loan repayment reminder", b.sent(1, 8, 0),
          f"Hi Chidinma,\n\nThis is a friendly reminder that your loan repayment of ₦63,500.00 (instalment 2 of 3) is "
          f"due on {dd_mm_yyyy(due)}.\n\nLoan ID: KC-4408172\nOutstanding after this payment: ₦63,500.00\n\nKindly "
          "repay through the Kolo app (Loans > Repay) or transfer to your Kolo virtual account 9920 118 842. Late "
          "repayment attracts a 1% daily penalty and affects your credit score.\n\nKolo Credit",
          facts=due_facts("Kolo Credit", "63500.00", "NGN", due, "loan", "open", account="KC-4408172"))

    school = ("Greenfield Heights School", "bursar@greenfieldheights.example")
    due = b.today + timedelta(days=25)
    b.add("bill", school, "Second Term 2027/2028 School Fees Invoice", b.sent(10, 14, 20),
          "Dear Parent,\n\nSECOND TERM 2027/2028 FEES\n\nKamsiyochukwu Okafor (Primary 5): N485,000.00\nObinna Okafor "
          "(Primary 2): N455,000.00\nSibling discount (5%): -N47,000.00\nPTA levy: N10,000.00\nTOTAL PAYABLE: "
          f"N903,000.00\n\nKindly pay on or before {ordinal_month_year(due)}. School resumes on {ordinal_month_year(due + timedelta(days=3))}. "
          "Payment can be made to Greenfield Heights School, Crestline Bank, 2034417790, with the pupil's name as "
          "narration. Pupils whose fees are not paid by the deadline may not be admitted into class.\n\nThe "
          "Bursar\nGreenfield Heights School, Lekki",
          facts=due_facts("Greenfield Heights School", "903000.00", "NGN", due, "school fees", "open",
                          term="Second Term 2027/2028"))

    papers = ("AutoPapers NG", "renewals@autopapers.example")
    due = b.today + timedelta(days=18)
    b.add("bill", papers, f"Reminder: vehicle papers expire {dd_mm_yyyy(due)} - LND 482 XY", b.sent(7, 10, 45),
          f"Dear Chidinma Okafor,\n\nThe papers of your vehicle LND 482 XY (Silver saloon, 2019) expire on "
          f"{dd_mm_yyyy(due)}:\n\nVehicle licence: N3,750.00\nRoad worthiness certificate: N8,500.00\nThird party "
          "insurance: N15,000.00\nHackney/processing: N1,500.00\nTotal: N28,750.00\n\nRenew online and we will deliver "
          "the papers to you within 3 working days. Driving with expired papers attracts a fine.\n\nAutoPapers NG",
          facts=due_facts("AutoPapers NG", "28750.00", "NGN", due, "vehicle papers", "open", plate="LND 482 XY"))


def _appointments(b: DatedBox) -> None:
    hospital = b.at(2, 11, 0)
    b.add("appointment", ("Clearwater HMO", "care@clearwaterhmo.example"),
          "Appointment Approved - Lifeway Specialist Hospital", b.sent(3, 15, 45),
          f"Dear Chidinma Okafor (Enrollee ID: CWH/MDP/20714/2),\n\nYour request has been approved.\n\nProvider: "
          f"Lifeway Specialist Hospital, 7 Admiralty Road, Lekki Phase 1\nSpecialist: Dr. Kunle Balogun (Internal "
          f"Medicine)\nDate: {weekday_day_month(hospital)}, {hospital:%Y}\nTime: {_ampm(hospital)}\nAuthorization "
          "code: PA-228417\nCo-payment: Nil\n\nKindly present your HMO ID card and this authorization code at the "
          "front desk. Arrive 30 minutes early for vitals.\n\nClearwater HMO Care Team",
          facts={"provider": "Lifeway Specialist Hospital", "start": hospital.isoformat(), "status": "confirmed",
                 "kind": "doctor", "doctor": "Kunle Balogun", "code": "PA-228417"})

    dental = ("Smilecraft Dental Clinic", "frontdesk@smilecraftdental.example")
    was, moved = b.at(3, 10, 30), b.at(4, 16, 0)
    b.moved_booking(
        dental, "dentist", was, moved,
        ("Appointment Confirmation - Smilecraft Dental", b.sent(15, 12, 5),
         f"Dear Mrs Okafor,\n\nThis is to confirm your scaling and polishing with Dr. Amaka Obi on "
         f"{ordinal_month_year(was)} by {_ampm(was)}.\n\nSmilecraft Dental Clinic, 22 Fola Osibo Street, Lekki Phase 1\n\nKindly "
         "give us 24 hours' notice if you cannot make it.\n\nSmilecraft Dental Clinic"),
        ("Re: Appointment Confirmation - Smilecraft Dental", b.sent(1, 17, 20),
         f"Dear Mrs Okafor,\n\nPlease accept our apologies. Dr. Obi will be away for a conference on "
         f"{wkday_day_mon(was)}, so your appointment has been moved to {wkday_day_mon(moved)} by "
         f"{_ampm(moved)}. Same place, same procedure.\n\nIf the new time does not work for you, kindly call "
         "0803 555 0137 and we will fix another date.\n\nSmilecraft Dental Clinic"))

    eyes = b.at(8, 14, 30)
    b.booking(
        ("ClearView Optical", "lekki@clearviewoptical.example"), "eye test", eyes, "Your eye test is booked",
        b.sent(11, 19, 10),
        f"Hello Chidinma, your eye test with Optometrist Ifeanyi Nwankwo is booked for {wkday_day_mon(eyes)} at "
        f"{_ampm(eyes)}, ClearView Optical, Marina Mall, Lekki. Consultation: ₦10,000. Kindly come with your "
        "current glasses.",
        doctor="Ifeanyi Nwankwo", fee="10000.00")

    vaccine = b.at(1, 16, 30)
    b.booking(
        ("Sunrise Children's Clinic", "appointments@sunrisechildrens.example"), "vaccination", vaccine,
        "Vaccination appointment for Kamsiyochukwu", b.sent(6, 10, 15),
        f"Dear Parent,\n\nThis is to remind you that Kamsiyochukwu Okafor is booked for her HPV vaccine (first "
        f"dose) on {ordinal_month_year(vaccine)} at {_ampm(vaccine)} with Dr. Halima Yusuf.\n\nSunrise Children's Clinic, 3 "
        "Bayo Kuku Road, Ikoyi\n\nKindly bring her immunisation card. Fee: N25,000.00, payable at the clinic.\n\n"
        "Sunrise Children's Clinic",
        doctor="Halima Yusuf", patient="Kamsi")

    service = b.at(7, 8, 30)
    b.booking(
        ("Motorfix Autos", "bookings@motorfixautos.example"), "car service", service,
        "Service booking confirmed", b.sent(5, 12, 50),
        f"Dear Chidinma,\n\nYour vehicle LND 482 XY is booked for a full service (oil, filters, brake check) on "
        f"{wkday_day_mon(service)} by {_ampm(service)}.\n\nMotorfix Autos, 41 Lekki-Epe Expressway, by Ikota "
        "Junction\n\nEstimated cost: N95,000. Kindly drop the car before 9am; pick-up is by 5pm the same day.",
        plate="LND 482 XY")

    salon = ("Glow Up Beauty Lounge", "bookings@glowuplounge.example")
    hair = b.at(4, 18, 0)
    b.cancelled_booking(
        salon, "salon", hair,
        ("Booking confirmed - Glow Up Beauty Lounge", b.sent(12, 21, 5),
         f"Hi Chidinma! Your knotless braids (medium, waist length) with Ronke are booked for {wkday_day_mon(hair)} "
         f"by {_ampm(hair)}. Deposit received: ₦10,000. Glow Up Beauty Lounge, 9 Admiralty Way, Lekki."),
        ("Booking cancelled - Glow Up Beauty Lounge", b.sent(0, 6, 50),
         f"Good morning ma, so sorry! Ronke is down with malaria so we have to cancel your braids on "
         f"{wkday_day_mon(hair)} by {_ampm(hair)}. Your ₦10,000 deposit will be refunded within 48 hours or you can "
         "rebook with it. Apologies for the inconvenience."))


def _travel(b: DatedBox) -> None:
    air = ("Skybird Air", "reservations@skybirdair.example")
    was, was_arr = b.at(10, 10, 15), b.at(10, 11, 20)
    out, out_arr = b.at(10, 13, 30), b.at(10, 14, 35)
    back, back_arr = b.at(20, 15, 40), b.at(20, 16, 45)
    booked = b.add("flight", air, "Booking Confirmation - Lagos to Enugu (PNR: QX7D2K)", b.sent(20, 21, 40),
                   f"Dear Chidinma Okafor,\n\nThank you for flying Skybird Air. Your booking is confirmed.\n\nBooking "
                   f"reference (PNR): QX7D2K\n\nDEPARTURE  {wkday_day_mon(was)} {was:%Y}\nSB 217  Lagos (LOS) "
                   f"{was:%H:%M} -> Enugu (ENU) {was_arr:%H:%M}\n\nRETURN  {wkday_day_mon(back)} {back:%Y}\nSB 218  "
                   f"Enugu (ENU) {back:%H:%M} -> Lagos (LOS) {back_arr:%H:%M}\n\nPassengers: Chidinma Okafor, Emeka "
                   "Okafor, Kamsiyochukwu Okafor, Obinna Okafor\nTotal fare: NGN 624,800.00\nBaggage: 1 x 20kg per "
                   "adult\n\nCheck-in closes 45 minutes before departure at the domestic terminal (MMA2).",
                   facts={"provider": "Skybird Air", "start": was.isoformat(), "arrive": was_arr.isoformat(),
                          "return": back.isoformat(), "return_arrive": back_arr.isoformat(), "status": "confirmed",
                          "kind": "flight", "flight": "SB 217", "reference": "QX7D2K", "amount": "624800.00",
                          "currency": "NGN", "superseded": "rescheduled"})
    b.add("flight_changed", air, "Flight Schedule Change - SB 217 Lagos to Enugu", b.sent(4, 11, 25),
          f"Dear Chidinma Okafor,\n\nPlease be informed that due to operational reasons, the schedule of your flight "
          f"has changed.\n\nPNR: QX7D2K\nFlight SB 217 Lagos (LOS) to Enugu (ENU), {wkday_day_mon(out)} {out:%Y}\n"
          f"Previous time: {was:%H:%M} - {was_arr:%H:%M}\nNew time: {out:%H:%M} - {out_arr:%H:%M}\n\nYour return flight "
          "SB 218 is unchanged. If the new time is not convenient, you may rebook free of charge or request a "
          "refund within 72 hours.\n\nWe regret any inconvenience.\nSkybird Air",
          reply_to=booked,
          facts={"provider": "Skybird Air", "start": out.isoformat(), "arrive": out_arr.isoformat(),
                 "was": was.isoformat(), "status": "rescheduled", "kind": "flight", "flight": "SB 217",
                 "reference": "QX7D2K"})

    visa = b.at(1, 9, 15)
    b.add("appointment", ("Globelink Visa Services", "noreply@globelinkvisas.example"),
          "Appointment Confirmation - Globelink Visa Application Centre Lagos", b.sent(13, 16, 30),
          f"Dear CHIDINMA OKAFOR,\n\nYour appointment at the Globelink Visa Application Centre is confirmed.\n\n"
          f"Date: {month_day_year(visa)}\nTime: {_ampm(visa)}\nLocation: Globelink Visa Application Centre, 12 Adeola "
          "Odeku Street, Victoria Island, Lagos\nReference: GLV-NG-55120984\nVisa type: Standard Visitor (UK)\n\n"
          "Bring your passport, printed application form and supporting documents. Arrive no more than 15 minutes "
          "before your appointment time. Mobile phones are not allowed inside.",
          facts={"provider": "Globelink Visa Application Centre", "start": visa.isoformat(), "status": "confirmed",
                 "kind": "visa", "reference": "GLV-NG-55120984"})

    crown = ("Atlantic Crown Airways", "etickets@atlanticcrown.example")
    go, go_arr = b.at(33, 23, 5), b.at(34, 5, 35, LONDON)
    ret, ret_arr = b.at(40, 11, 20, LONDON), b.at(40, 18, 5)
    b.add("flight", crown, "Your e-ticket receipt - Lagos to London", b.sent(12, 10, 5),
          f"Dear Ms Okafor,\n\nThank you for booking with Atlantic Crown Airways.\n\nBooking reference: ACX4LM\n"
          f"E-ticket number: 657-2208417735\n\nOUTBOUND  {month_day_year(go)}\nAC 905  Lagos (LOS) {go:%H:%M} -> "
          f"London Heathrow (LHR) {go_arr:%H:%M} (+1 day)\n\nINBOUND  {month_day_year(ret)}\nAC 906  London Heathrow "
          f"(LHR) {ret:%H:%M} -> Lagos (LOS) {ret_arr:%H:%M}\n\nAll times are local. Passenger: OKAFOR/CHIDINMA MRS\n"
          "Cabin: Economy, 2 x 23kg bags\nFare paid: NGN 1,386,450.00\n\nOnline check-in opens 24 hours before "
          "departure.",
          facts={"provider": "Atlantic Crown Airways", "start": go.isoformat(), "arrive": go_arr.isoformat(),
                 "return": ret.isoformat(), "return_arrive": ret_arr.isoformat(), "status": "confirmed",
                 "kind": "flight", "flight": "AC 905", "reference": "ACX4LM", "amount": "1386450.00",
                 "currency": "NGN"})

    check_in, check_out = b.at(34, 14, 0, LONDON), b.at(40, 10, 0, LONDON)
    b.stay_booking(
        ("The Marlowe Court Hotel", "reservations@marlowecourt.example"), "Booking confirmation MCH-7730195",
        b.sent(12, 14, 40),
        f"Dear Mrs Okafor,\n\nThank you for your reservation.\n\nConfirmation number: MCH-7730195\nArrival: "
        f"{month_day_year(check_in)} (check-in from 2:00 PM)\nDeparture: {month_day_year(check_out)} (check-out by "
        "10:00 AM)\nRoom: Standard Double, breakfast included\n6 nights at GBP 145.00 per night\nTotal: GBP 870.00 "
        "(deposit of one night taken)\n\n22 Cromwell Gardens, London SW7, a 5-minute walk from the Underground.\n\n"
        "We look forward to welcoming you.",
        "<p>Confirmation "
        f"MCH-7730195</p><p>{month_day_year(check_in)} - {month_day_year(check_out)}</p>",
        number="MCH-7730195", guest="Chidinma Okafor", check_in=check_in, check_out=check_out,
        place="The Marlowe Court Hotel", street="22 Cromwell Gardens", locality="London", country="GB",
        amount="870.00", currency="GBP")

    dinner = b.at(6, 19, 30)
    b.table_booking(
        ("TableBook Naija", "noreply@tablebook.example"), "Reservation confirmed: Saffron Lounge",
        b.sent(5, 22, 10),
        f"Hi Chidinma,\n\nYour table is reserved!\n\nSaffron Lounge\n17 Ahmadu Bello Way, Victoria Island\n"
        f"{wkday_day_mon(dinner)} at {_ampm(dinner)}\nGuests: 2\nOccasion: Anniversary\nReservation ID: "
        "TB-4417790\n\nWe hold tables for 20 minutes. Minimum spend: ₦60,000 per table.",
        "<h2>Table reserved!</h2>"
        f"<p><b>Saffron Lounge</b>, 17 Ahmadu Bello Way</p><p>{wkday_day_mon(dinner)} at {_ampm(dinner)}</p>",
        number="TB-4417790", guest="Chidinma Okafor", party=2, start=dinner, place="Saffron Lounge",
        street="17 Ahmadu Bello Way", locality="Victoria Island")


def _parcel(b: DatedBox) -> None:
    b.add("receipt", ("Kaduna Crafts Online", "orders@kadunacrafts.example"), "Order Confirmed #KC-20771",
          b.sent(7, 20, 35),
          "Hello Chidinma,\n\nThank you for your order!\n\nOrder #KC-20771\nHand-woven Christmas hamper basket x2: "
          "₦37,000.00\nDelivery (Lagos): ₦4,500.00\nTotal: ₦41,500.00\n\nPaid by card. We will send your tracking "
          "number once it ships.",
          facts={"shop": "Kaduna Crafts Online", "amount": "41500.00", "currency": "NGN"})
    tried, again = b.today - timedelta(days=2), b.today + timedelta(days=1)
    b.add("delivery", ("SwiftDrop Logistics", "tracking@swiftdrop.example"), "Delivery attempt failed - SD8840291",
          b.sent(2, 15, 50),
          f"Dear Customer,\n\nWe attempted to deliver your package (Waybill: SD8840291, from Kaduna Crafts Online) on "
          f"{wkday_day_mon(tried)} by 2:40pm but the gate was locked and your line was not reachable.\n\nWe will "
          f"attempt delivery again on {wkday_day_mon(again)} between 10am and 4pm. You can also pick it up at "
          "SwiftDrop Lekki Hub, 5 Fola Osibo Street.\n\nSwiftDrop Logistics",
          facts={"provider": "SwiftDrop Logistics", "missed": tried.isoformat(), "next": again.isoformat(),
                 "kind": "package"})


def _people_and_work(b: DatedBox) -> None:
    review = b.at(2, 14, 0)
    b.invitation(OGA, f"Invitation: Year-end stock reconciliation @ {wkday_day_mon(review)} {_ampm(review)} - 4pm "
                 "(WAT)", b.sent(4, 17, 5),
                 "Dear all,\n\nPlease let us meet on Wednesday afternoon to reconcile the year-end stock count and "
                 "the expiries list before the auditors come in January. Chidinma, kindly bring the controlled "
                 "drugs register.\n\nRegards,\nOlumide Fashola\nManaging Director, Medway Pharmacy Ltd",
                 uid=f"stock-recon-{b.seed}@medwaypharmacy.example", summary="Year-end stock reconciliation",
                 start=review, end=review + timedelta(hours=2), location="Medway Pharmacy, Board Room, Yaba")

    inspection = b.at(4, 10, 0)
    b.add("personal", TOLU, "Council inspection", b.sent(1, 19, 30),
          "Good evening ma. The Pharmacists Council inspector called, she will come on Friday. Can we meet in your "
          "office by 10am that day to go through the premises file and the licences before she arrives? I will "
          "revert once she confirms her time.\n\nTolu",
          facts={"person": TOLU[0], "start": inspection.isoformat()})

    carol = b.at(3, 10, 0)
    meeting = b.at(3, 12, 0)
    b.add("school", TEACHER, "Carol Service and Parents' Meeting", b.sent(3, 14, 40),
          "Dear Parents,\n\nCompliments of the season. Our Christmas Carol Service holds this Thursday by 10am in "
          "the school hall; Primary 5 will do the nativity play, so Kamsi should come in her angel costume. Right "
          "after, by 12 noon, there will be a parents' meeting with the Head Teacher about next term. School closes "
          "for the holiday on Friday by 12 noon.\n\nWarm regards,\nMrs Blessing Udo\nPrimary 5 Class Teacher, "
          "Greenfield Heights School",
          facts={"provider": "Greenfield Heights School", "start": carol.isoformat(), "next": meeting.isoformat(),
                 "kind": "school"})

    thanksgiving, cross = b.at(6, 12, 0), b.at(18, 22, 0)
    b.add("other", CHURCH, "Parish Bulletin: Advent programme", b.sent(1, 10, 0),
          "Praise the Lord! This Sunday the Catholic Women Organisation holds its end-of-year thanksgiving right after "
          "the second Mass, by 12 noon in the parish hall. All women are to come in the CWO uniform. Christmas Day "
          f"Masses hold by 7am and 9:30am, and the Cross-over Mass on {cross:%A} {ordinal(cross.day)} {cross:%B} starts by 10pm.\n\nThe "
          "Secretariat, St. Agnes Catholic Church, Lekki",
          facts={"provider": "St. Agnes Catholic Church", "start": thanksgiving.isoformat(), "kind": "church"})

    wedding, reception = b.at(5, 10, 0), b.at(5, 14, 0)
    aso_ebi_by = b.today + timedelta(days=1)
    b.add("invitation_personal", ADAOBI, "Ngozi & Tobi's wedding: aso-ebi", b.sent(9, 20, 5),
          f"Hello my darling cousin! You know Ngozi and Tobi's wedding is on {wedding:%A} {ordinal(wedding.day)}. The Holy Matrimony is by "
          "10am at St. Brendan's Catholic Church, Yaba, and the reception is by 2pm at Royal Palms Event Centre, "
          "Ikeja. Colour of the day: wine and gold.\n\nAso-ebi is 35k (gele and fabric). Kindly send it to me "
          f"latest {aso_ebi_by:%A} {dd_mm_yyyy(aso_ebi_by)} so I can give the tailor. Account: Adaobi Nnaji, Crestline Bank, "
          "0219907765.\n\nThank you dear, see you there!\nAdaobi",
          facts={"person": ADAOBI[0], "start": wedding.isoformat(), "next": reception.isoformat(),
                 "amount": "35000.00", "due_date": aso_ebi_by.isoformat(), "kind": "wedding"})

    thrift_due = b.today + timedelta(days=4)
    b.add("personal", MAMA_BISI, "December contribution", b.sent(2, 19, 15),
          "Good evening my sisters. This is to remind everyone that our December contribution of ₦50,000 is due "
          f"by {thrift_due:%A} {ordinal(thrift_due.day)}. Kindly send to the group account before then. Chidinma, na you go collect in January, "
          "so make sure you don pay o! God bless us all.\n\nMama Bisi\nLekki Women Thrift Group",
          facts={"person": MAMA_BISI[0], "amount": "50000.00", "due_date": thrift_due.isoformat(), "kind": "thrift"})


LURES = (
    Lure(("Crestline Bank", "security@crestline-bvn-update.example"), "URGENT: Your account has been restricted",
         (1, 5, 40),
         "Dear Customer, your account has been RESTRICTED due to incomplete BVN records as directed by the apex bank. "
         "Kindly update your BVN within 24 hours at http://crestline-bvn-update.example/verify to avoid permanent "
         "closure of your account.", "bank"),
    Lure(("Federal Youth & Women Empowerment Fund", "grants@fg-empowerment-fund.example"),
         "Congratulations! You have been selected for a N500,000 grant", (8, 11, 20),
         "You have been shortlisted to receive a non-repayable grant of N500,000 under the 2027 Women Empowerment "
         "Scheme. To claim, pay a processing fee of N7,500 and submit your details at "
         "http://fg-empowerment-fund.example/claim before Friday.", "grant"),
    Lure(("Nigeria Customs Parcel Desk", "clearance@customs-parcel-ng.example"),
         "Your parcel is held at customs - pay clearance fee", (3, 7, 10),
         "Your international parcel (TRK NGX55012) is held at the Lagos cargo terminal. Pay a clearance fee of "
         "₦18,500 within 48 hours at http://customs-parcel-ng.example/pay or it will be returned to sender.",
         "customs"),
    Lure(("Crestline Card Services", "cards@crestline-atm-support.example"), "Your ATM card has been blocked",
         (0, 5, 55),
         "Dear valued customer, your Crestline ATM card has been BLOCKED due to a failed security check. Call our "
         "agent on 0701 555 9921 or reply with your card number and PIN to reactivate it today.", "card"),
    Lure(("Lucky Naija Promo", "winners@luckynaija-promo.example"), "You have won N2,000,000 in our end of year draw",
         (6, 13, 0),
         "CONGRATULATIONS!!! Your email was picked in the Lucky Naija end of year draw and you have won N2,000,000. "
         "Send your full name, bank details and a delivery fee of N15,000 to claim your prize.", "prize"),
)


NEWSLETTERS = (
    ("Pharma Today Nigeria", "editor@pharmatodayng.example", 0,
     ["new guidelines on controlled drugs storage", "year-end CPD points for pharmacists",
      "price changes on antimalarials"]),
    ("ShopLagos Deals", "deals@shoplagos.example", 2,
     ["Christmas hampers from ₦15,000", "up to 40% off small appliances", "free delivery in Lekki and VI"]),
    ("Skybird Air", "offers@skybirdair.example", 3,
     ["fly home for Christmas from ₦89,000", "Abuja weekend fares", "earn double SkyPoints"]),
    ("Lekki Living", "news@lekkiliving.example", 4,
     ["traffic diversions on the Lekki-Epe Expressway", "December events at the beach", "new estates in Ajah"]),
)

PROMO = banner_style("{name} | {topic}", "View in browser. Unsubscribe or update your preferences.", "#0a7d3b",
                     hour=6, minutes=(10, 50))


CARD_ALERTS = AlertCard(("Crestline Card Alerts", "cardalerts@crestlinebank.example"), "Crestline Card Transaction",
                        "4821", "NGN", lambda amount, merchant, when: f"Crestline: Your Naira Mastercard ending 4821 "
                        f"was charged {_naira(amount)} at {merchant} on {dd_mm_yyyy(when)} {when:%H:%M}. Not you? "
                        "Call 0700-555-0148.")

MERCHANTS = ("MAMA TOYIN GRILL LEKKI", "ZIPRIDE LAGOS", "MARINA MALL FOODHALL LEKKI", "ADMIRALTY FUEL STATION",
             "HEALWELL PHARMACY IKOYI")


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (EMEKA, 0, 6, 20, "today", "Good morning dear. I'm going to site early, I'll drop the kids. Pls pick them by "
         "4pm, I have a meeting. Kamsi needs her angel costume by Thursday for the carol. Also the StarVision "
         "people said the subscription will expire, pls renew it when you can. Love you.\n\nEmy"),
        (MUMMY, 3, 20, 30, "Christmas", "My daughter, how are you and the children? I thank God you people are "
         "coming on the 23rd. Tell Emeka I said well done for the flight. I will make ofe nsala for you. Don't "
         "forget to buy my wrapper and the medicine for my BP (amlodipine 5mg, 2 packs). Call me next tomorrow, "
         "I'm going to the village for the meeting today.\n\nYour mother"),
        (CHUDI, 1, 22, 10, "Sis abeg", "Sis how far? Abeg help me with 30k for my project printing and binding, we "
         "submit on Friday. The 25k you sent on Wednesday has finished, transport and foodstuff. I'll call you "
         "tomorrow. Thank you sis, God bless you.\n\nChudi"),
        (ADAOBI, 0, 7, 0, "Re: Ngozi & Tobi's wedding: aso-ebi", "Good morning dear, just reminding you about the "
         "35k aso-ebi o, tailor is waiting. Flash me when you send it.\n\nAdaobi"),
    )


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("Lagos Smart Traffic", "alerts@lagossmarttraffic.example", "Traffic advisory",
         "Expect slow traffic on the Third Mainland Bridge this week due to maintenance between 11pm and 5am."),
        ("Crestline Bank", "news@crestlinebank.example", "Festive season: stay safe",
         "This festive season, never share your PIN or OTP with anyone, not even bank staff. Stay safe."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Chidinma Okafor's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the naira card statement
    says, when the light and cable bills are due, how much the school fees are, what time the flight to Enugu leaves
    now it changed, when the dentist is now) have the same answers for every seed, counted from `now`'s date in
    Lagos.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 24:
        raise ValueError("the fifteenth sample needs at least 24 days of mail")
    b = _box(now, seed, days)
    for part in (_alerts, _cards, _bills, _appointments, _travel, _parcel, _people_and_work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Skybird Air", "Lekki Living"))
    b.card_alerts(CARD_ALERTS, 4, first_hour=9, hours=11, spend=(2500, 45000), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=6, first=4)
    return b.messages()
