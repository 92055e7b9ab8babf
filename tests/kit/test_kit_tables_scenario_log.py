"""A scenario's combat tables go into GameCreated with their SHA-256 and text: the log replays alone, verify lists them."""
from __future__ import annotations

import hashlib
import json
import shutil

import msgspec
import pytest

from kit_tables_helpers import FIXTURE

from turnlog.engine import scenario as S
from turnlog.engine import verify as V
from turnlog.engine.errors import ScenarioError
from turnlog.engine.game import Game
from turnlog.engine.kit import tables as T
from turnlog.engine.verify import chain
from turnlog.events import setup as s
from turnlog.projections import narrative

from fixtures.backbone import SEED, cli

BOARD = ('factions = [{ id = "AX", side = "axis" }]\nnationalities = [{ id = "GE", faction = "AX" }]\n'
         'hexes = [{ id = "0101", col = 1, row = 1 }]\n[turn]\nseason = "summer"\nyear = 1943\nactive = "AX"\n')


def _scenario(folder, tables: str) -> S.Scenario:
    (folder / "crt").mkdir(exist_ok=True)
    shutil.copyfile(FIXTURE, folder / "crt" / "odds.toml")
    p = folder / "sc.toml"
    p.write_text(f'name = "t"\ntables = {tables}\n' + BOARD)
    return S.load(p)


def test_paths_are_relative_to_the_scenario_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path.parent)
    sc = _scenario(tmp_path, '{ odds = "crt/odds.toml", attrition = "turnlog:attrition-14-41-europe" }')
    rec = sc.tables["odds"]
    assert rec == T.record(T.load(FIXTURE, "odds"))
    assert rec.sha256 == hashlib.sha256(FIXTURE.read_bytes()).hexdigest() and rec.invented
    assert sc.tables["attrition"].source.startswith("Rule 14.41")


def test_the_log_keeps_the_tables_and_replays_without_their_files(tmp_path):
    sc = _scenario(tmp_path, '{ odds = "crt/odds.toml" }')
    with Game.create(tmp_path / "g.db", sc, seed=SEED) as g:
        created = next(ev for _seq, _cid, ev, _a in g.rows())
    assert created.tables == [sc.tables["odds"]]
    shutil.rmtree(tmp_path / "crt")
    with Game.open(tmp_path / "g.db") as g:
        rep = V.verify(g)
    assert rep.ok, rep.problem
    assert rep.tables == [f"odds {created.tables[0].sha256} (invented)"]
    assert T.from_record(created.tables[0]).results == T.load(FIXTURE).results


def test_verify_prints_each_tables_hash(tmp_path):
    sc = _scenario(tmp_path, '{ odds = "crt/odds.toml" }')
    Game.create(tmp_path / "g.db", sc, seed=SEED).close()
    r = cli("verify", "--db", tmp_path / "g.db")
    assert r.returncode == 0
    assert f"  table     odds {sc.tables['odds'].sha256} (invented)" in r.stdout


def test_the_narrative_labels_an_invented_table(tmp_path):
    sc = _scenario(tmp_path, '{ odds = "crt/odds.toml", attrition = "turnlog:attrition-14-41-europe" }')
    line = narrative.line(S.setup_events(sc, "0" * 64)[0])
    assert "combat tables: odds (INVENTED, not from any game) sha256 " in line
    assert 'attrition sha256 05d1170f908747af… from "Rule 14.41' in line


def test_a_game_without_tables_encodes_as_before():
    ev = s.GameCreated(name="t", seed_sha256="ab")
    assert msgspec.json.encode(ev) == b'{"type":"GameCreated","name":"t","seed_sha256":"ab"}'
    assert "combat tables" not in narrative.line(ev)


def test_a_changed_text_no_longer_matches_its_hash(tmp_path):
    rec = T.record(T.load(FIXTURE, "odds"))
    forged = msgspec.structs.replace(rec, text=rec.text.replace('"-/R*"', '"-/3"', 1))
    with pytest.raises(T.TableError, match="text hashes to .*, the log recorded"):
        T.from_record(forged)
    rep = V.Report()
    assert chain.tables(s.GameCreated(name="t", seed_sha256="", tables=[forged]), rep)
    assert rep.first_bad_seq == 1 and "table 'odds'" in rep.problem


def _json_scenario(tables: dict) -> bytes:
    doc = {"name": "t", "tables": tables, "factions": [{"id": "AX", "side": "axis"}],
           "nationalities": [{"id": "GE", "faction": "AX"}], "hexes": [{"id": "0101", "col": 1, "row": 1}],
           "turn": {"season": "summer", "year": 1943, "active": "AX"}}
    return json.dumps(doc).encode()


def test_a_json_scenario_may_give_a_table_inline_as_the_log_holds_it():
    rec = msgspec.to_builtins(T.record(T.load(FIXTURE, "odds")))
    assert S.parse(_json_scenario({"odds": rec}), "json").tables["odds"].sha256 == rec["sha256"]
    with pytest.raises(ScenarioError, match="tables.odds: table 'odds': text hashes to"):
        S.parse(_json_scenario({"odds": {**rec, "sha256": "0" * 64}}), "json")
    with pytest.raises(ScenarioError, match="tables.crt: record named 'odds'"):
        S.parse(_json_scenario({"crt": rec}), "json")


def test_a_table_name_is_an_id(tmp_path):
    with pytest.raises(ScenarioError, match="tables.my crt: a table name is 1-64 characters"):
        S.parse(_json_scenario({"my crt": "x.toml"}), "json", base=tmp_path)


def test_setup_refuses_a_scenario_whose_tables_were_not_loaded():
    sc = msgspec.structs.replace(S.parse(_json_scenario({}), "json"), tables={"odds": "odds.toml"})
    with pytest.raises(ScenarioError, match="tables: not loaded"):
        S.setup_events(sc, "")
