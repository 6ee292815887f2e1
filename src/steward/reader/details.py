"""The details a booking's or a bill's mail gives beyond the booking or the bill itself: how a question asks
each kind, and how a mail says it (one table, `DETAILS`).

A stay's wifi or door code, a flight's terminal or gate, a train's platform, the teacher or doctor a meeting is
with, the number to call to change it, what to bring, where to park, when to arrive, how long it lasts, what it
is for, what cancelling costs, the time an offer is held until, the amount a workshop quoted; a bill's late fee
and how to pay it: none of these is a field Steward reads, and none may be made up. A question asks one kind
("which terminal?", "how long have I got to say yes?", "what's the late charge on that one?"); the answer is the
sentence of the booking's or the bill's own mail that says it (`detail_in`), or that mail to open. Pure: no
store, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# the people a booking is with, by their role ("who's the tutor?", "the consultant's name?")
_ROLES = (r"teachers?|tutors?|instructors?|coach|coaches|therapists?|physiotherapists?|physios?|doctors?|dr|gp|"
          r"physicians?|dentists?|hygienists?|vets?|veterinarians?|trainers?|stylists?|barbers?|nurses?|midwife|"
          r"consultants?|surgeons?|specialists?|optometrists?|optician|practitioners?|clinicians?|counsellors?|"
          r"counselors?|host|guide|driver|pediatricians?|paediatricians?|pedias?|paeds?|peds")
# what the person a booking is with does in it, asked of them ("who's doing the scale and polish?", "who is seeing him?")
_DOING = (r"doing|seeing|treating|performing|examining|running|leading|teaching|hosting|coaching|cutting|giving|"
          r"conducting|taking\s+(?:the\s+)?(?:class|session|lesson|appointment|appt)")
# the places a booking is at, asked by what they are ("which hospital?"): never a kind of booking when asked so
_PLACES = r"clinic|hospital|practice|surgery|centre|center|branch|venue|hall|studio|salon|location"
# a number as a mail gives one to call: digits with spaces, dashes and brackets between (seven digits or more:
# `_is_phone`); no dots or slashes, which a date has
_PHONE = r"\+?\(?\d[\d ()\u2013-]{5,18}\d"


# an amount as a mail writes it, with its currency's mark or code ("S$388.00", "€15,00", "SGD 142.37", "45 EUR",
# ringgit as "RM 21,480.00" or "RM38.60")
_CODES = r"USD|EUR|GBP|AUD|NZD|CAD|SGD|HKD|INR|KES|ZAR|MXN|BRL|CHF|JPY|AED|MUR|VND|NGN|PHP|MYR|THB|IDR|SEK|NOK|DKK"
_MONEY = (rf"(?:[$\u20ac\u00a3\u00a5\u20b9]|\b(?:[A-Z]{{1,3}}\$|(?:{_CODES}|Rs\.?|KSh|Ksh|RM|R)\s?))\s?\d[\d,.]*\d?|"
          rf"\b\d[\d,.]*\s?(?:\u20ac|\b(?:{_CODES}|euros?|dollars?|pounds?|rand|shillings?)\b)")
# a currency as a question names it ("Canadian dollars", "pounds", "CAD")
_NAMED_MONEY = (r"(?:canadian|australian|aussie|us|u\.s\.|american|new\s+zealand|kiwi|singapore|hong\s+kong|mexican)\s+"
                rf"dollars?|euros?|pounds?(?:\s+sterling)?|sterling|yen|pesos?|rupees?|francs?|rand|yuan|won|{_CODES}")
# what a person is told to do by a time, as a question says it ("say yes", "reply", "confirm")
_ANSWER = (r"(?:say\s+yes|reply|respond|answer|confirm|accept|decide|book|rsvp|let\s+them\s+know|get\s+back\s+to"
           r"\s+(?:them|her|him)|take\s+it|grab\s+it)")


@dataclass(frozen=True)
class Detail:
    """One kind of detail: how a question asks it, how a mail says it, and the bookings (or bills) it is of."""

    name: str
    asked: re.Pattern[str]
    said: re.Pattern[str]
    kinds: tuple[str, ...] = ()  # the kinds of booking that have it ("terminal": flights), () for any
    label: str = ""  # how an answer names it ("the terminal"); the name when empty
    of: str = "booking"  # what it is a detail of: a booking, or a bill ("the late fee")
    # how a mail names it without stating it ("to avoid a late payment fee"): quoted as such, never as the detail
    named: re.Pattern[str] | None = None


DETAILS = (
    Detail("wifi", re.compile(r"\b(?:wi-?fi|wlan)\b|\b(?:wireless|internet|network)\s+(?:password|passcode|code|key|"
                              r"login|name|details)\b", re.I),
           re.compile(r"\b(?:wi-?fi|wlan|wireless|internet|network|ssid)\b[^.!?\n]{0,40}?"
                      r"(?:password|passcode|passwort|key|code|login|:)", re.I), label="the wifi"),
    Detail("code", re.compile(r"\b(?:door|gate|entry|entrance|access|building|alarm|keypad|key|lock\s*box|key\s*box|"
                              r"key\s*safe|keysafe|check-?in)\s+(?:code|pin|combination)\b|"
                              r"\b(?:lock\s*box|lockbox|key\s*box|keybox|key\s*safe|keysafe)\b|"
                              r"\b(?:code|pin)\s+(?:for|to|of)\s+(?:the\s+)?(?:door|gate|flat|apartment|house|cabin|villa|"
                              r"building|entrance|front\s+door|key\s*safe|lock\s*box)\b", re.I),
           re.compile(r"\b(?:door|gate|entry|access|building|entrance|front\s+door|key\s*safe|keysafe|lock\s*box|"
                      r"key\s*box|keypad|alarm|check-?in)\b[^.!?\n]{0,30}?(?:code|pin|combination)\b|"
                      r"\b(?:code|pin)\s+(?:for|to|of)\s+the\s+(?:door|gate|entrance|building|key\s*safe|lock\s*box)",
                      re.I), label="the code"),
    # "what time do the doors open?", "when are the gates open for the match?": the time a show's or a match's
    # tickets say its doors or gates open ("Doors 19:00 / Show 20:00", "Gates open 6:00 PM"), never the show's own
    Detail("doors", re.compile(r"\b(?:doors?|gates?)\s+(?:open|opens|opening)\b|\b(?:doors?|gates?)\s+(?:time|times)\b|"
                               r"\bopen\s+the\s+(?:doors|gates)\b", re.I),
           re.compile(r"\b(?:doors|gates)(?:\s+open)?\s*(?::|at|from)?\s*(?:\d{1,2}[:.]\d{2}(?:\s?[ap]\.?m\b\.?)?|"
                      r"\d{1,2}\s?[ap]\.?m\b)", re.I), label="when the doors open"),
    # "do I have check-in baggage?", "what's my luggage allowance on the way back?": the bags a journey's mail says
    # it carries, by weight or by its price ("Baggage: 7 kg cabin only", "Checked baggage 20 kg (KUL - PEN): RM 55.00")
    Detail("baggage", re.compile(r"\b(?:baggage|luggage|suitcases?)\b|\b(?:checked|check-?in|cabin|hand)\s+bags?\b", re.I),
           re.compile(rf"\b(?:baggage|luggage|bags?)\b[^.!?\n]{{0,60}}?(?:\b\d{{1,2}}\s?kg\b|{_MONEY}|\bno\b|\bnone\b)|"
                      r"\b\d{1,2}\s?kg\b[^.!?\n]{0,30}?\b(?:baggage|luggage|bags?)\b", re.I),
           ("flight", "train", "ferry", "bus"), "the baggage"),
    # "when does online check-in close?", "by when must we check in online?": the time a journey's mail gives to
    # check in by, or when its check-in opens or closes ("Check in online before 06:10 on 02/07", "Check-in closes 45
    # minutes before departure"); a hotel's check-in is a stay's time, asked of the stay
    Detail("checkin", re.compile(
        r"\bonline\s+check[\s-]?in\b|\bcheck[\s-]?in\s+online\b|\bcheck[\s-]?in\s+(?:close|closes|closing|open|opens|"
        r"opening|deadline|cut-?off)\b|(?:\bcheck[\s-]?in\b[^?]{0,20}\bby\b|\bby\s+(?:what\s+time|when)\b[^?]{0,30}"
        r"\bcheck[\s-]?in\b)(?![^?]*\b(?:hotel|stay|room|apartment|flat|cabin|villa|hostel|guesthouse|b&b)\b)|"
        # ("when must we check in for the boat?": the check-in of a journey named after it)
        r"\b(?:what\s+time|when)\b[^?]{0,40}\bcheck[\s-]?in\s+for\s+(?:the|my|our|that)\s+(?:\w+\s+)?(?:ferry|"
        r"ferries|sailing|crossing|boat|flight|plane|train|bus|coach)\b", re.I),
           re.compile(r"\bcheck[\s-]?in\b[^.!?\n]{0,80}?(?:\b(?:before|by|until|till|closes?|opens?|from)\s+(?:at\s+)?"
                      r"(?:\d{1,2}[:.]\d{2}|\d{1,2}\s?[ap]\.?m\b|[012]\d[0-5]\d\s?(?:h|hrs)\b)|\b\d+\s*(?:min|mins|minutes|hours?|hrs?)\s+(?:before|"
                      r"prior))", re.I), ("flight", "train", "ferry", "bus"), "the check-in time"),
    # "which terminal?", "what gate do we go from?": a terminal or gate said with what it is called ("Terminal 2",
    # "Gate: B14", "new gate A3", "T3", "the Harbour Quay terminal"), never "the terminal 30 minutes before"
    Detail("terminal", re.compile(r"\b(?:terminals?|gates?|concourse)\b", re.I),
           re.compile(r"(?i:\b(?:terminal|gate|concourse)\b)\s*(?i:no\.?|number|:)?\s*"
                      r"(?:[A-Z]{1,2}\s?\d{1,3}[A-Z]?|\d{1,3}[A-Z]?|[A-Z])\b(?!\s*(?i:min|mins|minutes|hours?|hrs?)\b)|"
                      r"\bT\d{1,2}\b|\b(?!(?:The|This|That|Our|Your|Each|Every|Which|An?)\b)[A-Z][\w&'-]*"
                      r"(?:\s+\d{1,3})?\s+(?i:terminal)\b"),
           ("flight",), "the terminal or gate"),
    # "when does the plane board?", "when do we board?", "boarding starts when?": the time a journey's mail says
    # boarding starts ("Boarding begins: 6:25 PM", "now boarding at 7:05 PM", "Boarding begins 30 minutes before
    # departure"); never a boarding pass, nor a board that meets ("when is the board meeting?")
    Detail("boarding", re.compile(
        r"\b(?:what\s+time|when)\b[^?]{0,40}\b(?:(?<!\bthe\s)(?<!\bour\s)(?<!\bthis\s)(?<!\ba\s)boards?|boarding)\b(?!\s+(?:pass|passes|meeting|meetings|game|games|"
        r"members?|room|school|of|exam|exams|call)\b)|\bboarding\s+(?:time|times|starts?|begins?|opens?|closes?|at)\b|"
        r"^\W*(?:and\s+|so\s+)?(?:the\s+|my\s+)?boarding\b(?!\s+(?:pass|passes|school|house|kennels?)\b)|"
        r"\bboard(?:s|ing)?\s+(?:at\s+)?what\s+time\b|\bhow\s+early\s+(?:do|does|can|should)\s+(?:i|we|it)\s+board\b",
        re.I),
           re.compile(r"\bboard(?:ing)?\b[^.!?\n]{0,40}?(?:\b\d{1,2}[:.]\d{2}(?:\s?[ap]\.?m\b\.?)?|\b[012]\d[0-5]\d\s?(?:h|hrs)\b|\b\d+\s*(?:min|mins|"
                      r"minutes|hours?|hrs?)\s+(?:before|prior))", re.I), ("flight", "train", "ferry", "bus"), "the boarding time"),
    # "is it all inclusive?", "are meals included at the hotel?", "is breakfast included?": what a stay's mail says of
    # its meals ("family room, half board", "Board basis: Bed & Breakfast", "Room only"); the words a question
    # says of a kind of stay ("the B&B") ask where or when it is, never this
    Detail("board", re.compile(r"\b(?:half|full)[\s-]+board\b|\ball[\s-]+inclusive\b|\bself[\s-]+catering\b|"
                               r"\broom[\s-]+only\b|\b(?:board|meal)\s+(?:basis|plan|type)\b|"
                               r"\b(?:breakfast|meals?|dinners?|food)\b[^?]{0,20}\b(?:included|includes?|inclusive|"
                               r"thrown\s+in)\b|\b(?:include|includes|including|with)\s+(?:the\s+)?(?:breakfast|meals?|"
                               r"dinners?|food)\s*\W*$", re.I),
           re.compile(r"\b(?:half|full)[\s-]+board\b|\ball[\s-]+inclusive\b|\bself[\s-]+catering\b|\broom[\s-]+only\b|"
                      r"\bbed\s+(?:and|&)\s+breakfast\b|\b(?:board|board\s+basis|meal\s+plan|meals)\s*:\s*\w|"
                      r"\bbreakfast\s+(?:is\s+)?(?:included|inclusive)\b|\b(?:with|including|incl\.?)\s+breakfast\b",
                      re.I), ("hotel",), "the meals (board)"),
    # "what time does the coach pick us up?", "when's the transfer to the airport?", "the pick-up time?": the time
    # a journey's or a stay's mail says a coach, a shuttle or a driver collects the person ("your coach will pick
    # you up from the hotel at 08:55", "Pick-up: 07:40 from reception"); only a time it writes
    Detail("pickup", re.compile(r"^(?!.*\bwho(?:'s|\u2019s|s)?\b).*?(?:\bpick(?:s|ing)?\s+(?:us|me|them|him|her|you)\s+up\b|\bpick[\s-]?up\s+(?:time|times|point|place|spot)\b|"
                                r"\bcollect(?:s|ing)?\s+(?:us|me|them)\b|\b(?:coach|transfer|shuttle)\s+(?:time|times)\b|"
                                r"\b(?:what\s+time|when)\b[^?]{0,40}\b(?:coach|transfer|shuttle)\b[^?]{0,20}"
                                r"\b(?:come|comes|leave|leaves|go|goes|get|gets)\b)", re.I),
           re.compile(r"\b(?:pick(?:s|ing)?\s+(?:you|us|them|everyone)\s+up|pick[\s-]?up|collect(?:s|ion)?|"
                      r"coach|transfer|shuttle)\b[^.!?\n]{0,60}?(?:\b\d{1,2}[:.]\d{2}(?:\s?[ap]\.?m\b\.?)?|\b\d{1,2}\s?[ap]\.?m\b)",
                      re.I), label="the pick-up time"),
    # "when ought we to set off for it?", "what time do we have to head out?": the time a person's mail
    # tells them to leave by ("so leave by 4:30 to be safe", "We should head out at 1:10"); a journey that
    # leaves ("when does the flight leave?") is the journey's own time, never this
    # (leaving a stay, "what time do we have to leave the hotel by?", is its check-out)
    Detail("leave", re.compile(r"^(?![^?]*\b(?:hotel|room|rooms|check[\s-]?out|checkout|airbnb|hostel|guesthouse|"
                               r"apartment|villa|cabin|resort|motel)\b)[^?]*?(?:"
                               r"\b(?:what\s+time|when|by\s+when|how\s+early)\b[^?]{0,40}?\b(?:(?:should|must|shall|ought|"
                               r"need\s+to|have\s+to|got\s+to|gotta|supposed\s+to)\s+(?:i|we|us)\s+(?:to\s+)?|"
                               # ("when do we need to leave?": a time told to leave by; "when do I leave for the
                               # airport?" is the journey's own)
                               r"(?:do|does)\s+(?:i|we)\s+(?:need\s+to|have\s+to|got\s+to|gotta)\s+)(?:leave|set\s+off|head\s+out|get\s+going|"
                               r"start\s+out|hit\s+the\s+road|depart)\b|\b(?:what\s+time|when)\s+to\s+(?:leave|set\s+off|"
                               r"head\s+out)\b|\bleav(?:e|ing)\s+time\b|"
                               # ("what time we have to leave for it", "when we should head out")
                               r"\b(?:what\s+time|when)\s+(?:i|we)\s+(?:should|must|need\s+to|have\s+to|got\s+to|gotta|"
                               r"ought\s+to|are\s+supposed\s+to)\s+(?:leave|set\s+off|head\s+out|get\s+going)\b)", re.I),
           re.compile(r"\b(?:leave|leaving|set\s+off|head\s+out|heading\s+out|get\s+going|start\s+out|hit\s+the\s+road)"
                      r"\b(?:\s+(?:home|the\s+house|here|there|your\s+place))?\s+(?:by|at|around|about|before|no\s+later\s+than)"
                      r"\s+(?:\d{1,2}[:.]\d{2}(?:\s?[ap]\.?m\b\.?)?|\d{1,2}\s?[ap]\.?m\b|\d{1,2}\b(?![:./]\d))", re.I),
           label="when to leave"),
    # "which platform does it leave from?": a platform or track said with its number ("Platform 9", "Gleis 14")
    Detail("platform", re.compile(r"\b(?:platforms?|gleis|voie|binario|and[e\u00e9]n)\b|\b(?:which|what)\s+track\b|"
                                  r"\btrack\s+(?:number|no)\b", re.I),
           re.compile(r"\b(?:platform|track|gleis|voie|binario|and[e\u00e9]n|quai)\s*(?:no\.?|number|:)?\s*"
                      r"\d{1,2}[a-z]?\b", re.I), ("train",), "the platform"),
    # "who's the tutor?", "the physio's name?": the person the mail says it is with ("Teacher: Ms. Okonkwo",
    # "with Dr Adeyemi"); "when's the parent-teacher evening?" says a role and asks no one
    # "who is the final against?", "who are we playing?": the side a game is against, as its mail names it ("Saturday's match
    # vs the Harbour Hawks", "we play against Eastside")
    Detail("opponent", re.compile(r"\bwho(?:'s|\u2019s|s|\s+is|\s+are)\s+(?:it|that|this|the\s+\w+(?:\s+\w+)?|we|they|"
                                  r"our\s+\w+)\s+(?:against|versus|vs)\b|\bwho\s+(?:are|do|will|did)\s+(?:we|they|you|i|"
                                  r"us)\s+(?:play|playing|face|facing)\b|\b(?:the|our|their)\s+(?:opponents?|opposition)\b",
                                  re.I),
           re.compile(r"\b(?:vs\.?|v\.|versus|against)\s+(?:the\s+)?[A-Z][\w'\u2019-]+"), label="who it is against"),
    Detail("person", re.compile(rf"\bwho(?:'s|\u2019s|s|\s+is|\s+will\s+be|\s+am\s+i|\s+are\s+we|\s+do\s+i)\b"
                                rf"[^?]*\b(?:{_ROLES})\b|\b(?:{_ROLES})(?:'s|\u2019s)?\s+name\b|"
                                # "who's doing the scale and polish?", "who is seeing him?", "who's that one with?", "with whom?"
                                rf"\bwho(?:'s|\u2019s|s|\s+is|\s+was|\s+will\s+be)\s+(?:{_DOING})\b|"
                                r"\bwho\s+(?:am\s+i|are\s+we|is\s+(?:she|he|it|that|this)|(?:'s|\u2019s)\s+(?:she|he|it|that)"
                                r"|was\s+(?:it|that))\s+(?:seeing|seen\s+by|(?:booked\s+(?:in\s+)?)?with)\b|"
                                # "who's my mum seeing at the clinic?", "who is Gran booked in with?": a relative's
                                r"\bwho(?:'s|\u2019s|s|\s+is|\s+will)\s+(?:my|our|his|her|their)\s+[\w'\u2019-]+\s+(?:be\s+)?"
                                r"(?:seeing|seen\s+by|booked\s+(?:in\s+)?with)\b|"
                                r"\bwith\s+whom\b|\bwho\s+with\s*\W*$|"
                                rf"\bname\s+of\s+(?:the|my|our|his|her|their|\w+(?:'s|\u2019s))\s+(?:{_ROLES})\b|"
                                # (a train's coach one sits in is its carriage: "which coach am I in?")
                                rf"\bwhich\s+(?:{_ROLES})\b(?!\s+(?:am|are|is)\s+(?:i|we|me|us|my|our)\s+(?:in|sitting|seated)\b)", re.I),
           re.compile(rf"\b(?i:{_ROLES})\s*[:\u2013-]\s*(?:(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof)\.?\s+)?[A-Z]|"
                      rf"\b(?i:with)\s+(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof)\.?\s+[A-Z][\w'-]+|"
                      # ("an appointment to see Mr K. Okafor, Consultant Orthopaedic Surgeon", "to be seen by Mr Khan")
                      r"\b(?i:to\s+see|to\s+be\s+seen\s+by|seen\s+by)\s+(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof)\.?\s+"
                      r"(?:[A-Z]\.\s*)*[A-Z][\w'-]+|"
                      # "with Rosa, our hygienist": a name and then the role it has there
                      rf"\b(?i:with)\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?,\s+(?i:our|your|the)\s+(?i:{_ROLES})\b|"
                      rf"\b(?i:your|the)\s+(?i:{_ROLES})\s+(?i:is|will\s+be)\s+[A-Z][\w'-]+|"
                      # the name set beside the role ("with the class teacher of Class III-B, Mrs. Shobha Iyer,")
                      rf"\b(?i:{_ROLES})\b[^.,;:\n]{{0,30}},\s+(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof)\.?\s+[A-Z][\w'-]+"),
           label="who it is with"),
    # "what number do I call to change it?", "the phone number for the clinic?": a number the mail says to call
    Detail("phone", re.compile(r"\b(?:phone|telephone|tel|contact|mobile)\s*(?:number|no\b|#)|\btheir\s+number\b|"
                               r"\bnumbers?\b[^?]{0,25}\b(?:call|ring|phone|dial|text|contact|reach)\b|"
                               r"\b(?:call|ring|phone|dial|contact|reach)\b[^?]{0,25}\bnumbers?\b|"
                               r"\bwho\s+(?:do|should|can|shall)\s+(?:i|we)\s+(?:call|ring|phone|contact)\b|"
                               r"\bhow\s+(?:do|can|should)\s+(?:i|we)\s+(?:call|ring|phone|contact|reach)\b", re.I),
           re.compile(rf"\b(?:call|calling|ring|phone|telephone|tel|contact|reach|dial|text|sms|whatsapp)\b"
                      rf"[^.!?\n]{{0,50}}?{_PHONE}|{_PHONE}[^.!?\n]{{0,20}}?\b(?:to\s+(?:cancel|change|rebook|"
                      rf"reschedule|move|book))\b", re.I), label="a number to call"),
    # "do I need to bring anything?", "what should we take along?": what the mail asks the person to bring
    Detail("bring", re.compile(r"\b(?:bring|brings|bringing|take|carry|pack)\b[^?]{0,25}\b(?:anything|something|"
                               r"along|with\s+(?:me|us|them|her|him))\b|"
                               r"\bwhat\s+(?:do|should|shall|must|will)\s+(?:i|we|they)\s+(?:need\s+to\s+|have\s+to\s+)?"
                               r"(?:bring|take|carry|pack)\b|\b(?:need|have|supposed)\s+to\s+bring\b|"
                               r"\bwhat\s+to\s+bring\b|\bshould\s+(?:i|we)\s+bring\b", re.I),
           re.compile(r"\b(?:bring|bringing|remember\s+to\s+take|take\s+along|don'?t\s+forget|do\s+not\s+forget|"
                      r"you\s+will\s+need|you'll\s+need|please\s+have|wear)\b", re.I), label="what to bring"),
    # "can I eat breakfast before it?", "do I need to fast?": what the mail says of eating and drinking before a
    # visit (blood work, a scan, a procedure)
    Detail("fasting", re.compile(r"\b(?:can|could|may|should|shall)\s+(?:i|we|he|she)\s+(?:still\s+)?(?:have|eat|drink|"
                                 r"take|grab)\b[^?]{0,40}\bbefore\b|\b(?:(?:need|have|supposed|got)\s+to|gotta)\s+fast\b|"
                                 r"\b(?:should|must|do|does)\s+(?:i|we|he|she)\s+fast\b|\bfasting\b|"
                                 r"\b(?:eat|drink)\s+(?:anything|something)\s+before\b", re.I),
           re.compile(r"\bfast(?:ing|ed)?\s+(?:for|from|after|since|required|needed|is\s+required)\b|"
                      r"\bnothing\s+to\s+(?:eat|drink)\b|\b(?:do\s+not|don'?t|not\s+to|no)\s+"
                      r"(?:eat|drink|food)\b|\bempty\s+stomach\b|\b(?:except|only)\s+water\b", re.I),
           label="what it says of eating and drinking before it"),
    # "is there parking at the hotel?", "where do I park for the clinic?": what the mail says of parking
    # (a booking of a parking space, "when's my airport parking?", is a booking: asked when, not of parking)
    Detail("parking", re.compile(r"\b(?:where|can|could)\s+(?:do\s+|can\s+|should\s+|shall\s+|will\s+)?(?:i|we)\s+"
                                 r"park\b|\b(?:is|are)\s+there\s+(?:any\s+)?(?:parking|car\s+park)|"
                                 r"\bparking\s+(?:info|information|details|note|notes|instructions|arrangements?|at|for|"
                                 r"near|like)\b|\bwhat\s+about\s+(?:the\s+)?parking\b|\bany\s+parking\b|"
                                 r"^\W*(?:and\s+)?(?:the\s+)?parking\W*$|\bpark\s+the\s+car\b", re.I),
           re.compile(r"\bparking\b|\bcar\s+park\b|\bpark\s+(?:in|at|on|behind|outside|opposite|for\s+free)\b|"
                      r"\bparkplatz|\bparkhaus", re.I), label="parking"),
    # "how long have I got to say yes?", "by when must I answer?", "until when is it held?": the time a mail
    # gives to answer by, or holds an offer until ("We'll hold it until tomorrow at 5pm", "Please confirm by
    # Friday"); never how long a table is kept after its time ("we hold your table for 15 minutes")
    Detail("reply_by", re.compile(
        rf"\bhow\s+long\s+(?:have|do|did|will)\s+(?:i|we)\s+(?:got|have|get)\s+(?:left\s+)?to\s+{_ANSWER}\b|"
        r"\bhow\s+long\s+(?:is|will|are|do|does|can)\s+(?:it|that|this|they|the\s+[\w' -]{1,30}?)\s+(?:be\s+|being\s+)?"
        r"(?:held|kept|reserved|on\s+hold|hold(?:ing)?\s+(?:it|that|the\s+\w+)|keep(?:ing)?\s+(?:it|that|the\s+\w+))|"
        rf"\b(?:by|until|till)\s+when\b[^?]{{0,40}}\b(?:{_ANSWER}|held|hold|reserved|kept)|"
        rf"\bwhen\s+(?:do|must|should|shall|have|did)\s+(?:i|we)\s+(?:got\s+to\s+|need\s+to\s+|have\s+to\s+|to\s+)?"
        rf"{_ANSWER}\b[^?]*\bby\b|"
        rf"\b(?:deadline|cut-?off|last\s+day)\b[^?]{{0,30}}\b{_ANSWER}|\b(?:reply|response|rsvp|confirmation)\s+"
        r"(?:deadline|cut-?off|date)\b|\bwhen\s+does\s+(?:the\s+|that\s+|this\s+)?(?:offer|hold|slot)\s+"
        r"(?:run\s+out|expire|end|lapse|close)", re.I),
           re.compile(r"\b(?:reply|respond|answer|confirm|rsvp|accept|let\s+(?:us|me)\s+know|get\s+back\s+to\s+(?:us|me)|"
                      r"book\s+(?:it|this|the\s+slot))\b[^.!?\n]{0,60}?\b(?:by|before|until|till|within|no\s+later\s+than)"
                      r"\s+(?!\w+ing\b|(?:email|e-mail|phone|text|sms|mail|post|clicking|calling|the\s+link)\b)\w|\b(?:hold|holding|held|keep|keeping|kept|reserve|reserved|reserving)\b[^.!?\n]{0,40}?"
                      r"\b(?:until|till|through)\s+\w|\b(?:deadline|expires?|expiry|lapses?|offer\s+(?:ends|closes))\b",
                      re.I), label="a time to answer by"),
    # "what's this booking for?", "what is the vet appointment about?": what the booking is for, as its mail says
    # ("Service: seasonal tire changeover", "an appointment for annual vaccines", "in for its 60,000 km servicing")
    Detail("purpose", re.compile(
        r"^\W*(?:and\s+|so\s+|ok(?:ay)?\W*\s*)?what(?:'s|\u2019s|s|\s+is|\s+was|\s+will\s+be)\s+(?:that|this|it|"
        r"that\s+one|this\s+one|(?:the|my|our|his|her|their|\w+(?:'s|\u2019s))\s+(?!(?:weather|forecast|news|plan|time|date|rush|hurry|total|damage|bill|charge|"
        r"payment|fee|amount|money|email|mail|message|text|letter|note|reminder|list|code|password|pin)\b)"
        r"[\w'\u2019. -]{1,40}?)\s+for\W*$|"
        # ("what's the pickup at GRU about?" asks what a mail says: "about" asks it of a booking said as one)
        r"^\W*(?:and\s+|so\s+)?what(?:'s|\u2019s|s|\s+is|\s+was)\s+(?:that|this|the|my|our|\w+(?:'s|\u2019s))\s+"
        r"(?:[\w'\u2019. -]{1,30}?\s+)?(?:appointment|appt|booking|visit|session|consultation)\b[\w'\u2019. -]{0,30}?"
        r"\s+about\W*$|"
        r"\bwhat\s+(?:am\s+i|are\s+we|is\s+\w+|are\s+they)\s+(?:going|booked(?:\s+in)?|seeing\s+(?:the\s+)?\w+)\s+"
        r"(?:there\s+|in\s+)?for\W*$|\bwhy\s+(?:am\s+i|are\s+we|is\s+\w+)\s+(?:seeing|going\s+to|visiting|booked\s+in)\b|"
        r"\b(?:reason|purpose)\s+(?:for|of)\s+(?:the|my|our|that|this|it)\b|"
        r"\bwhat\s+(?:kind|type|sort)\s+of\s+(?:appointment|visit|session|service|treatment)\b", re.I),
           re.compile(r"\b(?:service|services|treatment|procedure|reason(?:\s+for\s+(?:your\s+)?(?:visit|appointment))?|"
                      r"purpose(?:\s+of\s+(?:your\s+)?visit)?|appointment\s+type|visit\s+type|type\s+of\s+(?:appointment|"
                      r"visit|service))\s*:\s*\w|"
                      r"\b(?:appointment|booking|visit|session|consultation)\s+for\s+(?!(?:today|tomorrow|tonight|this|next|"
                      r"the\s+\d|\d))(?:(?:a|an|the|your|his|her|their|its|[A-Z][\w'\u2019]*(?:'s|\u2019s))\s+)?[a-z]|"
                      r"\bin\s+for\s+(?:its|a|an|your|his|her|their|the)\s+|"
                      r"\b(?:vaccin\w*|jabs?|boosters?|check-?ups?|scale\s+and\s+polish|fillings?|extractions?|"
                      r"(?:eye|hearing|sight)\s+(?:exam\w*|tests?)|wellness\s+exam|examination|servicing|haircut|"
                      r"massage|follow-?up|assessment|screening|blood\s+tests?)\b", re.I), label="what it is for"),
    # "do I need to get there early?", "how early should we arrive?": what the mail asks of arriving ("Please arrive
    # 10 minutes early", "have the boys there by 8.00am"); "when do I arrive?" asks when a journey lands, not this
    Detail("arrive", re.compile(
        r"\bhow\s+early\b|\b(?:should|must|do|need\s+to|have\s+to|supposed\s+to)\s+(?:i|we)?\s*(?:need\s+to\s+|have\s+to\s+)?"
        r"(?:arrive|get\s+there|be\s+there|turn\s+up|show\s+up|sign\s+in)\s+(?:early|earlier|before\s+(?:it|the\s+time)|"
        r"ahead)\b|\bwhat\s+time\s+(?:should|must|do)\s+(?:i|we)\s+(?:need\s+to\s+|have\s+to\s+)?(?:be\s+there|turn\s+up|"
        r"show\s+up|reach)\b|"
        # ("what time should we get there?", "what time do we need to get there for?": never "what time do we get
        # there?", when a journey arrives)
        r"\bwhat\s+time\s+(?:(?:should|must)\s+(?:i|we)\s+(?:need\s+to\s+|have\s+to\s+)?|do\s+(?:i|we)\s+(?:need|have)\s+"
        r"to\s+)get\s+there\b|"
        # (asked of whoever goes, the word to do said or not: "what time does Gran need to be there?", "what time mum
        # need to be there ah?")
        r"\bwhat\s+time\s+(?:(?:should|must|does|do)\s+)?(?:he|she|they|[\w'\u2019]+)\s+(?:needs?\s+to|has\s+to|have\s+to|"
        r"must|should|got\s+to)\s+(?:be\s+there|get\s+there|turn\s+up|show\s+up|arrive)\b|"
        # ("what time must we reach for the final?", "by what time do I need the drawings ready?": the time to be there
        # by, or to have a thing ready by, that its mail gives)
        r"\bby\s+what\s+time\s+(?:should|must|do|shall)\s+(?:i|we)\s+(?:need\s+to\s+|have\s+to\s+)?(?:reach|arrive|be\s+"
        r"there|get\s+there|have|get)\b|\bby\s+what\s+time\b[^?]*\bready\b|"
        # ("when should I reach for the match?", "what time do I gotta be at the surgery center?", "what time should we
        # get to the fish fry?": a time to be there that a person is told, said with what they must do; "when do we
        # reach Ipoh?" is a journey's arrival)
        r"\b(?:what\s+time|when)\s+(?:(?:should|must|shall)\s+(?:i|we|he|she|they)|(?:(?:do|does|am|are|is)\s+)?(?:i|we|"
        r"he|she|they)\s+(?:need\s+to|have\s+to|got\s+to|gotta|ought\s+to|supposed\s+to|should|must))\s+(?:be\s+(?:there|"
        r"at)|get\s+(?:there|to)|arrive|reach|turn\s+up|show\s+up)\b|"
        # ("what time do they meet for the football?", "when do we meet up for the walk?": where a team or a group
        # gathers before a thing starts)
        r"\b(?:what\s+time|when)\s+(?:do|does|should|shall|must|are|will)\s+(?:i|we|they|you|the\s+\w+)\s+(?:need\s+to\s+|"
        r"have\s+to\s+)?(?:meet|meeting|gather|gathering)\s+(?:up\s+)?for\b|\b(?:meet|meeting)[\s-]+up\s+time\b", re.I),
           re.compile(r"\b(?:arrive|be\s+there|get\s+there|come|sign\s+in|report)\b[^.!?\n]{0,30}?\b(?:\d+|five|ten|"
                      r"fifteen|twenty|thirty)\s*(?:min|mins|minutes|hours?|hrs?)\s+(?:early|before|prior)|\b(?:arrive|be\s+there|come)\s+"
                      r"(?:a\s+(?:few|little)\s+(?:minutes\s+)?)?early\b|\b(?:have|get)\s+\w+(?:\s+\w+)?\s+there\s+by\b|"
                      r"\b(?:reach|arrive|be\s+there|get\s+there)\s+by\s+\d|\bready\b[^.!?\n]{0,60}?\bby\s+\d|"
                      # ("Kick-off 10, get there for half 9": the time to be there for, as British English says it)
                      r"\b(?:be|get)\s+there\s+for\s+(?:half\s+(?:past\s+)?)?\d|"
                      # ("we're getting there around 5:30", "Meet at ten to ten please", "meet by 8.15 at the gate")
                      r"\b(?:get|getting|be|being)\s+there\s+(?:around|about|at|before)\s+\d|\b(?:meet|meeting)\s+"
                      r"(?:up\s+)?(?:at|by|from)\s+(?:\d|(?:ten|five|twenty|quarter|half)\s+(?:past|to)\b|noon\b)", re.I),
           label="when to arrive"),
    # "did the salon mention the deposit?", "do I get my deposit back?": what a booking's mail says of the deposit
    # paid for it ("Deposit received: $50", "your $50 deposit will be refunded"); never a bank's deposit of pay
    Detail("deposit", re.compile(r"\b(?:the|my|our|a|that|your|her|his)\s+(?:(?!(?:direct|salary|pay|payroll|bank|cash|"
                                 r"cheque|check|mobile|atm|security|pension|benefit|benefits|annuity|retirement|dividend|refund|"
                                 r"paycheck|paycheque|wage|wages|income|ssa|ssi)\b)[\w'\u2019-]+\s+)?deposits?\b(?!\s+(?:box|account|"
                                 r"slip|rate))", re.I),
           re.compile(r"\bdeposits?\b", re.I), label="what it says of the deposit"),
    # "is there a cancellation fee?", "can I cancel for free?": what the mail says of cancelling ("Free cancellation
    # until 12 March", "Cancellations less than 24 hours before are charged")
    Detail("cancellation", re.compile(
        r"\bcancell?ation\s+(?:policy|fee|fees|charge|charges|terms|deadline|window|rules?)\b|\b(?:free|late)\s+"
        r"cancell?ation\b|\bcan\s+(?:i|we)\s+(?:still\s+)?cancel\b[^?]*\b(?:free|without|refund|charge|penalty|fee|"
        r"late|last\s+minute|until|by\s+when)\b|\b(?:what\s+happens|is\s+there\s+a\s+(?:fee|charge))\s+if\s+(?:i|we)\s+"
        r"cancel\b|\buntil\s+when\s+can\s+(?:i|we)\s+cancel\b|\bwhen\s+(?:can|must|do)\s+(?:i|we)\s+cancel\s+by\b|"
        r"\b(?:is\s+it|are\s+they)\s+(?:non-?)?refundable\b", re.I),
           re.compile(r"\bcancel\w*\b[^.!?\n]{0,60}?\b(?:free|fee|charged?|charges|notice|hours?|refund\w*|until|"
                      r"up\s+to|no\s+later)\b|\bnon-?refundable\b|\bno-?shows?\b[^.!?\n]{0,40}?\b(?:charged?|fee)\b", re.I),
           label="what it says of cancelling"),
    # "how long is the appointment?", "how much time should I allow?": how long the mail says it lasts ("45 min",
    # "Please allow about 90 minutes"); never a journey's length, nor how long until it
    Detail("duration", re.compile(
        r"\bhow\s+long\s+(?:is|will|does|'s|\u2019s)\s+(?:the|my|our|that|this)\s+(?:[\w'\u2019-]+\s+)?(?:appointment|session|visit|class|lesson|"
        r"consultation|interview|treatment|massage|exam|examination|check-?up|cleaning|servicing|service|haircut|"
        r"cut|tour|fitting|training)s?(?:\s+(?:going\s+to\s+)?(?:take|last|be|run))?\s*\W*$|"
        r"\bhow\s+much\s+time\s+(?:should|do|will)\s+(?:i|we)\s+(?:allow|need|set\s+aside|block)\b|"
        r"\bhow\s+long\s+will\s+(?:i|we)\s+be\s+(?:there|in\s+there)\b", re.I),
           re.compile(r"\b\d+\s*(?:min|mins|minutes|hours?|hrs?)\b|\b(?:allow|takes?|lasts?|duration|length)\b"
                      r"[^.!?\n]{0,30}?\b(?:an?|one|two|half)\s+(?:hour|hours|an\s+hour)\b", re.I),
           label="how long it lasts"),
    # "how much is the garage going to charge for the tyres?", "what are they charging us for the brake job?": the price
    # a booking's mail gives ("Price: $129.00 (due at the visit)", "Estimate: $89.99"); a bill's sum is the bill's
    Detail("price", re.compile(
        r"\bhow\s+much\s+(?:are|r|is|will|would|do|does)\s+(?:they|it|that|this|(?:the|that|this|my)\s+(?!(?:bill|bills|"
        r"statement|invoice|card|account|loan|rent|premium|subscription)\b)[\w'\u2019 -]{1,30}?)\s+(?:going\s+to\s+|gonna\s+)?"
        r"(?:charge|charging|cost|costing)\b(?![^?]*\b(?:bill|bills|statement|invoice|card|account|loan|rent|premium|"
        r"subscription|electric\w*|gas|water|power|phone|internet)\b)|"
        r"\bwhat\s+(?:are|will|do|would)\s+they\s+(?:be\s+)?charg(?:e|ing)\s+(?:me\s+|us\s+)?for\s+(?:the|that|this|my|our)\s+"
        r"(?!(?:bill|bills|statement|invoice|card|account|loan|rent|premium|subscription)\b)\w|"
        # (said in speech with no "are": "and how much they charging?")
        r"\bhow\s+much\s+(?:they|dem|dey)\s+(?:gonna\s+|going\s+to\s+)?(?:charge|charging)\b", re.I),
           re.compile(rf"\b(?:price|estimate|estimated\s+(?:share|cost|total|price)|(?:your|my)\s+share|cost|charge|fee)\b"
                      rf"[^.!?\n]{{0,30}}?(?:{_MONEY})", re.I), label="what it costs"),
    # "how much did the workshop quote?", "what was the estimate for the repair?": the amount the mail quotes
    Detail("quote", re.compile(r"\b(?:quote|quoted|quotation|estimate|estimated|estimation)\b(?!\s+(?:time|arrival|"
                               r"delivery|departure|wait))", re.I),
           re.compile(rf"\b(?:quote|quoted|quotation|estimate|estimated|approx(?:imately|\.)?|expected\s+cost)\b"
                      rf"[^.!?\n]{{0,40}}?(?:{_MONEY})|(?:{_MONEY})[^.!?\n]{{0,25}}?\b(?:quote|quoted|estimate|"
                      rf"estimated)\b", re.I), label="the amount quoted"),
    # "how do I pay the water bill?", "what's the paybill number?": the way a bill's mail says to pay it ("Pay by BPAY:
    # biller code 33118", "Pay via paybill 400417", "transfer the amount to IBAN ..."), never "Pay by: 14/03", a day
    Detail("pay_how", re.compile(
        r"\bhow\s+(?:do|can|should|shall|would|am)\s+(?:i|we)\s+(?:supposed\s+to\s+)?pay\b|\bwhere\s+(?:do|can|should)\s+(?:i|we)\s+"
        r"pay\b|\b(?:payment|bank|transfer)\s+(?:details|method|methods|options|info|information|instructions)\b|"
        r"\bwhat(?:'s|\u2019s|\s+is)\s+the\s+(?:iban|bsb|biller\s+code|paybill(?:\s+(?:number|no))?|till\s+number|sort\s+code|"
        r"uen)\b|\bwhich\s+(?:paybill|iban|account)\s+(?:do|should)\s+(?:i|we)\s+(?:pay|use)\b", re.I),
           re.compile(r"\b(?:bpay|biller\s+code|iban|bsb|sort\s+code|paynow|uen|m-?pesa|paybill|till\s+number|bank\s+transfer|"
                      r"internet\s+banking|online\s+banking|direct\s+debit|giro|debit\s+order|interac|e-?transfer|upi|"
                      r"standing\s+order|transfer\s+the\s+amount)\b", re.I),
           label="how to pay it", of="bill"),
    # "what's the late charge on that one?", "is there a penalty if I pay late?": a charge a bill's mail says it adds
    # ("a late payment fee of €15 may be charged"); only an amount said, never one guessed
    Detail("late_fee", re.compile(r"\blate\s+(?:payment\s+)?(?:fees?|charges?|fines?|penalt(?:y|ies))\b|"
                                  r"\bpenalt(?:y|ies)\b|\b(?:fee|charge|fine)\s+(?:for|if)\s+(?:i\s+)?(?:pay(?:ing)?\s+)?"
                                  r"(?:it\s+)?late\b|\bif\s+i\s+(?:pay|paid)\s+(?:it\s+|that\s+)?late\b", re.I),
           re.compile(rf"\b(?:late\s+(?:payment\s+)?(?:fee|charge|fine|penalty)|penalty|surcharge|overdue\s+fee|"
                      rf"admin(?:istration)?\s+fee)\b[^.!?\n]{{0,40}}?(?:{_MONEY}|\d+(?:[.,]\d+)?\s?%)|(?:{_MONEY})[^.!?\n]{{0,30}}?"
                      rf"\b(?:late\s+(?:payment\s+)?(?:fee|charge)|penalty|surcharge)\b", re.I),
           label="a late fee", of="bill",
           named=re.compile(r"\blate\s+(?:payment\s+)?(?:fees?|charges?|fines?|penalt(?:y|ies))\b", re.I)),
    # "how much is the customs duty on the parcel?", "the import charges?": the line of a customs assessment or a
    # courier's notice that gives the duty ("Customs duty and VAT: £14.30"), never the whole sum to clear it
    Detail("duty", re.compile(r"\b(?:customs|import)\s+(?:dut(?:y|ies)|charges?|fees?|tax(?:es)?)\b|"
                              r"\bduties\s+and\s+taxes\b", re.I),
           re.compile(rf"\b(?:(?:customs|import)\s+(?:dut(?:y|ies)|charges?|tax(?:es)?)|dut(?:y|ies)(?:\s+and\s+"
                      rf"(?:taxes|tax|vat|gst|gct))?)\b[^.!?\n]{{0,30}}?(?:{_MONEY})", re.I),
           label="the customs duty", of="bill"),
    # "could we pay it in two lots?", "is there a payment plan?": what a bill's mail offers to pay it in parts ("or in two
    # payments of $725.00", "call us about a payment plan"); never a part made up from the sum
    Detail("plan", re.compile(r"\bsplit\s+(?:it|that|this|them|(?:the|our|my)\s+\w+)\s*(?:up|in\s+(?:two|half|parts)|"
                              r"into\s+\w+)?\s*\W*$|\bsplit\s+(?:it|that|this|the\s+\w+)\s+(?:up|in\s+(?:two|half|parts)|"
                              r"into)\b|\b(?:payment|instal(?:l)?ment|repayment)\s+(?:plan|plans|option|options)\b|"
                              r"\bpay\s+(?:it\s+|that\s+|this\s+)?(?:in|by)\s+(?:two|three|halves)\b|"
                              r"\bpay\b[^?.!]{0,30}\b(?:in|by)\s+(?:instal(?:l)?ments|parts)\b|"
                              r"\bspread\s+(?:it|that|the\s+\w+|the\s+cost|the\s+payments?)\s+(?:out|over)\b", re.I),
           re.compile(rf"\b(?:in\s+(?:two|three|four|five|six|\d{{1,2}})\s+(?:equal\s+)?(?:payments|instal(?:l)?ments|parts)|"
                      rf"(?:payment|instal(?:l)?ment)\s+plan|split\s+(?:it\s+|the\s+\w+\s+)?(?:in|into)\s+(?:two|\d))\b"
                      rf"[^.!?\n]{{0,80}}?(?:{_MONEY}|\d{{1,2}}[/-]\d{{1,2}}|\b1-?\d{{3}}-\d{{3}}-\d{{4}}\b|\bcall\b)", re.I),
           label="a way to pay it in parts", of="bill"),
    # "what's the reconnection fee if they cut it?": what a utility's notice says reconnecting costs ("A reconnection
    # fee of AED 200.00 will apply"); only an amount it writes
    # ("what does it cost to get it turned back on?": the service put back after it is cut, asked in plain words)
    Detail("reconnection", re.compile(r"\b(?:turn(?:ed|ing)?|switch(?:ed|ing)?|put|get|got|have)\s+(?:it\s+|them\s+|"
                                      r"(?:the|our|my)\s+\w+\s+)?back\s+on\b|"
                                      r"\breconnect(?:ion|ing)?\s+(?:fees?|charges?|costs?)\b|\b(?:fee|charge|cost)s?\s+"
                                      r"(?:to|for)\s+reconnect(?:ion|ing)?\b|\b(?:cost|how\s+much)\b[^?.!]{0,20}\bto\s+(?:re-?connect|get\s+(?:it\s+|us\s+)?"
                                      r"reconnected)\b", re.I),
           re.compile(rf"\breconnection\s+(?:fee|charge)s?\b[^.!?\n]{{0,30}}?(?:{_MONEY})|(?:{_MONEY})[^.!?\n]{{0,20}}?"
                      rf"\breconnection\b", re.I),
           label="the reconnection fee", of="bill"),
    # "when will they cut off the power?", "when do they disconnect us if I don't pay?": the day a bill's mail says
    # the service may be cut ("your service may be disconnected on or after 07/21/2027"); only a day it writes
    Detail("cut_off", re.compile(r"\b(?:cut|cuts|cutting|shut|shuts|switch|switches|turn|turns)\s+(?:it\s+|us\s+|them\s+|"
                                 r"(?:the|our|my)\s+(?:heat|heating|lights?|power|water|gas|electric|phone|internet)\s+)?"
                                 r"off\b|\b(?:cut|shut)\s+(?:off\s+)?(?:our|my|the)\s+(?:electricity|power|water|gas|"
                                 r"service|internet|line|supply|connection)\b|\bdisconnect(?:s|ed|ing|ion)?\b|"
                                 r"\bsuspend\s+(?:our|my|the)\s+(?:service|line|supply|connection)\b", re.I),
           re.compile(r"\b(?:disconnect(?:ed|ion)?|cut\s+off|suspension\s+of\s+(?:your\s+)?(?:service|supply)|"
                      r"(?:service|supply)\s+(?:may|will|shall)\s+be\s+(?:suspended|interrupted|cut))\b[^.!?\n]{0,60}?"
                      r"(?:\d{1,2}/\d{1,2}/\d{2,4}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|"
                      r"\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)|"
                      # the day before the words ("Please pay before 10 March 2027 to avoid disconnection")
                      r"\b(?:before|by|on|after)\s+(?:\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|"
                      r"sep|oct|nov|dec)[a-z]*(?:\s+\d{4})?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+"
                      r"\d{1,2}(?:,?\s+\d{4})?)\s+to\s+avoid\s+(?:disconnection|(?:being\s+)?cut\s+off|suspension)\b|"
                      # the words before the day ("To avoid interruption of your gas service, please pay the past due
                      # amount by March 26, 2027")
                      r"\bto\s+avoid\s+(?:the\s+)?(?:interruption|disconnection|shut-?off|suspension)\b[^.!?\n]{0,80}?"
                      r"\b(?:by|before|on)\s+(?:\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
                      r"nov|dec)[a-z]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b)", re.I),
           label="a day the service may be cut off", of="bill",
           named=re.compile(r"\bdisconnect(?:ed|ion)?\b|\bcut\s+off\b", re.I)),
    # "what date is on the final cheque?", "my last post-dated cheque?": what a landlord's mail says of the last of the
    # post-dated cheques a lease is paid by ("Your fourth and last cheque for this contract is dated 15/06/2027"),
    # never the next one the bill is for; only a day it writes
    Detail("last_cheque", re.compile(r"\b(?:last|final)\s+(?:rent\s+|post-?dated\s+|pdc\s+)?(?:cheques?|checks?|pdcs?)\b",
                                     re.I),
           re.compile(r"\b(?:last|final)\s+(?:rent\s+|post-?dated\s+)?(?:cheque|check|pdc)\b[^.!?\n]{0,50}?"
                      r"\b(?:dated|due|on|for)\b[^.!?\n]{0,10}?(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}\s+"
                      r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|(?:jan|feb|mar|apr|may|jun|jul|aug|"
                      r"sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b)", re.I),
           ("rent",), label="the last cheque", of="bill"),
    # "what did it use to be?", "what's the premium going up from?", "the old amount?", "when's the direct debit going
    # up?": what a bill's mail says of a payment that changes, with what it was ("will go up from £142.00 to £168.00", "New monthly payment: £962.10 (was £986.42)", "(last
    # year: £548.90)"); only an amount it writes
    Detail("was", re.compile(r"\b(?:how\s+much|what)\s+(?:was|were|did)\s+(?:it|that|this|they|those|the\s+"
                             r"[\w'\u2019 -]{1,30}?)\s+(?:(?:costing\s+)?(?:before|beforehand|previously|till\s+now|until\s+now|"
                             r"last\s+year)\s*\W*$|used\s+to\s+be|go\s+up\s+from|come\s+down\s+from)|"
                             r"\b(?:up|down)\s+from\s*\W*$|\b(?:go(?:es|ing)?|gone|went)\s+(?:up|down)\s*\W*$|"
                             r"\b(?:come|comes|coming|came)\s+down\s*\W*$|\b(?:price|payment|premium|direct\s+debit|bill|rent)\s+(?:rise|"
                             r"increase)\b|\b(?:old|previous|former|last\s+year'?s)\s+(?:amount|payment|"
                             r"price|premium|direct\s+debit|instalment|installment|bill)\b", re.I),
           re.compile(rf"\b(?:up|down|increas\w*|decreas\w*|ris(?:e|es|ing)|fall(?:s|ing)?|chang(?:e|es|ing)|reduc\w*)"
                      rf"\s+from\s+(?:{_MONEY})|\(\s*(?:was|previously|last\s+year:?)\s+(?:{_MONEY})|"
                      rf"\b(?:previously|last\s+year|old\s+(?:amount|premium|payment))\s*:?\s*(?:{_MONEY})", re.I),
           label="a change of its amount", of="bill"),
    # "what's the interest rate on the mortgage now?", "what did they refix the loan at?": the rate a loan's mail says it
    # runs at ("New rate: 5.29% p.a.", "Interest rate: 4.85%", "refixed at 5.1%"), never the old one it replaces
    Detail("rate", re.compile(r"\binterest\s+rates?\b|\bre-?fix(?:ed|ing)?\b|\b(?:what|which)\s+rate\b|"
                              r"\brate\b[^?.!]{0,30}\b(?:loan|mortgage|fixed|fix)\b|\b(?:loan|mortgage)(?:'s)?\s+rate\b", re.I),
           re.compile(r"\b(?:new|fixed|current|interest|variable)\s+(?:interest\s+)?rate\b[^.!?\n]{0,30}?\d{1,2}(?:\.\d{1,3})?\s?%|"
                      r"\b(?:re-?fixed|fixed)\s+(?:it\s+|your\s+loan\s+)?at\s+\d{1,2}(?:\.\d{1,3})?\s?%", re.I),
           label="its interest rate", of="bill"),
    # "what was that euro charge on the card?", "the GBP purchase?", "any foreign transactions on my Visa?": the line of a card's statement
    # that gives a purchase in another currency, as the statement converts it ("EUR 64.00 @ 1.1405 = GBP 56.12",
    # "USD 42.00 converted at 0.79"), or the fee it adds for one; only a line the statement writes
    Detail("foreign", re.compile(rf"\b(?:{_NAMED_MONEY}|dollars?|foreign|overseas|non-?sterling|international|"
                                 r"forex|fx|currency)\s+(?:charges?|transactions?|purchases?|payments?|spends?|spending|"
                                 r"debits?|fees?)\b|\b(?:charges?|transactions?|purchases?|payments?|spent|spend|"
                                 r"bought)\s+(?:(?:made\s+)?(?:in|from)\s+)?(?:euros?|abroad|overseas|(?:a\s+|another\s+)?foreign\s+"
                                 r"currency|another\s+currency)\b|"
                                 # "that charge in Canadian dollars", "the purchase in CAD" (a bill owed in a currency
                                 # is the bills' own: "is anything due in euros?")
                                 rf"\b(?:charges?|transactions?|purchases?|line)\b(?![^?.!]*\b(?:due|owe|owed|owing)\b)[^?.!]{{0,25}}?"
                                 rf"\bin\s+(?:{_NAMED_MONEY})\b", re.I),
           re.compile(rf"(?:{_MONEY})[^\n]{{0,12}}?(?:@|\bat\s+(?:a\s+)?(?:rate\s+(?:of\s+)?)?\d|\bconverted\b|=)|"
                      r"\b(?:non-?sterling|foreign\s+(?:currency|exchange|transaction)|exchange\s+rate|currency\s+"
                      r"conversion)\b", re.I),
           ("card",), label="a charge in another currency", of="bill"),
    # "what did we actually use?", "what were the real charges this month?": what a bill's mail says the period's
    # use cost, beside the amount billed (a bill on budget billing or an equal payment plan bills the same each
    # month: "Actual charges this period: $118.37 ... Budget Billing amount due: $142.00"); only an amount it writes
    Detail("usage", re.compile(r"\bactual(?:ly)?\s+(?:use|used|usage|using|charges?|costs?|bill|amount|consumption)\b|"
                               r"\b(?:what|how\s+much)\s+(?:did|do|have)\s+(?:we|i)\s+(?:really\s+|actually\s+)?"
                               r"(?:use|used|consume|consumed|burn|burned|burnt|go\s+through)\b"
                               # ("what did I use my card for?" asks what a thing was used for)
                               r"(?!\s+(?:my|the|our|your|his|her|their|a|an|it|that|them)\b)|"
                               r"\b(?:real|current|true)\s+(?:charges|usage|consumption)\b|\busage\s+(?:charges?|costs?)\b",
                               re.I),
           re.compile(rf"\b(?:actual|current|new|this\s+(?:period|month)(?:'s|\u2019s)?|(?:total\s+)?usage|energy)\s+"
                      rf"(?:usage\s+)?charges?\b[^.!?\n]{{0,30}}?(?:{_MONEY})|\bcharges?\s+(?:for\s+)?(?:this|the)\s+"
                      rf"(?:period|month|billing\s+period|cycle)\b[^.!?\n]{{0,20}}?(?:{_MONEY})|\b(?:actual|real)\s+"
                      rf"(?:cost|use|usage|consumption)\b[^.!?\n]{{0,30}}?(?:{_MONEY})", re.I),
           label="what the period's use cost", of="bill"),
    # "which hospital?", "what's the venue?", "the name of the practice?": the place a booking's mail names, by a
    # label ("Venue: Hall B, 12 Quay Road", "Clinic: Lakeside Family Clinic, 4th Cross") or as where it is ("at St
    # Mary's Hospital")
    Detail("place", re.compile(rf"\bwhich\s+(?:{_PLACES})\b|\bname\s+of\s+the\s+(?:{_PLACES})\b|"
                               rf"^\W*(?:and\s+)?what(?:'s|\u2019s|s|\s+is)\s+the\s+(?:{_PLACES})(?:\s+called)?\s*\W*$", re.I),
           re.compile(rf"\b(?i:{_PLACES}|location|address|where)\s*:\s*\S|\b(?i:at)\s+(?:the\s+)?[A-Z][\w&'\u2019-]*"
                      rf"(?:\s+[A-Z][\w&'\u2019-]*){{0,4}}\s+(?:Clinic|Hospital|Centre|Center|Practice|Surgery|Hall|Studio)\b"),
           label="the place"),
    # "how many diners?", "the booking's for how many?": how many the booking's mail says it is for ("9 guests",
    # "Party size: 6", "table for 4", "2 adults and 2 children", "4 passengers")
    Detail("party", re.compile(r"\bhow\s+many\s+(?:guests|pax|diners|covers|persons|passengers|travell?ers|seats|"
                               r"tickets|of\s+us\b)|\bparty\s+size\b|"
                               r"\bfor\s+how\s+many(?:\s+(?:people|persons|guests|pax))?\s*\W*$", re.I),
           re.compile(r"\b\d{1,3}\s+(?i:guests?|people|persons|pax|adults?|diners|covers|passengers?|travell?ers|"
                      r"seats?|tickets?)\b|\b(?i:party\s+(?:size|of)|table\s+for|guests?|pax|passengers?|"
                      r"number\s+of\s+(?:guests|people|persons|passengers))\s*:?\s*\d{1,3}\b|"
                      r"\b\d{1,2}\s*[x\u00d7]\s+[A-Z]"), label="how many it is for"),
    # "the visit fee at the surgery?", "is there an entry fee for it?": what the booking's mail says it costs
    # ("Session fee: \u00a345, payable on the day"); a bill's fee ("the late fee", "school fees") is no booking's
    Detail("fee", re.compile(r"\b(?:consultation|consult|visit|appointment|session|class|lesson|treatment|entry|entrance|"
                             r"admission|doctor'?s?|booking)\s+(?:fees?|charges?)\b|\bfees?\s+(?:there|for\s+(?:it|that|"
                             r"the\s+(?:visit|appointment|consultation|session|class)))\b", re.I),
           re.compile(rf"\b(?:fees?|charges?|costs?|price|payable)\b[^.!?\n]{{0,30}}?(?:{_MONEY})|(?:{_MONEY})[^.!?\n]{{0,25}}?"
                      rf"\b(?:fee|charge|per\s+(?:session|visit|class|lesson))\b", re.I), label="the fee"),
    # "how much is left on the car loan?", "what's the payoff on it?": what a loan's statement says is still owed on
    # the loan itself ("Remaining principal: $9,120.40", "Principal balance $88,415.02"), beside the payment due;
    # of a loan only (what is still owed on a card is its statement's balance)
    # "how much credit have I left on my card?", "what's my available credit?": the credit a card's statement says is
    # still available ("Available credit €4,513.80"), never its limit nor what is owed (read before what is left to
    # pay on a loan: "left on my card" is credit, not a loan's balance)
    Detail("available", re.compile(r"\bavailable\s+(?:credit|limit|balance\s+on\s+(?:the|my)\s+card)\b|"
                                   r"\bcredit\s+(?:have\s+i|do\s+i\s+have|have\s+we|do\s+we\s+have|is|'s|\u2019s)\s+"
                                   r"(?:still\s+)?(?:left|available|remaining)\b|\b(?:credit|room)\s+(?:left|remaining)\s+on\b|"
                                   r"\bhow\s+much\s+(?:more\s+)?can\s+(?:i|we)\s+(?:still\s+)?(?:spend|charge|put)\s+on\b",
                                   re.I),
           re.compile(rf"\b(?:available\s+credit(?:\s+limit)?|credit\s+available|available\s+(?:to\s+spend|limit))"
                      rf"\b(?:[^.!?\n]{{0,20}}?|[ \t]*:?[ \t]*\n[ \t]*)(?:{_MONEY})", re.I),
           ("card",), label="the credit available", of="bill"),
    # "what's my limit on the Visa?": what a card's statement says its credit limit is ("Credit limit £3,500.00")
    Detail("limit", re.compile(r"\b(?:credit|spending|card)\s+limit\b|\blimit\s+(?:on|of|for)\b|\bmy\s+limit\b", re.I),
           # (a statement's table may put the figure on the line below its label)
           re.compile(rf"\b(?<!available\s)(?:credit\s+limit|spending\s+limit|card\s+limit|limit)"
                      rf"\b(?:[^.!?\n]{{0,20}}?|[ \t]*:?[ \t]*\n[ \t]*)(?:{_MONEY})", re.I),
           ("card",), label="the credit limit", of="bill"),
    # "how many more payments to go on the van?", "repayments remaining on the car?": how many parts of a loan or a plan its mail
    # says are left ("Instalments remaining: 41 of 84", "6 more payments to go", "Instalment 2 of 3")
    Detail("parts_left", re.compile(
        r"\bhow\s+many\s+(?:more\s+)?(?:instal(?:l)?ments?|payments?|repayments?|emis?|months?)\b[^?]{0,25}?"
        r"\b(?:left|remaining|to\s+go|more\s+to\s+pay|still\s+to\s+pay)\b|"
        r"\bhow\s+many\s+more\s+(?:instal(?:l)?ments?|payments?|repayments?|emis?)\b|"
        r"\b(?:instal(?:l)?ments?|repayments?|emis?)\s+(?:left|remaining|to\s+go)\b", re.I),
           re.compile(r"\b(?:instal(?:l)?ments?|payments?|repayments?|emis?)\s+(?:remaining|left|outstanding|to\s+go)"
                      r"\s*:?\s*\d{1,3}(?:\s*(?:of|/)\s*\d{1,3})?\b|"
                      r"\b\d{1,3}\s+(?:more\s+)?(?:instal(?:l)?ments?|payments?|repayments?|emis?)\s+"
                      r"(?:remaining|left|to\s+go)\b|\b(?:instal(?:l)?ment|payment)\s+\d{1,2}\s*(?:of|/)\s*\d{1,2}\b", re.I),
           label="how many instalments are left", of="bill"),
    Detail("principal", re.compile(r"\b(?:still|left\s+to)\s+(?:owe|owing|pay)\b|\bprincipal\b|\bpay-?off\b|"
                                   r"\bpay(?:ing)?\s+(?:it|that|this|the\s+[\w' -]{1,30}?)\s+off\b|"
                                   r"\b(?:left|remaining|outstanding)\s+(?:on|of)\s+(?:the|my|that|this|it)\b"
                                   # ("anything left on my calendar this evening?" asks what is still to come, no loan)
                                   r"(?!\s+(?:schedule|calendar|diary|agenda|plate|plans?|day|list|to-?do)\b)|"
                                   r"\b(?:loan|remaining|outstanding)\s+balance\b", re.I),
           re.compile(rf"\b(?:(?:remaining|outstanding|unpaid|current)\s+)?principal(?:\s+balance)?\b[^.!?\n]{{0,20}}?"
                      rf"(?:{_MONEY})|\b(?:payoff|pay-off)\s+(?:amount|balance|figure)\b[^.!?\n]{{0,20}}?(?:{_MONEY})|"
                      rf"\b(?:loan|remaining|outstanding)\s+balance\b[^.!?\n]{{0,20}}?(?:{_MONEY})|"
                      # the label said the other way round ("Balance outstanding: RM 21,480.00")
                      rf"\bbalance\s+(?:outstanding|remaining|owing|left\s+to\s+pay)\b[^.!?\n]{{0,20}}?(?:{_MONEY})",
                      re.I),
           ("loan",), label="what is left to pay on the loan", of="bill"),
)
_BY_NAME = {d.name: d for d in DETAILS}
# a question of money spent ("how much did I spend on parking?") asks no booking's detail
_SPENT = re.compile(r"\b(?:spen[dt]|spending|expenses?)\b", re.I)
# where a sentence ends: a stop and a space, not after a title or a short word ("Ms. Okonkwo", "St. Clair")
_STOP = re.compile(r"(?<=[.!?])\s+")
_NOT_AN_END = re.compile(r"(?:\b(?:dr|mr|mrs|ms|mx|prof|st|no|nr|ave|rd|approx|incl|excl|ca|e\.g|i\.e|vs)|\b\w)\.$", re.I)
# a greeting names the person the mail is to ("Dear Ms Odera,"), never the detail asked: left out of a sentence
_GREETING = re.compile(r"^\s*(?:dear|hi|hello|hey|good\s+(?:morning|afternoon|evening))\b[^,\n]{0,40},\s*", re.I)
_DIGITS = re.compile(r"\d")
_PHONE_AT = re.compile(_PHONE)
_LEAST_DIGITS, _MOST_DIGITS = 7, 15


@lru_cache(maxsize=256)  # a turn's text is asked of by several parts of its read
def asked_detail(text: str) -> str:
    """The kind of detail a question asks of a booking or a bill ("terminal", "phone", "late_fee" ...), or ""."""
    if _SPENT.search(text):
        return ""
    return next((d.name for d in DETAILS if d.asked.search(text)), "")


# a question that points back at one thing ("what's this booking for?", "when must I answer it by?")
_POINTS_BACK = re.compile(r"\b(?:that|this|it|them|those|these)\b(?:\s+one)?", re.I)


# the end of a thing asked ("until when does the board meeting run?", "when does it finish?", "the end time?")
_ENDS = re.compile(r"\b(?:till|until|til|up\s*to|upto)\s+(?:what\s+time|when)\b(?![^?]*\b(?:due|pay|paid|owe|valid)\b)|"
                   r"\b(?:what\s+time|when)\s+(?:does|do|will|is|'s|\u2019s)\s+(?:it|that|this|they|the\s+[\w'\u2019 -]{1,40}?|"
                   r"my\s+[\w'\u2019 -]{1,40}?|our\s+[\w'\u2019 -]{1,40}?)\s+(?:end|ends|finish|finishes|get\s+over|gets\s+over|"
                   r"wrap\s+up|be\s+over|close|conclude|let\s+out|go\s+(?:on\s+)?(?:till|until)|run\s+(?:till|until))\b|"
                   r"\b(?:end|ending|finish|finishing)\s+time\b|\bhow\s+late\s+(?:does|will|is)\b", re.I)
# a span of time as mail writes one ("14:00 - 15:30", "from 8:30 AM to 1:00 PM", "2 PM to 5 PM", "4-7pm")
_CLOCK = r"(\d{1,2})(?:[:.](\d{2}))?\s*([ap]\.?\s?m\.?)?"
_SPAN = re.compile(rf"(?<![\d:.]){_CLOCK}\s*(?:-|\u2013|\u2014|to|till|until|til)\s*{_CLOCK}(?![\d:])"
                   # a window a visit arrives within ("an arrival window between 8 and 12")
                   rf"|\bbetween\s+{_CLOCK}\s+and\s+{_CLOCK}(?![\d:])", re.I)


# and as people say it of an event with no article or of how long it goes on ("when does standup finish?", "how
# long does the standup go on?", "till which time is the workshop?")
_ENDS_SAID = re.compile(r"\b(?:till|until|til|upto|up\s+to)\s+(?:what|which)\s+time\b|"
                        r"\b(?:when|what\s+time)\s+(?:does|do|will|is|would)\b.*\b(?:end|ends|finish|finishes|be\s+over|"
                        r"get\s+over|gets\s+over|wrap\s+up|wraps\s+up)\b|\bhow\s+long\s+(?:does|do|will|is)\b.*"
                        r"\b(?:go\s+on|goes\s+on|last|lasts|run|runs)\b", re.I)


# a question about the end of a journey: "when do we land?", "what time does the train get in?"
_ARRIVE = re.compile(r"\b(?:arriv(?:e|es|ing|al)|lands?|landing|get(?:s|ting)? (?:back )?(?:in|into)|reach(?:es|ing)?|"
                     r"pull(?:s|ing)? in|touch(?:es|ing)? down|due in)\b", re.I)


def asks_arrival(text: str) -> bool:
    """Whether a question asks when a journey gets where it goes ("what time do we pull in?")."""
    return _ARRIVE.search(text) is not None


def asks_the_end(text: str) -> bool:
    """Whether a question asks when a thing ends ("until when does the board meeting run?", "till which time is
    the seminar on?")."""
    return _ENDS.search(text) is not None or _ENDS_SAID.search(text) is not None


def end_said(text: str, start: tuple[int, int]) -> tuple[str, tuple[int, int]] | None:
    """(the span a mail's text says, the (hour, minute) it ends) of a thing that starts at `start` (hour,
    minute): the first span whose start is that time; None when the text gives none."""
    for m in _SPAN.finditer(text):
        h1, m1, p1, h2, m2, p2 = (g for n, g in enumerate(m.groups()) if (n < 6) == (m.group(1) is not None))
        first, last = _hour(h1, m1, p1 or p2), _hour(h2, m2, p2)
        if first is None or last is None or (first != start and not (p1 is None and p2 is None and first == (
                start[0] % 12, start[1]))):
            continue
        if p2 is None and last[0] < 12 and last < start:
            last = (last[0] + 12, last[1])  # "11:00 - 1:00" said without am or pm ends after noon
        if last <= start:
            continue
        return " ".join(m.group().split()), last
    return None


def _hour(h: str, m: str | None, half: str | None) -> tuple[int, int] | None:
    hour, minute = int(h), int(m or 0)
    if half is not None:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if half.casefold().startswith("p") else 0)
    return (hour, minute) if hour < 24 and minute < 60 else None


