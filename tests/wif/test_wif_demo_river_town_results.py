"""The bundled INVENTED WiF demo plays the results text too (engine/scenarios/river-town-11-16-5): each owner's
losses in casualty points, the first-loss choice of EX-R, the kampfgruppen of K1a/K1b and EX-K's builds; the
refusals it shows name their clauses; the SVG shows the French kampfgruppe still in its repair pool."""
from __future__ import annotations

import io
from importlib import resources

import turnlog
from turnlog.engine import scenario
from turnlog.engine.faces.cli import DEMO_SEED, play_lines
from turnlog.engine.faces.svg.render import render_svg
from turnlog.engine.game import Game


def played(tmp_path):
    g = Game.create(tmp_path / "r.db", scenario.load("river-town-11-16-5"), seed=bytes.fromhex(DEMO_SEED))
    script = resources.files("turnlog.engine.scenarios").joinpath("river-town-11-16-5.jsonl").read_text()
    out = io.StringIO()
    assert play_lines(g, script.splitlines(), out=out) == 0, out.getvalue()
    return g, out.getvalue()


def test_wif_demo_plays_r3_r4e_ex_r_ex_k_and_verifies(tmp_path):
    """11.16.5-R3, 11.16.5-R4a, 11.16.5-R4e, 11.16.5-K1b, 11.16.5-K2b, EX-R, EX-K in the demo's log."""
    g, text = played(tmp_path)
    for rule in ("11.16.5-R3", "11.16.5-R4e", "11.16.5-R4a", "11.16.5-K2b"):
        assert f"refused, as expected, by rule {rule}" in text, rule
    combats = g.state.kinds["wif"].procedures
    assert all(cb.phase == "done" for cb in combats.values())
    assert combats["L3"].first_loss_type == "arm" and combats["L3"].settled == ["attacker", "defender"]
    assert g.state.units["fr-mech-1"].pool == "fr-repair"          # K1b: it paid the AA's other half
    assert g.state.units["ge-mech-2"].pool == ""                   # K1a, then K2a: back to the force pool
    credits = g.state.kinds["wif_kampfgruppen"].credits
    assert {(cr.unit, cr.built, cr.bp, cr.turns) for cr in credits.values()} == \
        {("ge-mech-kg", "MECH", 3, 2), ("ge-mech-2", "INF", 2, 1)}
    svg = render_svg(g, g.state)
    assert "repair pool fr-repair (AL), kampfgruppen:" in svg and ">   fr-mech-1</text>" in svg
    rep = turnlog.verify_path(g.log.path)
    assert rep.ok, rep.problem
    g.close()
