-- Every write that acts for the user, with its provenance.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,          -- UTC instant, ISO-8601
    kind        TEXT NOT NULL,          -- reminder.create, event.create, reminder.cancel, ...
    object_id   TEXT,
    provenance  TEXT NOT NULL,          -- JSON: {"via": "cli"|"turn"|"tool"|"email"|..., ...}
    detail      TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_kind ON audit_log(kind, at);
