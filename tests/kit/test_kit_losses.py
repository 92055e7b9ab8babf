"""kit/losses.py: a loss list against what a result calls for; refusals name the system's rule; the shortfall.

The setups are INVENTED: rule "X.5" calls for losses, "X.6" forbids a unit, and the units weigh 1 (a
counter, or a corps's casualty point) or 1/2 (a division's), as a system would give them.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.kit import losses as L

HALF = Fraction(1, 2)
UNITS = {
    "corps-1": L.Candidate("corps-1"),
    "corps-2": L.Candidate("corps-2"),
    "div-1": L.Candidate("div-1", weight=HALF),
    "div-2": L.Candidate("div-2", weight=HALF),
    "fort-1": L.Candidate("fort-1", "X.6", "fort-1 stands in a fort and may not be lost"),
}


def spec(required, units=UNITS) -> L.LossSpec:
    return L.LossSpec(rule="X.5", required=required, judge=units.get)


def most(required, units=UNITS) -> Fraction:
    return L.most_of(required, units.values())


def test_a_full_list_pays_and_leaves_no_shortfall():
    assert L.check(spec(2), ["corps-1", "corps-2"], most(2)) == 0


def test_halves_pay_exactly():
    assert L.check(spec(1), ["div-1", "div-2"], most(1)) == 0


def test_a_unit_paying_1_may_settle_the_half_a_division_left_open():
    # picked in order: the division pays 1/2, the corps the other half; the result is paid, nothing follows it
    assert L.check(spec(1), ["div-1", "corps-1"], most(1)) == 0


def test_a_loss_after_the_result_is_paid_is_refused_by_the_systems_rule():
    err = pytest.raises(RuleViolation, L.check, spec(1), ["corps-1", "div-1"], most(1)).value
    assert err.rule == "X.5" and err.message == "3/2 offered but the result calls for 1"


def test_more_units_than_required_is_refused():
    err = pytest.raises(RuleViolation, L.check, spec(1), ["corps-1", "corps-2"], most(1)).value
    assert err.rule == "X.5" and err.message == "2 offered but the result calls for 1"


def test_a_unit_that_may_not_be_lost_is_refused_under_the_rule_that_forbids_it():
    err = pytest.raises(RuleViolation, L.check, spec(2), ["corps-1", "fort-1"], most(2)).value
    assert (err.rule, err.message) == ("X.6", "fort-1 stands in a fort and may not be lost")


def test_fewer_than_the_owner_could_give_is_refused():
    err = pytest.raises(RuleViolation, L.check, spec(2), ["corps-1"], most(2)).value
    assert err.rule == "X.5" and err.message == "the owner must lose 2 here, not 1"


def test_a_shortfall_is_allowed_when_nothing_more_can_be_given():
    few = {k: UNITS[k] for k in ("corps-1", "div-1", "fort-1")}  # 3/2 can be paid; the fort may not be lost
    assert most(4, few) == Fraction(3, 2)
    assert L.check(spec(4, few), ["corps-1", "div-1"], most(4, few)) == Fraction(5, 2)


def test_the_most_may_be_the_systems_own_and_is_judged_last():
    calls = []
    assert L.check(spec(3), ["corps-1"], lambda: calls.append(1) or 1) == 2  # a system's cap (per nationality, say)
    assert calls == [1]
    with pytest.raises(RuleViolation, match="X.6"):
        L.check(spec(3), ["fort-1"], lambda: calls.append(2) or 1)
    assert calls == [1]  # not computed when an earlier check refused


def test_the_systems_extra_checks_run_before_the_shortfall():
    def one_division_only(chosen):
        if sum(c.weight == HALF for c in chosen) > 1:
            raise RuleViolation("X.7", "only one division may be lost")
    with pytest.raises(RuleViolation, match="X.7"):
        L.check(spec(2), ["div-1", "div-2"], most(2), extra=one_division_only)


@pytest.mark.parametrize("chosen,message", [(["corps-1", "corps-1"], "units: a unit is listed twice"),
                                            (["corps-1", "nobody"], 'units[1]: no unit "nobody"')])
def test_malformed_lists_name_the_field(chosen, message):
    with pytest.raises(CommandError) as err:
        L.check(spec(2), chosen, most(2))
    assert str(err.value) == message


def test_the_messages_are_the_systems_own():
    s = L.LossSpec(rule="X.5", required=2, judge=UNITS.get, field="losses",
                   too_few="{taken} lost where {most} could be")
    assert pytest.raises(RuleViolation, L.check, s, ["div-1"], most(2)).value.message == "1/2 lost where 2 could be"
    assert str(pytest.raises(CommandError, L.check, s, ["x"], 0).value) == 'losses[0]: no unit "x"'
