"""Mail answers: by sender or person (their display names and every address they used), counted, in a
window; "suspicious" and "phishing" list the mail marked so, with why. Topics are left to mail search
(the inbox intercept and the loop). Through `Mailbox`."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.errors import StewardError
from steward.reader import honesty
from steward.reader.answer import Answer, Answerer
from steward.reader.answerers.common import day_text
from steward.reader.answerers.expiry import EXPIRES_FLAG, expiry_answer
from steward.reader.answerers.owned import answer_owned, owned_thing
from steward.reader.frame import Frame, SlotValue, Unmatched
from steward.reader.honesty import no_such
from steward.reader.lists import SlotLists
from steward.reader.views import mail_view, window_words
from steward.vocab import words

if TYPE_CHECKING:
    from steward.records.mail import Message
    from steward.search.lexical import Hit, SearchResult
    from steward.search.mailbox import Mailbox

SHOWN = 10
# a frame's flag: a thing of the person named before ("her train") is asked of, which their mail tells
THEIRS = "theirs"


def _why(hit: Hit, mailbox: Mailbox) -> str:
    return honesty.why_suspicious(hit, mailbox)


def mail_answerer(mailbox: Callable[[], Mailbox], lists: Callable[[], SlotLists],
                  by_meaning: Callable[[str, int], SearchResult] | None = None) -> Answerer:
    """The mail answerer over the mailbox; `by_meaning(topic, limit)` searches the mail by meaning alone
    (a topic said in words no message uses: "the mail about the power being cut")."""

    def senders_named(frame: Frame) -> list[SlotValue]:
        out = list(frame.values("sender"))
        names = {v.value for v in out}
        # an issuer or a provider named in a mail question: the senders of the same name
        for v in (*frame.values("issuer"), *frame.values("provider")):
            for s in lists().of_slot("sender"):
                if s.value.casefold() == v.value.casefold() and s.value not in names:
                    out.append(s)
                    names.add(s.value)
        from steward.reader.lists import kind_of
        from steward.reader.words import load_words

        topic = _topic(frame.text)
        if not out and frame.kinds and set(words(frame.text)) & _WRITING and not frame.unmatched and not frame.unknown \
                and (
                not topic or kind_of(topic, load_words().provider_kinds) in frame.kinds):
            # "has the vet written to us?": the senders of the places of that kind
            places = {x.casefold() for p in lists().of_slot("provider") if p.kind in frame.kinds
                      for x in (p.value, p.issuer) if x}
            kinds = load_words().provider_kinds
            for s in lists().of_slot("sender"):
                if (s.value.casefold() in places or kind_of(s.value, kinds) in frame.kinds) and s.value not in names:
                    out.append(s)
                    names.add(s.value)
        return out

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        box = mailbox()
        window = ""
        if frame.window is not None:
            last = frame.window.end.date()
            if last <= frame.window.start.date() or not _whole_days(frame):
                last += timedelta(days=1)  # "this morning": its day searched, its hours kept below
            window = f" after:{(frame.window.start.date()).isoformat()} before:{last.isoformat()}"
        if EXPIRES_FLAG in frame.flags:
            # "when will my work permit expire?": the day its mail says it runs out (none said: the mail about it, below)
            ends = expiry_answer(frame, box, clock)
            if ends is not None:
                return ends
        if "cod" in frame.flags:
            from steward.reader.answerers.mail_news import cash_on_delivery

            return cash_on_delivery(clock, box)  # "how much cash for the COD?": what the parcel's mail says to pay
        if "suspicious" in frame.flags:
            hits = box.search(f"category:phishing_suspect{window}", limit=50, clock=clock).hits
            if not hits:
                return Answer("Nothing in your mail is marked as suspicious.", {"messages": []})
            lines = [f"{len(hits)} message{'s' if len(hits) != 1 else ''} look{'s' if len(hits) == 1 else ''} "
                     "like phishing:"]
            lines += [f"- {day_text(clock.local(h.message.received_at).date(), clock)} {h.message.sender_name or h.message.sender}"
                      f" <{h.message.sender}>: \u201c{h.message.subject}\u201d \u2014 {_why(h, box)}" for h in hits]
            view = mail_view(lines[0].rstrip(":"), [h.message for h in hits], clock, window_words(frame, clock))
            return Answer("\n".join(lines), {"messages": [h.id for h in hits], "view": view})
        owned = owned_thing(frame) if frame.ask == "when" else None
        if owned is not None:
            # "when is Dad's 70th?", "Appa's anniversary": the day of a thing of theirs, from the mail that says
            # it, not their mail listed
            from steward.reader.words import load_words

            return answer_owned(owned, lists().of_slot("sender"), box, clock, load_words())
        strangers = [u for u in frame.unmatched if u.what == "relation"]
        if strangers and not frame.values("sender"):
            # "what did Ah Ma write?", "did I email my brother?" when no sender signs so, is called so or is
            # greeted so: said, with the people it could be, never the mail of someone a shorter word or a
            # surname points at, nor mail about the rest of the question
            return Answer(no_one_known_as(strangers[0]), {"messages": [], "could_be": list(strangers[0].nearest)})
        if _I_WROTE.search(frame.text):
            return _written(frame, clock, box, senders_named(frame), lists())
        if "genuine" in frame.flags:
            from steward.reader.answerers.verdict import genuine_answer
            from steward.reader.words import load_words

            rw = load_words()
            ignore = frozenset(w for p in rw.flags["genuine"] for w in p) | rw.common
            named = [s.value for s in senders_named(frame)]
            verdict = genuine_answer(frame, box, named, clock, ignore)
            if verdict is not None:
                return verdict
        topic = _topic(frame.text)
        if topic and ("bare" not in frame.flags or _ABOUT[0].search(frame.text)) and not lists().of_slot("sender"):
            # an empty mailbox: said of the topic asked about, never as "no mail came in" some span
            said = set(words(frame.window.said)) if frame.window is not None else set()
            topic = " ".join(w for w in topic.split() if w.casefold() not in said) or topic
            return Answer(f"No mail is about \u2018{topic}\u2019: your mailbox holds no mail yet (`steward mail "
                          "import` or `steward mail sync` brings it in).", {"count": 0})
        if topic and ("bare" not in frame.flags or _ABOUT[0].search(frame.text)) and not frame.values("sender") \
                and not any(u.what in ("sender", "kind of sender") for u in frame.unmatched):
            # (a request in mail's own words alone, "show me new email", has no topic: it asks for the newest;
            # "every mail about the lease" names one with "about")
            # "find the book club email": mail about a topic, whatever bill or booking a word of it names
            inside = frame.window is None or set(words(frame.window.said)) - _NOT_TOPIC <= set(words(topic))
            # ("has the vet got back to me about the cat?", "when did Jo say the party is?": what the newest says)
            # ("has the club written about the regatta?": an event's mail, and the day it gives)
            tell = bool(frame.flags & {"replies", "says"}) or frame.ask == "when" or _names_an_event(topic)
            about = _about(topic, box, clock, tell=tell) if inside else None
            if about is None and inside and frame.window is None:
                about = _by_what_it_is(topic, box, clock)  # "did the Metrolink people write?": the mail about trams
            if about is None and inside and by_meaning is not None and frame.window is None and _says_a_thing(frame, topic):
                about = _nearest(topic, by_meaning, clock)
            if about is None and inside and by_meaning is not None and frame.window is None and _asks_about(frame.text):
                # "dig out the mail about the school concert", every word known: words and meaning together
                about = _by_words_and_meaning(topic, box, by_meaning, clock)
            if about is not None:
                return about
        senders = senders_named(frame)
        if "spending" in frame.flags and senders and not frame.unmatched:
            from steward.reader.answerers.spending import spent_with

            paid = spent_with(frame, clock, box, senders)  # "how much did I spend at the café?": their receipts
            if paid is not None:
                return paid
        not_found = [u for u in frame.unmatched if u.what == "sender"]
        unknown_kind = [u for u in frame.unmatched if u.what == "kind of sender"]
        if not senders and unknown_kind and not not_found:
            from steward.reader.answerers.child_senders import child_senders_answer
            from steward.reader.words import load_words

            # "has Leo's school emailed me?": the mail of the senders of that kind whose mail names the child
            of_child = child_senders_answer(unknown_kind[0], load_words().sender_kinds, box, clock)
            if of_child is not None:
                return of_child
            # "any mail from the gym?" when no sender's name, bill or booking says gym: what was looked for is
            # said, never "nothing" (the gym may write under a name that does not say so)
            return Answer(f"I can't tell which of your senders is \u2018{unknown_kind[0].said}\u2019: no sender's name, bill or booking "
                          f"says so. Ask with their name, e.g. \u201cany mail from ...\u201d.", {"messages": []})
        if not senders and not_found:
            # "mails from bartholomew" when no sender is called that: said plainly, never other senders' mail
            return Answer("\n".join(no_such(u, "senders") for u in not_found), {"messages": []})
        unnamed = [u for u in frame.unmatched if u.what == "name"]
        if not senders and unnamed and set(words(frame.text)) & _WRITING and not frame.window \
                and not any(box.search(u.said, limit=1, clock=clock).hits for u in unnamed):
            # "did Netflix email me?": a name no sender has, and no message says: said plainly
            return Answer("\n".join(no_such(u, "senders") + " No message mentions it either." for u in unnamed),
                          {"messages": []})
        from steward.reader.answerers import mail_news

        if frame.ask == "how_much" and senders and not frame.unmatched and mail_news.AN_ORDER.search(frame.text):
            # "how much was that order?" after a courier's notice: the order of the shop the notice names, as the
            # shop's own mail prices it (a courier's notice prices nothing)
            notices = sorted((h.message for s in senders for a in s.addresses
                              for h in box.from_sender(a, window, limit=3, clock=clock).hits),
                             key=lambda m: m.received_at, reverse=True)
            ordered = mail_news.order_behind(notices, box, clock)
            if ordered is not None:
                return ordered
        if "unread" in frame.flags and not senders and not frame.unknown and not frame.unmatched:
            return mail_news.unread(frame, clock, box)  # "how many unread?": no read state here; what came in
        if "replies" in frame.flags and not frame.unknown and not frame.unmatched:
            return mail_news.replies(frame, clock, box, [s.value for s in senders])  # "did anyone get back to me?"
        if "delivery" in frame.flags and not senders and not frame.unmatched:
            return mail_news.deliveries(frame, clock, box)  # "where's my package?": the delivery notices
        if "delivery" in frame.flags and senders and not frame.unmatched and frame.ask != "count" \
                and not set(words(frame.text)) & _WRITING:
            # "is the parcel from the bookshop coming today?": its delivery notices, the courier's too
            return mail_news.deliveries(frame, clock, box, [s.value for s in senders])
        if "personal" in frame.flags and not senders and not frame.unknown and not frame.unmatched:
            return mail_news.personal(frame, clock, box)  # "any personal emails yet?": people's own mail
        if "important" in frame.flags and not senders and not frame.unknown and not frame.unmatched:
            return mail_news.important(frame, clock, box)  # "anything urgent in my inbox?"
        if not senders and frame.window is None and frame.flags & {"recent", "bare"} and not frame.unknown \
                and not frame.unmatched:
            return newest(frame, clock, box)  # "any recent emails?", "check my inbox": the newest mail
        if not senders and frame.window is not None and frame.window.end - frame.window.start <= timedelta(days=31) \
                and not frame.unknown and not frame.unmatched:
            # "what arrived for me on monday?": the mail received in the window, every message counted
            start, end = frame.window.start.date(), frame.window.end.date()
            if end <= start or not _whole_days(frame):
                end = end + timedelta(days=1)  # "before:" leaves its day out; hours are cut below
            hits = box.search(f"after:{start.isoformat()} before:{end.isoformat()}", limit=500, clock=clock).hits
            if frame.window.end > frame.window.start and not _whole_days(frame):
                # "in the last three hours", "since 6 pm": the messages of those hours, not of their days
                hits = [h for h in hits if frame.window.start <= h.message.received_at < frame.window.end]
            if not hits:
                return Answer(f"No mail came in {frame.window.said}.", {"count": 0})
            lines = [f"{len(hits)} message{'s' if len(hits) != 1 else ''} came in {frame.window.said}:"]
            if len(hits) <= SHOWN:
                # a few: each one, when it came, who sent it and what it is about (as the newest mail is shown)
                hits.sort(key=lambda h: h.message.received_at, reverse=True)
                for h in hits:
                    at = clock.local(h.message.received_at)
                    lines.append(f"- {day_text(at.date(), clock)} {clock.formats.time(at)} "
                                 f"{h.message.sender_name or h.message.sender}: \u201c{h.message.subject}\u201d")
                return Answer("\n".join(lines), {"count": len(hits), "messages": [h.id for h in hits]})
            by: dict[str, int] = {}
            for h in hits:
                who = h.message.sender_name or h.message.sender
                by[who] = by.get(who, 0) + 1
            lines += [f"- {who}: {n}" for who, n in sorted(by.items(), key=lambda kv: (-kv[1], kv[0]))[:SHOWN]]
            return Answer("\n".join(lines), {"count": len(hits)})
        if not senders:
            return None
        if frame.window is not None and frame.window.start > clock.now():
            # "is Ah Ma expecting us on Saturday?": a day ahead is one their mail speaks of, never one it came on
            return _speaks_of_a_day(frame, clock, box, senders)
        hits = []
        total = 0
        for s in senders:
            for address in s.addresses:
                # counted along the sender index; only the newest few are read, whatever the sender sent
                total += box.sender_count(address, window, clock=clock)
                hits.extend(box.from_sender(address, window, limit=SHOWN, clock=clock).hits)
        if frame.window is not None and frame.window.end > frame.window.start and not _whole_days(frame):
            in_hours = [h for h in hits if frame.window.start <= h.message.received_at < frame.window.end]
            total -= len(hits) - len(in_hours)
            hits = in_hours
        hits.sort(key=lambda h: h.message.received_at, reverse=True)
        who = " and ".join(s.value for s in senders)
        sums = any(d == "money" and v > 0 for d, v in frame.scores) or bool(frame.flags & {"paid", "unpaid"}) \
            or frame.ask == "how_much"
        if sums and hits and all(h.message.category == "phishing_suspect" for h in hits):
            # "how much is the vehicle tax?" when the words name a lure's sender: a lure never says what is owed;
            # the genuine mail that says the name it borrows does, else no sum is read from it
            genuine = _genuine_for(senders, frame, box, clock)
            if not genuine:
                return _lure_only(senders, hits, box, clock)
            hits, total = genuine, len(genuine)
            who = " and ".join(dict.fromkeys(h.message.sender_name or h.message.sender for h in genuine))
        if not hits:
            return Answer(f"Nothing from {who}" + (f" {frame.window.said}" if frame.window else "") + ".",
                          {"messages": []})
        if frame.ask == "count":
            return Answer(f"{total} message{'s' if total != 1 else ''} from {who}"
                          + (f" {frame.window.said}" if frame.window else "") + ".", {"count": total})
        lines = [f"{total} message{'s' if total != 1 else ''} from {who}, newest first:"]
        if frame.ask == "when" and _DEADLINE_ASKED.search(frame.text):
            # "the chemist, by when must I collect it?": the day their newest mail gives to do it by
            deadline = _deadline_said(hits[0].message, box, clock)
            if deadline is not None:
                lines.insert(0, deadline)
        told_at = told_id = None
        # "anything from Jess?", "what did Chris need?": a person's own note is asked for what it says, not
        # that it came (a company's mail is listed; its subject says what it is)
        by_a_person = hits[0].message.category == "personal" and frame.ask != "count"
        if (frame.flags & {"says", "recent"} or by_a_person) and frame.ask != "count":
            # "what did Priya say?", "the latest from the school": what the newest one says, first
            asked = frame.text if mail_news.ASKED_FOR.search(frame.text) else ""
            said_about = _SAID_ABOUT.search(frame.text)
            # "what did Kim ask me to tell Sam?", "what did Kim say about Sam's party?": the one said first
            # asked or said it; the other is who it is for or what it is about
            first = [h.message for h in hits if h.message.sender in senders[0].addresses] \
                if asked or said_about else []
            # "when did Rajesh say the claims are due?": the newest of theirs that says the thing named, not
            # their newest about something else
            things, of_it = _saying(frame, hits)
            topic = said_about.group(1) if said_about else " ".join(things) if of_it else ""
            if THEIRS in frame.flags and of_it:
                # "what time does her train get in?": the mail of hers that speaks of it, alone
                hits = of_it
                lines = [f"{len(hits)} message{'s' if len(hits) != 1 else ''} from {who} about the {topic}:"]
            told = first or [h.message for h in of_it or hits]
            lines.insert(0, mail_news.latest_says(told, clock, asked=asked, topic=topic, box=box))
            told_id = mail_news.told_of(told, asked, topic).id
            told_at = mail_news.told_of(told, asked, topic).received_at  # "has she written since then?" is after it
            gives = mail_news.day_it_gives((of_it or hits)[0].message, clock) if frame.ask == "when" else None
            if gives:
                lines.insert(1, gives)  # "Sam wanted to meet, when was that?": the day his message gives
        # "did I pay the fibre company?": a sender Steward read no bill from; what its mail says of money
        newest_says = f"{hits[0].message.subject} {hits[0].message.snippet}"
        # (a biller Steward reads bills from is owed what its dues say, never what its newest mail thanks for: a
        # receipt for last year's last instalment says nothing of the new year's bill)
        billed = any(v.slot == "issuer" for n in frame.filters for v in n.values)
        if sums and not billed and _PAYMENT_RECEIVED.search(newest_says):
            # "did I settle the fibre bill?", "do I owe the fibre people anything?": their newest mail thanks you
            # for a payment
            when = day_text(clock.local(hits[0].message.received_at).date(), clock)
            status = "Paid" if frame.flags & {"paid", "unpaid"} else "Nothing owed"
            lines.insert(0, f"{status}, as far as their mail says: {who}'s newest message ({when}) confirms a payment.")
        for h in hits[:SHOWN]:
            m = h.message
            flag = f" \u2014 SUSPICIOUS: {_why(h, box)}" if m.category == "phishing_suspect" else ""
            of_money = money_sentence(m.snippet) if sums and not flag else None
            flag += f" \u2014 \u201c{of_money}\u201d" if of_money else ""
            if by_a_person and not flag and m.category == "personal" and m.id != told_id and m.snippet.strip():
                flag = f" \u2014 {mail_news.gist(m.snippet)}"  # each of their other notes, by what it says too
            lines.append(f"- {day_text(clock.local(m.received_at).date(), clock)} \u201c{m.subject}\u201d <{m.sender}>{flag}")
        if sums:
            options = _options_of(hits[0].message, box, clock)
            if options:
                lines.insert(0, options)  # "how much to tax the car?": every price its letter gives, none picked
        view = mail_view(lines[0].rstrip(":"), [h.message for h in hits[:SHOWN]], clock, window_words(frame, clock),
                         told_at=told_at)
        return Answer("\n".join(lines), {"messages": [h.id for h in hits[:SHOWN]], "view": view})

    def newest(frame: Frame, clock: Clock, box: Mailbox) -> Answer:
        """No day said, the newest asked for ("anything new in my inbox?", "who emailed me lately?"): the newest
        messages of the last fortnight, with who sent them, when and their subjects."""
        since = clock.today() - timedelta(days=RECENT_DAYS - 1)
        hits = box.search(f"after:{since.isoformat()}", limit=500, clock=clock).hits
        hits.sort(key=lambda h: h.message.received_at, reverse=True)
        if not hits:
            return Answer(f"No mail came in the last {RECENT_DAYS} days.", {"count": 0})
        lines = [f"Your newest mail ({len(hits)} message{'s' if len(hits) != 1 else ''} in the last "
                 f"{RECENT_DAYS} days), newest first:"]
        for h in hits[:SHOWN]:
            m = h.message
            at = clock.local(m.received_at)
            flag = f" \u2014 SUSPICIOUS: {_why(h, box)}" if m.category == "phishing_suspect" else ""
            lines.append(f"- {day_text(at.date(), clock)} {clock.formats.time(at)} {m.sender_name or m.sender}: "
                         f"\u201c{m.subject}\u201d{flag}")
        view = mail_view(lines[0].rstrip(":"), [h.message for h in hits[:SHOWN]], clock, window_words(frame, clock))
        return Answer("\n".join(lines), {"messages": [h.id for h in hits[:SHOWN]], "count": len(hits), "view": view})

    return Answerer("mail", "mail", answer)


RECENT_DAYS = 14
# what a person's mail is asked about ("what did Jo say about the move?"): the words after "about"
_SAID_ABOUT = re.compile(r"\b(?:say|said|says|saying|write|wrote|mention|mentioned|(?:tell|told)\s+(?:me|us))\s+about\s+"
                         r"(.+)$", re.I)
# what the person wrote ("who did I email last week?", "did I reply to Ana?", "have I written to the school?", "my
# sent mail"): their own messages, never the mail they received
_I_WROTE = re.compile(r"\b(?:(?:did|didn't|have|haven't|had)\s+(?:i|we)|i've|i\s+have|we've)\s+(?:ever\s+|already\s+|yet\s+)?"
                      r"(?:e-?mail(?:ed)?|mail(?:ed)?|message(?:d)?|repl(?:y|ied)|write|wr(?:o|i)tten|wrote|send|sent|"
                      r"forward(?:ed)?)\b|\bmy\s+sent\s+(?:mail|e-?mails|messages|items|folder)\b|"
                      r"\b(?:who|what)\s+(?:i|we)\s+(?:e-?mailed|wrote|sent|replied)\b", re.I)


# a day to do a thing by, asked ("when do I have to pick it up by?", "by when do I need to reply?", "what's the
# deadline?")
_DEADLINE_ASKED = re.compile(r"\bwhen\b[^?]*\bby\W*$|\bby\s+when\b|\bdeadline\b|\blast\s+day\s+to\b", re.I)
# a sentence of a mail that gives a day to do a thing by ("Please pick up by 05/18/2027 or it will be returned")
_BY_A_DAY = re.compile(r"\b(?:by|before|no\s+later\s+than|until|deadline)\b", re.I)


def _deadline_said(m: Message, box: Mailbox, clock: Clock) -> str | None:
    """ "Their mail of Mon 10 May says “Please pick up by 05/18/2027 ...” (Tue 18 May).": the sentence of a mail
    (its body fetched live and dropped after, else what the store keeps of it) that gives one day ahead of its
    arrival to do a thing by; None when none does, or when two sentences give two days."""
    from steward import dates
    from steward.appointments.patterns import sentences

    came = clock.at(m.received_at)
    found: dict[object, tuple[str, datetime]] = {}
    for text in (None, f"{m.subject}\n{m.snippet}"):
        if text is None:
            try:
                text = box.read(m.id, clock=clock).body  # its lines whole: what is kept runs them together
            except StewardError:
                continue
        for sentence in sentences(text[:3000]):
            by = _BY_A_DAY.search(sentence)
            said = dates.find(sentence[by.start():], came, prefer="future") if by is not None else None
            if said is None or said.start is None or not said.has_date or said.start < m.received_at:
                continue
            found.setdefault(said.start.date(), (" ".join(sentence.split()), said.start))
        if found:
            break
    if len(found) != 1:
        return None
    sentence, day = next(iter(found.values()))
    return (f"Their mail of {day_text(clock.local(m.received_at).date(), clock)} says \u201c{sentence[:200]}\u201d "
            f"({day_text(clock.local(day).date(), clock)}).")


def _saying(frame: Frame, hits: list[Hit]) -> tuple[tuple[str, ...], list[Hit]]:
    """The things the question names in words no vocabulary holds (`honesty.named_things`), and the messages
    (newest first) whose subject or snippet say every one of them ([] when none does)."""
    from steward.reader.words import load_words

    rw = load_words()
    things = honesty.named_things(frame, rw)
    if not things:
        return things, []
    return things, [h for h in hits if not honesty.unheld(things, [f"{h.message.subject} {h.message.snippet}"], rw)]


def _written(frame: Frame, clock: Clock, box: Mailbox, named: list[SlotValue], lists: SlotLists) -> Answer:
    """The person's own messages (sent from the address most of their mail is sent to), newest first, to whom
    and about what; to one person when the question names them (ever, when it says no day); in the window
    said, else the last fortnight (and the newest before it, when none is that recent)."""
    own = box.own_address()
    if own is None:
        return Answer("I can't tell which address is yours: no one address gets most of this mail, so I can't "
                      "pick out what you sent.", {"messages": []})
    names = {a.casefold(): s.value for s in lists.of_slot("sender") for a in s.addresses}
    to = {a.casefold() for s in named for a in s.addresses}
    hits = box.from_sender(own, limit=200, clock=clock).hits
    if to:
        hits = [h for h in hits if {r.casefold() for r in h.message.recipients} & to]
    span = f"in the last {RECENT_DAYS} days"
    if frame.window is None and to:
        span = "in the mail Steward holds"  # "did I email Ana?": ever, not only lately
    elif frame.window is not None:
        hits = [h for h in hits if frame.window.start <= h.message.received_at < frame.window.end]
        span = frame.window.said
    else:
        since = clock.now() - timedelta(days=RECENT_DAYS)
        recent = [h for h in hits if h.message.received_at >= since]
        if recent or not hits:
            hits = recent
        else:
            span = "lately (none in the last fortnight)"
    whom = f" to {' or '.join(s.value for s in named)}" if named else ""
    if not hits:
        when = "" if span.startswith("in the mail") else f" {span}"
        return Answer(f"Steward holds no mail you sent{whom}{when} (it has only the mail imported or synced for "
                      f"{own}).", {"messages": []})
    hits.sort(key=lambda h: h.message.received_at, reverse=True)
    lines = [f"What you sent{whom} {span}, newest first ({len(hits)} message{'s' if len(hits) != 1 else ''}):"]
    for h in hits[:SHOWN]:
        m = h.message
        at = clock.local(m.received_at)
        people = ", ".join(names.get(r.casefold(), r) for r in m.recipients) or "(no one named)"
        lines.append(f"- {day_text(at.date(), clock)} {clock.formats.time(at)} to {people}: \u201c{m.subject}\u201d")
    return Answer("\n".join(lines), {"messages": [h.id for h in hits[:SHOWN]], "count": len(hits)})
# the verbs of writing: a kind of place said with one ("has the vet emailed?") asks of that place's mail
_WRITING = frozenset(("email", "emailed", "e-mail", "e-mailed", "mailed", "messaged", "wrote", "written", "write",
                      "sent", "send", "texted", "replied", "contacted", "forwarded"))
# a biller's mail that says a payment arrived
_PAYMENT_RECEIVED = re.compile(r"\b(?:received your payment|thank(?:s| you) for your payment|payment (?:was |has been )?"
                               r"(?:received|confirmed|successful)|payment confirmation|paid in full|zahlung erhalten|"
                               r"pago recibido)\b", re.I)


_AMOUNT = re.compile(r"(?:[$€£₹¥]|\b(?:[A-Z]{2,3}\$|USD|CAD|EUR|GBP|INR|AUD|NZD|BRL|R\$))\s?\d|\d[\d,.]*\s?(?:USD|CAD|EUR|GBP|"
                     r"INR|AUD|NZD|BRL|€)\b")
_LONG_NUMBER = re.compile(r"(?<![\d.,])\d{6,}(?![\d.,]\d)")
_ABBREVIATION = re.compile(r"(?:^|[\s(])(?:incl|excl|approx|no|nr|vs|etc|ref|acct|a/c|mr|mrs|ms|dr|st|ave|"
                           r"[A-Z])\.$", re.I)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def _genuine_for(senders: list[SlotValue], frame: Frame, box: Mailbox, clock: Clock) -> list[Hit]:
    """The mail not marked suspicious that says the whole name of a lure's sender ("DVLO Vehicle Tax": the
    licensing office's own "Vehicle tax due" letter) and every uncommon word of the question ("the tax refund"
    is not the vehicle tax letter), newest first; [] when none does."""
    from steward.reader.lists import common_english

    lured = {a for s in senders for a in s.addresses}
    named = {w for f in frame.filters for w in words(f.said.casefold())}
    rare = {w for w in words(frame.text.casefold()) if len(w) > 2 and w not in common_english() and w not in named}
    found: list[Hit] = []
    for s in senders:
        result = box.search(s.value, limit=SHOWN, clock=clock)
        if result.broadened:
            continue
        found += [h for h in result.hits if h.message.category != "phishing_suspect" and h.message.sender not in lured
                  and h not in found]
    if rare:
        found = [h for h in found if rare <= set(words(_text_of(h.message, box, clock).casefold()))]
    return sorted(found, key=lambda h: h.message.received_at, reverse=True)[:SHOWN]


def _text_of(message: Message, box: Mailbox, clock: Clock) -> str:
    """A message's subject and body, fetched live (what the store kept when it can no longer be fetched)."""
    try:
        return f"{message.subject}\n{box.read(message.id, clock=clock).body}"
    except StewardError:
        return f"{message.subject}\n{message.snippet}"


