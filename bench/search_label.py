"""Turn bench/data/search_queries_rules.yaml into bench/data/search_queries.json (labels by Message-ID).

The labels are the sample mailbox's stable Message-IDs (`kind-NNNN.SEED@sample.steward.example`) for
the mailbox `generate(NOW)` writes; the evaluation (bench/search_quality.py) uses the same NOW.
"""

from __future__ import annotations

import email
import json
from datetime import datetime
from email.policy import default as email_policy
from pathlib import Path
from zoneinfo import ZoneInfo

import yaml

from steward.sample import generate

NOW = datetime(2026, 11, 1, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))
HERE = Path(__file__).parent / "data"


def _as_list(value: object) -> list[str]:
    return [] if value is None else [str(v) for v in value] if isinstance(value, list) else [str(value)]


def main() -> None:
    rules = yaml.safe_load((HERE / "search_queries_rules.yaml").read_text(encoding="utf-8"))
    mailbox = generate(NOW)
    parsed = [(m, email.message_from_bytes(m.raw, policy=email_policy)) for m in mailbox]
    out = []
    for rule in rules:
        kinds, senders, subjects = _as_list(rule.get("kind")), _as_list(rule.get("sender")), _as_list(rule.get("subject"))
        relevant = [
            m.message_id for m, msg in parsed
            if (not kinds or m.kind in kinds)
            and (not senders or any(s in str(msg["From"]).lower() for s in senders))
            and (not subjects or any(s.lower() in str(msg["Subject"]).lower() for s in subjects))
        ]
        if not relevant:
            raise SystemExit(f"no message answers {rule['q']!r}: fix its rule")
        out.append({"query": rule["q"], "type": rule["type"], "relevant": sorted(relevant)})
    (HERE / "search_queries.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"{len(out)} queries, {sum(len(q['relevant']) for q in out)} labels")


if __name__ == "__main__":
    main()
