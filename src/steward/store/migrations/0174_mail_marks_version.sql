-- The version of the rules that marked the stored mail (one row). Mail is classified as it is imported;
-- when Steward's rules change, the stored marks are redone (`steward mail recheck`, or before the next
-- import or sync) and this row says which rules the store's marks now follow. No row: a store whose
-- marks are older than this table.
CREATE TABLE mail_marks_version (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    version         TEXT NOT NULL,
    marked_at       TEXT NOT NULL
);
