// A hosted game's table (engine/faces/serve/page.py): the replay (replay.js) draws the board and
// the log; this script follows the game live, reading GET /table once per commit (the replay's
// growth, whose move, the odds, the summary, the choices, all at one seq), says whose move it is
// (and on the stream's due events), offers this seat only the moves the seat check accepts from it
// (each choice's `actors`), hands the chosen one to move.js (its fields, the map as their input),
// and keeps the verify verdict current. Every text is written with textContent: nothing from the
// server is parsed as markup.
(() => {
  // biome-ignore lint/suspicious/noRedundantUseStrict: a classic script, not a module: this line makes it strict
  "use strict";
  const gid = document.body.dataset.game;
  const api = `/api/games/${gid}`;
  const key = `turnlog-token-${gid}`;
  const $ = (id) => document.getElementById(id);
  const R = turnlogReplay;
  const M = turnlogMove;
  const title = document.title;
  let seq = R.counts()[0];
  let me = "";
  let choices = [];
  let busy = false;
  let again = false;
  let due = null;
  let takeback = { undo_by: [], redo_by: [] };

  function token() {
    return sessionStorage.getItem(key) || "";
  }
  function auth() {
    return token() ? { Authorization: `Bearer ${token()}` } : {};
  }
  async function get(url) {
    const r = await fetch(url, { headers: auth() });
    return [r, await r.json()];
  }
  function say(text, kind) {
    const s = $("status");
    s.textContent = text;
    s.className = kind || "";
  }
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
    put("prompt-line", (yours ? (line || "").replace(/^Your move: /, "") : line) || "");
    put("prompt", yours ? "yours" : d.over ? "over" : "", "className");
    put("prompt-who", yours ? "Your move" : me ? `seated as ${me}` : "spectating");
    const named = (yours ? "Your move — " : "") + title;
    if (document.title !== named) document.title = named;
    put("over", !d.over, "hidden");
    put("over", d.over ? `Game over: ${d.over}.` : "");
  }
  // Set only what differs: each text or class set makes the browser lay out and paint the page
  // again, and the prompt is said again after every commit.
  function put(id, value, what = "textContent") {
    if ($(id)[what] !== value) $(id)[what] = value;
  }

  // The odds each open procedure faces before its roll, in its kind's words; hidden when none is due.
  function onOdds(o) {
    const lines = (o?.procedures || []).flatMap((p) => p.lines);
    put("odds", !lines.length, "hidden");
    put("odds-lines", lines.join("\n"));
  }

  // -- following the game: what the replay lacks, the menus, the verdict ----------------------------------------
  // One read per refresh (GET /table): the replay's growth, whose move, the odds, the summary and
  // the choices, all at one seq, so the menu is never built on another seq than the prompt.
  async function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const [n, c, f, s] = R.counts();
        const [r, t] = await get(`${api}/table?steps=${n}&commands=${c}&faces=${f}&strings=${s}`);
        if (!r.ok) continue;
        const more = t.replay;
        if (more.reload) {
          location.reload();
          return;
        }
        if (more.steps.length || more.undone.length) R.grow(more);
        if (more.events !== seq) reverify();
        seq = more.events;
        put("seq", String(seq));
        onDue(t.due);
        onOdds(t.odds);
        takeback = t.summary;
        loadLegal(t.legal);
        // the seq the menu was built at (scripts driving the page wait on it)
        if ($("box").dataset.seq !== String(seq)) $("box").dataset.seq = String(seq);
      } while (again);
    } finally {
      busy = false;
    }
  }
  // A commit's events come in a burst: the page reads once, a moment after the first of them.
  let soon = 0;
  function refreshSoon() {
    if (!soon) {
      soon = setTimeout(() => {
        soon = 0;
        refresh();
      }, 30);
    }
  }

  // The verdict follows the log: verify runs again a moment after the log last grew (once for a burst of commits).
  // A server busy with other verifies answers 503 with Retry-After: ask again then (a bounded number of times).
  let verifying = 0;
  function reverify(wait = 600, tries = 0) {
    clearTimeout(verifying);
    verifying = setTimeout(async () => {
      const [r, v] = await get(`${api}/verify`);
      if (r.status === 503 && tries < 20) {
        reverify(1000 * (Number(r.headers.get("Retry-After")) || 1), tries + 1);
        return;
      }
      if (!r.ok) return;
      const verdict = $("verdict");
      verdict.textContent = v.ok
        ? `VERIFIED at seq ${v.events}`
        : `NOT VERIFIED${v.first_bad_seq ? ` (first problem at seq ${v.first_bad_seq})` : ""}`;
      verdict.className = v.ok ? "ok" : "bad";
      $("head").textContent = v.head || "(none)";
      $("verify-live").textContent = `Verify ran again at seq ${v.events}: ${
        v.ok ? "every row and command checks" : v.problem || "a problem was found"
      }. The report below is the one made when this page loaded.`;
    }, wait);
  }

  // -- the menu: this seat's moves, in words, the due one first ---------------------------------------------
  let offered = "";
  let offeredDue = "";
  function itemsOf(who) {
    const s = due && (due.seats || []).find((x) => x.actor === who);
    return s ? { due: s.due || [], may: s.may || [] } : { due: [], may: [] };
  }
  function label(c, words) {
    const fixed = Object.entries(c.fixed || {})
      .map(([k, v]) => `${k} ${shown(v)}`)
      .join(", ");
    const text = words || spaced(c.command) + (fixed ? ` (${fixed})` : "");
    const claim = (c.claim || []).includes(me) ? " — a claim the other side answers" : "";
    return text.charAt(0).toUpperCase() + text.slice(1) + claim + (c.rule ? ` [${c.rule}]` : "");
  }
  function loadLegal(legal) {
    const mine = me ? legal.choices.filter((c) => (c.actors || []).includes(me)) : [];
    const sig = JSON.stringify([mine, itemsOf(me)]);
    if (sig === offered) return; // the same menus: keep what the player has picked so far
    offered = sig;
    const { due: dueItems, may } = itemsOf(me);
    const words = (c, list) =>
      list.find((i) => i.command === c.command && i.head === c.head)?.words;
    const dueHeads = dueItems.map((i) => i.head);
    const rank = (c) => dueHeads.indexOf(c.head);
    // a note is no fact about the board, whoever may add it
    const host = (c) =>
      (c.role === "host" && c.command !== "AddNote") || (c.claim || []).includes(me);
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
      const g = el("optgroup", { label: name });
      for (const c of list) {
        const o = new Option(label(c, words(c, dueItems) || words(c, may)), String(choices.length));
        o.dataset.head = c.head;
        g.append(o);
        choices.push(c);
      }
      sel.append(g);
    }
    // a new move due: it is selected; otherwise the player's pick stays
    const keep = was
      ? choices.findIndex((c) => c.head === was.head && c.command === was.command)
      : -1;
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

  // -- sending ----------------------------------------------------------------------------------------------
  async function post(path, body) {
    say("sending...");
    const r = await fetch(`${api + path}?expect=${seq}`, {
      method: "POST",
      body: body,
      headers: Object.assign({ "Content-Type": "application/json" }, auth()),
    });
    const answer = await r.json();
    if (r.ok) {
      say(`done: ${answer.events.map((e) => e.type).join(", ")}`, "done");
    } else if (answer.rule === "concurrency") {
      say(`the game moved on (seq ${answer.seq}): look again and resend`, "refused");
    } else {
      say(`refused by rule ${answer.rule}: ${answer.message}`, "refused");
    }
    offered = "";
    refreshSoon(); // with the stream's events of this commit: one read for both
  }
  $("box").addEventListener("submit", (e) => {
    e.preventDefault();
    const lost = M.givesUp();
    if (lost.length && !M.confirmed() && !typed) {
      M.confirm();
      say(`This move gives up: ${lost.join(", ")}. Press Send again to send it so.`, "refused");
      return;
    }
    typed = false;
    post("/commands", $("json").value);
  });
  let typed = false;
  $("json").addEventListener("input", () => {
    typed = true;
    $("send").disabled = false;
  });
  const pick = () => M.pick(choices[Number($("choice").value)]);
  $("choice").addEventListener("change", () => {
    if ($("status").className !== "refused") say(""); // the last move's "done" is stale once another is picked
    pick();
  });
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
  function seatOf(actor) {
    return Object.keys(seats)
      .filter((f) => seats[f] === actor)
      .join(", ");
  }

  function follow() {
    const es = new EventSource(`${api}/events?after=${seq}`);
    es.onopen = () => {
      $("live").textContent = "live";
      $("live").className = "on";
    };
    es.onerror = () => {
      $("live").textContent = "reconnecting";
      $("live").className = "off";
    };
    es.addEventListener("event", refreshSoon);
    es.addEventListener("due", (e) => {
      const d = JSON.parse(e.data);
      if (d.seq >= seq) onDue(d);
    });
  }

  // The map without the legend beside it by default: its counters drawn larger in the same width.
  const board = $("board"),
    whole = board.getAttribute("viewBox");
  const mapWidth = Math.max(
    ...[...board.querySelectorAll(":scope > rect")].map((r) => Number(r.getAttribute("x"))),
  );
  function legend(on) {
    const [x, y, w, h] = whole.split(" ").map(Number);
    board.setAttribute(
      "viewBox",
      on || !(mapWidth > 0) ? whole : `${x} ${y} ${Math.min(w, mapWidth)} ${h}`,
    );
    $("legend").setAttribute("aria-pressed", String(on));
    R.go(R.at()); // the heading's lines fitted again to the width shown
  }
  $("legend").addEventListener("click", () =>
    legend($("legend").getAttribute("aria-pressed") !== "true"),
  );
  legend(false);
  $("sit").addEventListener("click", sit);
  $("stand").addEventListener("click", () => {
    sessionStorage.removeItem(key);
    sit();
  });

  (async () => {
    const [, s] = await get(api);
    seats = s.seats?.factions || {};
    $("seq").textContent = String(seq);
    $("verdict").textContent += ` at seq ${seq}`;
    await sit();
    follow();
  })();
})();
