"""Verify's dice stage: every logged roll re-derived from the seed (revealed in the log, or this
process's sidecar), entered rolls listed as such; a joint-dice game's rolls are joint.py's.

It fills the Report (report.py) it is given; verify() runs it after the stages of chain.py.
"""
from __future__ import annotations

import msgspec

from turnlog.events.codec import decode
from turnlog.events.game import DieRolled, GameForked, SeedRevealed
from turnlog.events.log import EventLog
from turnlog.projections.narrative import shown

from .. import dice as D
from ..game import Game
from . import joint as JV
from .report import Report, Roll


def check(game: Game, rep: Report, marked: list[tuple] | None = None) -> None:
    """Check every roll against the seed or the joint shares; the first bad one goes in ``rep``.

    ``marked``: the rows ``marks`` reads, when they were read already (verify reads them once).
    """
    seed, commitment, created, fork = None, "", None, ""
    rolls: list[tuple[int, DieRolled, str]] = []  # each with the fork identity its dice derive from
    for seq, _cid, ev in marks(game.log) if marked is None else marked:
        if seq == 1:
            commitment, created = ev.seed_sha256, ev
            if ev.seed_public:
                rep.seed_public = True
            if ev.joint_dice:  # no single seed: every roll mixes the holders' shares
                for s, r, check in JV.check(game, ev, rep):
                    (rep.rolls_entered if check == "entered" else rep.rolls_unchecked if check == "unchecked"
                     else []).append(s)
                    rep.rolls.append(Roll(seq=s, key=r.key, value=r.value, check=check))
                return
        if isinstance(ev, SeedRevealed):
            seed = bytes.fromhex(ev.seed)
            if D.commitment(seed) != commitment:
                rep.problem = f"seq {seq}: the revealed seed does not match the commitment at seq 1"
                rep.first_bad_seq = seq
                return
            rep.seed = "revealed"
        elif isinstance(ev, GameForked) and ev.own_dice:
            fork = ev.game_id
        elif isinstance(ev, DieRolled):
            rolls.append((seq, ev, fork))
    if seed is None and game.seed is not None and D.commitment(game.seed) == commitment:
        seed, rep.seed = game.seed, "sidecar"
    for seq, r, fork in rolls:
        if r.entered:
            rep.rolls_entered.append(seq)
            check = "entered"
        elif seed is None:
            rep.rolls_unchecked.append(seq)
            check = "unchecked"
        elif (bad := _seeded_problem(D.keyed(seed, fork), r, created)):
            rep.problem = rep.problem or f"seq {seq}: {bad}"
            rep.first_bad_seq = rep.first_bad_seq or seq
            check = "mismatch"
        else:
            rep.rolls_derived += 1
            check = "derived"
        rep.rolls.append(Roll(seq=seq, key=r.key, value=r.value, check=check))


def marks(log: EventLog) -> list[tuple]:
    """(seq, command id, event) of the rows the dice stage reads, in seq order: the setup, the reveals,
    the forks' cuts (which the identity stage reads too), the rolls.

    Read by type in one scan, so the stage costs what the dice are, not what the log is.
    """
    first = [(s, cid, decode(t, v, d)) for s, cid, t, v, d, _a in log.rows(1, 1)]
    marks = log.rows_of_types(("SeedRevealed", "GameForked", "DieRolled"), log.last()[0])  # one scan
    return first + [(s, cid, decode(t, v, d)) for s, cid, t, v, d in marks if s != 1]


def _seeded_problem(seed: bytes, r: DieRolled, created) -> str:
    """Why the seed does not give a logged roll (its value, its faces, its named dice), or ''."""
    spec = D.spec_of(created.die, created.dice, r)
    if spec is None:
        return f"roll {r.key} names dice {r.dice!r}, which the game does not declare"
    value, faces = D.again(seed, r, spec)
    if (value, faces) == (r.value, r.faces):
        return ""
    return (f"roll {r.key} = {shown(r)} but the seed gives "
            f"{shown(msgspec.structs.replace(r, value=value, faces=faces))}")
