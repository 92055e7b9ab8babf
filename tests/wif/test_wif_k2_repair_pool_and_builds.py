"""11.16.5-K2a-c: at the owner's next production phase every land unit leaves the repair pool for the force pool
(K2a, K2c) and each kampfgruppe may help one build of its own class, an INF or a MIL at half the build points
and half the time, halves rounded up (K2b; reading W17: the credit is spent or lapses in that phase).
Build costs are INVENTED (tests/wif/wif_loss_helpers.py COSTS)."""
from __future__ import annotations

import pytest

from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.wif import k1_kampfgruppe as k
from turnlog.events import wif_losses as w
from turnlog.projections.wif_losses import credits

from wif_loss_helpers import build, position, production, take, u


def with_kampfgruppe(cls="MECH"):
    state, _ = position([u("a1", cls, white=True), u("d1", "INF", white=True)], att_loss="1", def_loss="1",
                        in_supply={"a1": True, "d1": True}, retreat_route={"a1": True, "d1": True})
    take(state, "attacker", ["a1"])
    take(state, "defender", ["d1"])
    return state


def test_k2a_the_owners_production_phase_empties_his_repair_pool():
    state = with_kampfgruppe()
    ev = production(state, "AX")
    assert ev == [w.RepairPoolEmptied(faction="AX", units=["a1"]),
                  w.KampfgruppeCredited(credit="KG1", unit="a1", unit_class="MECH", faction="AX", turn=2)]
    assert state.units["a1"].pool == "" and k.in_repair_pool(state, "AX") == []
    assert k.in_repair_pool(state, "WA") == ["d1"]  # the other side's waits for its own production phase
    assert production(state, "WA")[0] == w.RepairPoolEmptied(faction="WA", units=["d1"])


def test_another_phase_or_an_empty_pool_does_nothing():
    state = with_kampfgruppe()
    state.turn.active, state.turn.phase = "AX", "movement"
    from turnlog.engine.wif.results import on_phase_started
    from turnlog.events.game import PhaseStarted
    assert on_phase_started(state, PhaseStarted(phase="movement")) == []
    production(state, "AX")
    assert production(state, "AX", turn=3) == []


@pytest.mark.parametrize("cls,bp,turns", [("MECH", 3, 2), ("INF", 2, 1), ("MIL", 1, 1)])
def test_k2b_half_cost_and_time_rounded_up(cls, bp, turns):
    state = with_kampfgruppe()
    production(state, "AX")
    assert build(state, "KG1", cls) == [w.KampfgruppeBuildRecorded(credit="KG1", unit_class=cls, bp=bp, turns=turns)]
    assert credits(state)["KG1"].spent


def test_k2b_only_its_own_class_inf_or_mil():
    state = with_kampfgruppe()
    production(state, "AX")
    with pytest.raises(RuleViolation) as err:
        build(state, "KG1", "ARM")
    assert err.value.rule == "11.16.5-K2b"


def test_k2b_refusal_names_the_credit_and_its_class_without_a_wrong_article():
    state = with_kampfgruppe("INF")
    production(state, "AX")
    with pytest.raises(RuleViolation) as err:
        build(state, "KG1", "ARM")
    assert "kampfgruppe KG1 (a1, class INF) helps build its own class, INF or MIL; not ARM" in err.value.message
    assert "a INF" not in err.value.message


def test_k2b_one_build_per_credit():
    state = with_kampfgruppe()
    production(state, "AX")
    build(state, "KG1", "INF")
    with pytest.raises(RuleViolation) as err:
        build(state, "KG1", "MIL")
    assert err.value.rule == "11.16.5-K2b"


def test_the_credit_lapses_after_its_production_phase():
    state = with_kampfgruppe()
    production(state, "AX")
    state.turn.phase = "movement"
    with pytest.raises(RuleViolation) as err:
        build(state, "KG1", "INF")
    assert err.value.rule == "11.16.5-K2a"


def test_k2c_the_kampfgruppe_is_in_the_force_pool_before_the_build():
    """11.16.5-K2c: no build while the kampfgruppe is in the repair pool (there is no credit yet); the phase
    that credits it has already put it back in the force pool, where the host's random draw may find it."""
    state = with_kampfgruppe()
    state.turn.turn, state.turn.phase = 2, "production"
    assert state.units["a1"].pool == "AX-repair"
    with pytest.raises(CommandError, match="credit"):
        build(state, "KG1", "MECH")
    ev = production(state, "AX")
    assert [type(e).__name__ for e in ev] == ["RepairPoolEmptied", "KampfgruppeCredited"]
    assert state.units["a1"].pool == "" and not state.units["a1"].hex
    assert build(state, "KG1", "MECH")[0].unit_class == "MECH" and state.units["a1"].pool == ""


def test_unknown_credit_or_missing_cost_names_the_field():
    state = with_kampfgruppe("ARM")
    with pytest.raises(CommandError, match="credit"):
        build(state, "KG9", "INF")
    production(state, "AX")
    state.rules = type(state.rules)()  # a scenario with no build costs
    with pytest.raises(CommandError, match="unit_class"):
        build(state, "KG1", "ARM")
