"""An eighteenth sample mailbox, of an eighteenth person in an eighteenth place: Frank Kowalczyk, 72, a retired
high-school shop teacher in Chicago, married to Dorothy ("Dot"). Their daughter Karen lives in Milwaukee with her son
Tyler (11); their son Mike lives in Phoenix (Arizona keeps no daylight time, so he is two hours behind Chicago
now). The mailbox is read on the Tuesday after US daylight time began (Sunday 14 March 2027), the day before St.
Patrick's Day, a month before tax day (Thursday 15 April).

The mix, all invented: a Medicare Advantage plan's explanation of benefits (not a bill) and its monthly premium (a
bill); a pharmacy's prescription ready for pickup (held until a date) and an auto-refill; a cardiologist who moves
a follow-up; fasting blood work at a lab; an eye surgeon's cataract pre-op visit and the surgery's date (arrive 90
minutes early, a driver needed); hearing-aid batteries ordered and shipped; the second installment of the property
tax; an electric bill on autopay; a gas heating bill overdue and its final notice; a city water bill (every other
month); a condo association's monthly assessment and a special assessment; a teachers' pension deposit and a
federal benefit notice; a credit card statement in an HTML table and a hardware store's card; a furnace tune-up
with an arrival window; an oil change; a tax preparer's appointment and the papers to bring; a library hold ready;
a church fish fry and a food pantry shift in a friend's and a coordinator's plain words; his grandson's band
concert told by his daughter (with a reply quoting his question); his wife's book club forwarded from Outlook by
her; a spring cruise (a flight Chicago -> Fort Lauderdale, an hour ahead, changed by the airline; a Canadian cruise
line writing dates day first); five lures (a Medicare card replacement fee, a grandson in trouble asking for gift
cards, a pharmacy refund, a tax refund, a parcel held for postage); newsletters and card alerts. Amounts are
written "$1,250.00", "USD 1,250", "$1.2k" and "1250 dollars"; dates month first ("03/16/2027", "March 16, 2027",
"Tues 3/16"), day first in the cruise line's mail ("17/04/2027").

The facts a person would ask about do not depend on the seed: they are fixed relative to `now`'s date in Chicago.
The seed varies the filler (card alerts, the minutes of newsletters). Every message has a `kind` label and `facts`
an evaluation can check, and a stable Message-ID `<kind-NNNN.SEED@eighteenth.steward.example>`. Only mail received
is here (an inbox export): none he sent.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from steward.sample.builder import (
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
    dd_mm_yyyy,
    mm_dd_yyyy,
    month_day_year,
    weekday_month_day,
    wkday_mon_day,
)

DOMAIN = "eighteenth.steward.example"
ME = ("Frank Kowalczyk", "frank.kowalczyk@lakemail-demo.example")
CHICAGO = ZoneInfo("America/Chicago")  # CDT (UTC-5) since 14 March 2027
EASTERN = ZoneInfo("America/New_York")  # Fort Lauderdale: an hour ahead of Chicago
PHOENIX = ZoneInfo("America/Phoenix")  # MST all year: two hours behind Chicago in summer time
ZONE = "America/Chicago"  # the person's own clock

FOOTER = ("This message was sent to you as a customer. Please do not reply to this automated email. The people, "
          "companies and numbers in this mailbox are invented.")

DOT = ("Dorothy Kowalczyk", "dot.kowalczyk@lakemail-demo.example")  # his wife
KAREN = ("Karen Schultz", "karen.schultz@brewcitymail-demo.example")  # his daughter, in Milwaukee
MIKE = ("Mike Kowalczyk", "mike.kowalczyk@desertmail-demo.example")  # his son, in Phoenix
STAN = ("Stan Nowak", "stan.nowak1951@lakemail-demo.example")  # an old friend from the parish
BARB = ("Barb Jensen", "barb@goodneighborpantry.example")  # the food pantry's volunteer coordinator
MARGE = ("Marge Hoffmann", "marge.hoffmann@lakemail-demo.example")  # hosts Dot's book club


def _tues(d: date | datetime) -> str:
    """Tues 3/16: a weekday's short name and the month and day, as a reminder card writes them."""
    short = {0: "Mon", 1: "Tues", 2: "Wed", 3: "Thurs", 4: "Fri", 5: "Sat", 6: "Sun"}[d.weekday()]
    return f"{short} {d.month}/{d.day}"


def _box(now: datetime, seed: int, days: int) -> DatedBox:
    return DatedBox(now, seed, days, me=ME, zone=CHICAGO, domain=DOMAIN, footer=FOOTER, ics_name="appointment.ics",
                    prodid="-//Lakeshore Heart Associates//Scheduling 3.2//EN", ics_stamp="20270301T140000Z")


PAGE = "font-family:Verdana,Arial,sans-serif;font-size:14px;color:#222"


