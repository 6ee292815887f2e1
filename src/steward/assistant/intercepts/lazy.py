"""Intercepts built when a turn first reaches them, and the words that let a turn pass one by.

`steward.app` lists the intercepts in the order they are tried, each with its name, whether it only
reads, and how to build it; an intercept's module is imported and the intercept built the first time a
turn reaches it. An intercept may also have a `WordGate`: the words without which its `match` cannot
claim a turn, when its parser's own first test is such a list (a reminder change needs a management
verb, a listing phrase or "reminder"; a new reminder one of its triggers). A turn that says none of
them passes it by without building it: "what do I owe this month?" says none, so neither is loaded for
it. An intercept whose parser reads kinds of sentence without a fixed word has no gate. An event change
has one although most of its shapes are news ("no pottery class this thursday", "the choir is moving
to 8 from monday"): each shape starts from a phrase of its own list, and the gate is every such list
together with the verbs. tests/test_intercepts_lazy.py keeps each entry equal to its class and each
gate shut only to turns its parser reads as nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from steward.vocab import words

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing
if TYPE_CHECKING:
    from steward.assistant.intercepts.base import Intercept, Match
    from steward.assistant.trace import OpenQuestion, Outcome, Turn
    from steward.vocab import Vocab


class WordGate:
    """Open to a turn that says one of `firsts`, or one of `phrases` whole (each a tuple of words) where `idle`
    does not say it opens nothing (a verb said as a noun: "my *schedule*")."""

    def __init__(self, firsts: Iterable[str] = (), phrases: Iterable[Sequence[str]] = (),
                 marks: Iterable[str] = (), misspelt: Callable[[str], str | None] | None = None,
                 idle: Callable[[Sequence[str], int, tuple[str, ...]], bool] | None = None) -> None:
        self.firsts = frozenset(firsts)
        self.phrases = tuple({tuple(p) for p in phrases if p})
        self._starts = frozenset(p[0] for p in self.phrases)
        self.marks = tuple(marks)
        self.misspelt = misspelt  # the verb a mistyped opening word stands for ("resheduel"), or None
        # whether a phrase said at a place in a turn's words opens nothing there; None: every phrase opens
        self.idle = idle

    def open_to(self, norms: Sequence[str], text: str = "") -> bool:
        """Whether the words `norms` (a turn's, as `steward.vocab.words` gives them) say one of the gate's,
        or its `text` holds one of the gate's `marks` (signs that are no word: "→")."""
        if any(mark in text for mark in self.marks):
            return True
        if not self.firsts.isdisjoint(norms):
            return True
        idle = self.idle
        for i, word in enumerate(norms):
            if word in self._starts and any(tuple(norms[i:i + len(p)]) == p and (idle is None or not idle(norms, i, p))
                                            for p in self.phrases if p[0] == word):
                return True
        return self.misspelt is not None and any(self.misspelt(w) is not None for w in norms[:3])


class LazyIntercept:
    """An intercept built on first use; with a `gate`, a turn the gate is shut to is not its."""

    def __init__(self, name: str, reads_only: bool, build: Callable[[], Intercept], *,
                 gate: Callable[[], WordGate] | None = None, answers_no: bool = False,
                 said: Callable[[str], str] | None = None) -> None:
        self.name = name
        self.reads_only = reads_only
        self.answers_no = answers_no
        self._build = build
        self._make_gate = gate
        # the words its parser reads a turn in ("paki-remind ako bukas" said in English), or the turn's own
        self._said = said
        self._gate: WordGate | None = None
        self._built: Intercept | None = None

    @property
    def built(self) -> Intercept:
        """The intercept itself, built (and its module imported) on first use."""
        if self._built is None:
            self._built = self._build()
        return self._built

    def may_match(self, turn: Turn) -> bool:
        """False when the turn says none of the gate's words (the intercept's `match` would say None)."""
        if self._make_gate is None:
            return True
        if self._gate is None:
            self._gate = self._make_gate()
        said = self._told(turn).text
        return self._gate.open_to(words(said), said)

    def match(self, turn: Turn) -> Match | None:
        """The intercept's claim on the turn; None, without building it, when its gate is shut."""
        return self.built.match(self._told(turn)) if self.may_match(turn) else None

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """The intercept's answer."""
        return self.built.handle(self._told(turn), match)

    def _told(self, turn: Turn) -> Turn:
        """The turn in the words its parser reads."""
        if self._said is None:
            return turn
        from dataclasses import replace

        said = self._said(turn.text)
        return turn if said == turn.text else replace(turn, text=said)

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """The intercept's answer to the open question it asked."""
        return self.built.resume(turn, question)

    def claims(self, turn: Turn, question: OpenQuestion) -> bool:
        """Whether the turn answers the intercept's open question (when it can tell), before any
        other intercept's reading of it counts."""
        claims = getattr(self.built, "claims", None)
        return bool(claims(turn, question)) if claims is not None else False


def reminder_gate(vocab: Vocab) -> WordGate:
    """What a new reminder must say (`steward.calendar.reminders.creation.parse_new`): a reminder or a to-do
    trigger, whole."""
    return WordGate(phrases=[*vocab.reminder_triggers, *vocab.todo_triggers])


def manage_gate() -> WordGate:
    """What a reminder change must say (`parse_request`): a management verb (cancel, move, snooze, done),
    a listing phrase ("my reminders"), a noun ("reminder"), a list named ("the grocery list") or a word that
    puts a time right ("sorry"), whole."""
    from steward.calendar.reminders.requests import load_manage_words

    said = load_manage_words()
    return WordGate(phrases=[p for phrases in (*said.verbs.values(), said.list_phrases, said.nouns, said.corrections,
                                               said.list_nouns)
                             for p in phrases])


# the words an event change is read from outside the lists of event_talk.yaml and requests.yaml: "bring" and
# "pull" said for "move" ("bring the review forward"), "instead" (a new time said as news is a change),
# a series' end said as news ("the choir *ends* on the 18th", "the *last* run is on the 23rd"), one time
# off said as news ("the choir is *off* on friday", "the run is *cancelled* tomorrow") and a move said with
# an arrow ("all *future* runs → 7am": the arrow is no word)
EVENT_WORDS = ("bring", "pull", "instead", "last", "end", "ends", "ending", "finish", "finishes", "finishing",
               "stop", "stops", "stopping", "off", "cancelled", "canceled", "future",
               # a weekday said in the plural is every one of them: "the choir is on thursdays now"
               "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays", "weekdays",
               "weekends", "earlier", "later",
               # news that says a change: "runs till 7", "won't happen", "will only be an hour" ("till" and
               # "until" are words of the series' lists, read with the day they bound)
               "runs", "happen", "needed", "only")
# words that open the gate only where a change says them (`_said_idly`): a time put right just after a write
# ("sorry, 11 not 9", "oops i meant 4") only in a turn that says a time or a day, as "no" (a time that will not
# happen, "no choir tomorrow", or put right, "no, 9:30"); one time off only after a no ("the run *isn't happening*
# tomorrow", "... is no longer happening")
TIMED = ("no", "sorry", "oops", "meant")
NEGATED = ("happening",)
# the words a no is said with right before "happening" (`event_forms._OFF`: "is not", "isn't", "won't be", "no longer")
_NO_BEFORE = frozenset(("not", "isn't", "aren't", "isn’t", "aren’t", "be", "longer"))


def event_gate() -> WordGate:
    """What an event change must say (`event_talk.parse_add`, `parse_change`): a verb that adds, moves,
    cancels, resizes or ends one, or a phrase of a shape a change is said in (`forms` in event_talk.yaml:
    "no ... tomorrow", "from now on", "is moving to", "off my calendar" ...). A plain "is" or "will be"
    counts only with such a phrase or "instead" ("the choir is at 8 from monday"), so it opens no gate.
    A new shape that starts from a word of none of these lists needs that word here: the tests find
    every sentence of the development sets the gate would keep from the parser."""
    from steward.calendar.reminders.requests import load_manage_words
    from steward.vocab import _phrases, load_vocab
    from steward.yamldata import load_yaml, shipped_text

    said = load_yaml(shipped_text("steward.calendar", "event_talk.yaml"))
    forms = said["forms"]
    lists = [said[k] for k in ("add_verbs", "resize_verbs", "end_verbs", "pause_verbs", "move_verbs")]
    lists += [forms[k] for k in ("onward", "since", "becomes", "once", "not_on", "off_calendar")]
    lists += [said["series"][k] for k in ("onward", "since", "after", "until", "end", "ends_on", "pause")]
    manage = load_manage_words()
    from functools import lru_cache

    from steward.vocab.slips import near_verb

    verbs = tuple(str(v).lower() for v in said.get("spelled_verbs") or ())
    # each turn's first words are weighed against every verb: a word's answer, once found, is kept
    misspelt = lru_cache(maxsize=4096)(lambda w: near_verb(w, verbs))
    timed = frozenset((w,) for w in TIMED)
    assert timed <= set(manage.corrections), "a word of TIMED is no word a time is put right with"
    phrases = [*(p for raw in lists for p in _phrases(raw)), *manage.verbs["move"], ("is", "at"), ("one", "after"),
               ("next", "one"), ("following", "one"), *manage.verbs["cancel"], *timed, *((w,) for w in NEGATED)]
    # (a verb that adds: one that changes an event is read as one after a determiner too, "when does my shift start")
    adding = set(_phrases(said["add_verbs"]))
    others = {p for raw in lists[1:] for p in _phrases(raw)} | set(manage.verbs["move"]) | set(manage.verbs["cancel"])
    series = said["series"]
    single = lambda *raws: frozenset(p for raw in raws for p in _phrases(raw) if len(p) == 1)  # noqa: E731
    return WordGate(firsts=EVENT_WORDS, marks=("→", "->", "=>"), misspelt=misspelt, phrases=phrases,
                    idle=_said_idly(frozenset(adding - others), single(forms["since"], series["since"]),
                                    frozenset(w for p in load_vocab().determiners for w in p),
                                    bounds=single(series["after"], series["until"]), timed=timed,
                                    negated=frozenset((w,) for w in NEGATED),
                                    shorthand={str(k).lower(): str(v) for k, v in (said.get("shorthand") or {}).items()}))


def _said_idly(verbs: frozenset[tuple[str, ...]], since: frozenset[tuple[str, ...]],
               determiners: frozenset[str], *, bounds: frozenset[tuple[str, ...]] = frozenset(),
               timed: frozenset[tuple[str, ...]] = frozenset(), negated: frozenset[tuple[str, ...]] = frozenset(),
               shorthand: dict[str, str] | None = None) -> Callable[[Sequence[str], int, tuple[str, ...]], bool]:
    """Whether an event change's phrase, said at a place of a turn's words, says nothing of a change there: a
    verb that adds said as a noun, after a determiner ("what's on *my schedule*", "the *book* club"); a word a
    change holds from said with no day right after it ("the mail I got *from* the bank" is no "*from* the 14th");
    a word that bounds a series with no day or clock time right after it ("what about the weekend *after*?",
    "*until* what hour is it open?", "talk me *through* the gas bill": the series' scope is read from the day
    after the word, and "runs till 7" from its hour); a word that puts a time right, or "no", in a turn that
    says no time and no day ("no, the savings account", "sorry, I meant the vet": a correction is a time and
    nothing else, and a time skipped is said with its day); "happening" with no no before it ("is anything
    happening this sunday?")."""
    from steward import dates
    from steward.clock import make_clock

    clock = make_clock("UTC", "2000-01-01T00:00:00+00:00")  # (only whether a day is said, not which)
    short = shorthand or {}

    def day_at(norms: Sequence[str], at: int) -> bool:
        found = dates.find(" ".join(short.get(w, w) for w in norms[at:at + 7]), clock)
        return found is not None and found.span[0] == 0

    def idle(norms: Sequence[str], at: int, phrase: tuple[str, ...]) -> bool:
        if phrase in verbs:
            return at > 0 and norms[at - 1] in determiners
        if phrase in since:
            return not day_at(norms, at + 1)
        if phrase in bounds:
            after = at + len(phrase)
            return after >= len(norms) or not (norms[after][:1].isdigit() or day_at(norms, after))
        if phrase in timed:
            return not any(c.isdigit() for w in norms for c in w) and \
                dates.find(" ".join(short.get(w, w) for w in norms), clock) is None
        if phrase in negated:
            return at == 0 or norms[at - 1] not in _NO_BEFORE
        return False

    return idle
