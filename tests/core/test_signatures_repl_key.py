"""A signed game played from the REPL: `key FILE` (or `turnlog repl --actor NAME --key FILE`) signs the
current actor's commands with that actor's registered key; without it, or with another seat's key, a
command is refused under rule `signatures` and nothing is written; what the REPL appends verifies."""
from __future__ import annotations

import io

from turnlog.engine.faces.repl import Shell
from turnlog.engine.verify import verify

from fixtures.backbone import cli
from seats_position import zone
from signed_position import signed


def key_file(tmp_path, name: str, n: int):
    path = tmp_path / f"{name}.key"
    path.write_text((bytes([n]) * 32).hex() + "\n")  # signed_position's fixed keys: alice 0x01.., bob 0x02..
    return path


def run(game, *lines: str) -> str:
    out = io.StringIO()
    Shell(game, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, history=None).cmdloop()
    return out.getvalue()


def test_key_signs_the_actors_commands_and_they_verify(tmp_path):
    g = signed(tmp_path)
    begin = f"do BeginAttrition attacker=AX zone={zone(g)}"
    alice, bob = key_file(tmp_path, "alice", 1), key_file(tmp_path, "bob", 2)
    seq = g.state.seq
    out = run(g, "as alice", begin)
    assert "refused by rule signatures" in out and "needs alice's private key" in out
    assert g.state.seq == seq and g.log.last()[0] == seq                     # nothing written
    out = run(g, "as alice", f"key {bob}", begin)
    assert "the key given is bob's key, not alice's" in out
    assert g.log.last()[0] == seq
    out = run(g, "as alice", f"key {alice}", begin, "do RollAttritionDie procedure=A1 value=8")
    assert "signing alice (AX)'s commands with key" in out
    assert g.log.last()[0] > seq
    report = verify(g)
    assert report.ok, report
    assert report.log_format == 4 and report.signatures_checked == 2, report


def test_key_needs_a_signed_game_an_actor_and_a_file(tmp_path):
    g = signed(tmp_path)
    out = run(g, f"key {tmp_path / 'alice.key'}")
    assert "name the actor first" in out
    out = run(g, "as alice", f"key {tmp_path / 'missing.key'}", "key")
    assert "cannot read the private key" in out and "usage: key FILE" in out


def test_cli_repl_takes_actor_and_key(tmp_path):
    g = signed(tmp_path)
    db, z = g.log.path, zone(g)
    g.close()
    alice = key_file(tmp_path, "alice", 1)
    r = cli("repl", "--db", db, "--key", alice, stdin="quit\n")
    assert r.returncode == 2 and "--key: name whose key it is with --actor" in r.stderr
    r = cli("repl", "--db", db, "--actor", "alice", "--key", alice, stdin=f"do BeginAttrition attacker=AX zone={z}\n")
    assert r.returncode == 0, r.stderr
    assert "BeginAttrition" in r.stdout and "refused" not in r.stdout, r.stdout
    v = cli("verify", "--db", db)
    assert v.returncode == 0 and v.stdout.rstrip().endswith("VERIFIED"), v.stdout
    assert "signed    1 commands" in v.stdout or "signed    1 command" in v.stdout, v.stdout