def _utilities(b: DatedBox) -> None:
    gas = ("Northern Hearth Gas Company", "billing@northernhearthgas.example")
    was_due, shut = b.today - timedelta(days=18), b.today + timedelta(days=10)
    first = b.add("bill", gas, "Your Northern Hearth Gas bill is ready - account 4410 2287 651", b.sent(23, 7, 10),
                  f"Dear FRANK KOWALCZYK,\n\nYour natural gas bill for service at 5127 W. Belmont Ave, Unit 3B is "
                  f"ready.\n\nAccount number: 4410 2287 651\nService period: {mm_dd_yyyy(b.today - timedelta(days=54))} - "
                  f"{mm_dd_yyyy(b.today - timedelta(days=25))}\nTherms used: 184"
                  f"\nGas supply charge: $151.20\nDelivery charge: $98.64\nTaxes and fees: $37.61\nTotal amount due: "
                  f"$287.45\nDue date: {mm_dd_yyyy(was_due)}\n\nPay online, by phone or at any authorized payment "
                  "location.\n\nNorthern Hearth Gas Company",
                  facts=due_facts("Northern Hearth Gas Company", "287.45", "USD", was_due, "gas", "overdue",
                                  account="4410 2287 651", superseded="final notice"))
    b.add("bill", gas, "FINAL NOTICE - past due balance on account 4410 2287 651", b.sent(1, 10, 5),
          f"FINAL NOTICE\n\nDear Customer,\n\nOur records show a past due balance of $287.45 on your account "
          f"4410 2287 651. Payment was due {month_day_year(was_due)}.\n\nTo avoid interruption of your gas service, "
          f"please pay the past due amount by {month_day_year(shut)}. If service is shut off, a reconnection charge "
          "of $65.00 and a deposit may be required.\n\nIf you cannot pay in full, call us about a payment plan at "
          "1-800-555-0147. If you have already paid, thank you and please disregard this notice.\n\nNorthern "
          "Hearth Gas Company",
          reply_to=first,
          facts=due_facts("Northern Hearth Gas Company", "287.45", "USD", was_due, "gas", "overdue",
                          account="4410 2287 651", shutoff=shut.isoformat()))

    power = ("Calumet Power & Light", "ebill@calumetpower.example")
    draft = b.today + timedelta(days=8)
    rows = (("Account", "88-1043-2271"), ("Billing period", f"{mm_dd_yyyy(b.today - timedelta(days=33))} - "
                                                       f"{mm_dd_yyyy(b.today - timedelta(days=4))}"), ("Usage", "412 kWh"),
            ("Amount due", "<b>$94.62</b>"), ("AutoPay date", f"<b>{mm_dd_yyyy(draft)}</b>"))
    html = banner_page("Calumet Power &amp; Light",
                       "<p>Hello Frank,</p><p>Your electric bill is ready. No action needed: the amount due will be "
                       "paid automatically from your checking account ending 7781 on the AutoPay date.</p>"
                       + summary_table(rows), "Calumet Power &amp; Light, Chicago, IL.",
                       page=PAGE, banner="background:#f2a900;color:#000;padding:12px;font-size:20px", pad="12px")
    b.add("bill", power, "Your bill is ready - AutoPay scheduled", b.sent(3, 6, 30), None, html=html,
          facts=due_facts("Calumet Power & Light", "94.62", "USD", draft, "electricity", "open", autopay="true",
                          account="88-1043-2271"))

    water = ("Metro Water Department", "billing@metrowater-city.example")
    due = b.today + timedelta(days=17)
    ends = b.today.replace(day=1) - timedelta(days=1)
    starts = (ends.replace(day=1) - timedelta(days=1)).replace(day=1)
    b.add("bill", water, "Water and sewer bill - account 300 518 442", b.sent(6, 8, 0),
          f"CITY WATER AND SEWER BILL\n\nAccount: 300 518 442\nService address: 5127 W BELMONT AVE 3B\nBilling "
          f"period: {month_day_year(starts)} to {month_day_year(ends)} (bills are issued every two months)\n\nWater: $52.18\n"
          f"Sewer: $46.96\nWater-sewer tax: $19.22\nTotal due: $118.36\nDue date: {mm_dd_yyyy(due)}\n\nA late "
          "penalty of 1.25% per month applies after the due date. Seniors 65 and over may qualify for a senior "
          "discount; call 311.\n\nMetro Water Department",
          facts=due_facts("Metro Water Department", "118.36", "USD", due, "water", "open", account="300 518 442"))


