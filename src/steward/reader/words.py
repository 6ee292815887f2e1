"""The reader's words (`words.yaml`), tokenised once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from steward.errors import ConfigError
from steward.vocab import Phrase, words
from steward.yamldata import load_yaml, shipped_text


def _phrases(items: Any, where: str) -> tuple[Phrase, ...]:
    if not isinstance(items, list):
        raise ConfigError(f"reader words.yaml: {where} must be a list of phrases")
    out = {tuple(words(str(item))) for item in items if str(item).strip()}
    return tuple(sorted(out, key=lambda p: (-len(p), p)))


def _table(data: Any, where: str) -> dict[str, tuple[Phrase, ...]]:
    if not isinstance(data, dict):
        raise ConfigError(f"reader words.yaml: {where} must be a table of lists")
    return {str(k): _phrases(v, f"{where}.{k}") for k, v in data.items()}


@dataclass(frozen=True)
class ReaderWords:
    """Domain cues, asks, flags, the kinds of dues and of providers, and the generic words."""

    domains: dict[str, tuple[Phrase, ...]]
    asks: dict[str, tuple[Phrase, ...]]
    flags: dict[str, tuple[Phrase, ...]]
    money_kinds: dict[str, tuple[Phrase, ...]]
    provider_kinds: dict[str, tuple[Phrase, ...]]
    generic: frozenset[str]
    bill_names: dict[str, tuple[Phrase, ...]]
    common: frozenset[str] = frozenset()
    time_questions: tuple[Phrase, ...] = ()
    not_ours: tuple[Phrase, ...] = ()
    for_a_model: tuple[Phrase, ...] = ()
    contacting: tuple[Phrase, ...] = ()
    not_contacting: frozenset[str] = frozenset()
    relative_windows: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)
    show_opening: tuple[Phrase, ...] = ()
    idioms: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)
    day_parts: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)
    currencies: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)
    request_openers: tuple[Phrase, ...] = ()
    past_tense: tuple[Phrase, ...] = ()
    kind_groups: dict[str, tuple[str, ...]] = field(default_factory=dict)  # "travel": flight, train, ...
    insurance_kinds: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)  # "car": car, auto, motor, ...

    def widen(self, kinds: Sequence[str]) -> list[str]:
        """The kinds said, a word for several kinds (`kind_groups`) read as each of them and itself."""
        out: list[str] = []
        for k in kinds:
            for one in (*self.kind_groups.get(k, ()), k):
                if one not in out:
                    out.append(one)
        return out
    event_nouns: tuple[Phrase, ...] = ()
    kin: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)
    loose_spans: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)  # "7": my week, the days ahead
    card_networks: tuple[Phrase, ...] = ()  # "the Mastercard": a card named by its network, found in its bank's mail
    card_tiers: frozenset[str] = frozenset()  # "Visa Infinite": the product said with the network
    # "the visa appointment": a network's word before a booking noun names no card
    card_network_not_before: frozenset[str] = frozenset()
    # "my medical test for the visa": a network's word that names another thing too is a card only beside money words
    card_network_shared: frozenset[str] = frozenset()
    asides: tuple[Phrase, ...] = ()  # "morning!", "ok thanks,": said before a question and apart from it
    news: tuple[Phrase, ...] = ()  # "anything new?", "what did I miss?": the newest mail, said with no domain word
    summing_up: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)  # verbs, days: "a recap of today"
    # words for one kind of thing, each mapped to its group ("bash" -> party, bash, celebration ...)
    thing_words: dict[str, frozenset[str]] = field(default_factory=dict)
    # a word for several kinds of thing and the kinds it finds ("meeting": a committee, a standup), never the other way
    thing_kinds: dict[str, frozenset[str]] = field(default_factory=dict)
    sender_kinds: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)  # "gym": gym, fitness ...
    paid_mail: tuple[Phrase, ...] = ()  # a biller's mail that says a payment arrived
    work_senders: tuple[Phrase, ...] = ()  # "from work", "my colleagues": the senders at the person's workplace
    family_senders: tuple[Phrase, ...] = ()  # "from the family", "my relatives": the senders family words name
    way_back: tuple[Phrase, ...] = ()  # "and when do we get back?": the journey home after the one asked about
    # "the school bus", "the bus fee": a word of a kind of booking said of something else, never that kind
    not_kinds: tuple[Phrase, ...] = ()
    other_apps: tuple[Phrase, ...] = ()  # "any new likes on instagram?": what another app holds, not the person's mail
    secrets: tuple[Phrase, ...] = ()  # "the door code?": a secret Steward never reads out, not the person's data
    topic_returns: tuple[Phrase, ...] = ()  # "going back to the train, ...": a thing asked of before, said again
    anything_else: tuple[Phrase, ...] = ()  # "anything else?": more of what was asked before
    corrections: tuple[Phrase, ...] = ()  # "no, I meant ...": the question before, asked again of another name
    # words a question says that name no thing of their own ("the card ending 6038", "the storage mob", "abeg"):
    # never a thing the answer must hold (`honesty.named_things`)
    not_things: frozenset[str] = frozenset()
    detail_asks: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)  # "the address?": one slot asked alone
    # a bill's word that says its kind only where people speak so ("the current bill" is the electricity bill in
    # India): phrase -> the countries (ISO codes) it says the kind in
    bill_names_where: dict[Phrase, frozenset[str]] = field(default_factory=dict)
    still_to_pay: tuple[Phrase, ...] = ()  # "when is my last loan payment due?": a payment still to make
    specialties: tuple[str, ...] = ()  # the kinds a doctor's visit may be of, said by its own mail ("Orthopaedics")
    loan_kinds: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)  # "mortgage": what a loan is for
    # the function words of another language mixed into English ("magkano" -> "how much", "po" -> ""), `mixed_in.py`
    mixed_in: dict[str, str] = field(default_factory=dict)
    # "the day" for today and "the night" for tonight, where they end what is asked (`mixed_in.py`): said, after,
    # not_after, planned
    clause_days: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)
    clause_days_said: dict[str, str] = field(default_factory=dict)
    # the names a city gives an everyday thing of its own ("the Metrolink": a tram), by what it is, `answerers/mail.py`
    local_names: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)

    @cached_property
    def kin_said(self) -> tuple[str, ...]:
        """Each family word as it is said ("big sister"), read once (`mixed_in.py` reads "me" before one as "my")."""
        return tuple(" ".join(p) for phrases in self.kin.values() for p in phrases if p)

    @cached_property
    def mixed_in_said(self) -> tuple[str, ...]:
        """The words of another language `mixed_in` holds, as a tuple read once (`mixed_in.py`)."""
        return tuple(self.mixed_in)

    @cached_property
    def cue_words(self) -> frozenset[str]:
        """Every single word that points to a domain."""
        return frozenset(w for phrases in self.domains.values() for p in phrases for w in p)

    @cached_property
    def plain_words(self) -> frozenset[str]:
        """The words a question says that name nothing of its own: everyday words, a domain's words, asks, flags
        and the words that open a request ("check my inbox", "upcoming events")."""
        out = set(self.common) | self.cue_words
        out.update(w for table in (self.asks, self.flags) for phrases in table.values() for p in phrases for w in p)
        out.update(w for p in (*self.show_opening, *self.request_openers) for w in p)
        return frozenset(out)

    @cached_property
    def not_of_a_title(self) -> frozenset[str]:
        """The words a question says that name no thing by its title, whatever titles hold them: everyday words,
        a domain's words, asks, the words that open a request, the kinds of entry (said as such) and the words that
        name nothing of their own ("details", "lah")."""
        out = set(self.common) | self.generic | self.cue_words | self.not_things
        out.update(w for phrases in self.asks.values() for p in phrases for w in p)
        out.update(w for p in (*self.show_opening, *self.request_openers, *self.event_nouns) for w in p)
        return frozenset(out)

    @cached_property
    def provider_kind_phrases(self) -> tuple[Phrase, ...]:
        """The phrases of every kind of provider, in one list ("vet", "eye test" ...)."""
        return tuple(p for ps in self.provider_kinds.values() for p in ps)

    @cached_property
    def provider_kinds_by_first(self) -> dict[str, tuple[tuple[str, Phrase], ...]]:
        """Each kind of provider's phrases by their first word, as (kind, phrase)."""
        out: dict[str, list[tuple[str, Phrase]]] = {}
        for kind, phrases in self.provider_kinds.items():
            for p in phrases:
                if p:
                    out.setdefault(p[0], []).append((kind, p))
        return {first: tuple(v) for first, v in out.items()}

    @cached_property
    def specialty_kinds(self) -> dict[str, tuple[Phrase, ...]]:
        """The kinds a doctor's visit may be of (`specialties`), each with its phrases."""
        return {k: self.provider_kinds[k] for k in self.specialties if k in self.provider_kinds}

    @property
    def known(self) -> frozenset[str]:
        """Every single word the reader knows as a word of its own (never a name)."""
        out: set[str] = set(self.generic) | set(self.common)
        for table in (self.domains, self.asks, self.flags, self.money_kinds, self.provider_kinds, self.bill_names,
                      self.relative_windows, self.day_parts, self.loose_spans, self.idioms, self.summing_up):
            for phrases in table.values():
                out.update(w for p in phrases for w in p)
        # (a currency's word is read as the currency, never as a name: "the GBP charge", "my naira card")
        out.update(w for p in (*self.show_opening, *self.request_openers, *self.event_nouns, *self.news,
                                   *(p for phrases in self.currencies.values() for p in phrases)) for w in p)
        return frozenset(out)


