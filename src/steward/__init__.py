"""Steward: a local-first personal assistant for one person's mail, calendar, reminders and money owed."""

__version__ = "0.1.0"
