"""The SVG of the crowded eastern-front demo position at its busiest seq (after the retreats,
displacement and advance of A1, seq 123) reads right: arrows start and end clear of the counters of their
hexes and run under the hex ids, feature marks sit inside their own hex clear of every neighbour's band,
counters show their unit ids, and every mark drawn is in the legend."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from turnlog.engine.faces.svg.render import render_svg
from turnlog.engine.game import Game

from fixtures.backbone import cli
from test_render_svg import NS, _inside, by_class

BUSIEST = 123  # A1 done: two retreats, a displacement, two units advancing, a flak lost


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demo")
    r = cli("demo", "--dir", folder, "--scenario", "eastern-front-winter")
    assert r.returncode == 0, r.stderr
    with Game.open(folder / "eastern-front-winter.db") as g:
        return ET.fromstring(render_svg(g, g.at(BUSIEST), BUSIEST))


def _rect(el):
    r = el.find("s:rect", NS)
    x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
    return x, y, x + w, y + h


def _ends(arrow):
    d = arrow.find("s:path", NS).get("d")  # "Mx,yQmx,my ex,ey"
    start, rest = d[1:].split("Q")
    return [tuple(map(float, p.split(","))) for p in (start, rest.split()[1])]


def _poly(el):
    return [tuple(map(float, p.split(","))) for p in el.get("points").split()]


def test_every_arrow_starts_and_ends_clear_of_every_counter(root):
    arrows = by_class(root, "arrow")
    assert {(a.get("data-from"), a.get("data-to")) for a in arrows} == {
        ("0605", "0504"), ("0605", "0505"), ("0605", "0403"), ("0705", "0605")}
    counters = [_rect(e) for e in by_class(root, "unit") + by_class(root, "ghost")]
    for a in arrows:
        for x, y in _ends(a):
            hit = [c for c in counters if c[0] - 2 <= x <= c[2] + 2 and c[1] - 2 <= y <= c[3] + 2]
            assert not hit, (a.get("data-from"), a.get("data-to"), (x, y))


def test_arrows_run_over_the_bands_and_under_the_hex_ids(root):
    groups = [g.get("class") for g in root if g.tag.endswith("g") and g.get("class")]
    assert groups.index("units") < groups.index("bands") < groups.index("arrows") < groups.index("labels")
    two = [c for c in by_class(root, "count")]
    assert [c.get("data-count") for c in two] == ["2"]  # su-tank-1 and su-inf-5 advanced together


def test_feature_marks_sit_in_their_own_hex_clear_of_the_neighbours_bands(root):
    hexes = {e.get("data-hex"): _poly(e.find("s:polygon", NS)) for e in by_class(root, "hex")}
    bands = [_poly(b) for b in by_class(root, "control")]
    marks = by_class(root, "feature")
    assert len(marks) == 3  # the city in 0302, the airbases in 0403 and 0605
    for m in marks:
        x0, y0, x1, y1 = _rect(m)
        corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        home = [h for h, poly in hexes.items() if all(_inside(p, poly) for p in corners)]
        assert len(home) == 1, m.find("s:text", NS).text
        for band in bands:  # at least 3px from any band: a mark next to a band reads as that hex's
            bx0, by0 = min(p[0] for p in band), min(p[1] for p in band)
            bx1, by1 = max(p[0] for p in band), max(p[1] for p in band)
            assert x1 + 3 <= bx0 or bx1 + 3 <= x0 or y1 + 3 <= by0 or by1 + 3 <= y0, (home, band)


def test_counters_show_their_unit_ids_inside_the_counter(root):
    units = by_class(root, "unit")
    assert len(units) > 20
    for e in units:
        ident = e.find("s:text[@class='unit-id']", NS)
        assert ident is not None and ident.text == e.get("data-unit")
        x0, y0, x1, y1 = _rect(e)
        assert x0 < float(ident.get("x")) < x1 and y0 < float(ident.get("y")) < y1
        wide = len(ident.text) * 0.62 * float(ident.get("font-size"))   # a bold glyph: about 0.62 em
        assert wide <= x1 - x0 - 3 + 0.05 or ident.get("textLength")  # long ids squeezed to fit


def test_every_mark_drawn_is_in_the_legend(root):
    legend = " ".join(root.find(".//*[@class='legend']").itertext())
    took = [e for e in by_class(root, "unit") if "took offensive" in e.find("s:title", NS).text]
    assert [e.get("data-unit") for e in took] == ["su-inf-7"]
    assert "O by the factors: took offensive (14.23A)" in legend
    assert "counter: nationality, type, unit id, factors" in legend
    assert "number on an arrow: units that went that way" in legend
    for kind in ("advance", "retreat", "displaced", "selected for occupation", "AB airbase", "CITY city"):
        assert kind in legend, kind
