"""11.16.5-R4d: the first-loss constraint follows an ENG division that used its abilities; the host's
``eng_used`` naming a unit that is no ENG is malformed and refused naming the field, nothing written.
INVENTED position, synthetic tables."""
from __future__ import annotations

from turnlog.engine.errors import CommandError

from helpers import new_game, refused
from wif_helpers import EX_T, begin, combat, position, u

UNITS = [*EX_T, u("sap1", "ENG", size="division")]


def test_wif_r4d_an_inf_corps_named_as_having_used_eng_abilities_is_refused(tmp_path):
    """11.16.5-R4d: inf1 is an INF corps, not an ENG."""
    g = new_game(tmp_path, position(UNITS))
    err = refused(g, begin(attackers=["arm1", "inf1", "sap1"], eng_used=["inf1"]), None, CommandError)
    assert str(err).startswith('eng_used[0]: "inf1" is no ENG')


def test_wif_r4d_an_eng_division_is_accepted(tmp_path):
    """11.16.5-R4d: the ENG division that used an ability is recorded for the first loss."""
    g = new_game(tmp_path, position(UNITS))
    g.execute(begin(attackers=["arm1", "inf1", "sap1"], eng_used=["sap1"]))
    assert combat(g).eng_used == ["sap1"]
