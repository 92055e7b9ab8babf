"use strict";
const gid = document.body.dataset.game;
const api = "/api/games/" + gid;
const key = "turnlog-token-" + gid;
const $ = (id) => document.getElementById(id);
let seq = turnlogReplay.counts()[0], me = "", choices = [], busy = false, again = false;

function token() { return sessionStorage.getItem(key) || ""; }
function auth() { return token() ? {"Authorization": "Bearer " + token()} : {}; }
async function get(url) {
  const r = await fetch(url, {headers: auth()});
  return [r, await r.json()];
}
function say(text, kind) { const s = $("status"); s.textContent = text; s.className = kind || ""; }

// The replay (engine/faces/html_script.py) draws; this asks the server for what it lacks and appends it.
async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    do {
      again = false;
      const [n, c, f, s] = turnlogReplay.counts();
      const [r, more] = await get(api + "/replay?steps=" + n + "&commands=" + c + "&faces=" + f + "&strings=" + s);
      if (!r.ok) continue;
      if (more.reload) { location.reload(); return; }
      if (more.steps.length || more.undone.length) turnlogReplay.grow(more);
      seq = more.events;
      $("seq").textContent = String(seq);
      await loadLegal();
    } while (again);
  } finally { busy = false; }
}

let offered = "";
async function loadLegal() {
  const [, legal] = await get(api + "/legal");
  const mine = legal.choices.filter((c) => me && (c.actor === me || c.actor === ""));
  const sig = JSON.stringify(mine);
  if (sig === offered) return;  // the same menus: keep what the player has picked so far
  offered = sig;
  choices = mine;
  const sel = $("choice"), was = sel.selectedOptions.length ? sel.selectedOptions[0].text : "";
  sel.replaceChildren(...choices.map((c, i) => new Option(c.head, String(i))));
  const keep = choices.findIndex((c) => c.head === was);
  if (keep >= 0) sel.value = String(keep);
  fields();
}

function fields() {
  const box = $("fields");
  box.replaceChildren();
  const c = choices[Number($("choice").value)];
  if (!c) { $("json").value = ""; return; }
  for (const opt of c.options || []) {
    if (opt.field.includes("[]") || (opt.when && Object.keys(opt.when).length)) continue;
    const label = document.createElement("label");
    label.textContent = opt.field + " ";
    let input;
    if (opt.domain) {
      input = document.createElement("input");
      input.value = opt.optional ? "" : JSON.stringify((opt.values || [""])[0]);
      input.placeholder = opt.domain;
    } else {
      input = document.createElement("select");
      input.multiple = !!opt.many;
      if (opt.optional && !opt.many) input.add(new Option("(left out)", ""));
      for (const v of opt.values || []) {
        const shown = typeof v === "object" ? JSON.stringify(v) : String(v);
        input.add(new Option(shown, JSON.stringify(v)));
      }
    }
    input.dataset.field = opt.field;
    input.dataset.many = opt.many ? "1" : "";
    input.addEventListener("change", build);
    label.appendChild(input);
    box.appendChild(label);
  }
  build();
}

function build() {
  const c = choices[Number($("choice").value)];
  if (!c) return;
  const doc = Object.assign({"type": c.command}, c.fixed || {});
  for (const input of $("fields").querySelectorAll("[data-field]")) {
    let v;
    if (input.tagName === "SELECT" && input.multiple) {
      v = Array.from(input.selectedOptions).map((o) => JSON.parse(o.value));
    } else if (input.value === "") {
      continue;
    } else {
      try { v = JSON.parse(input.value); } catch (e) { v = input.value; }
    }
    doc[input.dataset.field] = v;
  }
  $("json").value = JSON.stringify(doc);
}

async function post(path, body) {
  say("sending...");
  const r = await fetch(api + path + "?expect=" + seq, {method: "POST", body: body,
    headers: Object.assign({"Content-Type": "application/json"}, auth())});
  const answer = await r.json();
  if (r.ok) {
    say("done: " + answer.events.map((e) => e.type).join(", "), "done");
  } else if (answer.rule === "concurrency") {
    say("the game moved on (seq " + answer.seq + "): look again and resend", "refused");
  } else {
    say("refused by rule " + answer.rule + ": " + answer.message, "refused");
  }
  await refresh();
}

async function sit() {
  const given = $("token").value.trim();
  if (given) sessionStorage.setItem(key, given);
  $("token").value = "";
  me = "";
  offered = "";
  if (token()) {
    const [r, who] = await get(api + "/me");
    if (r.ok) {
      me = who.actor;
    } else {
      sessionStorage.removeItem(key);
      say("that token holds no seat here", "refused");
    }
  }
  const held = me ? seatOf(me) : "";
  $("me").textContent = me ? "seated as " + me + (held ? " (" + held + ")" : "") : "spectating";
  $("box").hidden = !me;
  await refresh();
}

let seats = {};
function seatOf(actor) { return Object.keys(seats).filter((f) => seats[f] === actor).join(", "); }

function follow() {
  const es = new EventSource(api + "/events?after=" + seq);
  es.onopen = () => { $("live").textContent = "live"; $("live").className = "on"; };
  es.onerror = () => { $("live").textContent = "reconnecting"; $("live").className = "off"; };
  es.addEventListener("event", () => refresh());
}

$("choice").addEventListener("change", fields);
$("box").addEventListener("submit", (e) => {
  e.preventDefault();
  post("/commands", $("json").value);
});
$("undo").addEventListener("click", () => post("/undo", ""));
$("redo").addEventListener("click", () => post("/redo", ""));
$("sit").addEventListener("click", sit);
$("stand").addEventListener("click", () => { sessionStorage.removeItem(key); sit(); });

(async () => {
  const [, s] = await get(api);
  seats = (s.seats && s.seats.factions) || {};
  $("seq").textContent = String(seq);
  // the verify report (and its head anchor) is of the log as it was when the page loaded
  $("verdict").textContent += " at seq " + seq + ", when this page loaded";
  await sit();
  follow();
})();
