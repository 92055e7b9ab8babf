"""`import` makes its game all or nothing, as `new`, `fork` and `copy` do: a kill or a full disk midway leaves
nothing under the target's name, and the retry succeeds. `export` refuses a file whose own chain does not
verify (a duplicated seq, say) instead of leaving the bad row out and handing over a file that imports as
"hash chain intact". An export whose integers do not fit the log's is one line, not an OverflowError."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

from fixtures.backbone import ROOT, rolled

from turnlog.engine.faces.cli import main


def _export(tmp_path, capsys) -> str:
    rolled(tmp_path / "g.db").close()
    assert main(["export", "--db", str(tmp_path / "g.db"), "-o", str(tmp_path / "x.jsonl")]) == 0
    capsys.readouterr()
    return str(tmp_path / "x.jsonl")


def test_an_import_on_a_full_disk_leaves_no_file_and_the_retry_succeeds(tmp_path, capsys, monkeypatch):
    from turnlog.events.log import EventLog
    x = _export(tmp_path, capsys)
    real = EventLog.import_rows

    def full(self, *a, **k):  # a disk with no room for the rows: SQLite's own SQLITE_FULL
        pages = self.conn.execute("PRAGMA page_count").fetchone()[0]
        self.conn.execute(f"PRAGMA max_page_count = {pages}")
        real(self, *a, **k)
    monkeypatch.setattr(EventLog, "import_rows", full)
    assert main(["import", x, "--db", str(tmp_path / "i.db")]) == 1
    err = capsys.readouterr().err
    assert "disk is full" in err and "i.db" in err, err
    assert not (tmp_path / "i.db").exists()
    assert not [p for p in os.listdir(tmp_path) if "importing" in p]
    monkeypatch.setattr(EventLog, "import_rows", real)
    assert main(["import", x, "--db", str(tmp_path / "i.db")]) == 0


def test_an_import_killed_midway_leaves_no_file_and_the_retry_succeeds(tmp_path, capsys):
    x = _export(tmp_path, capsys)
    killed = ("import os, sys\nfrom turnlog.events.log import EventLog\nreal = EventLog.import_rows\n"
              "def die(self, *a, **k):\n    real(self, *a, **k)\n    os._exit(137)\n"
              "EventLog.import_rows = die\nfrom turnlog.engine.faces.cli import main\nmain(sys.argv[1:])\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, "-c", killed, "import", x, "--db", str(tmp_path / "i.db")], env=env,
                       capture_output=True, timeout=120)
    assert p.returncode == 137
    assert not (tmp_path / "i.db").exists()
    assert main(["import", x, "--db", str(tmp_path / "i.db")]) == 0, capsys.readouterr().err


def _duplicate_last_row(db) -> None:
    """A rogue edit: the events table remade without its key, its last row stored twice (no trigger stops it)."""
    c = sqlite3.connect(db)
    sql = c.execute("SELECT sql FROM sqlite_master WHERE name='events'").fetchone()[0]
    for (t,) in c.execute("SELECT name FROM sqlite_master WHERE type='trigger'").fetchall():
        c.execute(f"DROP TRIGGER {t}")
    c.execute("ALTER TABLE events RENAME TO old")
    c.execute(sql.replace('"seq" INTEGER PRIMARY KEY', '"seq" INTEGER'))
    c.execute("INSERT INTO events SELECT * FROM old")
    c.execute("INSERT INTO events SELECT * FROM old WHERE seq = (SELECT max(seq) FROM old)")
    c.execute("DROP VIEW IF EXISTS commands")
    c.execute("DROP TABLE old")
    c.execute("CREATE VIEW commands AS SELECT command_id AS id, actor, command_type AS type, payload, ts, "
              "seq AS first_seq, last_seq FROM events WHERE command_type IS NOT NULL")
    c.commit()
    c.close()


def test_export_refuses_a_file_whose_chain_does_not_verify(tmp_path, capsys):
    rolled(tmp_path / "g.db").close()
    _duplicate_last_row(tmp_path / "g.db")
    code = main(["export", "--db", str(tmp_path / "g.db"), "-o", str(tmp_path / "x.jsonl")])
    err = capsys.readouterr().err
    assert code == 1 and "does not verify at seq" in err and "nothing exported" in err, err
    assert not (tmp_path / "x.jsonl").exists()
    assert main(["export", "--db", str(tmp_path / "g.db")]) == 1  # to stdout: nothing either
    assert capsys.readouterr().out == ""


def test_an_export_with_integers_beyond_the_log_is_one_line(tmp_path, capsys):
    x = _export(tmp_path, capsys)
    lines = open(x).read().splitlines()
    for i, line in enumerate(lines):
        row = json.loads(line)
        if "event" in row:
            row["event"][3] = 2 ** 64  # version
            lines[i] = json.dumps(row)
            break
    open(x, "w").write("\n".join(lines) + "\n")
    assert main(["import", x, "--db", str(tmp_path / "i.db")]) == 2
    err = capsys.readouterr().err
    assert "nothing imported" in err and "Traceback" not in err, err
    assert not (tmp_path / "i.db").exists()
