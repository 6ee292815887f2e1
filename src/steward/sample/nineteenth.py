"""A nineteenth sample mailbox, of a nineteenth person in a nineteenth place: Tan Wei Ling ("Wei Ling", "Ling"), 29,
a UX designer in Petaling Jaya near Kuala Lumpur, who rents a room in a condo with her housemate Aisyah. Her parents
live in Ipoh, her younger brother Wei Jie is at university in Penang and her boyfriend is Daniel. The mailbox is read
on a Friday evening after work in April, two weeks before the income tax e-filing deadline at the end of the month.

The mix, all invented: an electricity bill in an HTML table (unpaid); a water bill with dates written "28-4-27"; a
home fibre bill collected by auto-debit; a postpaid mobile bill and its payment received (paid); a credit card's
statement in an HTML table with a minimum payment; a buy-now-pay-later instalment charged to that card; a study-loan
instalment; a car loan instalment; the condo's maintenance fee and sinking fund; her housemate's note of the month's
rent; an e-wallet's reload receipt and its low balance for tolls; the income tax e-filing reminder; a health
screening at a panel clinic booked through her employer; a dental scaling the clinic moves; a hair salon booking; a
badminton court booked with friends for Saturday morning; a bus ticket to Ipoh for her mother's birthday dinner (told
by her mother in plain words mixing Cantonese, Malay and English); a budget flight to Penang with a baggage add-on
and a later schedule change; a cousin's wedding dinner invitation ("7.30pm sharp" in a hotel ballroom); a concert
ticket; an online order's parcel on its way; a gym class booked in an app that writes dates month first; an online
workshop priced in Singapore dollars; a work deadline and a team lunch told by a colleague in plain words; dinner
tonight told by her boyfriend; her brother asking to borrow "1.2k"; five lures (a tax refund from a tax-authority
lookalike, a bank's TAC verification, a parcel's customs fee from a postal lookalike, an e-wallet lucky draw and a
traffic summons with a discount link); newsletters and card alerts. Amounts are written "RM 187.45", "RM38.60",
"MYR 139.00" and "1.2k" (Singapore dollars "SGD 89.00"), dates day first ("16/04/2027", "16 Apr 2027", "28-4-27")
and month first in the gym app's mail ("04/19/2027"); times as "7:15 PM", "7.30pm" or "08:30" in a ticket's row.

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in Kuala
Lumpur. The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label and
`facts` an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@nineteenth.steward.example>`. Only mail
received is here (an inbox export): none she sent.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
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
    clock_ampm,
    clock_dot_pm,
    dd_mm_yyyy,
    mm_dd_yyyy,
    weekday_day_month,
    wkday_day_mon,
)

DOMAIN = "nineteenth.steward.example"
ME = ("Tan Wei Ling", "weiling.tan@kampungmail-demo.example")
KL = ZoneInfo("Asia/Kuala_Lumpur")  # UTC+8 all year, no summer time
ZONE = "Asia/Kuala_Lumpur"  # the person's own clock

FOOTER = ("This is a computer-generated email. No signature is required. Please do not reply to this email. The "
          "people, companies and numbers in this mailbox are invented.")
BANK_LEGAL = ("Bank Merbok will never ask for your TAC, OTP or online banking password by email, SMS or phone. Call "
              "03-5555 8800 (24 hours). Bank Merbok Berhad.")

AISYAH = ("Nur Aisyah Kamal", "aisyah.kamal@kampungmail-demo.example")  # her housemate
MUMMY = ("Lim Siew Peng", "siewpeng.lim63@kampungmail-demo.example")  # her mother, in Ipoh
WEI_JIE = ("Tan Wei Jie", "weijie.tan@student.pulaumutiara-uni.example")  # her brother, at university in Penang
DANIEL = ("Daniel Raj", "daniel.raj@kampungmail-demo.example")  # her boyfriend
JIA_HUI = ("Tan Jia Hui", "jiahui.tan@kampungmail-demo.example")  # her cousin, getting married
HAFIZ = ("Hafiz Rahman", "hafiz.rahman@pixelpadi.example")  # her design lead at work
MEI_XUAN = ("Ong Mei Xuan", "meixuan.ong@kampungmail-demo.example")  # a friend who plays badminton with her


def _short(d: datetime) -> str:
    """7.30pm, 8pm: a time as a Malaysian writes it in a note."""
    return clock_dot_pm(d)


def _dashed(d: date | datetime) -> str:
    """28-4-27: the day, the month and the year's last two digits, as some Malaysian billers print a date."""
    return f"{d.day}-{d.month}-{d:%y}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=KL, domain=DOMAIN, footer=FOOTER, ics_name="jemputan.ics",
                    prodid="-//Pixel Padi Studio//Calendar 3.2//EN", ics_stamp="20270320T020000Z")


def _page(name: str, body: str, colour: str, foot: str = "") -> str:
    return banner_page(name, body, foot, page="font-family:Verdana,sans-serif;font-size:13px",
                       banner=f"background:{colour};color:#fff;padding:12px;font-size:18px", pad="12px")