def _lure_only(senders: list[SlotValue], hits: list[Hit], box: Mailbox, clock: Clock) -> Answer:
    """A money question whose only mail is marked suspicious: no sum read from it, the mail shown marked."""
    what = " and ".join(s.value for s in senders)
    lines = [f"I can't tell what you owe \u2018{what}\u2019: the only mail under that name is marked suspicious, "
             "so I read no sum from it; don't pay through it:"]
    lines += [f"- {day_text(clock.local(h.message.received_at).date(), clock)} \u201c{h.message.subject}\u201d "
              f"<{h.message.sender}> \u2014 SUSPICIOUS: {_why(h, box)}" for h in hits[:SHOWN]]
    return Answer("\n".join(lines), {"messages": [h.id for h in hits[:SHOWN]], "dues": [], "suspicious": True})


def _options_of(message: Message, box: Mailbox, clock: Clock) -> str | None:
    """The line naming every option a bill's mail prices ("12 months: £190.00; 6 months: £104.50"), or None."""
    from steward.finance.options import options_line, priced_options

    options = priced_options(_text_of(message, box, clock))
    return options_line(options) if options else None


def money_sentence(snippet: str, country: str = "") -> str | None:
    """The first sentence of a stored snippet that states an amount ("We received your payment of $94.92
    ..."), up to two: what the sender's mail says of money, shown beside its subject; `country`, the person's,
    whose mark of letters stands beside a whole number too ("RM 80" in Malaysia)."""
    parts: list[str] = []
    for piece in _SENTENCE.split(" ".join(snippet.split())):
        if parts and _ABBREVIATION.search(parts[-1]):
            parts[-1] += " " + piece  # "(incl. HST)", "approx. $40", "Mr. Silva": an abbreviation, not an end
        else:
            parts.append(piece)
    from steward.finance.money import money_said_at_home

    for i, part in enumerate(parts):
        # (a code the short list leaves out is read as the bills are: "a low balance of AED 14.00")
        if _AMOUNT.search(part) or money_said_at_home(part, country):
            text = part if len(part) > 60 or i + 1 >= len(parts) else f"{part} {parts[i + 1]}"
            # an account number said in the mail is shown by its last four digits only
            return _LONG_NUMBER.sub(lambda m: "X" * (len(m.group(0)) - 4) + m.group(0)[-4:], text[:200])
    return None