def _home(b: DatedBox) -> None:
    treasurer = ("Metro County Treasurer", "propertytax@metrocountytreasurer.example")
    due = b.today + timedelta(days=16)
    year = b.today.year - 1
    b.add("bill", treasurer, f"{year} Second Installment Property Tax Bill - PIN 13-20-411-027-1009", b.sent(9, 9, 15),
          f"METRO COUNTY TREASURER\n\n{year} Second Installment Property Tax Bill (payable in {b.today.year})\n\nProperty index "
          "number: 13-20-411-027-1009\nProperty location: 5127 W BELMONT AVE UNIT 3B CHICAGO IL\nTaxpayer: FRANK & "
          f"DOROTHY KOWALCZYK\n\nSecond installment amount: $2,846.17\nDue on or before: {month_day_year(due)}\n"
          "Exemptions applied: Homeowner, Senior Citizen, Senior Freeze\n\nLate payments are charged interest of 1.5% "
          "per month. Pay online, at any participating bank or by mail.\n\nMetro County Treasurer",
          facts=due_facts("Metro County Treasurer", "2846.17", "USD", due, "property tax", "open",
                          pin="13-20-411-027-1009"))

    condo = ("Belmont Terrace Condominium Association", "board@belmontterracecondo.example")
    monthly = b.today + timedelta(days=16)
    b.add("bill", condo, f"{monthly:%B} assessment - Unit 3B", b.sent(4, 12, 0),
          f"Dear Owner of Unit 3B,\n\nYour {monthly:%B} monthly assessment of $385.00 is due {mm_dd_yyyy(monthly)}. Checks "
          "payable to Belmont Terrace Condominium Association may be left in the drop box in the lobby. A late fee "
          "of $25.00 applies after the 10th.\n\nKeystone Property Management, for the Board",
          facts=due_facts("Belmont Terrace Condominium Association", "385.00", "USD", monthly, "condo assessment",
                          "open", unit="3B"))
    special = b.today + timedelta(days=46)
    b.add("bill", condo, "Special assessment - roof replacement", b.sent(12, 15, 30),
          f"Dear Owners,\n\nAt the {(b.today - timedelta(days=19)):%B} {(b.today - timedelta(days=19)).day} meeting the Board approved a special assessment to replace the "
          "building's roof. Your unit's share is USD 1,450. It is due in full on " + month_day_year(special)
          + f", or in two payments of $725.00 ({monthly:%B} {monthly.day} and {special:%B} {special.day}) if you tell the "
          f"management office by {month_day_year(monthly - timedelta(days=1))}.\n\n"
          "Roofing will start in May, weather permitting.\n\nKeystone Property Management, for the Board",
          facts=due_facts("Belmont Terrace Condominium Association", "1450.00", "USD", special,
                          "special assessment", "open", unit="3B"))

    furnace = ("Northside Comfort Heating & Cooling", "service@northsidecomfort.example")
    visit = b.at(6, 8, 0)
    booked = b.booking(furnace, "furnace tune-up", visit, "Your furnace tune-up is scheduled", b.sent(8, 14, 20),
                       f"Hi Frank,\n\nThanks for calling Northside Comfort. Your spring furnace tune-up is scheduled "
                       f"for {weekday_month_day(visit)}, with an arrival window between 8 and 12. Our technician "
                       "will call about 30 minutes before arriving.\n\nService: furnace safety check and cleaning, "
                       "filter change\nPrice: $129.00 (senior price, due at the visit)\n\nPlease clear a path to "
                       "the furnace closet.\n\nNorthside Comfort Heating & Cooling", end=b.at(6, 12, 0).isoformat(),
                       amount="129.00")
    b.add("appointment", furnace, "Re: Your furnace tune-up is scheduled", b.sent(2, 11, 45),
          f"Hi Frank,\n\nYes, we can take the building's front door buzzer, no problem. Ed will be your technician. "
          f"Still {wkday_mon_day(visit)}, between 8 and 12.\n\n> Will the tech buzz unit 3B? The back door is locked "
          "on weekdays.\n> Frank\n\nNorthside Comfort Heating & Cooling", reply_to=booked,
          facts={"provider": furnace[0], "start": visit.isoformat(), "status": "confirmed",
                 "kind": "furnace tune-up"})

    auto = ("Avondale Auto Care", "reminders@avondaleautocare.example")
    oil = b.at(1, 10, 0)
    b.booking(auto, "oil change", oil, "Appointment reminder: oil change", b.sent(1, 16, 0),
              f"Hello FRANK,\n\nThis is a reminder of your appointment at Avondale Auto Care.\n\nVehicle: 2016 Buick "
              f"LaCrosse\nService: full synthetic oil change and tire rotation\nDate: {month_day_year(oil)}\nTime: "
              f"{clock_ampm(oil)}\nEstimate: $89.99\n\nPlease allow about an hour. Reply C to confirm.\n\nAvondale "
              "Auto Care, 3350 N. Pulaski Rd", amount="89.99")


