"""Write src/steward/reader/common_words.txt: the everyday English words that are never a booking's name
on their own, from wordfreq (a maintained word-frequency list drawn from many sources of text).

    .venv/bin/python scripts/common-words.py     # needs wordfreq (the dev extra); run again to refresh

A word is common when its Zipf frequency in English is at least THRESHOLD (4.0: about once in every
100,000 words written). Measured on the two sample homes' provider names and the words their booking
mail gives them: it takes "book", "line", "rail", "sharp", "cuts" and "pacific" from being names alone,
and leaves "auckland" (3.70), "brunswick" (3.61), "biscuit" (3.45) and every made-up brand. Steward reads
the written list; wordfreq is not needed to run it.
"""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

from wordfreq import top_n_list, zipf_frequency  # type: ignore[import-untyped]

THRESHOLD = 4.0
OUT = Path(__file__).resolve().parent.parent / "src" / "steward" / "reader" / "common_words.txt"


def main() -> None:
    """Write the list, one word a line, most frequent first, under a header naming its source."""
    words = [w for w in top_n_list("en", 20000) if re.fullmatch(r"[a-z]{3,}", w)
             and zipf_frequency(w, "en") >= THRESHOLD]
    header = (f"# English words of Zipf frequency >= {THRESHOLD} (wordfreq {version('wordfreq')}), most frequent first:\n"
              "# never a booking's name on their own. Written by scripts/common-words.py; do not edit.\n")
    OUT.write_text(header + "\n".join(words) + "\n", encoding="utf-8")
    print(f"{len(words)} words -> {OUT}")


if __name__ == "__main__":
    main()
