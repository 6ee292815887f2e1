#!/bin/sh
# Redraws docs/page-*.png: each kind of answer (dues, cards, schedule, mail, bookings, offline, what waits, a model's answer) as the page
# draws it, at 1280 and 390 pixels wide, on the demo home on Saturday 5 December 2026 (headless
# Chromium through Playwright; the same run checks what it shows).
set -e
cd "$(dirname "$0")/.."
PYTHONPATH=src "${PYTHON:-.venv/bin/python}" -m pytest -q -p no:cacheprovider \
  tests/test_web_browser_answers.py tests/test_web_browser_model.py -k "each_kind_of_answer or saturday or model_answer or cards_answer"
ls -l docs/page-*.png
