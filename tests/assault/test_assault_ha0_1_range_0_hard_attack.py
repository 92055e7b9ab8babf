"""AS-HA0.1 (reading P19): range-0 hard attack values play no part; the optional Alternate Assault rule is not
in the text, so an assault under it is refused rather than resolved by another formula. INVENTED ratings."""
from __future__ import annotations

import pytest

from turnlog.engine.assault import as_res1_values as values
from turnlog.engine.errors import RuleViolation

from turnlog import commands as c
from turnlog.projections.assault import Assault

from assault_values_helpers import assault, game, unit
from helpers import refused


def test_as_ha0_1_hard_attack_values_have_no_effect(tmp_path):
    plain = [unit("a1", "0202"), unit("e1", "0302")]
    armed = [unit("a1", "0202", hard_attack=12, hard_attack_range=0), unit("e1", "0302", hard_attack=9)]
    assert assault(tmp_path, plain, ["a1"])[1] == assault(tmp_path, armed, ["a1"])[1]


def test_as_ha0_1_the_alternate_assault_option_is_refused_at_the_declaration(tmp_path):
    g = game(tmp_path, [unit("a1", "0202"), unit("e1", "0302")], pzc={"alternate_assault": True})
    assert "Alternate Assault" in str(refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-HA0.1"))
    assert [ch for ch in g.legal() if ch.command == "DeclareAssault"] == []


def test_as_ha0_1_and_when_values_are_asked_for(tmp_path):
    g = game(tmp_path, [unit("a1", "0202"), unit("e1", "0302")], pzc={"alternate_assault": True})
    a = Assault(id="S1", hex="0302", attacker="AX", defender="WA", turn=1, units=["a1"], defenders=["e1"])
    with pytest.raises(RuleViolation) as err:
        values.totals(g.state, a)
    assert err.value.rule == "AS-HA0.1"
