"""AS-HA0.1 (reading P19): range-0 hard attack values play no part; the optional Alternate Assault rule is not
in the text, so an assault under it is refused rather than resolved by another formula. INVENTED ratings."""
from __future__ import annotations

import pytest

from turnlog.engine.assault import values
from turnlog.engine.errors import RuleViolation

from assault_helpers import proc
from assault_values_helpers import assault, game, unit
from turnlog import commands as c


def test_as_ha0_1_hard_attack_values_have_no_effect(tmp_path):
    plain = [unit("a1", "0202"), unit("e1", "0302")]
    armed = [unit("a1", "0202", hard_attack=12, hard_attack_range=0), unit("e1", "0302", hard_attack=9)]
    assert assault(tmp_path, plain, ["a1"])[1] == assault(tmp_path, armed, ["a1"])[1]


def test_as_ha0_1_the_alternate_assault_option_is_refused(tmp_path):
    g = game(tmp_path, [unit("a1", "0202"), unit("e1", "0302")], pzc={"alternate_assault": True})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    with pytest.raises(RuleViolation) as err:
        values.totals(g.state, proc(g))
    assert err.value.rule == "AS-HA0.1"
