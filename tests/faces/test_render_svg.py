"""`turnlog show --svg`: one element per hex and per on-map unit, the overlays of the shown procedure,
crowded hexes kept inside their hex, and a picture that a real renderer turns into a PNG."""
from __future__ import annotations

import math
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from turnlog.engine.faces.svg.render import H, center, render_svg

from fixtures.backbone import cli, finished
from helpers import hexes, new_game, scenario, unit

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if cls in e.get("class", "").split()]


@pytest.fixture
def played(tmp_path):
    """The bridgehead example to its end: losses in 0505 (seq 30-34), occupation by ge-pz-1 (35-39)."""
    g = finished(tmp_path / "b.db")
    yield g
    g.close()


def test_odd_columns_sit_half_a_hex_lower():
    assert center(1, 3)[1] - center(0, 3)[1] == pytest.approx(H / 2)
    assert center(2, 3)[1] == pytest.approx(center(0, 3)[1])
    assert center(0, 4)[1] - center(0, 3)[1] == pytest.approx(H)


def test_one_element_per_hex_and_per_on_map_unit(played):
    root = parse(render_svg(played, played.state))
    hexes_ = by_class(root, "hex")
    assert sorted(e.get("data-hex") for e in hexes_) == sorted(played.state.hexes)
    assert {e.get("id") for e in hexes_} == {f"hex-{h}" for h in played.state.hexes}
    on_map = sorted(u.id for u in played.state.units.values() if u.hex)
    assert sorted(e.get("data-unit") for e in by_class(root, "unit")) == on_map
    assert "us-inf-1" not in on_map  # eliminated: not on the map, listed in the legend's force pool
    assert "force pool: us-inf-1, us-inf-2" in "".join(root.itertext())


def test_terrain_controller_and_features_are_drawn(played):
    root = parse(render_svg(played, played.state))
    h = root.find(".//*[@id='hex-0505']")
    assert "terrain-clear" in h.get("class") and "ctrl-AX" in h.get("class")  # taken by the occupation
    labels = "".join(root.find(".//*[@class='labels']").itertext())
    assert "0505 AX" in labels and "BH" in labels and "0501 WA" in labels and "★CAP" in labels


def test_zones_outlined_occupation_hatched_advance_arrowed(played):
    root = parse(render_svg(played, played.state))
    zones = {e.get("data-zone") for e in by_class(root, "zone")}
    assert zones == set(played.state.zones)
    occ = by_class(root, "occupation")
    assert [e.get("data-hex") for e in occ] == ["0505"]
    arrows = by_class(root, "arrow")
    assert [(e.get("class"), e.get("data-units")) for e in arrows] == [("arrow advance", "ge-pz-1")]
    assert "advance 0504 -> 0505: ge-pz-1 (14.64)" in arrows[0].find("s:title", NS).text


def test_last_command_highlighted(played):
    root = parse(render_svg(played, played.state))
    assert sorted(e.get("data-hex") for e in by_class(root, "highlight")) == ["0504", "0505"]
    assert [e.get("data-unit") for e in by_class(root, "unit") if "changed" in e.get("class")] == ["ge-pz-1"]
    assert "last command c5 SelectOccupation" in "".join(root.itertext())


def test_at_an_earlier_seq_the_eliminated_units_are_ghosts(played):
    svg = render_svg(played, played.at(34))
    root = parse(svg)
    assert sorted(e.get("data-unit") for e in by_class(root, "ghost")) == ["us-inf-1", "us-inf-2"]
    assert not by_class(root, "arrow") and not by_class(root, "occupation")
    assert sorted(e.get("data-hex") for e in by_class(root, "highlight")) == ["0505"]
    assert "us-inf-1" not in {e.get("data-unit") for e in by_class(root, "unit")}


def _inside(pt, poly) -> bool:
    """Point inside a convex polygon given clockwise (screen coordinates)."""
    x, y = pt
    signs = set()
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if abs(cross) > 1e-6:
            signs.add(cross > 0)
    return len(signs) <= 1


def _counter_corners(el: ET.Element):
    r = el.find("s:rect", NS)
    x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
    return [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]


