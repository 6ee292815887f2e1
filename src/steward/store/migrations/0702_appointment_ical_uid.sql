-- The iCalendar UID and SEQUENCE of a booking read from an .ics part: a later update (a higher
-- SEQUENCE with a new start) or a cancellation with the same UID is matched to the event Steward made.
ALTER TABLE appointment_items ADD COLUMN ical_uid TEXT;
ALTER TABLE appointment_items ADD COLUMN ical_sequence INTEGER;
CREATE INDEX appointment_items_ical_uid ON appointment_items(ical_uid);
-- A schema.org reservation has no SEQUENCE: its `reservationNumber` is kept as the UID (prefixed
-- "schema.org:") and the arrival of its message, in epoch seconds, as its sequence.
