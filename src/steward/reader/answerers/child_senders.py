"""A child's school said by whose it is ("has Leo's school emailed me?", "anything from the kids' school?",
"did Maya's teacher write?"): the mail of the senders that are a school or write as one, and, with a child
named, the ones whose mail names that child.

A school's mail does not always come from the school: a sign-up service sends the conference slot, a
district sends the closures. So a sender is of the kind when its name or address says a word of it
("Aspen Grove Elementary", "PTA"), or when its mail, not a newsletter's nor a person's own note, says one
in its subject or first lines ("Spring Parent-Teacher Conferences ... Aspen Grove Elementary"), or when a
person's own note is signed as one of the kind (a teacher writing from their own address, their name over
"2nd Grade, Saguaro Elementary"). With a
child's name said and several such senders, only the mail that names the child is theirs (its body read
live when the stored lines do not say it; nothing kept); one sender whose name says the kind is the school
whoever it names, and one whose mail only says the kind is the child's only when it names them.
Through `Mailbox`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.errors import StewardError
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text
from steward.reader.frame import Unmatched
from steward.vocab import Phrase

if TYPE_CHECKING:
    from steward.records.mail import Message
    from steward.search.mailbox import Mailbox

# "Leo's school", "the kids' school", "my son’s teacher": whose, and the kind of sender
_OWNED = re.compile(r"^(?:(?:the|my|our)\s+)?(?P<owner>[^\W\d_][\w-]*?)(?:'s|\u2019s|'|\u2019)\s+(?P<kind>.+)$",
                    re.I)
# words for one's children said in place of a name: the school is any child's
_CHILDREN = frozenset(("kid", "kids", "child", "children", "son", "sons", "daughter", "daughters", "boy", "boys",
                       "girl", "girls", "little", "ones", "baby", "babies", "twins", "stepson", "stepdaughter"))
# mail no school writes as one: a newsletter's, a lure, a person's own note (a grandmother's "the kids' school
# photos" is no school's mail)
_NOT_A_SENDER_OF_KIND = frozenset(("newsletter", "phishing_suspect", "personal"))
SHOWN = 10
# a kind of sender that is one person of a school or a club, not the organisation ("Maya's teacher")
_A_PERSON = frozenset(("teacher", "tutor", "coach", "instructor", "principal", "headteacher", "headmaster",
                       "headmistress", "nanny", "childminder", "trainer"))
_WORDS = re.compile(r"[^\W_]+")
_READ_LIVE = 5  # the most bodies read to find a child's name the stored lines do not give
_SIGNATURE_LINES = 3  # a name, a role and a school's name under a note
_SIGNATURE_WIDTH = 60


def owned_kind(said: str) -> tuple[str, str] | None:
    """(whose, the kind) of a kind of sender said by whose it is ("Leo's school" -> ("Leo", "school")), the
    owner "" for one's children said as such ("the kids' school"); None when it is said by no one's."""
    m = _OWNED.match(said.strip())
    if m is None:
        return None
    owner = m.group("owner")
    return ("" if owner.casefold() in _CHILDREN else owner), m.group("kind")


