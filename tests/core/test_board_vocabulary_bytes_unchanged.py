"""The board vocabulary and the Modifier fields change no byte of a log written before them.

Every new field defaults and a default is not encoded (omit_defaults), so: each bundled scenario
writes the same setup rows as before; every stored row of the demo logs written by the code before
the change (tests/fixtures/demo_logs_before_board_vocabulary, made by `turnlog demo` at bb69e35) and of every other
fixture re-encodes to its stored bytes, Modifiers included; and every one of those logs verifies.
"""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import msgspec
import pytest

from turnlog.engine import scenario as S
from turnlog.engine.verify import verify_path
from turnlog.events import codec
from turnlog.events.base import Modifier

from fixtures.backbone import FIXTURES

DEMOS = sorted((FIXTURES / "demo_logs_before_board_vocabulary").glob("*.db"))
LOGS = DEMOS + sorted(FIXTURES.glob("*.db"))


def _copy(db: Path, tmp_path: Path) -> Path:
    """A copy to work on (verify opens read-only, but a fixture must never be touched)."""
    for suffix in ("", ".seed"):
        if Path(f"{db}{suffix}").exists():
            shutil.copy(f"{db}{suffix}", tmp_path / f"{db.name}{suffix}")
    return tmp_path / db.name


def _rows(db: Path) -> list[tuple[str, int, bytes]]:
    with sqlite3.connect(f"file:{db}?immutable=1", uri=True) as conn:  # immutable: no -shm beside a fixture
        return [(t, v, d if isinstance(d, bytes) else d.encode())
                for t, v, d in conn.execute("SELECT type, version, data FROM events ORDER BY seq")]


#: Demos bundled after the board vocabulary: no log of theirs was written before it (the rule-9 demo, the WiF
#: demo, the assault's).
LATER_DEMOS = {"ridge-line-9", "river-town-11-16-5", "hedgerow-assault"}


def test_the_demo_logs_written_before_the_change_are_here():
    assert [p.stem for p in DEMOS] == sorted(set(S.bundled_names()) - LATER_DEMOS)


@pytest.mark.parametrize("db", LOGS, ids=lambda p: p.name)
def test_every_old_log_verifies(db, tmp_path):
    rep = verify_path(_copy(db, tmp_path))
    assert rep.ok, rep.problem
    assert rep.replay_equal is not False


@pytest.mark.parametrize("db", LOGS, ids=lambda p: p.name)
def test_every_stored_row_re_encodes_to_its_bytes(db, tmp_path):
    checked = 0
    for type_, version, data in _rows(_copy(db, tmp_path)):
        if version != codec.VERSIONS[type_]:
            continue  # an upcast row is re-encoded at its new version by design (events/codec.py)
        assert codec.encode(codec.decode(type_, version, data)) == data, type_
        checked += 1
    assert checked


def test_the_demo_logs_hold_modifiers_and_each_encodes_as_stored(tmp_path):
    found = 0
    for db in DEMOS:
        for type_, version, data in _rows(db):
            raw = msgspec.json.decode(data)
            for mod in raw.get("modifiers", []) if isinstance(raw, dict) else []:
                stored = msgspec.json.encode(mod)
                assert msgspec.json.encode(msgspec.convert(mod, Modifier)) == stored
                found += 1
    assert found >= 4  # the demos roll attrition dice with modifiers (14.42A-C)


@pytest.mark.parametrize("db", DEMOS, ids=lambda p: p.name)
def test_the_setup_rows_re_encoded_from_the_bundled_scenario_are_the_stored_ones(db):
    rows = _rows(db)
    stored_created = codec.decode(*rows[0])
    events = S.setup_events(S.load(db.stem), stored_created.seed_sha256)
    # Game.create marks the seed public or joint after building the events (engine/joint.py mark); a new
    # game records the rulings edition of today's engine, the stored one that of its day (docs/rulings.md);
    # the bundled scenarios name their end (rules.end) since, which those games did not.
    events[0] = msgspec.structs.replace(events[0], seed_public=stored_created.seed_public,
                                        joint_dice=stored_created.joint_dice,
                                        rules=msgspec.structs.replace(events[0].rules,
                                                                      edition=stored_created.rules.edition,
                                                                      end=stored_created.rules.end))
    assert [(type(e).__name__, codec.encode(e)) for e in events] == [(t, d) for t, _v, d in rows[:len(events)]]
