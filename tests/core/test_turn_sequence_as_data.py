"""The turn's phase sequence is scenario data (rules.turn_sequence), recorded in GameCreated.

A scenario that names no sequence plays A World at War's, as every game did before, and writes the
same bytes; a custom sequence is what StartPhase follows and legal() offers, and verify re-executes it.
"""
from __future__ import annotations

import sqlite3

import msgspec
import pytest

from turnlog.engine import commands as c
from turnlog.engine import scenario as S
from turnlog.engine.errors import ScenarioError
from turnlog.engine.kit.sequence import AWAW, PRESETS, phases
from turnlog.engine.verify import verify, verify_path
from turnlog.events import codec
from turnlog.events.setup import RulesSpec, TurnSequenceSpec

from fixtures.backbone import FIXTURES
from helpers import hexes, new_game, refused, scenario, unit

TODAY = ("initial_supply", "movement", "combat", "exploitation", "attrition", "supply", "end")
WAR_LIKE = ["movement", "designation", "barrage", "ground_assault", "end"]  # segments listed as phases
BOARD = hexes("0403:WA 0404:AX")
UNITS = [unit("it-1", "IT", "0404", 5), unit("us-1", "US", "0403", 3)]


def custom(seq=WAR_LIKE, phase="movement", **rules):
    return scenario(BOARD, UNITS, rules={"turn_sequence": {"phases": list(seq)}, **rules},
                    turn={"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": phase})


def test_the_default_sequence_is_todays():
    assert phases(RulesSpec()) == AWAW == TODAY == PRESETS["awaw"]
    assert phases(RulesSpec(turn_sequence=TurnSequenceSpec(preset="awaw"))) == TODAY


def test_a_scenario_naming_no_sequence_writes_the_same_game_created_bytes(tmp_path):
    g = new_game(tmp_path, scenario(BOARD, UNITS))
    created = g.at(1).rules
    assert created.turn_sequence == TurnSequenceSpec()
    assert b"turn_sequence" not in codec.encode(S.setup_events(scenario(BOARD, UNITS), "00")[0])
    g.close()


@pytest.mark.parametrize("db", sorted((FIXTURES / "demo_logs_before_board_vocabulary").glob("*.db")), ids=lambda p: p.stem)
def test_a_bundled_scenario_writes_the_setup_rows_of_before_and_its_old_log_verifies(db, tmp_path):
    with sqlite3.connect(f"file:{db}?immutable=1", uri=True) as conn:
        rows = [(t, d if isinstance(d, bytes) else d.encode())
                for t, d in conn.execute("SELECT type, data FROM events ORDER BY seq")]
    stored = codec.decode(rows[0][0], codec.VERSIONS[rows[0][0]], rows[0][1])
    events = S.setup_events(S.load(db.stem), stored.seed_sha256)
    # A new game records today's rulings edition, the stored one that of its day (docs/rulings.md, "Editions");
    # the bundled scenarios name their end (rules.end) since.
    events[0] = msgspec.structs.replace(events[0], seed_public=stored.seed_public, joint_dice=stored.joint_dice,
                                        rules=msgspec.structs.replace(events[0].rules, edition=stored.rules.edition,
                                                                      end=stored.rules.end))
    assert [(type(e).__name__, codec.encode(e)) for e in events] == rows[:len(events)]
    for suffix in ("", ".seed"):
        (tmp_path / f"{db.name}{suffix}").write_bytes(db.parent.joinpath(f"{db.name}{suffix}").read_bytes())
    assert verify_path(tmp_path / db.name).ok


def test_an_old_log_verifies():
    assert verify_path(FIXTURES / "v1_unit_moved.db").ok


def test_a_preset_is_spelled_out_in_the_log(tmp_path):
    g = new_game(tmp_path, scenario(BOARD, UNITS, rules={"turn_sequence": {"preset": "awaw"}}))
    assert g.state.rules.turn_sequence == TurnSequenceSpec(preset="awaw", phases=list(TODAY))
    g.close()


def test_start_phase_follows_a_custom_sequence_forward_only(tmp_path):
    g = new_game(tmp_path, custom())
    g.execute(c.StartPhase(phase="barrage"))  # a phase may be skipped, as before
    assert g.state.turn.phase == "barrage"
    err = refused(g, c.StartPhase(phase="designation"), "turn")
    assert "cannot follow barrage" in str(err)
    err = refused(g, c.StartPhase(phase="exploitation"), "turn")
    assert "not in this game's turn sequence" in str(err) and "ground_assault" in str(err)
    g.execute(c.StartPhase(phase="ground_assault"))
    assert g.state.turn.phase == "ground_assault"
    g.close()


def test_an_unknown_phase_is_refused_naming_the_sequence(tmp_path):
    g = new_game(tmp_path, scenario(BOARD, UNITS))
    err = refused(g, c.StartPhase(phase="teatime"), "turn")
    assert "initial_supply, movement" in str(err)
    g.close()


def test_legal_lists_the_later_phases_of_the_custom_sequence(tmp_path):
    g = new_game(tmp_path, custom(phase="designation"))
    starts = [x.head for x in g.legal() if x.command == "StartPhase"]
    assert starts == ["StartPhase barrage", "StartPhase ground_assault", "StartPhase end"]
    g.close()


def test_a_sequence_without_attrition_cannot_begin_one(tmp_path):
    g = new_game(tmp_path, custom(phase="end"))
    refused(g, c.BeginAttrition(attacker="AX", zone="WA/western/0403"), "14.12")
    g.close()


def test_verify_re_executes_a_game_played_under_a_custom_sequence(tmp_path):
    g = new_game(tmp_path, custom())
    for p in ("designation", "ground_assault", "end"):
        g.execute(c.StartPhase(phase=p))
    g.execute(c.StartPlayerTurn(faction="WA"))
    g.execute(c.StartPhase(phase="movement"))
    rep = verify(g)
    assert rep.ok, rep.problem
    assert g.at().rules.turn_sequence.phases == WAR_LIKE
    g.close()


@pytest.mark.parametrize("seq, phase, message", [
    ({"preset": "wif"}, "attrition", "rules.turn_sequence.preset: 'wif' is not one of"),
    ({"phases": ["a", "b", "a"]}, "a", "rules.turn_sequence.phases[2]: 'a' is listed twice"),
    ({"phases": ["a", ""]}, "a", "rules.turn_sequence.phases[1]: a phase may not be empty"),
    ({"phases": ["a b"]}, "a", "rules.turn_sequence.phases[0]: 'a b': a word is 1-64 characters"),
    ({"preset": "awaw", "phases": ["movement"]}, "movement", "not the phases of preset 'awaw'"),
    ({"phases": ["movement", "end"]}, "attrition", "turn.phase: 'attrition' is not a phase (movement, end)"),
])
def test_a_bad_sequence_is_refused_with_its_path(seq, phase, message):
    with pytest.raises(ScenarioError) as err:
        scenario(BOARD, UNITS, rules={"turn_sequence": seq},
                 turn={"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": phase})
    assert message in str(err.value)