def _utilities(b: DatedBox) -> None:
    power = ("Suria Grid Berhad", "ebil@suriagrid.example")
    issued, due = b.today - timedelta(days=14), b.today + timedelta(days=7)
    rows = (("No. Akaun / Account No.", "2204 1187 3356"), ("Tarikh Bil / Bill Date", dd_mm_yyyy(issued)),
            ("Tempoh / Period", f"{dd_mm_yyyy(issued - timedelta(days=31))} - {dd_mm_yyyy(issued - timedelta(days=1))}"),
            ("Penggunaan / Usage", "412 kWh"), ("Caj Semasa / Current Charges", "RM 178.52"),
            ("KWTBB (1.6%)", "RM 2.86"), ("Cukai Perkhidmatan / Service Tax", "RM 6.07"),
            ("Tunggakan / Arrears", "RM 0.00"), ("Jumlah Perlu Dibayar / Total Due", "<b>RM 187.45</b>"),
            ("Sila Bayar Sebelum / Pay Before", f"<b>{dd_mm_yyyy(due)}</b>"))
    body = ("<p>Dear TAN WEI LING,</p><p>Your electricity bill for Unit B-12-03, Residensi Kayu Manis, Jalan SS 7/19, "
            "47301 Petaling Jaya is ready.</p>" + summary_table(rows)
            + f"<p>Please pay RM 187.45 before {dd_mm_yyyy(due)} through the Suria Grid app, online banking or "
            "any payment kiosk.</p>")
    b.add("bill", power, f"e-Bil Suria Grid: {issued:%B %Y} - 220411873356", b.sent(14, 9, 10), None,
          html=_page("Suria Grid", body, "#f28c00"),
          facts=due_facts("Suria Grid Berhad", "187.45", "MYR", due, "electricity", "open",
                          account="220411873356"))

    water = ("Aliran Jernih Selangor", "bil@aliranjernih.example")
    due = b.today + timedelta(days=12)
    b.add("bill", water, "Bil Air Anda / Your Water Bill - Akaun 30017745", b.sent(9, 11, 30),
          f"Kepada / To: TAN WEI LING\nNo. Akaun / Account: 30017745\nAlamat: B-12-03 Residensi Kayu Manis, Petaling "
          f"Jaya\n\nTarikh bil / Bill date: {_dashed(b.today - timedelta(days=9))}\nBacaan meter / Meter reading: "
          "18 m3\nCaj semasa / Current charges: RM38.60\nJumlah / Total: RM38.60\n\nSila bayar sebelum / Please pay "
          f"before: {_dashed(due)}\n\nBayar melalui aplikasi Aliran Jernih atau perbankan internet.\n\nAliran Jernih "
          "Selangor",
          facts=due_facts("Aliran Jernih Selangor", "38.60", "MYR", due, "water", "open", account="30017745"))

    fibre = ("KilatNet Fibre", "billing@kilatnet.example")
    debit = b.today + timedelta(days=4)
    b.add("bill", fibre, "Your KilatNet bill for April 2027", b.sent(5, 8, 0),
          f"Hi Wei Ling,\n\nYour KilatNet Home Fibre 300Mbps bill is ready.\n\nAccount: KN-5520981\nMonthly plan: MYR "
          f"129.00\nService tax (8%): MYR 10.00\nTotal: MYR 139.00\n\nThis amount will be auto-debited from your "
          f"Bank Merbok card ending 5083 on {wkday_day_mon(debit)} {debit:%Y}. No action is needed.\n\nKilatNet Fibre",
          facts=due_facts("KilatNet Fibre", "139.00", "MYR", debit, "internet", "open", autopay="true",
                          account="KN-5520981"))

    mobile = ("Rentak Mobile", "ebill@rentakmobile.example")
    due, paid_on = b.today + timedelta(days=5), b.today - timedelta(days=2)
    bill = b.add("bill", mobile, "Rentak Postpaid 98 - bill statement", b.sent(10, 7, 45),
                 f"Dear Customer,\n\nYour bill for 012-555 7391 is ready.\n\nRentak Postpaid 98: RM 98.00\nRoaming "
                 f"(Singapore, 1-day pass): RM 10.00\nDiscount (loyalty): -RM 40.00\nService tax: RM 0.90\nAmount due: "
                 f"RM 68.90\nDue date: {dd_mm_yyyy(due)}\n\nRentak Mobile",
                 facts=due_facts("Rentak Mobile", "68.90", "MYR", due, "mobile", "paid", number="012-555 7391",
                                 superseded="paid"))
    b.add("receipt", mobile, "Payment received - thank you!", b.sent(2, 21, 12),
          f"Dear Customer,\n\nWe have received your payment of RM 68.90 on {dd_mm_yyyy(paid_on)} for 012-555 7391. "
          "Your outstanding balance is RM 0.00.\n\nReceipt no: RM-PAY-4471920\n\nRentak Mobile",
          reply_to=bill,
          facts={"shop": "Rentak Mobile", "amount": "68.90", "currency": "MYR", "status": "paid",
                 "paid_on": paid_on.isoformat()})

    condo = ("Residensi Kayu Manis Management Office", "pengurusan@kayumanis-jmb.example")
    due = b.today + timedelta(days=9)
    fees = (("Unit", "B-12-03"), ("Maintenance fee (April 2027)", "RM 220.00"), ("Sinking fund (10%)", "RM 22.00"),
            ("Total payable", "<b>RM 242.00</b>"), ("Due date", f"<b>{dd_mm_yyyy(due)}</b>"))
    b.add("bill", condo, "Notis Caj Penyelenggaraan / Maintenance Fee Notice - B-12-03", b.sent(12, 16, 20),
          f"Dear Resident of B-12-03,\n\nThe maintenance fee and sinking fund for April 2027 are due.\n\nMaintenance "
          f"fee: RM 220.00\nSinking fund: RM 22.00\nTotal: RM 242.00\nDue date: {dd_mm_yyyy(due)}\n\nA late payment "
          "interest of 10% a year applies after the due date. Pay by online transfer to the JMB account and email "
          "the slip to the management office.\n\nResidensi Kayu Manis Joint Management Body",
          html=_page("Residensi Kayu Manis JMB", "<p>Dear Resident,</p>" + summary_table(fees), "#2e7d32"),
          facts=due_facts("Residensi Kayu Manis Management Office", "242.00", "MYR", due, "maintenance fee", "open",
                          unit="B-12-03"))


