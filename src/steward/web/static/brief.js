// The Today panel is the daily brief: its sections in the order the prefs say (GET /brief), each one's
// place and options editable (POST /brief/config: the same change chat and `steward brief config` make,
// audited, with undo). Today's and tomorrow's lists are app.js's; this file orders them with the rest.
// Uses app.js's $, el and api. Text from mail is only ever set as text, never parsed as HTML.
"use strict";

const briefRoot = $("#brief");
const briefEditor = $("#brief-edit-body");
const briefStatus = $("#brief-status");
let briefManifest = null;

function briefBlock(slot) {
  return briefRoot.querySelector(`.brief-block[data-slot="${CSS.escape(slot)}"]`);
}

function briefItem(item) {
  const row = el("li", { class: item.warn ? "warn" : null }, el("span", { class: "what" }, item.text));
  if (item.kind === "appointment" && item.status === "proposed" && item.id) row.append(appointmentActions(item));
  return row;
}

function briefHeading(section, id) {
  return el("h3", { class: "day-label", id }, section.title,
    section.subtitle ? el("span", { class: "brief-sub" }, ` · ${section.subtitle}`) : null);
}

// A section's block: schedule and tomorrow keep app.js's lists (only their subtitle is set here).
function briefSection(section) {
  let block = briefBlock(section.slot);
  if (!block) block = el("div", { class: "brief-block", "data-slot": section.slot });
  if (section.slot === "schedule" || section.slot === "tomorrow") {
    const sub = block.querySelector(".brief-sub");
    if (sub) sub.remove();
    if (section.subtitle && section.slot === "tomorrow") {
      block.querySelector("h3").append(el("span", { class: "brief-sub" }, ` · ${section.subtitle}`));
    }
  } else {
    const id = `brief-${section.slot}-label`;
    const rows = section.items.length ? section.items.map(briefItem)
      : [el("li", { class: "muted" }, section.empty_reason || "Nothing to show.")];
    block.replaceChildren(briefHeading(section, id), el("ul", { class: "items", "aria-labelledby": id }, rows));
  }
  block.hidden = false;
  return block;
}

async function briefChange(body) {
  briefStatus.textContent = "Saving…";
  try {
    const result = await api("POST", "/brief/config", body);
    briefStatus.textContent = result.message;
    await refreshBrief();
  } catch (err) {
    briefStatus.textContent = err.message;
  }
}

function optionField(slot, name, spec, value) {
  const id = `brief-opt-${slot}-${name}`;
  if (spec.kind === "categories") {
    const chosen = new Set(value || []);
    const boxes = spec.values.map((v) => el("label", { class: "brief-check" },
      el("input", { type: "checkbox", name, value: v, checked: chosen.has(v) }), ` ${v.replace(/_/g, " ")}`));
    return el("fieldset", { class: "brief-opt" }, el("legend", {}, spec.help), ...boxes);
  }
  return el("label", { class: "brief-opt", for: id }, `${spec.help} `,
    el("input", { type: "number", id, name, min: spec.low, max: spec.high, value: String(value) }));
}

function optionsForm(section, specs) {
  const form = el("form", { class: "brief-options", "aria-label": `Options of ${section.title}` },
    ...Object.entries(specs).map(([name, spec]) => optionField(section.slot, name, spec, section.options[name])),
    el("button", { type: "submit", class: "secondary" }, "Save"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { op: "options", section: section.slot };
    for (const [name, spec] of Object.entries(specs)) {
      if (spec.kind === "categories") {
        body[name] = [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((box) => box.value);
      } else {
        body[name] = Number(form.querySelector(`input[name="${name}"]`).value);
      }
    }
    briefChange(body);
  });
  return form;
}

function editorRow(section, index, count) {
  const specs = (briefManifest.find((m) => m.slot === section.slot) || { options: {} }).options;
  const button = (label, aria, body, disabled) => {
    const b = el("button", { type: "button", class: "quiet", "aria-label": aria, disabled }, label);
    b.addEventListener("click", () => briefChange(body));
    return b;
  };
  return el("li", { class: "brief-row", "data-slot": section.slot },
    el("span", { class: "what" }, section.title),
    button("Up", `Move ${section.title} up`, { op: "move", section: section.slot, position: String(index) }, index === 0),
    button("Down", `Move ${section.title} down`, { op: "move", section: section.slot, position: String(index + 2) },
      index === count - 1),
    button("Remove", `Remove ${section.title} from the brief`, { op: "remove", section: section.slot }),
    Object.keys(specs).length ? optionsForm(section, specs) : null);
}

function renderEditor(sections) {
  const shown = new Set(sections.map((s) => s.slot));
  const rows = sections.map((s, i) => editorRow(s, i, sections.length));
  const missing = briefManifest.filter((m) => !shown.has(m.slot));
  const add = el("form", { class: "brief-add" });
  if (missing.length) {
    const select = el("select", { name: "section", "aria-label": "A section to add" },
      ...missing.map((m) => el("option", { value: m.slot }, m.title)));
    add.append(select, el("button", { type: "submit", class: "secondary" }, "Add"));
    add.addEventListener("submit", (event) => { event.preventDefault(); briefChange({ op: "add", section: select.value }); });
  }
  const undo = el("button", { type: "button", class: "quiet" }, "Undo the last change");
  undo.addEventListener("click", () => briefChange({ op: "undo" }));
  const reset = el("button", { type: "button", class: "quiet" }, "Back to the full brief");
  reset.addEventListener("click", () => briefChange({ op: "reset" }));
  briefEditor.replaceChildren(el("ol", { class: "brief-rows" }, rows), add, el("div", { class: "brief-undo" }, undo, reset));
}

let briefLoading = null;
async function refreshBrief() {
  if (briefLoading) return briefLoading;
  briefLoading = (async () => {
    try {
      if (!briefManifest) briefManifest = (await api("GET", "/brief/config")).manifest;
      const data = await api("GET", "/brief");
      const shown = new Set(data.sections.map((s) => s.slot));
      const blocks = data.sections.map(briefSection);
      for (const block of briefRoot.querySelectorAll(".brief-block")) {
        if (!shown.has(block.dataset.slot)) block.hidden = true;
      }
      for (const block of blocks) briefRoot.append(block);  // moves each into the prefs' order
      renderEditor(data.sections);
    } catch (err) {
      briefStatus.textContent = err.message;
    } finally {
      briefLoading = null;
    }
  })();
  return briefLoading;
}

// app.js refreshes today's list after every turn that wrote something ("remove the dues from my brief"
// included): the brief follows it.
let briefTimer = null;
new MutationObserver(() => {
  clearTimeout(briefTimer);
  briefTimer = setTimeout(refreshBrief, 50);
}).observe($("#today-items"), { childList: true });
$("#refresh").addEventListener("click", refreshBrief);
refreshBrief();
