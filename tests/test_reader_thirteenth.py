"""Questions asked of Claire Haigh's Leeds mailbox (`steward demo --mailbox thirteenth`) in her own words: British
mail, its lures, and a reader that answers about the thing asked or says it holds none."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sample_homes import THIRTEENTH

SAMPLE = THIRTEENTH


def replies(home: Path, capsys: pytest.CaptureFixture[str], *turns: str) -> list[str]:
    """The replies to `turns` said one after another in one conversation (`steward chat -`), writing nothing."""
    from steward.cli import main

    capsys.readouterr()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO("\n".join(turns) + "\n"))
        assert main(["--home", str(home), "--now", THIRTEENTH.now, "--tz", THIRTEENTH.zone, "chat", "--session",
                     "|".join(turns), "--dry-run", "-"]) == 0
    out = [line for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    return [json.loads(line)["reply"] for line in out]


def test_a_lure_named_by_a_money_question_never_answers_it(sample_home: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # "vehicle tax" is the name a lure's sender borrows: the licensing office's own letter answers, with every
    # price it gives and none of them picked
    (cost,) = replies(sample_home, capsys, "what will it cost to tax my vehicle")
    assert "£190.00" in cost and "£104.50" in cost and "£16.63" in cost, cost
    assert "payment failed" not in cost, cost
    # a word no genuine mail under that name says is not that letter's: the lure is shown as nothing owed
    (refund,) = replies(sample_home, capsys, "how much was the tax refund they offered")
    assert "£190.00" not in refund and "suspicious" in refund, refund
