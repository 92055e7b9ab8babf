"""The HTML replay of each demo game, in a real headless Chromium: load, step with the keys, read what is
shown, and a screenshot that is not blank."""
from __future__ import annotations

import io
from contextlib import redirect_stdout

import pytest

from turnlog.engine.faces.cli import DEMOS, main
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.projections import narrative

from html_browser import colours, errors, export_html, open_page, press, shown, start_browser


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
    driver = start_browser(tmp_path_factory.mktemp("profile"))
    yield driver
    driver.quit()


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