def _money(b: DatedBox) -> None:
    issued, due = b.today - timedelta(days=8), b.today + timedelta(days=12)
    rows = (("Card Number", "5412 XXXX XXXX 5083"), ("Statement Date", dd_mm_yyyy(issued)),
            ("Previous Balance", "RM 2,105.30"), ("Payments Received", "RM -2,105.30"),
            ("Purchases &amp; Charges", "RM 3,412.67"), ("Total Amount Due", "<b>RM 3,412.67</b>"),
            ("Minimum Payment Due", "<b>RM 170.63</b>"), ("Payment Due Date", f"<b>{dd_mm_yyyy(due)}</b>"),
            ("Credit Limit", "RM 12,000.00"))
    body = ("<p>Dear TAN WEI LING,</p><p>Your Bank Merbok Platinum Mastercard e-Statement is ready.</p>"
            + summary_table(rows) + f"<p>Pay at least the minimum payment by {dd_mm_yyyy(due)} to avoid a late "
            "payment charge of RM 10.00 or 1% of the outstanding balance, up to RM 100.00.</p>")
    b.add("statement", ("Bank Merbok", "estatement@bankmerbok.example"),
          "Your Bank Merbok Platinum Mastercard e-Statement", b.sent(8, 6, 30), None,
          html=_page("Bank Merbok", body, "#0b3d6e", BANK_LEGAL), pdf=f"Platinum_5083_{issued:%d%m%Y}.pdf",
          facts=due_facts("Bank Merbok", "3412.67", "MYR", due, "card", "open", last4="5083",
                          product="Bank Merbok Platinum Mastercard", minimum="170.63"))

    bnpl = ("AnsurLah", "hello@ansurlah.example")
    due = b.today + timedelta(days=4)
    b.add("bill", bnpl, "Your 2nd AnsurLah instalment is coming up", b.sent(3, 12, 0),
          f"Hi Wei Ling!\n\nYour next instalment for your order at Rumah Hijau Living (ergonomic chair) is coming "
          f"up.\n\nInstalment 2 of 3: MYR 133.00\nDue: {wkday_day_mon(due)} {due:%Y}\nPaid so far: MYR 133.00 of "
          "MYR 399.00\n\nWe will charge your Mastercard ending 5083 automatically on the due date. Keep enough "
          "limit on your card to avoid a late fee of MYR 10.00.\n\nAnsurLah - buy now, pay in 3",
          facts=due_facts("AnsurLah", "133.00", "MYR", due, "buy now pay later", "open", autopay="true",
                          instalment="2 of 3"))

    study = ("Dana Pendidikan Nasional", "bayaran@danapendidikan.example")
    due = b.today + timedelta(days=14)
    b.add("bill", study, "Peringatan Bayaran Balik Pinjaman / Loan Repayment Reminder", b.sent(6, 10, 0),
          f"Assalamualaikum dan salam sejahtera,\n\nTAN WEI LING (No. Akaun Pinjaman 0912-338-471)\n\nThis is a "
          f"reminder that your monthly study loan repayment of RM 250.00 for April 2027 is due on {dd_mm_yyyy(due)}.\n"
          "Balance outstanding: RM 21,480.00\n\nBayar melalui perbankan internet atau potongan gaji. A 10% discount "
          "on the balance is available for full settlement until 30 June 2027.\n\nDana Pendidikan Nasional",
          facts=due_facts("Dana Pendidikan Nasional", "250.00", "MYR", due, "study loan", "open",
                          account="0912-338-471", balance="21480.00"))

    car = ("Bank Cempaka", "hirepurchase@bankcempaka.example")
    due = b.today + timedelta(days=6)
    b.add("bill", car, "Hire Purchase Instalment Reminder - VCK 2817", b.sent(4, 9, 40),
          f"Dear Customer,\n\nYour hire purchase instalment for vehicle VCK 2817 is due on {dd_mm_yyyy(due)}.\n\n"
          "Agreement no: HP-7730-018842\nMonthly instalment: RM612.00\nInstalments remaining: 41 of 84\n\nPlease "
          "make payment on or before the due date. Late payment charges of 8% a year apply on the overdue "
          "instalment.\n\nBank Cempaka Berhad",
          facts=due_facts("Bank Cempaka", "612.00", "MYR", due, "car loan", "open", plate="VCK 2817"))

    wallet = ("TapTap Wallet", "receipts@taptapwallet.example")
    reloaded = b.sent(13, 20, 41)
    b.add("receipt", wallet, "Reload successful", reloaded,
          f"Hi Wei Ling,\n\nYou have reloaded RM 50.00 into your TapTap Wallet on {dd_mm_yyyy(reloaded)} "
          f"{reloaded:%H:%M} from your Bank Merbok account.\nTransaction ID: TT2027040377120\nNew balance: RM "
          "63.20\n\nTapTap Wallet",
          facts={"shop": "TapTap Wallet", "amount": "50.00", "currency": "MYR", "balance": "63.20"})
    b.add("other", wallet, "Low balance: reload now for smooth toll payments", b.sent(1, 8, 5),
          f"Hi Wei Ling,\n\nYour TapTap Wallet balance is RM 7.80 as of {dd_mm_yyyy(b.today - timedelta(days=1))} "
          "08:00. Your RFID toll payments on the highways may fail when your balance is not enough.\n\nReload at "
          "least RM 20.00 in the TapTap app. Auto-reload is off.\n\nTapTap Wallet",
          facts={"shop": "TapTap Wallet", "balance": "7.80", "currency": "MYR", "kind": "toll"})

    tax = ("Biro Cukai Nasional", "e-filing@birocukai.example")
    deadline = date(b.today.year, 4, 30) if b.today.month <= 4 else date(b.today.year + 1, 4, 30)
    b.add("other", tax, "Peringatan e-Filing: Borang BE Tahun Taksiran 2026", b.sent(7, 10, 15),
          f"Kepada TAN WEI LING (No. Cukai SG 2145 8830 07),\n\nThis is a reminder that the last day to submit your "
          f"Form BE for the year of assessment 2026 through e-Filing is {dd_mm_yyyy(deadline)}. Any balance of tax "
          "payable must also be paid by that date. Late submission is subject to a penalty.\n\nLog in to the "
          "e-Filing portal from our official website. Biro Cukai Nasional will never ask for your bank details by "
          "email.\n\nBiro Cukai Nasional",
          facts={"provider": "Biro Cukai Nasional", "due_date": deadline.isoformat(), "kind": "tax"})

    workshop = b.at(6, 19, 30)
    b.booking(("Lorong UX Academy", "hello@lorongux.example"), "workshop", workshop,
              "You're in: UX Writing Masterclass (online)", b.sent(11, 13, 25),
              f"Hi Wei Ling,\n\nThanks for registering!\n\nUX Writing Masterclass (live on Zoom)\n"
              f"{weekday_day_month(workshop)} {workshop:%Y}, {clock_ampm(workshop)} - 9:30 PM (Singapore time, "
              "GMT+8)\nTicket: Early bird\nPaid: SGD 89.00 (charged to Mastercard ending 5083)\n\nThe Zoom link "
              "will be sent the day before.\n\nLorong UX Academy, Singapore",
              amount="89.00", currency="SGD")


