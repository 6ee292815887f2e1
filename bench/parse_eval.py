"""Parse quality against a parser written elsewhere: imap_tools' expected parse of 113 real .eml files.

For each entry of ../shared/data/imap_tools/expected_parse.jsonl (its `eml` field is the path under
imap_tools/), parse the file with `steward.mail.parse.parse_message` and compare:
- subject: whitespace collapsed on both sides, and account/card numbers masked on both sides (Steward
  masks them on purpose);
- sender: the From address, lower case;
- date: the same instant. Where imap_tools found no usable Date (it writes 1900-01-01, or a year like
  3609), Steward falls back to the Received header as the issue asks: that counts as agreeing when
  Steward's date did not come from the Date header either.
A file Steward rejects counts as disagreeing on all three.

    .venv/bin/python bench/parse_eval.py            # prints agreement and the disagreements
"""

from __future__ import annotations

import json
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import shared_data  # noqa: E402
from steward.mail.mask import mask_numbers  # noqa: E402
from steward.mail.parse import ParseError, parse_message  # noqa: E402


def _norm(text: str) -> str:
    return mask_numbers(re.sub(r"\s+", " ", text or "").strip())


def evaluate(root: Path) -> dict:
    """Agreement counts and the disagreements for every entry of expected_parse.jsonl."""
    entries = [json.loads(line) for line in (root / "expected_parse.jsonl").read_text().splitlines() if line.strip()]
    agree = {"subject": 0, "sender": 0, "date": 0}
    misses: list[dict] = []
    for entry in entries:
        raw = (root / entry["eml"]).read_bytes()
        try:
            parsed = parse_message(raw)
        except ParseError as exc:
            misses.append({"eml": entry["eml"], "field": "all", "reason": str(exc)})
            continue
        got = {"subject": _norm(parsed.subject), "sender": parsed.sender}
        want = {"subject": _norm(entry["subject"]), "sender": (entry["from_"] or "").lower()}
        for field in ("subject", "sender"):
            if got[field] == want[field]:
                agree[field] += 1
            else:
                misses.append({"eml": entry["eml"], "field": field, "want": want[field], "got": got[field]})
        if _date_agrees(entry["date"], parsed.received_at, parsed.date_source):
            agree["date"] += 1
        else:
            misses.append({"eml": entry["eml"], "field": "date", "want": entry["date"],
                           "got": parsed.received_at.isoformat()})
    total = len(entries)
    return {"total": total, "agree": agree, "rates": {k: v / total for k, v in agree.items()}, "misses": misses}


def _date_agrees(expected: str, got: datetime, source: str) -> bool:
    want = datetime.fromisoformat(expected)
    if want.year == 1900 or want.year > 2200:  # imap_tools found no usable Date
        return source != "date"
    if want.tzinfo is None:
        want = want.replace(tzinfo=UTC)
    return want == got


def main() -> int:
    data = shared_data()
    if data is None or not (data / "imap_tools" / "expected_parse.jsonl").exists():
        print("skipped: ../shared/data/imap_tools is not present")
        return 0
    result = evaluate(data / "imap_tools")
    for miss in result["misses"]:
        print("  miss", json.dumps(miss, ensure_ascii=False))
    rates = ", ".join(f"{k} {v:.1%} ({result['agree'][k]}/{result['total']})" for k, v in result["rates"].items())
    print(f"parse agreement with imap_tools over {result['total']} messages: {rates}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