def _speaks_of_a_day(frame: Frame, clock: Clock, box: Mailbox, senders: list[SlotValue]) -> Answer:
    """The mail of the senders named that gives the day ahead asked about ("Saturday": their "this Saturday
    at noon"), what it says; else that none does in words Steward reads, and what their latest says."""
    from steward.reader.answerers import mail_news

    assert frame.window is not None
    who = " and ".join(s.value for s in senders)
    mail = sorted((h.message for s in senders for a in s.addresses
                   for h in box.from_sender(a, "", limit=SHOWN, clock=clock).hits),
                  key=lambda m: m.received_at, reverse=True)
    if not mail:
        return Answer(f"Nothing from {who}.", {"messages": []})
    first, last = clock.local(frame.window.start).date(), clock.local(frame.window.end).date()
    giving = [m for m in mail if any(first <= clock.local(d).date() <= max(first, last) for d in _days_given(m, clock))]
    day = re.sub(r"^(?:on|for|by|at|in)\s+", "", frame.window.said)
    if giving:
        # (asked what they said of the day, "be there about 2" is said with the time it gives too)
        told = _time_told(giving[0], first, clock) if frame.ask in ("when", "show") else None
        if told is None and frame.ask == "show" and (gives := mail_news.day_it_gives(giving[0], clock)) is not None \
                and clock.formats.day(first) in gives:
            # ("on Sunday, be there about 2": its day and its bare hour read together, as when it was asked when)
            told = gives
        return Answer("\n".join([f"{who}'s mail speaks of {day}:", mail_news.latest_says(giving, clock),
                                 *([told] if told else [])]), {"messages": [m.id for m in giving]})
    return Answer("\n".join([f"None of {who}'s mail speaks of {day} in words I can read. What the latest says:",
                             mail_news.latest_says(mail, clock)]), {"messages": [mail[0].id]})


