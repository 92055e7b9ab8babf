"""`turnlog show --svg` (render_svg) draws a Panzer Campaigns unit's strength (men, v vehicles, g guns), its
mode and its Disrupted or Broken marker. INVENTED units."""
from __future__ import annotations

from turnlog.engine.faces.svg.render import render_svg

from assault_values_helpers import game, unit


def test_svg_shows_strength_mode_and_disruption(tmp_path):
    g = game(tmp_path, [unit("a1", "0202", strength=12, kind="vehicles", mode="travel"),
                        unit("a2", "0202", strength=4, kind="guns"),
                        unit("e1", "0302", strength=150, markers=["disrupted"]),
                        unit("e2", "0302", strength=30, markers=["disrupted", "broken"])])
    svg = render_svg(g, g.state)
    assert ">12v</text>" in svg and ">4g</text>" in svg and ">150</text>" in svg
    assert ">TRA</text>" in svg and ">DEP</text>" in svg
    assert svg.count('class="marker disrupted"') == 2 and svg.count('class="marker broken"') == 1
    assert "strength 12v" in svg and "markers disrupted (AS-DEF.1), broken (AS-DEF.5)" in svg
    assert "bottom: strength in men, v vehicles, g guns" in svg and "D disrupted, B broken" in svg


def test_svg_a_unit_without_strength_still_shows_its_factors(tmp_path):
    u = unit("a1", "0202")
    u.update(strength=0, strength_kind="", factors=7)
    g = game(tmp_path, [u, unit("e1", "0302")])
    svg = render_svg(g, g.state)
    assert 'class="factors" x=' in svg and ">7</text>" in svg
    assert "D disrupted" not in svg
