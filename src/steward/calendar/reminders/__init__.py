"""Reminders in the person's words: the dates a request says (`dates`), its subject (`subjects`, `text`),
the requests to move, cancel or list them (`requests`, with its words in `requests.yaml`), which open
reminder a request names (`targets`) and the event a reminder is tied to (`events`).

Pure language and choice over plain records; the single write path stays `CalendarService`.
"""
