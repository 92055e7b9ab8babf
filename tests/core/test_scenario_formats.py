"""TOML and JSON scenarios decode to the same Scenario, and loading becomes the log's first events."""
from __future__ import annotations

import tomllib
from importlib import resources

import msgspec

from turnlog.engine import scenario as S
from turnlog.engine.game import Game
from turnlog.events import setup as s
from turnlog.events.game import GameTurnStarted, PhaseStarted, PlayerTurnStarted

from fixtures.backbone import SEED, cli, small_scenario


def bundled_toml() -> str:
    return resources.files("turnlog.engine.scenarios").joinpath("bridgehead-14-65.toml").read_text()


def test_toml_and_json_give_the_same_scenario(tmp_path):
    doc = tomllib.loads(bundled_toml())
    (tmp_path / "b.toml").write_text(bundled_toml())
    (tmp_path / "b.json").write_bytes(msgspec.json.encode(doc))
    (tmp_path / "b.JSON").write_bytes(msgspec.json.encode(doc))
    from_toml, from_json = S.load(tmp_path / "b.toml"), S.load(tmp_path / "b.json")
    assert from_toml == from_json == S.load(tmp_path / "b.JSON") == S.load("bridgehead-14-65")
    assert isinstance(from_toml.units[0], s.UnitSpec) and isinstance(from_toml.hexes[0].features[0], s.Feature)
    assert from_toml.hexes[0].features[0] == s.Feature(kind="bridgehead", origin="seaborne", launched_from="britain")


def test_defaults_fill_omitted_fields():
    sc = small_scenario()
    assert sc.die == s.DieSpec(sides=10, lowest=0)
    assert sc.rules.stacking_limit == 3
    h = sc.hexes[0]
    assert (h.terrain, h.mapboard, h.stacking_limit, h.features) == ("clear", "europe", 0, [])
    u = sc.units[0]
    assert (u.type, u.supply, u.prev_supply, u.box) == ("infantry", "full", "full", "")
    assert sc.nationalities[1].status == "major" and sc.nationalities[1].ctl == 1


def test_setup_events_carry_the_whole_scenario():
    sc = S.load("bridgehead-14-65")
    ev = S.setup_events(sc, "ab" * 32)
    # A file that names no rulings edition is played under the current one, and the log says which.
    rules = msgspec.structs.replace(sc.rules, edition=s.EDITION)
    assert sc.rules.edition == 0 and ev[0].rules.edition == s.EDITION == 6
    assert ev[0] == s.GameCreated(name=sc.name, seed_sha256="ab" * 32, die=sc.die, rules=rules,
                                  description=sc.description)
    assert [e.faction for e in ev if isinstance(e, s.FactionDefined)] == sc.factions
    assert [e.nationality for e in ev if isinstance(e, s.NationalityDefined)] == sc.nationalities
    assert [e.hex for e in ev if isinstance(e, s.HexDefined)] == sc.hexes
    assert [e.source for e in ev if isinstance(e, s.SupplySourceDefined)] == sc.supply_sources
    assert [e.unit for e in ev if isinstance(e, s.UnitPlaced)] == sc.units
    assert ev[-3:] == [GameTurnStarted(turn=2, season="summer", year=1943), PlayerTurnStarted(faction="AX"),
                       PhaseStarted(phase="attrition")]


def test_log_replays_without_the_scenario_file(tmp_path):
    p = tmp_path / "mine.json"
    p.write_bytes(msgspec.json.encode(tomllib.loads(bundled_toml())))
    Game.create(tmp_path / "g.db", S.load(p), seed=SEED).close()
    p.unlink()
    with Game.open(tmp_path / "g.db") as g:
        st = g.state
        assert st.name == "The invasion bridgehead (14.65 example)"
        assert st.units["ge-pz-1"].hex == "0504" and st.units["ge-pz-1"].factors == 8
        assert st.control["0505"] == "WA" and st.sources["britain"].supply_zone == "britain"
        assert [f.kind for f in st.features["0505"]] == ["bridgehead"]
        assert st.features["0501"][0].owner == "WA"  # a feature's owner defaults to the hex's controller
        assert (st.turn.turn, st.turn.season, st.turn.active, st.turn.phase) == (2, "summer", "AX", "attrition")
        assert "WA/western/0505" in st.zones  # 14.211 zones fixed by the setup's player turn
        assert st == g.at(use_snapshots=False)


def test_units_in_a_box_or_the_pool():
    sc = small_scenario(units=[{"id": "a", "nationality": "GE", "box": "reserve"},
                               {"id": "b", "nationality": "US"}])
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d, Game.create(Path(d) / "g.db", sc, seed=SEED) as g:
        assert g.state.units["a"].box == "reserve" and not g.state.units["a"].in_pool
        assert g.state.units["b"].in_pool and not g.state.units["b"].hex


def test_cli_new_from_toml_json_and_bundled(tmp_path):
    (tmp_path / "s.toml").write_text(bundled_toml())
    (tmp_path / "s.json").write_bytes(msgspec.json.encode(tomllib.loads(bundled_toml())))
    for i, src in enumerate((tmp_path / "s.toml", tmp_path / "s.json", "bridgehead-14-65")):
        db = tmp_path / f"g{i}.db"
        r = cli("new", src, "--db", db)
        assert r.returncode == 0, r.stderr
        assert "23 setup events" in r.stdout and (tmp_path / f"g{i}.db.seed").exists()
    shows = [cli("show", "--db", tmp_path / f"g{i}.db", "--json").stdout for i in range(3)]
    boards = [msgspec.json.decode(x) for x in shows]
    for b in boards:
        b.pop("seed_sha256")  # each game drew its own secret seed
        b.pop("game_id")  # and its own identity
    assert boards[0] == boards[1] == boards[2]
