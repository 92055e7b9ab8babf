"""The bundled INVENTED WiF demo (engine/scenarios/river-town-11-16-5, synthetic tables): what the
choosing-tables text says should happen, did, and the log verifies."""
from __future__ import annotations

import io
from importlib import resources

import turnlog
from turnlog.engine import scenario
from turnlog.engine.faces.cli import DEMOS, DEMO_SEED, play_lines
from turnlog.engine.game import Game
from turnlog.projections import narrative


def test_wif_demo_plays_ex_t_and_a_defenders_choice_and_verifies(tmp_path):
    """EX-T, 11.16.5-T3, 11.16.5-T8, 11.16.5-T1: the worked example's 11 against 7 with +1 on each die; a
    defender's blitz in a forest with no shift; both refusals of 11.16.5-T1; the tables labelled INVENTED."""
    assert "river-town-11-16-5" in DEMOS
    g = Game.create(tmp_path / "r.db", scenario.load("river-town-11-16-5"), seed=bytes.fromhex(DEMO_SEED))
    script = resources.files("turnlog.engine.scenarios").joinpath("river-town-11-16-5.jsonl").read_text()
    out = io.StringIO()
    assert play_lines(g, script.splitlines(), out=out) == 0, out.getvalue()
    text = out.getvalue()
    assert text.count("refused, as expected, by rule 11.16.5-T1") == 2
    combats = g.state.kinds["wif"].procedures
    l1, l2 = combats["L1"], combats["L2"]
    assert (l1.arm_attacker, l1.arm_defender, l1.chooser, l1.table, l1.column, l1.cell) == \
        ("11", "7", "attacker", "blitz", "3:1", "-/1R")
    assert (l2.arm_attacker, l2.arm_defender, l2.chooser, l2.table, l2.column) == ("0", "4", "defender", "blitz", "2:1")
    created = next(ev for _s, _c, ev, _a in g.rows(1, 1))
    assert all(t.invented for t in created.tables) and "INVENTED" in narrative.line(created)
    assert "INVENTED" in scenario.load("river-town-11-16-5").name
    rep = turnlog.verify_path(g.log.path)
    assert rep.ok, rep.problem
    g.close()
