"""Nothing in the log's text runs in the replay page: a note holding markup shows as text.

The page embeds the log as JSON with every <, > and & escaped, its script writes with textContent only,
and its Content-Security-Policy runs no script but its own.
"""
from __future__ import annotations

import re

import pytest

from turnlog.engine.commands import AddNote, MoveUnit

from fixtures.backbone import bridgehead
from html_browser import borrow, errors, export_html, give_back, open_page, page_data, shown

EVIL = ("</script><script>window.pwned = 1; document.title = 'pwned'</script>"
        "<img src=x onerror='window.pwned = 2'><!--<script>")  # no double quote: the narrative escapes those


@pytest.fixture
def evil_page(tmp_path):
    with bridgehead(tmp_path / "g.db") as g:
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        g.execute(AddNote(text=EVIL), actor="<b>mallory</b>")
        note = g.log.last()[0]
    assert export_html(tmp_path / "g.db", tmp_path / "r.html") == 0
    return tmp_path / "r.html", note


def test_the_page_source_holds_no_markup_from_the_log(evil_page):
    page, note = evil_page
    text = page.read_text(encoding="utf-8")
    assert len(re.findall(r"<script\b", text)) == 2  # the data and the page's own script, nothing else
    assert "<img" not in text and "mallory</b>" not in text
    data = page_data(page)
    assert EVIL in data["steps"][note - 1][1]
    assert data["commands"][-1][1] == "<b>mallory</b>"


@pytest.fixture
def browser(tmp_path_factory):
    driver = borrow(tmp_path_factory.mktemp("profile"))
    yield driver
    give_back(driver)


def test_a_note_holding_a_script_shows_as_text_in_the_browser(evil_page, browser):
    page, note = evil_page
    open_page(browser, page, note)
    assert shown(browser, "event") == f"seq {note}: note by <b>mallory</b>: \"{EVIL}\""
    assert shown(browser, "actor").startswith("issued by <b>mallory</b>")
    assert browser.execute_script("return window.pwned") is None
    assert browser.title != "pwned"
    assert browser.execute_script("return document.scripts.length") == 2
    assert browser.execute_script("return document.images.length") == 0
    assert not browser.find_elements("css selector", "b")
    timeline = browser.find_element("id", "timeline").text
    assert EVIL in timeline
    assert errors(browser) == []