def _health_and_self(b: DatedBox) -> None:
    screening = b.at(5, 8, 15)
    b.add("appointment", ("MediPanel Benefits", "panel@medipanel.example"),
          "Panel clinic appointment confirmed - Klinik Harmoni SS2", b.sent(3, 15, 40),
          f"Dear TAN WEI LING,\n\nEmployer: Pixel Padi Studio Sdn Bhd (staff no. PP-0317)\n\nYour annual health "
          f"screening at our panel clinic is confirmed.\n\nClinic: Klinik Harmoni SS2, 21 Jalan SS 2/64, Petaling "
          f"Jaya\nDate: {dd_mm_yyyy(screening)}\nTime: {clock_ampm(screening)}\nPackage: Basic screening (blood "
          "test, urine test, blood pressure)\nCost: covered by your employer, no payment at the clinic\n\nPlease "
          "fast for 8 hours before (plain water is fine) and bring your IC and staff card.\n\nMediPanel Benefits",
          facts={"provider": "Klinik Harmoni SS2", "start": screening.isoformat(), "status": "confirmed",
                 "kind": "doctor", "employer": "Pixel Padi Studio"})

    dental = ("Senyum Dental Studio", "booking@senyumdental.example")
    was, moved = b.at(1, 10, 30), b.at(11, 19, 0)
    b.moved_booking(
        dental, "dentist", was, moved,
        ("Appointment confirmed - Senyum Dental Studio", b.sent(15, 14, 0),
         f"Hi Wei Ling,\n\nYour appointment for scaling and polishing with Dr. Nadia Yusof is confirmed for "
         f"{weekday_day_month(was)} at {clock_ampm(was)}.\n\nSenyum Dental Studio, 2nd floor, 8 Jalan SS 21/37, "
         "Damansara Utama. Tel 03-7555 2190. Scaling: RM 120.00."),
        ("Re: Appointment confirmed - Senyum Dental Studio", b.sent(2, 16, 35),
         f"Hi Wei Ling,\n\nSorry, Dr. Nadia is away on {weekday_day_month(was)} for a course, so we have moved your "
         f"scaling to {weekday_day_month(moved)} at {clock_ampm(moved)} (we are open late on Tuesdays). If this "
         "time does not suit you, please WhatsApp us at 012-555 2190.\n\nSenyum Dental Studio"))

    hair = b.at(2, 15, 0)
    b.booking(("Helai Hair Studio", "booking@helaihair.example"), "salon", hair,
              "Booking confirmed: Helai Hair Studio", b.sent(6, 22, 10),
              f"Hi Ling,\n\nSee you soon!\n\nService: Cut + root touch-up colour\nStylist: Jess\nWhen: "
              f"{wkday_day_mon(hair)} {hair:%Y}, {clock_ampm(hair)}\nWhere: Helai Hair Studio, 12A Jalan SS 15/4, "
              "Subang Jaya\nEstimated price: RM 260.00 (deposit RM 50.00 paid)\n\nPlease come 10 minutes early. "
              "Late by 15 minutes and we may need to rebook.",
              price="260.00", deposit="50.00")

    court = b.at(1, 9, 0)
    b.booking(("CourtKaki", "noreply@courtkaki.example"), "badminton", court,
              "Court booking confirmed - Smash Arena Kelana Jaya", b.sent(4, 23, 5),
              f"Booking ID: CK-88120374\n\nSmash Arena Kelana Jaya\nCourt 6 (badminton)\n{wkday_day_mon(court)} "
              f"{court:%Y}, 09:00 - 11:00\nBooked by: Tan Wei Ling\nTotal paid: RM 40.00\n\nFree cancellation up to 24 "
              "hours before. Non-marking shoes only.\n\nCourtKaki",
              amount="40.00", reference="CK-88120374")

    spin = b.at(3, 19, 15)
    b.booking(("FitSlot", "classes@fitslot.example"), "gym class", spin,
              "Class booked: Spin 45 at Gerak Fitness Damansara", b.sent(1, 22, 40),
              f"Hey Wei Ling, you're booked!\n\nSpin 45 with Coach Arif\nGerak Fitness Damansara, Studio 2\n"
              f"{mm_dd_yyyy(spin)} at {clock_ampm(spin)}\nSpot: Bike 14\n\nCancel at least 12 hours before class to "
              "keep your credits. Late cancellations use 1 credit.\n\nFitSlot",
              spot="Bike 14")


