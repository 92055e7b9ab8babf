"""Verify a disputed game: the chain, every die, every command, the replay.

1. the hash chain and gapless seq, naming the first bad row;
2. every seeded roll re-derived from the seed (revealed in the log, or this
   process's sidecar), entered rolls listed as such;
3. every command re-executed through the rules on the board of its time must
   give exactly the events that were logged;
4. a full replay from zero (no snapshots) equals the snapshot-assisted state.
"""
from __future__ import annotations

import msgspec

from events.codec import SchemaError, decode, encode
from events.game import DieRolled, SeedRevealed
from projections import fold as F
from projections.state import GameState

from . import commands as c
from . import dice as D
from .errors import CommandError, RuleViolation
from .game import BY_COMMAND, Game, settle


class Discrepancy(msgspec.Struct, kw_only=True):
    seq: int
    command_id: int
    command: str
    rule: str = ""
    message: str


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


class _LoggedDice(D.Dice):
    """Serves the rolls the command logged, in order, so re-execution sees the same dice."""

    def __init__(self, die, rolls: list[DieRolled]):
        super().__init__(None, die)
        self.rolls = list(rolls)

    def roll(self, key: str, procedure: str = "", rule: str = "") -> DieRolled:
        if not self.rolls:
            raise RuleViolation("verify", f"re-execution rolls {key} but the log holds no roll for it")
        r = self.rolls.pop(0)
        if r.key != key:
            raise RuleViolation("verify", f"re-execution rolls {key} but the log rolled {r.key}")
        return r


def verify(game: Game, progress=None) -> Report:
    rep = Report()
    log = game.log
    rep.integrity = log.conn.execute("PRAGMA integrity_check").fetchone()[0]
    rep.chain_ok_upto, rep.first_bad_seq, rep.problem = log.verify_chain()
    rep.events = log.last()[0]
    if rep.integrity != "ok" or rep.first_bad_seq is not None:
        rep.ok = False
        return rep
    try:
        _dice(game, rep)
        _commands(game, rep, progress)
        if rep.discrepancy is None:
            rep.replay_equal = game.at(use_snapshots=False) == game.at()
    except SchemaError as err:
        rep.problem = str(err)
    rep.ok = (not rep.problem and not rep.rolls_unchecked and rep.discrepancy is None and bool(rep.replay_equal))
    if rep.rolls_unchecked and not rep.problem:
        rep.problem = "seeded rolls cannot be checked until the seed is revealed"
    return rep


def _dice(game: Game, rep: Report) -> None:
    seed, commitment, die = None, "", None
    rolls: list[tuple[int, DieRolled]] = []
    for seq, _cid, ev, _a in game.rows():
        if seq == 1:
            commitment, die = ev.seed_sha256, ev.die
        if isinstance(ev, SeedRevealed):
            seed = bytes.fromhex(ev.seed)
            if D.commitment(seed) != commitment:
                rep.problem = f"seq {seq}: the revealed seed does not match the commitment at seq 1"
                rep.first_bad_seq = seq
                return
            rep.seed = "revealed"
        elif isinstance(ev, DieRolled):
            rolls.append((seq, ev))
    if seed is None and game.seed is not None and D.commitment(game.seed) == commitment:
        seed, rep.seed = game.seed, "sidecar"
    for seq, r in rolls:
        if r.entered:
            rep.rolls_entered.append(seq)
        elif seed is None:
            rep.rolls_unchecked.append(seq)
        elif D.face(seed, r.key, die) != r.value:
            rep.problem = f"seq {seq}: roll {r.key} = {r.value} but the seed gives {D.face(seed, r.key, die)}"
            rep.first_bad_seq = rep.first_bad_seq or seq
        else:
            rep.rolls_derived += 1


def _commands(game: Game, rep: Report, progress=None) -> None:
    """Re-execute every command on the board of its time; stop at the first difference."""
    state = GameState()
    commands = game.log.commands()
    for i, (cid, _actor, ctype, payload, _ts, first, last) in enumerate(commands):
        if progress:
            progress(i + 1, len(commands))
        logged = list(game.log.rows(first, last))
        if ctype in ("LoadScenario", "RevealSeed"):
            # Setup has no command to re-run; a revealed seed was checked against its commitment above.
            F.fold(state, logged)
            continue
        if ctype == "Undo":
            state = game.at(last)
            continue
        if ctype == "Redo":
            payload = msgspec.json.encode(msgspec.json.decode(payload)["command"]).decode()
        try:
            command = c.parse(payload)
            events = [decode(r[2], r[3], r[4]) for r in logged]
            rolls = [e for e in events if isinstance(e, DieRolled)]
            kind_events = game_decide(game, state, command, rolls)
            done = settle(state, kind_events)
        except (RuleViolation, CommandError) as err:
            rep.discrepancy = Discrepancy(seq=first, command_id=cid, command=payload,
                                          rule=getattr(err, "rule", ""), message=getattr(err, "message", str(err)))
            return
        again = [(encode(e), a) for e, a in done]
        were = [(encode(e), bool(r[5])) for e, r in zip(events, logged)]
        if again != were:
            bad = next((first + j for j, (x, y) in enumerate(zip(again, were)) if x != y), first + min(len(again), len(were)))
            rep.discrepancy = Discrepancy(seq=bad, command_id=cid, command=payload,
                                          message="re-executing the command gives different events than were logged")
            return
        state.seq = last
        rep.commands_checked += 1


def game_decide(game: Game, state: GameState, command: c.Command, rolls: list[DieRolled]) -> list:
    kind = BY_COMMAND[type(command)]
    return kind.decide(state, command, _LoggedDice(state.die, rolls))
