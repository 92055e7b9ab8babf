"""Logs written before shares were signatures and before signatures covered a game identity verify as they were.

Given tests/fixtures' joint-dice game (HMAC shares, both secrets revealed) and signed game (signatures over
the command and PREV only), when verified now, then each verifies unchanged, byte for byte, in its recorded
mode. tests/fixtures/make_joint_signed_fixtures.py wrote them with the code before the change.
"""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from turnlog.engine.verify import verify_path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def copied(tmp_path, name: str) -> Path:
    for f in FIXTURES.glob(f"{name}*"):
        shutil.copyfile(f, tmp_path / f.name)
    return tmp_path / name


def test_an_hmac_joint_dice_log_verifies_as_it_was(tmp_path):
    path = copied(tmp_path, "joint_hmac_revealed.db")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    rep = verify_path(path)
    assert rep.ok, rep.problem
    assert rep.seed == "joint" and rep.rolls_derived == 1
    assert rep.joint.revealed == ["AX", "AL"] and rep.joint.shares_checked == 2
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_a_signed_log_without_a_game_identity_verifies_as_it_was(tmp_path):
    path = copied(tmp_path, "signed_v1.db")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    rep = verify_path(path)
    assert rep.ok, rep.problem
    assert rep.signatures_checked == 5 and len(rep.keys) == 4
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


@pytest.mark.parametrize("name", ["joint_hmac_revealed.db", "signed_v1.db"])
def test_the_fixture_rows_re_encode_to_their_stored_bytes(tmp_path, name):
    from turnlog.events.codec import decode, encode
    from turnlog.events.store import open_log
    log = open_log(copied(tmp_path, name), readonly=True)
    try:
        for row in log.rows(1):
            assert encode(decode(row[2], row[3], row[4])).decode() == row[4], row[0]
    finally:
        log.close()