def _travel_and_events(b: DatedBox) -> None:
    bus_out, bus_arr = b.at(8, 8, 30), b.at(8, 11, 15)
    bus_back = b.at(9, 16, 0)
    b.booking(("Ekspres Kinta Jaya", "eticket@ekspreskinta.example"), "bus", bus_out,
              "E-Ticket: Kuala Lumpur - Ipoh (KJ-5521837)", b.sent(5, 21, 30),
              f"E-TICKET\n\nBooking no: KJ-5521837\nPassenger: TAN WEI LING\n\nTrip  Date  From  To  Departs  Seat\n"
              f"1  {dd_mm_yyyy(bus_out)}  Terminal Bas Damansara  Terminal Ipoh Selatan  {bus_out:%H:%M}  12A\n"
              f"2  {dd_mm_yyyy(bus_back)}  Terminal Ipoh Selatan  Terminal Bas Damansara  {bus_back:%H:%M}  9C\n\n"
              f"Estimated arrival in Ipoh: {bus_arr:%H:%M}\nFare: RM 35.00 x 2 trips\nTotal paid: RM 70.00\n\nPlease "
              "be at the platform 30 minutes before departure with your IC.\n\nEkspres Kinta Jaya",
              label="bus", arrive=bus_arr.isoformat(), back=bus_back.isoformat(), amount="70.00",
              reference="KJ-5521837")

    air = ("Kelip Air", "itinerary@kelipair.example")
    out, out_arr = b.at(21, 19, 5), b.at(21, 20, 0)
    new_out, new_arr = b.at(21, 20, 35), b.at(21, 21, 30)
    back, back_arr = b.at(23, 18, 15), b.at(23, 19, 10)
    booked = b.add("flight", air, "Your Kelip Air booking is confirmed: K7QX3M", b.sent(18, 22, 5),
                   f"Hi TAN WEI LING,\n\nYour booking is confirmed.\n\nBooking number: K7QX3M\n\nFlight  Date  From  "
                   f"To  Depart  Arrive\nKE 1342  {dd_mm_yyyy(out)}  Kuala Lumpur (KUL) T2  Penang (PEN)  "
                   f"{out:%H:%M}  {out_arr:%H:%M}\nKE 1349  {dd_mm_yyyy(back)}  Penang (PEN)  Kuala Lumpur (KUL) T2  "
                   f"{back:%H:%M}  {back_arr:%H:%M}\n\nGuest: MS TAN WEI LING\nBaggage: 7 kg cabin only\nTotal paid: "
                   "RM 189.00\n\nCheck-in online from 14 days to 1 hour before departure.\n\nKelip Air",
                   facts={"provider": "Kelip Air", "start": out.isoformat(), "arrive": out_arr.isoformat(),
                          "return": back.isoformat(), "status": "confirmed", "kind": "flight", "flight": "KE 1342",
                          "reference": "K7QX3M", "amount": "189.00", "currency": "MYR",
                          "superseded": "rescheduled"})
    b.add("flight", air, "Add-on confirmed for K7QX3M", b.sent(10, 12, 50),
          "Hi TAN WEI LING,\n\nYour add-on has been added to booking K7QX3M.\n\nChecked baggage 20 kg (KUL - PEN): RM "
          "55.00\nTotal paid for add-ons: RM 55.00\n\nYour return flight (PEN - KUL) stays at 7 kg cabin "
          "baggage.\n\nKelip Air",
          reply_to=booked,
          facts={"provider": "Kelip Air", "kind": "baggage", "amount": "55.00", "currency": "MYR",
                 "reference": "K7QX3M"})
    b.add("flight", air, "Important: schedule change for your flight KE 1342", b.sent(1, 14, 25),
          f"Hi TAN WEI LING,\n\nWe're sorry to let you know that the schedule of your flight has changed.\n\n"
          f"Booking number: K7QX3M\nFlight: KE 1342 Kuala Lumpur (KUL) T2 to Penang (PEN), {dd_mm_yyyy(new_out)}\n"
          f"Old time: depart {out:%H:%M}, arrive {out_arr:%H:%M}\nNew time: depart {new_out:%H:%M}, arrive "
          f"{new_arr:%H:%M}\n\nYour return flight KE 1349 is not affected. If the new time does not suit you, you "
          "may move to another flight for free or ask for a credit within 7 days.\n\nKelip Air",
          reply_to=booked,
          facts={"provider": "Kelip Air", "start": new_out.isoformat(), "was": out.isoformat(),
                 "arrive": new_arr.isoformat(), "status": "rescheduled", "kind": "flight", "flight": "KE 1342",
                 "reference": "K7QX3M"})

    concert = b.at(13, 20, 30)
    b.booking(("TiketKu", "tickets@tiketku.example"), "concert", concert,
              "Your e-tickets: Monsoon Avenue Live in Kuala Lumpur", b.sent(16, 12, 5),
              f"Hi Tan Wei Ling,\n\nOrder TK-2027-660418 is confirmed.\n\nMonsoon Avenue - Live in Kuala Lumpur\n"
              f"Dewan Muzika Seri Bayu, Kuala Lumpur\n{weekday_day_month(concert)} {concert:%Y}\nDoors open 7:00 "
              f"PM, show starts {clock_ampm(concert)}\n\nCAT 2, Row K, Seats 21-22 (2 tickets)\nRM 288.00 x 2 = RM "
              "576.00\nProcessing fee: RM 8.00\nTotal charged: RM 584.00\n\nShow the QR code in the TiketKu app at "
              "the gate.\n\nTiketKu",
              label="ticket", amount="584.00", reference="TK-2027-660418", seats="2")

    wedding = b.at(15, 19, 30)
    b.add("invitation_personal", JIA_HUI, "Wedding dinner invitation - Jia Hui & Kelvin", b.sent(20, 20, 15),
          f"Dear Wei Ling,\n\nTogether with our families, Kelvin and I would love you to join us for our wedding "
          f"dinner.\n\n{weekday_day_month(wedding)} {wedding:%Y}\nGrand Orkid Ballroom, Hotel Seri Cempaka, Jalan "
          f"Ampang, Kuala Lumpur\nDinner starts {_short(wedding)} sharp\nDress code: pastel or smart\n\nPlease RSVP "
          f"by {weekday_day_month(b.today + timedelta(days=4))} and tell me if Daniel is coming too, so I can "
          "put you both at the cousins' table.\n\nLove,\nJia Hui",
          facts={"person": JIA_HUI[0], "start": wedding.isoformat(), "kind": "wedding",
                 "rsvp": (b.today + timedelta(days=4)).isoformat()})

    parcel = ("PantasXpress", "tracking@pantasxpress.example")
    arrives = b.today + timedelta(days=3)
    b.add("other", parcel, "Your parcel is on the way - PX7741029358MY", b.sent(0, 13, 10),
          f"Hi TAN WEI LING,\n\nYour parcel from Belanja Mall (order BM-3390217, monitor arm) has left our Shah Alam "
          f"hub.\n\nTracking number: PX7741029358MY\nEstimated delivery: {wkday_day_mon(arrives)} {arrives:%Y}, "
          "between 10:00 AM and 6:00 PM\nCash on delivery: none (paid)\n\nTrack your parcel in the PantasXpress "
          "app.\n\nPantasXpress",
          facts={"shop": "PantasXpress", "kind": "parcel", "delivery": arrives.isoformat(),
                 "tracking": "PX7741029358MY"})