def _health(b: DatedBox) -> None:
    plan = ("Heartland Health Plans", "memberservices@heartlandhealthplans.example")
    b.add("other", plan, "Your Explanation of Benefits - THIS IS NOT A BILL", b.sent(5, 13, 10),
          "Heartland Senior Advantage (HMO)\nMember: FRANK J KOWALCZYK   Member ID: HSA-7720-45518\n\nEXPLANATION OF "
          f"BENEFITS - THIS IS NOT A BILL\n\nClaim for services on {mm_dd_yyyy(b.today - timedelta(days=26))}\nProvider: Lakeshore Heart Associates "
          "(specialist office visit, EKG)\nAmount billed by provider: $412.00\nPlan approved: $210.00\nPlan paid: "
          "$170.00\nYour share (specialist copay): $40.00\n\nYou may get a bill from your provider for your share. "
          "Do not pay more than the amount shown as your share.\n\nHeartland Health Plans",
          facts={"provider": "Heartland Health Plans", "kind": "explanation of benefits", "not_a_bill": "true",
                 "share": "40.00"})
    premium = b.today + timedelta(days=16)
    b.add("bill", plan, f"Your {premium:%B} premium statement", b.sent(7, 9, 0),
          f"Dear Frank Kowalczyk,\n\nYour monthly premium for Heartland Senior Advantage (HMO) is due.\n\nMember ID: "
          f"HSA-7720-45518\nCoverage month: {premium:%B %Y}\nPremium due: $38.00\nDue date: {mm_dd_yyyy(premium)}\n\n"
          "Pay by phone, online or by check. To have the premium taken from your benefit each month, call Member "
          "Services.\n\nHeartland Health Plans",
          facts=due_facts("Heartland Health Plans", "38.00", "USD", premium, "health premium", "open",
                          member="HSA-7720-45518"))

    rx = ("Neighborly Pharmacy", "rx@neighborlypharmacy.example")
    hold = b.today + timedelta(days=5)
    b.add("other", rx, "Your prescription is ready for pickup", b.sent(0, 7, 55),
          f"Hi FRANK,\n\nYour prescription is ready for pickup at Neighborly Pharmacy #412, 4820 W. Irving Park Rd.\n\n"
          f"Rx #6612087 METOPROLOL SUCC ER 25MG\nCopay: $7.50\n\nWe will hold it until {weekday_month_day(hold)}. "
          "After that it will be returned to stock.\n\nPharmacy hours: Mon-Fri 9am-9pm, Sat-Sun 10am-6pm.\n\n"
          "Neighborly Pharmacy",
          facts={"provider": "Neighborly Pharmacy", "kind": "prescription ready", "hold_until": hold.isoformat(),
                 "amount": "7.50", "medicine": "metoprolol"})
    refill = b.today + timedelta(days=8)
    b.add("other", rx, "Auto-refill scheduled", b.sent(4, 8, 20),
          f"Hi FRANK,\n\nRx #6598114 ATORVASTATIN 40MG is set to auto-refill on {mm_dd_yyyy(refill)}. We'll send a "
          "message when it's ready. Estimated copay: $12.40.\n\nTo skip this refill, reply STOP or call the "
          "pharmacy.\n\nNeighborly Pharmacy",
          facts={"provider": "Neighborly Pharmacy", "kind": "auto-refill", "date": refill.isoformat(),
                 "amount": "12.40", "medicine": "atorvastatin"})

    heart = ("Lakeshore Heart Associates", "scheduling@lakeshoreheart.example")
    was, moved = b.at(2, 14, 0), b.at(7, 10, 15)
    b.moved_booking(
        heart, "cardiologist", was, moved,
        ("Appointment confirmation - Lakeshore Heart Associates", b.sent(20, 11, 30),
         f"Dear Frank Kowalczyk,\n\nYour follow-up visit with Dr. Raymond Pasternak is confirmed for "
         f"{weekday_month_day(was)}, {was:%Y} at {clock_ampm(was)}.\n\nLocation: Lakeshore Heart Associates, 2900 N. "
         "Lake Shore Medical Pavilion, Suite 410\n\nPlease bring your medication list and your blood pressure log. "
         "Arrive 15 minutes early.\n\nLakeshore Heart Associates"),
        ("Your appointment has been rescheduled", b.sent(3, 15, 40),
         f"Dear Frank Kowalczyk,\n\nDr. Pasternak will be out of the office on {weekday_month_day(was)}. We have "
         f"rescheduled your follow-up to {weekday_month_day(moved)}, {moved:%Y} at {clock_ampm(moved)}, same "
         "location (Suite 410).\n\nPlease have your blood work done before this visit so the doctor can review the "
         "results. If the new time does not work, call 312-555-0190.\n\nLakeshore Heart Associates"))

    lab = ("Prairie Diagnostic Labs", "appointments@prairiediagnostic.example")
    draw = b.at(3, 7, 30)
    b.booking(lab, "blood work", draw, "Lab appointment confirmed", b.sent(3, 16, 5),
              f"FRANK KOWALCZYK\n\nYour lab appointment is confirmed.\n\nDate: {mm_dd_yyyy(draw)} ({draw:%A})\nTime: "
              f"{clock_ampm(draw)}\nLocation: Prairie Diagnostic Labs, 6011 N. Milwaukee Ave\nTests: lipid panel, "
              "comprehensive metabolic panel\nOrdered by: Dr. Raymond Pasternak\n\nFASTING REQUIRED: nothing to eat or "
              "drink except water after midnight. Take your usual medicines with water unless your doctor told you "
              "otherwise. Bring your insurance card and photo ID.\n\nPrairie Diagnostic Labs")

    eye = ("North Branch Eye Surgeons", "surgery@northbrancheye.example")
    preop, surgery = b.at(9, 9, 0), b.at(23, 8, 0)
    arrive = surgery - timedelta(minutes=90)
    b.booking(eye, "cataract pre-op", preop, "Cataract surgery: your pre-op visit and surgery date",
              b.sent(10, 10, 40),
              f"Dear Mr. Kowalczyk,\n\nDr. Helen Sato has scheduled your cataract surgery (right eye).\n\nPRE-OP "
              f"VISIT: {weekday_month_day(preop)} at {clock_ampm(preop)} (measurements and eye exam, about 2 hours; "
              f"your eyes will be dilated)\nSURGERY: {weekday_month_day(surgery)} at {clock_ampm(surgery)} at North "
              f"Branch Surgery Center, 4400 N. Elston Ave\n\nOn the day of surgery please arrive 90 minutes early, at "
              f"{clock_ampm(arrive)}. Nothing to eat after midnight the night before. You MUST have a responsible "
              "adult drive you home; you may not drive, take a taxi or a rideshare alone. Start the eye drops "
              "(prescribed at the pre-op visit) 3 days before surgery.\n\nYour estimated share for the surgery: "
              "$250.00, collected on the day.\n\nNorth Branch Eye Surgeons",
              surgery=surgery.isoformat(), arrive=arrive.isoformat(), doctor="Helen Sato")

    b.add("receipt", ("ClearTone Hearing Supply", "orders@clearton-hearing.example"),
          "Your order has shipped - #CT-558210", b.sent(1, 13, 25),
          f"Hi Frank,\n\nGood news, your order #CT-558210 has shipped.\n\n60 x size 312 hearing aid batteries (10 "
          f"packs): $27.95\nShipping: FREE\nTotal charged: $27.95 to Visa ending 3306\n\nEstimated delivery: "
          f"{weekday_month_day(b.today + timedelta(days=2))}\n\nClearTone Hearing Supply",
          facts={"shop": "ClearTone Hearing Supply", "amount": "27.95", "currency": "USD",
                 "delivery": (b.today + timedelta(days=2)).isoformat()})


