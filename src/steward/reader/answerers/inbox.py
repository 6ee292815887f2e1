"""Mail counted by sender ("how many emails did I get from X", "which banks emailed me this month",
"list all emails about credit card"). Through `Mailbox.analyze`.

It answers the frames whose words ask for mail counted (`wants` "senders", reader/requests.py) and that
are not about mail marked suspicious (the mail answerer's). The question becomes a mail query: the words
after "from" search the sender (as prefixes, so "HDFC" finds hdfcbank.net), the other content words
search everything, and a date ("this month", "last week", read as past: mail has arrived) becomes
after:/before: on the person's clock. Every match is read (bounded at mail.analyze_limit) and grouped by
sender; the reply names every group, never a top-N dump.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from steward.clock import Clock
from steward.reader.answer import Answer, Answerer
from steward.reader.frame import READ_ASKS, Frame
from steward.reader.rolling import rolling_back
from steward.vocab import Phrase, Token, Vocab, is_word, match_at, tokenize

if TYPE_CHECKING:
    from steward.dates import DateOptions, Resolution
    from steward.search.analysis import Analysis
    from steward.search.mailbox import Mailbox



# the kinds of mail Steward files messages under, by the nouns a question names them with
_KINDS_OF_MAIL = {"newsletter": "newsletter", "newsletters": "newsletter", "receipt": "receipt", "receipts": "receipt",
                  "statement": "statement", "statements": "statement"}
# the words that open a span of time ("in the last week", "over the past few days")
_SPAN_OPENERS = frozenset(("in", "over", "during", "within", "for", "across", "throughout"))


def _date_spans(when: Resolution | None) -> list[tuple[int, int]]:
    """The character spans of a Resolution's pieces ("tomorrow ... at 5 pm" is two), else its span."""
    if when is None:
        return []
    return list(when.parts) or [when.span]


def filler_phrases(vocab: Vocab) -> tuple[Phrase, ...]:
    """The words an inbox question says that are no term of its query ("how many", "emails"), longest first."""
    return tuple(sorted(set(vocab.analysis_fillers + vocab.mail_words), key=lambda p: (-len(p), p)))


def build_query(text: str, vocab: Vocab, when: Resolution | None, clock: Clock,
                fillers: tuple[Phrase, ...] | None = None) -> str:
    """The mail query a plain-language inbox question asks (pure, given the date it names); `fillers` are
    `filler_phrases(vocab)`, when the caller keeps them."""
    tokens = [t for t in tokenize(text) if is_word(t)]
    spans = _date_spans(when)
    before = [t.norm for t in tokens if spans and t.end <= spans[0][0]][-1:]
    # ("over the past week", "in the last 10 days": the word that opens the span is no word to search for)
    tokens = [t for t in tokens if not any(t.start < end and begin < t.end for begin, end in spans)
              and not (spans and t.norm in _SPAN_OPENERS and t.end <= spans[0][0]
                       and not text[t.end:spans[0][0]].strip())]
    terms: list[str] = []
    i = 0
    norms = [t.norm for t in tokens]
    fillers = filler_phrases(vocab) if fillers is None else fillers
    stops = {p[0] for p in vocab.sender_stops}
    while i < len(tokens):
        if norms[i] in _KINDS_OF_MAIL:
            # "how many newsletters this week?": the mail of that kind, not every message
            terms.append(f"category:{_KINDS_OF_MAIL[norms[i]]}")
            i += 1
            continue
        if norms[i] in ("which", "what") and i + 1 < len(tokens):
            kind, n = _sender_kind(norms, i + 1, vocab)
            if n:
                if kind:
                    terms.append(" OR ".join(f"from:{k}*" for k in kind))
                i += 1 + n
                continue
        if norms[i] == "from":
            i += 1
            while i < len(tokens) and norms[i] not in stops and not match_at(norms, i, vocab.mail_words):
                terms.append(f"from:{_term(tokens[i])}*")
                i += 1
            continue
        n = match_at(norms, i, fillers)
        if n:
            i += n
            continue
        terms.append(_term(tokens[i]))
        i += 1
    if when is not None:
        zone = clock.zone
        first = when.start.astimezone(zone).date()
        if when.end is not None and when.end > when.start:
            last = (when.end - timedelta(microseconds=1)).astimezone(zone).date()
        else:
            last = first
        said = " ".join(text[a:b] for a, b in spans)
        rolled = rolling_back(said, before, clock)
        if rolled is not None:
            first, last = rolled[0].date(), rolled[1].date()  # "the last 10 days" runs up to today
        terms.append(f"after:{first.isoformat()}")
        terms.append(f"before:{(last + timedelta(days=1)).isoformat()}")
    return " ".join(terms)


