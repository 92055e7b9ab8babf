"""Every byte a file or a user gave turnlog reaches a terminal escaped: paths in success lines (new, fork,
export -o/--html, show --svg, keygen -o, secret -o, import --db, copy), a hostile log's game name in the
headers of verify and show (a NOT VERIFIED report cannot carry a line reading just VERIFIED), a hostile
file's trigger message in play (its words cannot claim a full disk), and JSON output (C1 controls, U+2028
and the bidi overrides as \\u escapes)."""
from __future__ import annotations

import json
import sqlite3

import pytest

from fixtures.backbone import bridgehead

from turnlog.engine.faces.cli import main

EVIL = "e\x1b]0;TITLE\x07\n  forged line"
RAW = ("\x1b", "\x07", "\u202e", "\u2028", "\x85")


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def clean(text: str) -> bool:
    return not any(ch in text for ch in RAW) and "\n  forged line" not in text


@pytest.fixture
def db(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    return tmp_path / "g.db"


def test_success_lines_escape_the_paths_they_name(tmp_path, capsys, db, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for argv in (["new", "bridgehead-14-65", "--db", EVIL + ".db"], ["fork", "--db", db, "--at", "23", "--to",
                 EVIL + ".fork"], ["export", "--db", db, "-o", EVIL + ".jsonl"],
                 ["export", "--db", db, "--html", EVIL + ".html"], ["show", "--db", db, "--svg", EVIL + ".svg"],
                 ["keygen", "-o", EVIL + ".key"], ["secret", "-o", EVIL + ".secret"],
                 ["import", EVIL + ".jsonl", "--db", EVIL + ".imported"], ["copy", db, EVIL + ".copy"]):
        code, out, err = run(capsys, *argv)
        assert code == 0, (argv, err)
        assert clean(out + err) and "\\x1b]0;TITLE\\x07\\n  forged line" in out + err, (argv, out, err)


def _rename_game(db, name: str) -> None:
    """A rogue edit of the log: GameCreated's name changed, triggers dropped (the chain breaks there)."""
    c = sqlite3.connect(db)
    for (t,) in c.execute("SELECT name FROM sqlite_master WHERE type='trigger'").fetchall():
        c.execute(f"DROP TRIGGER {t}")
    data = json.loads(c.execute("SELECT data FROM events WHERE seq = 1").fetchone()[0])
    data["name"] = name
    c.execute("UPDATE events SET data = ? WHERE seq = 1", (json.dumps(data),))
    c.commit()
    c.close()


def hostile_named_game(db) -> None:
    """A rogue client's own log: its chain intact, its game named with a forged line, and one forged command."""
    import msgspec
    from turnlog.engine import scenario as S
    from turnlog.engine.game import Game
    from turnlog.events.codec import encode
    from turnlog.events.game import GameTurnStarted
    sc = S.load("bridgehead-14-65")
    with Game.create(db, msgspec.structs.replace(sc, name="x'\nVERIFIED\n\x1b[2J"), seed=bytes(32)) as g:
        ev = GameTurnStarted(turn=100_000, season="fall", year=1944)
        g.log.append([(type(ev).__name__, ev.version, encode(ev).decode(), False)], expected_seq=g.log.last()[0],
                     command_type="StartGameTurn",
                     payload='{"type":"StartGameTurn","turn":100000,"season":"fall","year":1944}')


def test_a_hostile_game_name_cannot_forge_a_verified_line(capsys, tmp_path):
    hostile_named_game(tmp_path / "h.db")
    code, out, err = run(capsys, "verify", "--db", tmp_path / "h.db")
    assert code == 1 and "NOT VERIFIED" in out and "\\nVERIFIED\\n\\x1b[2J" in out.splitlines()[0], out
    assert "VERIFIED" not in [line.strip() for line in out.splitlines()] and clean(out), out
    code, out, err = run(capsys, "show", "--db", tmp_path / "h.db")
    assert "\\nVERIFIED\\n\\x1b[2J" in out.splitlines()[0] and clean(out), out


def test_a_trigger_message_is_quoted_escaped_and_claims_nothing(capsys, db, tmp_path):
    c = sqlite3.connect(db)
    c.execute("CREATE TRIGGER hostile BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, "
              "'the disk is full\x1b]0;x\x07\nVERIFIED'); END")
    c.commit()
    c.close()
    (tmp_path / "c.jsonl").write_text('{"type": "AddNote", "text": "x"}\n')
    code, out, err = run(capsys, "play", "--db", db, tmp_path / "c.jsonl")
    assert code == 1 and clean(out + err), err
    assert "refused the write" in err and not err.split("error: ", 1)[1].startswith("the disk is full"), err


def test_json_output_escapes_what_a_terminal_acts_on(capsys, db):
    text = "a\u202eb\x85c\u2028d\u2029e\x9bf"
    g = bridgehead.__globals__["Game"].open(db)
    from turnlog.engine.commands import AddNote
    g.execute(AddNote(text=text))
    g.close()
    code, out, _err = run(capsys, "log", "--db", db, "--json")
    assert code == 0 and clean(out) and "\\u202e" in out and "\\u2028" in out and "\\u0085" in out
    assert json.loads(out.splitlines()[-1])["event"]["text"] == text  # the same value, escaped


def test_an_output_the_terminal_cannot_encode_is_escaped_not_a_traceback(db):
    import os
    import subprocess
    import sys
    from fixtures.backbone import ROOT
    g = bridgehead.__globals__["Game"].open(db)
    from turnlog.engine.commands import AddNote
    g.execute(AddNote(text="caf\u00e9 \u2603"))
    g.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "ascii"}
    for verb in ("log", "show"):
        r = subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", verb, "--db", str(db)], env=env,
                           capture_output=True, timeout=120)
        assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    assert b"caf\\xe9 \\u2603" in subprocess.run([sys.executable, "-m", "turnlog.engine.faces.cli", "log", "--db",
                                                  str(db)], env=env, capture_output=True, timeout=120).stdout
