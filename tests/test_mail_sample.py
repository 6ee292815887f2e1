"""The bundled sample mailbox: deterministic, the promised mix, all in the 90 days before now."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from steward.mail.categories import default_classifier
from steward.mail.parse import parse_message, read_body
from steward.sample import generate

NOW = datetime(2026, 9, 14, 23, 53, tzinfo=ZoneInfo("Asia/Kolkata"))


def test_same_inputs_same_bytes_and_ids_do_not_depend_on_now() -> None:
    one, two = generate(NOW, seed=3), generate(NOW, seed=3)
    assert [m.raw for m in one] == [m.raw for m in two]
    later = generate(NOW + timedelta(days=1), seed=3)
    assert {m.message_id for m in one} & {m.message_id for m in later}
    assert generate(NOW, seed=4)[0].message_id != one[0].message_id


def test_about_500_messages_in_the_90_days_before_now_with_the_mix() -> None:
    mail = generate(NOW)
    assert 450 <= len(mail) <= 550
    assert all(NOW - timedelta(days=90) <= m.received_at < NOW for m in mail)
    kinds = Counter(m.kind for m in mail)
    for kind in ("statement", "payment_due", "autopay", "bank_alert", "appointment", "appointment_cancelled",
                 "appointment_rescheduled", "receipt", "newsletter", "personal"):
        assert kinds[kind] >= 2, kind
    assert kinds["phishing"] == 1
    currencies = {m.facts.get("currency") for m in mail if m.kind == "payment_due"}
    assert currencies == {"INR", "USD"}
    text = "".join(read_body(m.raw).text for m in mail)
    assert "ending 1234" in text and "XXXX4821" in text and "4147 2000 1234 7730" in text
    assert len({m.message_id for m in mail}) == len(mail)


def test_the_classifier_files_the_sample_where_a_person_would() -> None:
    classify = default_classifier().classify
    expected = {"statement": "statement", "payment_due": "payment_due", "autopay": "autopay",
                "bank_alert": "bank_alert", "appointment": "appointment", "appointment_cancelled": "appointment",
                "appointment_rescheduled": "appointment", "receipt": "receipt", "newsletter": "newsletter",
                "personal": "personal", "phishing": "phishing_suspect", "other": "other"}
    wrong = []
    for m in generate(NOW):
        if m.kind not in expected:
            continue
        p = parse_message(m.raw)
        got = classify(p.sender, p.sender_name, p.subject, p.snippet)
        if got != expected[m.kind]:
            wrong.append((m.kind, got, p.subject))
    assert wrong == []


def test_distinct_texts_keep_the_same_messages_and_repeat_no_subject_or_snippet() -> None:
    plain, distinct = generate(NOW, seed=3, count=3000), generate(NOW, seed=3, count=3000, distinct=True)
    assert [(m.message_id, m.kind, m.received_at, m.facts) for m in distinct] == [
        (m.message_id, m.kind, m.received_at, m.facts) for m in plain]
    texts = [parse_message(m.raw) for m in distinct]
    assert len({(p.sender_name, p.subject, p.snippet) for p in texts}) == len(texts)
    assert len({(p.sender_name, p.subject, p.snippet) for p in map(parse_message, (m.raw for m in plain))}) < len(plain)
    assert generate(NOW, seed=3) == generate(NOW, seed=3, distinct=False)
    # read as a user's mail: the same sender, date, thread, attachments; only the reference number added
    numbered = 0
    for one, other in zip(map(parse_message, (m.raw for m in plain)), texts, strict=True):
        assert (one.sender, one.sender_name, one.received_at, one.thread_key, one.in_reply_to, one.recipients,
                one.attachments, one.has_pdf, one.message_id) == (
            other.sender, other.sender_name, other.received_at, other.thread_key, other.in_reply_to,
            other.recipients, other.attachments, other.has_pdf, other.message_id)
        if other.subject != one.subject:
            numbered += 1
            assert other.subject.startswith(one.subject + " (ref ")
            assert other.snippet.startswith("Reference ") and one.snippet[:60] in other.snippet
    assert numbered >= len(texts) - 20  # the last fortnight's few appointment messages are written as they are
