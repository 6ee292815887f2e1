"""Which senders write from the person's workplace: "has anybody from work written to me?".

A workplace is a mail domain that speaks as the person's employer: its own internal department (IT, HR,
payroll: `workplace.yaml`) writes to the person, and people write from it too. Those people (and that
department) are "work"; a domain where only people write (friends on one mail provider) or only a
business does (a shop's newsletter, a support desk) is no workplace, nor is a public mail provider's.
Nothing is guessed from what the mail says about work.

Pure: the senders (address and display name) in, the workplace domains out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_SPLIT = re.compile(r"[._+-]+")
_NAME_WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=1)
def _departments() -> frozenset[str]:
    from steward.yamldata import load_yaml, shipped_text

    data = load_yaml(shipped_text("steward.mail", "workplace.yaml")) or {}
    return frozenset(str(w).casefold() for w in data.get("departments") or ())


@lru_cache(maxsize=1)
def _public_mail() -> frozenset[str]:
    from steward.mail.lures import lure_words

    return frozenset(d.casefold() for d in lure_words().free_mail)


def _domain(address: str) -> str:
    return address.rpartition("@")[2].casefold().rstrip(".")


def a_department(address: str, name: str) -> bool:
    """Whether a sender is an organisation's internal department: its address's local part is, or has a word
    that is, one of `departments` ("it-help@", "payroll@"), or the last word of its name is ("Northwind IT")."""
    local = address.rpartition("@")[0].casefold()
    said = _NAME_WORD.findall(name.casefold())
    wanted = _departments()
    return local in wanted or any(w in wanted for w in _SPLIT.split(local)) or bool(said and said[-1] in wanted
                                                                                   and len(said) >= 2)


def a_person(address: str, name: str) -> bool:
    """Whether a sender is a person by their own name: two words or more, one of them in their address's
    local part ("Ana Lima" <ana.lima@...>, "Sam Okafor" <sokafor@...>)."""
    said = [w for w in _NAME_WORD.findall(name.casefold()) if len(w) >= 2]
    local = address.rpartition("@")[0].casefold()
    return len(said) >= 2 and not a_department(address, name) and any(w in local for w in said if len(w) >= 3)


def workplaces(senders: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The mail domains that are the person's workplace, of (address, display name) pairs."""
    departments: set[str] = set()
    people: set[str] = set()
    for address, name in senders:
        domain = _domain(address)
        if not domain or domain in _public_mail():
            continue
        if a_department(address, name):
            departments.add(domain)
        elif a_person(address, name):
            people.add(domain)
    return frozenset(departments & people)


def at_work(address: str, places: frozenset[str]) -> bool:
    """Whether an address is at one of the workplace domains."""
    return _domain(address) in places
