"""Every input is bounded: /dev/zero, an endless pipe or a huge file ends in a clear error naming
the limit, exit 2, with memory bounded by the limit -- never a read forever. Real processes, each with a timeout
so that a regression fails instead of hanging, and an address-space cap so that it cannot eat the machine."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from turnlog.engine import inputs as I
from fixtures.backbone import ROOT, bridgehead, table

TIMEOUT = 120
# What a bounded run may use: the interpreter and the engine (~60 MB) plus a few times the 1 MiB line.
PEAK_KB = 250_000
_MEASURED = ("import sys, atexit\n"
             "atexit.register(lambda: sys.stderr.write('\\n' + [l for l in open('/proc/self/status') "
             "if l.startswith('VmHWM')][0]))\n"
             "from turnlog.engine.faces.cli import main\nsys.exit(main(sys.argv[1:]))\n")


def _cap():
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))  # a regression hits MemoryError, not the machine


def run(*args, stdin=None) -> tuple[int, str, int]:
    """(exit status, stderr, peak resident KB of the process itself) of `turnlog ARGS`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-c", _MEASURED, *map(str, args)], stdin=stdin, capture_output=True,
                       text=True, timeout=TIMEOUT, env=env, preexec_fn=_cap)
    peak = int(p.stderr.rsplit("VmHWM:", 1)[1].split()[0]) if "VmHWM:" in p.stderr else -1
    return p.returncode, p.stderr, peak


@pytest.fixture
def db(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    return tmp_path / "g.db"


def test_play_dev_zero_is_refused_as_a_device(db):
    before = table(db, "SELECT count(*) FROM events")
    code, err, peak = run("play", "--db", db, "/dev/zero")
    assert code == 2 and "/dev/zero: a character device, not a commands file" in err, err
    assert 0 < peak < PEAK_KB
    assert table(db, "SELECT count(*) FROM events") == before


def test_play_dev_zero_on_stdin_stops_at_the_line_limit(db):
    with open("/dev/zero", "rb") as zero:
        code, err, peak = run("play", "--db", db, "-", stdin=zero)
    assert code == 2 and "stdin: line 1: longer than the 1 MiB limit for one line" in err, err
    assert 0 < peak < PEAK_KB


def test_new_dev_zero_is_refused_as_a_device(tmp_path):
    code, err, peak = run("new", "/dev/zero", "--db", tmp_path / "z.db")
    assert code == 2 and "a character device, not a scenario file" in err, err
    assert 0 < peak < PEAK_KB + I.MAX_SCENARIO_FILE // 1024
    assert not (tmp_path / "z.db").exists()


def test_import_dev_zero_is_refused_as_a_device(tmp_path):
    code, err, peak = run("import", "/dev/zero", "--db", tmp_path / "i.db")
    assert code == 2 and "a character device, not an export" in err, err
    assert 0 < peak < PEAK_KB
    assert not (tmp_path / "i.db").exists()


def test_an_endless_stream_of_valid_commands_stops_at_the_input_limit(db, monkeypatch):
    # The same reader with a small limit: the lines before the limit are played, then a clear error.
    line = json.dumps({"type": "AddNote", "text": "again"}).encode() + b"\n"

    class Endless:
        def readline(self, n):
            return line
    got = []
    with pytest.raises(I.CommandError, match=r"more than the 1000 bytes limit for one input \(at line 28\)"):
        for n, text in I.lines(Endless(), "stdin", max_bytes=1000):
            got.append(n)
    assert got == list(range(1, 28))  # 36 bytes a line: line 28 passes 1000


def test_an_oversized_regular_file_is_refused_before_any_line_runs(db, tmp_path, monkeypatch):
    monkeypatch.setattr(I, "MAX_COMMANDS_FILE", 100)
    from turnlog.engine.faces.cli import main
    cmds = tmp_path / "c.jsonl"
    cmds.write_text(json.dumps({"type": "AddNote", "text": "x" * 200}) + "\n")
    before = table(db, "SELECT count(*) FROM events")
    assert main(["play", "--db", str(db), str(cmds)]) == 2
    assert table(db, "SELECT count(*) FROM events") == before


def test_a_line_at_the_limit_is_read_and_one_byte_more_is_refused():
    import io
    ok = b"a" * 10 + b"\n" + b"b" * 10
    assert [t for _n, t in I.lines(io.BytesIO(ok), "x", max_line=10)] == ["a" * 10 + "\n", "b" * 10]
    with pytest.raises(I.CommandError, match="line 2: longer than the 10 bytes limit"):
        list(I.lines(io.BytesIO(b"a\n" + b"b" * 11), "x", max_line=10))


def test_a_million_hex_map_is_refused_by_the_documented_limit(tmp_path):
    doc = {"name": "big", "factions": [{"id": "AX", "side": "axis"}],
           "nationalities": [{"id": "GE", "faction": "AX"}],
           "turn": {"season": "summer", "year": 1941, "active": "AX"}}
    path = tmp_path / "big.json"
    with path.open("w") as f:  # written piece by piece: the test itself stays small
        f.write(json.dumps(doc)[:-1] + ', "hexes": [')
        f.write(",".join(f'{{"id":"{i:x}","col":{i % 1000},"row":{i // 1000}}}' for i in range(1_000_000)))
        f.write("]}")
    code, err, peak = run("new", path, "--db", tmp_path / "big.db")
    assert code == 2 and "limit for one input" in err and "MemoryError" not in err, err
    assert 0 < peak < PEAK_KB
    assert not (tmp_path / "big.db").exists()


def test_the_hex_count_limit_refuses_before_any_reference_check():
    from turnlog.engine import domains
    from helpers import scenario
    with pytest.raises(Exception, match="hexes: 200001 entries, more than the limit of 200000"):
        scenario([{"id": f"h{i}", "col": i % 1000, "row": i // 1000} for i in range(200_001)])
    assert domains.MAX_ITEMS["hexes"] == 200_000
