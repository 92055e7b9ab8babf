"""The bundled assault scenario (engine/scenarios/hedgerow-assault.toml, INVENTED throughout) loads, and
values.totals on its two intended assaults gives the figures worked out by hand below."""
from __future__ import annotations

from fractions import Fraction as F

from turnlog import commands as c
from turnlog.engine import scenario
from turnlog.engine.assault import as_res1_values as values

from assault_helpers import proc  # registers the assault kind for tests
from helpers import new_game


def _game(tmp_path):
    sc = scenario.load("hedgerow-assault")
    assert "INVENTED" in sc.name and "INVENTED" in sc.description
    return new_game(tmp_path, sc)


def test_s1_the_village_with_a_bunker(tmp_path):
    g = _game(tmp_path)
    g.execute(c.DeclareAssault(hex="0403", units=["ge-pz-1", "ge-gren-1", "ge-pio-1"]))
    t = values.totals(g.state, proc(g, "S1"))
    # AS-CAP: 12 vehicles, 80 supporting infantry (of 120 allowed) against 150 + 30 defending infantry:
    # 100 beyond, 10 of the 12 vehicles at half strength (x14/24). ge-gren-1 has Low Ammo (AS-ATK.4, x1/4).
    assert t.contributions == {"ge-pz-1": 5 * 12 * 10 * F(14, 24), "ge-gren-1": 3 * 80 * F(1, 4),
                               "ge-pio-1": 4 * 40, "us-inf-1": 4 * 150, "us-at-1": 2 * 4 * 10 * F(1, 2),
                               "us-eng-1": 3 * 30 * F(1, 2)}
    # Side: the engineers' C/High -20% (AS-UNIT.2), the lane -10% (AS-TER.1), the village -20% (AS-TER.2);
    # corps engineers with a division of their own corps: no AS-ORG penalty. 570 x 50%.
    assert [(m.rule, m.value) for m in t.modifiers if m.applies_to == "attacker"] == \
        [("AS-UNIT.2", -20), ("AS-TER.1", -10), ("AS-TER.2", -20)]
    assert t.att_value == 285
    assert t.att_defence == F(6 * 120 + 4 * 80 + 3 * 40, 240)
    # Defenders: 685 x 110% (us-inf-1, quality B); the bunker's +40% halved to +20% by the demolition engineers.
    assert t.def_value == F(1507, 2)
    assert t.def_defence == F(6 * 150 + 5 * 40 + 4 * 30, 220) * F(120, 100)
    assert t.demolition == ("ge-pio-1",)
    assert sorted({m.rule for m in t.modifiers}) == ["AS-ATK.4", "AS-CAP.5", "AS-DEF.1", "AS-DEF.4", "AS-DEMO.1",
                                                     "AS-TER.1", "AS-TER.2", "AS-UNIT.2"]


def test_s2_the_bocage(tmp_path):
    g = _game(tmp_path)
    g.execute(c.DeclareAssault(hex="0504", units=["ge-stug-1", "ge-pzgren-1"]))
    t = values.totals(g.state, proc(g, "S1"))
    # AS-CAP: 10 assault guns and the lorried infantry in Travel Mode (10 vehicles, no infantry) against 80
    # infantry: 8 vehicles at half strength, 4 of each unit (x16/20). AS-ATK.4: Travel Mode x1/4.
    assert t.contributions["ge-stug-1"] == 4 * 10 * 10 * F(16, 20)
    assert t.contributions["ge-pzgren-1"] == 3 * 100 * F(1, 4) * F(16, 20)
    # The bocage -20% (AS-TER.2) and two organisations of two corps -20% (AS-ORG.1); the lowest unit modifier
    # is C/none, 0%. 380 x 60%.
    assert [(m.rule, m.value) for m in t.modifiers if m.applies_to == "attacker"] == [("AS-TER.2", -20),
                                                                                     ("AS-ORG.1", -20)]
    assert t.att_value == 228
    assert t.att_defence == F(7 * 100 + 4 * 100, 200) / 2                # AS-BOC.1: both halved
    # us-para-1 faces hexside 2: 0404 is beyond its hexside 5, a rear one (AS-DEF.6, x0). The highest unit
    # modifier is us-para-1's A/Medium +10%.
    assert t.contributions["us-para-1"] == 0
    assert t.def_value == 2 * 20 * F(110, 100)
    assert t.def_defence == F(6 * 60 + 5 * 20, 80)
    assert t.demolition == ()


def test_the_declared_assaults_verify(tmp_path):
    from turnlog.engine.verify import verify
    g = _game(tmp_path)
    g.execute(c.DeclareAssault(hex="0403", units=["ge-pz-1", "ge-gren-1", "ge-pio-1"]))
    g.execute(c.DeclareAssault(hex="0504", units=["ge-stug-1", "ge-pzgren-1"]))
    assert verify(g).ok
