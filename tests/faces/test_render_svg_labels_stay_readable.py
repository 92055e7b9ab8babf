"""`show --svg` stays readable on every demo's map: a unit's id is written large enough to read
when the picture is shown small (an 8 x 8 map), a feature's mark never sits on a counter, and
every heading line fits the picture's width (a long one ends in "…")."""
from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from contextlib import redirect_stdout

import pytest

from turnlog.engine.faces.cli import DEMOS, main
from turnlog.engine.faces.svg.render import render_svg
from turnlog.engine.faces.svg.style import MARGIN
from turnlog.engine.game import Game

NS = {"s": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    d = tmp_path_factory.mktemp("demo")
    with redirect_stdout(io.StringIO()):
        assert main(["demo", "--dir", str(d)]) == 0
    out = {}
    for name in DEMOS:
        with Game.open(d / f"{name}.db", readonly=True) as g:
            # the first event, and the board after each command: a long last command heads some
            seqs = sorted({1} | {row[6] for row in g.log.commands()})
            out[name] = [render_svg(g, g.at(s)) for s in seqs]
    return out


def _box(rect) -> tuple[float, float, float, float]:
    x, y = float(rect.get("x")), float(rect.get("y"))
    return x, y, x + float(rect.get("width")), y + float(rect.get("height"))


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("name", DEMOS)
def test_unit_ids_are_written_large_enough_to_read(pictures, name):
    root = ET.fromstring(pictures[name][-1])
    ids = root.findall(".//s:text[@class='unit-id']", NS)
    assert ids
    for t in ids:
        size = float(t.get("font-size"))
        assert size >= (7.0 if len(t.text) <= 7 else 5.5), t.text
        assert len(t.text) * 0.62 * size <= 31.5 or t.get("textLength"), t.text


@pytest.mark.parametrize("name", DEMOS)
def test_a_feature_mark_never_sits_on_a_counter(pictures, name):
    for svg in pictures[name]:
        root = ET.fromstring(svg)
        counters = [_box(g.find("s:rect", NS)) for g in root.iter(f"{{{NS['s']}}}g")
                    if (g.get("class") or "").split()[:1] in (["unit"], ["ghost"])]
        for chip in root.findall(".//s:g[@class='feature']/s:rect", NS):
            assert not any(_overlap(_box(chip), c) for c in counters), name


@pytest.mark.parametrize("name", DEMOS)
def test_every_heading_line_fits_the_picture(pictures, name):
    for svg in pictures[name]:
        root = ET.fromstring(svg)
        room = float(root.get("width")) - 2 * MARGIN
        for t in root.findall("s:text", NS):
            if t.get("class") in ("title", "subtitle"):
                em = 0.66 if t.get("font-weight") == "bold" else 0.6
                assert len(t.text) * em * float(t.get("font-size")) <= room, t.text
    assert any(re.search(r"…</text>", svg) for svg in pictures["hedgerow-assault"])


def test_a_board_of_the_setup_says_so_not_turn_0_of_year_0(pictures):
    first = ET.fromstring(pictures["ridge-line-9"][0])
    sub = first.find("s:text[@class='subtitle']", NS).text
    assert sub.startswith("the scenario's setup, before its first game turn · board at seq ")