_PLACE_ASKED = re.compile(rf"\b(?:which|the)\s+(?P<noun>{_PLACES})\b", re.I)


def place_asked(text: str) -> str:
    """The place noun a question asks which one of ("which hospital?": hospital), or "" when it asks none: asked
    so, it names no kind of booking ("clinic" is no doctor's visit of its own)."""
    if asked_detail(text) != "place":
        return ""
    m = _PLACE_ASKED.search(text)
    if m is not None and _WHERE_THE.match(text) and m.group(0).casefold().startswith("the"):
        return ""  # "where is the GP surgery?": where the place of that kind is (a GP's), no place picked among
    return m.group("noun").casefold() if m else ""


_WHERE_THE = re.compile(r"\s*where(?:['’]s|\s+is|\s+are)?\s+the", re.I)


def points_back(text: str) -> bool:
    """Whether a question points at the thing said before instead of naming it ("what's this booking for?")."""
    return _POINTS_BACK.search(text) is not None


def detail_domain(name: str) -> str:
    """The domain a detail of that kind is answered in: a bill's in money, a booking's in appointments."""
    return "money" if _BY_NAME[name].of == "bill" else "appointments"


def detail(name: str) -> Detail:
    """The kind of detail of that name."""
    return _BY_NAME[name]


# a table's label alone on its line ("Credit limit", "Late fee:") and a figure that opens the next ("£3,500.00")
_LABEL_ALONE = re.compile(r"[^\W\d_][\w '&/-]{1,38}:?")
_FIGURE = re.compile(rf"(?:{_MONEY}|\d)")


