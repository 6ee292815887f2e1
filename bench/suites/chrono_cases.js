// Reads chrono's English tests (wanasit/chrono, test/en/*.test.ts, already transpiled to CommonJS by
// chrono_cases.py) WITHOUT chrono: each test's expectations are recorded, not checked. A test's
// `result` is a stand-in whose fields are tokens; `expect(token).toBe(value)` records the expected
// value of that field for the case. Prints one JSON case a line on stdout.
"use strict";
const path = require("path");
const cases = [];
let current = null;  // the case whose check function is running
let file = "";
let testName = "";

function token(pathName) { return { __token: pathName }; }

function variant(name) {
  const v = { __variant: name };
  v.clone = () => variant(name);
  v.parse = () => { throw new Error("direct parse: not converted"); };
  v.parseDate = () => { throw new Error("direct parseDate: not converted"); };
  return v;
}
const shim = {
  casual: variant("casual"), strict: variant("strict"),
  en: { casual: variant("casual"), strict: variant("strict"), GB: variant("en.GB"),
        configuration: { createCasualConfiguration: () => ({}) } },
  fr: variant("fr"), Chrono: function () { return variant("custom"); },
  parse: () => { throw new Error("direct parse: not converted"); },
  parseDate: () => { throw new Error("direct parseDate: not converted"); },
  Meridiem: { AM: 0, PM: 1 }, Month: {}, Weekday: {},
};

function component(prefix) {
  return {
    get: (name) => token(prefix + "." + name),
    isCertain: (name) => token(prefix + ".certain." + name),
    date: () => token(prefix + ".date"),
    tags: () => new Set(),
    __token: prefix,
  };
}

function resultProxy(ref) {
  return { text: token("text"), index: token("index"), start: component("start"), end: component("end"),
           refDate: ref instanceof Date ? ref : (ref && ref.instant) || new Date(), tags: () => new Set() };
}

function record(tok, value) {
  if (!current || !tok || typeof tok.__token !== "string") return;
  if (value instanceof Date) value = { date: value.toISOString() };
  current.expect[tok.__token] = value;
}

function matchers(subject, negated) {
  const m = {
    toBe: (v) => { if (!negated) record(subject, v); },
    toEqual: (v) => { if (!negated) record(subject, v); },
    toStrictEqual: (v) => { if (!negated) record(subject, v); },
    toBeDate: (v) => { if (!negated) record(subject, v); },
    toBeNull: () => { if (!negated) record(subject, null); },
    toBeUndefined: () => { if (!negated) record(subject, null); },
  };
  return new Proxy(m, { get: (t, k) => (k in t ? t[k] : () => undefined) });
}
global.expect = (subject) => {
  const m = matchers(subject, false);
  return new Proxy({}, { get: (t, k) => (k === "not" ? matchers(subject, true) : m[k]) });
};
global.test = global.it = (name, fn) => {
  testName = name;
  try { fn(); } catch (e) { cases.push({ file, test: name, error: String(e.message || e) }); }
};
global.describe = (name, fn) => fn();

function refJSON(ref) {
  if (ref === undefined || ref === null) return null;
  if (ref instanceof Date) return { instant: ref.toISOString() };
  return { instant: ref.instant ? ref.instant.toISOString() : null, timezone: ref.timezone === undefined ? null : ref.timezone };
}

function testSingleCase(chrono, text, refOrCheck, optOrCheck, check) {
  if (check === undefined && typeof optOrCheck === "function") { check = optOrCheck; optOrCheck = undefined; }
  if (optOrCheck === undefined && typeof refOrCheck === "function") { check = refOrCheck; refOrCheck = undefined; }
  const c = { file, test: testName, kind: "positive", variant: chrono && chrono.__variant, text,
              ref: refJSON(refOrCheck), option: optOrCheck || null, expect: {} };
  cases.push(c);
  current = c;
  try { if (check) check(resultProxy(refOrCheck), text); } finally { current = null; }
}
function testWithExpectedDate(chrono, text, date) {
  cases.push({ file, test: testName, kind: "positive", variant: chrono && chrono.__variant, text, ref: null,
               option: null, expect: { start: { date: date.toISOString() } } });
}
function testUnexpectedResult(chrono, text, ref, options) {
  cases.push({ file, test: testName, kind: "negative", variant: chrono && chrono.__variant, text,
               ref: refJSON(ref), option: options || null, expect: {} });
}
const util = { testSingleCase, testWithExpectedDate, testUnexpectedResult, measureMilliSec: () => 0 };

const Module = require("module");
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request.endsWith("test_util")) return util;
  if (request.includes("/src")) return shim;
  return load.apply(this, arguments);
};
for (const f of process.argv.slice(2)) {
  file = path.basename(f).replace(/\.js$/, ".ts");
  try { require(path.resolve(f)); } catch (e) { cases.push({ file, error: String(e.message || e) }); }
}
for (const c of cases) process.stdout.write(JSON.stringify(c) + "\n");
