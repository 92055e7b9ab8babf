"""`cryptography` is an optional extra. Without it a signed game still opens and reads, verify
says its signatures cannot be checked (NOT VERIFIED, stage `signatures`), and signing is refused by name."""
from __future__ import annotations

import sys

import pytest

from turnlog.engine.errors import RuleViolation
from turnlog.engine.faces import cli
from turnlog.engine.faces.verify_report import text
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path

from signed_position import played, steps


@pytest.fixture
def no_cryptography(monkeypatch):
    """Imports of cryptography fail from here on, as on a machine without the extra."""
    for name in [m for m in sys.modules if m == "cryptography" or m.startswith("cryptography.")] + ["cryptography"]:
        monkeypatch.setitem(sys.modules, name, None)


def test_a_signed_game_reads_and_verify_says_it_cannot_check(tmp_path, no_cryptography, capsys):
    path = played(tmp_path, upto=3).log.path
    with Game.open(path, readonly=True) as g:
        assert g.state.seats.keys and g.log.last()[0] > 41
    rep = verify_path(path)
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq is None
    assert "the signatures cannot be checked here" in rep.problem and "pip install 'turnlog[sign]'" in rep.problem
    assert rep.commands_checked == 3                                   # every other check still ran
    assert text(rep).splitlines()[-1].startswith("NOT VERIFIED: the signatures cannot be checked here")
    assert cli.main(["log", "--db", str(path)]) == 0


def test_signing_without_cryptography_is_refused_by_name(tmp_path, no_cryptography, capsys):
    g = played(tmp_path, upto=3)
    actor, cmd = steps(g)[3]
    with pytest.raises(RuleViolation, match="needs alice's private key"):
        g.execute(cmd, actor=actor)
    g.close()
    key = tmp_path / "alice.key"
    key.write_text("01" * 32 + "\n")
    assert cli.main(["reveal", "--db", str(g.log.path), "--actor", "alice", "--key", str(key)]) == 2
    assert "--key: the optional `cryptography` package is not installed" in capsys.readouterr().err
    assert cli.main(["keygen", "-o", str(tmp_path / "new.key")]) == 2
    assert not (tmp_path / "new.key").exists()
