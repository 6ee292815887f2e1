"""`GET /dues`, `GET /accounts`, `POST /dues/{id}/paid`: money owed over HTTP (the web page's Money view).

The same `DuesService` as `steward dues`; the JSON shapes are the CLI's (`dues --json`, `accounts --json`).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response
from pydantic import BaseModel, ConfigDict

from steward.app import App
from steward.web.api import ERRORS, runtime_of

router = APIRouter(tags=["money"])


class SourceOut(BaseModel):
    """The message a due was read from, and the excerpt that shows it."""

    message_id: int
    excerpt: str


class DueOut(BaseModel):
    """One due: amounts are decimal strings ("23480.00"), `due_date` ISO, `account` masked (XXXX1234)."""

    model_config = ConfigDict(extra="allow")
    id: int
    issuer: str
    kind: str
    account: str
    amount: str
    minimum: str | None
    currency: str
    due_date: str
    overdue: bool
    autopay: bool
    status: str
    source: SourceOut


class CurrencyOut(BaseModel):
    """One currency's dues and totals (decimal strings), never summed with another currency."""

    model_config = ConfigDict(extra="allow")
    currency: str
    total_due: str
    overdue_total: str
    items: list[DueOut]


class DuesOut(BaseModel):
    """What is owed as of a day, grouped by currency."""

    model_config = ConfigDict(extra="allow")
    as_of: str
    currencies: list[CurrencyOut]


class AccountOut(BaseModel):
    """A card or account the mail shows (last four digits only), with its latest due."""

    model_config = ConfigDict(extra="allow")
    issuer: str
    kind: str
    account: str
    last_seen: str
    latest_due: dict[str, Any] | None


class AccountsOut(BaseModel):
    """The cards and accounts the mail shows."""

    accounts: list[AccountOut]


def _dues(app: App, window: str, category: list[str]) -> dict[str, Any]:
    """The CLI's shape, each sum and day also written in the person's locale (`*_text`) for the page."""
    found = app.dues.digest(window=window, categories=category).to_json()
    found["chart_text"] = _chart(app)[1]
    fmt, today = app.clock.formats, app.clock.today()
    for group in found["currencies"]:
        group["total_text"] = fmt.money(group["total_due"], group["currency"])
        group["overdue_text"] = fmt.money(group["overdue_total"], group["currency"])
        for item in group["items"]:
            item["amount_text"] = fmt.money(item["amount"], item["currency"])
            item["minimum_text"] = fmt.money(item["minimum"], item["currency"]) if item["minimum"] else None
            item["due_text"] = fmt.day_near(date.fromisoformat(item["due_date"]), today)
    return found


def _accounts(app: App) -> dict[str, Any]:
    return {"accounts": [a.to_json() for a in app.dues.accounts()]}


def _paid(app: App, due_id: int) -> dict[str, Any]:
    from steward.finance.digest import DigestItem

    due = app.dues.mark_paid(due_id, {"via": "api", "command": f"POST /dues/{due_id}/paid"})
    return DigestItem(due, False).to_json()


@router.get("/dues", response_model=DuesOut, responses=ERRORS)
async def dues(request: Request,
               window: str = Query("all", max_length=20, description="7d (the next N days), month or all"),
               category: Annotated[list[str] | None, Query(
                   max_length=10, description="only these kinds: card, bank, loan, utility, telecom, insurance, "
                                              "rent, housing, education, subscription, tax")] = None) -> dict[str, Any]:
    """What is owed, grouped by currency (never summed across currencies), overdue flagged."""
    return await runtime_of(request).workers.run(_dues, window, category or [])


def _chart(app: App) -> tuple[str, str]:
    from steward.web.charts import Falling, dues_chart

    found = app.dues.digest(window="all")
    falling = [Falling(i.due.due_date, i.due.amount, i.due.currency, i.due.issuer) for i in found.items]
    return dues_chart(falling, app.clock.today(), app.clock.formats)


@router.get("/dues/chart.svg", responses={200: {"content": {"image/svg+xml": {}}}, **ERRORS})
async def dues_chart(request: Request) -> Response:
    """What falls due over the next 30 days, a row per currency, as SVG (its words: `/dues` `chart_text`)."""
    svg, _ = await runtime_of(request).workers.run(_chart)
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


@router.get("/accounts", response_model=AccountsOut, responses=ERRORS)
async def accounts(request: Request) -> dict[str, Any]:
    """The cards and accounts the mail shows (last four digits only) with their latest due."""
    return await runtime_of(request).workers.run(_accounts)


class PaidIn(BaseModel):
    """The body of `POST /dues/{id}/paid`: an empty object (any field is refused)."""

    model_config = ConfigDict(extra="forbid")


@router.post("/dues/{due_id}/paid", response_model=DueOut, responses=ERRORS)
async def mark_paid(request: Request, body: PaidIn, due_id: int = Path(ge=1)) -> dict[str, Any]:
    """Mark a due paid by hand (idempotent); returns it with status `paid`."""
    return await runtime_of(request).workers.run(_paid, due_id)
