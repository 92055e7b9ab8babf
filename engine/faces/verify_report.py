"""The verify report as a player reads it: one line per check, the first discrepancy, the verdict.

The checks are the verify package's (engine/verify/); this face only words their
Report, so a host that embeds the core reads the Report's fields and never needs this text.
"""
from __future__ import annotations

import msgspec

from ..verify import Report
from ..verify.joint import JointCheck
from . import terminal as T

def _seqs(seqs: list[int], n: int = 12) -> str:
    shown = ", ".join(map(str, seqs[:n]))
    return shown + (f" and {len(seqs) - n} more" if len(seqs) > n else "")


_SEED = {"revealed": "the seed revealed in the log",
         "sidecar": "the seed kept beside the file (not yet revealed)"}


def _public(rep: Report) -> str:
    """The warning of a seed others know, or '' when no roll came from it (none, or all typed)."""
    n = rep.rolls_derived
    if rep.seed_public is not True or not n:
        return ""
    rolls = "the one roll" if n == 1 else f"the {n} rolls"
    return (f"the dice seed is public (typed by hand or published): anyone could predict {rolls} "
            "drawn from it")


_KEYLESS = ("the log is in the signed format (log format 4) but registers no key: a signed game "
            "whose keys were removed looks so; compare with the keys exchanged, or verify --anchor")


def _fair_lines(rep: Report) -> list[str]:
    """Every claim with who made and who answered it, and every reveal: what a dispute can be about."""
    out = []
    for c in rep.claims or []:
        answer = (f"{c.answer} by {c.answered_by} at seq {c.answered_at}" if c.answered_by
                  else "pending (or taken back)")
        out.append(f"  claim     {c.claim} ({c.cls}) by {c.by} at seq {c.seq}: {_cmd(c.command)}; "
                   f"{answer}")
    if rep.reveals:
        out.append(f"  reveal    at seq {_seqs(rep.reveals)}")
    return out


def text(rep: Report, path: str = "") -> str:
    """The report as lines a player reads: one line per check, the first discrepancy named, then the verdict.

    Each line is escaped on its own (engine/faces/terminal.py), so a game name or a path holding a newline
    cannot make a line of its own (a forged "VERIFIED"), and a URL's password is never shown.
    """
    return T.lines(_lines(rep, path))


