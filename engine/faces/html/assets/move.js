// The move being composed on a hosted game's table (served before serve.js, in the same file): the fields of
// the chosen choice of GET /legal, each a menu, toggle buttons or a text box, and the map as their input
// (a counter or a hex clicked fills the field that takes it; legal targets ringed, picks counted). serve.js
// hands it the choice (turnlogMove.pick) and asks what the move gives up before sending it.
(() => {
  // biome-ignore lint/suspicious/noRedundantUseStrict: a classic script, not a module: this line makes it strict
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const R = turnlogReplay;
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
  let chosen = null;
  // -- the fields of the chosen move -------------------------------------------------------------------------
  // picked: the command's own fields; items: per list field (selections, retreats), its items by key.
  let picked = {};
  let items = {};
  let active = "";
  let confirmGiveUp = false;
  const current = () => chosen;
  const isList = (o) => o.field.includes("[]");
  const listName = (o) => o.field.split("[]")[0];
  const sub = (o) => o.field.split(".").slice(1).join(".");
  const matches = (o) =>
    Object.entries(o.when || {}).every(([k, v]) => isList(o) || picked[k] === v);
  function pick(choice) {
    chosen = choice || null;
    picked = {};
    items = {};
    active = "";
    confirmGiveUp = false;
    const c = current();
    for (const o of c?.options || []) {
      if (isList(o) || o.many || o.domain || o.optional || Object.keys(o.when || {}).length)
        continue;
      if ((o.values || []).length === 1) picked[o.field] = o.values[0]; // nothing to choose
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
    const c = current(),
      out = [];
    if (!c) return out;
    for (const o of c.options || []) {
      if (!isList(o) && matches(o)) out.push({ o, path: o.field, many: !!o.many });
    }
    for (const o of c.options || []) {
      if (!isList(o) || Object.keys(o.when || {}).length) continue;
      const name = listName(o);
      out.push({ o, path: o.field, many: o.many, list: name });
      for (const k of Object.keys(items[name] || {})) {
        for (const s of c.options) {
          if (isList(s) && s.when && s.when[o.field] === k) {
            out.push({
              o: s,
              path: `${name}[${k}].${sub(s)}`,
              many: !!s.many,
              list: name,
              item: k,
            });
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
    if ($("status").className !== "refused") say(""); // the last move's "done" is stale once this one begins
    render();
  }
  // How many values the field takes: its own least and most, and a bound over all of its values (at
  // most 2 of the three under 14.21) lowers the most.
  function bounds(f) {
    const vals = f.o.values || [],
      least = f.many ? (f.o.least ?? 1) : 1;
    let most = f.many ? (f.o.most ?? vals.length) : 1;
    for (const b of f.o.bounds || []) {
      const all = vals.every((v) => (b.values || []).some((x) => shown(x) === shown(v)));
      if (all && b.most !== undefined && b.most !== null) most = Math.min(most, b.most);
    }
    return [least, Math.min(most, vals.length)];
  }
  function need(f) {
    if (f.o.domain) return "";
    const v = valueAt(f);
    if (!f.many)
      return v === undefined && !f.o.optional && (f.o.values || []).length ? "choose one" : "";
    const [least, most] = bounds(f);
    if (v.length < least) return `choose ${least - v.length} more`;
    return v.length > most ? `at most ${most}` : "";
  }
  function count(f) {
    const v = valueAt(f),
      [least, most] = bounds(f),
      kind = mapKind(f.o);
    const one = most === 1;
    const noun = kind === "unit" ? (one ? "unit" : "units") : kind === "hex" ? (one ? "hex" : "hexes") : "chosen";
    const of =
      least === most ? `${most}` : least ? `at least ${least}, at most ${most}` : `up to ${most}`;
    return `${v.length} of ${of} ${noun}${noun === "chosen" ? "" : " chosen"}`;
  }
  function mapKind(o) {
    const vals = o.values || [];
    if (!vals.length || o.domain) return "";
    const units = R.data().nat,
      hexes = new Set(R.data().hexes.map((h) => h[0]));
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
    const o = f.o,
      kind = mapKind(o) || openKind(o),
      name = f.item !== undefined ? `${sub(o)} for ${f.item}` : f.path;
    const wrap = el("fieldset", {
      "data-path": f.path,
      class: f.path === active ? "field active" : "field",
    });
    const legend = el(
      "legend",
      {},
      name + (kind ? ` — click ${kind === "unit" ? "counters" : "hexes"} on the map` : ""),
    );
    wrap.append(legend);
    wrap.addEventListener("focusin", () => {
      active = f.path;
      mark();
    });
    if (o.domain) {
      const input = el("input", { "aria-label": `${name}: ${o.domain}`, placeholder: o.domain });
      const v = picked[o.field];
      const plain = o.many && Array.isArray(v) && v.every((x) => typeof x === "string");
      input.value =
        v === undefined ? "" : typeof v === "string" ? v : plain ? v.join(", ") : JSON.stringify(v);
      input.addEventListener("change", () => {
        const t = input.value.trim();
        let v2;
        if (t === "") v2 = o.optional ? undefined : o.many ? [] : "";
        else if (o.many && !/^[[{]/.test(t))
          v2 = t.split(/[\s,]+/).filter(Boolean); // "0505, 0506"
        else if (!o.many && typeof (o.values || [""])[0] === "string") v2 = t;
        else
          try {
            v2 = JSON.parse(t);
          } catch (_e) {
            v2 = t;
          }
        setValue(f, v2);
      });
      wrap.append(input);
    } else if (!f.many) {
      const sel = el("select", { "aria-label": name });
      sel.add(new Option(o.optional ? "(left out)" : "(choose)", ""));
      (o.values || []).forEach((v, i) => {
        sel.add(new Option(shown(v), String(i)));
      });
      const at = (o.values || []).findIndex((v) => shown(v) === shown(valueAt(f)));
      sel.value = at >= 0 ? String(at) : "";
      sel.addEventListener("change", () =>
        setValue(f, sel.value === "" ? undefined : o.values[Number(sel.value)]),
      );
      wrap.append(sel);
    } else {
      const chosen = valueAt(f);
      for (const v of o.values || []) {
        const on = chosen.some((x) => shown(x) === shown(v));
        const b = el(
          "button",
          { type: "button", class: "toggle", "aria-pressed": String(on), "data-value": shown(v) },
          shown(v),
        );
        if (mapKind(o) === "unit") b.title = tipOf(shown(v));
        b.addEventListener("click", () => toggle(f, v));
        wrap.append(b);
      }
      wrap.append(el("span", { class: "count" }, count(f)));
    }
    const missing = need(f);
    if (missing) wrap.append(el("span", { class: "need" }, ` ${missing}`));
    return wrap;
  }
  function toggle(f, v) {
    active = f.path;
    const now = valueAt(f),
      on = now.some((x) => shown(x) === shown(v)),
      [, most] = bounds(f);
    if (!on && now.length >= most && most > 1) {
      say(`${f.path}: already ${most} chosen (the most allowed)`, "refused");
      return;
    }
    setValue(f, on ? now.filter((x) => shown(x) !== shown(v)) : most === 1 ? [v] : [...now, v]);
  }

  // What the move gives up when sent as it stands: a list left empty (no occupation), no retreat, no advance.
  function givesUp() {
    const c = current(),
      out = [];
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
    if (!c) {
      $("json").value = "";
      $("send").disabled = true;
      return;
    }
    const doc = Object.assign({ type: c.command }, c.fixed || {});
    const lists = new Set();
    for (const f of visible()) {
      if (f.list) {
        lists.add(f.list);
        continue;
      }
      const v = valueAt(f);
      if (v !== undefined) doc[f.o.field] = v;
    }
    for (const name of lists) {
      const keyOpt = c.options.find(
        (o) => isList(o) && listName(o) === name && !Object.keys(o.when || {}).length,
      );
      doc[name] = Object.entries(items[name] || {}).map(([k, rest]) => ({
        [sub(keyOpt)]: k,
        ...rest,
      }));
    }
    $("json").value = JSON.stringify(doc);
    const missing = visible().filter(need);
    const lost = givesUp();
    $("warn").textContent = lost.length
      ? `Sent as it stands, this move gives something up: ${lost.join(", ")}.`
      : "";
    $("pick-hint").textContent = missing.length
      ? `Still to choose: ${missing.map((f) => `${f.path} (${need(f)})`).join("; ")}`
      : "Ready to send.";
    $("send").disabled = missing.length > 0;
    $("send").textContent =
      lost.length && confirmGiveUp ? `Send anyway (${lost.join(", ")})` : "Send";
    $("box").dataset.complete = missing.length ? "0" : "1";
  }

  // -- the map as the input ---------------------------------------------------------------------------------
  // Click targets: the fields shown that take units or hexes; the one the player last used is asked first.
  function takers(kind, value) {
    const fs = visible().filter(
      (f) =>
        (mapKind(f.o) === kind && (f.o.values || []).includes(value)) || openKind(f.o) === kind,
    );
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
    if (f.many) {
      toggle(f, v);
      return;
    }
    active = f.path;
    setValue(f, valueAt(f) === v ? undefined : v);
  }
  // What was clicked: the counter or hex under the pointer, through an arrow or a chip drawn over it (they keep
  // their tooltips, and take no click from the map).
  function under(e, sel) {
    const hit = e.target.closest(sel);
    if (hit && !hit.closest("#arrows, #chips")) return hit;
    const at = document.elementsFromPoint(e.clientX, e.clientY);
    return at.map((x) => !x.closest("#arrows, #chips") && x.closest(sel)).find(Boolean) || null;
  }
  // A counter or hex chosen, by a click or by Enter/Space on it (legal targets take the keyboard's focus).
  function choose(unit, hexEl) {
    const u = unit && !unit.classList.contains("ghost") ? unit.dataset.unit : "";
    const [byUnit] = u ? takers("unit", u) : [];
    if (byUnit) {
      clickValue(byUnit, u);
      return;
    }
    const h = hexEl ? hexEl.dataset.hex : "";
    const [byHex] = h ? takers("hex", h) : [];
    if (byHex) clickValue(byHex, h);
  }
  $("board-pane").addEventListener("click", (e) => {
    if (!$("box").hidden) choose(under(e, "[data-unit]"), under(e, "[data-hex]"));
  });
  $("board-pane").addEventListener("keydown", (e) => {
    const t = e.target.closest?.("[data-unit], [data-hex]");
    if ((e.key !== "Enter" && e.key !== " ") || !t || $("box").hidden) return;
    e.preventDefault();
    choose(t.matches("[data-unit]") ? t : null, t);
  });
  // A unit's values (its counter's tooltip) shown while its counter or its button has the focus.
  function tipOf(id) {
    const t = document.querySelector(`#units [data-unit="${CSS.escape(id)}"] > title`);
    return t ? t.textContent : "";
  }
  // Kept when the focus moves on (to Send, say): the panel must not shift under a pointer mid-click.
  document.addEventListener("focusin", (e) => {
    const t = e.target.closest?.("[data-unit], .toggle[data-value]");
    const tip = t ? tipOf(t.dataset.unit || t.dataset.value) : "";
    if (tip) $("unit-info").textContent = tip;
  });
  // Legal targets: counters get a ring (in their own group, so the replay's redraws keep it), hexes an outline.
  // A list's key (a hex to advance into) whose every value for its item another item holds already is no
  // target: with values that may not repeat (a unit advances into one hex only), its item would stay short.
  function exhausted(f, key) {
    const c = current();
    if (!c || !f.list || f.item !== undefined || !(c.distinct || []).length) return false;
    const taken = new Set();
    for (const [k, rest] of Object.entries(items[f.list] || {})) {
      if (k === key) continue;
      for (const v of Object.values(rest)) if (Array.isArray(v)) for (const x of v) taken.add(shown(x));
    }
    const own = (c.options || []).filter(
      (o) => o.many && o.when && Object.values(o.when).some((w) => shown(w) === shown(key)),
    );
    return own.length > 0 && own.every((o) => (o.values || []).every((v) => taken.has(shown(v))));
  }
  // A value a bound of its field has no room left for (at most 1 of these under 9.1.1) is no target.
  function full(f, v, chosen) {
    const has = (b, x) => (b.values || []).some((y) => shown(y) === shown(x));
    return (f.o.bounds || []).some(
      (b) =>
        b.most !== undefined &&
        b.most !== null &&
        has(b, v) &&
        [...chosen].filter((c) => has(b, c)).length >= b.most,
    );
  }
  // A legal target takes the focus (Tab), says what it is and whether it is chosen, and Enter picks it.
  function focusable(node, name, how) {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", name);
    node.setAttribute("aria-pressed", String(how === "picked"));
  }
  function mark() {
    const fs = visible().filter((f) => mapKind(f.o));
    const units = new Map(),
      hexes = new Map();
    for (const f of fs) {
      const chosen = new Set((f.many ? valueAt(f) : [valueAt(f)]).filter((v) => v !== undefined));
      const into = mapKind(f.o) === "unit" ? units : hexes;
      for (const v of f.o.values) {
        if (!chosen.has(v) && (exhausted(f, v) || full(f, v, chosen))) continue;
        into.set(v, into.get(v) === "picked" || chosen.has(v) ? "picked" : "target");
      }
    }
    for (const g of document.querySelectorAll("#units [data-unit]")) {
      g.querySelector(".ring")?.remove();
      g.classList.remove("target", "picked");
      const how = units.get(g.dataset.unit);
      if (!how || g.classList.contains("ghost")) {
        // no longer a target (kept as it is while it is one: a focused counter keeps the focus)
        for (const a of ["tabindex", "role", "aria-label", "aria-pressed"]) g.removeAttribute(a);
        continue;
      }
      g.classList.add(how);
      focusable(g, tipOf(g.dataset.unit) || g.dataset.unit, how);
      const ring = document.createElementNS(NS, "rect");
      for (const [k, v] of Object.entries({
        class: "ring",
        x: -20,
        y: -20,
        width: 40,
        height: 40,
        rx: 4,
      }))
        ring.setAttribute(k, v);
      g.append(ring);
    }
    let layer = $("targets");
    if (!layer) {
      layer = document.createElementNS(NS, "g");
      layer.id = "targets";
      $("units").before(layer);
    }
    const focused = document.activeElement?.closest?.(".target-hex")?.dataset.hex;
    layer.replaceChildren();
    const D = R.data(),
      r = D.r - 3;
    for (const [id, x, y] of D.hexes) {
      const how = hexes.get(id);
      if (!how) continue;
      const p = document.createElementNS(NS, "polygon");
      const pts = [0, 1, 2, 3, 4, 5].map(
        (k) =>
          `${(x + r * Math.cos((Math.PI / 3) * k)).toFixed(1)},${(y + r * Math.sin((Math.PI / 3) * k)).toFixed(1)}`,
      );
      p.setAttribute("points", pts.join(" "));
      p.setAttribute("class", `target-hex ${how}`);
      p.setAttribute("data-hex", id);
      focusable(p, `hex ${id}`, how);
      layer.append(p);
      if (id === focused) p.focus(); // drawn again: the focus stays on the hex the player is at
    }
  }
  const observer = new MutationObserver(() => {
    observer.disconnect();
    mark();
    observer.observe($("units"), { childList: true });
  });
  observer.observe($("units"), { childList: true });

  window.turnlogMove = {
    pick,
    givesUp,
    confirmed: () => confirmGiveUp,
    confirm() {
      confirmGiveUp = true;
      build();
    },
  };
})();
