"""The bundled INVENTED rule-9 demo (engine/scenarios/ridge-line-9): what rule 9 says should happen, did."""
from __future__ import annotations

import io
from importlib import resources

from turnlog.engine import scenario
from turnlog.engine.faces.cli import DEMO_SEED, play_lines
from turnlog.engine.game import Game


def test_9_demo_ridge_line_story(tmp_path):
    g = Game.create(tmp_path / "r.db", scenario.load("ridge-line-9"), seed=bytes.fromhex(DEMO_SEED))
    script = resources.files("turnlog.engine.scenarios").joinpath("ridge-line-9.jsonl").read_text().splitlines()
    out = io.StringIO()
    assert play_lines(g, script, out=out) == 0, out.getvalue()
    text = out.getvalue()
    for rule in ("9.1.3", "9.1.0", "9.1.1", "9.2.4", "9.2.3"):
        assert f"refused, as expected, by rule {rule}" in text
    p = g.state.kinds["designation"].procedures["C1"]
    assert p.phase == "done" and p.required == ["0302", "0303", "0605"]          # 9.1.1a cascade; 0204, 0606 exempt
    assert p.assaults["G1"].constricted and p.assaults["G2"].hexes == ["0302", "0303"]   # 9.2.4, 9.2.1
    assert g.state.units["us-bn-3"].hex == "0705"
    assert not any("attack" in u.markers for u in g.state.units.values())
    g.close()
