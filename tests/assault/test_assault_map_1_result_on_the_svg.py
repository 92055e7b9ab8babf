"""AS-MAP.1 on the SVG board: a resolved assault of the current player turn shows attacker/defender losses on a
chip over the defending hex, its title naming the procedure; the legend says what the chip is. INVENTED units."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.faces.svg.render import render_svg

from assault_helpers import game, u


def test_as_map_1_the_svg_shows_the_losses_over_the_defending_hex(tmp_path):
    g = game(tmp_path, [u("a1", "0202", defence=5), u("e1", "0302", assault=2, defence=4)], pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    assert 'data-role="result"' not in render_svg(g, g.state)
    g.execute(c.ResolveAssault(procedure="S1", values={"defender_result": 500000, "attacker_result": 250000}))
    svg = render_svg(g, g.state)
    assert 'data-hex="0302" data-role="result" data-label="6/20" data-procedure="S1"' in svg
    assert ">6/20</text>" in svg and "S1: the attackers lost 6, the defenders 20 (AS-MAP.1)" in svg
    assert "assault losses, attacker/defender" in svg
