"""`turnlog show --svg` draws each land combat's ARM totals and chosen table, and the kampfgruppen in a
repair pool (11.16.5-T3, T1, K1c); the text board lists them too. INVENTED position, synthetic tables."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.faces.svg.render import board_text, render_svg

from helpers import new_game
from wif_helpers import EX_T, begin, position, u


def test_wif_svg_shows_arm_totals_the_table_and_the_repair_pool(tmp_path):
    """11.16.5-T3, 11.16.5-K1c: the combat's hex is outlined with 'ARM 11:7 blitz' and a title naming the
    chooser and the column; a unit in the repair pool is listed as a kampfgruppe, not in the force pool."""
    units = [*EX_T, {**u("kg1", "MECH"), "hex": "", "pool": "ax-repair"}]
    g = new_game(tmp_path, position(units, pools=[{"id": "ax-repair", "faction": "AX", "kind": "repair"}]))
    g.execute(begin())
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    svg = render_svg(g, g.state)
    assert 'class="overlay role-combat land-combat" data-hex="0303" data-role="combat" data-label="ARM 11:7 blitz" ' \
        'data-procedure="L1"' in svg and ">ARM 11:7 blitz</text>" in svg
    assert "the attacker chooses (T3); blitz table, column 3:1" in svg
    assert "repair pool ax-repair (AX), kampfgruppen:</text>" in svg and ">   kg1</text>" in svg  # wrapped
    text = board_text(g.state)
    assert "repair pool ax-repair (AX), kampfgruppen: kg1" in text and "force pool: -" in text
    assert "L1: AX vs WA at 0303, phase roll, ARM 11:7, attacker chooses, table blitz, column 3:1" in text


def test_wif_k1c_a_kampfgruppe_in_the_fallback_repair_pool_is_drawn_too():
    """11.16.5-K1c: a faction with no repair pool in its scenario keeps its kampfgruppen in ``<faction>-repair``;
    the board lists them there as it lists a declared pool's."""
    from turnlog.engine.wif import view as render_wif

    from wif_loss_helpers import position, take, u
    state, _ = position([u("a-mech", "MECH", white=True), u("d1", "INF")], att_loss="1", chooser="attacker",
                        table="blitz", arm_contributors=["a-mech"], in_supply={"a-mech": True},
                        retreat_route={"a-mech": True})
    take(state, "attacker", ["a-mech"])
    assert state.units["a-mech"].pool == "AX-repair" and "AX-repair" not in state.pools
    assert render_wif.repair_pool(state) == ["repair pool AX-repair (AX), kampfgruppen: a-mech"]