@pytest.mark.parametrize("nats", [
    ["GE"] * 7,                                        # one nationality: one stack, badge 7
    ["GE", "GE", "GE", "IT", "IT", "FI", "JA"],        # four nationalities: four stacks
    ["GE", "IT", "FI", "JA", "GE", "IT", "GE", "GE", "IT"],
    ["US", "GB", "CW", "US", "GB", "CW", "US"],
])
def test_a_crowded_hex_stays_inside_its_hex_with_count_badges(tmp_path, nats):
    units = [unit(f"u{i}", nat, "0202", 2 + i) for i, nat in enumerate(nats)]
    faction = "AX" if nats[0] in ("GE", "IT", "FI", "JA") else "WA"
    g = new_game(tmp_path, scenario(hexes(f"0202:{faction} 0203:{faction} 0302:RU"), units))
    root = parse(render_svg(g, g.state))
    g.close()
    counters = by_class(root, "unit")
    assert sorted(e.get("data-unit") for e in counters) == sorted(u["id"] for u in units)
    poly = [tuple(map(float, p.split(","))) for p in
            root.find(".//*[@id='hex-0202']/s:polygon", NS).get("points").split()]
    for e in counters:
        assert all(_inside(p, poly) for p in _counter_corners(e)), e.get("data-unit")
    groups = {}
    for u in units:
        groups.setdefault(u["nationality"], []).append(u["factors"])
    badges = sorted(int(b.get("data-count")) for b in by_class(root, "badge"))
    if len(groups) <= 4:
        assert badges == sorted(len(fs) for fs in groups.values() if len(fs) > 1)
    else:
        assert badges == [len(nats)]  # too many nationalities: one stack
    text = "".join(root.itertext())
    if len(groups) <= 4:
        for nat, fs in groups.items():
            if len(fs) > 1:
                assert f"Σ{sum(fs)}" in text, nat
    else:
        assert f"Σ{sum(u['factors'] for u in units)}" in text


def _real_imagemagick() -> bool:
    """A `convert` on PATH may be a stand-in that converts nothing: ask it what it is."""
    try:
        r = subprocess.run(["convert", "-version"], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return r.returncode == 0 and "ImageMagick" in r.stdout


def _to_png(svg_path, png_path) -> str:
    """Convert with whatever is installed; return the tool's name, or skip saying what is missing."""
    if shutil.which("rsvg-convert"):
        subprocess.run(["rsvg-convert", "-o", png_path, svg_path], check=True, timeout=60)
        return "rsvg-convert"
    try:
        import cairosvg
    except ImportError:
        cairosvg = None
    if cairosvg is not None:
        cairosvg.svg2png(url=str(svg_path), write_to=str(png_path))
        return "cairosvg"
    if shutil.which("convert") and _real_imagemagick():
        subprocess.run(["convert", svg_path, png_path], check=True, timeout=60)
        return "convert"
    pytest.skip("no working SVG renderer: install librsvg2-bin (rsvg-convert), ImageMagick (convert) or cairosvg")


def test_the_cli_writes_an_svg_that_renders_to_png(played, tmp_path):
    played.close()
    svg, png = tmp_path / "board.svg", tmp_path / "board.png"
    r = cli("show", "--db", tmp_path / "b.db", "--svg", svg, "--at", "34")
    assert r.returncode == 0 and "board at seq 34" in r.stdout, r.stderr
    root = parse(svg.read_text())
    width, height = float(root.get("width")), float(root.get("height"))
    _to_png(svg, png)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (w, h) == (math.ceil(width), math.ceil(height)) or abs(w - width) <= 1


def test_special_hexsides_are_drawn_on_the_shared_edge(tmp_path):
    """Rivers (14.62E), fortified sides (14.23D) and the like appear, with a legend line each."""
    from turnlog.engine import scenario
    from turnlog.engine.faces.cli import DEMO_SEED
    from turnlog.engine.game import Game
    with Game.create(tmp_path / "ef.db", scenario.load("eastern-front-winter"), seed=bytes.fromhex(DEMO_SEED)) as g:
        svg = render_svg(g, g.state)
    assert svg.count('class="hexside river"') == 1 and "0606/0706: river" in svg
    assert "hexside: river" in svg
    import re
    (path,) = re.findall(r'<path class="hexside river" d="M([\d.]+),([\d.]+)L([\d.]+),([\d.]+)"', svg)
    x1, y1, x2, y2 = map(float, path)
    a, b = center(6, 6), center(7, 6)
    # The segment is the edge between the two hexes: as long as a side and perpendicular to the centres' line.
    assert abs(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 - 62.0) < 0.5
    assert abs((x2 - x1) * (b[0] - a[0]) + (y2 - y1) * (b[1] - a[1])) < 1.0
