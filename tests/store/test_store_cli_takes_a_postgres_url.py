"""Every CLI command's --db takes a postgresql:// URL: new, play, log, show, undo, redo, fork, export, import, verify."""
from __future__ import annotations

from fixtures.backbone import cli


def ok(r) -> str:
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_a_game_played_through_the_cli_in_postgres(pg_store, tmp_path):
    url, fork, imported = pg_store.new("cli"), pg_store.new("fork"), pg_store.new("imp")
    out = ok(cli("new", "bridgehead-14-65", "--db", url, cwd=tmp_path))
    assert "created" in out and list(tmp_path.glob("*.seed"))  # the seed sidecar, in the working directory
    (tmp_path / "c.jsonl").write_text('{"type": "MoveUnit", "unit": "us-inf-3", "hex": "0502"}\n'
                                      '{"type": "AddNote", "text": "from the cli"}\n')
    ok(cli("play", "--db", url, "c.jsonl", cwd=tmp_path))
    assert "from the cli" in ok(cli("log", "--db", url, cwd=tmp_path))
    ok(cli("show", "--db", url, cwd=tmp_path))
    ok(cli("undo", "--db", url, cwd=tmp_path))
    ok(cli("redo", "--db", url, cwd=tmp_path))
    ok(cli("fork", "--db", url, "--at", "24", "--to", fork, cwd=tmp_path))
    ok(cli("export", "--db", url, "-o", "g.jsonl", cwd=tmp_path))
    ok(cli("import", "g.jsonl", "--db", imported, cwd=tmp_path))
    for target in (url, fork, imported):
        assert "VERIFIED" in ok(cli("verify", "--db", target, cwd=tmp_path))
    refused = cli("new", "bridgehead-14-65", "--db", url, cwd=tmp_path)
    assert refused.returncode == 1 and "already exists" in refused.stderr
    missing = cli("log", "--db", url.replace("game=", "game=nope-"), cwd=tmp_path)
    assert missing.returncode == 1 and "no game" in missing.stderr
    no_id = cli("log", "--db", url.split("&game=")[0], cwd=tmp_path)
    assert no_id.returncode == 1 and "game=ID" in no_id.stderr
