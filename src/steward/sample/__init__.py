"""Sample mailboxes written by the project, for the demo home, the tests and the benchmarks: generated,
deterministic, invented.

`generate(now)` is Alex Morgan's mailbox (`mailbox.py`, with its bills in `bills.py` and its recent
appointment mail in `appointments.py`); `second.py` is Noor Haddad's, in Melbourne; `third.py` is Inês
Carvalho's, in Toronto; `fourth.py` is Tomás Ríos's, in Berlin; `fifth.py` is Akinyi Odera's, in
Nairobi; `sixth.py` is Lindiwe Mokoena's, in Cape Town; `seventh.py` is Jasmine Teo's, in Singapore; `eighth.py` is Deepa
Venkatesh's, in Bengaluru; `ninth.py` is Rachel Ortega's, in Denver; `tenth.py` is Aoife Brennan's, in Dublin;
`eleventh.py` is Kristine Villanueva-Reyes's, in Quezon City; `twelfth.py` is Rebecca Walsh's, in Auckland;
`thirteenth.py` is Claire Haigh's, in Leeds; `fourteenth.py` is Megan Castellano's, in Jersey City; `fifteenth.py` is Chidinma Okafor's, in Lagos; `sixteenth.py` is
Shanice Campbell-Reid's, in Kingston; `seventeenth.py` is Farhan Qureshi's, in Dubai; `eighteenth.py` is Frank
Kowalczyk's, in Chicago; `nineteenth.py` is Tan Wei Ling's, in Petaling Jaya; `twentieth.py` is Kirsty Fraser's, in
Glasgow; `twentyfirst.py` is Mandy Chan's, in Hong Kong; `twentysecond.py` is Darnell Carter's, in Decatur. `homes.py` is
their table (each one's module, zone, clock and folder); `builder.py` holds what the generated mailboxes share (the message record, a dated mailbox builder,
invitations and the Maildir / mbox writers).

The names below load on first use: the command line reads `homes.py` to build its parser, and
importing this package must not load the mail code with it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from steward.sample.builder import SampleMessage, write_maildir, write_mbox
    from steward.sample.mailbox import generate

__all__ = ["SampleMessage", "generate", "write_maildir", "write_mbox"]

_DEFINED_IN = {"SampleMessage": "steward.sample.builder", "write_maildir": "steward.sample.builder",
          "write_mbox": "steward.sample.builder", "generate": "steward.sample.mailbox"}


def __getattr__(name: str) -> object:
    """One of the names above, from the module that defines it."""
    if name not in _DEFINED_IN:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_DEFINED_IN[name]), name)
    globals()[name] = value
    return value