def _time_told(m: Message, day: date, clock: Clock) -> str | None:
    """ "The time it gives: Sat 20 Feb at 09:00.": the one time on `day` a message tells ("Mi reach tomorrow morning
    by the 9 o'clock bus"), never one it asks about ("what time is the dinner tomorrow night?"); None when it tells
    none or two."""
    from steward import dates

    text = f"{m.subject}. {m.snippet}"
    found = [f for f in dates.find_all(text, clock.at(m.received_at), prefer="future")
             if f.start is not None and f.has_time and clock.local(f.start).date() == day
             and not _asked_in(text, f.span[1])]
    if len({f.start for f in found}) != 1:
        return None
    start = clock.local(found[0].start)
    return f"The time it gives: {clock.formats.day(start.date())} at {clock.formats.time(start)}."


def _asked_in(text: str, at: int) -> bool:
    """Whether the sentence that holds position `at` of a text is a question (it ends with "?")."""
    end = re.search(r"[.!?](?:\s|$)", text[at:])
    return end is not None and end.group(0).startswith("?")


def _days_given(m: Message, clock: Clock) -> list[datetime]:
    """The days ahead of its arrival that a message's words give ("this Saturday", "on the 21st")."""
    from steward import dates

    found = dates.find_all(f"{m.subject}. {m.snippet}", clock.at(m.received_at), prefer="future")
    return [f.start for f in found if f.start is not None and f.start >= m.received_at
            and f.grain in ("day", "hour", "minute")]


