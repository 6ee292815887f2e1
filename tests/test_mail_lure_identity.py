"""A refund pretext that asks for a government identity number at a link is a lure; a real notice that
names the number without asking for it, or a refund without it, is not marked.

The mails are written for these tests (none is taken from a lure collection)."""

from __future__ import annotations

from test_mail_lure_score import _category, _mail, _why


def test_a_government_refund_that_asks_for_a_national_number_and_bank_details_at_a_link_is_marked() -> None:
    raw = _mail("Revenue Rebates Office <claims@secure-taxportal.example>",
                "A tax rebate of £318.20 is waiting for you",
                "Following a review of your records you are owed a tax rebate of £318.20. To receive it, enter your "
                "National Insurance number and your bank details at https://secure-taxportal.example/form. "
                "Rebates not claimed are cancelled after the deadline.")
    assert _category(raw) == "phishing_suspect"
    assert "identity number" in _why(raw)


def test_a_spanish_refund_asking_for_a_tax_number_is_marked() -> None:
    raw = _mail("Devoluciones <aviso@devolucion-rapida.example>", "Tiene una devolución pendiente",
                "Tiene una devolución de impuestos pendiente. Confirme su RFC y su cuenta bancaria en el enlace: "
                "https://devolucion-rapida.example/confirmar. La devolución expira en 72 horas.")
    assert _category(raw) == "phishing_suspect"


def test_an_employers_note_naming_the_number_is_not_marked() -> None:
    raw = _mail("Priya Raman <priya.raman@maplewood-books.example>", "Your T4 for last year",
                "Hi Sam, your T4 slip is ready in the staff portal. Payroll has your SIN on file from your first "
                "day, so there is nothing you need to send. Thanks, Priya")
    assert _category(raw) != "phishing_suspect"


def test_a_tax_agencys_own_refund_notice_is_not_marked() -> None:
    raw = _mail("Revenue Agency <no-reply@revenue-agency.example>", "Your notice of assessment is available",
                "Your notice of assessment for 2025 is available. Your refund of $612.40 will be deposited to the "
                "account we have on file. Sign in to My Account to view it.")
    assert _category(raw) != "phishing_suspect"
