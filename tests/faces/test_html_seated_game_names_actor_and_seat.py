"""In a seated game the replay names who issued each command and the seat it holds."""
from __future__ import annotations

import pytest

from html_browser import borrow, export_html, give_back, open_page, page_data, press, shown
from seats_position import play, seated


@pytest.fixture
def seated_page(tmp_path):
    with seated(tmp_path) as g:
        play(g, 3)  # alice begins and rolls (AX), bob takes the losses (WA)
        db = g.log.path
    assert export_html(db, tmp_path / "r.html") == 0
    return tmp_path / "r.html"


def test_each_command_carries_its_actor_and_seat(seated_page):
    by_type = {c[3]: (c[1], c[2]) for c in page_data(seated_page)["commands"]}
    assert by_type["BeginAttrition"] == ("alice", "AX")
    assert by_type["RollAttritionDie"] == ("alice", "AX")
    assert by_type["TakeAttritionLosses"] == ("bob", "WA")


def test_the_browser_shows_who_issued_the_command_at_the_cursor(seated_page, tmp_path):
    driver = borrow(tmp_path / "profile")
    try:
        open_page(driver, seated_page)
        press(driver, "END")
        assert shown(driver, "command").startswith("c4 TakeAttritionLosses")
        assert shown(driver, "actor").startswith("issued by bob (seat WA)")
        press(driver, "ARROW_UP")
        assert shown(driver, "actor").startswith("issued by alice (seat AX)")
    finally:
        give_back(driver)