def child_senders_answer(said: Unmatched, kinds: dict[str, tuple[Phrase, ...]], box: Mailbox,
                         clock: Clock) -> Answer | None:
    """The mail of a child's school (or teacher, nursery ...) when the question says whose it is; None when
    it says no one's, or names a kind of sender no table knows."""
    owned = owned_kind(said.said)
    if owned is None:
        return None
    owner, kind = owned
    asked = tuple(_words(kind))
    group = next((phrases for phrases in kinds.values() if asked in phrases or asked[-1:] in phrases), None)
    if group is None:
        return None
    query = " OR ".join(f'"{" ".join(p)}"' for p in group)
    hits = [h.message for h in box.search(query, limit=50, clock=clock).hits]
    of_kind = [m for m in hits if _of_kind(m, group)]
    of_kind += _signed_as_kind([m for m in hits if m not in of_kind], group, box, clock)
    if owner and len({m.sender for m in of_kind}) > 1:
        # several senders of the kind (each child's school): the child's is the one whose mail names them
        of_kind = _naming(of_kind, owner, box, clock)
    elif owner and not _naming(of_kind, owner, box, clock) and not any(_by_name(m, group) for m in of_kind):
        return None  # one sender whose mail says the kind, never the child: not known to be theirs
    if not of_kind:
        return None
    if set(asked) & _A_PERSON and len({m.sender for m in of_kind}) > 1:
        # "did Kezia's teacher write?": the teacher's own mail when some of it says so (signed "Grade 4 Teacher"),
        # never the school office's fees notice
        theirs = [m for m in of_kind if _has(f"{m.sender_name} {m.subject}\n{m.snippet}", (asked,))]
        theirs += _signed_as_kind([m for m in of_kind if m not in theirs], (asked,), box, clock, any_mail=True)
        of_kind = theirs or of_kind
    of_kind.sort(key=lambda m: m.received_at, reverse=True)
    who = sorted({m.sender_name or m.sender for m in of_kind})
    lines = [f"{len(of_kind)} message{'s' if len(of_kind) != 1 else ''} from {said.said} "
             f"({', '.join(who)}), newest first:"]
    lines += [f"- {day_text(clock.local(m.received_at).date(), clock)} \u201c{m.subject}\u201d <{m.sender}>"
              for m in of_kind[:SHOWN]]
    return Answer("\n".join(lines), {"messages": [m.id for m in of_kind[:SHOWN]]})


def _words(text: str) -> list[str]:
    """Lower-case words, a hyphen or an apostrophe between them ("Parent-Teacher", "Leo's" -> leo, s)."""
    return _WORDS.findall(text.casefold())


def _has(text: str, group: Sequence[Phrase]) -> bool:
    said = tuple(_words(text))
    return any(said[i:i + len(p)] == p for p in group for i in range(len(said) - len(p) + 1))


def _of_kind(m: Message, group: Sequence[Phrase]) -> bool:
    """Whether a message is from a sender of the kind: its name or address says so, or its own mail (not a
    newsletter, a lure or a person's note) does in its subject or first lines."""
    if m.category == "phishing_suspect":
        return False
    return _by_name(m, group) or (m.category not in _NOT_A_SENDER_OF_KIND and _has(f"{m.subject}\n{m.snippet}", group))


def _signed_as_kind(found: list[Message], group: Sequence[Phrase], box: Mailbox, clock: Clock,
                    any_mail: bool = False) -> list[Message]:
    """A person's own note signed as one of the kind ("Ms. Whitfield / 7th Grade ELA, Paulus Hook Middle School"):
    a teacher writes from their own address, and only the lines under their name say whose staff they are
    (a few bodies read live at most; nothing kept)."""
    out = []
    for m in [m for m in found if any_mail or m.category == "personal"][:_READ_LIVE]:
        try:
            body = box.read(m.id, clock=clock).body
        except StewardError:
            continue
        if any(_has(line, group) for line in _signature(body)):
            out.append(m)
    return out


def _signature(body: str) -> list[str]:
    """The last few lines of a mail when they read as a name and a role, not as sentences: short, and never
    ending as a sentence does (a note that closes "see you at the school play!" is signed by no school)."""
    lines = [line.strip() for line in body.strip().splitlines() if line.strip()][-_SIGNATURE_LINES:]
    return [line for line in lines if len(line) <= _SIGNATURE_WIDTH and not line.endswith((".", "!", "?", ":"))]


def _by_name(m: Message, group: Sequence[Phrase]) -> bool:
    """Whether a sender's name or address says the kind ("Aspen Grove Elementary", pta@...)."""
    return _has(f"{m.sender_name} {m.sender}", group)


def _naming(found: list[Message], owner: str, box: Mailbox, clock: Clock) -> list[Message]:
    """The messages that name the child, in what is stored or else in the body read live (a few at most)."""
    name = owner.casefold()
    out = []
    for i, m in enumerate(found):
        if name in _words(f"{m.subject}\n{m.snippet}"):
            out.append(m)
            continue
        if i >= _READ_LIVE:
            continue
        try:
            body = box.read(m.id, clock=clock).body
        except StewardError:
            continue
        if name in _words(body):
            out.append(m)
    return out
