-- A cancellation or a move of an event Steward made from mail is its own proposal: a row whose
-- `change_of` names the appointment it changes (its start and end are the times after the change).
ALTER TABLE appointment_items ADD COLUMN change_of INTEGER REFERENCES appointment_items(id) ON DELETE SET NULL;