def no_one_known_as(said: Unmatched) -> str:
    """ "I can't tell who 'Ah Ma' is ...": a family word no sender is known by, and whom it could be."""
    head = (f"I can't tell who \u2018{said.said}\u2019 is in your mail: no one who writes to you signs with it, "
            "is called it, or is greeted with it in mail you sent.")
    if said.nearest:
        return f"{head} The people who write to you in their own name: {', '.join(said.nearest)}. Which of them is it?"
    return head


def _whole_days(frame: Frame) -> bool:
    """Whether the window is whole days (midnight to midnight), as a day said is."""
    w = frame.window
    return w is not None and all((t.hour, t.minute, t.second) == (0, 0, 0) for t in (w.start, w.end))


# what a question about mail is about: "the email about the lease", "the Rotterdam photos mail", "find the
# dal recipe", "where's the recipe someone sent"
_ABOUT = (re.compile(r"\b(?:about|regarding|concerning|re|in\s+regards?\s+to|with\s+regards?\s+to|(?:having\s+)?to\s+do\s+with|"
                     r"related\s+to|relating\s+to)\s+(?P<t>[^?.!]+)", re.I),
          # "who forwarded me the recital programme?": the mail of that thing, and who sent it
          re.compile(r"^\s*who\s+(?:sent|emailed|e-mailed|mailed|forwarded|wrote)\s+(?:me|us)?\s*(?:the|a|an|that|this)?"
                     r"\s*(?P<t>[^?.!]+)", re.I),
          re.compile(r"\b(?:the|my|a|an|that|this|find|show|get)\s+(?P<t>[\w'\u2019& -]+?)\s+(?:e-?mails?|mails?|messages?|"
                     r"(?:someone|somebody|they|he|she)\s+sent)\b", re.I),
          # "search my inbox for the lease", "look through my mail for the invoice": what is looked for in the mail
          re.compile(r"\b(?:search|searching|look|looking|go|going|dig|digging)(?:\s+(?:through|in|into))?\s+(?:my|the|your)?\s*"
                     r"(?:e-?mails?|mails?|inbox|messages?|mailbox)\s+for\s+(?P<t>[^?.!]+)", re.I),
          re.compile(r"^\s*(?:please\s+|can you\s+|could you\s+)?(?:find|dig out|look up|pull up)\s+(?:me\s+)?"
                     r"(?:the|my|that)\s+(?P<t>[^?.!]+)", re.I))