def _lines(rep: Report, path: str) -> list[str]:
    title = f"verify {path}" if path else "verify"
    if rep.name:
        title += f" — '{rep.name}'"
    lines = [f"{title}: {rep.events} events, {rep.commands} commands"
             + (f" (log format {rep.log_format})" if rep.log_format else "")]
    if rep.integrity and rep.integrity != "ok":
        lines.append(f"  file      the SQLite file is damaged: {rep.integrity}")
    if rep.missing_triggers:
        lines.append("  file      lacks its append-only "
                     f"trigger{'s' if len(rep.missing_triggers) > 1 else ''} "
                     f"({', '.join(rep.missing_triggers)}): dropped by hand, or an old file; the "
                     "chain below still checks every row")
    if rep.schema:
        lines += [f"  schema    {p}" for p in rep.schema]
    if rep.stage == "setup":
        lines.append(f"  setup     {rep.problem}")
        lines.append("NOT VERIFIED: not a game's log")
        return lines
    if rep.stage == "anchor":
        lines.append(f"  chain     intact up to seq {rep.chain_ok_upto}: every row's hash links to "
                     "the one before")
        lines.append(f"  anchor    FAILED at seq {rep.first_bad_seq}: {rep.problem}")
        lines.append("            (the dice, commands and replay are checked only on a log that "
                     "keeps its anchors)")
        lines.append(f"NOT VERIFIED: the log was altered at or before seq {rep.first_bad_seq}")
        return lines
    if rep.stage == "file":
        lines.append("            (a file whose triggers, views or tables are not the store's own "
                     "is not checked further: they could act on rows unseen)")
        lines.append("NOT VERIFIED: the file's schema is not the store's")
        return lines
    if rep.stage in ("integrity", "chain"):
        if rep.first_bad_seq is not None:
            lines.append(f"  chain     BROKEN at seq {rep.first_bad_seq}: {rep.problem}; "
                         f"intact up to seq {rep.chain_ok_upto}")
        lines.append("            (the dice, commands and replay are checked only on an intact "
                     "chain)")
        lines.append(f"NOT VERIFIED: the log was altered at seq {rep.first_bad_seq}" if rep.first_bad_seq is not None
                     else "NOT VERIFIED: the file is damaged")
        return lines
    lines.append(f"  chain     intact up to seq {rep.chain_ok_upto}: every row's hash links to the "
                 "one before")
    if rep.anchors:
        held = 'them' if len(rep.anchors) > 1 else 'it'
        lines.append(f"  anchor    {', '.join(rep.anchors)}: the file still holds {held}")
    if rep.head:
        lines.append(f"  head      {rep.head} (keep it; `verify --anchor {rep.head}` later shows "
                     "nothing was cut or rewritten)")
    lines += _identity_lines(rep)
    lines += _signature_lines(rep)
    lines += _dice_lines(rep)
    if rep.tables:
        lines += [f"  table     {t}" for t in rep.tables]
        if rep.stage == "tables":
            lines.append(f"            FAILED: {rep.problem}")
    d = rep.discrepancy
    if d is not None:
        lines.append(f"  commands  FIRST DISCREPANCY at seq {d.seq}, command c{d.command_id} "
                     f"{_cmd(d.command)}")
        if d.rule:
            lines.append(f"            refused by rule {d.rule}: {d.message}")
        else:
            lines.append(f"            {d.message}")
        if d.logged or d.again:
            lines.append(f"            logged:       {d.logged}")
            lines.append(f"            re-execution: {d.again}")
        if rep.commands_checked:
            lines.append(f"            ({rep.commands_checked} commands before it re-executed "
                         "identically)")
    else:
        others = rep.commands - rep.commands_checked
        more = (f" ({others} more: the setup, re-derived from its scenario, and undos, judged by "
                "the live undo rules)" if others else "")
        lines.append(f"  commands  {rep.commands_checked} re-executed on the board of their time: "
                     "all legal, the same events as logged" + more)
        if rep.overrides:
            lines.append("            a referee overrode the dice barrier to undo at seq "
                         f"{_seqs(rep.overrides)}")
        lines += _fair_lines(rep)
        if rep.replay_equal is not None:
            lines.append("  replay    a replay from zero gives the live board" if rep.replay_equal
                         else "  replay    a replay from zero DIFFERS from the live board")
    if rep.stage == "snapshots":
        lines.append(f"  snapshots {rep.problem} (all: {_seqs(rep.forged_snapshots or [])})")
    if rep.problem and rep.stage == "schema":
        lines.append(f"  log       {rep.problem}")
    if rep.ok:
        keyless = _KEYLESS if rep.keyless_signed_format is True else ""
        buts = [x for x in (_public(rep), keyless) if x]
        lines.append("VERIFIED" + (f", but {'; and '.join(buts)}" if buts else ""))
    else:
        first = rep.first_named()
        why = {"dice": "a roll cannot be confirmed",
               "commands": "a command does not re-execute as logged",
               "replay": "the replay differs", "schema": "the log cannot be read",
               "snapshots": "the snapshot cache is forged",
               "seats": "a command was issued out of turn",
               "signatures": "a command's signature is missing or forged"}.get(rep.stage, rep.problem)
        # the extra is missing: nothing forged, nothing checked
        if rep.stage == "signatures" and first is None:
            why = rep.problem
        lines.append(f"NOT VERIFIED: {why}"
                     + (f" (first at seq {first})" if first is not None else ""))
    return lines


