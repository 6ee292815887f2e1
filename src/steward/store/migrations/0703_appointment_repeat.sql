-- how a booking repeats, when its mail says it does ("your weekly piano lesson"): an RRULE from its first start
ALTER TABLE appointment_items ADD COLUMN rule TEXT;
