"""Whose move: who may act now, what is due from whom and why (the rule), and whom the game waits for.

One answer every face reads (``Game.due()``: the CLI's ``status`` and ``show``, the REPL, the API, the
page). It is worked out from ``legal()`` and the seat check itself, never from a second copy of the
rules: a choice's ``actors`` are the seats the check accepts a draft of it from. What is *due* is what
the sequence needs next for the game to go on (docs/design.md, "Whose move"): the answer to a pending
claim; else the steps of an open procedure; else the advance of the turn (the next phase, the end of the
player turn, the next player turn or game turn). Everything else an actor may issue (a procedure's
opener, a host fact, a note) is listed as ``may``.
"""
from __future__ import annotations

import random
import re

import msgspec

from turnlog.projections.state import GameState

from . import claims, seats as S, turn as T
from . import commands as c
from . import kinds as K
from .errors import CommandError, RuleViolation
from .kit.choices import Choice, choice

#: The commands that advance the turn, in the order the sequence wants them.
ADVANCE = ("StartPhase", "EndPlayerTurn", "StartPlayerTurn", "StartGameTurn")


class Item(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One command an actor may issue now: its short head, the rule, and what it does in words."""

    command: str
    head: str
    rule: str = ""
    words: str = ""
    claim: bool = False  # issued by this actor, it is a claim the other side answers


class SeatDue(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One actor's part: what is due from it, what else it may issue, and its sentence."""

    actor: str
    seat: str
    due: list[Item] = []
    may: list[Item] = []
    line: str = ""


class Due(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The game as it stands: who the game waits for, each seat's part, and a spectator's sentence."""

    seq: int
    over: str = ""
    waiting: list[str] = []
    seats: list[SeatDue] = []
    line: str = ""


def people(state: GameState) -> list[str]:
    """Every actor who holds a seat, in the order of the factions, then the referee and the host."""
    st = state.seats
    out = list(dict.fromkeys(a for a in st.factions.values() if a))
    return out + [a for a in (st.referee, st.host) if a and a not in out]


def with_actors(state: GameState, choices: list[Choice]) -> list[Choice]:
    """``choices`` with the actors who may issue each (a seated game), and the claim answers pending."""
    pending = claims.pending(state)
    if pending:
        choices = [ch for ch in choices if ch.command in claims.WHILE_PENDING]
        choices += _answers(state, pending)
    if not S.seated(state):
        return choices
    who, rng = people(state), random.Random(0)
    out = []
    for ch in choices:
        if ch.actors:  # already named (the claim answers)
            out.append(ch)
            continue
        ok, claim = _issuers(state, ch, who, rng)
        out.append(msgspec.structs.replace(ch, actors=ok, claim=claim))
    return out


def _issuers(state: GameState, ch: Choice, who: list[str], rng: random.Random):
    """The actors the seat check accepts a draft of ``ch`` from, and those for whom it is a claim."""
    try:
        draft = c.parse(msgspec.json.encode(ch.example(rng)))
    except (CommandError, TypeError, ValueError, IndexError):
        return [], []
    ok, claim = [], []
    for actor in who:
        cmd = claims.as_claim(state, draft, actor, T.reports)
        try:
            S.check(state, cmd, actor)
        except (RuleViolation, CommandError):
            continue
        ok.append(actor)
        if isinstance(cmd, c.MakeClaim):
            claim.append(actor)
    return ok, claim


def _answers(state: GameState, cid: str) -> list[Choice]:
    """AcceptClaim and DisputeClaim of the pending claim ``cid``, by each actor who may answer it."""
    claim = state.claims[cid]
    who = sorted(claims.acceptors(state, claim.by)) if S.seated(state) else []
    from .kit.choices import Option
    reason = [Option(field="reason", domain="text", optional=True)]
    return [choice(cmd, {"claim": cid}, reason if cmd == "DisputeClaim" else [], rule="claims.answer",
                   role="seated", actors=who,
                   note=f"{claim.by}'s {claim.cls} claim: {_claimed(claim.command)}")
            for cmd in ("AcceptClaim", "DisputeClaim")]


def _claimed(payload: str) -> str:
    """A claimed command in short: its type and fields."""
    try:
        doc = msgspec.json.decode(payload)
    except msgspec.DecodeError:
        return payload
    kind = doc.pop("type", "?")
    return kind + "".join(f" {k}={v}" for k, v in doc.items())


def due_commands(state: GameState, choices: list[Choice]) -> list[Choice]:
    """Of ``choices``, the ones the sequence needs next, in the order it needs them."""
    if state.over:
        return []
    if claims.pending(state):
        return [ch for ch in choices if ch.command in ("AcceptClaim", "DisputeClaim")]
    open_kinds = {k.name: k for k in K.active(state) if k is not T.KIND and k.unfinished(state) is not None}
    if open_kinds:
        steps = [ch for ch in choices if getattr(kind_of(ch), "name", "") in open_kinds]
        return _phase_role_first(state, open_kinds, steps)
    steps = sorted((ch for ch in choices if ch.command in ADVANCE),
                   key=lambda ch: ADVANCE.index(ch.command))  # stable: the next phase first
    # a player turn under way goes on or ends; a new one (or a new game turn) starts only after it
    t = state.turn
    now = ("StartPhase", "EndPlayerTurn") if t.active and not t.ended else ("StartPlayerTurn",
                                                                            "StartGameTurn")
    return [ch for ch in steps if ch.command in now] or steps


def kind_of(ch: Choice):
    """The registered kind whose command ``ch`` issues, or None."""
    cls = c.NAMES.get(ch.command)
    return K.BY_COMMAND.get(cls) if cls is not None else None


def _phase_role_first(state: GameState, open_kinds: dict, steps: list[Choice]) -> list[Choice]:
    """Of an open procedure's steps, those of the role its phase names (attrition's losses phase: the
    defender's losses, not the attacker's optional two counters, 14.44), where one of them is offered."""
    out = []
    for kind in open_kinds.values():
        machine, inst = getattr(kind, "machine", None), getattr(kind, "instances", None)
        mine = [ch for ch in steps if kind_of(ch) is kind]
        procs = inst(state) if inst is not None and machine is not None else {}
        keep = []
        for ch in mine:
            proc = procs.get(ch.fixed.get("procedure", ""))
            role = machine.roles.get(getattr(proc, "phase", ""), "") \
                if proc is not None and machine is not None else ""
            same = [x for x in mine if x.fixed.get("procedure") == ch.fixed.get("procedure")
                    and x.role == role]
            if not same or ch.role == role:
                keep.append(ch)
        out += keep
    return out


def words(state: GameState, ch: Choice, actor: str = "") -> str:
    """What issuing ``ch`` does, in plain words ("start the combat phase", "take attrition losses ...")."""
    mine = actor and state.seats.factions.get(ch.faction) == actor
    side = "your" if mine else f"{ch.faction}'s" if ch.faction else "the"
    match ch.command:
        case "StartPhase":
            return f"start the {str(ch.fixed.get('phase', '?')).replace('_', ' ')} phase"
        case "EndPlayerTurn":
            return f"end {side} player turn"
        case "StartPlayerTurn":
            opt = next((o for o in ch.options if o.field == "faction"), None)
            f = opt.values[0] if opt and len(opt.values) == 1 else ""
            return "start " + ("your" if f and state.seats.factions.get(f) == actor else
                               f"{f}'s" if f else "a") + " player turn"
        case "StartGameTurn":
            return f"start game turn {state.turn.turn + 1}"
        case "AcceptClaim" | "DisputeClaim":
            verb = "accept" if ch.command == "AcceptClaim" else "dispute"
            return f"{verb} {ch.note}"
        case "AddNote":
            return "add a note"
    hook = getattr(kind_of(ch), "words", None)
    said = hook(state, ch) if hook is not None else None
    return said or _generic(ch)


def _generic(ch: Choice) -> str:
    """A kind's command in words from its name, its procedure and the counts its options fix."""
    text = re.sub(r"(?<!^)([A-Z])", r" \1", ch.command).lower()
    if "procedure" in ch.fixed:
        text += f" ({ch.fixed['procedure']})"
    counts = [f"{o.least} of {o.field.replace('[]', '')}" for o in ch.options
              if o.many and o.most is not None and o.least == o.most and o.least]
    return text + (": " + ", ".join(counts) if counts else "")


def label(state: GameState, actor: str) -> str:
    """An actor as players read it: "bob (WA)", "carol (host)"."""
    seat = S.seat_of(state, actor)
    return f"{actor} ({seat})" if seat else actor


def _item(state: GameState, ch: Choice, actor: str) -> Item:
    return Item(command=ch.command, head=ch.head, rule=ch.rule, words=words(state, ch, actor),
                claim=actor in ch.claim)


def _say(items: list[Item], n: int = 3) -> str:
    """Items in a sentence: the next phase alone of the phases that may start, then the rest."""
    phases = [i for i in items if i.command == "StartPhase"]
    items = phases[:1] + [i for i in items if i.command != "StartPhase"]
    said = [f"{i.words} ({i.rule})" if i.rule else i.words for i in items[:n]]
    more = f", or one of {len(items) - n} more" if len(items) > n else ""
    return ", or ".join(said) + more


def legal(state: GameState) -> list[Choice]:
    """Every choice of the kinds ``state``'s game uses, with its actors (``Game.legal`` of any state)."""
    out: list[Choice] = []
    for kind in K.active(state):
        out += kind.legal(state)
    return with_actors(state, out)


def at(state: GameState) -> Due:
    """Whose move at ``state`` (``Game.due`` of any state, a past one too)."""
    return answer(state, legal(state))


def answer(state: GameState, choices: list[Choice]) -> Due:
    """Whose move, for ``state`` and its ``choices`` (``with_actors``'s): see the module's docstring."""
    if state.over:
        return Due(seq=state.seq, over=state.over, line=f"Game over: {state.over}.",
                   seats=[SeatDue(actor=a, seat=S.seat_of(state, a), line=f"Game over: {state.over}.")
                          for a in people(state)])
    needed = due_commands(state, choices)
    if not S.seated(state):
        side = state.turn.active or "the host"
        line = f"{side} to move: {_say([_item(state, ch, '') for ch in needed])}." if needed else \
            "Nothing is due."
        return Due(seq=state.seq, line=line)
    waiting = _waited(state, needed)
    out = []
    for a in people(state):
        due = [_item(state, ch, a) for ch in needed if a in ch.actors]
        # a kind's moves before the turn's host facts and notes
        may = [_item(state, ch, a) for ch in sorted(choices, key=lambda x: kind_of(x) is T.KIND)
               if a in ch.actors and ch not in needed]
        if due and a in waiting:
            line = f"Your move: {_say(due)}."
        else:
            line = _waiting_line(state, needed, waiting, "Waiting for")
        out.append(SeatDue(actor=a, seat=S.seat_of(state, a), due=due, may=may, line=line))
    spectator = _waiting_line(state, needed, waiting, "Waiting for")
    return Due(seq=state.seq, waiting=waiting, seats=out, line=spectator)


def _waited(state: GameState, needed: list[Choice]) -> list[str]:
    """The actors the game waits for: for each due command its seat holders, the host or referee only
    where no seat holder may issue it."""
    holders = set(state.seats.factions.values())
    out: list[str] = []
    for ch in needed:
        seat = [a for a in ch.actors if a in holders]
        for a in seat or ch.actors:
            if a not in out:
                out.append(a)
    return out


def _waiting_line(state: GameState, needed: list[Choice], waiting: list[str], lead: str) -> str:
    if not waiting:
        return "Nobody can act: the game is stuck (no seat may issue what is due)."
    first = next((ch for ch in needed if waiting[0] in ch.actors), needed[0] if needed else None)
    who = " or ".join(label(state, a) for a in waiting)
    # the words are the issuer's ("your units"): told to another, they are the waited-for seat's
    said = re.sub(r"\byour\b", "their", words(state, first, waiting[0])) if first else ""
    what = f" to {said}" + (f" ({first.rule})" if first and first.rule else "") if first else ""
    return f"{lead} {who}{what}."
