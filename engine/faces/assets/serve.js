// A hosted game's table (engine/faces/serve/page.py): the replay (replay.js) draws the board and the log;
// this script follows the game live, says whose move it is (GET /due and the stream's due events), offers
// this seat only the moves the seat check accepts from it (each choice's `actors` in GET /legal), lets the
// map fill a move's unit and hex fields, and keeps the verify verdict current. Every text is written with
// textContent: nothing from the server is parsed as markup.
(() => {
// biome-ignore lint/suspicious/noRedundantUseStrict: a classic script, not a module: this line makes it strict
"use strict";
const gid = document.body.dataset.game;
const api = `/api/games/${gid}`;
const key = `turnlog-token-${gid}`;
const NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const R = turnlogReplay;
const title = document.title;
let seq = R.counts()[0];
let me = "";
let choices = [];
let busy = false;
let again = false;
let due = null;
let takeback = {undo_by: [], redo_by: []};

function token() { return sessionStorage.getItem(key) || ""; }
function auth() { return token() ? {Authorization: `Bearer ${token()}`} : {}; }
async function get(url) {
  const r = await fetch(url, {headers: auth()});
  return [r, await r.json()];
}
function say(text, kind) { const s = $("status"); s.textContent = text; s.className = kind || ""; }
function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}
const shown = (v) => (typeof v === "object" ? JSON.stringify(v) : String(v));
// "TakeAttritionLosses" -> "take attrition losses": a readable label where /due gives no words.
const spaced = (name) => name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

// -- whose move: the prompt at the top, the tab's title, the game-over banner --------------------------------
function onDue(d) {
  due = d;
  const mine = me ? (d.seats || []).find((s) => s.actor === me) : null;
  const line = mine ? mine.line : d.line;
  const yours = !!me && (d.waiting || []).includes(me) && !d.over;
  $("prompt-line").textContent = (yours ? (line || "").replace(/^Your move: /, "") : line) || "";
  $("prompt").className = yours ? "yours" : d.over ? "over" : "";
  $("prompt-who").textContent = yours ? "Your move" : me ? `seated as ${me}` : "spectating";
  document.title = (yours ? "Your move — " : "") + title;
  const over = $("over");
  over.hidden = !d.over;
  over.textContent = d.over ? `Game over: ${d.over}.` : "";
}

// -- following the game: what the replay lacks, the menus, the verdict ----------------------------------------
async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    do {
      again = false;
      const [n, c, f, s] = R.counts();
      const [r, more] = await get(`${api}/replay?steps=${n}&commands=${c}&faces=${f}&strings=${s}`);
      if (!r.ok) continue;
      if (more.reload) { location.reload(); return; }
      if (more.steps.length || more.undone.length) R.grow(more);
      if (more.events !== seq) reverify();
      seq = more.events;
      $("seq").textContent = String(seq);
      const [, d] = await get(`${api}/due`);
      onDue(d);
      const [, summary] = await get(api);
      takeback = summary;
      await loadLegal();
    } while (again);
  } finally { busy = false; }
}

// The verdict follows the log: verify runs again a moment after the log last grew (once for a burst of commits).
let verifying = 0;
function reverify() {
  clearTimeout(verifying);
  verifying = setTimeout(async () => {
    const [r, v] = await get(`${api}/verify`);
    if (!r.ok) return;
    const verdict = $("verdict");
    verdict.textContent = v.ok ? `VERIFIED at seq ${v.events}` :
      `NOT VERIFIED${v.first_bad_seq ? ` (first problem at seq ${v.first_bad_seq})` : ""}`;
    verdict.className = v.ok ? "ok" : "bad";
    $("head").textContent = v.head || "(none)";
    $("verify-live").textContent = `Verify ran again at seq ${v.events}: ${v.ok ? "every row and command checks" :
      v.problem || "a problem was found"}. The report below is the one made when this page loaded.`;
  }, 600);
}

