"""Sample mailboxes written by the project, for the demo home, the tests and the benchmarks: generated,
deterministic, invented.

`generate(now)` is Alex Morgan's mailbox (`mailbox.py`, with its bills in `bills.py` and its recent
appointment mail in `appointments.py`); `second.py` is Noor Haddad's, in Melbourne; `third.py` is Inês
Carvalho's, in Toronto; `fourth.py` is Tomás Ríos's, in Berlin; `fifth.py` is Akinyi Odera's, in
Nairobi; `sixth.py` is Lindiwe Mokoena's, in Cape Town; `seventh.py` is Jasmine Teo's, in Singapore; `eighth.py` is Deepa
Venkatesh's, in Bengaluru. `builder.py` holds what the generated mailboxes share (the message record, a dated mailbox
builder, invitations and the Maildir / mbox writers).
"""

from steward.sample.builder import SampleMessage, write_maildir, write_mbox
from steward.sample.mailbox import generate

__all__ = ["SampleMessage", "generate", "write_maildir", "write_mbox"]
