"""Money owed: dues read from bill and statement mail, never invented (ADR-0071 part B).

    registry   sender domains -> institution (institutions.toml, plus the user's config)
    gate       which stored messages may carry a due (metadata only; never phishing)
    extract    the figures a bill's text writes (patterns); model_extract checks a model's answer
    pdf        the text of PDF statements (pypdf), fetched live
    digest     owed, by currency, never summed across currencies
    service    `DuesService`: extract, digest, accounts, mark_paid (the one home of the behaviour)

`steward.records.finance.KINDS` lists what a due can be for.
"""
