"""Every currency a country uses today and the local marks its people write it with, from CLDR.

`currencies_cldr.py` keeps them as a table, written from babel by `python -m steward.finance.currencies`
(tests/test_finance_currencies.py keeps it equal to babel's), so reading a bill loads no locale data:

- `CODES`: the ISO 4217 codes some country uses today ("KES", "NGN", "MYR", ...);
- `MARKS`: each local symbol that names one currency only, as the people of a country that uses it
  write it ("Ksh" in Kenya, "₦" in Nigeria, "RM" in Malaysia, "zł" in Poland). Symbols several
  currencies share ("$", "kr", "£", "Rs") and single letters ("R", "K", "L", "ر") are left out: they say too
  little alone, and `steward.finance.money` reads the common ones with the sender's usual currency;
- `DOLLARS`: the codes of the currencies CLDR names a dollar ("JMD", the Jamaican Dollar; "TTD", "NAD"), each
  of which a bare "$" may be where it is the country's money, and each of which a letter or two before "$" may
  name by its code's first letters ("J$", "TT$", "BZ$").
"""

from __future__ import annotations

import os
from collections import defaultdict
from datetime import date
from typing import Any

TABLE_FILE = os.path.join(os.path.dirname(__file__), "currencies_cldr.py")
_ON = date(2026, 1, 1)  # the day the table speaks of (a currency retired since is no one's today)


def cldr_table() -> dict[str, Any]:
    """What currencies_cldr.py holds, from babel's CLDR data."""
    import babel
    from babel import Locale, localedata
    from babel.numbers import get_currency_name, get_currency_symbol, get_territory_currencies

    def current(territory: str) -> list[str]:
        try:
            return list(get_territory_currencies(territory, _ON))
        except Exception:  # babel raises plain errors for territories it has no data for
            return []

    territories = [str(t) for t in Locale("en").territories]
    codes = {c for t in territories if len(t) == 2 and t.isalpha() for c in current(t)}
    marks: dict[str, set[str]] = defaultdict(set)
    for loc in localedata.locale_identifiers():
        territory = loc.rsplit("_", 1)[-1]
        if "_" not in loc or len(territory) != 2:
            continue
        for code in current(territory):
            symbol = get_currency_symbol(code, loc).replace("\u200f", "").replace("\u200e", "").strip()
            if symbol and symbol != code:
                marks[symbol].add(code)
    kept = {s: next(iter(c)) for s, c in marks.items()
            if len(c) == 1 and (len(s) >= 2 or not s.isalpha()) and not s.isdigit() and not s.isspace()
            and s.isprintable()}
    shared = {s.casefold() for s, c in marks.items() if len(c) > 1}
    kept = {s: c for s, c in kept.items() if s.casefold() not in shared}
    dollars = sorted(c for c in codes if get_currency_name(c, locale="en").endswith(" Dollar"))
    return {"BABEL": babel.__version__, "CODES": sorted(codes), "MARKS": dict(sorted(kept.items())),
            "DOLLARS": dollars}


def cldr_module(table: dict[str, Any]) -> str:
    """The text of currencies_cldr.py for `table` (a Python module: read at import, with no parser)."""
    lines = ['"""Every currency a country uses today and the local marks that name one currency only, written',
             "from babel by `python -m steward.finance.currencies`; tests/test_finance_currencies.py keeps them",
             'equal to babel\'s. Do not edit."""', "",
             f"BABEL = {table['BABEL']!r}",
             f"CODES = frozenset({table['CODES']!r})",
             f"MARKS = {table['MARKS']!r}",
             f"DOLLARS = frozenset({table['DOLLARS']!r})", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    with open(TABLE_FILE, "w", encoding="utf-8") as out:
        out.write(cldr_module(cldr_table()))
