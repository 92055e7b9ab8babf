"""The table without a mouse, in headless Chromium: every control of the seat's panel has an accessible
name; the move due (bob's 14.51 losses) is made from the keyboard alone, Tab reaching each legal counter
(named by its tooltip, its values shown while it has the focus) and Enter or Space choosing it."""

from __future__ import annotations

import pytest

from html_browser import borrow, errors, give_back, text_of, wait_for
from serve_helpers import OPEN_CLAIMS, SCRIPT, SEATS, Server, bearer, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")
from selenium.webdriver.common.keys import Keys  # noqa: E402

#: An accessible name as a screen reader finds it: aria-label, a label element, the text, a title.
NAMES = """return [...document.querySelectorAll(
  '#hosted button, #hosted select, #hosted input, #hosted textarea, nav button, nav input')
].filter((e) => e.offsetParent !== null && !(
  e.getAttribute('aria-label') || (e.labels && e.labels.length) || e.textContent.trim() || e.title
)).map((e) => e.outerHTML.slice(0, 80));"""


def _focused(driver) -> dict:
    return driver.execute_script(
        "const a = document.activeElement; return {unit: a.dataset ? a.dataset.unit || '' : '',"
        " role: a.getAttribute('role'), name: a.getAttribute('aria-label') || ''};")


def _tab_to_a_counter(driver) -> dict:
    """Press Tab until a counter on the map has the focus (a bounded number of times)."""
    for _ in range(120):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        got = _focused(driver)
        if got["unit"]:
            return got
    raise AssertionError("Tab never reached a counter of the map")


def test_14_51_bob_takes_his_losses_from_the_keyboard_alone(tmp_path):
    with Server(tmp_path / "games") as srv:
        made = httpx.post(srv.url + "/api/games",
                          json={"scenario": "bridgehead-14-65", "seats": SEATS, "claims": OPEN_CLAIMS}).json()
        gid, tokens = made["id"], made["tokens"]
        for actor, cmd in SCRIPT[:2]:  # the attrition begun and rolled: bob's losses are due
            r = httpx.post(f"{srv.url}/api/games/{gid}/commands", json=cmd, headers=bearer(tokens[actor]))
            assert r.status_code == 200, r.text
        driver = borrow(tmp_path / "bob")
        try:
            driver.set_window_size(1280, 800)
            driver.get(f"{srv.url}/games/{gid}")
            wait_for(lambda: text_of(driver, "live") == "live", what="the page to follow")
            driver.find_element("id", "token").send_keys(tokens["bob"], Keys.ENTER)
            driver.find_element("id", "sit").send_keys(Keys.ENTER)
            wait_for(lambda: driver.execute_script(
                "return document.querySelectorAll('#units [data-unit].target').length"), what="bob's targets")
            assert driver.execute_script(NAMES) == []
            targets = driver.execute_script(
                "return [...document.querySelectorAll('#units [data-unit].target')].map((g) =>"
                " [g.dataset.unit, g.getAttribute('tabindex'), g.getAttribute('role'),"
                " g.getAttribute('aria-label')])")
            assert targets and all(t == "0" and r == "button" and u in name for u, t, r, name in targets)
            driver.find_element("id", "choice").send_keys(Keys.SHIFT, Keys.TAB)  # start before the map
            for key in (Keys.ENTER, " "):
                got = _tab_to_a_counter(driver)
                assert got["role"] == "button" and got["unit"] in got["name"]
                assert got["unit"] in text_of(driver, "unit-info")  # its values shown while focused
                driver.switch_to.active_element.send_keys(key)
            wait_for(lambda: "2 of 2" in driver.find_element("id", "fields").text, what="2 of 2 chosen")
            driver.find_element("id", "send").send_keys(Keys.ENTER)
            wait_for(lambda: text_of(driver, "status").startswith("done"), what="the losses taken")
            assert [e for e in errors(driver) if "favicon" not in e] == []  # the page names no icon
        finally:
            give_back(driver)