_NOT_TOPIC = frozenset(("the", "a", "an", "my", "our", "your", "that", "this", "those", "these", "some", "any", "one",
                        "someone", "somebody", "sent", "send", "me", "about", "from", "of", "for", "to", "in", "on",
                        "and", "or", "being", "was", "were", "is", "are", "it", "please", "pls", "again", "email",
                        "emails", "mail", "mails", "message", "messages", "e-mail", "find", "where", "where's",
                        "regard", "regards", "having", "do", "with", "related", "relating"))


def _topic(text: str) -> str:
    """The words a mail question says its mail is about ("" when it says none)."""
    for pattern in _ABOUT:
        m = pattern.search(text)
        if m is not None:
            said = [w for w in re.findall(r"[\w'\u2019&-]+", m.group("t")) if w.casefold() not in _NOT_TOPIC]
            if said:
                return " ".join(said)
    return ""


@lru_cache(maxsize=1)
def _event_words() -> re.Pattern[str] | None:
    from steward.appointments.patterns import load_cues

    return load_cues().events


def _names_an_event(topic: str) -> bool:
    """Whether a topic names an event mail tells of ("sports day", "the harvest concert", "the PTA meeting")."""
    events = _event_words()
    return events is not None and events.search(topic) is not None


def _about(topic: str, box: Mailbox, clock: Clock, *, tell: bool = False) -> Answer | None:
    """The mail whose words say every word of the topic, by sender, newest first; None when no mail says
    them all (the question is left to search by meaning, or to a model: never "none" for other words).
    `tell`: what the newest of them says, and the day it gives, first (a question of what was said or when)."""
    from steward.reader.answerers import mail_news

    found = box.analyze(topic, clock=clock, limit=200)
    if found.broadened or not found.total:
        return None
    groups = sorted(found.groups, key=lambda g: g.last, reverse=True)
    lines = [f"{found.total} message{'s' if found.total != 1 else ''} about \u2018{topic}\u2019:"]
    newest = box.search(topic, limit=20, clock=clock) if tell else None
    if newest is not None and not newest.broadened and newest.hits:
        m = max((h.message for h in newest.hits), key=lambda x: x.received_at)
        gives = mail_news.day_it_gives(m, clock) if m.category != "phishing_suspect" else None
        lines[:0] = [mail_news.latest_says([m], clock), *([gives] if gives else [])]
    names = [g.sender_name for g in groups if g.sender_name]
    for g in groups[:SHOWN]:
        example = f", such as \u201c{g.examples[0]}\u201d" if g.examples else ""
        # a name two addresses share ("Meridian Bank" sending alerts and statements) says its address
        who = g.sender_name if g.sender_name and names.count(g.sender_name) == 1 else (
            f"{g.sender_name} <{g.sender}>" if g.sender_name else g.sender)
        lines.append(f"- {who}: {g.count} (the last on "
                     f"{day_text(clock.local(g.last).date(), clock)}){example}")
    return Answer("\n".join(lines), {"count": found.total, "groups": [g.sender for g in groups]})


