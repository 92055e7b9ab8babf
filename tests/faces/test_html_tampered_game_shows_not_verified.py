"""A disputed game that does not verify still exports: the page says NOT VERIFIED and marks the first bad seq."""
from __future__ import annotations

from fixtures.backbone import rolled, tamper
from html_browser import borrow, errors, export_html, give_back, open_page, page_data, shown


def test_an_edited_roll_is_named_on_the_page(tmp_path):
    with rolled(tmp_path / "g.db", value=3) as g:
        seq = next(s for s, _c, _ev in g.events_of("DieRolled"))
    tamper(tmp_path / "g.db", ("UPDATE events SET data = replace(data, '\"value\":3', '\"value\":9') WHERE seq = ?",
                               (seq,)))
    assert export_html(tmp_path / "g.db", tmp_path / "r.html") == 0
    data = page_data(tmp_path / "r.html")
    assert data["verify"]["ok"] is False and data["verify"]["bad"] == seq
    assert f"BROKEN at seq {seq}" in data["verify"]["text"]
    driver = borrow(tmp_path / "profile")
    try:
        open_page(driver, tmp_path / "r.html", seq)
        assert shown(driver, "verdict") == "NOT VERIFIED"
        assert "verify found the first problem here" in shown(driver, "flags")
        assert shown(driver, "event").startswith(f"seq {seq}: die rolled for ")
        assert errors(driver) == []
    finally:
        give_back(driver)
