"""The benchmark code runs end to end at a trivial size (no time is asserted: the machine is shared)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import gen, peer, run, serve_figures, verify_stages  # noqa: E402
from turnlog.projections.fold import fold  # noqa: E402
from turnlog.projections.state import GameState  # noqa: E402


def test_generated_game_has_exact_size_and_replays_to_its_live_state():
    sc = gen.scenario(60, seed=2)
    batch, live = gen.game(sc, 700, seed=2, turn_events=150)
    rows, seq = [], 0
    for cid, (_actor, _ctype, _payload, rs) in enumerate(batch, 1):
        for type_, version, data, auto in rs:
            seq += 1
            rows.append((seq, cid, type_, version, data, auto))
    assert seq == 700
    types = {r[2] for r in rows}
    assert {"UnitMoved", "ControlChanged", "SupplyChanged", "DieRolled", "AttritionZonesDetermined"} <= types
    assert fold(GameState(), rows) == live


def test_run_writes_every_figure_with_spread_and_ratios(tmp_path):
    out = tmp_path / "r.json"
    args = ["--smoke", "--events", "1500", "--hexes", "60", "--zone-hexes", "60", "120", "--reps", "1",
            "--commands", "3", "--samples", "2", "--undo-cycles", "5", "--repl-events", "300", "--out", str(out), "--workdir", str(tmp_path)]
    assert run.main(args) == 0
    res = json.loads(out.read_text())
    figs = res["figures"]
    expected = {"limit.executemany", "bulk_import", "limit.read_fold", "replay", "verify_chain",
                "limit.txn.FULL", "append.FULL", "limit.txn.NORMAL", "append.NORMAL",
                "at.1000", "undo.1000", "at.1500", "undo.1500", "zones.60", "zones.120",
                "verify", "verify.replay", "verify.undos", "verify.no_undos", "procedure.NORMAL", "limit.procedure.NORMAL", "procedure.OFF",
                "search.rollout", "search.copy", "limit.plain_copy", "limit.python_start", "cli.help", "cli.show_demo",
                "show.original", "show.fork", "show.import"}
    expected |= {f"{what}.{k}" for what in ("open", "undo", "redo", "at") for k in ("undos", "no_undos")}
    expected |= {f"cli.{what}{state}" for what in ("help", "show_demo", "log_demo", "play_demo")
                 for state in ("", ".source")}
    expected |= {"limit.python_start.cpu", "cli.show_demo.cpu", "cli.play_demo.cpu"}
    expected |= {"repl.step", "repl.back", "repl.goto", "repl.board", "html.export", "html.verify"}
    if peer.available():
        expected |= {"peer.append", "peer.replay", "peer.append_per_command"}
    expected |= {f"verify.stage.{k}" for k in verify_stages.STAGES} | {"verify.instrumented"}
    if serve_figures.available():
        expected |= {"serve.command", "serve.direct", "serve.roundtrip",
                     "serve.direct_plus_roundtrip", "serve.games.1", "serve.games.4",
                     "serve.games.16", "serve.push"}
    assert expected <= set(figs)
    assert figs["replay"]["replay_equals_live_state"] is True
    assert figs["verify"]["ok"] is True and figs["verify"]["replay_equals_live_state"] is True
    assert {"median_s", "iqr_s", "ratio_to_limit"} <= set(figs["bulk_import"])
    assert {t["figure"] for t in res["targets"]} >= {"replay", "bulk_import", "at.1500", "zones.120", "open.undos",
                                                    "verify", "procedure.NORMAL", "search.copy", "search.rollout",
                                                    "show.fork", "show.import", "cli.help", "cli.show_demo",
                                                    "cli.log_demo", "cli.play_demo", "cli.show_demo.source",
                                                    "repl.step", "repl.goto"}
    assert figs["repl.step"]["p99_s"] > 0 and figs["html.export"]["page_bytes"] > 0
    # every stage's functions are still what verify calls: each stage took some time
    assert [k for k in verify_stages.STAGES if not figs[f"verify.stage.{k}"]["median_s"] > 0] == []
    if serve_figures.available():
        assert figs["serve.push"]["received"] == figs["serve.push"]["sent"] > 0
        assert {"serve.command", "serve.games.16"} <= {t["figure"] for t in res["targets"]}
    assert res["machine"]["nproc"]
