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


def in_english(text: str, rw: ReaderWords) -> str:
    """`text` with the words of `rw.mixed_in` said in English (or left out), and "me" before a family word said
    "my" as Irish and northern English speak it ("did me brother ring?"), white space tidied; the text as it
    was when it holds none, or nothing besides them."""
    kin = rw.kin_said
    if kin:
        text = _me_before_kin(kin).sub(lambda m: "My " if m.group(0)[0] == "M" else "my ", text)
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