def _money(b: DatedBox) -> None:
    paid_on = b.today.replace(day=1)
    b.add("other", ("Great Lakes Teachers' Pension Fund", "benefits@greatlakestpf.example"),
          f"Your {paid_on:%B} pension payment", b.sent(15, 6, 0),
          f"Dear Member,\n\nYour monthly retirement annuity was deposited on {mm_dd_yyyy(paid_on)}.\n\nGross annuity: "
          "$4,016.40\nFederal tax withheld: $412.52\nHealth insurance deduction: $191.00\nNet deposit: $3,412.88\n"
          "Deposited to: checking account ending 7781\n\nGreat Lakes Teachers' Pension Fund",
          facts={"provider": "Great Lakes Teachers' Pension Fund", "kind": "pension", "amount": "3412.88",
                 "paid_on": paid_on.isoformat()})
    benefit = b.today + timedelta(days=1)
    b.add("other", ("National Retirement Benefits Administration", "notices@nrba-benefits.example"),
          f"Your benefit payment for {benefit:%B}", b.sent(2, 9, 30),
          f"FRANK J KOWALCZYK\n\nYour monthly benefit of $1,329.40, less the Medicare premium of $202.90, comes to "
          f"$1,126.50. It will be paid to your account ending 7781 on {month_day_year(benefit)}.\n\nYour {benefit:%Y} benefit "
          "includes a 2.4% cost-of-living adjustment.\n\nNational Retirement Benefits Administration",
          facts={"provider": "National Retirement Benefits Administration", "kind": "benefit", "amount": "1126.50",
                 "paid_on": benefit.isoformat()})

    issued, due = b.today - timedelta(days=5), b.today + timedelta(days=24)
    rows = (("Card", "Harborview Rewards Visa ending 3306"), ("Statement date", mm_dd_yyyy(issued)),
            ("Previous balance", "$1,208.77"), ("Payments", "-$1,208.77"), ("Purchases", "$1,642.19"),
            ("New balance", "<b>$1,642.19</b>"), ("Minimum payment due", "<b>$40.00</b>"),
            ("Payment due date", f"<b>{mm_dd_yyyy(due)}</b>"), ("Credit limit", "$12,000.00"))
    html = banner_page("Harborview Bank",
                       "<p>Dear Frank Kowalczyk,</p><p>Your Harborview Rewards Visa statement is ready.</p>"
                       + summary_table(rows) + f"<p>Pay at least the minimum by {mm_dd_yyyy(due)} to avoid a late "
                       "fee of up to $32.00.</p>",
                       "Harborview Bank, N.A. Member FDIC. We will never ask for your PIN or password by email.",
                       page=PAGE, banner="background:#0b3d6e;color:#fff;padding:14px;font-size:20px", pad="14px")
    b.add("statement", ("Harborview Bank", "statements@harborviewbank.example"),
          "Your Harborview Rewards Visa statement is ready", b.sent(5, 6, 45), None, html=html,
          pdf=f"Statement_3306_{issued:%m%d%Y}.pdf",
          facts=due_facts("Harborview Bank", "1642.19", "USD", due, "card", "open", last4="3306", minimum="40.00"))

    store_due = b.today + timedelta(days=12)
    b.add("statement", ("HomeCraft Hardware Card", "statements@homecraftcard.example"),
          "Your HomeCraft Hardware Card statement", b.sent(11, 7, 15),
          f"HomeCraft Hardware Card - account ending 5520\n\nNew balance: $218.40\nMinimum payment due: $29.00\n"
          f"Payment due date: {wkday_mon_day(store_due)}, {store_due:%Y}\n\nPromotional balance: $189.00 (no interest "
          f"if paid in full by {mm_dd_yyyy(date(b.today.year, 6, 30))})\n\nLate payment warning: if we do not receive your minimum payment by the "
          "due date, you may have to pay a late fee of up to $41.00.\n\nHomeCraft Hardware Card, issued by Cascade "
          "Retail Credit",
          facts=due_facts("HomeCraft Hardware Card", "218.40", "USD", store_due, "store card", "open", last4="5520",
                          minimum="29.00"))

    prep = ("Heritage Tax Service", "gloria@heritagetaxservice.example")
    meeting = b.at(14, 13, 30)
    b.booking(prep, "tax preparation", meeting, "Your tax appointment with Gloria", b.sent(9, 17, 5),
              f"Hi Frank and Dot,\n\nYou're all set for {_tues(meeting)} at 1:30 with me at our office, 3921 N. "
              "Harlem Ave.\n\nPlease bring:\n- your SSA-style benefit statement (Form 1099 from the NRBA) for both of "
              f"you\n- the 1099-R from the teachers' pension fund\n- both {b.today.year - 1} property tax bills\n- any medical and "
              "dental receipts, and the Heartland premium total\n- church and charity donation receipts\n- last "
              "year's return and a photo ID for each of you\n\nOur fee is the same as last year, $225.00. The filing "
              f"deadline is {month_day_year(date(b.today.year, 4, 15))}.\n\nGloria Ruiz, EA\nHeritage Tax Service",
              amount="225.00")

    b.add("other", ("Metro Public Library", "holds@metropubliclibrary.example"), "Your hold is ready",
          b.sent(1, 11, 20),
          f"Hello FRANK KOWALCZYK,\n\nThe following item is ready for pickup at the Northwest Branch:\n\n\"The Last "
          f"Lake Freighter\" (large print)\n\nPlease pick it up by {mm_dd_yyyy(b.today + timedelta(days=7))}. "
          "Bring your library card.\n\nMetro Public Library",
          facts={"provider": "Metro Public Library", "kind": "library hold",
                 "pick_up_by": (b.today + timedelta(days=7)).isoformat()})


