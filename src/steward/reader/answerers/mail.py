"""Mail answers: by sender or person (their display names and every address they used), counted, in a
window; "suspicious" and "phishing" list the mail marked so, with why. Topics are left to mail search
(the inbox intercept and the loop). Through `Mailbox`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader import honesty
from steward.reader.answer import Answer, Answerer
from steward.reader.answerers.common import day_text
from steward.reader.frame import Frame, SlotValue
from steward.reader.lists import SlotLists
from steward.reader.views import mail_view, window_words

if TYPE_CHECKING:
    from steward.search.lexical import Hit
    from steward.search.mailbox import Mailbox

EXAMPLES = ("show me anything suspicious", "what came in on monday?")
SHOWN = 10


def _why(hit: Hit, mailbox: Mailbox) -> str:
    return honesty.why_suspicious(hit, mailbox)


def mail_answerer(mailbox: Callable[[], Mailbox], lists: Callable[[], SlotLists]) -> Answerer:
    """The mail answerer over the mailbox."""

    def senders_named(frame: Frame) -> list[SlotValue]:
        out = list(frame.values("sender"))
        names = {v.value for v in out}
        # an issuer or a provider named in a mail question: the senders of the same name
        for v in (*frame.values("issuer"), *frame.values("provider")):
            for s in lists().of_slot("sender"):
                if s.value.casefold() == v.value.casefold() and s.value not in names:
                    out.append(s)
                    names.add(s.value)
        return out

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        box = mailbox()
        window = ""
        if frame.window is not None:
            window = f" after:{(frame.window.start.date()).isoformat()} before:{frame.window.end.date().isoformat()}"
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
        senders = senders_named(frame)
        if not senders and frame.window is not None and frame.window.end - frame.window.start <= timedelta(days=31) \
                and not frame.unknown and not frame.unmatched:
            # "what arrived for me on monday?": the mail received in the window, every message counted
            start, end = frame.window.start.date(), frame.window.end.date()
            if end <= start:
                end = start + timedelta(days=1)
            hits = box.search(f"after:{start.isoformat()} before:{end.isoformat()}", limit=500, clock=clock).hits
            if not hits:
                return Answer(f"No mail came in {frame.window.said}.", {"count": 0})
            by: dict[str, int] = {}
            for h in hits:
                who = h.message.sender_name or h.message.sender
                by[who] = by.get(who, 0) + 1
            lines = [f"{len(hits)} message{'s' if len(hits) != 1 else ''} came in {frame.window.said}:"]
            lines += [f"- {who}: {n}" for who, n in sorted(by.items(), key=lambda kv: (-kv[1], kv[0]))[:SHOWN]]
            return Answer("\n".join(lines), {"count": len(hits)})
        if not senders:
            return None
        hits = []
        total = 0
        for s in senders:
            for address in s.addresses:
                # counted along the sender index; only the newest few are read, whatever the sender sent
                total += box.sender_count(address, window, clock=clock)
                hits.extend(box.from_sender(address, window, limit=SHOWN, clock=clock).hits)
        hits.sort(key=lambda h: h.message.received_at, reverse=True)
        who = " and ".join(s.value for s in senders)
        if not hits:
            return Answer(f"Nothing from {who}" + (f" {frame.window.said}" if frame.window else "") + ".",
                          {"messages": []})
        if frame.ask == "count":
            return Answer(f"{total} message{'s' if total != 1 else ''} from {who}"
                          + (f" {frame.window.said}" if frame.window else "") + ".", {"count": total})
        lines = [f"{total} message{'s' if total != 1 else ''} from {who}, newest first:"]
        for h in hits[:SHOWN]:
            m = h.message
            flag = f" \u2014 SUSPICIOUS: {_why(h, box)}" if m.category == "phishing_suspect" else ""
            lines.append(f"- {day_text(clock.local(m.received_at).date(), clock)} \u201c{m.subject}\u201d <{m.sender}>{flag}")
        view = mail_view(lines[0].rstrip(":"), [h.message for h in hits[:SHOWN]], clock, window_words(frame, clock))
        return Answer("\n".join(lines), {"messages": [h.id for h in hits[:SHOWN]], "view": view})

    return Answerer("mail", "mail", answer, EXAMPLES)
