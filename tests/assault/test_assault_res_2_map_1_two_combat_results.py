"""AS-RES.2 (reading P1): two Combat Results, each a committed uniform draw between the scenario's low and
high combat values, scaled by combat value / baseline and randomly rounded; AS-MAP.1: the losses are kept
for the map as attacker/defender. INVENTED units and parameters (tests/assault/assault_helpers.py PZC: 1-3, baseline
10); draws entered by slot, so each case is exact."""
from __future__ import annotations

from fractions import Fraction

from turnlog import commands as c
from turnlog.events import assault as a
from turnlog.events.game import DieRolled
from turnlog.engine.assault import as_res2_results as results
from turnlog.projections.narrative import line

from assault_helpers import game, of, proc, u

# a1: 100 men, assault 4, defence 5 -> 400 against e1's defence 4: combat value 100.
# e1: 100 men, assault 2, defence 4 -> 200 against a1's defence 5: combat value 40.
UNITS = [u("a1", "0202", defence=5), u("e1", "0302", assault=2, defence=4)]


def resolve(tmp_path, values: dict, units=UNITS):
    g = game(tmp_path, units, pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=[x["id"] for x in units if not x["id"].startswith("e")]))
    return g, g.execute(c.ResolveAssault(procedure="S1", values=values))


def test_as_res_2_each_result_is_the_drawn_value_times_combat_value_over_the_baseline(tmp_path):
    # defender: 1 + 2 x 0.5 = 2 -> 2 x 100 / 10 = 20; attacker: 1 + 2 x 0.25 = 1.5 -> 1.5 x 40 / 10 = 6.
    g, done = resolve(tmp_path, {"defender_result": 500000, "attacker_result": 250000})
    res = of(done, a.AssaultResolved)[0]
    assert (res.att_value, res.att_defence, res.def_value, res.def_defence) == ("400", "5", "200", "4")
    assert (res.low, res.high, res.baseline, res.def_loss, res.att_loss) == ("1", "3", "10", 20, 6)
    assert [d.key for d in of(done, DieRolled)] == ["assault/S1/defender_result", "assault/S1/attacker_result"]


def test_as_res_2_a_fraction_is_rounded_up_with_its_own_probability(tmp_path):
    # defender: 1 + 2 x 0.025 = 1.05 -> 10.5: a rounding draw below 500 rounds up, from 500 down.
    up = resolve(tmp_path, {"defender_result": 25000, "defender_round": 499, "attacker_result": 250000})[1]
    down = resolve(tmp_path, {"defender_result": 25000, "defender_round": 500, "attacker_result": 250000})[1]
    assert of(up, a.AssaultResolved)[0].def_loss == 11 and of(down, a.AssaultResolved)[0].def_loss == 10


def test_as_res_2_a_loss_never_exceeds_what_the_side_has(tmp_path):
    units = [u("a1", "0202", assault=40, defence=5), u("e1", "0302", assault=2, defence=4)]
    done = resolve(tmp_path, {"defender_result": 999999, "attacker_result": 0}, units)[1]
    assert of(done, a.AssaultResolved)[0].def_loss == 100


def test_as_map_1_the_result_is_kept_for_the_map_attacker_first(tmp_path):
    g, done = resolve(tmp_path, {"defender_result": 500000, "attacker_result": 250000})
    p = proc(g)
    assert (p.att_loss, p.def_loss, p.resolved) == (6, 20, True)
    text = line(of(done, a.AssaultResolved)[0])
    assert "6/20 (AS-MAP.1)" in text and "AS-RES.1" in text and "AS-RES.2" in text


def test_as_res_2_the_combat_value_reads_a_defence_below_one_as_one():
    assert results.combat_value(Fraction(30), Fraction(0)) == 30
    assert results.combat_value(Fraction(30), Fraction(3, 2)) == 20


def test_as_res_2_seeded_results_verify(tmp_path):
    import turnlog
    g, _done = resolve(tmp_path, {})
    assert turnlog.verify_path(g.log.path).ok
