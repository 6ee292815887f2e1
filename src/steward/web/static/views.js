// An answer's view (the trace's data.view): the same answer as its reply, drawn as things: dues as a
// table, a schedule as days, mail as messages that open, bookings with their Accept and Reject.
// Days, times and sums arrive written in the person's locale; nothing here formats or parses reply text.
"use strict";
// Nodes are built with app.js's el() (loaded after this file; these functions run only once it is).

const CHIP_WORDS = { overdue: "overdue", autopay: "autopay", paid: "paid", open: "to pay" };

function chip(status) {
  return el("span", { class: `chip chip-${status}` }, CHIP_WORDS[status] || status);
}

// One pair of answer buttons (Accept / Reject, Confirm / Cancel) for everything that waits for a yes:
// a click answers through `send` (which returns what happened, in words); the buttons then give way to
// that sentence in the same place, the row keeping its height; a failure says why and offers them again.
function answerActions({ label, yes = "Accept", no = "Reject", working, send, onDone }) {
  const status = el("span", { class: "act-status", role: "status" });
  const accept = el("button", { type: "button", class: "secondary", "aria-label": `${yes} ${label}` }, yes);
  const reject = el("button", { type: "button", class: "quiet", "aria-label": `${no} ${label}` }, no);
  const box = el("span", { class: "acts" }, accept, reject, status);
  const answer = async (choice) => {
    // the words take the buttons' place at once: the box keeps the size it had, so nothing around it moves
    box.style.minWidth = `${box.offsetWidth}px`;
    box.style.minHeight = `${box.offsetHeight}px`;
    accept.disabled = reject.disabled = true;
    accept.hidden = reject.hidden = true;
    status.textContent = working[choice];
    try {
      status.textContent = await send(choice);
      box.classList.add("answered");
      if (onDone) onDone(choice);
    } catch (err) {
      status.textContent = err.message;
      accept.hidden = reject.hidden = false;
      accept.disabled = reject.disabled = false;
    }
  };
  accept.addEventListener("click", () => answer("yes"));
  reject.addEventListener("click", () => answer("no"));
  return box;
}

// Accept / Reject for an appointment found in mail: Accept adds it (or makes the change its mail asks)
// after Steward proves it again from its message.
function proposalActions(id, label, onDone) {
  return answerActions({
    label, working: { yes: "Checking the mail again…", no: "Turning it down…" }, onDone,
    send: async (choice) => {
      const done = await api("POST", `/appointments/${encodeURIComponent(id)}/${choice === "yes" ? "accept" : "reject"}`, {});
      if (choice === "no") return "Turned down.";
      return done.status === "created" ? (done.change ? "Done." : "Added to your calendar.")
        : `Not added: ${done.reason || done.status}.`;
    },
  });
}

function duesView(view) {
  const rows = view.items.map((d) => el("tr", { class: `due due-${d.status}` },
    el("th", { scope: "row", class: "who" }, d.issuer,
      d.last4 ? el("span", { class: "last4" }, ` ··${d.last4}`) : null),
    el("td", { class: "sum" }, d.amount_text),
    el("td", { class: "day" }, d.due_text),
    el("td", { class: "status" }, chip(d.status))));
  const totals = (view.totals || []).length > 1 || view.items.length > 1
    ? el("p", { class: "totals" }, "Total: ", view.totals.map((t) => t.total_text).join(" · ")) : null;
  return [el("table", { class: "dues-table" },
    el("caption", { class: "sr-only" }, view.head),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Owed to"),
      el("th", { scope: "col" }, "Amount"), el("th", { scope: "col" }, "Due"),
      el("th", { scope: "col" }, "Status"))),
    el("tbody", {}, rows)), totals];
}

// cards and accounts: whose, which kind, the last four (masked), and the next bill (or the last one paid)
function accountsView(view) {
  const rows = view.items.map((a) => el("tr", { class: "account" },
    el("th", { scope: "row", class: "who" }, a.issuer),
    el("td", { class: "kind" }, a.kind),
    el("td", { class: "last4" }, a.last4_text || "—"),
    a.due ? el("td", { class: "next" },
      el("span", { class: "sum" }, a.due.amount_text), ` · ${a.due.due_text} `, chip(a.due.status))
      : el("td", { class: "next muted" }, "none seen")));
  return [el("table", { class: "dues-table accounts-table" },
    el("caption", { class: "sr-only" }, view.head),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Issuer"), el("th", { scope: "col" }, "Kind"),
      el("th", { scope: "col" }, "Number"), el("th", { scope: "col" }, "Next due"))),
    el("tbody", {}, rows))];
}

