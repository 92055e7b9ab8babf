"""An output option never replaces a game, its -wal/-shm or a seed, and a plain file only with --force.

`export -o`, `show --svg`, `diagram -o` and the REPL's `svg FILE [force]` all go through engine/faces/outfile.py:
written to a temporary file beside the target, then linked (or, with --force, renamed) into place.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import stat

import pytest

from turnlog.engine.faces import outfile, transfer
from turnlog.engine.errors import CommandError
from turnlog.engine.faces.repl import Shell

from fixtures.backbone import bridgehead, cli


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def game(tmp_path):
    """A closed bridgehead game g.db with its seed g.db.seed (secret, drawn by `turnlog new`)."""
    db = tmp_path / "g.db"
    r = cli("new", "bridgehead-14-65", "--db", db)
    assert r.returncode == 0, r.stderr
    return db


def rolls_from_the_seed(db, tmp_path) -> None:
    """A command that rolls still works: the seed beside the game is its own."""
    script = tmp_path / "roll.jsonl"
    script.write_text(json.dumps({"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}) + "\n"
                      + json.dumps({"type": "RollAttritionDie", "procedure": "A1"}) + "\n")
    r = cli("play", "--db", db, script)
    assert r.returncode == 0, r.stderr
    assert "entered by hand" not in r.stdout


def no_temp_files(folder) -> None:
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []


def test_export_onto_its_own_game_is_refused_and_the_game_is_byte_identical(game, tmp_path):
    before = sha(game)
    r = cli("export", "--db", game, "-o", game, "--force")
    assert r.returncode == 2 and "SQLite database" in r.stderr and "Traceback" not in r.stderr
    r = cli("export", "--db", game, "-o", game)
    assert r.returncode == 2 and "never overwrites" in r.stderr
    assert sha(game) == before
    r = cli("verify", "--db", game)
    assert r.returncode == 0 and "VERIFIED" in r.stdout
    no_temp_files(tmp_path)


def test_show_svg_onto_a_game_is_refused(game):
    before = sha(game)
    for extra in ((), ("--force",)):
        r = cli("show", "--db", game, "--svg", game, *extra)
        assert r.returncode == 2 and "--svg" in r.stderr and "SQLite database" in r.stderr
    assert sha(game) == before


def test_export_onto_the_seed_is_refused_even_with_force_and_rolls_still_come_from_it(game, tmp_path):
    seed = game.with_name("g.db.seed")
    before = seed.read_bytes()
    r = cli("export", "--db", game, "-o", seed, "--force")
    assert r.returncode == 2 and "dice-seed sidecar" in r.stderr
    assert seed.read_bytes() == before
    rolls_from_the_seed(game, tmp_path)


def test_a_file_holding_a_hex_seed_under_another_name_is_protected_too(game, tmp_path):
    copy = tmp_path / "backup-of-my-seed"
    copy.write_bytes(game.with_name("g.db.seed").read_bytes())
    r = cli("diagram", "--format", "svg", "-o", copy, "--force")
    assert r.returncode != 0 and copy.read_bytes() == game.with_name("g.db.seed").read_bytes()
    with pytest.raises(CommandError, match="dice seed"):
        outfile.write(copy, lambda f: f.write("x"), force=True)


def test_the_wal_and_shm_of_a_game_are_protected(game, tmp_path):
    for suffix in ("-wal", "-shm"):
        side = tmp_path / f"g.db{suffix}"
        side.write_bytes(b"\0" * 100)
        r = cli("export", "--db", game, "-o", side, "--force")
        assert r.returncode == 2 and "SQLite database beside it" in r.stderr
        assert side.read_bytes() == b"\0" * 100
        side.unlink()


def test_an_existing_plain_file_needs_force_and_keeps_its_mode(game, tmp_path):
    out = tmp_path / "game.jsonl"
    out.write_text("my notes\n")
    os.chmod(out, 0o640)
    r = cli("export", "--db", game, "-o", out)
    assert r.returncode == 2 and "add --force" in r.stderr
    assert out.read_text() == "my notes\n"
    r = cli("export", "--db", game, "-o", out, "--force")
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text().splitlines()[0])["turnlog"] == "export"
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    no_temp_files(tmp_path)


def test_a_directory_as_target_is_refused(game, tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    for args in (("export", "--db", game, "-o", folder, "--force"), ("show", "--db", game, "--svg", folder)):
        r = cli(*args)
        assert r.returncode == 2 and "is a directory" in r.stderr
    assert list(folder.iterdir()) == []


def test_a_failure_midway_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    g = bridgehead(tmp_path / "b.db")
    out = tmp_path / "old.jsonl"
    out.write_text("the old export\n")

    def broken(log, f, progress=None):
        f.write('{"turnlog": "export", "half": ')
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(transfer, "export", broken)
    with pytest.raises(OSError):
        outfile.write(out, lambda f: transfer.export(g.log, f), force=True)
    with pytest.raises(OSError):
        outfile.write(tmp_path / "new.jsonl", lambda f: transfer.export(g.log, f))
    g.close()
    assert out.read_text() == "the old export\n"
    assert not (tmp_path / "new.jsonl").exists()
    no_temp_files(tmp_path)


def test_the_repl_svg_needs_force_and_never_writes_onto_the_game(tmp_path):
    g = bridgehead(tmp_path / "r.db")
    pic = tmp_path / "board.svg"
    pic.write_text("old picture")
    game_bytes = sha(tmp_path / "r.db")

    def run(*lines):
        out = io.StringIO()
        Shell(g, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, history=None).cmdloop()
        return out.getvalue()
    text = run(f"svg {pic}", f"svg {tmp_path / 'r.db'} force", f"svg {tmp_path / 'r.db.seed'} force")
    assert "add force to replace it" in text and "SQLite database" in text
    assert pic.read_text() == "old picture"
    run(f"svg {pic} force")
    assert pic.read_text().lstrip().startswith("<")
    g.close()
    assert sha(tmp_path / "r.db") == game_bytes
    no_temp_files(tmp_path)


def test_a_file_that_appears_while_writing_is_not_replaced(tmp_path):
    out = tmp_path / "board.svg"

    def produce(f):
        out.write_text("another program's file")  # the name is taken after the check, before the link
        f.write("<svg/>")
    with pytest.raises(CommandError, match="appeared while it was being written; nothing replaced"):
        outfile.write(out, produce)
    assert out.read_text() == "another program's file"
    no_temp_files(tmp_path)
