"""Creating a game is all or nothing, and a log with no setup is refused by name.

Game.create and fork build the file as `.NAME.creating-PID-XXXX` (or `.forking-`) beside the target,
write and fsync the seed sidecar, and only then link the whole file into place. A real `turnlog new`
is SIGKILLed at random moments and as each file appears (tests/reliability/crash.py run_create).
"""
from __future__ import annotations

import json
import os
import sqlite3

import pytest

from turnlog.engine import dice as D
from turnlog.engine import scenario as S
from turnlog.engine.errors import CommandError
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.events.log import EventLog, LogError
from reliability import crash

from fixtures.backbone import SEED, bridgehead, cli


def test_a_killed_turnlog_new_leaves_nothing_or_a_whole_game_with_its_seed(tmp_path):
    # 8 trials, 2 per moment: a random delay, and as the temporary file, the seed and the game appear
    # (`--large` in tests/reliability/run.py: 48 trials on a larger map).
    fig = crash.run_create(trials=8, workdir=tmp_path)
    assert fig["killed_by_sigkill"] >= 6, fig  # the processes die inside `new`, not after it
    assert fig["no_game_left"] > 0 and fig["whole_game_left"] > 0, fig  # both outcomes were audited
    assert fig["zero_event_games"] == fig["games_without_seed"] == 0, fig["problems"]
    assert fig["games_not_verifying_or_wrong_seed"] == fig["tracebacks"] == 0, fig["problems"]
    assert fig["problems"] == []


def test_the_game_takes_its_name_only_after_the_seed_is_written(tmp_path, monkeypatch):
    seen = []
    link = os.link

    def watching_link(src, dst, *a, **k):
        seen.append((str(src), (tmp_path / "g.db.seed").exists(), (tmp_path / "g.db").exists()))
        return link(src, dst, *a, **k)
    monkeypatch.setattr("turnlog.engine.gamefiles.os.link", watching_link)
    Game.create(tmp_path / "g.db", S.load("bridgehead-14-65"), seed=SEED).close()
    (src, seed_there, game_there), = seen
    assert ".g.db.creating-" in src and seed_there and not game_there
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == \
        ["g.db", "g.db.seed"]


