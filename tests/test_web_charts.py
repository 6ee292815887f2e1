"""The picture of what falls due over the next 30 days: one row per currency, never added across
currencies, overdue sums on today in red, and the same thing said in words for a screen reader."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import date
from decimal import Decimal

from steward.formats import Formats
from steward.web.charts import Falling, dues_chart

TODAY = date(2026, 12, 5)
SVG = "{http://www.w3.org/2000/svg}"


def test_each_currency_is_its_own_row_and_the_words_say_the_same() -> None:
    dues = [Falling(date(2026, 12, 8), Decimal("290.09"), "USD", "Harbor <Credit> Union"),
            Falling(date(2026, 12, 1), Decimal("4206.05"), "INR", "Meridian Bank"),
            Falling(date(2026, 12, 23), Decimal("5795.85"), "INR", "Kaveri Bank"),
            Falling(date(2027, 2, 1), Decimal("1150.00"), "EUR", "Casa Verde Lettings")]  # beyond 30 days
    svg, text = dues_chart(dues, TODAY, Formats("en_IN"))
    root = ET.fromstring(svg)  # well-formed: a name from mail cannot break out of its element
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert "INR" in labels and "USD" in labels and "EUR" not in labels
    assert "₹10,001.90" in labels and "$290.09" in labels
    bars = {r.find(f"{SVG}title").text: r.get("fill") for r in root.iter(f"{SVG}rect")}  # type: ignore[union-attr]
    assert bars == {"Meridian Bank: ₹4,206.05, overdue": "#b3261e", "Kaveri Bank: ₹5,795.85, Wed, 23 Dec": "#2f6f5e",
                    "Harbor <Credit> Union: $290.09, Tue, 8 Dec": "#2f6f5e"}
    assert text.startswith("What falls due from Sat, 5 Dec to Sun, 3 Jan")
    assert "INR ₹10,001.90: Meridian Bank ₹4,206.05 overdue; Kaveri Bank ₹5,795.85 Wed, 23 Dec" in text


def test_nothing_due_is_said_in_the_picture_and_in_words() -> None:
    svg, text = dues_chart([], TODAY, Formats("en_GB"))
    assert "Nothing falls due in the next 30 days." in svg and text.endswith("Nothing.")
