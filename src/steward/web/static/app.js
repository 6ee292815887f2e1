// Steward's page: a streaming chat, held-write cards, the Today panel and mail search.
// Everything is built with DOM nodes and textContent: text from mail or the model is never parsed as HTML.
"use strict";

const $ = (sel) => document.querySelector(sel);
let todayIso = document.body.dataset.today;  // the person's date; changes with their zone (the zone form)

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Times arrive as ISO-8601 in the user's own zone (the server's clock), so the wall time is read off
// the text rather than converted to the browser's zone; it is written in the person's locale (the
// `locale` setting, on the page's body), as the server writes the answers: 09:15 / 9:15 AM, Sat 5 Dec / Sat, Dec 5.
const LOCALE = document.body.dataset.locale || "en-GB";
// a 24-hour locale writes the hour with two digits (09:15), a 12-hour one without (9:15 AM), as CLDR does
const H24 = /h2[34]/.test(new Intl.DateTimeFormat(LOCALE, { hour: "numeric" }).resolvedOptions().hourCycle || "");
const TIME = new Intl.DateTimeFormat(LOCALE, { hour: H24 ? "2-digit" : "numeric", minute: "2-digit", timeZone: "UTC" });
const DAY = new Intl.DateTimeFormat(LOCALE, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
function wallClock(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(iso || "");
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] || 0), Number(m[5] || 0))) : null;
}
function clockTime(iso) {
  return /T\d{2}:\d{2}/.test(iso || "") ? TIME.format(wallClock(iso)) : "";
}
function dayOf(iso) { return (iso || "").slice(0, 10); }
function shortDate(iso) {
  const day = dayOf(iso);
  if (!day) return "";
  if (day === todayIso) return `today ${clockTime(iso)}`;
  const label = DAY.format(wallClock(day));
  const time = clockTime(iso);
  return time && !iso.includes("T00:00:00") ? `${label} ${time}` : label;
}

async function api(method, url, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    const message = (data && data.message) || `${res.status} ${res.statusText}`;
    const err = new Error(message);
    err.status = res.status;
    throw err;
  }
  return data;
}

// ---- chat -----------------------------------------------------------------------------------------

const log = $("#log");
const form = $("#ask");
const input = $("#text");
const send = $("#send");

// a reload opens at the latest turn (restoreChat), not where the page was scrolled before
if ("scrollRestoration" in history) history.scrollRestoration = "manual";

function removeEmpty() { const e = $("#chat-empty"); if (e) e.remove(); }
function scrollDown() { log.scrollTop = log.scrollHeight; }

function addUser(text) {
  removeEmpty();
  log.append(el("li", { class: "msg user" }, el("span", { class: "sr-only" }, "You: "), text));
  scrollDown();
}

function addBot() {
  removeEmpty();
  const text = el("div", { class: "text" });
  const item = el("li", { class: "msg bot streaming" }, el("span", { class: "sr-only" }, "Steward: "), text);
  log.append(item);
  scrollDown();
  return { item, text };
}