def _travel(b: DatedBox) -> None:
    air = ("Lakeway Airlines", "itinerary@lakewayair.example")
    out, out_arr = b.at(31, 7, 5), b.at(31, 11, 20, EASTERN)
    new_out, new_arr = b.at(31, 8, 40), b.at(31, 12, 55, EASTERN)
    back, back_arr = b.at(39, 16, 10, EASTERN), b.at(39, 18, 25)
    booked = b.add("flight", air, "Your trip confirmation - Chicago to Fort Lauderdale (KQ4M7T)", b.sent(21, 19, 30),
                   f"Thank you for flying Lakeway Airlines.\n\nConfirmation code: KQ4M7T\nPassengers: FRANK "
                   f"KOWALCZYK, DOROTHY KOWALCZYK\n\nLW 1422  {wkday_mon_day(out)}  Chicago O'Hare (ORD) "
                   f"{clock_ampm(out)}  ->  Fort Lauderdale (FLL) {clock_ampm(out_arr)}\nLW 1437  "
                   f"{wkday_mon_day(back)}  Fort Lauderdale (FLL) {clock_ampm(back)}  ->  Chicago O'Hare (ORD) "
                   f"{clock_ampm(back_arr)}\n\nAll times are local.\nTotal for 2 travelers: $742.60\n\nLakeway "
                   "Airlines",
                   facts={"provider": "Lakeway Airlines", "start": out.isoformat(), "arrive": out_arr.isoformat(),
                          "return": back.isoformat(), "return_arrive": back_arr.isoformat(), "status": "confirmed",
                          "kind": "flight", "flight": "LW 1422", "reference": "KQ4M7T", "amount": "742.60",
                          "superseded": "rescheduled"})
    b.add("flight", air, "Schedule change to your trip KQ4M7T", b.sent(2, 20, 15),
          f"Dear FRANK KOWALCZYK,\n\nWe've made a change to your trip (confirmation KQ4M7T). Your new flight is:\n\n"
          f"NEW: LW 1436  {wkday_mon_day(new_out)}  Chicago O'Hare (ORD) {clock_ampm(new_out)}  ->  Fort Lauderdale "
          f"(FLL) {clock_ampm(new_arr)}\nWAS: LW 1422  {wkday_mon_day(out)}  ORD {clock_ampm(out)}  ->  FLL "
          f"{clock_ampm(out_arr)}\n\nYour return flight LW 1437 is unchanged. Your seats have been kept together. If "
          "the new time does not work for you, you may change to another flight or request a refund.\n\nAll times are "
          "local.\n\nLakeway Airlines",
          reply_to=booked,
          facts={"provider": "Lakeway Airlines", "start": new_out.isoformat(), "arrive": new_arr.isoformat(),
                 "was": out.isoformat(), "status": "rescheduled", "kind": "flight", "flight": "LW 1436",
                 "reference": "KQ4M7T"})

    cruise = ("Maple Crest Cruises", "voyages@maplecrestcruises.example")
    board, ashore = b.at(32, 11, 30, EASTERN), b.at(39, 7, 0, EASTERN)
    b.add("cruise", cruise, "Booking confirmation MC-2270419 - Western Caribbean, 7 nights", b.sent(13, 14, 0),
          f"Dear Mr and Mrs Kowalczyk,\n\nThank you for sailing with Maple Crest Cruises.\n\nBooking: MC-2270419\n"
          f"Ship: Maple Crest Aurora\nVoyage: 7-night Western Caribbean\nEmbarkation: {dd_mm_yyyy(board)}, Port "
          f"Everglades, Fort Lauderdale - boarding from {board:%H:%M}, all aboard 15:30\nDisembarkation: "
          f"{dd_mm_yyyy(ashore)}, Port Everglades, from {ashore:%H:%M}\nStateroom: 7142 (ocean view)\n\nFare for 2 "
          f"guests: USD 2,398.00\nFinal payment received: USD 1,860.00 on {dd_mm_yyyy(b.today - timedelta(days=18))}. Balance: USD 0.00\n\nPassports "
          "are required. Please complete online check-in by "
          f"{dd_mm_yyyy(board - timedelta(days=14))}.\n\nMaple Crest Cruises, Halifax, Nova Scotia",
          facts={"provider": "Maple Crest Cruises", "start": board.isoformat(), "end": ashore.isoformat(),
                 "status": "confirmed", "kind": "cruise", "reference": "MC-2270419", "amount": "2398.00",
                 "currency": "USD", "paid": "true"})


