"""`turnlog export --html FILE` writes one self-contained page, through the output-file guard."""
from __future__ import annotations

import re

from turnlog.engine.commands import AddNote
from turnlog.engine.verify import verify_path

from fixtures.backbone import rolled
from html_browser import export_html, page_data


def test_the_page_holds_every_event_and_the_verify_head_and_loads_nothing(tmp_path):
    with rolled(tmp_path / "g.db") as g:
        g.execute(AddNote(text="the roll stands"))
        events = g.log.last()[0]
    out = tmp_path / "replay.html"
    assert export_html(tmp_path / "g.db", out) == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    data = page_data(out)
    assert data["events"] == len(data["steps"]) == events
    rep = verify_path(tmp_path / "g.db")
    assert data["verify"]["head"] == rep.head and data["verify"]["ok"] is True
    assert f"head      {rep.head}" in data["verify"]["text"]
    # self-contained: no file or address to fetch, and a policy that forbids any network load
    assert not re.search(r"<(link|img|iframe|object|embed)\b|\bsrc=", page)
    assert re.findall(r"https?://[^\s\"'<>]+", page) == ["http://www.w3.org/2000/svg"] * page.count("www.w3.org/2000/svg")
    assert "default-src 'none'" in page


def test_an_existing_file_is_replaced_only_with_force(tmp_path):
    with rolled(tmp_path / "g.db"):
        pass
    out = tmp_path / "replay.html"
    out.write_text("mine")
    assert export_html(tmp_path / "g.db", out) == 2
    assert out.read_text() == "mine"
    assert export_html(tmp_path / "g.db", out, "--force") == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_a_game_file_or_its_seed_is_never_the_target_even_with_force(tmp_path):
    with rolled(tmp_path / "g.db"):
        pass
    before = (tmp_path / "g.db").read_bytes(), (tmp_path / "g.db.seed").read_bytes()
    assert export_html(tmp_path / "g.db", tmp_path / "g.db", "--force") == 2
    assert export_html(tmp_path / "g.db", tmp_path / "g.db.seed", "--force") == 2
    assert ((tmp_path / "g.db").read_bytes(), (tmp_path / "g.db.seed").read_bytes()) == before


def test_html_and_json_lines_in_one_run_are_refused_writing_nothing(tmp_path):
    with rolled(tmp_path / "g.db"):
        pass
    assert export_html(tmp_path / "g.db", tmp_path / "r.html", "--output", str(tmp_path / "r.jsonl")) == 2
    assert not (tmp_path / "r.html").exists() and not (tmp_path / "r.jsonl").exists()