def detail_in(text: str, kind: str, naming: tuple[str, ...] = ()) -> str:
    """The sentence (or line) of a mail's text that gives a detail of that kind, or ""; with `naming` (a
    journey's number, the airport it leaves from), only a sentence that says one of them, and one that names
    the airport only as where it leaves from ("Depart GRU T3", not "Arrive GRU T3", another leg's landing)."""
    said = _BY_NAME[kind].said
    names = [(re.compile(r"\b" + r"\s*".join(map(re.escape, _split_number(n))) + r"\b"), len(n.split()) == 1
              and n.isalpha()) for n in naming]
    lines = sentences(text)
    if _BY_NAME[kind].of == "bill":
        # a statement's table gives a label on one line and its figure on the next ("Credit limit" / "£3,500.00")
        lines = [f"{line} {lines[n + 1]}" if n + 1 < len(lines) and _LABEL_ALONE.fullmatch(line.strip())
                 and _FIGURE.match(lines[n + 1].strip()) else line for n, line in enumerate(lines)]
    for sentence in lines:
        sentence = _GREETING.sub("", sentence)
        if not said.search(sentence) or names and not any(
                (found := n.search(sentence)) and not (place and (_ARRIVAL.search(sentence) or _ARROW.search(
                    sentence, 0, found.start()))) for n, place in names):
            continue
        if kind == "phone" and not any(_is_phone(m.group()) for m in _PHONE_AT.finditer(sentence)):
            continue  # "call us within 14 days": no number to call is said
        if kind == "duration" and _NOT_A_LENGTH.search(sentence):
            continue  # "we hold your table for 15 minutes", "arrive 10 minutes early": no length of the booking
        return " ".join(sentence.split())[:200]
    return ""