def _people(b: DatedBox) -> None:
    concert = b.at(4, 18, 30)
    asked = b.add("personal", KAREN, "Tyler's band concert", b.sent(4, 20, 10),
                  "Hi Dad,\n\nTyler's spring band concert is Saturday the 20th! Doors at 6, starts 6:30, it's at the "
                  "middle school (Riverbend, on Oak St). He has a little solo on the trumpet, don't tell him I told "
                  "you. You and Mom can stay over with us if you don't want to drive back in the dark.\n\nLove, Karen",
                  facts={"person": KAREN[0], "start": concert.isoformat(), "kind": "concert", "pupil": "Tyler"})
    b.add("personal", KAREN, "Re: Tyler's band concert", b.sent(0, 6, 50),
          "Dad, it's about an hour and a half from your place if 94 behaves, so leave by 4:30 to be safe. Park in "
          f"the lot behind the gym. We'll save you seats.\n\nOn {wkday_mon_day(b.today - timedelta(days=1))}, "
          f"{b.today:%Y} at 7:12 PM Frank Kowalczyk wrote:\n"
          "> What time should we leave? And is there parking at the school?\n\nKaren",
          reply_to=asked, facts={"person": KAREN[0], "start": concert.isoformat(), "kind": "concert"})

    shift = b.at(2, 9, 0)
    b.add("personal", BARB, "Thursday crew", b.sent(1, 18, 40),
          "Hi Frank,\n\nYou're on the Thursday morning crew this week, 9 to noon. We've got a big delivery from the "
          "food bank so we'll need your muscles on the loading dock. Park in the back by the church hall.\n\nThanks "
          "as always,\nBarb\nGood Neighbor Food Pantry",
          facts={"person": BARB[0], "start": shift.isoformat(), "kind": "volunteer shift"})

    fry = b.at(3, 17, 30)
    b.add("personal", STAN, "fish fry Friday", b.sent(0, 7, 20),
          "Frank - fish fry at St. Casimir this Friday, the Holy Name guys are running it. Helen and I are getting "
          "there around 5:30 before the line gets long, come with Dot and we'll grab a table together. $14 a plate, "
          "cod or perch, kids eat for 6. Cash only at the door.\n\nStan",
          facts={"person": STAN[0], "start": fry.isoformat(), "kind": "fish fry"})

    club = b.at(8, 13, 30)
    note = (f"Dear Ladies,\n\nOur next book club is {weekday_month_day(club)} at 1:30 at my house, 6230 W. Addison. We're "
            "discussing \"The Orchard Keeper's Daughter\". I'll make coffee cake, someone bring fruit please.\n\n"
            "Marge")
    b.add("forwarded", DOT, f"FW: Book club {club:%B} {club.day}", b.sent(2, 19, 5),
          forwarded("Frank, this is the book club I told you about. You have to drive me, my knee is still bad. "
                    "We should leave by 1:10.\nDot", OUTLOOK, MARGE, b.sent(6, 10, 12), DOT, f"Book club {club:%B} {club.day}",
                    note),
          facts={"person": DOT[0], "start": club.isoformat(), "kind": "book club"})

    call = b.at(5, 16, 0, PHOENIX)
    b.add("personal", MIKE, "Sunday call", b.sent(0, 5, 30),
          "Hi Pop,\n\nI'll call Sunday at 4 my time (remember you're 2 hours ahead of me now with your daylight "
          "saving). Tell Mom I got the cookies, they survived the mail. Also, the Fort Lauderdale trip: do you guys "
          "want me to book you a car to the airport? Let me know.\n\nMike",
          facts={"person": MIKE[0], "start": call.isoformat(), "kind": "call"})

    bday = b.at(12, 17, 0)
    b.add("forwarded", DOT, "FW: Aunt Irene's 90th", b.sent(1, 20, 30),
          forwarded("Frank, put this on the calendar. We're bringing the pierogi.\nDot", OUTLOOK,
                    ("Joanne Wisniewski", "joanne.wisniewski@lakemail-demo.example"), b.sent(3, 12, 0), DOT,
                    "Aunt Irene's 90th",
                    f"Hi everyone,\n\nMom turns 90! Party is Sunday, {bday:%B} {bday.day} at 5 pm at the Lakeview VFW "
                    "hall. Please let me know by Friday how many are coming.\n\nJoanne"),
          facts={"person": DOT[0], "start": bday.isoformat(), "kind": "birthday party"})


