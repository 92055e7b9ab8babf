"""The bundled INVENTED assault demo (engine/scenarios/hedgerow-assault): it plays, refuses what it should, cites
each paragraph id with every modifier in its narrative, verifies; the REPL's `why` breaks a result down to each
unit and modifier. Every number in it is invented (the scenario says so)."""
from __future__ import annotations

import io
from importlib import resources

import turnlog
from turnlog.engine import scenario
from turnlog.engine.faces.cli import DEMOS, DEMO_SEED, play_lines
from turnlog.engine.faces.repl import Shell
from turnlog.engine.game import Game

CITED = ["AS-GEN.1", "AS-GEN.2", "AS-COST.3", "AS-ATK.4", "AS-CAP.5", "AS-DEF.1", "AS-DEF.4", "AS-DEF.6", "AS-UNIT.2",
         "AS-TER.1", "AS-TER.2", "AS-DEMO.1", "AS-DEMO.2", "AS-ORG.1", "AS-BOC.1", "AS-RES.1", "AS-RES.2", "AS-MAP.1",
         "AS-DIS.1", "AS-DIS.3", "AS-RET.1", "AS-SRR.2"]


def play(tmp_path):
    g = Game.create(tmp_path / "h.db", scenario.load("hedgerow-assault"), seed=bytes.fromhex(DEMO_SEED))
    script = resources.files("turnlog.engine.scenarios").joinpath("hedgerow-assault.jsonl").read_text().splitlines()
    out = io.StringIO()
    assert play_lines(g, script, out=out) == 0, out.getvalue()
    return g, out.getvalue()


def test_the_demo_plays_cites_every_id_and_verifies(tmp_path):
    assert "hedgerow-assault" in DEMOS
    g, text = play(tmp_path)
    for rule in ("AS-RET.2", "AS-RET.5", "AS-GEN.2"):
        assert f"refused, as expected, by rule {rule}" in text
    for rule in CITED:
        assert rule in text, rule
    procs = g.state.kinds["assault"].procedures
    assert procs["S1"].phase == procs["S2"].phase == "done"
    assert (g.state.units["us-at-1"].hex, g.state.units["us-at-1"].mode) == ("0502", "travel")   # AS-SRR.2
    assert "disrupted" in g.state.units["us-para-1"].markers and g.state.units["us-para-1"].hex == "0504"
    assert turnlog.verify_path(g.log.path).ok
    g.close()


def test_repl_why_breaks_the_result_down_to_each_unit_and_modifier(tmp_path):
    g, _text = play(tmp_path)
    seq = min(s for s, _cid, ev, _a in g.rows(1, g.log.last()[0]) if type(ev).__name__ == "AssaultResolved")
    out = io.StringIO()
    Shell(g, stdin=io.StringIO(f"why {seq}\nhex 0403\n"), stdout=out, history=None).cmdloop()
    text = out.getvalue()
    for uid in ("ge-pz-1", "ge-gren-1", "ge-pio-1", "us-inf-1", "us-at-1", "us-eng-1"):
        assert f" {uid}: " in text, uid
    for rule in ("AS-ATK.4", "AS-CAP.5", "AS-DEF.1", "AS-DEF.4", "AS-UNIT.2", "AS-TER.1", "AS-TER.2", "AS-DEMO.1"):
        assert f"modifier {rule}" in text, rule
    assert "(AS-RES.2, reading P1)" in text and "(AS-MAP.1)" in text
    p = g.state.kinds["assault"].procedures["S1"]
    assert f"assault S1 by AX, phase done: result {p.att_loss}/{p.def_loss} (attacker/defender losses, AS-MAP.1)" in text
    g.close()