def parse_words(text: str) -> ReaderWords:
    """ReaderWords from the text of a words.yaml."""
    data = load_yaml(text) or {}
    if not isinstance(data, dict):
        raise ConfigError("reader words.yaml must be a table")
    return ReaderWords(
        domains=_table(data.get("domains") or {}, "domains"),
        asks=_table(data.get("asks") or {}, "asks"),
        flags=_table(data.get("flags") or {}, "flags"),
        money_kinds=_table(data.get("money_kinds") or {}, "money_kinds"),
        provider_kinds=_table(data.get("provider_kinds") or {}, "provider_kinds"),
        generic=frozenset(w for p in _phrases(data.get("generic") or [], "generic") for w in p),
        bill_names=_table(data.get("bill_names") or {}, "bill_names"),
        common=frozenset(w for p in _phrases(data.get("common") or [], "common") for w in p),
        time_questions=_phrases(data.get("time_questions") or [], "time_questions"),
        not_ours=_phrases(data.get("not_ours") or [], "not_ours"),
        for_a_model=_phrases(data.get("for_a_model") or [], "for_a_model"),
        contacting=_phrases(data.get("contacting") or [], "contacting"),
        not_contacting=frozenset(w for p in _phrases(data.get("not_contacting") or [], "not_contacting") for w in p),
        relative_windows=_table(data.get("relative_windows") or {}, "relative_windows"),
        show_opening=_phrases(data.get("show_opening") or [], "show_opening"),
        idioms=_table(data.get("idioms") or {}, "idioms"),
        insurance_kinds=_table(data.get("insurance_kinds") or {}, "insurance_kinds"),
        day_parts=_table(data.get("day_parts") or {}, "day_parts"),
        currencies=_table(data.get("currencies") or {}, "currencies"),
        request_openers=_phrases(data.get("request_openers") or [], "request_openers"),
        past_tense=_phrases(data.get("past_tense") or [], "past_tense"),
        kind_groups={k: tuple(" ".join(p) for p in v) for k, v in _table(data.get("kind_groups") or {},
                                                                         "kind_groups").items()},
        event_nouns=_phrases(data.get("event_nouns") or [], "event_nouns"),
        kin=_table(data.get("kin") or {}, "kin"),
        loose_spans=_table(data.get("loose_spans") or {}, "loose_spans"),
        card_networks=_phrases(data.get("card_networks") or [], "card_networks"),
        card_tiers=frozenset(w for p in _phrases(data.get("card_tiers") or [], "card_tiers") for w in p),
        card_network_not_before=frozenset(w for p in _phrases(data.get("card_network_not_before") or [],
                                                                "card_network_not_before") for w in p),
        card_network_shared=frozenset(w for p in _phrases(data.get("card_network_shared") or [],
                                                            "card_network_shared") for w in p),
        asides=_phrases(data.get("asides") or [], "asides"),
        news=_phrases(data.get("news") or [], "news"),
        summing_up=_table(data.get("summing_up") or {}, "summing_up"),
        thing_words=_kinds_over(_groups(data.get("thing_words") or [], "thing_words"),
                                _table(data.get("thing_kinds") or {}, "thing_kinds")),
        thing_kinds=_kinds_over({}, _table(data.get("thing_kinds") or {}, "thing_kinds")),
        sender_kinds=_table(data.get("sender_kinds") or {}, "sender_kinds"),
        paid_mail=_phrases(data.get("paid_mail") or [], "paid_mail"),
        work_senders=_phrases(data.get("work_senders") or [], "work_senders"),
        family_senders=_phrases(data.get("family_senders") or [], "family_senders"),
        way_back=_phrases(data.get("way_back") or [], "way_back"),
        not_kinds=_phrases(data.get("not_kinds") or [], "not_kinds"),
        other_apps=_phrases(data.get("other_apps") or [], "other_apps"),
        secrets=_phrases(data.get("secrets") or [], "secrets"),
        topic_returns=_phrases(data.get("topic_returns") or [], "topic_returns"),
        corrections=_phrases(data.get("corrections") or [], "corrections"),
        not_things=frozenset(w for p in _phrases(data.get("not_things") or [], "not_things") for w in p),
        anything_else=_phrases(data.get("anything_else") or [], "anything_else"),
        detail_asks=_table(data.get("detail_asks") or {}, "detail_asks"),
        bill_names_where=_where(data.get("bill_names_where") or {}, "bill_names_where"),
        still_to_pay=_phrases(data.get("still_to_pay") or [], "still_to_pay"),
        specialties=tuple(str(k) for k in data.get("specialties") or ()),
        loan_kinds=_table(data.get("loan_kinds") or {}, "loan_kinds"),
        mixed_in=_said_as(data.get("mixed_in") or {}, "mixed_in"),
        local_names=_table(data.get("local_names") or {}, "local_names"),
        clause_days=_table({k: v for k, v in (data.get("clause_days") or {}).items() if k != "said"}, "clause_days"),
        clause_days_said=_said_as({"days": (data.get("clause_days") or {}).get("said") or {}}, "clause_days"),
    )


