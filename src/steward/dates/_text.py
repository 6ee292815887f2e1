"""Normalising a phrase before the grammar reads it, keeping a map back to the user's characters.

The grammar matches lower-case text in which spelled-out numbers are digits ("five thirty pm" ->
"5 30 pm", "twenty-third" -> "23rd", "two thousand ten" -> "2010"). Every character of the normalised
text remembers the span of the original characters it came from, so a match can report the span the
user typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}
ORDINALS = {
    "first": 1, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "thirtieth": 30,
    "twelveth": 12,  # the common misspelling, as "fourty" above
}
# "second" is both an ordinal and a unit of time; it is an ordinal only after a tens word
# ("twenty second"); alone the grammar reads it in context.
ZERO_WORDS = {"oh", "o", "ou", "zero"}
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class Normalized:
    """Normalised text and, for each of its characters, the original span it stands for."""

    text: str
    begins: tuple[int, ...]
    ends: tuple[int, ...]

    def span(self, begin: int, end: int) -> tuple[int, int]:
        """The original span of the normalised characters [begin, end)."""
        if end <= begin:
            return (self.begins[begin] if begin < len(self.begins) else 0,) * 2
        return self.begins[begin], self.ends[end - 1]


def _ordinal_suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _lower(text: str) -> str:
    # str.lower() can lengthen a few characters; keep one character for one so spans stay aligned
    if text.isascii():
        return text.lower()  # one character for one, and the same as lowering each
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def _convert(words: list[str]) -> list[str] | None:
    """Digits for a run of number words, or None when the run is not numeric."""
    out: list[str] = []
    i = 0
    n = len(words)
    while i < n:
        w = words[i]
        if w in TENS:
            value = TENS[w]
            if i + 1 < n and words[i + 1] in UNITS and 0 < UNITS[words[i + 1]] < 10:
                out.append(str(value + UNITS[words[i + 1]]))
                i += 2
                continue
            if i + 1 < n and words[i + 1] in ORDINALS and ORDINALS[words[i + 1]] < 10:
                v = value + ORDINALS[words[i + 1]]
                out.append(f"{v}{_ordinal_suffix(v)}")
                i += 2
                continue
            if i + 1 < n and words[i + 1] == "second":
                out.append(f"{value + 2}nd")
                i += 2
                continue
            out.append(str(value))
            i += 1
        elif w in UNITS:
            value = UNITS[w]
            if i + 1 < n and words[i + 1] == "thousand":
                rest = 0
                j = i + 2
                if j < n and words[j] == "and":
                    j += 1
                if j < n and words[j] in TENS:
                    rest = TENS[words[j]]
                    j += 1
                    if j < n and words[j] in UNITS and UNITS[words[j]] < 10:
                        rest += UNITS[words[j]]
                        j += 1
                elif j < n and words[j] in UNITS:
                    rest = UNITS[words[j]]
                    j += 1
                out.append(str(value * 1000 + rest))
                i = j
                continue
            # "twelve oh three" -> 12 03
            if (i + 2 < n and words[i + 1] in ZERO_WORDS and words[i + 2] in UNITS
                    and 0 < UNITS[words[i + 2]] < 10):
                out.append(str(value))
                out.append(f"0{UNITS[words[i + 2]]}")
                i += 3
                continue
            if w == "zero":
                return None
            out.append(str(value))
            i += 1
        elif w in ORDINALS:
            v = ORDINALS[w]
            out.append(f"{v}{_ordinal_suffix(v)}")
            i += 1
        else:
            return None
    return out


_SECOND_ORDINAL_NEXT = {"of", "last", "closest", "week", "quarter", "qtr", "monday", "tuesday", "wednesday",
                        "thursday", "friday", "saturday", "sunday", "mon", "tue", "wed", "thu", "fri", "sat", "sun",
                        "day", "weekend", "month", "half"}


def _second_is_ordinal(words: list[re.Match[str]], i: int) -> bool:
    """ "second" is the ordinal in "the second of march", "second wednesday of"; else a unit of time."""
    nxt = words[i + 1].group() if i + 1 < len(words) else ""
    prev = words[i - 1].group() if i > 0 else ""
    if prev in ("a", "one", "per", "each", "every", "1") or prev.isdigit():
        return False
    return nxt in _SECOND_ORDINAL_NEXT or prev == "the"


def _is_number_word(w: str) -> bool:
    return w in UNITS or w in TENS or w in ORDINALS or w == "thousand"


_SPACE_RUN = re.compile(r"[\s\[\]{}]+")


def _squeeze(text: str) -> tuple[str, list[int], list[int]]:
    """Runs of white space and brackets as one space ("[Sept]  04" -> " sept 04"), with the span map.

    Text pasted from a page or a mail has doubled spaces, line breaks and bracketed words; the grammar
    reads single spaces.
    """
    out: list[str] = []
    begins: list[int] = []
    ends: list[int] = []
    pos = 0
    for m in _SPACE_RUN.finditer(text):
        out.append(text[pos:m.start()])
        begins.extend(range(pos, m.start()))
        ends.extend(range(pos + 1, m.start() + 1))
        out.append(" ")
        begins.append(m.start())
        ends.append(m.end())
        pos = m.end()
    out.append(text[pos:])
    begins.extend(range(pos, len(text)))
    ends.extend(range(pos + 1, len(text) + 1))
    return "".join(out), begins, ends


_MONTH_WORDS = frozenset(
    ["jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june", "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october", "nov", "november", "dec", "december"])
_YEAR_BEFORE = frozenset(["in", "of", "year", "since", "until", "till", "from", "by", "during"])
_UNIT_AFTER = frozenset(["minute", "minutes", "min", "mins", "hour", "hours", "hrs", "second", "seconds"])


def _spoken_years(digits: list[str], before: str, after: str) -> list[str]:
    """ "nineteen eighty six" is 1986, "twenty twenty seven" 2027: two number words that name a century
    and a year in it, where they cannot be a clock time (86 minutes) or stand where a year does
    (after a month, a day of the month, "in", "since")."""
    for k in range(len(digits) - 1):
        century, rest = digits[k], digits[k + 1]
        if century not in ("17", "18", "19", "20", "21") or len(rest) != 2 or not rest.isdigit():
            continue
        if (after in _UNIT_AFTER and k + 2 == len(digits)) or len(digits) > k + 2:
            continue
        prev = digits[k - 1] if k else before
        if int(rest) >= 60 or prev in _MONTH_WORDS or prev in _YEAR_BEFORE or \
                re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", prev) is not None:
            return digits[:k] + [century + rest]
    return digits


# the words that start a change: number words, and "second" (an ordinal in "the second of march")
_CHANGING = frozenset([*UNITS, *TENS, *ORDINALS, "thousand", "second"])


_TILDE = re.compile(r"(?<!\d)~(?=\s?\d)")


def normalize(text: str) -> Normalized:
    """Lower-case the text and turn spelled-out numbers into digits, keeping the span map.

    A tilde before a number ("~6 hours", "at ~6pm") says about: it is read as a space.
    """
    low = _lower(text)
    if "~" in low:
        low = _TILDE.sub(" ", low)
    if _SPACE_RUN.sub(" ", low) == low and _CHANGING.isdisjoint(_WORD.findall(low)):
        # most text: single spaces and no number words, so every character stands for itself
        return Normalized(low, tuple(range(len(low))), tuple(range(1, len(low) + 1)))
    low, squeezed_begins, squeezed_ends = _squeeze(low)
    words = list(_WORD.finditer(low))
    parts: list[tuple[str, int, int]] = []  # (text, original begin, original end or -1 for a literal)
    pos = 0
    i = 0
    while i < len(words):
        m = words[i]
        if m.group() == "second" and _second_is_ordinal(words, i):
            parts.append((low[pos:m.start()], pos, -1))
            parts.append(("2nd", m.start(), m.end()))
            pos = m.end()
            i += 1
            continue
        if not _is_number_word(m.group()):
            i += 1
            continue
        # a run of number words joined by single spaces or hyphens (plus zero words inside it)
        j = i + 1
        while j < len(words):
            gap = low[words[j - 1].end():words[j].start()]
            w = words[j].group()
            if gap not in (" ", "-") or not (_is_number_word(w) or w == "second" or
                                              (w in ZERO_WORDS and j + 1 < len(words)) or
                                              (w == "and" and words[j - 1].group() == "thousand")):
                break
            j += 1
        run = [w.group() for w in words[i:j]]
        digits = None
        while run:
            digits = _convert(run)
            if digits is not None:
                break
            run = run[:-1]
            j -= 1
        if not run or digits is None:
            i += 1
            continue
        begin, end = words[i].start(), words[j - 1].end()
        digits = _spoken_years(digits, words[i - 1].group() if i else "", words[j].group() if j < len(words) else "")
        parts.append((low[pos:begin], pos, -1))
        parts.append((" ".join(digits), begin, end))
        pos = end
        i = j
    parts.append((low[pos:], pos, -1))

    out: list[str] = []
    begins: list[int] = []
    ends: list[int] = []
    for piece, b, e in parts:
        out.append(piece)
        if e < 0:
            begins.extend(range(b, b + len(piece)))
            ends.extend(range(b + 1, b + len(piece) + 1))
        else:
            begins.extend([b] * len(piece))
            ends.extend([e] * len(piece))
    # back from the squeezed text to the caller's characters
    return Normalized("".join(out), tuple(squeezed_begins[b] for b in begins),
                      tuple(squeezed_ends[e - 1] for e in ends))
