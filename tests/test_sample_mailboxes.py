"""Every generated sample mailbox of a person (Noor Haddad's, Inês Carvalho's, Tomás Ríos's, Akinyi
Odera's, Lindiwe Mokoena's, Jasmine Teo's, Deepa Venkatesh's, Rachel Ortega's, Aoife Brennan's, Kristine
Villanueva-Reyes's, Rebecca Walsh's, Claire Haigh's, Megan Castellano's, Chidinma Okafor's, Shanice Campbell-Reid's, Farhan Qureshi's, Frank Kowalczyk's, Tan Wei Ling's, Kirsty Fraser's, Mandy Chan's, Darnell Carter's) is deterministic: the same inputs give the same bytes, the facts a person asks about do not depend on the seed, and a clock without a zone
is refused."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pytest

from sample_homes import (
    EIGHTEENTH,
    EIGHTH,
    ELEVENTH,
    FIFTEENTH,
    FIFTH,
    FOURTEENTH,
    FOURTH,
    NINETEENTH,
    NINTH,
    SECOND,
    SEVENTEENTH,
    SEVENTH,
    SIXTEENTH,
    SIXTH,
    TENTH,
    THIRD,
    THIRTEENTH,
    TWELFTH,
    TWENTIETH,
    TWENTY_FIRST,
    TWENTY_SECOND,
    same_bytes_and_facts,
)
from steward.sample import (
    eighteenth,
    eighth,
    eleventh,
    fifteenth,
    fifth,
    fourteenth,
    fourth,
    nineteenth,
    ninth,
    second,
    seventeenth,
    seventh,
    sixteenth,
    sixth,
    tenth,
    third,
    thirteenth,
    twelfth,
    twentieth,
    twentyfirst,
    twentysecond,
)
from steward.sample.builder import SampleMessage

# (generate, the person's clock, the fewest messages the mailbox holds)
MAILBOXES = [
    pytest.param(second.generate, SECOND.now, 180, id="second"),
    pytest.param(third.generate, THIRD.now, 160, id="third"),
    pytest.param(fourth.generate, FOURTH.now, 150, id="fourth"),
    pytest.param(fifth.generate, FIFTH.now, 140, id="fifth"),
    pytest.param(sixth.generate, SIXTH.now, 145, id="sixth"),
    pytest.param(seventh.generate, SEVENTH.now, 145, id="seventh"),
    pytest.param(eighth.generate, EIGHTH.now, 60, id="eighth"),
    pytest.param(ninth.generate, NINTH.now, 60, id="ninth"),
    pytest.param(tenth.generate, TENTH.now, 60, id="tenth"),
    pytest.param(eleventh.generate, ELEVENTH.now, 55, id="eleventh"),
    pytest.param(twelfth.generate, TWELFTH.now, 60, id="twelfth"),
    pytest.param(thirteenth.generate, THIRTEENTH.now, 55, id="thirteenth"),
    pytest.param(fourteenth.generate, FOURTEENTH.now, 55, id="fourteenth"),
    pytest.param(fifteenth.generate, FIFTEENTH.now, 55, id="fifteenth"),
    pytest.param(sixteenth.generate, SIXTEENTH.now, 50, id="sixteenth"),
    pytest.param(seventeenth.generate, SEVENTEENTH.now, 55, id="seventeenth"),
    pytest.param(eighteenth.generate, EIGHTEENTH.now, 55, id="eighteenth"),
    pytest.param(nineteenth.generate, NINETEENTH.now, 55, id="nineteenth"),
    pytest.param(twentieth.generate, TWENTIETH.now, 55, id="twentieth"),
    pytest.param(twentyfirst.generate, TWENTY_FIRST.now, 55, id="twentyfirst"),
    pytest.param(twentysecond.generate, TWENTY_SECOND.now, 60, id="twentysecond"),
]


@pytest.mark.parametrize(("generate", "now", "at_least"), MAILBOXES)
def test_same_inputs_same_bytes_and_the_facts_do_not_depend_on_the_seed(
        generate: Callable[..., list[SampleMessage]], now: str, at_least: int) -> None:
    same_bytes_and_facts(generate, datetime.fromisoformat(now), at_least=at_least)


@pytest.mark.parametrize(("generate", "now", "at_least"), MAILBOXES)
def test_a_mailbox_needs_an_aware_clock(generate: Callable[..., list[SampleMessage]], now: str,
                                        at_least: int) -> None:
    with pytest.raises(ValueError, match="aware"):
        generate(datetime.fromisoformat(now).replace(tzinfo=None))
