"""A fake Google on loopback, built from Google's discovery documents: Calendar v3, Gmail v1, OAuth.

A real HTTP server in a thread. Every request is first held to the documents (`google_discovery`): a
path or verb no method defines, a query parameter the method does not take (or a wrong type, or a
repeat of one that does not repeat), a body field its schema does not define: 400, and the request is
kept in `rejected` (the fixtures fail a test that leaves anything there). What it answers is checked
against the method's response schema too, so the fake cannot drift from the description either.

Behind that sits a small Google: calendars of events (recurring ones expanded into instances with
singleEvents and by events.instances; an instance read, changed or deleted by its id becomes an
exception kept beside its series, as Google keeps one, and a deleted one is listed, cancelled, with
showDeleted; all-day events by date, paging by pageToken, sync tokens that a `reset_sync` turns
into 410 fullSyncRequired, private extended properties to look events up by), a Gmail mailbox (messages
by label, the metadata and raw formats, a history of changes that `forget_history` turns into 404),
and the OAuth token endpoint (refresh tokens with their scopes; access tokens that `expire_tokens`
makes 401). `fail` queues answers Google gives under load (403 rateLimitExceeded, 429, 500) and
connections dropped before or after the change was made.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import secrets
import threading
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from zoneinfo import ZoneInfo

from google_discovery import Api, Method

CALENDAR_READ = "https://www.googleapis.com/auth/calendar.readonly"
CALENDAR_EVENTS = "https://www.googleapis.com/auth/calendar.events"
GMAIL_READ = "https://www.googleapis.com/auth/gmail.readonly"
USER = "alex@gmail.example"
# what Google says with each error reason (its documentation's wording)
_MESSAGES = {"rateLimitExceeded": "Rate Limit Exceeded", "userRateLimitExceeded": "User Rate Limit Exceeded",
             "429": "User-rate limit exceeded.", "500": "Backend Error", "503": "The service is currently unavailable."}


class Reply(Exception):
    """An answer other than 200, with Google's error body."""

    def __init__(self, status: int, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.status, self.message, self.reason = status, message, reason

    def body(self) -> dict[str, Any]:
        errors = [{"domain": "global", "reason": self.reason or "invalid", "message": self.message}]
        return {"error": {"code": self.status, "message": self.message, "errors": errors}}


@dataclass
class Fault:
    """One queued misbehaviour for the next request to a method ("*" = any)."""

    method: str
    kind: str  # "status" | "expire" (tokens expire first: 401) | "drop_before" | "drop_after" | "stall_after"
    status: int = 0
    reason: str = ""
    after: str = ""  # only once a request to this method has been answered


@dataclass
class Call:
    """One request the fake answered (or refused)."""

    method: str
    verb: str
    path: str
    query: dict[str, list[str]]
    body: Any
    status: int = 0
    scopes: tuple[str, ...] = ()  # of the access token it came with


@dataclass
class Mail:
    """One Gmail message: its resource (metadata and payload) and its raw bytes."""

    resource: dict[str, Any]
    raw: bytes


def _rfc3339(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def _parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


@dataclass
class FakeGoogle:
    """The fake's state and its server; `url` is its root (what `calendar.google_api_url` names)."""

    page_size: int = 250  # the most an events.list page holds whatever maxResults says (tests lower it)
    sync_tokens: bool = True  # False: listings come without a nextSyncToken
    stall_seconds: float = 3.0
    calendars: dict[str, dict[str, dict[str, Any]]] = field(default_factory=lambda: {USER: {}})
    calendar_zone: str = "UTC"
    mail: dict[str, Mail] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)
    history_id: int = 1000
    oldest_history: int = 0
    refresh_tokens: dict[str, tuple[str, ...]] = field(default_factory=dict)  # refresh token -> scopes
    access_tokens: dict[str, tuple[str, ...]] = field(default_factory=dict)
    codes: dict[str, tuple[str, ...]] = field(default_factory=dict)  # authorization codes -> scopes
    faults: list[Fault] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    token_requests: list[dict[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.apis = (Api("calendar.v3"), Api("gmail.v1"))
        self._ids = itertools.count(1)
        self._change = itertools.count(1)
        self._sync_floor = 0
        self._lock = threading.RLock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.token_uri = self.url + "token"
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the server."""
        self.server.shutdown()
        self.server.server_close()

    # -- what tests arrange -----------------------------------------------------------------------

    def credential(self, *scopes: str) -> dict[str, str]:
        """A new refresh token with these scopes, as google-auth's authorized-user JSON."""
        token = "1//fake-" + secrets.token_urlsafe(12)
        self.refresh_tokens[token] = scopes
        return {"type": "authorized_user", "client_id": "1234-fake.apps.googleusercontent.example",
                "client_secret": "GOCSPX-fake", "refresh_token": token, "token_uri": self.token_uri}

    def expire_tokens(self) -> None:
        """Every access token handed out so far now answers 401 (as an expired one does)."""
        self.access_tokens.clear()

    def fail(self, method: str, kind: str = "status", status: int = 0, reason: str = "", times: int = 1,
             after: str = "") -> None:
        """Queue a misbehaviour for the next `times` requests to `method` (a discovery method id or "*"),
        from the start or only `after` a request to another method."""
        self.faults.extend(Fault(method, kind, status, reason, after) for _ in range(times))

    def _fault(self, method: str) -> Fault | None:
        for fault in self.faults:
            if fault.method in (method, "*") and (not fault.after or any(
                    c.method == fault.after for c in self.calls[:-1])):
                return fault
        return None

    def reset_sync(self) -> None:
        """Sync tokens handed out so far are no longer valid (410 fullSyncRequired)."""
        self._sync_floor = next(self._change)

    def events(self, calendar: str = USER, deleted: bool = False) -> list[dict[str, Any]]:
        """The events a calendar holds (the stored resources, not expanded)."""
        return [e for e in self.calendars[self._calendar_id(calendar)].values()
                if deleted or e["status"] != "cancelled"]

    def put_event(self, calendar: str = USER, **resource: Any) -> dict[str, Any]:
        """An event made by the person in Google Calendar itself (not by Steward)."""
        with self._lock:
            return self._store_event(self._calendar_id(calendar), resource)

    def delete_instance(self, event_id: str, original_start: str, calendar: str = USER) -> None:
        """One time of a recurring event deleted in Google Calendar itself (its instance, by the start it had)."""
        stamp = _parse(original_start).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
        with self._lock:
            self._calendar_events_delete({"calendarId": calendar, "eventId": f"{event_id}_{stamp}"}, {}, None)

    def calls_to(self, method: str) -> list[Call]:
        """The requests the fake answered for one method id."""
        return [c for c in self.calls if c.method == method]

    def add_mail(self, message_id: str, resource: dict[str, Any], raw: bytes = b"") -> None:
        """A message arrives (history: messageAdded)."""
        with self._lock:
            res = {**json.loads(json.dumps(resource)), "id": message_id,
                   "threadId": resource.get("threadId", message_id)}
            self.mail[message_id] = Mail(res, raw)
            self._record("messagesAdded", message_id)

    def delete_mail(self, message_id: str) -> None:
        """A message is deleted for good (history: messageDeleted)."""
        with self._lock:
            self._record("messagesDeleted", message_id)
            del self.mail[message_id]

    def label_mail(self, message_id: str, label: str) -> None:
        """A label is put on a message, e.g. TRASH (history: labelAdded)."""
        with self._lock:
            resource = self.mail[message_id].resource
            resource["labelIds"] = [*resource.get("labelIds", []), label]
            self._record("labelsAdded", message_id, [label])

    def forget_history(self) -> None:
        """History ids handed out so far are too old: history.list answers 404 for them."""
        self.oldest_history = self.history_id + 1

    def client_file(self, folder: Any) -> Any:
        """An OAuth "Desktop app" client file whose endpoints are this fake's."""
        path = folder / "client_secret.json"
        path.write_text(json.dumps({"installed": {
            "client_id": "1234-fake.apps.googleusercontent.example", "client_secret": "GOCSPX-fake",
            "auth_uri": self.url + "o/oauth2/auth", "token_uri": self.token_uri,
            "redirect_uris": ["http://localhost"]}}))
        return path

    def browser(self, *, approve: bool = True, tamper: bool = False, grant: tuple[str, ...] | None = None) -> Any:
        """Stands in for the person's browser on Google's consent page: reads the consent URL, and
        follows Google's redirect back with a code (or a refusal). `seen` keeps the URL's parameters."""
        seen: list[dict[str, str]] = []

        def show(url: str) -> None:
            split = urllib.parse.urlsplit(url)
            assert url.startswith(self.url + "o/oauth2/auth?"), url
            query = dict(urllib.parse.parse_qsl(split.query))
            seen.append(query)
            code = "4/0fake-" + secrets.token_urlsafe(8)
            self.codes[code] = grant if grant is not None else tuple(query["scope"].split())
            state = "forged" if tamper else query["state"]
            back = {"code": code, "state": state} if approve else {"error": "access_denied", "state": state}
            target = query["redirect_uri"] + "?" + urllib.parse.urlencode(back)
            threading.Thread(target=lambda: _visit(target), daemon=True).start()

        show.seen = seen  # type: ignore[attr-defined]
        return show

    # -- the OAuth token endpoint -----------------------------------------------------------------

    def token(self, form: dict[str, str]) -> tuple[int, dict[str, Any]]:
        """The token endpoint: a refresh token (or an authorization code) for an access token."""
        self.token_requests.append(form)
        grant = form.get("grant_type")
        if grant == "refresh_token":
            scopes = self.refresh_tokens.get(form.get("refresh_token", ""))
            refresh = None
        elif grant == "authorization_code":
            scopes = self.codes.pop(form.get("code", ""), None)
            refresh = "1//fake-" + secrets.token_urlsafe(12)
            if scopes is not None:
                self.refresh_tokens[refresh] = scopes
        else:
            return 400, {"error": "unsupported_grant_type"}
        if scopes is None:
            return 400, {"error": "invalid_grant", "error_description": "Token has been expired or revoked."}
        access = "ya29.fake-" + secrets.token_urlsafe(12)
        self.access_tokens[access] = scopes
        body = {"access_token": access, "expires_in": 3599, "scope": " ".join(scopes), "token_type": "Bearer"}
        if refresh:
            body["refresh_token"] = refresh
        return 200, body

    # -- requests ---------------------------------------------------------------------------------

    def answer(self, verb: str, path: str, query: dict[str, list[str]], body: Any,
               auth: str) -> tuple[int, Any, str]:
        """(status, JSON body, what to do with the connection: "" | "drop" | "stall")."""
        found = None
        for api in self.apis:
            found = api.route(verb, path)
            if found is not None:
                break
        if found is None:
            self.rejected.append(f"{verb} /{path}: no method in the discovery documents")
            return 404, Reply(404, f"no method {verb} /{path}", "notFound").body(), ""
        method, params = found
        call = Call(method.id, verb, path, query, body)
        self.calls.append(call)
        problems = api.check_query(method, query)
        if method.request and verb in ("POST", "PUT", "PATCH"):
            problems += api.check(method.request, body if body is not None else {}, "body")
        elif body is not None:
            problems.append(f"{method.id} takes no body")
        if problems:
            self.rejected.extend(problems)
            call.status = 400
            return 400, Reply(400, "; ".join(problems), "invalidParameter").body(), ""
        fault = self._fault(method.id)
        if fault is not None and fault.kind == "expire":
            self.faults.remove(fault)
            self.expire_tokens()
            fault = None
        scopes = self.access_tokens.get(auth.removeprefix("Bearer ").strip()) if auth.startswith("Bearer ") else None
        if scopes is None:
            call.status = 401
            return 401, {"error": {"code": 401, "message": "Request had invalid authentication credentials.",
                                   "status": "UNAUTHENTICATED"}}, ""
        call.scopes = scopes
        if not set(scopes) & set(method.scopes):
            call.status = 403
            return 403, Reply(403, "Request had insufficient authentication scopes.",
                              "insufficientPermissions").body(), ""
        fault = self._fault(method.id)
        if fault is not None:
            self.faults.remove(fault)
            if fault.kind == "status":
                call.status = fault.status
                said = _MESSAGES.get(fault.reason) or _MESSAGES.get(str(fault.status)) or "Backend Error"
                return fault.status, Reply(fault.status, said, fault.reason).body(), ""
            if fault.kind == "drop_before":
                return 0, None, "drop"
        try:
            with self._lock:
                result = self._dispatch(method, params, query, body)
        except Reply as reply:
            call.status = reply.status
            return reply.status, reply.body(), ""
        if method.response:
            wrong = api.check(method.response, result, method.response)
            if wrong:
                self.rejected.extend(f"the fake's own answer: {w}" for w in wrong)
                return 500, Reply(500, "the fake answered outside its schema").body(), ""
        call.status = 200 if result is not None else 204
        if fault is not None:
            return 0, None, "drop" if fault.kind == "drop_after" else "stall"
        return call.status, result, ""

    def _dispatch(self, method: Method, params: dict[str, str], query: dict[str, list[str]],
                  body: Any) -> Any:
        handler = getattr(self, "_" + method.id.replace(".", "_"), None)
        if handler is None:
            self.rejected.append(f"{method.id}: defined by Google, but Steward is not expected to call it")
            raise Reply(501, f"the fake does not serve {method.id}")
        return handler(params, query, body)

    # -- calendar ---------------------------------------------------------------------------------

    def _calendar_id(self, name: str) -> str:
        name = USER if name == "primary" else name
        if name not in self.calendars:
            raise Reply(404, "Not Found", "notFound")
        return name

    def _store_event(self, calendar: str, resource: dict[str, Any]) -> dict[str, Any]:
        event_id = resource.get("id") or f"fake{next(self._ids):06d}{secrets.token_hex(4)}"
        if event_id in self.calendars[calendar]:
            raise Reply(409, "The requested identifier already exists.", "duplicate")
        for side in ("start", "end"):
            if not (resource.get(side) or {}).get("date") and not (resource.get(side) or {}).get("dateTime"):
                raise Reply(400, f"Missing {side} time.", "required")
        now = _rfc3339(datetime.now(UTC).replace(microsecond=0))
        event = {"kind": "calendar#event", "status": "confirmed", "reminders": {"useDefault": True},
                 **resource, "id": event_id, "iCalUID": resource.get("iCalUID") or f"{event_id}@google.com",
                 "created": now, "updated": now, "etag": f'"{next(self._change)}"', "sequence": 0,
                 "htmlLink": f"https://calendar.google.example/event?eid={event_id}",
                 "creator": {"email": USER, "self": True}, "organizer": {"email": USER, "self": True}}
        event["_change"] = int(event["etag"].strip('"'))
        self.calendars[calendar][event_id] = event
        return event

    def _public(self, event: dict[str, Any], zone: str | None) -> dict[str, Any]:
        out = {k: v for k, v in event.items() if not k.startswith("_")}
        if zone:
            for side in ("start", "end", "originalStartTime"):
                when = out.get(side) or {}
                if when.get("dateTime"):
                    out[side] = {**when, "dateTime": _parse(when["dateTime"]).astimezone(ZoneInfo(zone)).isoformat()}
        return out

    def _bounds(self, event: dict[str, Any]) -> tuple[datetime, datetime]:
        zone = ZoneInfo(self.calendar_zone)
        out = []
        for side in ("start", "end"):
            when = event[side]
            if when.get("dateTime"):
                moment = _parse(when["dateTime"])
                if moment.tzinfo is None:
                    moment = moment.replace(tzinfo=ZoneInfo(when.get("timeZone") or self.calendar_zone))
                out.append(moment)
            else:
                out.append(datetime.combine(date.fromisoformat(when["date"]), datetime.min.time(), zone))
        return out[0], out[1]

    def _instances(self, event: dict[str, Any], until: datetime, deleted: bool = False) -> list[dict[str, Any]]:
        """The instances of a recurring event up to `until`, its exceptions in their places (`deleted`: a
        cancelled one too, as a listing with showDeleted and singleEvents gives it)."""
        from dateutil.rrule import rrulestr

        start, end = self._bounds(event)
        length = end - start
        zone = ZoneInfo(event["start"].get("timeZone") or self.calendar_zone)
        local = start.astimezone(zone)
        rules = "\n".join(r for r in event.get("recurrence") or [] if r.startswith(("RRULE", "EXDATE", "RDATE")))
        all_day = "date" in event["start"]
        # a timed series on its zone's wall clock (an UNTIL is then in UTC, as RFC 5545 asks); a dated one naive
        first = local.replace(tzinfo=None) if all_day else local
        rule = rrulestr(rules, dtstart=first, forceset=True)
        out = []
        last = until.astimezone(zone)
        for begin in rule.between(first - timedelta(seconds=1), last.replace(tzinfo=None) if all_day else last,
                                  inc=True):
            aware = begin.replace(tzinfo=zone) if all_day else begin.astimezone(zone)
            stamp = begin.strftime("%Y%m%d") if all_day else aware.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
            if all_day:
                sides = {"start": {"date": begin.date().isoformat()},
                         "end": {"date": (begin + length).date().isoformat()}}
            else:
                sides = {"start": {"dateTime": aware.isoformat(), "timeZone": zone.key},
                         "end": {"dateTime": (aware + length).isoformat(), "timeZone": zone.key}}
            instance = {k: v for k, v in event.items() if k != "recurrence"}
            instance.update(sides, id=f"{event['id']}_{stamp}", recurringEventId=event["id"],
                            originalStartTime=sides["start"])
            changed = self.calendars_of(event).get(instance["id"])  # an exception: moved or cancelled
            if changed is None:
                out.append(instance)
            elif changed["status"] != "cancelled" or deleted:
                out.append(changed)
        return out

    def calendars_of(self, event: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The stored events of the calendar holding `event`."""
        return next((c for c in self.calendars.values() if c.get(event["id"]) is event), {})

    def _event_or_instance(self, calendar: str, event_id: str) -> dict[str, Any] | None:
        """A stored event, or an instance of a recurring one named by its id (master id, "_", its original
        start), kept from now on as an exception of its series."""
        stored = self.calendars[calendar].get(event_id)
        if stored is not None or "_" not in event_id:
            return stored
        master_id, stamp = event_id.rsplit("_", 1)
        master = self.calendars[calendar].get(master_id)
        if master is None or not master.get("recurrence") or master["status"] == "cancelled":
            return None
        # the series is expanded only as far as the time the id names: a weekday series ten years ahead is
        # thousands of instances, and the client waits one second for the answer
        try:
            named = datetime.strptime(stamp, "%Y%m%dT%H%M%SZ" if "T" in stamp else "%Y%m%d").replace(tzinfo=UTC)
        except ValueError:
            return None
        for instance in self._instances(master, named + timedelta(days=1)):
            if instance["id"] == event_id:
                change = next(self._change)
                kept = {**instance, "etag": f'"{change}"', "_change": change}
                self.calendars[calendar][event_id] = kept
                return kept
        return None

    def _calendar_events_list(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:
        calendar = self._calendar_id(params["calendarId"])
        one = {k: v[0] for k, v in query.items()}
        single = one.get("singleEvents") == "true"
        if "syncToken" in one:
            bad = {"timeMin", "timeMax", "privateExtendedProperty", "iCalUID", "q", "orderBy", "updatedMin"} & set(one)
            if bad:
                raise Reply(400, f"syncToken cannot be used with {', '.join(sorted(bad))}", "invalid")
            since = int(one["syncToken"].removeprefix("sync-")) if one["syncToken"].startswith("sync-") else -1
            if since < self._sync_floor:
                raise Reply(410, "Sync token is no longer valid, a full sync is required.", "fullSyncRequired")
        if one.get("orderBy") == "startTime" and not single:
            raise Reply(400, "orderBy=startTime needs singleEvents", "badRequest")
        low = _parse(one["timeMin"]) if "timeMin" in one else None
        high = _parse(one["timeMax"]) if "timeMax" in one else None
        wanted = [p.split("=", 1) for p in query.get("privateExtendedProperty", [])]
        items = []
        for event in self.calendars[calendar].values():
            if "syncToken" in one:
                if event["_change"] <= since:
                    continue
            elif event["status"] == "cancelled" and one.get("showDeleted") != "true":
                continue
            private = (event.get("extendedProperties") or {}).get("private") or {}
            if any(len(p) != 2 or private.get(p[0]) != p[1] for p in wanted):
                continue
            if "iCalUID" in one and event["iCalUID"] != one["iCalUID"]:
                continue
            if single and event.get("recurrence"):
                until = high or datetime.now(UTC) + timedelta(days=730)
                expanded = self._instances(event, until, deleted=one.get("showDeleted") == "true")
            elif single and event.get("recurringEventId") and "syncToken" not in one:
                continue  # an exception is listed where its series puts it
            else:
                expanded = [event]
            for item in expanded:
                start, end = self._bounds(item)
                if (low and end <= low) or (high and start >= high):
                    continue
                items.append(item)
        items.sort(key=lambda e: (self._bounds(e)[0], e["id"]))
        size = min(int(one.get("maxResults", 250)), self.page_size)
        offset = int(one["pageToken"].removeprefix("page-")) if "pageToken" in one else 0
        page = items[offset:offset + size]
        out: dict[str, Any] = {"kind": "calendar#events", "summary": USER, "timeZone": self.calendar_zone,
                               "accessRole": "owner", "updated": _rfc3339(datetime.now(UTC).replace(microsecond=0)),
                               "defaultReminders": [{"method": "popup", "minutes": 30}],
                               "items": [self._public(e, one.get("timeZone")) for e in page]}
        if offset + size < len(items):
            out["nextPageToken"] = f"page-{offset + size}"
        elif not wanted and "iCalUID" not in one and self.sync_tokens:
            out["nextSyncToken"] = f"sync-{next(self._change)}"
        return out

    def _calendar_events_instances(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:
        calendar = self._calendar_id(params["calendarId"])
        master = self.calendars[calendar].get(params["eventId"])
        if master is None:
            raise Reply(404, "Not Found", "notFound")
        if master["status"] == "cancelled":
            raise Reply(410, "Resource has been deleted", "deleted")
        one = {k: v[0] for k, v in query.items()}
        low = _parse(one["timeMin"]) if "timeMin" in one else None
        high = _parse(one["timeMax"]) if "timeMax" in one else None
        wanted = _parse(one["originalStart"]) if "originalStart" in one else None
        until = high or (wanted + timedelta(days=1) if wanted else datetime.now(UTC) + timedelta(days=730))
        items = []
        for item in self._instances(master, until) if master.get("recurrence") else [master]:
            start, end = self._bounds(item)
            original = item.get("originalStartTime") or item["start"]
            if wanted is not None and (not original.get("dateTime") or _parse(original["dateTime"]) != wanted):
                continue
            if (low and end <= low) or (high and start >= high):
                continue
            items.append(self._public(item, one.get("timeZone")))
        return {"kind": "calendar#events", "summary": USER, "timeZone": self.calendar_zone, "accessRole": "owner",
                "updated": _rfc3339(datetime.now(UTC).replace(microsecond=0)),
                "defaultReminders": [{"method": "popup", "minutes": 30}], "items": items}

    def _calendar_events_get(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:
        event = self._event_or_instance(self._calendar_id(params["calendarId"]), params["eventId"])
        if event is None:
            raise Reply(404, "Not Found", "notFound")
        if event["status"] == "cancelled":
            raise Reply(410, "Resource has been deleted", "deleted")
        return self._public(event, (query.get("timeZone") or [None])[0])

    def _calendar_events_insert(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:
        return self._public(self._store_event(self._calendar_id(params["calendarId"]), dict(body)), None)

    def _calendar_events_patch(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:
        event = self._event_or_instance(self._calendar_id(params["calendarId"]), params["eventId"])
        if event is None:
            raise Reply(404, "Not Found", "notFound")
        if event["status"] == "cancelled":
            raise Reply(410, "Resource has been deleted", "deleted")
        event.update(body)
        event["sequence"] += 1
        event["_change"] = next(self._change)
        event["etag"] = f'"{event["_change"]}"'
        event["updated"] = _rfc3339(datetime.now(UTC).replace(microsecond=0))
        return self._public(event, None)

    def _calendar_events_delete(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:
        event = self._event_or_instance(self._calendar_id(params["calendarId"]), params["eventId"])
        if event is None:
            raise Reply(404, "Not Found", "notFound")
        if event["status"] == "cancelled":
            raise Reply(410, "Resource has been deleted", "deleted")
        event["status"] = "cancelled"
        event["_change"] = next(self._change)
        return None

    # -- gmail ------------------------------------------------------------------------------------

    def _record(self, kind: str, message_id: str, labels: list[str] | None = None) -> None:
        self.history_id += 2  # history ids rise with gaps
        res = self.mail[message_id].resource
        message = {"id": message_id, "threadId": res["threadId"], "labelIds": list(res.get("labelIds") or [])}
        item: dict[str, Any] = {"message": message}
        if labels is not None:
            item["labelIds"] = labels
        res["historyId"] = str(self.history_id)
        self.history.append({"id": str(self.history_id), "messages": [{"id": message_id, "threadId": res["threadId"]}],
                             kind: [item]})

    def _gmail_users_getProfile(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:  # noqa: N802
        return {"emailAddress": USER, "messagesTotal": len(self.mail), "threadsTotal": len(self.mail),
                "historyId": str(self.history_id)}

    def _gmail_users_messages_list(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:
        labels = set(query.get("labelIds", []))
        spam_trash = (query.get("includeSpamTrash") or ["false"])[0] == "true"
        words = (query.get("q") or [""])[0].lower().split()
        found = []
        for mid, mail in sorted(self.mail.items(), key=lambda kv: -int(kv[1].resource.get("internalDate", "0"))):
            have = set(mail.resource.get("labelIds") or [])
            if labels - have or (not spam_trash and have & {"SPAM", "TRASH"}):
                continue
            text = (mail.resource.get("snippet", "") + " " + " ".join(
                h["value"] for h in (mail.resource.get("payload") or {}).get("headers") or [])).lower()
            if not all(w in text for w in words):
                continue
            found.append({"id": mid, "threadId": mail.resource["threadId"]})
        size = min(int((query.get("maxResults") or ["100"])[0]), 500, self.page_size)
        offset = int((query.get("pageToken") or ["0"])[0])
        out: dict[str, Any] = {"messages": found[offset:offset + size], "resultSizeEstimate": len(found)}
        if offset + size < len(found):
            out["nextPageToken"] = str(offset + size)
        return out

    def _gmail_users_messages_get(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:
        mail = self.mail.get(params["id"])
        if mail is None:
            raise Reply(404, "Requested entity was not found.", "notFound")
        fmt = (query.get("format") or ["full"])[0]
        res = mail.resource
        base = {k: res[k] for k in ("id", "threadId", "labelIds", "historyId", "internalDate", "sizeEstimate")
                if k in res}
        if fmt == "minimal":
            return base
        if fmt == "raw":
            return {**base, "snippet": res.get("snippet", ""),
                    "raw": base64.urlsafe_b64encode(mail.raw).decode().rstrip("=")}
        payload = dict(res.get("payload") or {})
        if fmt == "metadata":
            wanted = {h.lower() for h in query.get("metadataHeaders", [])}
            payload["headers"] = [h for h in payload.get("headers") or [] if not wanted or h["name"].lower() in wanted]
            payload.pop("body", None)
        return {**base, "snippet": res.get("snippet", ""), "payload": payload}

    def _gmail_users_history_list(self, params: dict[str, str], query: dict[str, list[str]], body: Any) -> Any:
        if "startHistoryId" not in query:  # "Required." says its description, though not its flags
            self.rejected.append("gmail.users.history.list: startHistoryId is required")
            raise Reply(400, "startHistoryId is required", "invalidArgument")
        start = int(query["startHistoryId"][0])
        if start < self.oldest_history:
            raise Reply(404, "Requested entity was not found.", "notFound")
        kinds = {"messageAdded": "messagesAdded", "messageDeleted": "messagesDeleted",
                 "labelAdded": "labelsAdded", "labelRemoved": "labelsRemoved"}
        types = {kinds[t] for t in query.get("historyTypes", [])} or set(kinds.values())
        records = [r for r in self.history if int(r["id"]) > start and types & set(r)]
        size = min(int((query.get("maxResults") or ["100"])[0]), 500, self.page_size)
        offset = int((query.get("pageToken") or ["0"])[0])
        out: dict[str, Any] = {"historyId": str(self.history_id)}
        if records[offset:offset + size]:
            out["history"] = records[offset:offset + size]
        if offset + size < len(records):
            out["nextPageToken"] = str(offset + size)
        return out


def _visit(url: str) -> None:
    import urllib.request

    with contextlib.suppress(OSError):
        urllib.request.urlopen(url, timeout=10).read()


def _handler(fake: FakeGoogle) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            return

        def _serve(self) -> None:
            split = urllib.parse.urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            data = self.rfile.read(length) if length else b""
            if split.path == "/token" and self.command == "POST":
                status, body = fake.token(dict(urllib.parse.parse_qsl(data.decode())))
                return self._send(status, body)
            query = urllib.parse.parse_qs(split.query, keep_blank_values=True)
            try:
                body = json.loads(data) if data else None
            except json.JSONDecodeError:
                fake.rejected.append(f"{self.command} {split.path}: the body is not JSON")
                return self._send(400, Reply(400, "Invalid JSON payload received.", "parseError").body())
            status, answer, then = fake.answer(self.command, split.path.lstrip("/"), query, body,
                                               self.headers.get("Authorization", ""))
            if then == "stall":
                time.sleep(fake.stall_seconds)
            if then:
                self.close_connection = True
                with contextlib.suppress(OSError):
                    self.connection.shutdown(2)
                return None
            return self._send(status, answer)

        def _send(self, status: int, body: Any) -> None:
            data = b"" if body is None else json.dumps(body).encode()
            self.send_response(status)
            if body is not None:
                self.send_header("Content-Type", "application/json; charset=UTF-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve  # noqa: N815

    return Handler


@contextlib.contextmanager
def running() -> Iterator[FakeGoogle]:
    """A fake Google for one test; fails the test if any request broke Google's description."""
    fake = FakeGoogle()
    try:
        yield fake
    finally:
        fake.close()
    assert not fake.rejected, "requests Google's discovery documents do not allow:\n" + "\n".join(fake.rejected)