def _people(b: DatedBox) -> None:
    birthday = b.at(8, 19, 0)
    b.add("personal", MUMMY, "Mummy birthday dinner", b.sent(3, 21, 5),
          "Ling ah, next Saturday 24hb Mummy birthday dinner ya, 7pm at Restoran Hakka Ah Yat, the one near Jalan "
          "Sultan Yussuf, same like last year lah. Wei Jie also coming back from Penang. Daddy say don't drive so "
          "far, you take bus can already, he fetch you at the bus station. Don't buy present ok, just come back "
          "enough. Sik fan mei ah? Jaga diri.\n\nMummy",
          facts={"person": MUMMY[0], "start": birthday.isoformat(), "kind": "birthday dinner"})

    deadline, lunch = b.at(5, 17, 0), b.at(4, 12, 30)
    b.add("personal", HAFIZ, "checkout flow + Tues lunch", b.sent(0, 16, 45),
          "Ling, just got off the call with the client. They want the hi-fi mockups for the checkout flow by "
          "Wednesday 5pm, not Thursday, because their board meeting got pulled forward. Sorry! Prototype can "
          "follow on Friday.\n\nAlso team lunch on Tuesday 12.30 at Restoran Daun Kari, Section 17, for Priya's "
          "farewell. Company belanja, so don't bring wallet :)\n\nHafiz",
          facts={"person": HAFIZ[0], "start": deadline.isoformat(), "lunch": lunch.isoformat(), "kind": "deadline"})

    dinner = b.at(0, 20, 15)
    b.add("personal", DANIEL, "tonight", b.sent(0, 14, 5),
          "Babe, dinner tonight 8.15pm at Baan Kluay Thai Kitchen in SS15 ok? I booked already, table for 2. I "
          "fetch you at 7.50 from your condo. Don't eat the office snacks haha.\n\nDaniel",
          facts={"person": DANIEL[0], "start": dinner.isoformat(), "kind": "dinner"})

    rent_by = b.today + timedelta(days=4)
    b.add("personal", AISYAH, "rent", b.sent(1, 22, 30),
          "Ling, rent this month RM 650 ya, bank in to me by Tuesday (20hb) coz landlord wants it by 21st. Same "
          "acc as usual. Electric bill you settle this round ok, I do the water one. Thanks babe!\n\nAisyah",
          facts={"person": AISYAH[0], "amount": "650.00", "currency": "MYR", "due_date": rent_by.isoformat(),
                 "kind": "rent"})

    b.add("personal", MEI_XUAN, "Sat badminton", b.sent(3, 9, 20),
          "Ling, you booked court 6 at Smash Arena right? Saturday 9 to 11. Me, Kar Weng and Suresh confirm "
          "coming. RM 40 split 4 = RM 10 each, we pay you there. I bring new shuttles.\n\nMei Xuan",
          facts={"person": MEI_XUAN[0], "kind": "badminton", "amount": "10.00", "currency": "MYR"})

    b.add("personal", WEI_JIE, "jie jie can help?", b.sent(2, 23, 50),
          "Jie jie, my laptop screen spoil already, the shop in Bayan Lepas say repair 1.2k. Can lend me first? "
          "I pay back when my internship allowance comes in June. Don't tell Mummy yet ah, she will nag. See you at "
          "her dinner on the 24th.\n\nWei Jie",
          facts={"person": WEI_JIE[0], "amount": "1200.00", "currency": "MYR", "kind": "loan"})

    screening_note = b.at(5, 8, 15)
    b.add("forwarded", AISYAH, "Fwd: your clinic appt?", b.sent(0, 12, 5),
          forwarded("Ling, this came to the house email by mistake I think, your name on it. Your screening is "
                    "Wednesday morning ya, don't forget to fast!", OUTLOOK,
                    ("Klinik Harmoni SS2", "reception@klinikharmoni.example"), b.sent(1, 10, 0), AISYAH,
                    "Appointment reminder",
                    f"Dear Ms Tan Wei Ling,\n\nA reminder of your health screening at Klinik Harmoni SS2 on "
                    f"{weekday_day_month(screening_note)} at {clock_ampm(screening_note)}. Please fast for 8 hours "
                    "before.\n\nKlinik Harmoni SS2"),
          facts={"provider": "Klinik Harmoni SS2", "start": screening_note.isoformat(), "kind": "doctor"})

    b.add("forwarded", DANIEL, "Fwd: Monsoon Avenue - gate info", b.sent(1, 19, 30),
          forwarded("Eh this one for our concert. Gates by 7 ya, and no bags bigger than A4.", GMAIL,
                    ("TiketKu", "tickets@tiketku.example"), b.sent(1, 18, 0), DANIEL, "Monsoon Avenue - gate info",
                    "Dear ticket holder,\n\nDoors open at 7:00 PM. Bags larger than A4 size are not allowed. Please "
                    "use public transport; parking is limited.\n\nTiketKu"),
          facts={"person": DANIEL[0], "kind": "concert"})


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Other personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (DANIEL, 6, 20, 40, "Penang trip",
         "So you fly up on the Friday to see Wei Jie and I follow on the Saturday morning ya? I'll find a place "
         "near Gurney for us. Can check with your brother where is good for char kuey teow.\n\nDaniel"),
        (JIA_HUI, 5, 11, 20, "Re: Wedding dinner invitation",
         "Ling, forgot to say, tea ceremony is at my parents' house in the morning, family only, you don't need to "
         "come for that part. Just the dinner ya.\n\nJia Hui"),
    )