def part_in(text: str, thing: str) -> str:
    """The line of a bill's mail that gives one part of it by that part's own name as its label, with its sum
    ("Repairs fund: EUR 27.00", "Water levy (10%) .... $14.20"), or "": the label opens the line, the sum follows
    it closely; a sentence that names the part without a sum ("the fee and the repairs fund are due") is none."""
    label = r"\s+".join(rf"{re.escape(w)}s?" for w in thing.split())
    said = re.compile(rf"^\s*{label}\b[^\n\d]{{0,30}}?(?:\(\s*\d[\d.,]*\s?%?\s*\)[^\n\d]{{0,10}}?)?(?:{_MONEY})",
                      re.I)
    for line in text.splitlines():
        found = said.search(line)
        if found:
            return " ".join(found.group(0).split())
    return ""


# the marks a mail writes a currency with, beside its code ("€41.90", "£12.00", "C$112.50")
_MARKS = {"EUR": ("\u20ac",), "GBP": ("\u00a3",), "JPY": ("\u00a5",), "INR": ("\u20b9",), "CAD": ("C$", "CA$"),
          "AUD": ("A$", "AU$"), "NZD": ("NZ$",), "SGD": ("S$",), "HKD": ("HK$",), "MXN": ("MX$",)}


def in_currency(sentence: str, codes: frozenset[str] | set[str]) -> bool:
    """Whether a sentence of a mail writes an amount in one of the currencies (by code or by mark)."""
    return any(re.search(rf"\b{re.escape(c)}\b", sentence) or any(m in sentence for m in _MARKS.get(c, ()))
               for c in codes)


