"""Reminders and events: the single write path (`CalendarService`), backends, schedule queries, ICS.

Import-light on purpose: `steward reminders list` must start fast, so heavy libraries (icalendar,
caldav) are imported inside the functions that need them.
"""
