"""A bill priced as options (a vehicle licence, a TV licence, a membership renewal): every option named, none
picked."""

from __future__ import annotations

from steward.finance.options import options_line, priced_options


def test_periods_with_their_prices_are_options_in_the_letters_order() -> None:
    text = ("Your boat licence ends on 3 March.\n\nAnnual: £58.00\nQuarterly: £15.25\n"
            "Monthly Direct Debit: £5.10 a month\n\nRenew at the counter.")
    options = priced_options(text)
    assert [o.text() for o in options] == ["Annual: £58.00", "Quarterly: £15.25",
                                           "Monthly Direct Debit: £5.10 a month"]
    line = options_line(options)
    assert "£58.00" in line and "£15.25" in line and "choose" in line


def test_a_snippet_run_together_still_gives_each_option() -> None:
    options = priced_options("Licence for TRX201 expires soon. 12 months: $88.40 6 months: $46.10 Renew online")
    assert [o.amount for o in options] == ["$88.40", "$46.10"]


def test_one_sum_or_a_total_and_its_parts_is_no_set_of_options() -> None:
    assert priced_options("Renew your membership for £74.00. Pay in full or by instalments.") == []
    assert priced_options("Total: £412.50\nDeposit: £50.00") == []
    assert priced_options("12 months: £60.00") == []
