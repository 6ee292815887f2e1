"""A twenty-first sample mailbox, of a twenty-first person in a twenty-first place: Mandy Chan Wing-sze, an accounts
supervisor at a logistics firm in Kwun Tong, Hong Kong, married to Kelvin (a secondary-school PE teacher), with a son,
Jayden (5, in K3 at a kindergarten and sitting interviews for a primary one place). Her mother lives in Sha Tin and
goes to a diabetes clinic; Maricel, the family's domestic helper, is about to renew her contract through an agency;
her brother Ivan studies in Manchester (on British summer time, seven hours behind Hong Kong). The mailbox is read on
a Sunday evening as she plans her week; Mother's Day is the Sunday after.

The mix, all invented: a credit card's statement in an HTML table whose minimum payment is paid from a savings account
by autopay (the rest is hers to pay); a second card's statement with an instalment plan, and its alert for a charge in
pounds; an electricity bill with headings in English and Chinese; a broadband-and-mobile bundle charged to her card; the
flat's management fee; the quarterly demand for rates and government rent; a fitness app's renewal from the United
States (its date month first); her mother's diabetes clinic follow-up ("please bring your blood test slip"), and her
mother's plans told in Cantonese and English; Jayden's primary one interviews at two schools (one moved by the school,
one forwarded by her husband); the kindergarten's circular (a no-school day and parents' day); a dentist's cleaning; a
hair salon booked in a chat-style confirmation; the helper agency's contract renewal signing and its fee in two
instalments (the first paid); a flight to Osaka in June, its seat and bag add-on and its schedule change; a hotel there
in yen; a tunnel toll account's monthly charge; a Mother's Day dim sum table for eight; a colleague's farewell dinner
told in a reply; a parcel waiting in a locker; the month-end closing at work; her brother's video call on his clock;
five lures (a bank's account suspension, a parcel's customs fee, an unpaid tunnel fee, a tax refund, a streaming
service's failed payment); newsletters and card alerts. Amounts are written "HK$1,284.60", "HKD 2,140", "$398" and
"3.4k" (yen "JPY 88,400" and "¥88,400"; pounds "GBP 86.40"; US dollars "USD 59.99"), dates day first as Hong Kong
mail writes them ("03/05/2027", "3 May 2027", "Sat 8/5") and month first from the United States ("05/12/2027"),
times as "19:30", "1930" and "7:30pm".

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in Hong Kong.
The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label and `facts` an
evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@twentyfirst.steward.example>`. Only mail received is
here (an inbox export): none she sent.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
    GMAIL,
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
    day_month_year,
    dd_mm_yyyy,
    mm_dd_yyyy,
    weekday_day_month,
    wkday_day_mon,
)

DOMAIN = "twentyfirst.steward.example"
ME = ("Mandy Chan", "mandy.chan.ws@harbourmail-demo.example")
HONG_KONG = ZoneInfo("Asia/Hong_Kong")  # UTC+8 all year, no summer time
OSAKA = ZoneInfo("Asia/Tokyo")  # UTC+9 all year
MANCHESTER = ZoneInfo("Europe/London")  # British summer time in May: seven hours behind Hong Kong
ZONE = "Asia/Hong_Kong"  # the person's own clock

FOOTER = ("This is a computer-generated message. Please do not reply to this email. The people, companies and numbers "
          "in this mailbox are invented.")
BANK_LEGAL = ("Harbourlight Bank will never ask for your password or one-time password by email or SMS. Harbourlight "
              "Bank (Hong Kong) Limited. 24-hour hotline 2555 0188.")

KELVIN = ("Kelvin Lau", "kelvin.lau.pe@harbourmail-demo.example")  # her husband
MUM = ("Lee Siu Fong", "siufong.lee1963@harbourmail-demo.example")  # her mother, in Sha Tin
IVAN = ("Ivan Chan", "ivan.chan@student.irwell-demo.example")  # her brother, a student in Manchester
MARICEL = ("Maricel Dizon", "maricel.dizon88@harbourmail-demo.example")  # the family's domestic helper
CARMEN = ("Carmen Yip", "carmen.yip@swiftharbour-logistics.example")  # a colleague
PATRICK = ("Patrick Ho", "patrick.ho@swiftharbour-logistics.example")  # her finance manager
KINDERGARTEN = ("Little Acorns Kindergarten", "office@littleacorns-kg.example")


def _short(d: datetime) -> str:
    """7:30pm, 7pm: a time as a person writes it in a note."""
    return f"{d.hour % 12 or 12}{'' if d.minute == 0 else f':{d:%M}'}{'am' if d.hour < 12 else 'pm'}"


def _day_slash(d: datetime) -> str:
    """Sat 8/5: the weekday and the day first, as Hong Kong chat writes a date."""
    return f"{d:%a} {d.day}/{d.month}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=HONG_KONG, domain=DOMAIN, footer=FOOTER, ics_name="invite.ics",
                    prodid="-//Swiftharbour Logistics//Mail 3.2//EN", ics_stamp="20270410T010000Z")


def _cards(b: DatedBox) -> None:
    bank = ("Harbourlight Bank", "estatement@harbourlightbank.example")
    issued, due = b.today - timedelta(days=10), b.today + timedelta(days=15)
    rows = (("Card number", "4518 XXXX XXXX 6621"), ("Statement date", dd_mm_yyyy(issued)),
            ("Previous balance", "HK$9,402.75"), ("Payments &amp; credits", "-HK$9,402.75"),
            ("New purchases", "HK$12,731.30"), ("Interest &amp; charges", "HK$115.20"),
            ("Statement balance", "<b>HK$12,846.50</b>"), ("Minimum payment due", "<b>HK$385.00</b>"),
            ("Payment due date", f"<b>{dd_mm_yyyy(due)}</b>"), ("Credit limit", "HK$60,000.00"))
    body = ("<p>Dear CHAN WING SZE,</p><p>Your Harbourlight Platinum Visa card statement is ready.</p>"
            + summary_table(rows)
            + "<p><b>Autopay:</b> the minimum payment due (HK$385.00) will be debited from your Harbourlight savings "
            f"account ending 3307 on {dd_mm_yyyy(due)}. The remaining balance of HK$12,461.50 is not covered by your "
            "autopay instruction. Please pay it by the due date to avoid interest.</p>")
    html = banner_page("Harbourlight Bank", body, BANK_LEGAL, page="font-family:Arial,sans-serif;font-size:13px",
                       banner="background:#0b3d6e;color:#fff;padding:14px;font-size:19px", pad="14px")
    b.add("statement", bank, "Your Harbourlight Platinum Visa eStatement is ready", b.sent(10, 7, 10), None,
          html=html, pdf=f"Platinum_Visa_6621_{issued:%Y%m}.pdf",
          facts=due_facts("Harbourlight Bank", "12846.50", "HKD", due, "card", "open", last4="6621",
                          minimum="385.00", autopay="minimum", autopay_from="3307"))

    crest = ("Victoria Crest Bank", "cards@victoriacrestbank.example")
    issued, due = b.today - timedelta(days=6), b.today + timedelta(days=9)
    b.add("statement", crest, "Victoria Crest Mastercard statement - card ending 0458", b.sent(6, 8, 25),
          f"Dear Ms Chan,\n\nYour Victoria Crest World Mastercard (ending 0458) statement dated {dd_mm_yyyy(issued)} "
          "is now available.\n\nPrevious balance: HKD 3,880.00\nPayment received: HKD -3,880.00\nNew "
          "transactions: HKD 3,470.30\nInstalment plan - SMARTPHONE 12 MONTHS (instalment 5 of 12): HKD 749.00\n"
          "Statement balance: HKD 4,219.30\nMinimum payment due: HKD 1,009.00 (includes this month's instalment)\n"
          f"Payment due date: {dd_mm_yyyy(due)}\n\nRemaining instalments after this statement: 7 x HKD 749.00\n\n"
          "Pay through Victoria Crest online banking, FPS or at any branch.\n\nVictoria Crest Bank",
          facts=due_facts("Victoria Crest Bank", "4219.30", "HKD", due, "card", "open", last4="0458",
                          minimum="1009.00", instalment="749.00"))

    spent = b.sent(4, 2, 14)
    b.add("bank_alert", ("Victoria Crest Bank", "alerts@victoriacrestbank.example"),
          "Card transaction alert", b.sent(4, 2, 16),
          f"Victoria Crest Bank: Your Mastercard ending 0458 was charged GBP 86.40 at BLACKWOOD BOOKS MANCHESTER GB "
          f"on {dd_mm_yyyy(spent)} {spent:%H:%M} HKT. Equivalent HKD 851.26 (incl. foreign currency fee HKD "
          "16.69). Not you? Call 2555 0460.",
          facts={"last4": "0458", "amount": "86.40", "currency": "GBP", "hkd": "851.26", "fee": "16.69",
                 "kind": "foreign"})

    app = ("FitLoop", "billing@fitloop.example")
    renews = b.today + timedelta(days=10)
    b.add("bill", app, "Your FitLoop Premium membership renews soon", b.sent(3, 5, 40),
          f"Hi Mandy,\n\nJust a heads-up: your FitLoop Premium annual membership will renew automatically on "
          f"{mm_dd_yyyy(renews)}.\n\nPlan: FitLoop Premium (annual)\nAmount: USD 59.99\nPayment method: Visa ending "
          "in 6621\n\nNothing to do if you want to keep training with us. To cancel, go to Settings > Membership "
          "before your renewal date.\n\nThe FitLoop Team\nFitLoop Inc., 220 Harrison Street, San Francisco, CA 94105",
          facts=due_facts("FitLoop", "59.99", "USD", renews, "subscription", "open", autopay="true", last4="6621"))


def _home(b: DatedBox) -> None:
    power = ("Lantau Power & Light", "ebill@lantaupower.example")
    due = b.today + timedelta(days=16)
    b.add("bill", power, "Your electricity bill 電費單 - Account 7730 228 415", b.sent(5, 9, 5),
          "Dear Customer 親愛的客戶,\n\nYour electricity bill is ready 你的電費單已經發出.\n\nAccount number 賬戶號碼: "
          "7730 228 415\nSupply address: Flat 18C, Block 2, Sunrise Court, Tseung Kwan O\nBilling period 計費期: "
          f"{dd_mm_yyyy(b.today - timedelta(days=66))} - {dd_mm_yyyy(b.today - timedelta(days=6))}\nUnits used "
          "用電量: 812 kWh\nAmount due 應繳款項: HK$1,284.60\nPayment due date 繳費限期: "
          f"{dd_mm_yyyy(due)}\n\nPay by PPS, FPS, the Lantau Power app or at any convenience store.\n\nLantau Power & "
          "Light",
          facts=due_facts("Lantau Power & Light", "1284.60", "HKD", due, "electricity", "open",
                          account="7730 228 415"))

    bundle = ("FiberWave", "billing@fiberwave-hk.example")
    due = b.today + timedelta(days=8)
    rows = (("Account no.", "FW-55120387"), ("Home Fibre 1000M", "$198.00"),
            ("5G Mobile 30GB (6123 4567)", "$168.00"), ("Roaming day pass (UK, 1 day)", "$32.00"),
            ("Total this month", "<b>$398.00</b>"), ("Charge date", f"<b>{dd_mm_yyyy(due)}</b>"))
    body = ("<p>Hi Mandy Chan,</p><p>Your Home + Mobile bundle bill for May is ready.</p>" + summary_table(rows)
            + f"<p>HK$398.00 will be charged to your credit card ending 6621 on {dd_mm_yyyy(due)}. No action is "
            "needed.</p>")
    b.add("bill", bundle, "FiberWave Home + Mobile bundle: your May bill", b.sent(2, 10, 30), None,
          html=banner_page("FiberWave", body, page="font-family:Helvetica,sans-serif;font-size:13px",
                           banner="background:#e4007c;color:#fff;padding:12px;font-size:18px", pad="12px"),
          facts=due_facts("FiberWave", "398.00", "HKD", due, "broadband and mobile", "open", autopay="true",
                          last4="6621"))

    office = ("Sunrise Court Management Office", "mgmt@sunrisecourt-tko.example")
    due = b.today + timedelta(days=8)
    b.add("bill", office, "Management fee May 2027 管理費通知 - Block 2 18C", b.sent(8, 11, 45),
          "Dear Owner 業主,\n\nManagement fee for May 2027 五月份管理費\nUnit: Block 2, Flat 18C\nAmount 金額: HKD "
          f"2,140\nPlease pay on or before 請於 {dd_mm_yyyy(due)} 或之前繳交.\n\nPay by cheque at the management "
          "office, by FPS to our account, or by autopay form. A late charge of 5% applies after the due date.\n\nThe "
          "lift at Block 2 will be serviced on Tuesday 10:00 to 13:00. 二座升降機將於星期二上午十時至下午一時進行保養.\n\n"
          "Sunrise Court Management Office",
          facts=due_facts("Sunrise Court Management Office", "2140.00", "HKD", due, "management fee", "open",
                          unit="Block 2 18C"))

    rates = ("Rating & Valuation Office", "demand@rvo-rates.example")
    due = b.today + timedelta(days=29)
    b.add("bill", rates, "Demand for Rates and Government Rent: April - June 2027", b.sent(20, 9, 0),
          "DEMAND FOR RATES AND GOVERNMENT RENT 差餉及地租繳納通知書\n\nAccount no.: 2-11-40-87712-09\nProperty: "
          "Flat 18C, Block 2, Sunrise Court, Tseung Kwan O\nQuarter: 1 April 2027 - 30 June 2027\n\nRates: "
          "HK$2,316.00\nLess rates concession: -HK$1,000.00\nGovernment rent: HK$948.00\nTotal amount payable: "
          f"HK$2,264.00\n\nLast day for payment: {day_month_year(due)}\n\nA surcharge of 5% is added to any amount "
          "unpaid after the last day for payment.\n\nRating & Valuation Office",
          facts=due_facts("Rating & Valuation Office", "2264.00", "HKD", due, "rates and government rent", "open",
                          account="2-11-40-87712-09"))

    water = ("Tai Lam Water Services", "ebill@tailamwater.example")
    was_due, paid_on = b.today - timedelta(days=4), b.today - timedelta(days=7)
    bill = b.add("bill", water, "Water and sewage charges bill 水費單 - 4-8812-3309", b.sent(21, 10, 15),
                 "Dear Customer,\n\nAccount no.: 4-8812-3309\nBilling period: four months to "
                 f"{dd_mm_yyyy(b.today - timedelta(days=24))}\nWater charges: HK$142.60\nSewage charges: HK$43.80\n"
                 f"Total amount due: HK$186.40\nDue date: {dd_mm_yyyy(was_due)}\n\nTai Lam Water Services",
                 facts=due_facts("Tai Lam Water Services", "186.40", "HKD", was_due, "water", "paid",
                                 account="4-8812-3309", superseded="paid"))
    b.add("receipt", water, "Payment received - thank you 已收到繳款", b.sent(6, 20, 40),
          f"Dear Customer,\n\nWe received your payment of HK$186.40 on {dd_mm_yyyy(paid_on)} for account "
          "4-8812-3309. Outstanding balance: HK$0.00.\n\nTai Lam Water Services",
          reply_to=bill,
          facts={"shop": "Tai Lam Water Services", "amount": "186.40", "currency": "HKD", "status": "paid",
                 "paid_on": paid_on.isoformat()})

    toll = ("HarbourPass", "statements@harbourpass.example")
    taken = b.today + timedelta(days=4)
    b.add("bill", toll, "HarbourPass monthly toll statement - April 2027", b.sent(1, 8, 0),
          f"Dear Customer,\n\nVehicle: LK 2718\nToll account: HP-0093314\n\nApril 2027 tunnel tolls: 26 trips\n"
          "Western Harbour Crossing: 8 x HK$25.00\nEastern Harbour Crossing: 12 x HK$25.00\nTseung Kwan O Tunnel: 6 "
          "x HK$0.00\nTotal: HK$500.00\n\nThis amount will be debited from your bank account ending 3307 on "
          f"{dd_mm_yyyy(taken)}.\n\nHarbourPass",
          facts=due_facts("HarbourPass", "500.00", "HKD", taken, "tunnel tolls", "open", autopay="true",
                          plate="LK 2718"))


def _helper(b: DatedBox) -> None:
    agency = ("Bright Hands Employment Agency", "contracts@brighthands-agency.example")
    signing, paid_on = b.at(6, 14, 30), b.today - timedelta(days=12)
    first = b.add("appointment", agency, "Contract renewal - Maricel Dizon", b.sent(15, 15, 20),
                  f"Dear Mrs Chan,\n\nMaricel's employment contract ends on {day_month_year(b.today + timedelta(days=45))}. "
                  f"We have booked the contract renewal signing for {weekday_day_month(signing)} at "
                  f"{clock_ampm(signing)} at our office (Room 1206, Wing Fat Commercial Building, 33 Nathan Road, "
                  "Mong Kok). Both you and Maricel need to come and sign.\n\nPlease bring your HKID, Maricel's HKID "
                  "and passport, and your address proof.\n\nAgency fee for the renewal: HK$6,800, in two instalments: "
                  f"HK$3,400 now and HK$3,400 at the signing on {dd_mm_yyyy(signing)}.\n\nBright Hands Employment "
                  "Agency",
                  facts={"provider": "Bright Hands Employment Agency", "start": signing.isoformat(),
                         "status": "confirmed", "kind": "contract signing", "person": MARICEL[0]})
    b.add("receipt", agency, "Re: Contract renewal - Maricel Dizon (receipt)", b.sent(12, 17, 5),
          f"Dear Mrs Chan,\n\nWe received your first instalment of HK$3,400 by FPS on {dd_mm_yyyy(paid_on)}. Thank "
          f"you.\n\nBalance: HK$3,400, payable at the signing on {weekday_day_month(signing)}.\n\nReceipt no. "
          "BH-R-20418\n\nBright Hands Employment Agency",
          reply_to=first,
          facts={"shop": "Bright Hands Employment Agency", "amount": "3400.00", "currency": "HKD", "status": "paid",
                 "paid_on": paid_on.isoformat(), "balance": "3400.00", "balance_due": signing.date().isoformat()})


def _health(b: DatedBox) -> None:
    clinic = ("Shing Mun Diabetes Centre", "appointments@shingmun-dm.example")
    visit = b.at(1, 9, 15)
    b.booking(clinic, "clinic", visit, "Follow-up appointment reminder 覆診提示", b.sent(9, 10, 0),
              f"Dear Ms Chan (contact person),\n\nPatient: LEE SIU FONG\nClinic: Diabetes follow-up, Shing Mun "
              f"Diabetes Centre, 3/F, 18 Tai Wai Road, Sha Tin\nDate: {dd_mm_yyyy(visit)}\nTime: {visit:%H:%M}\n\n"
              "Please bring your blood test slip and your medicine, and arrive 30 minutes before your appointment "
              "time for the weight and blood pressure check. Please fast for 8 hours before if a blood test is "
              "needed.\n\n請帶備驗血紙及藥物, 並於預約時間前30分鐘到達.\n\nShing Mun Diabetes Centre",
              person=MUM[0], arrive=(visit - timedelta(minutes=30)).isoformat())

    dentist = ("Pearl Smile Dental", "reception@pearlsmile-dental.example")
    cleaning = b.at(2, 18, 45)
    b.booking(dentist, "dentist", cleaning, "Appointment confirmed: scaling and polishing", b.sent(11, 13, 30),
              f"Dear Mandy Chan,\n\nYour appointment at Pearl Smile Dental is confirmed.\n\nDate: "
              f"{weekday_day_month(cleaning)} {cleaning:%Y}\nTime: {cleaning:%H%M}\nDentist: Dr. Kwok Hoi Yan\n"
              "Treatment: scaling and polishing (cleaning)\nFee: HK$850\n\nPearl Smile Dental, Shop 12, 1/F, Kwun "
              "Tong Plaza. Please tell us 24 hours before if you need to change it.\n\nPearl Smile Dental")

    salon = ("Studio Ivy Hair", "booking@studioivyhair.example")
    hair = b.at(6, 16, 0)
    b.booking(salon, "hair", hair, "✅ Booking confirmed - Studio Ivy Hair", b.sent(3, 22, 41),
              f"Hi Mandy! 👋\n\n✅ Your booking is confirmed\n📅 {_day_slash(hair)} {hair:%H:%M}\n💇 Cut + scalp "
              "treatment with Kenji\n💰 HK$680\n📍 Studio Ivy Hair, 2/F, 48 Hoi Yuen Road, Kwun Tong\n\nReply C to "
              "cancel. See you! 😊\n\nStudio Ivy Hair")


def _school(b: DatedBox) -> None:
    cedar = ("Cedar Grove Primary School", "admissions@cedargrove-ps.example")
    was, moved = b.at(4, 10, 0), b.at(13, 9, 30)
    b.moved_booking(
        cedar, "school interview", was, moved,
        ("Primary One admission interview 小一入學面試", b.sent(18, 16, 0),
         f"Dear Parent,\n\nApplicant: LAU CHUN HEI JAYDEN\nApplication no.: P1-2028-0417\n\nThe Primary One "
         f"admission interview is on {weekday_day_month(was)} {was:%Y} at {was:%H:%M}. Please arrive 15 minutes "
         "early at the school hall. One parent accompanies the child.\n\nCedar Grove Primary School, 9 Lok Wah Street, "
         "Kwun Tong"),
        ("Change of interview date 面試日期更改 - P1-2028-0417", b.sent(2, 15, 10),
         f"Dear Parent,\n\nDue to the school's arrangements, the interview for LAU CHUN HEI JAYDEN on "
         f"{weekday_day_month(was)} is moved to {weekday_day_month(moved)} {moved:%Y} at {moved:%H:%M}. Other "
         "arrangements are unchanged. Please reply to confirm you can attend.\n\nCedar Grove Primary School"))

    maple = ("Maple Ridge Primary School", "p1admission@mapleridge-ps.example")
    interview = b.at(6, 10, 40)
    notice = (f"Dear Mr Lau,\n\nThank you for applying to Maple Ridge Primary School. Your child LAU CHUN HEI "
              f"(application MR-P1-1183) is invited to an interview.\n\nDate: {dd_mm_yyyy(interview)} "
              f"({interview:%A})\nTime: {interview:%H:%M}\nPlace: Maple Ridge Primary School, 2 Po Lam Road North, "
              "Tseung Kwan O\n\nPlease arrive 20 minutes early. Bring the child's birth certificate and the "
              "kindergarten report.\n\nMaple Ridge Primary School")
    b.add("forwarded", KELVIN, "Fwd: Primary One interview invitation - MR-P1-1183", b.sent(1, 21, 50),
          forwarded("Mandy, Maple Ridge interview is Sat morning. I have sports day at school Sat, can you take "
                    "Jayden? The report is in the blue folder.", GMAIL, maple, b.sent(7, 12, 30), KELVIN,
                    "Primary One interview invitation - MR-P1-1183", notice),
          facts={"provider": "Maple Ridge Primary School", "start": interview.isoformat(),
                 "kind": "school interview", "status": "confirmed"})

    closed, parents_day = b.today + timedelta(days=3), b.at(4, 16, 20)
    b.add("school", KINDERGARTEN, "Circular 通告 K3/2027-14: staff development day and parents' day",
          b.sent(4, 14, 30),
          f"Dear Parents 親愛的家長,\n\n1. No school day 停課: the kindergarten will be closed on "
          f"{weekday_day_month(closed)} for the staff development day. There are no classes and no school bus that "
          "day.\n\n2. Parents' day 家長日: Parents' day for K3 is on "
          f"{weekday_day_month(parents_day)}. Your appointment with the class teacher, Miss Wong, is at "
          f"{_short(parents_day)} (15 minutes) in K3 Sunflower Class. We will share your child's portfolio.\n\n3. "
          "Please return the reply slip of the graduation photo by Friday.\n\nLittle Acorns Kindergarten",
          facts={"provider": "Little Acorns Kindergarten", "start": parents_day.isoformat(), "kind": "parents day",
                 "closed": closed.isoformat(), "pupil": "Jayden"})


def _travel(b: DatedBox) -> None:
    air = ("Jade Crane Airways", "itinerary@jadecrane.example")
    out_was, out_arr_was = b.at(47, 8, 40), b.at(47, 13, 15, OSAKA)
    out, out_arr = b.at(47, 10, 5), b.at(47, 14, 40, OSAKA)
    back, back_arr = b.at(51, 14, 50, OSAKA), b.at(51, 17, 35)
    booked = b.add("flight", air, "Booking confirmation - Hong Kong to Osaka (JCX4Q7)", b.sent(26, 21, 5),
                   f"Dear MS CHAN WING SZE,\n\nThank you for flying with Jade Crane Airways.\n\nBooking reference: "
                   f"JCX4Q7\n\nFlight   Date   From   To   Depart   Arrive\nJC 512   {dd_mm_yyyy(out_was)}   Hong Kong "
                   f"(HKG) T1   Osaka Kansai (KIX) T1   {out_was:%H:%M}   {out_arr_was:%H:%M}\nJC 515   "
                   f"{dd_mm_yyyy(back)}   Osaka Kansai (KIX) T1   Hong Kong (HKG) T1   {back:%H:%M}   "
                   f"{back_arr:%H:%M}\n\nAll times are local.\nPassengers: MS CHAN WING SZE, MR LAU KA WING, MSTR "
                   "LAU CHUN HEI\nCabin: Economy, 20 kg checked baggage each\nTotal fare: HK$9,876.00\n\nJade Crane "
                   "Airways",
                   facts={"provider": "Jade Crane Airways", "start": out_was.isoformat(), "status": "confirmed",
                          "kind": "flight", "flight": "JC 512", "reference": "JCX4Q7", "amount": "9876.00",
                          "currency": "HKD", "superseded": "rescheduled"})
    b.add("flight_addon", air, "Your add-ons are confirmed - JCX4Q7", b.sent(24, 19, 40),
          "Dear MS CHAN WING SZE,\n\nYour add-ons for booking JCX4Q7 are confirmed.\n\nSeats (JC 512 and JC 515): 32A, "
          "32B, 32C\nExtra checked bag: 1 x 23 kg (JC 512 and JC 515)\nAdd-on total: HK$720.00 (seats HK$300.00, "
          "bag HK$420.00), charged to Visa ending 6621\n\nJade Crane Airways",
          reply_to=booked,
          facts={"provider": "Jade Crane Airways", "kind": "add-on", "seats": "32A 32B 32C", "amount": "720.00",
                 "currency": "HKD", "reference": "JCX4Q7"})
    b.add("flight_change", air, "Your flight time has changed - JC 512 on " + wkday_day_mon(out),
          b.sent(1, 16, 25),
          f"Dear MS CHAN WING SZE,\n\nYour flight time has changed.\n\nBooking reference: JCX4Q7\nFlight JC 512, "
          f"{wkday_day_mon(out)} {out:%Y}, Hong Kong (HKG) to Osaka Kansai (KIX)\n\nNEW: departs {out:%H:%M}, arrives "
          f"{out_arr:%H:%M}\nWAS: departs {out_was:%H:%M}, arrives {out_arr_was:%H:%M}\n\nYour seats and bags are "
          "unchanged. Your flight home JC 515 is not affected. If the new time does not suit you, you can change "
          "or refund your booking free of charge in Manage Booking.\n\nJade Crane Airways",
          reply_to=booked,
          facts={"provider": "Jade Crane Airways", "start": out.isoformat(), "was": out_was.isoformat(),
                 "arrive": out_arr.isoformat(), "status": "rescheduled", "kind": "flight", "flight": "JC 512",
                 "return": back.isoformat(), "return_arrive": back_arr.isoformat()})

    check_in, check_out = b.at(47, 15, 0, OSAKA), b.at(51, 11, 0, OSAKA)
    b.stay_booking(
        ("Hotel Sakura Dotonbori", "reserve@sakura-dotonbori.example"), "Reservation confirmed - SD-5528107",
        b.sent(25, 23, 10),
        f"Dear Ms Chan,\n\nThank you for your reservation.\n\nConfirmation number: SD-5528107\nCheck-in: "
        f"{day_month_year(check_in)} from 15:00\nCheck-out: {day_month_year(check_out)} by 11:00\nRoom: Family "
        "Triple, non-smoking, 4 nights\nGuests: 2 adults, 1 child\nTotal: JPY 88,400 (tax included), payable at the "
        "hotel\nAccommodation tax: JPY 200 per person per night, paid at the hotel\n\nFree cancellation until 3 days "
        "before check-in. 1-7-9 Dotonbori, Chuo-ku, Osaka.\n\nHotel Sakura Dotonbori",
        f"<p>Confirmation SD-5528107</p><p>{day_month_year(check_in)} - {day_month_year(check_out)}</p>"
        "<p>Total ¥88,400</p>",
        number="SD-5528107", guest="Chan Wing Sze", check_in=check_in, check_out=check_out,
        place="Hotel Sakura Dotonbori", street="1-7-9 Dotonbori, Chuo-ku", locality="Osaka", country="JP",
        amount="88400", currency="JPY")


def _family_and_work(b: DatedBox) -> None:
    lunch = b.at(7, 12, 0)
    b.table_booking(
        ("TableTap", "noreply@tabletap-hk.example"), "Booking confirmed: Golden Lotus Seafood Restaurant",
        b.sent(13, 20, 15),
        f"Hi Mandy,\n\nYour table is confirmed!\n\nGolden Lotus Seafood Restaurant 金蓮海鮮酒家\nShop 301, Sha Tin "
        f"Town Square, Sha Tin\n{weekday_day_month(lunch)} at {lunch:%H:%M} (Mother's Day dim sum)\nGuests: 8\n"
        "Booking no.: TT-880241\nDeposit paid: HK$500 (taken off the bill)\n\nTables are held for 15 minutes. "
        "Mother's Day minimum spend HK$250 per person.",
        f"<h2>Table confirmed</h2><p><b>Golden Lotus Seafood Restaurant</b>, Sha Tin Town Square</p>"
        f"<p>{weekday_day_month(lunch)} at {lunch:%H:%M}, 8 guests</p>",
        number="TT-880241", guest="Mandy Chan", party=8, start=lunch, place="Golden Lotus Seafood Restaurant",
        street="Shop 301, Sha Tin Town Square", locality="Sha Tin", deposit="500.00")

    dinner, meet = b.at(5, 19, 30), b.at(5, 19, 0)
    plan = b.add("personal", CARMEN, "Alan's farewell dinner", b.sent(5, 12, 40),
                 f"Hi all,\n\nAlan's last day is next Friday, so farewell dinner on Fri {dinner.day}/{dinner.month} at "
                 f"{_short(dinner)}, Spice Alley, 21 Hanoi Road, Tsim Sha Tsui. Around $380 per head, I will collect "
                 "after.\n\nCarmen",
                 facts={"person": CARMEN[0], "start": dinner.isoformat(), "kind": "dinner"})
    b.add("personal", CARMEN, "Re: Alan's farewell dinner", b.sent(0, 18, 5),
          "Mandy, we meet at 7 at the Tsim Sha Tsui exit B, ok? Then walk over together, the table is at 7:30.\n\n"
          "> Which MTR exit should we meet at?\n\nCarmen",
          reply_to=plan, facts={"person": CARMEN[0], "start": meet.isoformat(), "kind": "meeting point"})

    closing = b.at(3, 18, 0)
    review = b.at(4, 10, 0)
    b.add("personal", PATRICK, "April month-end closing", b.sent(2, 17, 30),
          "Hi Mandy,\n\nFor the April closing, please send me the AP accruals and the intercompany reconciliation by "
          f"EOD Wed ({closing.day}/{closing.month}). The closing review with the CFO is on "
          f"{weekday_day_month(review)} at 10:00 in Meeting Room 3.\n\nThanks,\nPatrick",
          facts={"person": PATRICK[0], "start": review.isoformat(), "deadline": closing.isoformat(),
                 "kind": "deadline"})

    call_there = b.at(7, 8, 0, MANCHESTER)
    b.add("personal", IVAN, "video call on Mother's Day", b.sent(1, 23, 55),
          "Jie, let's do the video call with Mum on Mother's Day. Sun 8am my time ok? That's your afternoon, after "
          "yum cha. I'll send the link on WhatsApp. Did my parcel to her arrive?\n\nIvan",
          facts={"person": IVAN[0], "start": call_there.isoformat(), "kind": "video call"})

    off = b.today + timedelta(days=7)
    b.add("personal", MARICEL, "day off Sunday", b.sent(0, 9, 20),
          f"Good morning ma'am. Can I take my day off on Sunday {off.day} May as usual? My cousin birthday in "
          "Central. I will prepare Jayden snack for Saturday interview before. Also for contract signing Saturday "
          "2:30pm I bring my passport. Thank you po.\n\nMaricel",
          facts={"person": MARICEL[0], "kind": "day off", "date": off.isoformat()})

    sports = b.at(6, 8, 0)
    b.add("personal", KELVIN, "Sat", b.sent(0, 16, 10),
          "Sat I have sports day at school, 8 to 1, can't go to Jayden's interview. After that I come home. "
          "Dinner Sat at your mum's place ok?\n\nKelvin",
          facts={"person": KELVIN[0], "start": sports.isoformat(), "kind": "sports day"})

    parcel = ("Bamboo Basket", "orders@bamboobasket-shop.example")
    pick_by = b.today + timedelta(days=3)
    b.add("delivery", parcel, "Your order BB-7719302 is ready for pickup", b.sent(0, 13, 5),
          f"Hi Mandy,\n\nYour order BB-7719302 (Mother's Day gift box, 1 item) has arrived at the locker.\n\nLocker: "
          "SwiftBox, Kwun Tong MTR Station Exit A2\nPickup code: 7390 2264\nPick up by: "
          f"{dd_mm_yyyy(pick_by)} 23:59\n\nUncollected parcels are returned to the sender after the pickup date.\n\n"
          "Bamboo Basket",
          facts={"shop": "Bamboo Basket", "kind": "parcel", "pick_by": pick_by.isoformat(), "order": "BB-7719302"})


def _threads(b: DatedBox) -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (MUM, 0, 15, 45, "聽日",
         "阿詩, 聽日 I go clinic 早上, you don't need come. Auntie Mei go with me, she drive. 驗血紙 I have already. "
         "Sunday yum cha I tell everybody 12 o'clock, don't late. Jayden interview 加油!\n\nMum"),
        (IVAN, 9, 22, 30, "Manchester",
         "Jie, exams finish on 21 May then I'm free. Weather still cold here. Send my love to Jayden.\n\nIvan"),
    )


LURES = (
    Lure(("Harbourlight Bank Security", "security@harbourlight-verify.example"),
         "Your account is suspended - verify now", (1, 6, 20),
         "Dear customer, unusual activity was found and your Harbourlight account is suspended. Verify your identity "
         "within 12 hours at http://harbourlight-verify.example/login with your username, password and one-time "
         "password, or your account will be closed.", "bank"),
    Lure(("HK Parcel Post", "customs@hkparcel-dutyfee.example"), "Parcel on hold: customs fee unpaid", (2, 8, 5),
         "Your parcel is on hold at the customs office. A customs fee of HK$18.50 is unpaid. Pay within 24 hours at "
         "http://hkparcel-dutyfee.example/pay or your parcel will be destroyed.", "customs"),
    Lure(("HarbourPass Notice", "notice@harbourpass-unpaid.example"), "Unpaid tunnel fee - HK$48", (3, 7, 45),
         "HarbourPass: your vehicle passed a toll tunnel and the tunnel fee of HK$48 is unpaid. Pay today at "
         "http://harbourpass-unpaid.example/toll to avoid a penalty of HK$320.", "toll"),
    Lure(("Inland Revenue Refunds", "refund@ird-taxrefund-gov.example"), "You are eligible for a tax refund of "
         "HK$3,860", (5, 10, 30),
         "Inland Revenue: after the annual calculation you are eligible for a salaries tax refund of HK$3,860. Submit "
         "your bank card details at http://ird-taxrefund-gov.example/claim within 48 hours to receive it.", "refund"),
    Lure(("StreamNest", "billing@streamnest-accounts.example"), "Payment failed - your membership is on hold",
         (0, 11, 15),
         "We couldn't process your payment of HK$78 for StreamNest. Update your card details at "
         "http://streamnest-accounts.example/update within 24 hours to keep watching.", "streaming"),
)


NEWSLETTERS = (
    ("Fresh Harbour Supermarket", "offers@freshharbour.example", 3,
     ["Mother's Day flowers and cakes", "weekend seafood deals", "rice and noodles 2 for 1"]),
    ("Jade Crane Airways", "offers@jadecrane.example", 1,
     ["summer fares to Osaka and Tokyo", "double miles this month", "Bangkok from HK$1,280"]),
    ("K3 Parents Weekly", "hello@k3parents.example", 5,
     ["primary one interview tips", "reading at home", "summer classes"]),
)

PROMO = banner_style("{name} | {topic}", "View this email online. Unsubscribe from these emails.", "#b3202a",
                     hour=8, minutes=(5, 55))


CARD_ALERTS = AlertCard(("Harbourlight Bank", "alerts@harbourlightbank.example"), "Harbourlight card transaction",
                        "6621", "HKD", lambda amount, merchant, when: f"Harbourlight Bank: A purchase of HK$"
                        f"{amount:,.2f} was made with your Platinum Visa ending 6621 at {merchant} on "
                        f"{dd_mm_yyyy(when)} {when:%H:%M}. Not you? Call 2555 0188.")

MERCHANTS = ("FRESH HARBOUR SUPERMARKET", "MAXWELL CAFE KWUN TONG", "HEALTHPLUS PHARMACY", "CITYLINE TAXI",
             "BAMBOO BASKET ONLINE")


def _other(b: DatedBox) -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("Swiftharbour Logistics HR", "hr@swiftharbour-logistics.example", "Office closure for lift works",
         "The 12/F office lifts will be under maintenance this Saturday. Please use the lifts in Tower 2."),
        ("Harbourlight Bank", "news@harbourlightbank.example", "Stay alert to scams",
         "Harbourlight Bank will never ask for your password or one-time password by email or SMS."),
    )


def generate(now: datetime, seed: int = 7, days: int = 30) -> list[SampleMessage]:
    """Mandy Chan's mailbox: about 60 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what her card statement leaves for
    her to pay after autopay, when her mother's clinic is, when Jayden's moved interview is, what time the Osaka
    flight leaves now) have the same answers for every seed, counted from `now`'s date in Hong Kong.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 30:
        raise ValueError("the twenty-first sample needs at least 30 days of mail")
    b = _box(now, seed, days)
    for part in (_cards, _home, _helper, _health, _school, _travel, _family_and_work):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Jade Crane Airways",))
    b.card_alerts(CARD_ALERTS, 4, first_hour=10, hours=10, spend=(38, 650), merchants=MERCHANTS)
    b.letters(_threads(b), lambda who: "")
    b.notices(_other(b), 2, every=6, first=4)
    return b.messages()
