"""The HTML replay of each demo game, in a real headless Chromium (one for the module): load, step with the
keys, read what is shown, and a screenshot that is not blank; and at the seqs that matter of each game, the
page draws what `turnlog show --svg --at SEQ` draws: per hex the counters in their order, each with its
strength, mode and markers, ghost or changed; the hex's label (its controller), feature marks and
overstack mark; the change highlights; the zones; the kinds' overlays; the arrows with their units and
count. The page's side is read from its DOM, moved by its script's own ``go``; the SVG's is parsed with
ElementTree from the command's output."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from contextlib import redirect_stdout

import pytest

from turnlog.engine.faces.cli import DEMOS, main
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.projections import narrative

from html_browser import borrow, colours, errors, export_html, give_back, open_page, press, shown

NS = {"s": "http://www.w3.org/2000/svg"}
MOVES = ("UnitRetreated", "UnitAdvanced", "UnitDisplaced", "UnitMoved")

#: The page at a seq (arguments[0]), read as ``drawn`` reads the SVG.
READ = r"""
turnlogReplay.go(arguments[0] - 1);
const q = (sel) => [...document.querySelectorAll(sel)], units = {}, labels = {};
for (const e of q("#units g[data-unit]")) {
  const kind = e.classList.contains("ghost") ? "ghost" : e.classList.contains("changed") ? "changed" : "unit";
  (units[e.dataset.hex] ||= []).push([e.dataset.unit, kind, e.dataset.strength, e.dataset.mode, e.dataset.markers]);
}
for (const e of q("#labels g.label")) {
  const [, text, feats, over] = e.children;
  labels[e.dataset.hex] = [text.textContent, feats.textContent.split(" ").filter(Boolean), over.textContent];
}
return {
  seq: document.getElementById("position").textContent,
  units, labels,
  highlights: q("#highlights polygon").map((e) => e.dataset.hex).sort(),
  zones: q("#zones path.zone").map((e) => [e.dataset.zone, e.dataset.hexes, e.getAttribute("stroke")]),
  overlays: q("#overlays g.overlay").map((e) => [e.dataset.hex, e.dataset.role, e.dataset.label, e.dataset.procedure]),
  arrows: q("#arrows g.arrow").map((e) => [e.getAttribute("class"), e.dataset.from, e.dataset.to, e.dataset.units,
    e.querySelector("g.count")?.dataset.count || ""]),
};
"""


def _classes(e) -> set[str]:
    return set((e.get("class") or "").split())


def drawn(svg: str) -> dict:
    """What `show --svg` drew, in the shape READ gives."""
    root = ET.fromstring(svg)
    units: dict[str, list] = {}
    for e in root.iterfind(".//s:g[@class='units']/s:g[@data-unit]", NS):
        cls = _classes(e)
        kind = "ghost" if "ghost" in cls else "changed" if "changed" in cls else "unit"
        units.setdefault(e.get("data-hex"), []).append(
            [e.get("data-unit"), kind, e.get("data-strength"), e.get("data-mode"), e.get("data-markers")])
    labels = {}
    for e in root.iterfind(".//s:g[@class='labels']/s:g[@class='label']", NS):
        texts = e.findall("s:text", NS)
        marks = [t.text for t in e.iterfind(".//s:text[@class='features']", NS)]
        labels[e.get("data-hex")] = [texts[0].text, marks, "!" if any(t.text == "!" for t in texts[1:]) else ""]
    arrows = []
    for e in root.iterfind(".//s:g[@class='arrows']/s:g", NS):
        count = e.find("s:g[@class='count']", NS)
        arrows.append([e.get("class"), e.get("data-from"), e.get("data-to"), e.get("data-units"),
                       count.get("data-count") if count is not None else ""])
    return {
        "units": units, "labels": labels,
        "highlights": sorted(e.get("data-hex") for e in root.iterfind(".//s:polygon[@class='highlight']", NS)),
        "zones": [[e.get("data-zone"), e.get("data-hexes"), e.get("stroke")]
                  for e in root.iterfind(".//s:path[@class='zone']", NS)],
        "overlays": [[e.get("data-hex"), e.get("data-role"), e.get("data-label"), e.get("data-procedure")]
                     for e in root.iterfind(".//s:g[@class='overlays']/s:g", NS)],
        "arrows": arrows,
    }


def show_svg(db, seq: int) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["show", "--db", str(db), "--at", str(seq), "--svg", "-"]) == 0
    return out.getvalue()


def seqs(db) -> tuple[list[int], bool]:
    """Where to compare: the board the scenario set up, the middle of the play after it, the last seq, the
    first and the last move drawn as an arrow, and the seq after that last move (within the setup the
    page draws the whole map from its first seq, the SVG only the hexes placed so far); whether a unit
    moves at all."""
    with Game.open(db, readonly=True) as g:
        n, setup_end = g.state.seq, g.log.commands()[0][6]
        moves = [seq for seq, _cid, ev, _auto in g.rows() if type(ev).__name__ in MOVES]
    picked = {setup_end, (setup_end + n) // 2, n}
    if moves:
        picked |= {moves[0], moves[-1], min(moves[-1] + 1, n)}
    return sorted(picked), bool(moves)


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    """The four demo games as `turnlog demo` writes them, each exported as a page."""
    d = tmp_path_factory.mktemp("demo")
    with redirect_stdout(io.StringIO()):
        assert main(["demo", "--dir", str(d)]) == 0
    for name in DEMOS:
        assert export_html(d / f"{name}.db", d / f"{name}.html") == 0
    return d


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = borrow(tmp_path_factory.mktemp("profile"))
    yield driver
    give_back(driver)


def _facts(db):
    """What the page must show: each event's line, the end of the setup, the units on the map at the end."""
    with Game.open(db, readonly=True) as g:
        lines = {seq: narrative.line(ev) for seq, _cid, ev, _auto in g.rows()}
        setup_end = g.log.commands()[0][6]
        on_map = sum(1 for u in g.state.units.values() if u.hex)
    return lines, setup_end, on_map


