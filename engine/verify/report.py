"""The verify report's types: the Report, a Roll it lists, the first Discrepancy re-execution finds.

The package's stages fill them, its __init__ re-exports them, engine/faces/verify_report.py words
them. A field added here needs a default, so the report of an older game reads as before.
"""
from __future__ import annotations

import msgspec

from . import joint as JV


class Discrepancy(msgspec.Struct, kw_only=True):
    seq: int
    command_id: int
    command: str
    rule: str = ""
    message: str
    logged: str = ""      # the logged event at ``seq``, in words (when re-execution differs)
    again: str = ""       # what re-executing the command gives there instead


class Roll(msgspec.Struct, kw_only=True):
    """One logged die roll and how it was checked: derived, entered, unchecked or mismatch."""

    seq: int
    key: str
    value: int
    check: str


class ClaimRecord(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One claim of a fair-play game (engine/claims.py): who made it, at which seq, and its answer."""

    claim: str
    cls: str
    by: str
    seq: int
    command: str
    answer: str = "pending"       # pending/accepted/disputed
    answered_by: str = ""
    answered_at: int = 0


class Report(msgspec.Struct, kw_only=True):
    ok: bool = True
    events: int = 0
    chain_ok_upto: int = 0
    first_bad_seq: int | None = None
    problem: str = ""
    integrity: str = ""
    seed: str = "unknown"
    rolls_derived: int = 0
    rolls_entered: list[int] = []
    rolls_unchecked: list[int] = []
    commands_checked: int = 0
    discrepancy: Discrepancy | None = None
    replay_equal: bool | None = None
    name: str = ""
    commands: int = 0
    # The first check that failed: file, integrity, chain, anchor, dice, commands, replay,
    # snapshots.
    stage: str = ""
    head: str = ""                # SEQ:HASH of the last row: keep it, pass it back as --anchor later
    log_format: int = 0           # the file's log format (events/log.py): older files keep theirs
    anchors: list[str] = []       # the anchors checked
    rolls: list[Roll] = []
    overrides: list[int] = []     # seqs of undos a referee forced past a die roll
    missing_triggers: list[str] = []  # append-only triggers the file lacks (dropped, or an old file)
    # Present only when they apply, so older games report exactly as before:
    seed_public: bool | msgspec.UnsetType = msgspec.UNSET       # the log marks its seed as known to others
    joint: JV.JointCheck | msgspec.UnsetType = msgspec.UNSET    # joint dice (joint.py)
    tables: list[str] | msgspec.UnsetType = msgspec.UNSET       # "NAME SHA256" of each combat table in setup
    keys: list[str] | msgspec.UnsetType = msgspec.UNSET         # a signed game's "ACTOR KEY", to compare out of band
    signatures_checked: int | msgspec.UnsetType = msgspec.UNSET  # a signed game's commands whose signature verified
    # Objects of the file that are not the store's own; bound snapshots holding another board than
    # the log's at their seq (engine/snapshots.py).
    schema: list[str] | msgspec.UnsetType = msgspec.UNSET
    forged_snapshots: list[int] | msgspec.UnsetType = msgspec.UNSET
    keyless_signed_format: bool | msgspec.UnsetType = msgspec.UNSET  # log format 4, no key
    game_id: str | msgspec.UnsetType = msgspec.UNSET     # the identity at the end (engine/identity.py)
    forks: list[str] | msgspec.UnsetType = msgspec.UNSET  # "SEQ FROM TO" of each fork's cut
    claims: list[ClaimRecord] | msgspec.UnsetType = msgspec.UNSET  # a fair-play game's claims, each with its answer
    reveals: list[int] | msgspec.UnsetType = msgspec.UNSET         # seqs of every seed or secret revealed

    def first_named(self) -> int | None:
        """The first seq verify names: the earlier of the discrepancy's and the stages' first bad seq.

        A seeded roll the seed does not give is named by the dice stage at its own row; re-execution,
        which serves the logged roll, differs only at a later row built on it.
        """
        seqs = (self.discrepancy.seq if self.discrepancy is not None else None, self.first_bad_seq)
        return min((s for s in seqs if s is not None), default=None)


#: The rows fair play's record lists (record).
RECORDED = frozenset(("SeedRevealed", "SecretRevealed", "ClaimMade", "ClaimAccepted", "ClaimDisputed"))


def record(rep: Report, logged: list[tuple]) -> None:
    """List the claims, answers and reveals among a command's rows in the report (fair play's record)."""
    for r in logged:
        if r[2] in ("SeedRevealed", "SecretRevealed"):
            rep.reveals = [*(rep.reveals or []), r[0]]
        elif r[2] == "ClaimMade":
            e = msgspec.json.decode(r[4])
            rep.claims = [*(rep.claims or []), ClaimRecord(claim=e["claim"], cls=e["cls"], by=e["by"], seq=r[0],
                                                           command=e["command"])]
        elif r[2] in ("ClaimAccepted", "ClaimDisputed"):
            e = msgspec.json.decode(r[4])
            for rec in rep.claims or []:
                if rec.claim == e["claim"] and rec.answer == "pending":
                    rec.answer = "accepted" if r[2] == "ClaimAccepted" else "disputed"
                    rec.answered_by, rec.answered_at = e["by"], r[0]
