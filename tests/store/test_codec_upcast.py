"""Old rows are upcast on read (the stored v1 fixture); newer rows are refused, never guessed at."""
from __future__ import annotations

import hashlib
import inspect
import shutil
from pathlib import Path

import msgspec
import pytest

from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events import codec
from turnlog.events.codec import SchemaError, decode, decode_current
from turnlog.events.game import UnitMoved
from turnlog.events.log import EventLog

from fixtures.backbone import FIXTURES, cli, table

FIXTURE = FIXTURES / "v1_unit_moved.db"
V1_SEQ = 16


@pytest.fixture
def v1(tmp_path) -> Path:
    """A private copy: opening a game may add tables, WAL files or triggers beside it."""
    path = tmp_path / "v1.db"
    shutil.copyfile(FIXTURE, path)
    return path


def test_fixture_really_holds_a_v1_row_with_the_old_field(v1):
    (type_, version, data), = table(v1, "SELECT type, version, data FROM events WHERE seq = ?", (V1_SEQ,))
    assert (type_, version) == ("UnitMoved", 1) and UnitMoved.version == 2
    assert msgspec.json.decode(data) == {"type": "UnitMoved", "unit": "ge-1", "hex": "0201", "from_hex": "0101"}
    assert table(v1, "SELECT version FROM events WHERE seq = ?", (V1_SEQ + 1,)) == [(2,)]


def test_v1_row_is_upcast_to_to_hex(v1):
    with Game.open(v1) as g:
        assert g.events(V1_SEQ, V1_SEQ) == [(V1_SEQ, UnitMoved(unit="ge-1", to_hex="0201", from_hex="0101"))]
        assert g.state.units["ge-1"].hex == "0201"
        assert g.at(V1_SEQ - 1).units["ge-1"].hex == "0101"
        assert g.at(V1_SEQ).units["ge-1"].hex == "0201"
        assert g.state.units["us-1"].hex == "0301"  # the v2 row after it replays as usual
        assert g.at(use_snapshots=False) == g.state


def test_reading_without_the_version_would_lose_the_move(v1):
    # Why the stored version matters: decoded as v2, the old field is silently dropped.
    (data,), = table(v1, "SELECT data FROM events WHERE seq = ?", (V1_SEQ,))
    assert decode_current(data).to_hex == ""
    assert decode("UnitMoved", 1, data).to_hex == "0201"


def test_v1_fixture_verifies_and_is_never_rewritten(v1):
    before = table(v1, "SELECT * FROM events ORDER BY seq")
    with Game.open(v1) as g:
        rep = verify(g)
        assert rep.ok, rep
        assert rep.commands_checked == 3 and rep.replay_equal
    r = cli("verify", "--db", v1)
    assert r.returncode == 0, r.stdout + r.stderr
    assert table(v1, "SELECT * FROM events ORDER BY seq") == before  # upcasting happens on read only


def test_cli_reads_the_v1_fixture(v1):
    r = cli("log", "--db", v1, "--json")
    assert r.returncode == 0, r.stderr
    row = msgspec.json.decode(r.stdout.splitlines()[V1_SEQ - 1])
    assert row["seq"] == V1_SEQ and row["event"] == {"type": "UnitMoved", "unit": "ge-1", "to_hex": "0201",
                                                      "from_hex": "0101"}
    r = cli("show", "--db", v1, "--json", "--at", V1_SEQ)
    assert r.returncode == 0 and msgspec.json.decode(r.stdout)["units"]["ge-1"]["hex"] == "0201"


def test_the_committed_fixture_file_is_untouched():
    # Tests work on copies: the committed bytes are an old writer's file and must stay so.
    digest = hashlib.sha256(FIXTURE.read_bytes()).hexdigest()
    assert table(FIXTURE, "SELECT count(*) FROM events") == [(18,)]
    assert not Path(str(FIXTURE) + "-wal").exists()
    assert hashlib.sha256(FIXTURE.read_bytes()).hexdigest() == digest


def test_make_script_builds_a_file_that_verifies(tmp_path):
    from fixtures import make_v1_fixture
    out = make_v1_fixture.build(tmp_path / "rebuilt.db")
    with Game.open(out) as g:
        assert verify(g).ok and g.state.units["ge-1"].hex == "0201"


def _append_raw(path: Path, type_: str, version: int, data: dict) -> int:
    """Append a row with a valid hash, as a newer turnlog would have written it."""
    log = EventLog(path)
    _cid, (seq,) = log.append([(type_, version, msgspec.json.encode(data).decode(), False)],
                              expected_seq=log.last()[0], command_type="MoveUnit",
                              payload='{"type":"MoveUnit","unit":"ge-1","hex":"0101"}')
    assert log.verify_chain()[1] is None
    log.close()
    return seq


def test_row_of_a_newer_version_refused_with_schema_error(v1):
    _append_raw(v1, "UnitMoved", 3, {"type": "UnitMoved", "unit": "ge-1", "destination": {"hex": "0101"}})
    with pytest.raises(SchemaError, match=r"UnitMoved v3 was written by a newer turnlog \(this one reads up to v2\)"):
        Game.open(v1)
    for args in (("verify",), ("log",), ("show",), ("show", "--at", "5")):
        r = cli(*args, "--db", v1)
        assert r.returncode != 0, args
        if args != ("show", "--at", "5"):
            assert "UnitMoved v3 was written by a newer turnlog" in r.stderr + r.stdout, (args, r.stderr)


def test_unknown_event_type_refused(v1):
    _append_raw(v1, "UnitTeleported", 1, {"type": "UnitTeleported", "unit": "ge-1"})
    with pytest.raises(SchemaError, match="unknown event type 'UnitTeleported'"):
        Game.open(v1)
    r = cli("verify", "--db", v1)
    assert r.returncode == 1 and "unknown event type" in r.stderr + r.stdout


def test_missing_upcaster_refused():
    with pytest.raises(SchemaError, match="no upcaster for ControlChanged v0"):
        decode("ControlChanged", 0, b'{"type":"ControlChanged","hex":"0101","faction":"AX"}')


def test_every_event_type_is_versioned_frozen_and_tagged():
    for name, cls in codec.TYPES.items():
        cfg = cls.__struct_config__
        assert cfg.frozen and cfg.tag == name, name
        assert isinstance(cls.version, int) and cls.version >= 1, name
    for (name, version), _step in codec.UPCASTERS.items():
        assert 1 <= version < codec.VERSIONS[name]
    # every older version of every type has a path up to the current one
    for name, current in codec.VERSIONS.items():
        for v in range(1, current):
            assert (name, v) in codec.UPCASTERS, (name, v)


def test_every_event_type_is_keyword_only():
    for name, cls in codec.TYPES.items():
        params = inspect.signature(cls).parameters.values()
        assert all(p.kind is p.KEYWORD_ONLY for p in params), name