function scheduleView(view, onDone) {
  if (!view.days.length) return [el("p", { class: "muted" }, "Nothing in these days.")];
  const strip = view.days.length > 1 ? weekStrip(view.days) : null;
  return [strip, el("ol", { class: "days" }, view.days.filter((d) => d.items.length).map((day) => el("li", { class: "day" },
    el("h2", { class: "day-name" }, day.day_text),
    el("ul", { class: "day-items" }, day.items.length ? day.items.map((i) => el("li", { class: `entry entry-${i.what}` },
      el("span", { class: "time" }, i.time_text || (i.what === "due" ? "due" : "all day")),
      el("span", { class: "title" }, i.title, i.amount_text ? ` ${i.amount_text}` : "",
        i.waiting ? el("span", { class: "chip chip-waiting" }, "waiting for your yes") : null),
      i.waiting && i.proposal ? proposalActions(i.proposal, i.title, onDone) : null,
      i.what === "event" && i.event_id && !i.over ? eventChange({ id: i.event_id, start: i.at, rule: i.repeats, title: i.title })
        : null))
      : el("li", { class: "muted" }, "Nothing.")))))];
}

function mailView(view, openMessage) {
  return [el("ul", { class: "mail-list" }, view.items.map((m) => {
    const body = el("div", { class: "body", hidden: true });
    const open = el("button", { type: "button", class: "mail-open", "aria-expanded": "false" },
      el("span", { class: "subject" }, m.subject || "(no subject)"),
      el("span", { class: "from" }, `${m.sender_name} · ${m.day_text}`));
    open.addEventListener("click", () => openMessage(m.id, open, body));
    return el("li", { class: m.suspicious ? "suspicious" : null },
      m.suspicious ? el("span", { class: "chip chip-overdue" }, "looks like phishing") : null, open, body);
  }))];
}

function bookingsView(view, onDone) {
  return [el("ul", { class: "bookings" }, view.items.map((b) => el("li", { class: "booking" },
    el("span", { class: "time" }, `${b.day_text} ${b.time_text}`),
    el("span", { class: "title" }, b.title, b.location ? el("span", { class: "where" }, ` · ${b.location}`) : null,
      el("span", { class: `chip ${b.waiting ? "chip-waiting" : "chip-open"}` }, b.waiting ? "waiting for your yes" : b.status)),
    b.waiting && b.proposal ? proposalActions(b.proposal, b.title, onDone) : null)))];
}

// mail grouped by sender: who, how many, over which days, a subject or two; "Show" lists them in the search
function sendersView(view, search) {
  return [el("ul", { class: "senders" }, view.groups.map((g) => {
    const show = el("button", { type: "button", class: "quiet", "aria-label": `Show the mail from ${g.sender_name}` }, "Show");
    show.addEventListener("click", () => search(g.search));
    return el("li", {},
      el("span", { class: "count" }, g.count_text),
      el("span", { class: "who" }, g.sender_name, el("span", { class: "span-text" }, ` · ${g.span_text}`)),
      show,
      g.examples.length ? el("span", { class: "examples" }, g.examples.join(" · ")) : null);
  }))];
}

function briefView(view) {
  return [el("div", { class: "brief-sections" }, view.sections.map((s) => el("section", { class: "brief-section" },
    el("h2", { class: "day-name" }, s.title),
    s.items.length ? el("ul", {}, s.items.map((i) => el("li", { class: i.warn ? "warn" : null }, i.text)))
      : el("p", { class: "muted" }, s.empty_reason || "Nothing."))))];
}