LURES = (
    Lure(("Biro Cukai Nasional Refund", "refund@bcn-cukai-refund.example"),
         "Notis Bayaran Balik Cukai: RM 1,284.50 menunggu anda", (4, 2, 15),
         "Dear taxpayer, you are eligible for a tax refund of RM 1,284.50 for the year of assessment 2026. Claim "
         "your refund within 24 hours at http://bcn-cukai-refund.example/claim by entering your online banking ID "
         "and password, or the refund will be cancelled.", "tax refund"),
    Lure(("Bank Merbok Security", "secure@merbok-tac-verify.example"),
         "URGENT: Verify your TAC to avoid account suspension", (2, 4, 40),
         "Dear valued customer, unusual activity was detected on your Bank Merbok account. Your account will be "
         "SUSPENDED within 12 hours. Verify now at http://merbok-tac-verify.example/secure and enter the TAC / OTP "
         "sent to your phone.", "bank"),
    Lure(("Pos Nasional Malaysia", "customs@posnasional-clearance.example"),
         "Your parcel is on hold: customs fee unpaid", (5, 6, 10),
         "We are holding your parcel because a customs fee of RM 4.90 is unpaid. Pay within 48 hours at "
         "http://posnasional-clearance.example/pay with your card details or the parcel will be returned to the "
         "sender.", "customs"),
    Lure(("TapTap Wallet Rewards", "lucky@taptap-luckydraw.example"),
         "Tahniah! You won RM 5,000 in the TapTap Lucky Draw", (0, 7, 30),
         "Congratulations! Your TapTap Wallet was picked in our anniversary lucky draw and you won RM 5,000 cash. "
         "Claim today at http://taptap-luckydraw.example/claim: log in with your phone number and wallet PIN to "
         "receive the prize. Unclaimed prizes expire at midnight.", "lucky draw"),
    Lure(("Notis Saman Trafik", "saman@trafik-saman-diskaun.example"),
         "Saman trafik tertunggak: diskaun 50% hari ini sahaja", (1, 5, 55),
         "You have an outstanding traffic summons of RM 300.00 for vehicle VCK 2817 (speeding, Lebuhraya Damansara). "
         "Pay today at http://trafik-saman-diskaun.example/bayar to enjoy a 50% discount (RM 150.00). Unpaid "
         "summons may lead to a warrant of arrest and blacklisting of your road tax renewal.", "traffic summons"),
)