# how near in meaning a message must be to a topic no message says in its words to be shown as about it:
# the line under which search itself calls its hits "the closest", not matches (search/hybrid.py); and
# how far below the best a message may be and still be shown beside it
NEAR_ENOUGH = 0.42
NEAR_THE_BEST = 0.08
NEAREST_SHOWN = 5


def _by_what_it_is(topic: str, box: Mailbox, clock: Clock) -> Answer | None:
    """The mail about a thing a topic calls by a city's own name for it ("the Metrolink"), no message saying that name:
    the mail that says what it is ("tram", "trams"), newest first, each with what it says; None when the topic
    holds no such name, or no mail says what it is."""
    from steward.reader.answerers.mail_news import _short
    from steward.reader.words import load_words

    said = set(words(topic))
    plain = [what for what, names in load_words().local_names.items() if any(set(n) <= said for n in names)]
    if not plain:
        return None
    forms = {w for p in plain for w in (p, f"{p}s")}
    hits = [h for h in box.search(" OR ".join(f'"{w}"' for w in sorted(forms)), limit=30, clock=clock).hits
            if forms & set(words(f"{h.message.subject} {h.message.snippet}".casefold()))
            and h.message.category != "phishing_suspect"]
    if not hits:
        return None
    hits.sort(key=lambda h: h.message.received_at, reverse=True)
    shown = hits[:TOPIC_SHOWN]
    lines = [f"No mail says ‘{topic}’ in those words; the mail about the {' or '.join(plain)} it names:"]
    lines += [f"- {day_text(clock.local(h.message.received_at).date(), clock)} {h.message.sender_name or h.message.sender}:"
              f" “{h.message.subject}” — {_short(h.message.snippet)}" for h in shown]
    return Answer("\n".join(lines), {"messages": [h.id for h in shown], "count": len(hits)})