def _said_as(data: Any, where: str) -> dict[str, str]:
    """Each language's words (lower case) and the English each stands for ("" for none), all languages in one."""
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise ConfigError(f"reader words.yaml: {where} must be a table of languages, each of words to their English")
    return {" ".join(str(k).casefold().split()): "" if v is None else str(v)
            for table in data.values() for k, v in table.items()}


def _where(data: Any, where: str) -> dict[Phrase, frozenset[str]]:
    """Each phrase, tokenised, with the countries (upper-case ISO codes) it is said in."""
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise ConfigError(f"reader words.yaml: {where} must be a table of phrases to lists of countries")
    return {tuple(words(str(k))): frozenset(str(c).upper() for c in v) for k, v in data.items()}


def _groups(data: Any, where: str) -> dict[str, frozenset[str]]:
    """Each word of each group, mapped to its whole group."""
    if not isinstance(data, list) or not all(isinstance(g, list) for g in data):
        raise ConfigError(f"reader words.yaml: {where} must be a list of lists of words")
    out: dict[str, frozenset[str]] = {}
    for group in data:
        said = frozenset(str(w).casefold() for w in group if str(w).strip())
        for w in said:
            out[w] = out.get(w, frozenset()) | said
    return out


def _kinds_over(groups: dict[str, frozenset[str]], kinds: dict[str, tuple[Phrase, ...]]) -> dict[str, frozenset[str]]:
    """The groups, with each word for several kinds of thing (`thing_kinds`) finding each of them: theirs
    widened, never the other way round."""
    out = dict(groups)
    for general, phrases in kinds.items():
        said = {" ".join(p) for p in phrases}
        out[general] = out.get(general, frozenset((general,))) | said | {general}
    return out


@lru_cache(maxsize=1)
def load_words() -> ReaderWords:
    """The bundled words.yaml."""
    said = parse_words(shipped_text("steward.reader", "words.yaml"))
    return replace(said, common=said.common | _brief_manner_words())


def _brief_manner_words() -> frozenset[str]:
    """The words that say what sort of brief is wanted ("quick", "daily"), which the brief's phrases.yaml
    keeps: read as data, so a turn the reader answers never loads the brief."""
    data = load_yaml((Path(__file__).resolve().parent.parent / "brief" / "phrases.yaml").read_text(encoding="utf-8"))
    raw = data.get("manner_words") if isinstance(data, dict) else None
    return frozenset(w for x in raw or [] for w in str(x).casefold().split())
