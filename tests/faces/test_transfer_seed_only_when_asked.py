"""A seed or a joint-dice secret leaves its game's side only when the user asks: `export` (JSON lines
and HTML) and `import` never carry one, `copy` only with --with-seed, and none is ever printed."""
from __future__ import annotations

from pathlib import Path

from turnlog.engine import dice as D
from turnlog.engine import joint as J
from turnlog.engine import scenario as S
from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path

from fixtures.backbone import SEED, ZONE, bridgehead, cli

SECRET = b"\x07" * 32


def played(tmp_path: Path) -> Path:
    """A hot-seat game whose seed sits beside it, with a seeded roll in its log."""
    with bridgehead(tmp_path / "g.db") as g:
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
        g.execute(RollAttritionDie(procedure="A1"))
    return tmp_path / "g.db"


def holds_no_seed(*paths: Path, secret: bytes = SEED) -> bool:
    """No file among ``paths`` (nor its -wal) holds the secret, as bytes or as hex."""
    for p in paths:
        for f in (p, Path(f"{p}-wal")):
            if f.exists() and (secret in f.read_bytes() or secret.hex().encode() in f.read_bytes()):
                return False
    return True


def printed_nothing_secret(r, secret: bytes = SEED) -> bool:
    return secret.hex() not in r.stdout + r.stderr


def waits_for_the_seed(db: Path) -> None:
    """verify finds nothing wrong but cannot check the seeded roll: no seed here, none revealed."""
    rep = verify_path(db)
    assert rep.first_bad_seq is None and rep.rolls_unchecked and "until the seed" in rep.problem


def test_export_writes_the_log_without_the_seed_and_says_so(tmp_path):
    db = played(tmp_path)
    r = cli("export", "--db", db, "-o", tmp_path / "g.jsonl")
    assert r.returncode == 0 and "the dice seed is not" in r.stderr
    assert holds_no_seed(tmp_path / "g.jsonl") and printed_nothing_secret(r)
    r = cli("export", "--db", db)
    assert r.returncode == 0 and '"DieRolled"' in r.stdout and printed_nothing_secret(r)


def test_export_html_carries_the_verify_report_but_not_the_seed(tmp_path):
    db = played(tmp_path)
    r = cli("export", "--db", db, "--html", tmp_path / "g.html")
    assert r.returncode == 0, r.stderr
    assert holds_no_seed(tmp_path / "g.html") and printed_nothing_secret(r)


def test_import_makes_a_game_with_no_seed_beside_it(tmp_path):
    db = played(tmp_path)
    assert cli("export", "--db", db, "-o", tmp_path / "g.jsonl").returncode == 0
    r = cli("import", tmp_path / "g.jsonl", "--db", tmp_path / "i.db")
    assert r.returncode == 0 and printed_nothing_secret(r)
    assert not D.seed_path(tmp_path / "i.db").exists() and holds_no_seed(tmp_path / "i.db")
    waits_for_the_seed(tmp_path / "i.db")


def test_copy_leaves_the_seed_behind_unless_asked(tmp_path):
    db = played(tmp_path)
    r = cli("copy", db, tmp_path / "c.db")
    assert r.returncode == 0 and "the dice seed stays beside the source (--with-seed" in r.stdout
    assert not D.seed_path(tmp_path / "c.db").exists() and holds_no_seed(tmp_path / "c.db")
    assert printed_nothing_secret(r)
    waits_for_the_seed(tmp_path / "c.db")


def test_copy_with_seed_puts_the_seed_beside_the_copy_owner_only(tmp_path):
    db = played(tmp_path)
    r = cli("copy", "--with-seed", db, tmp_path / "c.db")
    assert r.returncode == 0 and "stays beside" not in r.stdout and printed_nothing_secret(r)
    side = D.seed_path(tmp_path / "c.db")
    assert D.read_seed(side) == SEED and side.stat().st_mode & 0o077 == 0
    assert holds_no_seed(tmp_path / "c.db")
    assert verify_path(tmp_path / "c.db").rolls_derived == 1


def test_copy_never_takes_a_joint_dice_secret_along(tmp_path):
    db = tmp_path / "j.db"
    with Game.create(db, S.load("bridgehead-14-65"), joint={"AX": SECRET, "AL": b"\x08" * 32},
                     joint_hmac=True):
        pass
    D.write_seed(J.secret_path(db, "AX"), SECRET)
    r = cli("copy", "--with-seed", db, tmp_path / "c.db")
    assert r.returncode == 0 and printed_nothing_secret(r, SECRET)
    assert not J.secret_path(tmp_path / "c.db", "AX").exists()
    assert holds_no_seed(tmp_path / "c.db", secret=SECRET)
