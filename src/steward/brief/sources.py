"""What the brief reads from the other domains, as small Protocols and the lines it shows.

The brief depends on these shapes, not on the services behind them: `app.py` hands `BriefService`
an object per domain (the calendar's `schedule`, the dues, the appointments found, the mail accounts'
sync status). A domain that is not there leaves its section with an honest `empty_reason`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService
    from steward.calendar.service import Schedule
    from steward.finance.service import DuesService
    from steward.mail.live import StatusRow


@dataclass(frozen=True)
class DueLine:
    """One due as the brief shows it; `amount` is a decimal string, never summed across currencies."""

    id: str
    issuer: str
    kind: str  # card | bank | loan | utility | telecom | insurance | rent | subscription | tax
    account: str  # masked ("••1234") or ""
    amount: str
    currency: str
    due_date: date
    overdue: bool = False
    autopay: bool = False
    message_id: int | None = None


class DuesSource(Protocol):
    """What the brief needs from the money domain."""

    def brief_dues(self, today: date, window_days: int, kinds: tuple[str, ...]) -> Sequence[DueLine]:
        """Open dues falling due from `today` to `today + window_days` (overdue ones too), of `kinds`
        (empty: every kind)."""
        ...


@dataclass(frozen=True)
class AppointmentLine:
    """One appointment found in mail: proposed, created, duplicate or rejected (with its reason)."""

    status: str
    provider: str
    start: datetime | None
    reason: str = ""
    location: str = ""
    event_id: str = ""
    message_id: int | None = None
    id: int | None = None  # the proposal's number (`steward appointments accept ID`)


class AppointmentsSource(Protocol):
    """What the brief needs from the appointments domain."""

    def brief_appointments(self, since: datetime, now: datetime) -> Sequence[AppointmentLine]:
        """Appointments found in mail that arrived since `since` (proposals still waiting first)."""
        ...


@dataclass(frozen=True)
class MailHealthLine:
    """One live mail account's sync state."""

    account: str
    kind: str
    messages: int
    last_sync: datetime | None
    last_error: str = ""
    failures: int = 0


ScheduleSource = Callable[[date], "Schedule"]
MailHealthSource = Callable[[], Sequence[MailHealthLine]]


def mail_health_lines(rows: Sequence[StatusRow]) -> list[MailHealthLine]:
    """`mail.live.MailSync.status()` rows as the brief's lines."""
    out = []
    for row in rows:
        account, status = row.account, row.status
        out.append(MailHealthLine(
            account=str(account.name), kind=str(account.kind), messages=int(row.messages),
            last_sync=status.last_success_at, last_error=str(status.last_error or ""),
            failures=int(status.failures),
        ))
    return out


class DuesFromService:
    """The money domain's `DuesService` as the brief's `DuesSource` (its digest, by currency)."""

    def __init__(self, service: Callable[[], DuesService]) -> None:
        self._service = service

    def brief_dues(self, today: date, window_days: int, kinds: tuple[str, ...]) -> Sequence[DueLine]:
        """The digest's dues for the window (and every overdue one), of `kinds`."""
        digest = self._service().digest(f"{window_days}d", kinds, as_of=today)
        return [DueLine(id=str(i.due.id), issuer=i.due.issuer, kind=i.due.kind, account=i.due.masked_account,
                        amount=f"{i.due.amount:.2f}", currency=i.due.currency, due_date=i.due.due_date,
                        overdue=i.overdue, autopay=i.due.autopay, message_id=i.due.message_id)
                for group in digest.currencies for i in group.items]


class AppointmentsFromService:
    """The appointments domain's service as the brief's `AppointmentsSource`."""

    def __init__(self, service: Callable[[], AppointmentsService], limit: int = 20) -> None:
        self._service = service
        self.limit = limit

    def brief_appointments(self, since: datetime, now: datetime) -> Sequence[AppointmentLine]:
        """Appointments still ahead that mail brought (proposals waiting for a yes first)."""
        items = self._service().recent(self.limit)
        lines = [AppointmentLine(status=str(i.status), provider=i.provider or i.title, start=i.start,
                                 reason=i.reason or "", location=i.location or "", event_id=i.event_id or "",
                                 message_id=i.message_id, id=i.id) for i in items]
        order = {"proposed": 0, "created": 1}
        return sorted(lines, key=lambda a: (order.get(a.status, 2), a.start or now))