NEWSLETTERS = (
    ("Belanja Mall", "promo@belanjamall.example", 1, ["4.4 aftersale deals", "free shipping Fridays",
                                                       "home office picks under RM 100"]),
    ("UX Kopi Weekly", "editor@uxkopi.example", 3, ["designing for older users", "dark patterns in checkout",
                                                    "Figma tips for design systems"]),
    ("Kelip Air", "deals@kelipair.example", 2, ["fly to Kota Kinabalu from RM 79", "school holiday fares",
                                                "Penang weekends"]),
    ("Gerak Fitness", "news@gerakfitness.example", 6, ["new spin schedule", "weekend bootcamp",
                                                       "member bring-a-friend week"]),
)

PROMO = banner_style("{name} | {topic}", "View in browser. Unsubscribe or update your preferences.", "#c2185b",
                     hour=8, minutes=(5, 55))


CARD_ALERTS = AlertCard(("Bank Merbok", "alerts@bankmerbok.example"), "Bank Merbok card transaction alert",
                        "5083", "MYR", lambda amount, merchant, when: f"Bank Merbok: RM {amount:,.2f} was charged to "
                        f"your Platinum Mastercard ending 5083 at {merchant} on {dd_mm_yyyy(when)} {when:%H:%M}. "
                        "Not you? Call 03-5555 8800.")

MERCHANTS = ("KEDAI RUNCIT SEGAR SS2", "PETRO JAYA KELANA", "KOPI PUTIH DAMANSARA", "FARMASI SIHAT SS15",
             "MEGAMART 1 UTAMA")


def _other() -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("Pixel Padi Studio HR", "hr@pixelpadi.example", "Public holiday reminder",
         "A reminder that the office is closed on 1 May for Labour Day. Enjoy the long weekend."),
        ("Bank Merbok", "news@bankmerbok.example", "Stay safe from scams",
         "Bank Merbok will never ask for your TAC or password by email. Report suspicious messages to us."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Tan Wei Ling's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the electricity bill is and
    when it is due, whether the phone bill is paid, when the dentist is now, what time the bus to Ipoh leaves,
    when her flight to Penang now departs) have the same answers for every seed, counted from `now`'s date in
    Kuala Lumpur.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 24:
        raise ValueError("the nineteenth sample needs at least 24 days of mail")
    b = _box(now, seed, days)
    for part in (_utilities, _money, _health_and_self, _travel_and_events, _people):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Kelip Air", "Gerak Fitness"))
    b.card_alerts(CARD_ALERTS, 4, first_hour=10, hours=10, spend=(12, 320), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(), 2, every=6, first=4)
    return b.messages()