// -- the menu: this seat's moves, in words, the due one first ---------------------------------------------
let offered = "";
let offeredDue = "";
function itemsOf(who) {
  const s = due && (due.seats || []).find((x) => x.actor === who);
  return s ? {due: s.due || [], may: s.may || []} : {due: [], may: []};
}
function label(c, words) {
  const fixed = Object.entries(c.fixed || {}).map(([k, v]) => `${k} ${shown(v)}`).join(", ");
  const text = words || spaced(c.command) + (fixed ? ` (${fixed})` : "");
  const claim = (c.claim || []).includes(me) ? " — a claim the other side answers" : "";
  return text.charAt(0).toUpperCase() + text.slice(1) + claim + (c.rule ? ` [${c.rule}]` : "");
}
async function loadLegal() {
  const [, legal] = await get(`${api}/legal`);
  const mine = me ? legal.choices.filter((c) => (c.actors || []).includes(me)) : [];
  const sig = JSON.stringify([mine, itemsOf(me)]);
  if (sig === offered) return;  // the same menus: keep what the player has picked so far
  offered = sig;
  const {due: dueItems, may} = itemsOf(me);
  const words = (c, list) => list.find((i) => i.command === c.command && i.head === c.head)?.words;
  const dueHeads = dueItems.map((i) => i.head);
  const rank = (c) => dueHeads.indexOf(c.head);
  // a note is no fact about the board, whoever may add it
  const host = (c) => (c.role === "host" && c.command !== "AddNote") || (c.claim || []).includes(me);
  const groups = [
    ["Due now", mine.filter((c) => rank(c) >= 0).sort((a, b) => rank(a) - rank(b))],
    ["You may also", mine.filter((c) => rank(c) < 0 && !host(c))],
    ["Host facts / claims", mine.filter((c) => rank(c) < 0 && host(c))],
  ];
  const sel = $("choice");
  const was = sel.value ? choices[Number(sel.value)] : null;
  choices = [];
  sel.replaceChildren();
  for (const [name, list] of groups) {
    if (!list.length) continue;
    const g = el("optgroup", {label: name});
    for (const c of list) {
      const o = new Option(label(c, words(c, dueItems) || words(c, may)), String(choices.length));
      o.dataset.head = c.head;
      g.append(o);
      choices.push(c);
    }
    sel.append(g);
  }
  // a new move due: it is selected; otherwise the player's pick stays
  const keep = was ? choices.findIndex((c) => c.head === was.head && c.command === was.command) : -1;
  const fresh = JSON.stringify(dueHeads) !== offeredDue;
  offeredDue = JSON.stringify(dueHeads);
  sel.value = String(fresh || keep < 0 ? 0 : keep);
  $("box").hidden = !me;
  $("none").hidden = !!choices.length || !me;
  renderUndo();
  pick();
}
function renderUndo() {
  $("undo").hidden = !takeback.undo_by?.includes(me);
  $("redo").hidden = !takeback.redo_by?.includes(me);
}