// The view's element, or null when the answer has none (its reply is shown as it is).
function renderView(view, hooks = {}) {
  if (!view || !view.kind) return null;
  const parts = view.kind === "dues" ? duesView(view)
    : view.kind === "accounts" ? accountsView(view)
    : view.kind === "schedule" ? scheduleView(view, hooks.changed)
    : view.kind === "mail" ? mailView(view, hooks.openMessage)
    : view.kind === "bookings" ? bookingsView(view, hooks.changed)
    : view.kind === "brief" ? briefView(view)
    : view.kind === "senders" ? sendersView(view, hooks.search)
    : view.kind === "offline" ? offlineView(view, hooks) : null;
  if (!parts) return null;
  // what waits for a yes in the answer's window (the schedule draws its own in place), each with its Accept
  const waiting = (view.waiting || []).length && view.kind !== "schedule"
    ? el("div", { class: "waiting", role: "group", "aria-label": "Also waiting for your yes" },
      el("p", { class: "waiting-head" }, "Also waiting for your yes:"),
      el("ul", {}, view.waiting.map((w) => el("li", {},
        el("span", { class: "title" }, w.title, el("span", { class: "where" }, ` · ${w.when_text}`)),
        w.proposal ? proposalActions(w.proposal, w.title, hooks.changed) : null))))
    : null;
  const also = view.also ? el("p", { class: "also" }, view.also) : null;
  return el("div", { class: `view view-${view.kind}${view.of_tools ? " of-tools" : ""}` },
    view.of_tools ? el("p", { class: "window" }, `${view.head}:`) : null,
    view.window ? el("p", { class: "window" }, `Looked at ${view.window}`) : null, parts, also, waiting);
}

window.renderView = renderView;

// The offline answer: what the page can do for the question now (search the mail for its words, or
// ask one of the things that work without a model), and the model set-up in one line.
function offlineView(view, hooks) {
  const search = view.search ? el("button", { type: "button", class: "secondary" }, "Search mail for these words") : null;
  if (search) search.addEventListener("click", () => hooks.search(view.search));
  const asks = view.suggestions.map((say) => {
    const b = el("button", { type: "button", class: "suggest" }, say);
    b.addEventListener("click", () => hooks.ask(say));
    return el("li", {}, b);
  });
  return [search ? el("p", {}, search) : null,
    asks.length ? el("p", { class: "muted" }, "Or ask what works now:") : null,
    asks.length ? el("ul", { class: "suggestions offline-asks" }, asks) : null,
    el("p", { class: "setup muted" }, guideLink(view.setup))];
}

// `text` with its `link` words made a link to the guide it names (served by Steward itself)
function guideLink(setup) {
  const at = setup.link && setup.guide ? setup.text.indexOf(setup.link) : -1;
  if (at < 0) return setup.text;
  return [setup.text.slice(0, at), el("a", { href: `/guides/${encodeURIComponent(setup.guide)}` }, setup.link),
    setup.text.slice(at + setup.link.length)];
}
window.offlineView = offlineView;

// The days of a schedule as a strip: a column a day, each thing at its hour (07:00 at the top, 22:00 at
// the bottom), what waits for a yes in amber, a bill due as a mark on top; drawn with DOM nodes, said in words.
const SVG_NS = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}
function weekStrip(days) {
  const W = 640, top = 28, H = 150, col = W / days.length;
  const hourOf = (iso) => { const m = /T(\d{2}):(\d{2})/.exec(iso || ""); return m ? Number(m[1]) + Number(m[2]) / 60 : 9; };
  const y = (h) => top + ((Math.min(Math.max(h, 7), 22) - 7) / 15) * (H - top - 8);
  const words = days.map((d) => `${d.day_text}: ${d.items.length ? d.items.map((i) =>
    `${i.time_text ? `${i.time_text} ` : ""}${i.title}${i.waiting ? " (waiting for your yes)" : ""}`).join(", ") : "nothing"}`);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", class: "strip", "aria-label": words.join(". ") });
  days.forEach((d, n) => {
    const x = n * col;
    svg.append(svgEl("rect", { x: x + 2, y: top - 4, width: col - 4, height: H - top, rx: 6, fill: "currentColor", "fill-opacity": 0.05 }));
    svg.append(svgEl("text", { x: x + col / 2, y: 16, "text-anchor": "middle", "font-size": 12, fill: "currentColor" },
      d.day_text.split(/[ ,]+/)[0] + " " + (d.date || "").slice(8).replace(/^0/, "")));
    d.items.forEach((i) => {
      const dueMark = i.what === "due";
      const h = dueMark ? 7 : hourOf(i.at);
      const block = svgEl("rect", { x: x + 6, y: dueMark ? top - 2 : y(h), width: col - 12, height: dueMark ? 6 : 12, rx: 3,
        fill: i.waiting ? "#d18b00" : dueMark ? "#b3261e" : "#2f6f5e" });
      block.append(svgEl("title", {}, `${i.time_text || ""} ${i.title}`.trim()));
      svg.append(block);
    });
  });
  return svg;
}
window.weekStrip = weekStrip;