def _sender_kind(norms: list[str], i: int, vocab: Vocab) -> tuple[list[str], int]:
    """ "which banks emailed me": the sender prefixes a kind of sender stands for, and its length.

    The words between "which" and a mail verb ("emailed", "sent", "wrote", "mailed") name the sender.
    """
    ends = {p[0] for p in vocab.sender_kind_ends}
    j = i
    while j < len(norms) and not match_at(norms, j, vocab.mail_words) and norms[j] not in ends:
        j += 1
    if j == i or j >= len(norms) or j - i > 3:
        return [], 0
    if (norms[j],) not in vocab.sender_verbs:
        return [], 0
    words_ = norms[i:j]
    kind = " ".join(words_)
    if kind in vocab.sender_kinds:  # an empty list ("which companies") means any sender
        return [" ".join(p) for p in vocab.sender_kinds[kind]], j - i
    fillers = {p[0] for p in vocab.sender_kind_fillers}
    return [_singular(w) for w in words_ if w not in fillers], j - i


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _term(token: Token) -> str:
    return token.text.strip("'’").replace('"', "")


def _group_line(group: Any, clock: Clock) -> str:
    who = group.sender_name or group.sender or "(unknown sender)"
    if group.sender and group.sender_name:
        who = f"{group.sender_name} <{group.sender}>"
    first, last = clock.local(group.first).date(), clock.local(group.last).date()
    span = first.isoformat() if first == last else f"{first.isoformat()} to {last.isoformat()}"
    examples = "; ".join(group.examples)
    warning = " [suspected phishing]" if "phishing_suspect" in group.categories else ""
    return f"- {who}{warning}: {group.count} ({span}){': ' + examples if examples else ''}"


def render(analysis: Analysis, clock: Clock) -> str:
    """Every group of the analysis, with the count first."""
    if analysis.total == 0:
        return f"No emails match that (searched for: {analysis.query or 'everything'})."
    senders = len(analysis.groups)
    head = (f"{analysis.total} email{'s' if analysis.total != 1 else ''} from {senders} "
            f"sender{'s' if senders != 1 else ''}")
    if analysis.broadened:
        head += " (no email had every word, so this counts emails with any of them)"
    if analysis.truncated:
        head += f" (stopped at the first {analysis.total}; narrow the question to see the rest)"
    lines = [head + ":"]
    lines.extend(_group_line(g, clock) for g in analysis.groups)
    return "\n".join(lines)


def inbox_answerer(mailbox: Callable[[], Mailbox], vocab: Vocab, date_options: DateOptions | None = None) -> Answerer:
    """The inbox answerer: every match of the question's mail query, grouped by sender."""
    fillers = filler_phrases(vocab)

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        from steward import dates

        if frame.wants != "senders" or "suspicious" in frame.flags:
            return None
        when = dates.find(frame.text, clock, prefer="past", options=date_options)
        analysis = mailbox().analyze(build_query(frame.text, vocab, when, clock, fillers), clock=clock)
        reply = render(analysis, clock)
        data: dict[str, Any] = analysis.to_json()
        if analysis.total:
            from steward.reader.views import query_window, senders_view

            head = reply.split("\n", 1)[0].rstrip(":")
            data["view"] = senders_view(head, data, clock, query_window(analysis.query, clock))
        return Answer(reply, data)

    return Answerer("inbox", "mail", answer, asks=READ_ASKS, wants="senders")
