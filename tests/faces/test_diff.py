"""`turnlog diff`: what changed between two seqs of a game, or between a game and its fork,
unit by unit (moved, eliminated, supply), hex by hex (control, features) and procedure by procedure."""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine.faces import diff as D
from turnlog.engine.commands import PlaceFeature, RemoveFeature, SetSupply, TakeAttritionLosses
from turnlog.events.setup import Feature

from fixtures.backbone import cli, finished


@pytest.fixture
def played(tmp_path):
    """Bridgehead: rolled 2C/1H (seq 29), losses in 0505 (30-34), ge-pz-1 occupies 0505 (35-39)."""
    g = finished(tmp_path / "b.db")
    yield g
    g.close()


def changes(cs) -> set[tuple[str, str, str, str]]:
    return {(c.what, c.kind, c.before, c.after) for c in cs}


def test_units_hexes_and_procedures_between_two_seqs(played):
    d = D.diff(played.at(29), played.at(39))
    assert changes(d.units) == {("us-inf-1", "eliminated", "0505", "eliminated"),
                                ("us-inf-2", "eliminated", "0505", "eliminated"),
                                ("ge-pz-1", "moved", "0504", "0505")}
    assert changes(d.hexes) == {("0505", "control", "WA", "AX"), ("0505", "overlay placed", "", "occupation (A1)")}
    kinds = {(c.what, c.kind) for c in d.procedures}
    assert ("A1", "phase") in kinds and ("A1", "losses") in kinds and ("A1", "selected for occupation") in kinds
    assert ("A1", "phase", "losses", "done") in changes(d.procedures)
    assert not d.turn


def test_supply_and_features(played):
    seq = played.log.last()[0]
    played.execute(SetSupply(unit="us-inf-3", supply="partial"))
    played.execute(PlaceFeature(hex="0502", feature=Feature(kind="fortress")))
    played.execute(RemoveFeature(hex="0505", kind="bridgehead"))
    d = D.diff(played.at(seq), played.state)
    assert changes(d.units) == {("us-inf-3", "supply", "full", "partial")}
    assert changes(d.hexes) == {("0502", "feature placed", "", "fortress"), ("0505", "feature removed", "bridgehead", "")}
    text = D.text(d, played.state)
    assert "  us-inf-3 [US infantry 3 partial]: supply full -> partial" in text
    assert "  0502: fortress placed" in text and "  0505: bridgehead removed" in text


def test_the_text_names_every_change(played):
    text = D.text(D.diff(played.at(29), played.at(39)), played.at(39))
    assert text.splitlines()[0] == "diff seq 29 -> seq 39"
    assert "units (3):" in text and "  us-inf-1 [US infantry 4]: eliminated (was in 0505)" in text
    assert "  ge-pz-1 [GE armor 8]: moved 0504 -> 0505" in text
    assert "hexes (1):\n  0505: control WA -> AX" in text
    assert "  A1: result 2C/1H (die 3, row 4)" not in text  # the result was known at seq 29 already
    assert "  A1: zone cleared (14.65) no -> yes" in text


def test_no_change(played):
    assert D.text(D.diff(played.at(35), played.at(35))).endswith("no change")


def test_a_fork_against_its_original(played, tmp_path):
    with played.fork(29, tmp_path / "fork.db") as f:
        f.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-3", "us-inf-4"]))
        d, after = D.between_files(played, f, names=("orig", "fork"))
        assert d.common_upto == 29
        assert (d.before, d.after) == ("orig at seq 39", f"fork at seq {f.log.last()[0]}")
        assert changes(d.units) >= {("us-inf-1", "returned", "eliminated", "0505"),
                                    ("us-inf-3", "eliminated", "0501", "eliminated")}
        assert ("0505", "control", "AX", "WA") in changes(d.hexes)


def test_cli_diff_between_seqs_json_and_forks(played, tmp_path):
    played.close()
    db = tmp_path / "b.db"
    r = cli("diff", "--db", db, "--from", "29", "--to", "39")
    assert r.returncode == 0, r.stderr
    assert "ge-pz-1 [GE armor 8]: moved 0504 -> 0505" in r.stdout and r.stderr == ""  # piped: no progress
    last = cli("diff", "--db", db)
    assert last.stdout.startswith("diff seq 34 -> seq 39")  # default: the last command's effect
    j = msgspec.json.decode(cli("diff", "--db", db, "--from", "29", "--json").stdout)
    assert {"what": "0505", "kind": "control", "before": "WA", "after": "AX"} in j["hexes"]
    assert cli("fork", "--db", db, "--at", "34", "--to", tmp_path / "f.db").returncode == 0
    r = cli("diff", "--db", db, "--other", tmp_path / "f.db")
    assert r.returncode == 0, r.stderr
    assert f"diff {db} at seq 39 -> {tmp_path / 'f.db'} at seq 35" in r.stdout
    assert "the two logs share seq 1..34" in r.stdout and "ge-pz-1 [GE armor 8]: moved 0505 -> 0504" in r.stdout
