"""The mail query language, parsed into a plan (pure; no database).

Gmail-style: bare words, "quoted phrases", `from:`, `to:`, `subject:`, `category:` (one or a comma list), `after:` /
`before:` (YYYY-MM-DD or YYYY/MM/DD, a day on the user's clock; `before:` excludes that day),
`newer_than:` / `older_than:` (7d, 2w, 3m, 1y), `OR` between terms, `-word` to exclude, `word*`
for a prefix. Every word reaches FTS5 quoted, so user text can never be FTS syntax.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from importlib import resources

from steward.clock import Clock
from steward.errors import UserError
from steward.mail.categories import CATEGORIES
from steward.yamldata import load_yaml

_TOKEN = re.compile(r'(-?)(?:([A-Za-z_]+):)?("(?:[^"]*)"?|\S+)')
_FIELDS = {"from": "sender", "sender": "sender", "subject": "subject"}
_RELATIVE = re.compile(r"^(\d+)([dwmy])$")


@dataclass(frozen=True)
class Term:
    """One searchable unit: a word or phrase, maybe restricted to a column, maybe a prefix."""

    text: str
    column: str | None = None      # sender | subject | None (all columns)
    prefix: bool = False
    phrase: bool = False

    def fts(self) -> str:
        """The term as an FTS5 expression (quoted; a prefix term ends in *)."""
        quoted = '"' + self.text.replace('"', '""') + '"'
        if self.prefix:
            quoted += " *"
        return f"{self.column} : {quoted}" if self.column else quoted


@dataclass(frozen=True)
class QueryPlan:
    """What a query asks for: groups of terms (OR inside a group, AND between), exclusions, filters."""

    text: str
    groups: tuple[tuple[Term, ...], ...] = ()
    excluded: tuple[Term, ...] = ()
    after: datetime | None = None
    before: datetime | None = None
    categories: tuple[str, ...] = ()
    to: tuple[str, ...] = field(default=())

    @property
    def has_text(self) -> bool:
        """Whether the query has words to match (not only filters)."""
        return bool(self.groups)

    def match(self, *, broaden: bool = False) -> str | None:
        """The FTS5 expression: groups ANDed, or every term ORed when broadening; None without terms."""
        if not self.groups:
            return None
        if broaden:
            return " OR ".join(t.fts() for g in self.groups for t in g)
        return " AND ".join(_group(g) for g in self.groups)

    def exclusion(self) -> str | None:
        """The FTS5 expression of everything excluded with `-word`, or None."""
        return " OR ".join(t.fts() for t in self.excluded) or None

    def can_broaden(self) -> bool:
        """Whether a miss can be retried with any of the word groups."""
        return len(self.groups) > 1


def free_text(text: str) -> str:
    """The plain-language part of a query (operators, `-exclusions` and `OR` removed), for embedding."""
    kept = [value.strip('"').strip() for neg, op, value in _TOKEN.findall(text)
            if not neg and not op and value != "OR"]
    return " ".join(k for k in kept if k)


def _group(terms: tuple[Term, ...]) -> str:
    if len(terms) == 1:
        return terms[0].fts()
    return "(" + " OR ".join(t.fts() for t in terms) + ")"


@lru_cache(maxsize=1)
def stopwords() -> frozenset[str]:
    """Filler words dropped from a plain-language query (`any emails about my card` -> `card`)."""
    data = load_yaml((resources.files("steward.search") / "query.yaml").read_text(encoding="utf-8"))
    return frozenset(str(w).lower() for w in data["stopwords"])


def parse_query(text: str, clock: Clock) -> QueryPlan:
    """Parse a query typed by a person (or passed by the assistant) into a QueryPlan."""
    groups: list[list[Term]] = []
    excluded: list[Term] = []
    after = before = None
    categories: list[str] = []
    to: list[str] = []
    join_next = False
    for neg, op, value in _TOKEN.findall(text):
        op_l = op.lower()
        if not op and not neg and value == "OR":
            join_next = bool(groups)
            continue
        phrase = value.startswith('"')
        raw = value.strip('"').strip()
        if not raw:
            continue
        if op_l in ("after", "before", "newer_than", "older_than"):
            moment = _moment(op_l, raw, clock)
            if op_l in ("after", "newer_than"):
                after = moment if after is None else max(after, moment)
            else:
                before = moment if before is None else min(before, moment)
            continue
        if op_l == "category":
            named = [c.strip().lower().replace("-", "_") for c in raw.split(",") if c.strip()]
            unknown = [c for c in named if c not in CATEGORIES]
            if unknown:  # a misspelt category would silently match nothing
                raise UserError(f"category:{unknown[0]} is not a category; use one of {', '.join(CATEGORIES)}")
            categories.extend(named)
            continue
        if op_l == "to":
            to.append(raw.lower())
            continue
        column = _FIELDS.get(op_l)
        if op and column is None:
            # an unknown operator (`label:x`) is searched as the words it contains
            raw = f"{op}:{raw}"
        prefix = raw.endswith("*") and not phrase
        word = raw.rstrip("*") if prefix else raw
        if not word:
            continue
        term = Term(word, column, prefix, phrase)
        if neg:
            excluded.append(term)
            continue
        if join_next and groups:
            groups[-1].append(term)
        else:
            groups.append([term])
        join_next = False
    groups = _drop_stopwords(groups)
    return QueryPlan(text=text, groups=tuple(tuple(g) for g in groups), excluded=tuple(excluded), after=after,
                     before=before, categories=tuple(categories), to=tuple(to))


def _drop_stopwords(groups: list[list[Term]]) -> list[list[Term]]:
    words = stopwords()
    kept = [g for g in groups if not (len(g) == 1 and _is_filler(g[0], words))]
    return kept if kept else groups


def _is_filler(term: Term, words: frozenset[str]) -> bool:
    return term.column is None and not term.phrase and not term.prefix and term.text.lower() in words


def _moment(op: str, raw: str, clock: Clock) -> datetime:
    """The instant an `after:` / `before:` / `newer_than:` / `older_than:` value names, on the user's clock."""
    rel = _RELATIVE.match(raw.lower())
    if op in ("newer_than", "older_than"):
        if not rel:
            raise UserError(f"{op}:{raw} is not a span; use a number and d, w, m or y (e.g. {op}:7d)")
        amount, unit = int(rel.group(1)), rel.group(2)
        days = amount * {"d": 1, "w": 7, "m": 30, "y": 365}[unit]
        try:
            return clock.now() - timedelta(days=days)
        except OverflowError:
            raise UserError(f"{op}:{raw} reaches back past the year 1; use a smaller number") from None
    day = _day(raw)
    if day is None:
        raise UserError(f"{op}:{raw} is not a date; use YYYY-MM-DD (e.g. {op}:2026-09-01)")
    return datetime.combine(day, time(0, 0), clock.zone)


def _day(raw: str) -> date | None:
    for fmt in ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d"):
        try:
            return datetime.strptime(raw, fmt).date()
        except ValueError:
            continue
    return None
