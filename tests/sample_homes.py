"""What the tests of the generated sample mailboxes share (tests/test_sample_second.py, _third, _fourth,
_fifth, _sixth, _seventh, _eighth, _ninth, _tenth, _eleventh, _twelfth, _thirteenth, _fourteenth, _fifteenth, _sixteenth, _seventeenth, _eighteenth, _nineteenth, _twentieth, _twentyfirst, _twentysecond): a home built from a person's mailbox at their
clock, its commands run as they would run them, the copy
of it with every proposed booking accepted, and the checks every mailbox passes the same way. A test module
names its mailbox in `SAMPLE`; the fixtures `sample_home` and `sample_accepted` (tests/conftest.py) build its
home and the accepted copy once for the module."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from steward.sample.builder import SampleMessage
from steward.sample.homes import sample_mailbox


@dataclass(frozen=True)
class SampleHome:
    """A sample mailbox (`steward demo --mailbox NAME`) and its person's clock: `now` and their zone."""

    mailbox: str
    now: str
    zone: str

    def build(self, tmp_path_factory: pytest.TempPathFactory) -> Path:
        """A home made from the mailbox at the person's clock (`steward demo --no-serve`)."""
        from steward.cli import main

        path = tmp_path_factory.mktemp(self.mailbox) / "home"
        code = main(["--home", str(path), "--now", self.now, "--tz", self.zone, "demo", "--no-serve", "--mailbox",
                     self.mailbox, "--json"])
        assert code == 0
        return path

    def run(self, home: Path, capsys: pytest.CaptureFixture[str], *args: str) -> Any:
        """`steward --json ARGS` in `home` at the person's clock: its output, read."""
        from steward.cli import main

        capsys.readouterr()
        assert main(["--home", str(home), "--now", self.now, "--tz", self.zone, "--json", *args]) == 0
        return json.loads(capsys.readouterr().out)

    def replies(self, home: Path, capsys: pytest.CaptureFixture[str], *turns: str) -> list[str]:
        """The replies to `turns` said one after another in one conversation (`steward chat -`), writing nothing."""
        from steward.cli import main

        capsys.readouterr()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdin", io.StringIO("\n".join(turns) + "\n"))
            assert main(["--home", str(home), "--now", self.now, "--tz", self.zone, "chat", "--session",
                         "|".join(turns), "--dry-run", "-"]) == 0
        out = [line for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
        return [json.loads(line)["reply"] for line in out]

    def phishing(self, home: Path, capsys: pytest.CaptureFixture[str]) -> set[str]:
        """The senders of the mail the home files as phishing suspects."""
        found = self.run(home, capsys, "mail", "search", "category:phishing_suspect")["hits"]
        return {h["sender"] for h in found}

    def imported_without_bodies(self, home: Path, capsys: pytest.CaptureFixture[str], count: int,
                                marker: bytes) -> None:
        """Building the home again adds nothing to its `count` messages, and no store file holds `marker`
        (words from the foot of a long mail, past any snippet)."""
        again = self.run(home, capsys, "demo", "--no-serve", "--mailbox", self.mailbox)
        assert (again["messages"], again["added"]) == (count, 0)
        stores = [p for p in home.iterdir() if p.name.startswith("steward.db")]
        assert stores and not [p.name for p in stores if marker in p.read_bytes()]

    def accepted(self, home: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
        """A copy of the home with every proposed booking accepted, as the person would on the page."""
        from steward.cli import main

        copy = tmp_path_factory.mktemp(f"{self.mailbox}-accepted") / "home"
        shutil.copytree(home, copy)
        clock = ["--home", str(copy), "--now", self.now, "--tz", self.zone, "--json"]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main([*clock, "appointments", "list"]) == 0
        for item in json.loads(out.getvalue())["items"]:
            if item["status"] == "proposed":
                with contextlib.redirect_stdout(io.StringIO()):
                    assert main([*clock, "appointments", "accept", str(item["id"])]) == 0
        return copy



def _home(name: str) -> SampleHome:
    """The test's view of a bundled sample mailbox (steward.sample.homes): its name, clock and zone."""
    mailbox = sample_mailbox(name)
    assert mailbox.now is not None
    return SampleHome(mailbox.name, mailbox.now, mailbox.zone)


SECOND, THIRD, FOURTH, FIFTH = _home("second"), _home("third"), _home("fourth"), _home("fifth")
SIXTH, SEVENTH, EIGHTH, NINTH = _home("sixth"), _home("seventh"), _home("eighth"), _home("ninth")
TENTH, ELEVENTH, TWELFTH = _home("tenth"), _home("eleventh"), _home("twelfth")
THIRTEENTH, FOURTEENTH, FIFTEENTH = _home("thirteenth"), _home("fourteenth"), _home("fifteenth")
SIXTEENTH, SEVENTEENTH, EIGHTEENTH = _home("sixteenth"), _home("seventeenth"), _home("eighteenth")
NINETEENTH, TWENTIETH, TWENTY_FIRST = _home("nineteenth"), _home("twentieth"), _home("twentyfirst")
TWENTY_SECOND = _home("twentysecond")


def xfail(rows: Sequence[tuple[Any, ...]]) -> list[Any]:
    """Rows whose last field is a reason Steward misses them become expected failures with that reason (strict: a
    row Steward comes to read fails until it is made a plain row)."""
    return [pytest.param(*row, marks=pytest.mark.xfail(reason=row[-1], strict=True)) if row[-1] else row
            for row in rows]


def same_bytes_and_facts(generate: Callable[..., list[SampleMessage]], now: datetime, at_least: int) -> None:
    """The same inputs give the same bytes; the facts do not depend on the seed (the filler may); every
    message is in the 90 days before `now` and has its own Message-ID; there are at least `at_least`."""
    one, two = generate(now, seed=3), generate(now, seed=3)
    assert [m.raw for m in one] == [m.raw for m in two]
    other = generate(now, seed=4)
    facts = {(m.kind, tuple(sorted(m.facts.items()))) for m in one if m.kind not in ("bank_alert", "receipt")}
    assert facts == {(m.kind, tuple(sorted(m.facts.items()))) for m in other
                     if m.kind not in ("bank_alert", "receipt")}
    assert all(now - timedelta(days=90) <= m.received_at < now for m in one)
    assert len({m.message_id for m in one}) == len(one) >= at_least


def dues_items(dues: Any) -> list[dict[str, Any]]:
    """Every item of a `steward dues --json` answer, whatever its currency."""
    return [i for c in dues["currencies"] for i in c["items"]]


def assert_owed(dues: Any, issuer: str, amount: str, currency: str, due: str, autopay: bool | None = None) -> None:
    """A `steward dues` answer holds `issuer`'s bill of `amount` in `currency` due on `due` (collected
    automatically or not, where `autopay` says)."""
    items = dues_items(dues)
    assert any(i["issuer"] == issuer and i["amount"] == amount and i["currency"] == currency
               and i["due_date"] == due and (autopay is None or bool(i["autopay"]) == autopay) for i in items), [
        (i["issuer"], i["amount"], i["currency"], i["due_date"], i["autopay"]) for i in items]


def assert_on_day(items: list[dict[str, Any]], words: str, start: str) -> None:
    """A day's schedule (`steward schedule DAY` items) holds something named with `words` (in any case) that
    starts at `start` (HH:MM on the person's clock)."""
    text = json.dumps(items, ensure_ascii=False)
    assert words.lower() in text.lower() and f"T{start}" in text, items


def assert_booked(found: list[dict[str, Any]], provider: str, start: str) -> None:
    """A scan found a booking with `provider` starting at `start`, proposed or written."""
    when = datetime.fromisoformat(start)
    assert any(provider in (i["provider"] or "") and i["start"] and datetime.fromisoformat(i["start"]) == when
               and i["status"] in ("proposed", "created") for i in found), [
        (i["provider"], i["start"], i["status"]) for i in found]
