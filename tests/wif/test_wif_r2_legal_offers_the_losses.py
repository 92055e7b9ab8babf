"""What legal() offers for a combat's results (11.16.5-R2, R3, R4e, K2b): the defender's naming, each side's
loss list with its casualty points and first-loss note, and a production phase's builds; and each line of the
narrative names its clause."""
from __future__ import annotations

from turnlog.engine.wif import results_text as t
from turnlog.events import wif_losses as w

from wif_loss_helpers import designate, position, production, take, u

UNITS = [u("a1", "MECH", white=True), u("a2", "INF", "division"), u("a3", "INF", "division"), u("d1", "INF")]


def combat(**kw):
    state, c = position(UNITS, att_loss="1", def_loss="1", chooser="attacker", table="blitz",
                        arm_contributors=["a1"], invaders=["a2", "a3"], in_supply={"a1": True},
                        retreat_route={"a1": True}, **kw)
    return state, c


def test_first_loss_phase_offers_the_types_that_apply():
    state, c = combat()
    c.phase = "first_loss"
    [ch] = t.choices(state, c)
    assert ch.command == "DesignateFirstLossType" and ch.options[0].values == ["arm", "invasion"]
    assert (ch.role, ch.faction, ch.rule) == ("defender", "WA", "11.16.5-R4e")


def test_losses_phase_offers_each_unsettled_side():
    state, c = combat()
    designate(state, "invasion")
    got = {ch.fixed["side"]: ch for ch in t.choices(state, c)}
    assert set(got) == {"attacker", "defender"}
    assert got["attacker"].options[0].values == ["a1", "a2", "a3"]
    assert "a2, a3 (11.16.5-R4b)" in got["attacker"].note and "11.16.5-R3" in got["attacker"].note
    take(state, "defender", ["d1"])
    assert [ch.fixed["side"] for ch in t.choices(state, c)] == ["attacker"]


def test_production_offers_builds_and_the_narrative_names_clauses():
    state, c = combat()
    designate(state, "arm")
    ev = take(state, "attacker", ["a1"])
    ev += production(state, "AX")
    [ch] = t.credit_choices(state)
    assert ch.fixed == {"credit": "KG1"} and ch.options[0].values == ["MECH", "INF", "MIL"]
    lines = [t.narrate(e) for e in ev if isinstance(e, w.WifLossEvent.__args__)]
    assert all("11.16.5-" in line for line in lines), lines


def test_r3_a_side_with_no_unit_left_is_offered_the_empty_list_that_settles_it():
    state, c = combat()
    designate(state, "invasion")
    for uid in ("a1", "a2", "a3"):  # every attacker gone before its side's list (another combat's losses)
        state.units[uid].eliminated = True
    got = {ch.fixed["side"]: ch for ch in t.choices(state, c)}
    opt = got["attacker"].options[0]
    assert (opt.values, opt.least, opt.most) == ([], 0, 0) and "pays 0 casualty points" in got["attacker"].note
    take(state, "attacker", [])  # within the options: accepted
    assert [ch.fixed["side"] for ch in t.choices(state, c)] == ["defender"]
