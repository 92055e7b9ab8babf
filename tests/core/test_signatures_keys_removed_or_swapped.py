"""What a whole-file rewriter can still do to a signed game's keys, and what names it.

Given a signed game, when a rewriter removes the keys from its setup and rebuilds the chain, then verify
names the first signed row (a signature and no key); when he also blanks every signature, the log is
still in the signed format (4) and the report says so beside the verdict. When he swaps a seat's key for
his own, every other seat's signature breaks (it covers the setup); only when he swaps every key and
re-signs every command does the file alone verify, with his keys printed: then the keys the players
exchanged out of band, and the head a player kept (`verify --anchor`), catch it.
"""
from __future__ import annotations

import msgspec

from turnlog.engine import signatures as SG
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify_path

from signed_position import KEYS, command_seqs, played, rechained

MALLORY = SG.Signer(bytes([9]) * 32)


def _setup(edit):
    def change(rows):
        created = msgspec.json.decode(rows[0]["data"])
        edit(created["seats"])
        rows[0]["data"] = msgspec.json.encode(created).decode()
    return change


def test_keys_removed_from_a_signed_game_are_named_at_its_first_signature(tmp_path):
    g = played(tmp_path)
    first = min(s for s, (_a, t) in command_seqs(g).items() if t != "LoadScenario")
    g.close()
    forged = rechained(g.log.path, tmp_path / "forged.db", _setup(lambda seats: seats.pop("keys")))
    rep = verify_path(forged)
    assert rep.chain_ok_upto == rep.events
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq == first
    assert "holds a signature but the game registers no key" in rep.problem
    assert f"signed    FAILED at seq {first}" in text(rep)


def test_keys_and_signatures_removed_leave_the_signed_format_named_in_the_report(tmp_path):
    g = played(tmp_path)
    g.close()

    def strip(rows):
        _setup(lambda seats: seats.pop("keys"))(rows)
        for r in rows:
            if r["signature"]:
                r["signature"] = ""
    rep = verify_path(rechained(g.log.path, tmp_path / "forged.db", strip))
    assert rep.ok and rep.keyless_signed_format is True and rep.log_format == 4
    out = text(rep)
    assert "signed    NONE: the log is in the signed format (log format 4) but registers no key" in out
    assert out.splitlines()[-1].startswith("VERIFIED, but the log is in the signed format")


def test_one_swapped_key_breaks_every_other_seats_signature(tmp_path):
    # Each signature covers the setup, the registered keys included, through PREV: swapping bob's key and
    # re-signing bob's commands leaves alice's first signature over a history she never saw.
    g = played(tmp_path)
    seqs = command_seqs(g)
    bobs = {s: MALLORY for s, (a, _t) in seqs.items() if a == "bob"}
    alice = min(s for s, (a, _t) in seqs.items() if a == "alice")
    g.close()
    forged = rechained(g.log.path, tmp_path / "forged.db",
                       _setup(lambda seats: seats["keys"].update(bob=MALLORY.public)), resign=bobs)
    rep = verify_path(forged)
    assert not rep.ok and rep.stage == "signatures" and rep.first_bad_seq == alice


def test_every_key_swapped_verifies_with_the_new_keys_printed_and_fails_the_kept_anchor(tmp_path):
    # A rewriter who replaces every seat's key with his own and re-signs every command: the file alone is
    # consistent. The keys verify prints differ from the ones the players exchanged; a kept head fails.
    g = played(tmp_path)
    head = g.log.last()
    seqs = command_seqs(g)
    mine = {a: SG.Signer(bytes([20 + i]) * 32) for i, a in enumerate(KEYS)}
    resign = {s: mine[a] for s, (a, t) in seqs.items() if t != "LoadScenario"}
    g.close()
    kept = verify_path(g.log.path)
    forged = rechained(g.log.path, tmp_path / "forged.db",
                       _setup(lambda seats: seats["keys"].update({a: k.public for a, k in mine.items()})),
                       resign=resign)
    rep = verify_path(forged)
    assert rep.ok  # the file alone cannot tell: every row and signature is consistent
    assert f"bob {mine['bob'].public}" in rep.keys and f"bob {KEYS['bob']}" in kept.keys
    assert f"bob {mine['bob'].public}" in text(rep)  # printed, to compare with the key bob gave
    anchored = verify_path(forged, anchors=[(head[0], head[1][:32])])
    assert not anchored.ok and anchored.stage == "anchor" and "rewritten" in anchored.problem