def test_a_failure_while_creating_leaves_no_game_and_no_seed(tmp_path, monkeypatch):
    def no_link(src, dst, *a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("turnlog.engine.gamefiles.os.link", no_link)
    monkeypatch.setattr("turnlog.engine.gamefiles.os.rename", no_link)
    with pytest.raises(OSError):
        Game.create(tmp_path / "g.db", S.load("bridgehead-14-65"), seed=SEED)
    assert list(tmp_path.iterdir()) == []


def test_fork_is_built_aside_and_linked_whole(tmp_path, monkeypatch):
    g = bridgehead(tmp_path / "g.db")

    def no_link(src, dst, *a, **k):
        assert ".f.db.forking-" in str(src)
        raise OSError(5, "Input/output error")
    monkeypatch.setattr("turnlog.engine.gamefiles.os.link", no_link)
    monkeypatch.setattr("turnlog.engine.gamefiles.os.rename", no_link)
    with pytest.raises(OSError):
        g.fork(g.state.seq, tmp_path / "f.db")
    monkeypatch.undo()
    g.close()
    assert not any(p.name.startswith((".f.db", "f.db")) for p in tmp_path.iterdir())


def test_new_beside_a_leftover_seed_names_it(tmp_path):
    (tmp_path / "g.db.seed").write_text("cd" * 32 + "\n")
    r = cli("new", "bridgehead-14-65", "--db", tmp_path / "g.db")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{tmp_path / 'g.db.seed'}: a seed file of another game is already there with no g.db beside it" \
        in r.stderr
    assert not (tmp_path / "g.db").exists() and (tmp_path / "g.db.seed").read_text() == "cd" * 32 + "\n"


@pytest.fixture
def empty(tmp_path):
    """A game file whose creation never finished: the schema, no events."""
    EventLog(tmp_path / "empty.db", create=True).close()
    return tmp_path / "empty.db"


@pytest.fixture
def not_setup(tmp_path):
    """A log whose seq 1 is a note, not GameCreated (a log built by hand)."""
    log = EventLog(tmp_path / "odd.db", create=True)
    log.append([("NoteAdded", 1, '{"type":"NoteAdded","text":"hi","at_seq":0}', False)], expected_seq=0,
               actor="", command_type="AddNote", payload='{"type":"AddNote","text":"hi"}')
    log.close()
    return tmp_path / "odd.db"


def test_game_open_refuses_a_log_with_no_events_by_name(empty):
    with pytest.raises(LogError, match="holds no game .no events, not even the setup"):
        Game.open(empty)


def test_game_open_refuses_a_log_whose_seq_1_is_not_game_created(not_setup):
    with pytest.raises(LogError, match="seq 1 is NoteAdded, not GameCreated"):
        Game.open(not_setup)


@pytest.mark.parametrize("command", [("log",), ("show",), ("undo",), ("redo",), ("reveal",), ("export",),
                                     ("fork", "--at", "1", "--to", "FORK"), ("play", "-")])
def test_every_command_refuses_a_log_with_no_events_by_name(empty, command):
    args = [a if a != "FORK" else str(empty.with_name("fork.db")) for a in command]
    r = cli(args[0], "--db", empty, *args[1:], stdin='{"type": "AddNote", "text": "x"}\n')
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "holds no game" in r.stderr, r.stderr
    assert sqlite3.connect(empty).execute("SELECT count(*) FROM events").fetchone()[0] == 0
    assert not empty.with_name("fork.db").exists()


@pytest.mark.parametrize("which", ["empty", "not_setup"])
def test_verify_reports_a_log_with_no_setup_as_not_verified(which, request):
    db = request.getfixturevalue(which)
    rep = verify_path(db)
    assert not rep.ok and rep.stage == "setup"
    r = cli("verify", "--db", db)
    assert r.returncode == 1 and "NOT VERIFIED" in r.stdout and "Traceback" not in r.stderr
    r = cli("verify", "--db", db, "--json")
    assert json.loads(r.stdout)["stage"] == "setup"


def test_import_refuses_an_export_with_no_game_created(tmp_path, not_setup):
    empty_export = tmp_path / "empty.jsonl"
    empty_export.write_text(json.dumps({"turnlog": "export", "format": 3, "events": 0, "commands": 0}) + "\n")
    r = cli("export", "--db", not_setup, "-o", tmp_path / "odd.jsonl")  # refused: it could never be imported
    assert r.returncode == 1 and "not GameCreated" in r.stderr
    log = EventLog(not_setup, readonly=True)
    from turnlog.engine.faces.transfer import export
    with open(tmp_path / "odd.jsonl", "w") as f:
        export(log, f)
    log.close()
    for src, says in ((empty_export, "seq 1 is missing"), (tmp_path / "odd.jsonl", "seq 1 is NoteAdded")):
        r = cli("import", src, "--db", tmp_path / "imported.db")
        assert r.returncode == 2 and says in r.stderr and "nothing imported" in r.stderr, r.stderr
        assert not (tmp_path / "imported.db").exists()


def test_a_whole_game_still_exports_and_imports(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    assert cli("export", "--db", tmp_path / "g.db", "-o", tmp_path / "g.jsonl").returncode == 0
    r = cli("import", tmp_path / "g.jsonl", "--db", tmp_path / "h.db")
    assert r.returncode == 0, r.stderr
    with Game.open(tmp_path / "h.db", seed=SEED) as g:
        assert g.state.seed_sha256 == D.commitment(SEED)


def test_create_refuses_a_short_seed_before_writing(tmp_path):
    with pytest.raises(CommandError):
        Game.create(tmp_path / "g.db", S.load("bridgehead-14-65"), seed=b"short")
    assert list(tmp_path.iterdir()) == []