// -- the fields of the chosen move -------------------------------------------------------------------------
// picked: the command's own fields; items: per list field (selections, retreats), its items by key.
let picked = {};
let items = {};
let active = "";
let confirmGiveUp = false;
const current = () => choices[Number($("choice").value)];
const isList = (o) => o.field.includes("[]");
const listName = (o) => o.field.split("[]")[0];
const sub = (o) => o.field.split(".").slice(1).join(".");
const matches = (o) => Object.entries(o.when || {}).every(([k, v]) => isList(o) || picked[k] === v);
function pick() {
  picked = {};
  items = {};
  active = "";
  confirmGiveUp = false;
  const c = current();
  for (const o of c?.options || []) {
    if (isList(o) || o.many || o.domain || o.optional || Object.keys(o.when || {}).length) continue;
    if ((o.values || []).length === 1) picked[o.field] = o.values[0];  // nothing to choose
  }
  for (const o of c?.options || []) {
    if (!o.domain || o.optional || isList(o)) continue;
    picked[o.field] = o.many ? (o.values || []).slice(0, o.least ?? 1) : (o.values || [""])[0];
  }
  render();
}
// The options shown now: the command's own (those whose `when` holds), then each list's key and, per item
// picked, its own options.
function visible() {
  const c = current(), out = [];
  if (!c) return out;
  for (const o of c.options || []) {
    if (!isList(o) && matches(o)) out.push({o, path: o.field, many: !!o.many});
  }
  for (const o of c.options || []) {
    if (!isList(o) || Object.keys(o.when || {}).length) continue;
    const name = listName(o);
    out.push({o, path: o.field, many: o.many, list: name});
    for (const k of Object.keys(items[name] || {})) {
      for (const s of c.options) {
        if (isList(s) && s.when && s.when[o.field] === k) {
          out.push({o: s, path: `${name}[${k}].${sub(s)}`, many: !!s.many, list: name, item: k});
        }
      }
    }
  }
  return out;
}
function valueAt(f) {
  if (f.list && f.item === undefined) return Object.keys(items[f.list] || {});
  if (f.list) return items[f.list][f.item][sub(f.o)] ?? (f.many ? [] : undefined);
  return picked[f.o.field] ?? (f.many ? [] : undefined);
}
function setValue(f, v) {
  if (f.list && f.item === undefined) {
    const had = items[f.list] || {};
    items[f.list] = Object.fromEntries(v.map((k) => [k, had[k] || {}]));
  } else if (f.list) {
    items[f.list][f.item][sub(f.o)] = v;
  } else if (v === undefined) {
    delete picked[f.o.field];
  } else {
    picked[f.o.field] = v;
  }
  confirmGiveUp = false;
  render();
}
function bounds(f) {
  const n = (f.o.values || []).length, least = f.many ? f.o.least ?? 1 : 1;
  const most = f.many ? (f.o.most ?? n) : 1;
  return [least, Math.min(most, n)];
}
function need(f) {
  if (f.o.domain) return "";
  const v = valueAt(f);
  if (!f.many) return v === undefined && !f.o.optional && (f.o.values || []).length ? "choose one" : "";
  const [least, most] = bounds(f);
  if (v.length < least) return `choose ${least - v.length} more`;
  return v.length > most ? `at most ${most}` : "";
}
function count(f) {
  const v = valueAt(f), [least, most] = bounds(f), kind = mapKind(f.o);
  const noun = kind === "unit" ? "units" : kind === "hex" ? "hexes" : "chosen";
  const of = least === most ? `${most}` : least ? `at least ${least}, at most ${most}` : `up to ${most}`;
  return `${v.length} of ${of} ${noun}${noun === "chosen" ? "" : " chosen"}`;
}
function mapKind(o) {
  const vals = o.values || [];
  if (!vals.length || o.domain) return "";
  const units = R.data().nat, hexes = new Set(R.data().hexes.map((h) => h[0]));
  if (vals.every((v) => typeof v === "string" && v in units)) return "unit";
  return vals.every((v) => hexes.has(v)) ? "hex" : "";
}
function render() {
  const box = $("fields");
  box.replaceChildren();
  const c = current();
  $("choice-note").textContent = c ? [c.note, c.text].filter(Boolean).join(" — ") : "";
  for (const f of visible()) box.append(field(f));
  build();
  mark();
}
// An open list the map can fill: hexes or units named by its domain, any of them (the rules judge on sending).
function openKind(o) {
  if (!o.domain || !o.many || o.domain.includes("[{")) return "";
  return /\bhex/i.test(o.domain) ? "hex" : /\bunit/i.test(o.domain) ? "unit" : "";
}
function field(f) {
  const o = f.o, kind = mapKind(o) || openKind(o), name = f.item !== undefined ? `${sub(o)} for ${f.item}` : f.path;
  const wrap = el("fieldset", {"data-path": f.path, class: f.path === active ? "field active" : "field"});
  const legend = el("legend", {}, name + (kind ? ` — click ${kind === "unit" ? "counters" : "hexes"} on the map` : ""));
  wrap.append(legend);
  wrap.addEventListener("focusin", () => { active = f.path; mark(); });
  if (o.domain) {
    const input = el("input", {"aria-label": `${name}: ${o.domain}`, placeholder: o.domain});
    const v = picked[o.field];
    const plain = o.many && Array.isArray(v) && v.every((x) => typeof x === "string");
    input.value = v === undefined ? "" : typeof v === "string" ? v : plain ? v.join(", ") : JSON.stringify(v);
    input.addEventListener("change", () => {
      const t = input.value.trim();
      let v2;
      if (t === "") v2 = o.optional ? undefined : o.many ? [] : "";
      else if (o.many && !/^[[{]/.test(t)) v2 = t.split(/[\s,]+/).filter(Boolean);  // "0505, 0506"
      else if (!o.many && typeof (o.values || [""])[0] === "string") v2 = t;
      else try { v2 = JSON.parse(t); } catch (_e) { v2 = t; }
      setValue(f, v2);
    });
    wrap.append(input);
  } else if (!f.many) {
    const sel = el("select", {"aria-label": name});
    sel.add(new Option(o.optional ? "(left out)" : "(choose)", ""));
    (o.values || []).forEach((v, i) => { sel.add(new Option(shown(v), String(i))); });
    const at = (o.values || []).findIndex((v) => shown(v) === shown(valueAt(f)));
    sel.value = at >= 0 ? String(at) : "";
    sel.addEventListener("change", () => setValue(f, sel.value === "" ? undefined : o.values[Number(sel.value)]));
    wrap.append(sel);
  } else {
    const chosen = valueAt(f);
    for (const v of o.values || []) {
      const on = chosen.some((x) => shown(x) === shown(v));
      const b = el("button", {type: "button", class: "toggle", "aria-pressed": String(on), "data-value": shown(v)},
        shown(v));
      b.addEventListener("click", () => toggle(f, v));
      wrap.append(b);
    }
    wrap.append(el("span", {class: "count"}, count(f)));
  }
  const missing = need(f);
  if (missing) wrap.append(el("span", {class: "need"}, ` ${missing}`));
  return wrap;
}
function toggle(f, v) {
  active = f.path;
  const now = valueAt(f), on = now.some((x) => shown(x) === shown(v)), [, most] = bounds(f);
  if (!on && now.length >= most && most > 1) { say(`${f.path}: already ${most} chosen (the most allowed)`, "refused"); return; }
  setValue(f, on ? now.filter((x) => shown(x) !== shown(v)) : most === 1 ? [v] : [...now, v]);
}

// What the move gives up when sent as it stands: a list left empty (no occupation), no retreat, no advance.
function givesUp() {
  const c = current(), out = [];
  for (const f of visible()) {
    if (!f.many || f.item !== undefined || valueAt(f).length || (f.o.least ?? 1) > 0) continue;
    const what = `${c.command} ${f.path}`;
    if (/retreat/i.test(what)) out.push("no retreat");
    else if (/advance|occup|pursu/i.test(what)) out.push("no advance");
    else if (f.list) out.push(`no ${f.list}`);
  }
  return [...new Set(out)];
}
function build() {
  const c = current();
  if (!c) { $("json").value = ""; $("send").disabled = true; return; }
  const doc = Object.assign({type: c.command}, c.fixed || {});
  const lists = new Set();
  for (const f of visible()) {
    if (f.list) { lists.add(f.list); continue; }
    const v = valueAt(f);
    if (v !== undefined) doc[f.o.field] = v;
  }
  for (const name of lists) {
    const keyOpt = c.options.find((o) => isList(o) && listName(o) === name && !Object.keys(o.when || {}).length);
    doc[name] = Object.entries(items[name] || {}).map(([k, rest]) => ({[sub(keyOpt)]: k, ...rest}));
  }
  $("json").value = JSON.stringify(doc);
  const missing = visible().filter(need);
  const lost = givesUp();
  $("warn").textContent = lost.length ? `Sent as it stands, this move gives something up: ${lost.join(", ")}.` : "";
  $("pick-hint").textContent = missing.length ?
    `Still to choose: ${missing.map((f) => `${f.path} (${need(f)})`).join("; ")}` : "Ready to send.";
  $("send").disabled = missing.length > 0;
  $("send").textContent = lost.length && confirmGiveUp ? `Send anyway (${lost.join(", ")})` : "Send";
  $("box").dataset.complete = missing.length ? "0" : "1";
}

// -- the map as the input ---------------------------------------------------------------------------------
// Click targets: the fields shown that take units or hexes; the one the player last used is asked first.
function takers(kind, value) {
  const fs = visible().filter((f) => (mapKind(f.o) === kind && (f.o.values || []).includes(value)) ||
    openKind(f.o) === kind);
  const first = fs.find((f) => f.path === active) || fs.find((f) => need(f)) || fs[0];
  return first ? [first] : [];
}
function clickValue(f, v) {
  if (openKind(f.o)) {
    const now = valueAt(f) || [];
    active = f.path;
    setValue(f, now.includes(v) ? now.filter((x) => x !== v) : [...now, v]);
    return;
  }
  if (f.many) { toggle(f, v); return; }
  active = f.path;
  setValue(f, valueAt(f) === v ? undefined : v);
}
$("board-pane").addEventListener("click", (e) => {
  if ($("box").hidden) return;
  const unit = e.target.closest("[data-unit]");
  const hexEl = e.target.closest("[data-hex]");
  const u = unit && !unit.classList.contains("ghost") ? unit.dataset.unit : "";
  const [byUnit] = u ? takers("unit", u) : [];
  if (byUnit) { clickValue(byUnit, u); return; }
  const h = hexEl ? hexEl.dataset.hex : "";
  const [byHex] = h ? takers("hex", h) : [];
  if (byHex) clickValue(byHex, h);
});
// Legal targets: counters get a ring (in their own group, so the replay's redraws keep it), hexes an outline.
function mark() {
  const fs = visible().filter((f) => mapKind(f.o));
  const units = new Map(), hexes = new Map();
  for (const f of fs) {
    const chosen = new Set((f.many ? valueAt(f) : [valueAt(f)]).filter((v) => v !== undefined));
    const into = mapKind(f.o) === "unit" ? units : hexes;
    for (const v of f.o.values) into.set(v, into.get(v) === "picked" || chosen.has(v) ? "picked" : "target");
  }
  for (const g of document.querySelectorAll("#units [data-unit]")) {
    g.querySelector(".ring")?.remove();
    g.classList.remove("target", "picked");
    const how = units.get(g.dataset.unit);
    if (!how || g.classList.contains("ghost")) continue;
    g.classList.add(how);
    const ring = document.createElementNS(NS, "rect");
    for (const [k, v] of Object.entries({class: "ring", x: -20, y: -20, width: 40, height: 40, rx: 4})) ring.setAttribute(k, v);
    g.append(ring);
  }
  let layer = $("targets");
  if (!layer) {
    layer = document.createElementNS(NS, "g");
    layer.id = "targets";
    $("units").before(layer);
  }
  layer.replaceChildren();
  const D = R.data(), r = D.r - 3;
  for (const [id, x, y] of D.hexes) {
    const how = hexes.get(id);
    if (!how) continue;
    const p = document.createElementNS(NS, "polygon");
    const pts = [0, 1, 2, 3, 4, 5].map((k) => `${(x + r * Math.cos(Math.PI / 3 * k)).toFixed(1)},${(y + r * Math.sin(Math.PI / 3 * k)).toFixed(1)}`);
    p.setAttribute("points", pts.join(" "));
    p.setAttribute("class", `target-hex ${how}`);
    p.setAttribute("data-hex", id);
    layer.append(p);
  }
}
const observer = new MutationObserver(() => {
  observer.disconnect();
  mark();
  observer.observe($("units"), {childList: true});
});
observer.observe($("units"), {childList: true});

// -- sending ----------------------------------------------------------------------------------------------
async function post(path, body) {
  say("sending...");
  const r = await fetch(`${api + path}?expect=${seq}`, {method: "POST", body: body,
    headers: Object.assign({"Content-Type": "application/json"}, auth())});
  const answer = await r.json();
  if (r.ok) {
    say(`done: ${answer.events.map((e) => e.type).join(", ")}`, "done");
  } else if (answer.rule === "concurrency") {
    say(`the game moved on (seq ${answer.seq}): look again and resend`, "refused");
  } else {
    say(`refused by rule ${answer.rule}: ${answer.message}`, "refused");
  }
  offered = "";
  await refresh();
}
$("box").addEventListener("submit", (e) => {
  e.preventDefault();
  if (givesUp().length && !confirmGiveUp && !typed) {
    confirmGiveUp = true;
    build();
    say(`This move gives up: ${givesUp().join(", ")}. Press Send again to send it so.`, "refused");
    return;
  }
  typed = false;
  post("/commands", $("json").value);
});
let typed = false;
$("json").addEventListener("input", () => { typed = true; $("send").disabled = false; });
$("choice").addEventListener("change", pick);
$("undo").addEventListener("click", () => post("/undo", ""));
$("redo").addEventListener("click", () => post("/redo", ""));

// -- seats ------------------------------------------------------------------------------------------------
async function sit() {
  const given = $("token").value.trim();
  if (given) sessionStorage.setItem(key, given);
  $("token").value = "";
  me = "";
  offered = "";
  if (token()) {
    const [r, who] = await get(`${api}/me`);
    if (r.ok) {
      me = who.actor;
    } else {
      sessionStorage.removeItem(key);
      say("that token holds no seat here", "refused");
    }
  }
  const held = me ? seatOf(me) : "";
  $("me").textContent = me ? `seated as ${me}${held ? ` (${held})` : ""}` : "spectating";
  $("box").hidden = !me;
  $("seat").open = !me;
  await refresh();
}
let seats = {};
function seatOf(actor) { return Object.keys(seats).filter((f) => seats[f] === actor).join(", "); }

function follow() {
  const es = new EventSource(`${api}/events?after=${seq}`);
  es.onopen = () => { $("live").textContent = "live"; $("live").className = "on"; };
  es.onerror = () => { $("live").textContent = "reconnecting"; $("live").className = "off"; };
  es.addEventListener("event", () => refresh());
  es.addEventListener("due", (e) => {
    const d = JSON.parse(e.data);
    if (d.seq >= seq) onDue(d);
  });
}

// The map without the legend beside it by default: its counters drawn larger in the same width.
const board = $("board"), whole = board.getAttribute("viewBox");
const mapWidth = Math.max(...[...board.querySelectorAll(":scope > rect")].map((r) => Number(r.getAttribute("x"))));
function legend(on) {
  const [x, y, w, h] = whole.split(" ").map(Number);
  board.setAttribute("viewBox", on || !(mapWidth > 0) ? whole : `${x} ${y} ${Math.min(w, mapWidth)} ${h}`);
  $("legend").setAttribute("aria-pressed", String(on));
}
$("legend").addEventListener("click", () => legend($("legend").getAttribute("aria-pressed") !== "true"));
legend(false);
$("sit").addEventListener("click", sit);
$("stand").addEventListener("click", () => { sessionStorage.removeItem(key); sit(); });

(async () => {
  const [, s] = await get(api);
  seats = s.seats?.factions || {};
  $("seq").textContent = String(seq);
  $("verdict").textContent += ` at seq ${seq}`;
  await sit();
  follow();
})();
})();