@pytest.mark.parametrize("name", DEMOS)
def test_each_demo_steps_with_the_keys_and_shows_the_board(demos, browser, name, tmp_path):
    db, page = demos / f"{name}.db", demos / f"{name}.html"
    lines, setup_end, on_map = _facts(db)
    n = len(lines)
    open_page(browser, page)
    assert shown(browser, "position") == f"seq {setup_end} of {n}"  # it opens on the board the scenario set up
    press(browser, "ARROW_RIGHT")
    assert shown(browser, "position") == f"seq {setup_end + 1} of {n}"
    assert shown(browser, "event") == f"seq {setup_end + 1}: {lines[setup_end + 1]}"
    assert shown(browser, "actor").startswith("issued by (no actor named)")
    press(browser, "ARROW_LEFT", 2)
    assert shown(browser, "position") == f"seq {setup_end - 1} of {n}"
    press(browser, "END")
    assert shown(browser, "position") == f"seq {n} of {n}"
    assert shown(browser, "event") == f"seq {n}: {lines[n]}"
    units = browser.find_elements("css selector", "#units g.unit")
    assert len(units) == on_map
    rep = verify_path(db)
    assert shown(browser, "verdict") == "VERIFIED" and shown(browser, "head") == rep.head
    assert f"head      {rep.head}" in browser.find_element("id", "verify").get_attribute("textContent")
    press(browser, "HOME")
    assert shown(browser, "position") == f"seq 1 of {n}"
    assert shown(browser, "event") == f"seq 1: {lines[1]}"
    press(browser, "ARROW_DOWN")  # to the end of the next command: the setup, then the first command
    assert shown(browser, "position") == f"seq {setup_end} of {n}"
    assert errors(browser) == []
    png = browser.get_screenshot_as_png()
    (tmp_path / f"{name}.png").write_bytes(png)
    assert colours(png) > 100  # a drawn board, not a blank page


def test_a_step_that_changes_the_board_highlights_what_changed(demos, browser):
    db, page = demos / "eastern-front-winter.db", demos / "eastern-front-winter.html"
    lines, _setup_end, _on_map = _facts(db)
    retreat = next(seq for seq, text in lines.items() if " retreats " in text)
    open_page(browser, page, retreat)
    assert shown(browser, "event") == f"seq {retreat}: {lines[retreat]}"
    unit, frm, to = lines[retreat].split()[0], lines[retreat].split()[2], lines[retreat].split()[4]
    assert browser.find_elements("css selector", f'#units g.unit.changed[data-unit="{unit}"]')
    lit = {e.get_attribute("data-hex") for e in browser.find_elements("css selector", "#highlights polygon")}
    assert {frm, to} <= lit
    assert browser.find_elements("css selector", "#arrows g.arrow.retreat")
    assert f"{unit}: {frm} -> {to}" in shown(browser, "changes")


@pytest.mark.parametrize("name", DEMOS)
def test_the_page_draws_what_show_svg_draws(demos, browser, name):
    db, page = demos / f"{name}.db", demos / f"{name}.html"
    open_page(browser, page)
    arrows, at = 0, seqs(db)
    for seq in at[0]:
        want = drawn(show_svg(db, seq))
        got = browser.execute_script(READ, seq)
        assert got.pop("seq").startswith(f"seq {seq} of ")
        for what in want:
            assert got[what] == want[what], f"{name} at seq {seq}: {what}"
        arrows += len(want["arrows"])
    assert errors(browser) == []
    assert bool(arrows) == at[1], name  # a game with moves was compared where it draws them


def test_at_its_last_seq_the_winter_demo_draws_a1s_moves_with_their_counts(demos, browser):
    """The moves of the attrition shown stay drawn after its last event, as `show --svg` draws them."""
    db, page = demos / "eastern-front-winter.db", demos / "eastern-front-winter.html"
    open_page(browser, page)
    with Game.open(db, readonly=True) as g:
        n = g.state.seq
    got = browser.execute_script(READ, n)["arrows"]
    assert ["arrow advance", "0705", "0605", "su-tank-1, su-inf-5", "2"] in got
    assert {a[0] for a in got} == {"arrow advance", "arrow retreat", "arrow displaced"}
