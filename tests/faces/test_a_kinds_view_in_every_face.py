"""A kind's view is drawn by every face with no face edited: the toy kind (tests/support/skirmish/,
INVENTED) puts a target marker on the unit an open skirmish names and outlines its hex; the SVG
board, the text board (show, the REPL's board, the demo), diff, the REPL's unit and hex and the
HTML replay all show both."""
from __future__ import annotations

from pathlib import Path

import pytest

import turnlog
from turnlog.engine.faces import diff as D
from turnlog.engine.faces.svg.render import board_text, render_svg

from skirmish import procedure as T
from helpers import hexes, new_game, scenario, unit
from html_browser import export_html, page_data
from test_repl import run, section

turnlog.register_kind(T.KIND)

FACES = Path(__file__).resolve().parents[2] / "engine" / "faces"


@pytest.fixture
def game(tmp_path):
    g = new_game(tmp_path, scenario(
        hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405", 3)],
        turn={"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "movement"},
        dice={"hit": {"sides": 6}}, rules={"procedures": ["attrition", "skirmish"]}))
    g.execute(T.BeginSkirmish(attacker="AX", target="us-1"))
    yield g
    g.close()


def test_no_face_names_the_toy_kind():
    assert not [p.name for p in FACES.rglob("*.py") if "skirmish" in p.read_text(encoding="utf-8")]


def test_the_svg_board_draws_the_marker_the_overlay_and_its_legend(game):
    svg = render_svg(game, game.state)
    assert 'data-unit="us-1" data-hex="0405" data-strength="3" data-mode="" data-markers="skirmish-target"' in svg
    assert '<g class="marker skirmish-target">' in svg
    assert 'data-hex="0405" data-role="skirmish" data-label="S1" data-procedure="S1"' in svg
    assert "S1: AX fires at us-1 (T.1)" in svg and "T: the target of an open skirmish (T.1)" in svg


def test_the_text_board_shows_the_marker_and_the_procedure_line(game):
    text = board_text(game.state)
    assert "us-1[US infantry 3 skirmish-target]" in text
    assert "  S1: AX skirmishes with us-1, phase roll" in text


def test_diff_lists_the_marker_the_overlay_and_the_line(game):
    text = D.text(D.diff(game.at(game.log.last()[0] - 1), game.state), game.state)
    assert "us-1 [US infantry 3 skirmish-target]: markers - -> skirmish-target" in text
    assert "0405: skirmish S1 (S1) placed" in text
    assert "  S1: - -> AX skirmishes with us-1, phase roll" in text


def test_the_repl_unit_and_hex_show_them(game):
    out = run(game, "unit us-1", "hex 0405")
    assert "skirmish-target (T.1)" in section(out, "unit us-1").splitlines()[0]
    assert "  skirmish S1: S1: AX fires at us-1 (T.1)" in section(out, "hex 0405")


def test_the_html_replay_carries_them_per_step(game, tmp_path):
    game.execute(T.RollSkirmish(procedure="S1", value=1))   # a miss: the skirmish is done, its marks go
    db = next(tmp_path.glob("g*.db"))
    assert export_html(db, tmp_path / "r.html") == 0
    data = page_data(tmp_path / "r.html")
    overlays = [d["v"] for _i, _l, _f, d, _x in data["steps"] if d and "v" in d]
    assert overlays[-2] == [[1, "skirmish", "S1", "S1: AX fires at us-1 (T.1)", "", "S1"]] and overlays[-1] == []
    assert ["3", "", "skirmish-target", 3] in data["facedata"]  # strength, mode, markers, factors
    procs = [d["p"] for _i, _l, _f, d, _x in data["steps"] if d and "p" in d]
    assert procs[-1] == ["S1: AX skirmishes with us-1, phase done"]
