"""AS-RES.1 on random INVENTED assaults: the totals are re-derived from the logged modifiers alone (what `why`
shows is what was used), every modifier names an AS id, nothing is negative, and the same board gives the same
figures. ASSAULT_VALUE_EXAMPLES=200 searches longer than the suite's 25."""
from __future__ import annotations

import os
import tempfile
from fractions import Fraction
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from turnlog.engine.assault import as_res1_values as values
from turnlog.engine.assault.facts import mass, vehicles
from turnlog.engine.kit import modifiers as kit
from turnlog.projections.assault import Assault

from assault_values_helpers import game, unit

NEAR = ["0202", "0203", "0301", "0303", "0402", "0403"]   # the six neighbours of 0302
TERRAIN = ["clear", "woods", "bocage", "village", "rough"]
MARKERS = ["disrupted", "broken", "low_ammo", "digging_in", "bridge_building", "mine_laying"]


@st.composite
def units(draw, prefix: str, hexes: list[str]):
    out = []
    for i in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["men", "men", "vehicles", "guns"]))
        out.append(unit(f"{prefix}{i}", draw(st.sampled_from(hexes)), kind=kind,
                        strength=draw(st.integers(0, 300 if kind == "men" else 20)),
                        assault=draw(st.integers(0 if prefix == "e" else 1, 9)), defence=draw(st.integers(0, 9)),
                        quality=draw(st.sampled_from("ABCDEF")), fatigue=draw(st.integers(0, 2)),
                        mode=draw(st.sampled_from(["deployed", "deployed", "travel", "rail"])),
                        cls=draw(st.sampled_from(["infantry", "armour", "mot_infantry", "engineer"])),
                        markers=draw(st.lists(st.sampled_from(MARKERS), max_size=2, unique=True)),
                        formation=draw(st.sampled_from(["X1", "X2", "X", "Y", ""])),
                        facing=draw(st.none() | st.integers(0, 5)), demolition=draw(st.integers(0, 1))))
    return out


@st.composite
def positions(draw):
    att, dfn = draw(units("a", NEAR)), draw(units("e", ["0302"]))
    sides = [{"a": h, "b": "0302", "assault_pct": draw(st.integers(-50, 50))} for h in NEAR if draw(st.booleans())]
    pzc = {"combine": draw(st.sampled_from(["sum", "chain"])), "stack": draw(st.sampled_from(["multiply", "worst"])),
           "cap_support": draw(st.sampled_from(["at_least", "exceeds"]))}
    fort = draw(st.sampled_from([None, ("bunker", 40), ("pillbox", 25)]))
    return att, dfn, sides, pzc, draw(st.sampled_from(TERRAIN)), fort


FORMATIONS = [{"id": "X", "level": "corps"}, {"id": "Y", "level": "corps"},
              {"id": "X1", "level": "division", "parent": "X"}, {"id": "X2", "level": "division", "parent": "X"}]


@settings(max_examples=int(os.environ.get("ASSAULT_VALUE_EXAMPLES", 25)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_as_res_1_random_assaults_rederive_from_their_modifiers(pos):
    att, dfn, sides, pzc, terrain, fort = pos
    with tempfile.TemporaryDirectory() as d:
        g = game(Path(d), att + dfn, spec=f"0302:{terrain}", hexsides=sides, pzc=pzc, formations=FORMATIONS,
                 bonus={"0302": fort} if fort else None)
        a = Assault(id="S1", hex="0302", attacker="AX", defender="WA", turn=1, units=[u["id"] for u in att],
                    defenders=[u["id"] for u in dfn])
        t = values.totals(g.state, a)
        assert t == values.totals(g.state, a)
        assert all(m.rule.startswith("AS-") for m in t.modifiers)
        assert min(t.att_value, t.def_value, *t.contributions.values()) >= 0
        for uid, got in t.contributions.items():
            u = g.state.units[uid]
            mine = [m for m in t.modifiers if m.applies_to == f"assault:{uid}"]
            assert got == kit.apply(u.ratings["assault"] * mass(u), mine, rounding="exact")
            halved = [m for m in mine if m.rule == "AS-CAP.5"]
            assert len(halved) <= 1 and all(m.amount >= Fraction(1, 2) for m in halved) and \
                (not halved or vehicles(u) > 0)
        for side, ids, value in (("attacker", a.units, t.att_value), ("defender", a.defenders, t.def_value)):
            base = sum((t.contributions[i] for i in ids), Fraction(0))
            mods = [m for m in t.modifiers if m.applies_to == side]
            assert value == values.side_value(g.state, base, mods)
            if pzc["combine"] == "sum":
                assert value == kit.apply(base, mods, rounding="exact", floor_percent=True)
        g.close()
