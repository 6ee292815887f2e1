"""The function words of another language mixed into English, said in English ("magkano ang gas bill ko po?" is
"how much the gas bill?"), so a question in Taglish is read like one in English.

Pure text: no store, no clock. Only closed classes of words are here (question words, particles of politeness
and of asking, markers and pronouns, a few verbs of paying and words of a day), each said in `words.yaml`
(`mixed_in`) with the English it stands for, or nothing when it adds no meaning an English reading needs
("po" is politeness, "ba" marks a question). A word written in capitals is left alone ("BA" is an airline), and
so is one capitalised inside a sentence (a name: "Mr Ang"), and the English around them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from steward.reader.words import ReaderWords

# a flight's number after its airline's two letters ("ng 2418", "pr 102"): never a day, an hour or a sum
_A_NUMBER_AFTER = re.compile(r"\s?(\d{3,4})(?![\d:.,]|\s*(?:am|pm|h|hrs?|st|nd|rd|th)\b)", re.I)


def _an_hour(digits: str) -> bool:
    """Whether four digits read as a time of day ("sa 1830" is at half past six)."""
    return len(digits) == 4 and int(digits[:2]) < 24 and int(digits[2:]) < 60


@lru_cache(maxsize=4)
def _patterns(said: tuple[str, ...]) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """The whole words and phrases, and the prefixes ("paki-remind"), each the longest first."""
    phrases = sorted((p for p in said if not p.endswith("-")), key=len, reverse=True)
    prefixes = sorted((p for p in said if p.endswith("-")), key=len, reverse=True)
    whole = (re.compile(r"(?<![\w'’-])(?:" + "|".join(re.escape(p) for p in phrases) + r")(?![\w'’-])", re.I)
             if phrases else None)
    joined = (re.compile(r"(?<![\w'’-])(?:" + "|".join(re.escape(p) for p in prefixes) + r")(?=\w)", re.I)
              if prefixes else None)
    return whole, joined


@lru_cache(maxsize=4)
def _me_before_kin(kin: tuple[str, ...]) -> re.Pattern[str]:
    """ "me" right before a family word ("me brother", "me nan")."""
    said = "|".join(re.escape(p) for p in sorted(kin, key=len, reverse=True))
    return re.compile(rf"\bme\s+(?=(?:{said})(?![\w-]))", re.I)


@lru_cache(maxsize=4)
def _clause_day(said: tuple[str, ...], after: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """ "the day" or "the night", and what ends what is asked after it: the end, a comma or mark, a word of `after`."""
    days = "|".join(re.escape(p) for p in sorted(said, key=len, reverse=True))
    tail = "|".join(re.escape(p) for p in sorted(after, key=len, reverse=True))
    return (re.compile(rf"(?<![\w'’-])(?:{days})(?![\w'’-])", re.I),
            re.compile(rf"\s*(?:$|[?!.,;]|(?:{tail})(?![\w'’-]))", re.I))


# a clock time just before ("at 9 the night", "half 6 the night"): the day it is said on
_A_TIME_BEFORE = re.compile(r"(?:\d|\b(?:am|pm|a\.m\.|p\.m\.|o'clock))$", re.I)
# what makes a day said after a time another's ("at 8 the night before the MOT")
_ANOTHERS = re.compile(r"\s*(?:before|after|of|prior)\b", re.I)


def _days_said_plainly(text: str, rw: ReaderWords) -> str:
    """`text` with "the day" and "the night" said "today" and "tonight" where they end what is asked, or follow a
    clock time, and follow no word that makes them a day of something else (`clause_days` in words.yaml); "on" only
    after a question of what is planned ("what's on the day?")."""
    said = rw.clause_days_said
    if not said:
        return text
    words = rw.clause_days
    not_after = tuple(" ".join(p) for p in words.get("not_after", ()))
    planned = tuple(" ".join(p) for p in words.get("planned", ()))
    day, ends = _clause_day(tuple(said), tuple(" ".join(p) for p in words.get("after", ())))

    def plain(m: re.Match[str]) -> str:
        before = " ".join(m.string[:m.start()].replace("’", "'").casefold().split())
        timed = _A_TIME_BEFORE.search(before) is not None
        if not (ends.match(m.string, m.end()) or (timed and not _ANOTHERS.match(m.string, m.end()))):
            return m.group(0)
        if any(before == w or before.endswith(f" {w}") for w in not_after) and not (
                (before == "on" or before.endswith(" on"))
                and any(before == w or before.endswith(f" {w}") for w in planned)):
            return m.group(0)
        return said[" ".join(m.group(0).casefold().split())]

    return day.sub(plain, text)


def in_english(text: str, rw: ReaderWords) -> str:
    """`text` with the words of `rw.mixed_in` said in English (or left out), and "me" before a family word said
    "my" as Irish and northern English speak it ("did me brother ring?"), white space tidied; the text as it
    was when it holds none, or nothing besides them."""
    kin = rw.kin_said
    if kin:
        text = _me_before_kin(kin).sub(lambda m: "My " if m.group(0)[0] == "M" else "my ", text)
    text = _days_said_plainly(text, rw)
    table = rw.mixed_in
    if not table:
        return text
    whole, joined = _patterns(rw.mixed_in_said)

    def english(m: re.Match[str]) -> str:
        found = m.group(0)
        if found.isupper() and len(found) > 1:
            return found  # "BA", "SA": an initialism, not a word of the other language
        if found[:1].isupper() and m.start() > 0 and m.string[:m.start()].rstrip()[-1:] not in ".!?":
            return found  # "did Ang email me?": a name, capitalised inside a sentence
        number = _A_NUMBER_AFTER.match(m.string, m.end()) if len(found) == 2 else None
        if number is not None and not _an_hour(number.group(1)):
            return found  # "the flight ng 2418": an airline's code before a flight's number, however written
        plain = table.get(found.casefold(), "")
        return f"{plain} " if found.endswith("-") and plain else plain

    said = text
    for pattern in (joined, whole):
        if pattern is not None:
            said = pattern.sub(english, said)
    if said == text:
        return text
    said = re.sub(r"\s+([?!.,])", r"\1", re.sub(r"[ \t]{2,}", " ", said)).strip()
    said = re.sub(r"^[,\s]+", "", said)
    return said if said.strip(" ?!.,") else text