def _identity_lines(rep: Report) -> list[str]:
    """The game's identity and each fork's cut: a fork presented as the original shows here."""
    out = [f"  game      {rep.game_id} (its signatures and joint shares fit this game only)"] \
        if rep.game_id is not msgspec.UNSET else []
    for f in [] if rep.forks is msgspec.UNSET else rep.forks:
        seq, was, now = f.split()
        out.append(f"  fork      at seq {seq}: a fork of game {was}, from there game {now}")
    return out


def _signature_lines(rep: Report) -> list[str]:
    """A signed game's keys (to compare with the ones the players exchanged) and its signatures' verdict."""
    if rep.keyless_signed_format is True:
        failed = rep.stage == "signatures"
        where = f"FAILED at seq {rep.first_bad_seq}: {rep.problem}" if failed else "NONE: " + _KEYLESS
        return [f"  signed    {where}"]
    if rep.keys is msgspec.UNSET:
        return []
    out = [f"  key       {k}" for k in rep.keys]
    if rep.stage == "signatures":
        where = f"FAILED at seq {rep.first_bad_seq}: " if rep.first_bad_seq is not None else "NOT CHECKED: "
        out.append(f"  signed    {where}{rep.problem}")
    else:
        out.append(f"  signed    {rep.signatures_checked} commands, each by its actor's key over "
                   "the row before it")
    return out


def _dice_lines(rep: Report) -> list[str]:
    if rep.joint is not msgspec.UNSET:
        return _joint_lines(rep)
    out = _seed_lines(rep)
    if _public(rep):
        out.insert(1, f"            {_public(rep)}")
    return out


def _seed_lines(rep: Report) -> list[str]:
    n = len(rep.rolls) or rep.rolls_derived + len(rep.rolls_entered) + len(rep.rolls_unchecked)
    if not n:
        return ["  dice      no die was rolled"]
    out = [f"  dice      {n} roll{'s' if n != 1 else ''}: {rep.rolls_derived} re-derived from "
           f"{_SEED.get(rep.seed, 'the seed')}, {len(rep.rolls_entered)} entered by hand"
           + (f" (seq {_seqs(rep.rolls_entered)})" if rep.rolls_entered else "")]
    bad = [r for r in rep.rolls if r.check == "mismatch"]
    for r in bad[:3]:
        out.append(f"            seq {r.seq}: {r.key} = {r.value}, but the seed gives another face")
    if rep.problem and rep.stage == "dice" and not bad and not rep.rolls_unchecked:
        out.append(f"            {rep.problem}")
    if rep.rolls_unchecked:
        out.append(f"            {len(rep.rolls_unchecked)} not checkable: the seed is neither "
                   f"revealed in the log nor beside the file (seq {_seqs(rep.rolls_unchecked)}); "
                   "`turnlog reveal` appends it")
    return out


def _cmd(payload: str) -> str:
    try:
        d = msgspec.json.decode(payload)
    except msgspec.DecodeError:
        return payload
    t = d.pop("type", "?") if isinstance(d, dict) else "?"
    return f"{t} {msgspec.json.encode(d).decode()}" if d else t


def _joint_lines(rep) -> list[str]:
    """The dice lines of the verify text for a joint-dice game."""
    jc: JointCheck = rep.joint
    n = len(rep.rolls)
    if not n:
        return [f"  dice      joint dice of {', '.join(jc.holders)}: no die was rolled"]
    out = [f"  dice      joint dice of {', '.join(jc.holders)}: {n} roll{'s' if n != 1 else ''}, "
           f"{sum(r.check != 'entered' for r in rep.rolls)} from shares, {len(rep.rolls_entered)} "
           "entered by hand"]
    for who, label in ((jc.revealed, "revealed in the log"), (jc.held, "held by this process")):
        if who:
            out.append(f"            secrets {label}: {', '.join(who)}")
    signed = jc.signed is True
    against = "under its holder's registered key" if signed else "against their holder's secret"
    out.append(f"            {jc.shares_checked} shares checked {against}; {rep.rolls_derived} "
               f"roll{'s' if rep.rolls_derived != 1 else ''} re-derived in full")
    if rep.problem and rep.stage == "dice":
        out.append(f"            {rep.problem}")
    return out