// A reply without a view, as a person reads it: code quotes lose their marks, item ids their brackets.
function plainReply(text) {
  return String(text).replace(/`([^`]*)`/g, "$1").replace(/\s*\[#\d+\]/g, "").replace(/\s*\(#\d+\)/g, "");
}

// A message opened in place from an answer: its body fetched live from its source.
async function openMessage(id, button, body) {
  const open = button.getAttribute("aria-expanded") === "true";
  button.setAttribute("aria-expanded", String(!open));
  body.hidden = open;
  if (open || body.dataset.loaded) return;
  body.textContent = "Fetching from the source…";
  try {
    const message = await api("GET", `/mail/${encodeURIComponent(id)}`);
    body.textContent = message.body;
    body.dataset.loaded = "1";
  } catch (err) { body.textContent = err.message; }
}

function describeHandler(trace) {
  const parts = [];
  if (trace.handled_by) parts.push(`answered by ${trace.handled_by}`);
  if (trace.route && trace.route.intent) parts.push(`intent ${trace.route.intent}`);
  if (trace.writes && trace.writes.length) parts.push(`${trace.writes.length} saved`);
  return parts.join(" · ");
}

// Held writes: the model proposed them, Steward asked about them in one question (the continuation),
// and a Confirm or Cancel answers that question for all of them, as typing yes or no would, while it
// is the open question. A later turn that replaces it names them in `superseded`: their card closes.
function heldOf(trace) {
  const held = (trace.tools || []).filter((t) => t.held && t.result && t.result.held_id);
  if (!held.length || !trace.continuation) return null;
  return { id: held[0].result.held_id, ids: held.map((t) => t.result.held_id), question: trace.continuation.question,
           items: held.map((t) => ({ summary: t.result.summary || t.name, fields: t.result.fields || t.args || {} })) };
}

// the conversation's title (set_task / `steward session set-task`), in the header and the tab
function showTitle(title) {
  const shown = $("#session-title");
  if (!shown || !title) return;
  shown.textContent = title;
  shown.hidden = false;
  document.title = `${title} · Steward`;
}

// `restored`: a turn shown again after a reload (its held card only while its question is open).
function finishBot(bubble, trace, restored = null) {
  bubble.item.classList.remove("streaming");
  showTitle(trace.session_title);
  rememberSession(trace.session);
  const view = trace.data && trace.data.view ? window.renderView(trace.data.view,
    { changed: refreshToday, openMessage, search: searchFor, ask: (text) => sendTurn(text) }) : null;
  if (view && trace.data.view.of_tools) {
    // a model's answer: its words are the answer; the view shows the data its tools read
    bubble.text.textContent = plainReply(trace.reply);
    bubble.item.append(view);
  } else if (view) {
    bubble.text.textContent = `${trace.data.view.head}.`;
    bubble.item.append(view);
  } else if (trace.reply !== undefined && bubble.text.textContent !== trace.reply) {
    bubble.text.textContent = plainReply(trace.reply);
  }
  closeCards(trace.superseded || [], "Not saved: a later message replaced this question. Ask again to save it.");
  const held = heldOf(trace);
  if (held && (!restored || restored.open)) bubble.item.append(heldCard(held));
  // writes asked about earlier and set aside: they wait beside the latest answer only
  if (!restored || restored.last) {
    for (const old of document.querySelectorAll(".held-waiting")) old.remove();
    if ((trace.waiting || []).length) bubble.item.append(heldWaiting(trace.waiting));
  }
  // ids, the handler, the route and the trace: one toggle, for whoever wants to see how it was answered
  const meta = describeHandler(trace);
  bubble.item.append(el("details", { class: "trace" }, el("summary", {}, "Details"),
    view && !trace.data.view.of_tools ? el("p", { class: "reply-text" }, trace.reply) : null,
    meta ? el("p", { class: "meta" }, meta) : null,
    el("pre", {}, JSON.stringify(trace, null, 2))));
  if (restored) return;
  if (view && PANEL_OF_VIEW[trace.data.view.kind]) usedPanel(PANEL_OF_VIEW[trace.data.view.kind]);
  // a long answer is read from its start: show the top of it rather than its end
  // (inside the log only: the page itself stays where it is, the header's search in view)
  if (bubble.item.offsetHeight > log.clientHeight * 0.8) log.scrollTop = bubble.item.offsetTop - log.offsetTop;
  else scrollDown();
  if (trace.writes && trace.writes.length) refreshToday();
}

// The conversation survives a reload: the server keeps the session's turns, the page keeps its id.
const SESSION_KEY = "steward.session";
let session = null;
try { session = localStorage.getItem(SESSION_KEY); } catch { session = null; }
// a day's own session (the default, named by its date) gives way to today's, as on the command line
if (session && /^\d{4}-\d{2}-\d{2}$/.test(session) && session !== todayIso) session = null;
// `/?session=ID` opens that conversation (an MCP client's session, whose held write waits for a card)
const askedSession = new URLSearchParams(location.search).get("session");
if (askedSession && /^[A-Za-z0-9_.:-]{1,64}$/.test(askedSession)) session = askedSession;
function rememberSession(id) {
  if (!id || id === session) return;
  session = id;
  try { localStorage.setItem(SESSION_KEY, id); } catch { /* storage off: the day's session still holds */ }
}

async function restoreChat() {
  log.setAttribute("aria-busy", "true");
  try {
    const data = await api("GET", `/chat/history${session ? `?session=${encodeURIComponent(session)}` : ""}`);
    rememberSession(data.session);
    data.turns.forEach((turn, i) => {
      addUser(turn.text);
      const trace = { ...turn.trace, session_title: data.session_title };
      const last = i === data.turns.length - 1;
      finishBot(addBot(), trace, { open: data.waiting && last, last });
    });
    if (data.turns.length) scrollDown();
  } catch (err) {
    log.append(el("li", { class: "msg bot error" }, `The earlier conversation could not be shown: ${err.message}`));
  } finally {
    log.removeAttribute("aria-busy");
  }
}

// The fields a person checks before saying yes (bookkeeping such as status or zone left out).
const SHOWN_FIELDS = new Set(["text", "title", "due", "start", "end", "location", "calendar"]);
function fieldRows(fields) {
  return Object.entries(fields)
    .filter(([k, v]) => SHOWN_FIELDS.has(k) && v !== null && v !== "" && typeof v !== "object")
    .map(([k, v]) => [el("dt", {}, k), el("dd", {}, /^\d{4}-\d{2}-\d{2}T/.test(String(v)) ? shortDate(String(v)) : String(v))]);
}

// A card whose question is no longer open says why and loses its buttons.
function closeCard(card, message) {
  card.classList.add("answered", "closed");
  const actions = card.querySelector(".actions");
  if (actions) actions.remove();
  card.querySelector("[role=status]").textContent = message;
}
function closeCards(ids, message) {
  if (!ids.length) return;
  for (const card of document.querySelectorAll(".card[data-held]")) {
    if (card.dataset.held.split(" ").some((id) => ids.includes(id))) closeCard(card, message);
  }
}

// Writes the model proposed and asked about, set aside when the conversation went on to something
// else: each waits beside the latest answer with its own Confirm and Cancel (the same answer as its card).
function heldWaiting(items) {
  return el("div", { class: "waiting held-waiting", role: "group", "aria-label": "Still waiting for your yes" },
    el("p", { class: "waiting-head" }, "Still waiting for your yes:"),
    el("ul", {}, items.map((w) => el("li", {}, el("span", { class: "title" }, w.summary),
      answerActions({
        label: w.summary, yes: "Confirm", no: "Cancel", working: { yes: "Saving…", no: "Cancelling…" },
        send: async (choice) => {
          const trace = await api("POST", `/pending/${encodeURIComponent(w.id)}`,
            { answer: choice === "yes" ? "confirm" : "cancel" });
          closeCards([w.id], choice === "yes" ? "Confirmed." : "Cancelled.");
          refreshToday();
          return choice === "yes" ? (trace.writes.length ? "Saved." : plainReply(trace.reply)) : "Not saved.";
        },
      })))));
}

function heldCard(held) {
  const status = el("p", { class: "meta", role: "status" });
  const confirm = el("button", { type: "button", class: "primary" }, "Confirm");
  const cancel = el("button", { type: "button" }, "Cancel");
  const card = el("div", { class: "card", role: "group", "aria-label": "Changes waiting for your answer",
                           "data-held": held.ids.join(" ") },
    el("h2", {}, held.items.length === 1 ? "Save this?" : `Save these ${held.items.length}?`),
    held.items.map((item) => [el("p", { class: "summary" }, item.summary), el("dl", {}, fieldRows(item.fields))]),
    el("div", { class: "actions" }, confirm, cancel), status);
  const answer = async (choice) => {
    confirm.disabled = cancel.disabled = true;
    status.textContent = choice === "confirm" ? "Saving…" : "Cancelling…";
    try {
      const trace = await api("POST", `/pending/${encodeURIComponent(held.id)}`, { answer: choice });
      card.classList.add("answered");
      status.textContent = choice === "confirm" ? "Confirmed." : "Cancelled.";
      const bubble = addBot();
      finishBot(bubble, trace);
      refreshToday();
      input.focus();
    } catch (err) {
      if (err.status === 409 || err.status === 400) {
        closeCard(card, `Not saved: ${err.message}`);  // answered, replaced or expired: this card is done
        return;
      }
      status.textContent = err.message;
      confirm.disabled = cancel.disabled = false;
    }
  };
  confirm.addEventListener("click", () => answer("confirm"));
  cancel.addEventListener("click", () => answer("cancel"));
  return card;
}

// Server-Sent Events over fetch: POST the turn, read the stream, split it into events.
async function* sseEvents(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) yield { name, data: JSON.parse(data.join("\n")) };
    }
  }
}

let restored = Promise.resolve();
async function sendTurn(text) {
  await restored;  // the earlier turns are shown first
  addUser(text);
  const bubble = addBot();
  send.disabled = true;
  try {
    const res = await fetch("/chat/stream", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(session ? { text, session } : { text }),
    });
    if (!res.ok) {
      let message = `${res.status} ${res.statusText}`;
      try { message = (await res.json()).message || message; } catch { /* not JSON */ }
      throw new Error(message);
    }
    let finished = false;
    for await (const ev of sseEvents(res)) {
      if (ev.name === "delta") { bubble.text.textContent += ev.data.text; scrollDown(); }
      else if (ev.name === "reset") { bubble.text.textContent = ""; }
      else if (ev.name === "trace") {
        // the trace is the turn's last event: the next turn can be sent while the stream closes
        finishBot(bubble, ev.data); finished = true; send.disabled = false;
      }
      else if (ev.name === "error") throw new Error(ev.data.message);
    }
    if (!finished) throw new Error("the answer was cut off; try again");
  } catch (err) {
    bubble.item.classList.remove("streaming");
    bubble.item.classList.add("error");
    bubble.text.textContent = err.message;
  } finally {
    send.disabled = false;
    input.focus();
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text || send.disabled) return;
  input.value = "";
  autosize();
  sendTurn(text);
});
input.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    form.requestSubmit();
  }
});
function autosize() { input.style.height = "auto"; input.style.height = `${Math.min(input.scrollHeight, 192)}px`; }
input.addEventListener("input", autosize);
for (const button of document.querySelectorAll("button.suggest")) {
  button.addEventListener("click", () => { input.value = button.textContent; autosize(); input.focus(); });
}

// ---- today ----------------------------------------------------------------------------------------

// A moved event or reminder says where it was; a skipped time of a repeating one stays in its day, struck
// through; an invitation found in mail says who asks and that it is not answered (it is on no calendar). An event still to come, and a reminder waiting for its time, offer a change.
function itemRow(entry) {
  const when = entry.all_day ? "all day" : clockTime(entry.at || entry.start || entry.due);
  const title = entry.title || entry.text || "";
  const state = entry.state === "skipped" ? "skipped"
    : entry.state === "moved" && entry.moved_from ? `moved from ${shortDate(entry.moved_from)}`
    : entry.kind === "invitation" ? `invitation${entry.invitation && entry.invitation.from ? ` from ${entry.invitation.from}` : ""}, not answered`
    : entry.kind || "";
  const change = entry.state === "skipped" || !entry.id ? []
    : entry.kind === "event" && !entry.over ? eventChange(entry)
    : entry.kind === "reminder" && entry.status === "pending" && !entry.ahead ? reminderChange(entry) : [];
  return el("li", entry.state ? { class: entry.state } : {}, el("span", { class: "when" }, when),
    el("span", { class: "what" }, title), el("span", { class: "kind" }, state), change);
}

// Change opens a small form under an entry: a new time in words (Move; for a repeating one, Move this
// time moves the time shown alone and Every time from now on the series), and Cancel it (a one-off) or
// Skip this time (a repeating one), asked once more before it is done. `move(when, series)` and `drop()`
// send the change through the same routes as `steward calendar` and `steward reminders`.
let changeForms = 0;
function changeControls(title, repeats, placeholder, move, drop) {
  const field = `entry-when-${++changeForms}`;
  const toggle = el("button", { type: "button", class: "quiet change", "aria-expanded": "false",
                                "aria-label": `Change “${title}”` }, "Change");
  const words = el("input", { type: "text", id: field, name: "when", autocomplete: "off", placeholder });
  const once = el("button", { type: "submit", class: "secondary" }, repeats ? "Move this time" : "Move");
  const every = repeats ? el("button", { type: "submit", class: "secondary" }, "Every time from now on") : null;
  const status = el("span", { class: "act-status", role: "status" });
  const dropButton = el("button", { type: "button", class: "quiet" }, repeats ? "Skip this time" : "Cancel it");
  const form = el("form", { class: "event-change", hidden: true, "aria-label": `Change “${title}”` },
    el("label", { for: field }, "Move to"), words, once, every, dropButton, status);
  toggle.addEventListener("click", () => {
    const opening = form.hidden;
    form.hidden = !opening;
    toggle.setAttribute("aria-expanded", String(opening));
    if (opening) words.focus();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const when = words.value.trim();
    if (!when) { status.textContent = "Say when, e.g. friday at 5 pm."; words.focus(); return; }
    const series = repeats && event.submitter === every;
    const buttons = [once, every].filter(Boolean);
    for (const button of buttons) button.disabled = true;
    status.textContent = "Moving…";
    try {
      const moved = await move(when, series);
      const at = moved.start || moved.due;
      status.textContent = series ? `Every time from ${shortDate(at)}.` : `Moved to ${shortDate(at)}.`;
      refreshToday();
    } catch (err) {
      status.textContent = err.message;
      for (const button of buttons) button.disabled = false;
    }
  });
  dropButton.addEventListener("click", () => {
    dropButton.replaceWith(el("span", { class: "confirm" }, repeats ? "Skip it this time?" : "Cancel it?",
      answerActions({
        label: `“${title}”`, yes: repeats ? "Yes, skip it" : "Yes, cancel it", no: "Keep it",
        working: { yes: repeats ? "Skipping…" : "Cancelling…", no: "Keeping it…" },
        send: async (choice) => {
          if (choice === "no") return "Kept as it is.";
          await drop();
          refreshToday();
          return repeats ? "Skipped this time." : "Cancelled.";
        },
      })));
  });
  return [toggle, form];
}

// An event is named by its id and the time shown, so no words are needed to tell two alike apart.
function eventChange(entry) {
  const repeats = Boolean(entry.rule);
  const named = (extra = {}) => ({ event: entry.id, at: entry.start, ...extra });
  return changeControls(entry.title || "this event", repeats,
    repeats ? "thursday at 3 pm, or every tuesday" : "friday at 5 pm",
    (when, series) => api("POST", "/events/move", named(repeats ? (series ? { when, series } : { when, once: true })
      : { when })),
    () => api("POST", repeats ? "/events/skip" : "/events/cancel", named()));
}

// A reminder is named by its id and the time shown (a later time of a repeating one is changed once it
// is the next: the panel offers no change to it).
function reminderChange(entry) {
  const repeats = Boolean(entry.rule);
  const path = `/reminders/${encodeURIComponent(entry.id)}`;
  return changeControls(entry.text || "this reminder", repeats,
    repeats ? "7:30 pm, or every weekday at 8" : "friday at 5 pm",
    (when, series) => api("POST", `${path}/move`, series ? { when, series } : { when, at: entry.due }),
    () => repeats ? api("POST", `${path}/skip`, { at: entry.due }) : api("DELETE", path));
}

function fill(list, rows, emptyText) {
  list.replaceChildren(...(rows.length ? rows : [el("li", { class: "muted" }, emptyText)]));
}

async function loadDay(when, list, emptyText) {
  try {
    const data = await api("GET", `/schedule?when=${encodeURIComponent(when)}`);
    fill(list, (data.items || []).map(itemRow), emptyText);
  } catch (err) {
    fill(list, [], err.message);
  }
}

// A proposal found in mail (the brief's Appointments section): Accept adds it to the calendar, after
// Steward proves it again from its message; a proposed cancellation or move is made the same way.
function appointmentActions(item) {
  return proposalActions(item.id, item.provider || "this appointment", refreshToday);
}

// A reminder due next: Cancel (a repeating one: Skip this time, the time shown alone; it goes on after).
function reminderRow(reminder) {
  const path = `/reminders/${encodeURIComponent(reminder.id)}`;
  const cancel = reminder.rule
    ? el("button", { type: "button", class: "quiet", "aria-label": `Skip this time of the reminder “${reminder.text}”` }, "Skip this time")
    : el("button", { type: "button", class: "quiet", "aria-label": `Cancel the reminder “${reminder.text}”` }, "Cancel");
  cancel.addEventListener("click", async () => {
    cancel.disabled = true;
    try { await (reminder.rule ? api("POST", `${path}/skip`, { at: reminder.due }) : api("DELETE", path)); refreshToday(); }
    catch (err) { cancel.disabled = false; cancel.textContent = err.message; }
  });
  return el("li", {}, el("span", { class: "when" }, shortDate(reminder.due)), el("span", { class: "what" }, reminder.text), cancel);
}

// A reminder that has fired: Snooze 10 min and Done (the same actions as a notification's buttons).
function firedRow(reminder) {
  const act = (label, action, body, name) => {
    const button = el("button", { type: "button", class: "quiet", "aria-label": `${name} “${reminder.text}”` }, label);
    button.addEventListener("click", async () => {
      button.disabled = true;
      try { await api("POST", `/reminders/${encodeURIComponent(reminder.id)}/${action}`, body); refreshToday(); }
      catch (err) { button.disabled = false; button.textContent = err.message; }
    });
    return button;
  };
  return el("li", {}, el("span", { class: "when" }, shortDate(reminder.due)), el("span", { class: "what" }, reminder.text),
    act("Snooze 10 min", "snooze", { minutes: 10 }, "Snooze the reminder"), act("Done", "done", {}, "Mark done the reminder"));
}

async function loadFired(list) {
  try {
    const data = await api("GET", "/reminders/recent");
    fill(list, (data.reminders || []).map(firedRow), "Nothing has reminded you in the last 12 hours.");
  } catch (err) {
    fill(list, [], err.message);
  }
}

async function loadNext(list) {
  try {
    const data = await api("GET", "/reminders?limit=5");
    fill(list, (data.reminders || []).map(reminderRow), "Nothing pending. Say “remind me …” to add one.");
  } catch (err) {
    fill(list, [], err.message);
  }
}

let refreshing = null;
function refreshToday() {
  if (refreshing) return refreshing;
  refreshing = Promise.all([
    loadDay("today", $("#today-items"), "Nothing today. Ask Steward to remind you of something."),
    loadDay("tomorrow", $("#tomorrow-items"), "Nothing tomorrow yet."),
    loadFired($("#fired-items")),
    loadNext($("#next-items")),
  ]).finally(() => { refreshing = null; });
  return refreshing;
}
$("#refresh").addEventListener("click", refreshToday);

// ---- search ---------------------------------------------------------------------------------------

function terms(query) {
  return query.toLowerCase().split(/[^\p{L}\p{N}@.]+/u).map((t) => t.replace(/^\.+|\.+$/g, "")).filter((t) => t.length > 1);
}

// The text with every query term wrapped in <mark>, built as nodes (never as HTML).
function highlighted(text, words) {
  const out = [];
  if (!words.length || !text) return [text || ""];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = new RegExp(`(${escaped.join("|")})`, "giu");
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(el("mark", {}, m[0]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

// A hit; "Read" fetches the body live from the message's source (Steward never stores bodies).
function hitRow(hit, words) {
  const body = el("div", { class: "body", hidden: true });
  const read = el("button", { type: "button", class: "quiet", "aria-expanded": "false" }, "Read");
  read.addEventListener("click", async () => {
    const open = read.getAttribute("aria-expanded") === "true";
    read.setAttribute("aria-expanded", String(!open));
    read.textContent = open ? "Read" : "Close";
    body.hidden = open;
    if (open || body.dataset.loaded) return;
    body.textContent = "Fetching from the source…";
    try {
      const message = await api("GET", `/mail/${encodeURIComponent(hit.id)}`);
      body.replaceChildren(...highlighted(message.body, words));
      body.dataset.loaded = "1";
    } catch (err) {
      body.textContent = err.message;
    }
  });
  const warning = hit.category === "phishing_suspect"
    ? el("div", { class: "phishing", role: "note" }, "Suspected phishing: do not click its links or reply with details.")
    : null;
  return el("li", {},
    ...(warning ? [warning] : []),
    el("div", { class: "subject" }, highlighted(hit.subject || "(no subject)", words)),
    el("div", { class: "from" }, highlighted(hit.sender_name ? `${hit.sender_name} <${hit.sender}>` : hit.sender, words)),
    el("div", { class: "snippet" }, highlighted(hit.snippet, words)),
    el("div", { class: "hit-foot" }, el("span", { class: "date" }, shortDate(hit.received_at)), read),
    body);
}

async function search(query) {
  const status = $("#search-status");
  const hits = $("#hits");
  status.textContent = "Searching…";
  try {
    const data = await api("GET", `/mail/search?q=${encodeURIComponent(query)}`);
    const words = terms(query);
    hits.replaceChildren(...data.hits.map((hit) => hitRow(hit, words)));
    const n = data.hits.length;
    if (data.matched === false) {
      status.textContent = n ? `Nothing matched “${query}”; the closest were:`
        : `Nothing matched “${query}”. Try other words.`;
    } else {
      status.textContent = n ? `${n} ${n === 1 ? "message" : "messages"}${data.broadened ? " (no exact match; showing close ones)" : ""}`
        : "No mail matches. Try fewer or different words.";
    }
  } catch (err) {
    hits.replaceChildren();
    status.textContent = err.message;
  }
}

// ---- money ---------------------------------------------------------------------------------------

// One due: its date, who it is owed to, the amount; "Mail" reads its source message live, "Paid" marks it.
function dueRow(due) {
  const body = el("div", { class: "body", hidden: true });
  const mail = el("button", { type: "button", class: "quiet", "aria-expanded": "false",
    "aria-label": `Read the mail behind the ${due.issuer} due` }, "Mail");
  mail.addEventListener("click", async () => {
    const open = mail.getAttribute("aria-expanded") === "true";
    mail.setAttribute("aria-expanded", String(!open));
    body.hidden = open;
    if (open || body.dataset.loaded) return;
    body.textContent = "Fetching from the source…";
    try {
      const message = await api("GET", `/mail/${encodeURIComponent(due.source.message_id)}`);
      body.textContent = `${message.subject}\n\n${message.body}`;
      body.dataset.loaded = "1";
    } catch (err) { body.textContent = err.message; }
  });
  const paid = el("button", { type: "button", class: "quiet", "aria-label": `Mark the ${due.issuer} due paid` }, "Paid");
  paid.addEventListener("click", async () => {
    paid.disabled = true;
    try { await api("POST", `/dues/${encodeURIComponent(due.id)}/paid`, {}); loadMoney(); }
    catch (err) { paid.disabled = false; paid.textContent = err.message; }
  });
  // two lines at most: who and how much; then the day, its status and the actions
  const last4 = (due.account || "").replace(/^X+/, "");
  const status = due.overdue ? "overdue" : due.autopay ? "autopay" : "open";
  return el("li", { class: `money-row${due.overdue ? " overdue" : ""}`, "data-due": due.id },
    el("span", { class: "who" }, due.issuer, last4 ? el("span", { class: "last4" }, ` ··${last4}`) : null),
    el("span", { class: "sum" }, due.amount_text || `${due.currency} ${due.amount}`),
    el("span", { class: "day" }, due.due_text || shortDate(due.due_date), " ",
      el("span", { class: `chip chip-${status}` }, { overdue: "overdue", autopay: "autopay", open: "to pay" }[status])),
    el("span", { class: "row-acts" }, mail, paid), body);
}

async function loadMoney() {
  const groups = $("#money-groups");
  try {
    const data = await api("GET", "/dues");
    const chart = $("#money-chart-img");
    chart.alt = data.chart_text || "";
    chart.src = `/dues/chart.svg?at=${Date.now()}`;
    $("#money-chart").hidden = !data.currencies.length;
    if (!data.currencies.length) {
      groups.replaceChildren(el("p", { class: "muted" }, "Nothing owed in the bills Steward has read."));
      return;
    }
    groups.replaceChildren(...data.currencies.map((g) => el("div", { class: "currency" },
      el("h3", { class: "day-label" }, `${g.currency}: ${g.total_text || g.total_due} to pay`,
        Number(g.overdue_total) ? el("strong", { class: "flag" }, ` (${g.overdue_text || g.overdue_total} overdue)`) : null),
      el("ul", { class: "items" }, g.items.map(dueRow)))));
  } catch (err) {
    groups.replaceChildren(el("p", { class: "muted" }, err.message));
  }
}
$("#money-refresh").addEventListener("click", loadMoney);

$("#search-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const query = $("#q").value.trim();
  if (!query) return;
  $("#search").hidden = false;
  search(query);
});
// the header's search box filled in and run (an offline answer's "Search mail for these words")
function searchFor(words) {
  $("#q").value = words;
  $("#search").hidden = false;
  search(words);
  $("#q").focus();
}
$("#search-close").addEventListener("click", () => { $("#search").hidden = true; $("#q").focus(); });
// "/" anywhere but in a text box puts the cursor in the search box
document.addEventListener("keydown", (event) => {
  if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
  const t = event.target;
  if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  event.preventDefault();
  $("#q").focus();
});

// ---- the time zone ---------------------------------------------------------------------------------

const zoneButton = $("#zone-button");
const zoneForm = $("#zone-form");
const zoneInput = $("#zone-input");
const zoneStatus = $("#zone-status");
const ZONE_HINT = zoneStatus.textContent;
let zonesListed = false;

function showZoneForm(open) {
  zoneForm.hidden = !open;
  zoneButton.setAttribute("aria-expanded", String(open));
  if (!open) { zoneButton.focus(); return; }
  zoneStatus.textContent = ZONE_HINT;
  zoneInput.removeAttribute("aria-invalid");
  zoneInput.focus();
  zoneInput.select();
  if (zonesListed) return;
  zonesListed = true;
  api("GET", "/zones").then((data) => {
    $("#zone-list").replaceChildren(...data.zones.map((z) => el("option", { value: z.zone }, z.label)));
  }).catch(() => { zonesListed = false; });
}

// the page's clock after a change: the header, the Today panel's day, and the panels read again
function showClock(clock) {
  todayIso = clock.today;
  document.body.dataset.today = clock.today;
  $("#zone-label").textContent = clock.label;
  zoneButton.title = clock.zone;
  zoneInput.value = clock.zone;
  const long = $("#today-long");
  long.textContent = clock.today_long;
  long.setAttribute("datetime", clock.now);
  $("#today-label").textContent = clock.today_long;
  refreshToday();
  loadMoney();
}

zoneButton.addEventListener("click", () => showZoneForm(zoneForm.hidden));
$("#zone-cancel").addEventListener("click", () => showZoneForm(false));
zoneForm.addEventListener("keydown", (event) => { if (event.key === "Escape") showZoneForm(false); });
zoneForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const zone = zoneInput.value.trim();
  if (!zone) return;
  zoneStatus.textContent = "Changing…";
  try {
    const clock = await api("PUT", "/zone", { zone });
    showClock(clock);
    showZoneForm(false);
    $("#zone-said").textContent = `Your clock is now on ${clock.label} time: ${clock.today_long}.`;
  } catch (err) {
    zoneInput.setAttribute("aria-invalid", "true");
    zoneStatus.textContent = err.message;
  }
});

// ---- the panels in order of use ---------------------------------------------------------------------

// Each use of a panel (a button, a link or an answer of its kind in the chat) counts for it; the page
// opens with the most used panel first (never reordered while it is open, so nothing moves under a click).
const USE_KEY = "steward.panel-use";
function panelUse() {
  try { return JSON.parse(localStorage.getItem(USE_KEY) || "{}") || {}; } catch { return {}; }
}
function usedPanel(id) {
  const use = panelUse();
  use[id] = (use[id] || 0) + 1;
  try { localStorage.setItem(USE_KEY, JSON.stringify(use)); } catch { /* storage off: the order stays */ }
}
function orderPanels() {
  const side = $(".side");
  const use = panelUse();
  const panels = [...side.querySelectorAll(":scope > .panel")];
  panels.map((panel, i) => ({ panel, n: Number(use[panel.id]) || 0, i }))
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .forEach(({ panel }) => side.append(panel));
}
for (const panel of document.querySelectorAll(".side > .panel")) {
  panel.addEventListener("click", (event) => {
    if (event.target.closest("button, a, summary, input")) usedPanel(panel.id);
  });
}
// an answer in the chat uses the panel that shows the same things
const PANEL_OF_VIEW = { dues: "money", schedule: "today", brief: "today", bookings: "today" };

orderPanels();
refreshToday();
loadMoney();
restored = restoreChat();