LURES = (
    Lure(("Medicare Card Services", "renewal@medicare-card-update.example"),
         "Action required: your new Medicare card", (3, 4, 45),
         "Your Medicare card is being replaced with a new plastic card. To avoid a lapse in your coverage, confirm "
         "your Medicare number and bank details and pay the $9.95 card replacement fee within 48 hours at "
         "http://medicare-card-update.example/renew.", "medicare"),
    Lure(("Tyler", "tyler.help.now@quickmail-demo.example"), "Grandpa please help", (1, 23, 10),
         "Grandpa it's me Tyler. I'm in trouble and I need help, please don't tell Mom. I need 500 dollars in gift "
         "cards today. Buy Apple or Google Play gift cards at the store and send me pictures of the numbers on the "
         "back. Please hurry, I'm scared.", "family"),
    Lure(("Neighborly Pharmacy Refunds", "refunds@neighborly-rx-refund.example"), "Refund of $64.20 for your order",
         (5, 6, 15),
         "Neighborly Pharmacy: you were overcharged on a recent prescription. A refund of $64.20 is waiting. Enter "
         "your card number and PIN at http://neighborly-rx-refund.example/claim within 24 hours to receive it.",
         "refund"),
    Lure(("Internal Revenue Refund Service", "refunds@irs-taxrefund-online.example"),
         "You are eligible for a tax refund of $812.40", (7, 3, 30),
         "After the last annual calculation of your fiscal activity, you are eligible to receive a tax refund of "
         "$812.40. Submit the form with your Social Security number and bank account at "
         "http://irs-taxrefund-online.example/refund within 3 days or the refund will be cancelled.", "tax"),
    Lure(("US Parcel Delivery Notice", "notice@usparcel-redelivery.example"),
         "Your package is on hold: postage due $1.99", (0, 4, 5),
         "Your package could not be delivered because of unpaid postage of $1.99. Pay now at "
         "http://usparcel-redelivery.example/pay to schedule redelivery, or the package will be returned to the "
         "sender.", "parcel"),
)


NEWSLETTERS = (
    ("Belmont-Cragin Neighbors", "news@belmontcraginneighbors.example", 3,
     ["spring street sweeping schedule", "St. Patrick's Day parade closures", "senior center bingo nights"]),
    ("HomeCraft Hardware", "deals@homecrafthardware.example", 1,
     ["spring tool sale: 20% off saws", "lawn and garden kickoff", "workshop class: building a birdhouse"]),
    ("Golden Years Travel", "offers@goldenyearstravel.example", 5,
     ["river cruises for seniors", "Branson show packages", "fall foliage motorcoach tours"]),
)

PROMO = banner_style("{name} | {topic}", "View in your browser. Unsubscribe or manage your preferences.", "#2e5d34",
                     hour=6, minutes=(5, 55))

CARD_ALERTS = AlertCard(("Harborview Bank", "alerts@harborviewbank.example"), "Harborview card purchase alert",
                        "3306", "USD", lambda amount, merchant, when: f"Harborview Bank: A purchase of "
                        f"${amount:,.2f} was made on your Rewards Visa ending 3306 at {merchant} on "
                        f"{mm_dd_yyyy(when)} at {clock_ampm(when)}. Not you? Call 1-800-555-0112.")

MERCHANTS = ("JEWEL FOOD STORE 3321", "HOMECRAFT HARDWARE 112", "SHELL OIL 5740", "PORTILLO'S STYLE BEEF",
             "NEIGHBORLY PHARMACY 412")


def _other() -> tuple[tuple[str, str, str, str], ...]:
    """Other machine mail: (sender name, address, subject, text)."""
    return (
        ("St. Casimir Parish", "office@stcasimirparish.example", "This week at St. Casimir",
         "Stations of the Cross Fridays at 7 pm. Lenten fish fry every Friday in the church hall, 4:30 to 7:30 pm."),
        ("Belmont Terrace Condominium Association", "board@belmontterracecondo.example", "Recycling pickup",
         "Starting in April, recycling carts go out to the alley on Wednesday nights instead of Monday nights."),
    )


def generate(now: datetime, seed: int = 7, days: int = 24) -> list[SampleMessage]:
    """Frank Kowalczyk's mailbox: about 65 messages over the `days` before `now` (aware), oldest first.

    The same inputs give the same bytes. The questions a person would ask of it (what the gas company is owed and
    by when it must be paid, whether the electric bill needs paying, when the heart doctor is now, when the flight to
    Fort Lauderdale leaves and lands, what to bring to the tax preparer) have the same answers for every seed,
    counted from `now`'s date in Chicago.
    """
    if now.tzinfo is None:
        raise ValueError("generate() needs an aware `now`")
    if days < 24:
        raise ValueError("the eighteenth sample needs at least 24 days of mail")
    b = _box(now, seed, days)
    for part in (_utilities, _home, _health, _money, _travel, _people):
        part(b)
    b.lures(LURES)
    b.newsletters(NEWSLETTERS, PROMO, fortnightly=("Golden Years Travel",))
    b.card_alerts(CARD_ALERTS, 4, first_hour=9, hours=9, spend=(12, 240), merchants=MERCHANTS)
    b.letters(_threads(), lambda who: "")
    b.notices(_other(), 2, every=6, first=4)
    return b.messages()


def _threads() -> tuple[Letter, ...]:
    """Personal mail received: (who, days ago, hour, minute, subject, text)."""
    return (
        (DOT, 6, 14, 5, "St. Patrick's",
         "Frank, the Nowaks asked us over for corned beef on St. Patrick's Day, around 5. I said yes. Don't forget "
         "to pick up soda bread from the bakery. And that roof assessment, $1.45k! Call Keystone and ask to split it "
         "in two, we have to tell them by the end of the month.\nDot"),
    )
