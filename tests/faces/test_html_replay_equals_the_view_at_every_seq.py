"""The HTML replay draws, at every seq of every bundled demo, exactly the board's view of
``Game.at(seq)``: each unit's hex, strength, mode and markers, the kinds' overlays, the units
off the map and each procedure's line, read back from the page's DOM in a real headless Chromium
(one session, stepped by the page's own key handler)."""
from __future__ import annotations


import pytest

from turnlog.engine.faces.cli import DEMOS
from turnlog.engine.game import Game
from turnlog.engine.kinds import view as board

from html_browser import borrow, errors, export_html, give_back, open_page

#: Steps the page with its own ArrowRight handler from seq 1 to the end, reading the DOM at each seq.
READ_ALL = r"""
const out = [], key = (k) => window.dispatchEvent(new KeyboardEvent("keydown", {key: k}));
const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent);
key("Home");
for (;;) {
  const units = {};
  for (const e of document.querySelectorAll("#units g.unit")) {
    units[e.dataset.unit] = [e.dataset.hex, e.dataset.strength, e.dataset.mode, e.dataset.markers];
  }
  const overlays = [...document.querySelectorAll("#overlays g.overlay")].map(
    (e) => [e.dataset.hex, e.dataset.role, e.dataset.label, e.dataset.procedure]);
  const pos = document.getElementById("position").textContent;
  out.push({pos, units, overlays, off: text("#off-map li"), procs: text("#procedures li")});
  const m = /^seq (\d+) of (\d+)$/.exec(pos);
  if (!m || m[1] === m[2]) break;
  key("ArrowRight");
}
return out;
"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = borrow(tmp_path_factory.mktemp("profile"))
    yield driver
    give_back(driver)


def expected(state) -> dict:
    """What the page must draw for ``state``: the same shape READ_ALL reads."""
    v = board(state)
    units = {uid: [u.hex, v.units[uid].strength, v.units[uid].mode, " ".join(v.units[uid].marker_names)]
             for uid, u in state.units.items() if u.hex in state.hexes}
    overlays = [[o.hex, o.role, o.label, o.procedure] for o in v.overlays if o.hex in state.hexes]
    return {"units": units, "overlays": overlays, "off": v.pools + v.off_map or ["nothing"],
            "procs": list(v.summaries.values())}


@pytest.mark.parametrize("name", DEMOS)
def test_the_replay_draws_the_view_of_the_game_at_every_seq(demos, browser, name):
    db, page = demos / f"{name}.db", demos / f"{name}.html"
    assert export_html(db, page) == 0
    open_page(browser, page)
    shown = browser.execute_script(READ_ALL)
    with Game.open(db, readonly=True) as g:
        n = sum(1 for _ in g.rows())
        assert [s["pos"] for s in shown] == [f"seq {i} of {len(shown)}" for i in range(1, len(shown) + 1)]
        for seq, got in enumerate(shown, start=1):
            want = expected(g.at(seq))
            assert {k: got[k] for k in want} == want, f"{name} at seq {seq}"
        assert len(shown) == n
    assert errors(browser) == []


#: Steps from seq 1 to the end and back with the page's own keys: the board's and the panel's markup
#: at each seq both ways, and how many changes drawing the last step a second time made.
BOTH_WAYS = r"""
const key = (k) => window.dispatchEvent(new KeyboardEvent("keydown", {key: k}));
const drawn = () => document.querySelector("main").innerHTML +
  document.getElementById("timeline").innerHTML;
const at = () => document.getElementById("position").textContent;
const forth = {}, back = {};
key("Home");
for (;;) {
  forth[at()] = drawn();
  const m = /^seq (\d+) of (\d+)$/.exec(at());
  if (!m || m[1] === m[2]) break;
  key("ArrowRight");
}
const seen = [], watch = new MutationObserver((r) => seen.push(...r));
const all = {subtree: true, childList: true, attributes: true, characterData: true};
watch.observe(document.body, all);
turnlogReplay.go(turnlogReplay.at());
seen.push(...watch.takeRecords());
watch.disconnect();
for (;;) {
  back[at()] = drawn();
  if (at().startsWith("seq 1 of")) break;
  key("ArrowLeft");
}
return [forth, back, seen.length];
"""


@pytest.mark.parametrize("name", ["bridgehead-14-65", "eastern-front-winter"])
def test_a_step_is_drawn_alike_both_ways_and_drawn_again_changes_nothing(demos, browser, name):
    db, page = demos / f"{name}.db", demos / f"{name}-both-ways.html"
    assert export_html(db, page) == 0
    open_page(browser, page)
    forth, back, changed = browser.execute_script(BOTH_WAYS)
    assert len(forth) > 10 and forth == back
    assert changed == 0  # each layer, label and line is drawn again only when what it shows changed
