"""The bundled sample mailboxes, one row each: whose it is, the module that writes it, the person's zone and
the clock the tests and answer sets see it at, and the folder of the home it is written to. `steward demo
--mailbox`, the demo home and the benchmarks read this table; a new sample mailbox is one more row.

This module is read when the command line builds its parser, so it loads no mail code: a row names its
module, which is imported only when the mailbox is written.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from datetime import datetime

    from steward.sample.builder import SampleMessage

SAMPLE_FOLDER = "sample-mail"


class SampleMailbox(NamedTuple):
    """One sample mailbox. `now` is the clock it is seen at by the tests and answer sets (None for the demo
    mailbox, which is read at any clock); every mailbox is written relative to the clock it is built at."""

    name: str
    person: str  # whose it is, as `steward demo --help` says it: "Noor Haddad's, in Melbourne"
    module: str  # the module whose `generate(now, seed=...)` writes it
    zone: str  # the person's own clock (`--tz`)
    now: str | None = None

    @property
    def folder(self) -> str:
        """The folder of the home the mailbox is written to."""
        return SAMPLE_FOLDER if self.name == "demo" else f"{self.name}-{SAMPLE_FOLDER}"

    def generate(self, now: datetime, seed: int = 7) -> list[SampleMessage]:
        """The mailbox's messages at `now` (aware), oldest first; the same inputs give the same bytes."""
        messages: list[SampleMessage] = importlib.import_module(self.module).generate(now, seed=seed)
        return messages


MAILBOXES = (
    SampleMailbox("demo", "Alex Morgan's", "steward.sample.mailbox", "Asia/Kolkata"),
    SampleMailbox("second", "Noor Haddad's, in Melbourne", "steward.sample.second", "Australia/Melbourne",
                  "2026-12-03T19:40:00+11:00"),
    SampleMailbox("third", "Inês Carvalho's, in Toronto", "steward.sample.third", "America/Toronto",
                  "2026-12-07T07:40:00-05:00"),
    SampleMailbox("fourth", "Tomás Ríos's, in Berlin", "steward.sample.fourth", "Europe/Berlin",
                  "2026-12-10T07:30:00+01:00"),
    SampleMailbox("fifth", "Akinyi Odera's, in Nairobi", "steward.sample.fifth", "Africa/Nairobi",
                  "2026-12-15T07:45:00+03:00"),
    SampleMailbox("sixth", "Lindiwe Mokoena's, in Cape Town", "steward.sample.sixth", "Africa/Johannesburg",
                  "2027-01-21T07:20:00+02:00"),
    SampleMailbox("seventh", "Jasmine Teo's, in Singapore", "steward.sample.seventh", "Asia/Singapore",
                  "2027-03-08T07:30:00+08:00"),
    SampleMailbox("eighth", "Deepa Venkatesh's, in Bengaluru", "steward.sample.eighth", "Asia/Kolkata",
                  "2027-04-15T07:45:00+05:30"),
    SampleMailbox("ninth", "Rachel Ortega's, in Denver", "steward.sample.ninth", "America/Denver",
                  "2027-05-11T07:25:00-06:00"),
    SampleMailbox("tenth", "Aoife Brennan's, in Dublin", "steward.sample.tenth", "Europe/Dublin",
                  "2027-06-10T07:35:00+01:00"),
    SampleMailbox("eleventh", "Kristine Villanueva-Reyes's, in Quezon City", "steward.sample.eleventh",
                  "Asia/Manila", "2027-07-14T07:30:00+08:00"),
    SampleMailbox("twelfth", "Rebecca Walsh's, in Auckland", "steward.sample.twelfth", "Pacific/Auckland",
                  "2027-08-03T07:20:00+12:00"),
    SampleMailbox("thirteenth", "Claire Haigh's, in Leeds", "steward.sample.thirteenth", "Europe/London",
                  "2027-10-20T07:50:00+01:00"),
    SampleMailbox("fourteenth", "Megan Castellano's, in Jersey City", "steward.sample.fourteenth",
                  "America/New_York", "2027-11-03T07:40:00-04:00"),
    SampleMailbox("fifteenth", "Chidinma Okafor's, in Lagos", "steward.sample.fifteenth", "Africa/Lagos",
                  "2027-12-13T07:30:00+01:00"),
    SampleMailbox("sixteenth", "Shanice Campbell-Reid's, in Kingston", "steward.sample.sixteenth", "America/Jamaica",
                  "2027-02-19T18:30:00-05:00"),
    SampleMailbox("seventeenth", "Farhan Qureshi's, in Dubai", "steward.sample.seventeenth", "Asia/Dubai",
                  "2027-03-03T13:10:00+04:00"),
    SampleMailbox("eighteenth", "Frank Kowalczyk's, in Chicago", "steward.sample.eighteenth", "America/Chicago",
                  "2027-03-16T08:40:00-05:00"),
    SampleMailbox("nineteenth", "Tan Wei Ling's, in Petaling Jaya", "steward.sample.nineteenth", "Asia/Kuala_Lumpur",
                  "2027-04-16T18:20:00+08:00"),
    SampleMailbox("twentieth", "Kirsty Fraser's, in Glasgow", "steward.sample.twentieth", "Europe/London",
                  "2027-03-26T07:50:00+00:00"),
    SampleMailbox("twentyfirst", "Mandy Chan's, in Hong Kong", "steward.sample.twentyfirst", "Asia/Hong_Kong",
                  "2027-05-02T20:30:00+08:00"),
    SampleMailbox("twentysecond", "Darnell Carter's, in Decatur", "steward.sample.twentysecond", "America/New_York",
                  "2027-06-15T12:20:00-04:00"),
)
NAMES = tuple(m.name for m in MAILBOXES)


def sample_mailbox(name: str) -> SampleMailbox:
    """The sample mailbox called `name`; a ValueError that lists them all when there is none."""
    for mailbox in MAILBOXES:
        if mailbox.name == name:
            return mailbox
    raise ValueError(f"no sample mailbox called {name!r}; there are: {', '.join(NAMES)}")
