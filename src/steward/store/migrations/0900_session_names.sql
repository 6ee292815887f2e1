-- Session names (docs/hooks.md): a conversation session's title and the state of the one display of
-- it that was asked for. A session is Steward's own (`steward chat --session`) or a Claude Code
-- session_id seen by `steward hook`. The reminder count survives a restart: it lives here.
CREATE TABLE session_names (
    session                             TEXT PRIMARY KEY,
    title                               TEXT,           -- the session's current title
    task                                TEXT,           -- what set_task was told the session is for
    session_name_display_requested_for  TEXT,           -- the title whose block was asked for
    session_name_display_reminders      INTEGER NOT NULL DEFAULT 0,  -- reminders given for that title
    displayed_for                       TEXT,           -- the title whose block was seen in the transcript
    displayed_at                        TEXT,           -- UTC instant of that sighting
    updated_at                          TEXT NOT NULL   -- UTC
);

-- The hook log: what hooks did (a reminder, a mint, a sighting) and how they failed. Names and
-- reasons only: never a payload, a tool result or a transcript line.
CREATE TABLE hook_log (
    id       INTEGER PRIMARY KEY,
    at       TEXT NOT NULL,                  -- UTC instant
    session  TEXT NOT NULL,
    event    TEXT NOT NULL,                  -- PreToolUse, PostToolUse, ...
    hook     TEXT NOT NULL,                  -- the command, or the in-process hook's name
    kind     TEXT NOT NULL,                  -- e.g. session-name-display-reminded, hook-error
    detail   TEXT NOT NULL
);
CREATE INDEX hook_log_session ON hook_log (session, id);
