"""`turnlog show --svg` (render_svg) draws rule 9's Attack markers, unit modes and required targets."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.faces.svg.render import render_svg

from war_helpers import game, u


def test_9_svg_shows_attack_markers_modes_and_required_hexes(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202", mode="pa"), u("e1", "0301")])
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    g.execute(c.EndAttackDesignation(procedure="C1"))
    svg = render_svg(g, g.state)
    assert svg.count('class="marker attack"') == 1 and ">PA</text>" in svg
    assert 'id="required-C1-0301" class="overlay role-required required-target required"' in svg
    assert "must be attacked (9.1.1), owed by a1, a2" in svg


def test_9_1_0_the_legend_names_the_attack_marker_only_while_one_is_on_the_map(tmp_path):
    """9.1.0: the legend explains the Attack marker's spade when a unit carries one, and not before (its line
    stays short enough for the panel)."""
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202", mode="pa"), u("e1", "0301")])
    before = render_svg(g, g.state)
    assert "top right: mode (PA, EXP, TRA...)" in before and "Attack marker (9.1.0)" not in before
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    assert "\u2660 Attack marker (9.1.0)" in render_svg(g, g.state)
