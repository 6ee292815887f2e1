"""Pictures the page shows, drawn here as small SVG (no chart library): what falls due over the next
30 days, one row per currency (sums are never converted or added across currencies).

Every name and sum is XML-escaped; the picture goes into an <img> (no script runs in it), and its text
alternative says the same thing in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from xml.sax.saxutils import escape

from steward.formats import Formats

DAYS = 30
WIDTH, LEFT, RIGHT, ROW, TOP = 640, 96, 16, 56, 22


@dataclass(frozen=True)
class Falling:
    """One sum that falls due on a day."""

    day: date
    amount: Decimal
    currency: str
    issuer: str
    overdue: bool = False


def _x(day: date, first: date) -> float:
    span = WIDTH - LEFT - RIGHT
    return LEFT + span * ((day - first).days + 0.5) / DAYS


def dues_chart(dues: Sequence[Falling], today: date, fmt: Formats) -> tuple[str, str]:
    """(svg, text): what falls due from today over 30 days, a row per currency; overdue sums sit on today."""
    last = today + timedelta(days=DAYS - 1)
    shown = [Falling(max(d.day, today), d.amount, d.currency, d.issuer, d.day < today) for d in dues if d.day <= last]
    currencies = sorted({d.currency for d in shown})
    height = TOP + ROW * max(len(currencies), 1) + 22
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
             f'font-family="system-ui, sans-serif" font-size="12">']
    words = []
    for week in range(0, DAYS, 7):
        day = today + timedelta(days=week)
        x = _x(day, today)
        parts.append(f'<line x1="{x:.1f}" y1="{TOP - 6}" x2="{x:.1f}" y2="{height - 20}" stroke="#d0d0c8"/>')
        parts.append(f'<text x="{x:.1f}" y="{height - 6}" text-anchor="middle" fill="#5d6864">'
                     f'{escape(fmt.day(day))}</text>')
    if not currencies:
        parts.append(f'<text x="{LEFT}" y="{TOP + 24}" fill="#5d6864">Nothing falls due in the next {DAYS} days.</text>')
    for row, currency in enumerate(currencies):
        mine = [d for d in shown if d.currency == currency]
        top = TOP + row * ROW
        biggest = max(d.amount for d in mine)
        total = sum((d.amount for d in mine), Decimal(0))
        parts.append(f'<text x="4" y="{top + 22}" font-weight="600" fill="#1d2321">{escape(currency)}</text>')
        parts.append(f'<text x="4" y="{top + 38}" fill="#5d6864">{escape(fmt.money(total, currency))}</text>')
        base = top + ROW - 10
        parts.append(f'<line x1="{LEFT}" y1="{base}" x2="{WIDTH - RIGHT}" y2="{base}" stroke="#9aa5a0"/>')
        for d in mine:
            h = max(3.0, float(d.amount / biggest) * (ROW - 18)) if biggest else 3.0
            x = _x(d.day, today)
            colour = "#b3261e" if d.overdue else "#2f6f5e"
            label = f"{d.issuer}: {fmt.money(d.amount, currency)}, {'overdue' if d.overdue else fmt.day(d.day)}"
            parts.append(f'<rect x="{x - 5:.1f}" y="{base - h:.1f}" width="10" height="{h:.1f}" rx="2" fill="{colour}">'
                         f'<title>{escape(label)}</title></rect>')
        words.append(f"{currency} {fmt.money(total, currency)}: " + "; ".join(
            f"{d.issuer} {fmt.money(d.amount, currency)} {'overdue' if d.overdue else fmt.day(d.day)}" for d in mine))
    parts.append("</svg>")
    text = (f"What falls due from {fmt.day(today)} to {fmt.day(last)}, by currency (never added across "
            f"currencies). " + (". ".join(words) + "." if words else "Nothing."))
    return "".join(parts), text