def named_in(text: str, kind: str) -> str:
    """The sentence of a mail's text that names a detail of that kind without stating it ("Please pay now to
    avoid a late payment fee."), or ""."""
    named = _BY_NAME[kind].named
    found = next((s for s in sentences(text) if named is not None and named.search(s)), "")
    return " ".join(_GREETING.sub("", found).split())[:200]


def sentences(text: str) -> list[str]:
    """A mail's text as its lines and sentences, a title's stop ("Dr. Wanjala") kept inside its sentence."""
    out: list[str] = []
    for line in text.splitlines():
        start = 0
        for stop in _STOP.finditer(line):
            if not _NOT_AN_END.search(line[start:stop.start()]):
                out.append(line[start:stop.start()])
                start = stop.end()
        out.append(line[start:])
    return [s for s in out if s.strip()]


def _split_number(said: str) -> list[str]:
    """A flight's number in its parts ("KA311", "KA 311" -> ["KA", "311"]), so either spelling is found; a
    word as it is."""
    m = re.fullmatch(r"([A-Za-z]+)\s*(\d+)", said)
    return [m.group(1), m.group(2)] if m else [said]


# a number of minutes that is not how long a booking lasts: a hold, a notice, a time before or after it
_NOT_A_LENGTH = re.compile(r"\b(?:hold|holds|held|keep|kept|arrive|early|before|after|late|notice|within|cancel\w*|ago|"
                           r"every|closes?|drive|walk|away|from\s+the)\b", re.I)
# the arrow between a leg's two ends ("(SIN) T3 15:20 -> (SGN) 16:30"): an airport after it is where that leg lands
_ARROW = re.compile(r"\u2192|->|\s[\u2013-]\s")
_ARRIVAL = re.compile(r"\b(?:arr|arrive|arrives|arriving|arrival|lands?|landing|ankunft|llegada|chegada)\b", re.I)


def cut_short(kept: str, said: str) -> bool:
    """Whether a sentence found in what the store keeps of a mail is its last, cut where the kept text ends
    ("Please bring yo"): the whole of it is in the mail's body."""
    end = " ".join(kept.split())
    return bool(said) and end.endswith(said[-12:]) and not said.rstrip().endswith((".", "!", "?", ")", "\u201d", '"'))


def _is_phone(said: str) -> bool:
    """Whether digits a mail gives are as many as a phone number has (not an amount, a time or a year)."""
    return _LEAST_DIGITS <= len(_DIGITS.findall(said)) <= _MOST_DIGITS