def _says_a_thing(frame: Frame, topic: str) -> bool:
    """Whether a topic holds a word of its own (one the reader does not know, or a name found nowhere), not
    only words of asking ("my latest emails" asks for the newest, about nothing)."""
    own = {w.casefold() for w in frame.unknown} | {w for u in frame.unmatched for w in words(u.said)}
    return bool(own & set(words(topic)))


def _nearest(topic: str, by_meaning: Callable[[str, int], SearchResult], clock: Clock) -> Answer | None:
    """The mail nearest in meaning to a topic no message says in its words, said as such; None when none is
    near enough (left to a model, or refused: never "none" while one may be there under other words)."""
    hits = [h for h in by_meaning(topic, 30).hits if h.score >= NEAR_ENOUGH]
    if not hits:
        return None
    best = hits[0].score
    shown: list[Hit] = []
    seen: set[tuple[str, str]] = set()
    for h in hits:
        key = (h.message.sender, h.message.subject.casefold().removeprefix("re: "))
        if h.score >= best - NEAR_THE_BEST and key not in seen and len(shown) < NEAREST_SHOWN:
            seen.add(key)
            shown.append(h)
    lines = [f"No message says \u2018{topic}\u2019 in those words; the nearest in meaning:"]
    lines += [f"- {day_text(clock.local(h.message.received_at).date(), clock)} {h.message.sender_name or h.message.sender}"
              f" <{h.message.sender}>: \u201c{h.message.subject}\u201d" for h in shown]
    return Answer("\n".join(lines), {"messages": [h.id for h in shown], "by_meaning": True})



# a question that asks for mail about a topic in so many words: "the email about ...", "find the ... mail",
# "any messages regarding ..."
_ASKS_ABOUT = re.compile(r"\b(?:e-?mails?|mails?|messages?|letters?)\s+(?:about|regarding|concerning|re|on)\b|"
                         r"^\W*(?:please\s+|can you\s+|could you\s+)?(?:find|show|dig out|look up|pull up|get)\s+"
                         r"(?:me\s+)?(?:the|that|my)\s+[\w'\u2019& -]+?\s+(?:e-?mails?|mails?|messages?)\b", re.I)
# a message found by its words alone is about the topic when it says at least this share of the topic's words
WORDS_ENOUGH = 0.5
TOPIC_SHOWN = 5
RARE = 2  # a word this few messages say, or fewer, is one that picks them out


def _asks_about(text: str) -> bool:
    """Whether the text asks, in so many words, for the mail about a topic."""
    return _ASKS_ABOUT.search(text) is not None


def _by_words_and_meaning(topic: str, box: Mailbox, by_meaning: Callable[[str, int], SearchResult],
                          clock: Clock) -> Answer | None:
    """The mail about a topic that no message says in all its words: the messages that say most of its words
    (half or more) and those nearest in meaning, the ones both find first; said plainly when neither finds
    any (None when meaning cannot be searched: left to a model, never "none")."""
    said = [w for w in re.findall(r"[\w'\u2019-]+", topic.casefold()) if len(w) >= 3 and w not in _NOT_TOPIC]
    if not said:
        return None
    try:
        nearest = by_meaning(topic, 30).hits
    except StewardError:  # meaning unavailable (no model, turned off): the question goes on, never "none"
        return None
    near = [h for h in nearest if h.score >= NEAR_ENOUGH]
    found: dict[int, tuple[float, float, Hit]] = {}
    # a word many messages say ("statement" of a pension statement) says nothing of which one is meant: a
    # message found by its words alone is about the topic when it says half its words, each a rare one
    rare = {w for w in said if len(box.search(f'"{w}"', limit=RARE + 1, clock=clock).hits) <= RARE}
    near_ids = {h.id for h in near}
    quoted = " OR ".join(f'"{w}"' for w in said)
    for h in box.search(quoted, limit=50, clock=clock).hits:
        text = set(words(f"{h.message.subject} {h.message.snippet}".casefold()))
        says = [w for w in said if w in text]
        share = len(says) / len(said)
        if share >= WORDS_ENOUGH and (h.id in near_ids or set(says) <= rare):
            found[h.id] = (share, 0.0, h)
    best = near[0].score if near else 0.0
    for h in near:
        if h.score >= best - NEAR_THE_BEST:
            share, _, _ = found.get(h.id, (0.0, 0.0, h))
            found[h.id] = (share, h.score, h)
    if not found:
        # said plainly, and no other mail shown for it: one may still be about it in other words (another
        # language, a name), which neither search can tell
        return Answer(f"I can't find any mail about \u2018{topic}\u2019: none says it in words, and none is near it "
                      "in meaning (one in other words, or in another language, may still be about it).",
                      {"messages": [], "count": 0})
    # both found it first, then the most words, then the nearest in meaning, then the newest
    ranked = sorted(found.values(), key=lambda f: (-(f[0] > 0 and f[1] > 0), -f[0], -f[1],
                                                   -f[2].message.received_at.timestamp()))
    shown: list[Hit] = []
    seen: set[tuple[str, str]] = set()
    for _, _, h in ranked:
        key = (h.message.sender, h.message.subject.casefold().removeprefix("re: "))
        if key not in seen and len(shown) < TOPIC_SHOWN:
            seen.add(key)
            shown.append(h)
    lines = [f"The mail about \u2018{topic}\u2019, by its words and its meaning (the best first):"]
    lines += [f"- {day_text(clock.local(h.message.received_at).date(), clock)} {h.message.sender_name or h.message.sender}"
              f" <{h.message.sender}>: \u201c{h.message.subject}\u201d" for h in shown]
    return Answer("\n".join(lines), {"messages": [h.id for h in shown], "count": len(shown)})
