"""`turnlog keygen -o FILE` writes a private key readable by its owner only (0600) and the
public key beside it, prints the public key, and never overwrites a file (either of the two)."""
from __future__ import annotations

import stat

from turnlog.engine import signatures as SG

from fixtures.backbone import cli


def test_keygen_writes_a_0600_private_key_and_prints_its_public_key(tmp_path):
    r = cli("keygen", "-o", tmp_path / "alice.key")
    assert r.returncode == 0, r.stderr
    private, public = tmp_path / "alice.key", tmp_path / "alice.pub"
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert r.stdout.strip() == public.read_text().strip()
    assert SG.Signer.from_file(private).public == r.stdout.strip()
    assert SG.is_hex(r.stdout.strip(), 64)


def test_keygen_never_overwrites_a_file(tmp_path):
    target = tmp_path / "alice.key"
    target.write_text("precious\n")
    r = cli("keygen", "-o", target)
    assert r.returncode == 2 and "already exists; refusing to overwrite a key" in r.stderr
    assert target.read_text() == "precious\n" and not (tmp_path / "alice.pub").exists()
    (tmp_path / "bob.pub").write_text("mine\n")
    r = cli("keygen", "-o", tmp_path / "bob.key")
    assert r.returncode == 2 and "bob.pub already exists" in r.stderr
    assert not (tmp_path / "bob.key").exists() and (tmp_path / "bob.pub").read_text() == "mine\n"


def test_two_keys_differ_and_a_file_not_named_key_gets_pub_appended(tmp_path):
    a = cli("keygen", "-o", tmp_path / "a.key").stdout
    b = cli("keygen", "-o", tmp_path / "b").stdout
    assert a != b and (tmp_path / "b.pub").read_text() == b
