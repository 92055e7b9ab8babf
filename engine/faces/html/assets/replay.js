(() => {
// biome-ignore lint/suspicious/noRedundantUseStrict: a classic script, not a module: this line makes it strict
"use strict";
const D = JSON.parse(document.getElementById("turnlog-data").textContent);
const NS = "http://www.w3.org/2000/svg", S = D.steps, CMDS = D.commands, HX = D.hexes, KEY = 200;
let N = S.length;
const R = D.r, H = D.h;
const $ = (id) => document.getElementById(id);
function svg(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}
function html(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
function fac(f) { return D.factions[f] || D.factions[""]; }
function corners(x, y, r) {
  const out = [];
  for (let k = 0; k < 6; k++) out.push([x + r * Math.cos(Math.PI / 3 * k), y + r * Math.sin(Math.PI / 3 * k)]);
  return out;
}
const f1 = (v) => v.toFixed(1);
const pts = (ps) => ps.map((p) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`).join(" ");

// -- the board at a step: deltas folded from the nearest keyframe --------------------------------
function empty() {
  return {u: new Map(), c: new Map(), f: new Map(), o: new Set(), z: [], v: [], l: [], t: "", p: [], w: []};
}
function clone(s) {
  return {u: new Map(s.u), c: new Map(s.c), f: new Map(s.f), o: new Set(s.o), z: s.z, v: s.v, l: s.l, t: s.t, p: s.p,
    w: s.w};
}
function apply(s, d) {
  if (!d) return;
  if (d.u) for (const [id, hx, off, face] of d.u) { if (face < 0) s.u.delete(id); else s.u.set(id, [hx, off, face]); }
  if (d.c) for (const [i, f] of d.c) { if (f) s.c.set(i, f); else s.c.delete(i); }
  if (d.f) for (const [i, t] of d.f) { if (t) s.f.set(i, t); else s.f.delete(i); }
  if (d.o) for (const [i, on] of d.o) { if (on) s.o.add(i); else s.o.delete(i); }
  if (d.z) s.z = d.z;
  if (d.v) s.v = d.v;
  if (d.l) s.l = d.l;
  if (d.t !== undefined) s.t = d.t;
  if (d.p) s.p = d.p;
  if (d.w) s.w = d.w;
}
const frames = [];
const tail = empty();  // the board after the last step: where the steps a live page receives fold on
function fold(from) {
  for (let i = from; i < N; i++) { if (i % KEY === 0) frames.push(clone(tail)); apply(tail, S[i][3]); }
}
fold(0);
function stateAt(i) {
  if (i < 0) return empty();
  const k = Math.floor(i / KEY), s = clone(frames[k]);
  for (let j = k * KEY; j <= i; j++) apply(s, S[j][3]);
  return s;
}
const where = (u) => !u ? "not in the game" : u[0] >= 0 ? HX[u[0]][0] : u[1];

// -- drawing ------------------------------------------------------------------------------------
const labels = HX.map(([id, x, y]) => {
  const top = y - H / 2, dx = 15 / Math.sqrt(3), g = svg("g", {"class": "label", "data-hex": id});
  const band = svg("polygon", {"class": "control", points: pts([[x - R / 2, top], [x + R / 2, top],
    [x + R / 2 + dx, top + 15], [x - R / 2 - dx, top + 15]])});
  const text = svg("text", {x: x.toFixed(1), y: (top + 11.5).toFixed(1), "font-size": 10, "text-anchor": "middle"});
  const feats = svg("text", {"class": "features", x: x.toFixed(1), y: (y + H / 2 - 9).toFixed(1), "font-size": 9,
    "font-weight": "bold", "text-anchor": "middle", fill: "#222"});
  const over = svg("text", {x: (x + R * 0.66).toFixed(1), y: (y + 5).toFixed(1), "font-size": 14, "font-weight": "bold",
    fill: "#c00", "text-anchor": "middle"});
  g.append(band, text, feats, over);
  $("labels").append(g);
  return {band, text, feats, over, id};
});
// A hex's label is written again only where it changed: every hex's text set anew costs the
// browser a layout and a paint of the whole map at each step.
function drawLabels(now) {
  labels.forEach((l, i) => {
    const f = now.c.get(i) || "", feats = now.f.get(i) || "", over = now.o.has(i) ? "!" : "";
    if (l.drawn && l.drawn[0] === f && l.drawn[1] === feats && l.drawn[2] === over) return;
    l.drawn = [f, feats, over];
    const [fill, ink] = fac(f);
    l.band.setAttribute("fill", fill);
    l.text.setAttribute("fill", ink);
    l.text.textContent = f ? `${l.id} ${f}` : l.id;
    l.feats.textContent = feats;
    l.over.textContent = over;
  });
}
// A layer is drawn again only when what it shows changed (`key`, a text of everything its drawing
// reads), for the same reason; `draw` fills the cleared layer and its answer is kept with the key.
const drawn = new Map();
function keep(id, key, draw) {
  const last = drawn.get(id);
  if (last && last.key === key) return last.answer;
  clear($(id));
  const answer = draw($(id));
  drawn.set(id, {key, answer});
  return answer;
}
function drawZones(now) {
  keep("zones", JSON.stringify(now.z), (layer) => zones(now, layer));
}
function zones(now, layer) {
  for (const [zid, f, hexes] of now.z) {
    const inside = new Set(hexes);
    let d = "";
    for (const i of hexes) {
      const [, x, y, nb] = HX[i], cs = corners(x, y, R - 7);
      for (let k = 0; k < 6; k++) {
        if (nb[k] >= 0 && inside.has(nb[k])) continue;
        const a = cs[k], b = cs[(k + 1) % 6];
        d += `M${a[0].toFixed(1)},${a[1].toFixed(1)}L${b[0].toFixed(1)},${b[1].toFixed(1)}`;
      }
    }
    const p = svg("path", {"class": "zone", "data-zone": zid, "data-hexes": hexes.map((i) => HX[i][0]).join(" "),
      d: d || "M0,0", fill: "none", stroke: fac(f)[0],
      "stroke-width": 3, "stroke-dasharray": "7 4", "stroke-linecap": "round"});
    p.append(svg("title", {}, `attrition zone ${zid}`));
    layer.append(p);
  }
}
// The kinds' overlays (engine/view.py), in the styles of engine/faces/svg/overlays.py: outlines under the
// counters, each label on a chip at its hex's foot over them.
function drawOverlays(now) {
  const key = JSON.stringify([now.v, now.v.map((o) => now.f.has(o[0]))]);
  keep("overlays", key, (layer) => {
    clear($("chips"));
    overlays(now, layer, $("chips"));
  });
}
function overlays(now, layer, chips) {
  const seen = new Map();
  for (const [i, role, label, title, faction, proc] of now.v) {
    const [id, x, y] = HX[i], st = D.styles[role] || D.styles[""];
    const g = svg("g", {"class": `overlay role-${role}`, "data-hex": id, "data-role": role, "data-label": label,
      "data-procedure": proc});
    if (title) g.append(svg("title", {}, title));
    if (st.stroke) {
      g.append(svg("polygon", {points: pts(corners(x, y, R - st.inset)), fill: st.hatch ? "url(#hatch)" : "none",
        stroke: st.stroke === "faction" ? fac(faction)[0] : st.stroke, "stroke-width": st.width,
        "stroke-dasharray": st.dash || "none"}));
    }
    layer.append(g);
    if (!label) continue;
    // the hex's feature marks are written at its foot: its chips start one row up
    const k = (seen.get(i) ?? (now.f.has(i) ? 0 : -1)) + 1, w = label.length * 5.4 + 8, top = y + H / 2 - 16 - 13 * k;
    seen.set(i, k);
    const c = svg("g", {"class": `overlay-chip role-${role}`, "data-hex": id});
    if (title) c.append(svg("title", {}, title));
    c.append(svg("rect", {x: (x - w / 2).toFixed(1), y: top.toFixed(1), width: w.toFixed(1), height: 12, rx: 2.5,
      fill: st.chip, stroke: st.ink, "stroke-width": 0.6}),
      svg("text", {x: x.toFixed(1), y: (top + 9).toFixed(1), "font-size": 9, "font-weight": "bold",
        "text-anchor": "middle", fill: st.ink}, label));
    chips.append(c);
  }
}
function counter(id, hex, face, cx, cy, size, kind, tip) {
  const [strength, mode, markers] = D.facedata[face];
  const g = svg("g", {"class": kind, "data-unit": id, "data-hex": hex, "data-strength": strength, "data-mode": mode,
    "data-markers": markers, transform: "translate(" + cx.toFixed(1) + " " + cy.toFixed(1) +
    ") scale(" + (size / 34).toFixed(3) + ")"});
  g.append(svg("title", {}, tip), svg("use", {href: `#face-${face}`}));
  if (kind.includes("ghost")) {
    g.setAttribute("opacity", "0.55");
    g.append(svg("path", {d: "M-17,-17L17,17M17,-17L-17,17", stroke: "#c00", "stroke-width": 3}));
  } else if (kind.includes("changed")) {
    g.append(svg("rect", {x: -18, y: -18, width: 36, height: 36, rx: 3, fill: "none", stroke: D.colours.changed,
      "stroke-width": 3}));
  }
  return g;
}
// A hex's counters as engine/faces/svg/units.py lays them out: by nationality, strongest first, then by id;
// the ghosts after them, by id.
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
function byDrawOrder(a, b) {
  if (a.ghost !== b.ghost) return a.ghost - b.ghost;
  if (a.ghost) return cmp(a.id, b.id);
  return cmp(D.nat[a.id] || "", D.nat[b.id] || "") || D.facedata[b.u[2]][3] - D.facedata[a.u[2]][3] ||
    cmp(a.id, b.id);
}
// Returns how many counters each hex holds (the arrows keep clear of them).
function drawUnits(now, before, changed) {
  const shown = [...now.u].map(([id, u]) => [id, u, D.nat[id]]);
  const key = JSON.stringify([shown, [...before.u], [...changed]]);
  return keep("units", key, (layer) => units(now, before, changed, layer));
}
function units(now, before, changed, layer) {
  const here = new Map(), crowd = new Map();
  const put = (i, item) => { if (!here.has(i)) here.set(i, []); here.get(i).push(item); };
  for (const [id, u] of now.u) if (u[0] >= 0) put(u[0], {id, u, ghost: false});
  for (const [id, u] of before.u) {
    const n = now.u.get(id);
    if (u[0] >= 0 && (!n || (n[0] < 0 && n[1] === "eliminated"))) put(u[0], {id, u, ghost: true});
  }
  for (const [i, items] of here) {
    const [hid, x, y] = HX[i];
    crowd.set(i, items.length);
    items.sort(byDrawOrder);
    const tip = (it) => it.id + " (" + (D.nat[it.id] || "?") + ") in " + hid +
      (it.ghost ? ": eliminated by this command" : changed.has(it.id) ? ": changed by this command" : "");
    const kind = (it) => it.ghost ? "ghost" : changed.has(it.id) ? "unit changed" : "unit";
    if (items.length <= 4) {
      const slots = items.length === 1 ? [[0, 0]] : items.length === 2 ? [[-19, 0], [19, 0]] :
        [[-19, -17], [19, -17], [-19, 19], [19, 19]];
      items.forEach((it, k) => {
        layer.append(counter(it.id, hid, it.u[2], x + slots[k][0], y + slots[k][1] + 2, 34, kind(it), tip(it)));
      });
      continue;
    }
    let groups = new Map();
    for (const it of items) {
      const key = it.ghost ? "lost" : (D.nat[it.id] || "?");
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(it);
    }
    if (groups.size > 4) groups = new Map([["mixed", items]]);
    const size = groups.size <= 2 ? 34 : 30;
    const slots = groups.size === 1 ? [[0, 0]] : groups.size === 2 ? [[-20, 0], [20, 0]] :
      [[-17, -15], [17, -15], [-17, 19], [17, 19]];
    [...groups.values()].forEach((members, k) => {
      const n = members.length, steps = Math.min(n - 1, 2);
      const cx = x + slots[k][0] - steps * 1.5, cy = y + slots[k][1] - steps * 1.5;
      members.forEach((it, m) => {
        const off = Math.min(m, steps) * 3;
        layer.append(counter(it.id, hid, it.u[2], cx + off, cy + off, size, kind(it), tip(it)));
      });
      if (n > 1) {
        const bx = cx + steps * 3 + size / 2 - 2, by = cy + steps * 3 - size / 2 + 2, b = svg("g", {"class": "badge"});
        b.append(svg("circle", {cx: bx, cy: by, r: 8, fill: "#b00", stroke: "white", "stroke-width": 1.5}),
          svg("text", {x: bx, y: by + 3.6, "font-size": 10, "font-weight": "bold", "text-anchor": "middle",
            fill: "white"}, String(n)));
        layer.append(b);
      }
    });
  }
  return crowd;
}
function drawHighlights(hexes) {
  keep("highlights", JSON.stringify([...hexes]), (layer) => highlights(hexes, layer));
}
function highlights(hexes, layer) {
  for (const i of hexes) {
    const [id, x, y] = HX[i];
    layer.append(svg("polygon", {"class": "highlight", "data-hex": id, points: pts(corners(x, y, R - 2)),
      fill: "none", stroke: D.colours.changed, "stroke-width": 4}));
  }
}
// What engine/faces/svg/units.py draws for n counters, from the hex's centre: [left, top, right, bottom].
function extent(n) {
  const c = 17;
  if (n === 0) return [0, 0, 0, 0];
  if (n === 1) return [-c, 2 - c, c, 2 + c];
  if (n === 2) return [-19 - c, 2 - c, 19 + c, 2 + c];
  return n <= 4 ? [-19 - c, -15 - c, 19 + c, 21 + c] : [-40, -36, 40, 38];
}
function clearOf([left, top, right, bottom], ux, uy) {
  const tx = Math.abs(ux) > 1e-9 ? (ux > 0 ? right / ux : left / ux) : Infinity;
  const ty = Math.abs(uy) > 1e-9 ? (uy > 0 ? bottom / uy : top / uy) : Infinity;
  return Math.max(0, Math.min(tx, ty));
}
// The arrows the step holds (engine/faces/arrows.py: the shown procedure's moves and the command's own, as
// `show --svg` draws them), each from where it leaves the counters of its first hex to where it meets those
// of the last, with a count near its tail when several units went.
function drawArrows(now, crowd) {
  const key = JSON.stringify(now.w.map((w) => [w, crowd.get(w[1]) || 0, crowd.get(w[2]) || 0]));
  keep("arrows", key, (layer) => arrows(now, crowd, layer));
}
function arrows(now, crowd, layer) {
  for (const [kind, a, b, units, rule] of now.w) {
    const [from, x1, y1] = HX[a], [to, x2, y2] = HX[b], n = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / n, uy = (y2 - y1) / n;
    let t1 = clearOf(extent(crowd.get(a) || 0), ux, uy) + 3;         // the round cap reaches 2.5 back
    let t2 = n - clearOf(extent(crowd.get(b) || 0), -ux, -uy) - 6;   // the head's tip reaches 6 on
    if (t2 - t1 < 12) [t1, t2] = [(t1 + t2) / 2 - 6, (t1 + t2) / 2 + 6];
    const sx = x1 + ux * t1, sy = y1 + uy * t1, ex = x1 + ux * t2, ey = y1 + uy * t2;
    const mx = (sx + ex) / 2 - uy * 8, my = (sy + ey) / 2 + ux * 8, colour = D.colours[kind] || "#333";
    const g = svg("g", {"class": `arrow ${kind}`, "data-units": units.join(", "), "data-from": from, "data-to": to});
    g.append(svg("title", {}, `${kind} ${from} -> ${to}: ${units.join(", ")}${rule ? ` (${rule})` : ""}`),
      svg("path", {d: `M${f1(sx)},${f1(sy)}Q${f1(mx)},${f1(my)} ${f1(ex)},${f1(ey)}`, fill: "none", stroke: colour,
        "stroke-width": 5, "stroke-opacity": 0.92, "stroke-dasharray": kind === "advance" ? "none" : "9 4", "stroke-linecap": "round",
        "marker-end": `url(#head-${kind})`}));
    if (units.length > 1) {
      const bx = 0.5625 * sx + 0.375 * mx + 0.0625 * ex, by = 0.5625 * sy + 0.375 * my + 0.0625 * ey;
      const c = svg("g", {"class": "count", "data-count": units.length});
      c.append(svg("circle", {cx: f1(bx), cy: f1(by), r: 8, fill: "white", stroke: colour, "stroke-width": 2}),
        svg("text", {x: f1(bx), y: f1(by + 3.6), "font-size": 10, "font-weight": "bold",
          "text-anchor": "middle", fill: colour}, String(units.length)));
      g.append(c);
    }
    layer.append(g);
  }
}

// -- what changed since the command began ---------------------------------------------------------
function faceChange(fa, fb) {
  const a = D.facedata[fa], b = D.facedata[fb], out = [];
  ["strength", "mode", "markers"].forEach((what, k) => {
    if (a[k] !== b[k]) out.push(`${what} ${a[k] || "-"} -> ${b[k] || "-"}`);
  });
  return out.length ? out.join(", ") : "counter changed (supply or offensive)";
}
function changes(now, before) {
  const units = new Set(), hexes = new Set(), lines = [];
  for (const id of new Set([...before.u.keys(), ...now.u.keys()])) {
    const a = before.u.get(id), b = now.u.get(id);
    if (a && b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2]) continue;
    units.add(id);
    const wa = where(a), wb = where(b);
    // the hexes a unit left and entered are lit; a counter whose face alone changed is framed, its hex not
    if (wa !== wb) for (const u of [a, b]) if (u && u[0] >= 0) hexes.add(u[0]);
    lines.push(`${id}: ${wa !== wb ? `${wa} -> ${wb}` : faceChange(a[2], b[2])}`);
  }
  for (const [m, what] of [["c", "control"], ["f", "features"]]) {
    for (const i of new Set([...before[m].keys(), ...now[m].keys()])) {
      if (before[m].get(i) === now[m].get(i)) continue;
      hexes.add(i);
      lines.push(`${HX[i][0]}: ${what} ${before[m].get(i) || "-"} -> ${now[m].get(i) || "-"}`);
    }
  }
  for (const i of new Set([...before.o, ...now.o])) {
    if (before.o.has(i) !== now.o.has(i)) {
      hexes.add(i);
      lines.push(`${HX[i][0]}: ${now.o.has(i) ? "overstacked" : "no longer overstacked"}`);
    }
  }
  // an overlay placed or cleared (engine/faces/diff.py says it alike): role, label, procedure
  const said = (o) => `${o[1]}${o[2] ? ` ${o[2]}` : ""}${o[5] ? ` (${o[5]})` : ""}`;
  const keys = (v) => new Map(v.map((o) => [`${o[0]} ${said(o)}`, o]));
  const va = keys(before.v), vb = keys(now.v);
  for (const [what, from, to] of [["placed", va, vb], ["cleared", vb, va]]) {
    for (const [k, o] of to) {
      if (from.has(k)) continue;
      hexes.add(o[0]);
      lines.push(`${HX[o[0]][0]}: overlay ${what} ${said(o)}`);
    }
  }
  if (before.t !== now.t && before.t) lines.push(`turn: ${before.t} -> ${now.t}`);
  return {units, hexes, lines};
}

// -- the panel, the timeline, the controls ------------------------------------------------------
// The setup is the scenario's, no one's; an actor holding no seat in a seated game is said so.
function who(c) {
  if (c[3] === "LoadScenario") return "the scenario (the game's setup)";
  return (c[1] || "(no actor named)") +
    (c[2] === "no seat" ? " (holding no seat)" : c[2] ? ` (seat ${c[2]})` : "");
}
function cmdText(c) { return `c${c[0]} ${c[3]}${c[4] ? ` ${c[4]}` : ""}`; }
function fill(id, lines, tag) {
  keep(id, JSON.stringify(lines), (e) => {
    for (const l of lines) e.append(html(tag || "li", "", l));
  });
}
function timeline(i) {
  const ci = S[i][0], c = CMDS[ci], near = CMDS.slice(Math.max(0, ci - 6), ci + 7);
  const steps = S.slice(c[5] - 1, c[6]).map((s) => [s[1], s[2]]);
  const key = JSON.stringify([i, near, steps, D.verify.bad]);
  keep("timeline", key, (list) => listed(i, list));
}
function listed(i, list) {
  const ci = S[i][0];
  for (let k = Math.max(0, ci - 6); k <= Math.min(CMDS.length - 1, ci + 6); k++) {
    const c = CMDS[k];
    const li = html("li", `cmd${c[7] ? " undone" : ""}${k === ci ? " here" : ""}`,
      cmdText(c) + " — by " + who(c) + " — seq " + c[5] + (c[6] > c[5] ? `–${c[6]}` : "") +
      (c[7] ? ` — undone at seq ${c[7]}` : ""));
    li.addEventListener("click", () => go(c[6] - 1));
    list.append(li);
    if (k !== ci) continue;
    const lo = Math.max(c[5] - 1, i - 12), hi = Math.min(c[6] - 1, i + 12);
    if (lo > c[5] - 1) list.append(html("li", "more", `… ${lo - c[5] + 1} earlier events of this command`));
    for (let j = lo; j <= hi; j++) {
      const e = html("li", "ev" + (j === i ? " cur" : "") + (S[j][2] & 1 ? " auto" : "") +
        (S[j][2] & 2 ? " undone" : "") + (D.verify.bad === j + 1 ? " bad" : ""),
        `${j + 1}  ${S[j][1]}`);
      e.addEventListener("click", () => go(j));
      list.append(e);
    }
    if (hi < c[6] - 1) list.append(html("li", "more", `… ${c[6] - 1 - hi} later events of this command`));
  }
}
let cur = 0;
function go(i) {
  cur = Math.max(0, Math.min(N - 1, i));
  const st = S[cur], c = CMDS[st[0]], first = c[5] - 1, now = stateAt(cur);
  // the setup changes nothing: it is where the board begins (as `show --svg` draws it)
  const before = c[3] === "LoadScenario" ? now : stateAt(first - 1);
  const ch = changes(now, before);
  drawLabels(now);
  drawZones(now);
  drawOverlays(now);
  drawHighlights(ch.hexes);
  drawArrows(now, drawUnits(now, before, ch.units));
  fitLine("board-turn", now.t);
  fitLine("board-step", `seq ${cur + 1}: ${st[1]}`);
  fitLine("board-command", `${cmdText(c)} — by ${who(c)}`);
  put("position", `seq ${cur + 1} of ${N}`);
  if ($("slider").value !== String(cur)) $("slider").value = cur;
  put("command", cmdText(c));
  put("actor", `issued by ${who(c)}${c[8] ? ` at ${c[8]}` : ""}`);
  put("command-flags", c[7] ? `this command was UNDONE at seq ${c[7]}` : "");
  put("event", `seq ${cur + 1}: ${st[1]}`);
  const marks = [[st[2] & 1, "flag auto", "automatic consequence"],
    [st[2] & 2, "flag undone", `undone later (at seq ${c[7]})`],
    [D.verify.bad === cur + 1, "flag bad", "verify found the first problem here"]]
    .filter((f) => f[0]);
  keep("flags", JSON.stringify(marks), (flags) => {
    for (const [, cls, text] of marks) flags.append(html("span", cls, text));
  });
  put("detail", D.strings[st[4]] || "");
  put("turn", now.t);
  fill("procedures", now.p);
  fill("off-map", now.l.length ? now.l : ["nothing"]);
  fill("changes", ch.lines.length ? ch.lines : ["nothing on the board"]);
  timeline(cur);
  mark(`#seq=${cur + 1}`);
}
// A text set only when it differs: each one set makes the browser lay out and paint the page again.
function put(id, text) {
  if ($(id).textContent !== text) $(id).textContent = text;
}
// The address names the step shown, written once the steps stop: each write costs the browser as
// much as a step's whole drawing, and a key held down or a burst of commits followed live would
// write every one.
let marking = 0;
function mark(hash) {
  clearTimeout(marking);
  marking = setTimeout(() => {
    if (location.hash === hash) return;
    try {
      history.replaceState(null, "", hash);
    } catch (_e) { /* a browser refusing it: no matter */ }
  }, 250);
}
// A line of the board's heading, ended with "…" where it would run past the picture as shown (a page may show
// the map without its legend: a narrower view); its title has it whole.
const fitted = new Map();
function fitLine(id, text) {
  const shownWidth = $("board").viewBox?.baseVal?.width || D.width;
  const e = $(id), room = Math.min(D.width, shownWidth) - 2 * D.margin;
  if (fitted.get(id) === `${room} ${text}`) return; // measuring the text lays the page out
  fitted.set(id, `${room} ${text}`);
  clear(e);
  e.textContent = text;
  if (e.getComputedTextLength() <= room) return;
  let lo = 0, hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    e.textContent = `${text.slice(0, mid)}…`;
    if (e.getComputedTextLength() <= room) lo = mid; else hi = mid - 1;
  }
  e.textContent = `${text.slice(0, lo)}…`;
  e.append(svg("title", {}, text));
}
// Down: the board after this command (after the next one when already there); Up: the board before it.
function nextCommand(dir) {
  const here = S[cur][0], end = CMDS[here][6] - 1;
  if (dir > 0 && cur < end) return end;
  const ci = here + dir;
  return ci < 0 ? 0 : ci >= CMDS.length ? N - 1 : CMDS[ci][6] - 1;
}
$("game-name").textContent = D.name + (D.file ? ` — ${D.file}` : "");
$("verdict").textContent = D.verify.ok ? "VERIFIED" : "NOT VERIFIED";
$("verdict").className = D.verify.ok ? "ok" : "bad";
$("head").textContent = D.verify.head || "(none)";
$("verify").textContent = D.verify.text;
$("slider").max = N - 1;
$("slider").addEventListener("input", (e) => go(Number(e.target.value)));
for (const [id, to] of [["first", () => 0], ["prev", () => cur - 1], ["next", () => cur + 1], ["last", () => N - 1],
  ["prev-command", () => nextCommand(-1)], ["next-command", () => nextCommand(1)]]) {
  $(id).addEventListener("click", () => go(to()));
}
// The keys step the replay, except in a field or a menu of a hosted game's command box, whose own keys they are.
window.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.target.closest?.("select, textarea, input:not([type=range]), [contenteditable]")) return;
  const to = {ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 0, End: N - 1, ArrowDown: nextCommand(1),
    PageDown: nextCommand(1), ArrowUp: nextCommand(-1), PageUp: nextCommand(-1)}[e.key];
  if (to === undefined) return;
  e.preventDefault();
  go(to);
}, true);
const asked = () => { const m = /^#seq=(\d+)$/.exec(location.hash); return m ? Number(m[1]) - 1 : null; };
window.addEventListener("hashchange", () => { const i = asked(); if (i !== null && i !== cur) go(i); });
// A page following a game being played (`turnlog serve`) appends what the server sends since its own
// counts (engine/faces/html/live.py): steps, commands, counter faces (the server's own drawing of a
// counter, as the board above embeds the first ones), texts, and the commands an undo marked.
function grow(more) {
  const following = cur >= N - 1, defs = document.querySelector("#board defs:last-of-type");
  more.faces.forEach((m, k) => {
    const doc = new DOMParser().parseFromString('<svg xmlns="' + NS + '"><g id="face-' + D.facedata.length +
      '">' + m + "</g></svg>", "image/svg+xml");
    defs.append(document.importNode(doc.documentElement.firstChild, true));
    D.facedata.push(more.facedata[k]);
  });
  for (const [k, seq] of more.undone) {
    const c = CMDS[k];
    if (c[7]) continue;
    c[7] = seq;
    for (let j = c[5] - 1; j < c[6] && j < N; j++) S[j][2] |= 2;
  }
  D.strings.push(...more.strings);
  CMDS.push(...more.commands);
  Object.assign(D.nat, more.nat);
  const from = N;
  S.push(...more.steps);
  N = D.events = S.length;
  fold(from);
  $("slider").max = N - 1;
  go(following ? N - 1 : cur);
}
window.turnlogReplay = {grow, go, at: () => cur, data: () => D, counts: () => [N, CMDS.length, D.facedata.length, D.strings.length]};
go(asked() ?? D.start);
document.body.dataset.ready = "1";
})();
