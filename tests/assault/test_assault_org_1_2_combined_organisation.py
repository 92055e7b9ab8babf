"""AS-ORG.1-2 with reading P15: -20% when attackers mix divisional-level organisations or corps; none for one
division with corps-level units of its own corps. INVENTED order of battle (scenario ``formations``)."""
from __future__ import annotations

import pytest

from assault_values_helpers import assault, rules_of, unit

FORMATIONS = [{"id": "X", "level": "corps"}, {"id": "Y", "level": "corps"},
              {"id": "X1", "level": "division", "parent": "X"}, {"id": "X2", "level": "division", "parent": "X"},
              {"id": "Y1", "level": "division", "parent": "Y"},
              {"id": "X1-rgt", "level": "regiment", "parent": "X1"}, {"id": "X-art", "level": "brigade", "parent": "X"}]


@pytest.mark.parametrize("orgs, penalised", [
    (["X1", "X1-rgt"], False),          # one division (a regiment walks up to it)
    (["X1", "X2"], True),               # AS-ORG.1: two divisions
    (["X1", "X"], False),               # AS-ORG.2: a division with its own corps' corps-level units
    (["X1", "X-art"], False),           # ... a corps-level brigade of the same corps
    (["X1", "Y"], True),                # a division with another corps' units
    (["X", "Y"], True),                 # AS-ORG.1: corps-level units of different corps
    (["X", "X-art"], False),            # corps-level units of one corps
    (["X", "X1", "X2"], True),          # P15: corps units with two of its divisions
    (["kg-a", "kg-b"], True),           # formations not in the table: each its own organisation
    (["", ""], False),
])
def test_as_org_1_2(tmp_path, orgs, penalised):
    hexes = ["0202", "0203", "0301"]
    units = [unit(f"a{i}", hexes[i], formation=f) for i, f in enumerate(orgs)] + [unit("e1", "0302")]
    _, t = assault(tmp_path, units, [f"a{i}" for i in range(len(orgs))], formations=FORMATIONS)
    assert rules_of(t) == (["AS-ORG.1"] if penalised else [])
    assert t.att_value == 400 * len(orgs) * (80 if penalised else 100) / 100


def test_formations_are_logged_and_checked(tmp_path):
    from assault_values_helpers import game
    g = game(tmp_path, [unit("a1", "0202", formation="X1"), unit("e1", "0302")], formations=FORMATIONS)
    assert g.state.formations["X1"].parent == "X"
    from turnlog.engine.errors import ScenarioError
    with pytest.raises(ScenarioError) as err:
        game(tmp_path, [], formations=[{"id": "A", "parent": "B"}, {"id": "B", "parent": "A"}, {"id": "C",
                                                                                              "parent": "Z"}])
    assert "formations[0].parent: reference cycle" in str(err.value)
    assert 'formations[2].parent: no formation "Z"' in str(err.value)
