"""Fair play between seats: claims, their acceptance, and the player-turn order.

A game created with ``seats.claims`` (every seated game from this version on: ``defaults``) treats
what no rule judges as a *claim*: a die entered by hand (``die``), a host command (``host-fact``), a
result the texts leave to the host (``report``: each kind's ``reports``), a single-seed reveal
(``reveal``). The setting of a class says who may make it alone: ``nobody``, the neutral ``host``
(or the referee), the ``referee``, or ``any`` seat allowed to issue the command. Anyone else's claim
is logged as ClaimMade and changes nothing until the other side accepts it (AcceptClaim: the claimed
command is decided then, through the rules) or disputes it. While a claim is pending nothing else
may happen but notes and the answer (``claims.pending``). A seated game created before keeps its
judgement: its GameCreated has no ``claims``. docs/reliability.md §9 ("Fair play") says what this
guarantees and what it cannot.
"""

from __future__ import annotations

from typing import Callable

import msgspec

from turnlog.events import game as g
from turnlog.events.editions import applies
from turnlog.projections.state import GameState

from . import commands as c
from . import dice as D
from .errors import CommandError, RuleViolation
from .turn_seats import SEATS_DRIVE, own_move

CLASSES = ("die", "host-fact", "report", "reveal")
WHO = ("nobody", "host", "referee", "any")
#: Safe for seated, signed and joint-dice games: a side's claim waits for the other side; a neutral
#: host or referee states board facts and reports alone; entered dice and a reveal need the other
#: side (or the referee).
DEFAULTS = {"die": "referee", "host-fact": "host", "report": "host", "reveal": "referee"}
#: The host commands that state a fact about the board (the turn's advance is ruled, not claimed).
HOST_FACTS = (
    "MoveUnit",
    "SetControl",
    "SetSupply",
    "MarkOffensive",
    "MarkAirdropped",
    "PlaceFeature",
    "RemoveFeature",
    "SetWeather",
)
#: The registry's ``active`` and ``route`` (engine/kinds.py binds them: it imports this module).
ACTIVE: Callable | None = None
ROUTE: Callable | None = None


def _active() -> Callable:
    """The registry's ``active``, bound by engine/kinds.py before any game is judged."""
    assert ACTIVE is not None, "engine/kinds.py binds claims.ACTIVE on import"
    return ACTIVE


def _route() -> Callable:
    """The registry's ``route``, bound by engine/kinds.py before any game is judged."""
    assert ROUTE is not None, "engine/kinds.py binds claims.ROUTE on import"
    return ROUTE


#: What may still be issued while a claim is pending.
WHILE_PENDING = ("AddNote", "AcceptClaim", "DisputeClaim")


def on(state: GameState) -> bool:
    """Whether this game was created under fair play (its seats carry the claims' settings)."""
    return bool(state.seats.claims)


def defaults(seats):
    """``seats`` with the default claims' settings when they are seated and name none."""
    if not seats.factions or seats.claims:
        return seats
    return msgspec.structs.replace(seats, claims=dict(DEFAULTS))


def problems(claims: dict[str, str]) -> list[str]:
    """What is wrong with a scenario's ``seats.claims``, one line per field."""
    out = [
        f"seats.claims.{k}: not a claim class (one of {', '.join(CLASSES)})"
        for k in claims
        if k not in CLASSES
    ]
    return out + [
        f"seats.claims.{k}: {v!r} is not one of {', '.join(WHO)}"
        for k, v in claims.items()
        if k in CLASSES and v not in WHO
    ]


def entered(command) -> bool:
    """Whether ``command`` carries dice entered by hand (``value`` or ``values``)."""
    return getattr(command, "value", None) is not None or bool(getattr(command, "values", None))


def claim_class(state: GameState, command, reports: Callable[[str], tuple | None]) -> str:
    """The claim class of ``command`` in this game, or "" when the rules judge it whole.

    ``reports(name)`` gives the fields that make a command of that name a report (empty:
    always one), or None when it is not one (each kind's ``reports``).
    """
    name = type(command).__name__
    if name == "RevealSeed":
        return "" if state.joint_dice else "reveal"
    if entered(command):
        return "die"
    if name in HOST_FACTS:
        return "host-fact"
    if name == "StartGameTurn" and _calendar(state, command):
        return "host-fact"
    fields = reports(name)
    if fields is not None and (not fields or any(getattr(command, f, None) for f in fields)):
        return "report"
    return ""


def _calendar(state: GameState, command) -> bool:
    """Whether a StartGameTurn states facts no rule judges (a new season or year, the weather), from
    edition 6 on, where a side may start the game turn (engine/turn_seats.py): a claim unless made by
    the host or referee."""
    t = state.turn
    return applies(state, SEATS_DRIVE) and (command.season != t.season or command.year != t.year
                                             or bool(command.weather))


def _held(state: GameState, actor: str) -> list[str]:
    return [f for f, a in state.seats.factions.items() if a == actor]


def neutral(state: GameState, actor: str) -> set[str]:
    """The neutral roles ``actor`` holds: "host" and/or "referee", when it holds no faction."""
    seats = state.seats
    if not actor or _held(state, actor):
        return set()
    return {r for r, a in (("host", seats.host), ("referee", seats.referee)) if a == actor}


def _others_units(state: GameState, command, actor: str) -> list[str]:
    """The units ``command`` names that belong to a faction ``actor`` does not hold."""
    ids = list(getattr(command, "units", None) or []) + [getattr(command, "unit", "")]
    held = set(_held(state, actor))
    out = []
    for u in ids:
        unit = state.units.get(u) if u else None
        nat = state.nationalities.get(unit.nationality) if unit is not None else None
        if nat is not None and nat.faction not in held:
            out.append(u)
    return out


def alone(state: GameState, cls: str, command, actor: str) -> bool:
    """Whether ``actor`` may make a claim of class ``cls`` without the other side's acceptance."""
    setting = state.seats.claims.get(cls, DEFAULTS[cls])
    roles = neutral(state, actor)
    if cls == "host-fact" and own_move(state, command, _held(state, actor)):
        return True
    if setting == "any":
        return bool(roles) or not (cls == "host-fact" and _others_units(state, command, actor))
    if setting == "host":
        return bool(roles)
    if setting == "referee":
        return "referee" in roles
    return False


def acceptors(state: GameState, by: str) -> set[str]:
    """Who may answer a claim by ``by``: the other side's seats, and a neutral referee."""
    seats = state.seats
    sides = {state.factions[f].side for f in _held(state, by) if f in state.factions}
    out = {
        a
        for f, a in seats.factions.items()
        if a != by and (f not in state.factions or state.factions[f].side not in sides)
    }
    if seats.referee and seats.referee != by and not _held(state, seats.referee):
        out.add(seats.referee)
    return out


def refusal(state: GameState, cls: str, actor: str) -> RuleViolation:
    """Refuse a claim made as a plain command: it needs the other side (``claims.accept``)."""
    setting = state.seats.claims.get(cls, DEFAULTS[cls])
    alone_ = {
        "nobody": "no one",
        "host": "only the neutral host or referee",
        "referee": "only the referee",
        "any": "a side only about its own units",
    }[setting]
    who = actor or "this actor"
    return RuleViolation(
        "claims.accept",
        f"a {cls} claim is made alone by {alone_} in this game; {who} may "
        "make it only as a claim (MakeClaim) that the other side accepts",
    )


def as_claim(state: GameState, command, actor: str, reports: Callable):
    """What ``actor``'s ``command`` is issued as: a claim when not made alone; ``by`` filled.

    The honest client turns a command the other side must accept into MakeClaim, so a player
    types the command as always and the game says it waits for the answer.
    """
    if not on(state):
        return command
    if isinstance(command, (c.MakeClaim, c.AcceptClaim, c.DisputeClaim)):
        return msgspec.structs.replace(command, by=command.by or actor)
    cls = claim_class(state, command, reports)
    if cls and not alone(state, cls, command, actor):
        return c.MakeClaim(command=msgspec.json.decode(c.encode(command)), by=actor)
    return command


def pending(state: GameState) -> str:
    """The id of the claim waiting for an answer, or ""."""
    for k, v in state.claims.items():  # a loop, not next() of a generator: asked every command
        if v.status == "pending":
            return k
    return ""


def hold(state: GameState, command) -> None:
    """Refuse all but a note or the answer while a claim is pending (``claims.pending``)."""
    if not state.claims:  # most games: no claim was ever made, so none is pending
        return
    cid = pending(state)
    if cid and type(command).__name__ not in WHILE_PENDING:
        claim = state.claims[cid]
        raise RuleViolation(
            "claims.pending",
            f"claim {cid} ({claim.cls}, by {claim.by}) waits for the other "
            "side's AcceptClaim or DisputeClaim; nothing that could depend on it may happen first",
        )


def inner(command: c.MakeClaim) -> c.Command:
    """The command a MakeClaim claims (CommandError naming ``command`` when it does not parse)."""
    try:
        cmd = c.parse(msgspec.json.encode(command.command))
    except CommandError as err:
        raise CommandError(f"command.{err}") from None
    if isinstance(cmd, (c.MakeClaim, c.AcceptClaim, c.DisputeClaim, c.Undo, c.Redo, c.AddNote)):
        raise CommandError(f"command: {type(cmd).__name__} is not something one claims")
    return cmd


#: isinstance(command, c.AcceptClaim), remembered per command type (asked of every command).
_accepts = c.isa((c.AcceptClaim,))


def dice_source(state: GameState, command):
    """The command whose entered dice a command rolls with: the claimed one for an AcceptClaim."""
    if _accepts(command) and command.claim in state.claims:
        return c.parse(state.claims[command.claim].command)
    return command


class _Unjudged(Exception):
    """The claimed command would roll a die no one entered: the rest waits for the accept."""


class _Judge(D.Dice):
    """The claimed command's own entered dice only: judging a claim never rolls (no peek)."""

    def _derive(self, key: str, spec, rule: str):
        raise _Unjudged(key)


def judge(state: GameState, command, route: Callable) -> None:
    """Refuse now a claim the rules refuse on this board (as far as it goes without a roll)."""
    if isinstance(command, c.RevealSeed):  # the seed is the accepting process's to give
        if state.seed:
            raise RuleViolation("dice", "the seed is already revealed")
        return
    dice = _Judge(
        None,
        state.die,
        getattr(command, "value", None),
        named=state.dice,
        values=getattr(command, "values", None),
    )
    try:
        route(state, command, dice)
    except _Unjudged:
        pass


class _Revealed(D.Dice):
    """A fair-play game's dice once its seed is revealed: entered only (``dice.revealed``)."""

    def _derive(self, key: str, spec, rule: str):
        raise RuleViolation(
            "dice.revealed",
            f"{key}: the seed was revealed, so both sides can compute every "
            "roll it gives; roll no die from it (enter dice both sides accept)",
        )


def after_reveal(state: GameState, command) -> D.Dice | None:
    """The dice of a fair-play game whose single seed is revealed (entered only), or None."""
    if not (state.seats.claims and state.seed and not state.joint_dice):  # on(state), inlined
        return None
    return _Revealed(
        None,
        state.die,
        getattr(command, "value", None),
        named=state.dice,
        values=getattr(command, "values", None),
    )


def roll_due(state: GameState) -> str:
    """The command of a die roll due now in a fair-play game (a legal command that rolls), or ""."""
    if not on(state):
        return ""
    for kind in _active()(state):
        for ch in kind.legal(state):
            fields = getattr(c.NAMES.get(ch.command), "__struct_fields__", ())
            if "value" in fields or "values" in fields:
                return ch.command
    return ""


def due_keys(state: GameState) -> set[str]:
    """The keys of the rolls due now: each rolling legal command tried, rolling nothing."""
    import random

    out: set[str] = set()
    for kind in _active()(state):
        for ch in kind.legal(state):
            fields = getattr(c.NAMES.get(ch.command), "__struct_fields__", ())
            if "value" not in fields and "values" not in fields:
                continue
            doc = {
                k: v
                for k, v in ch.example(random.Random(0)).items()
                if k not in ("value", "values")
            }
            try:
                _route()(
                    state,
                    c.parse(msgspec.json.encode(doc)),
                    _Judge(None, state.die, named=state.dice),
                )
            except _Unjudged as due:
                out.add(str(due.args[0]))
            except (CommandError, RuleViolation):
                continue
    return out


def barrier(state: GameState, target: tuple, override: bool) -> str:
    """Why undoing ``target`` (the latest command in effect) needs the referee: a roll is due.

    A claim still waiting for its answer is no barrier: it changed nothing on the board (the roll
    due now was due before it) and rolled nothing, so its claimant may withdraw it.
    """
    due = "" if override or target[2] == "MakeClaim" else roll_due(state)
    if not due:
        return ""
    return (
        f"command {target[0]} ({target[2]}) made a roll due ({due}): its issuer is committed, so "
        "it cannot be taken back without a referee override (no peek, then decline)"
    )


def claimed(state: GameState, cid: str) -> c.Command:
    """The command claim ``cid`` claims, if it is pending (refused by rule otherwise)."""
    claim = state.claims.get(cid)
    if claim is None:
        raise CommandError(f'claim: no claim "{cid}"')
    if claim.status != "pending":
        raise RuleViolation(
            "claims.answer", f"claim {cid} was already {claim.status} by {claim.answered_by}"
        )
    return c.parse(claim.command)


def decide(state: GameState, cmd, dice, route: Callable, reports: Callable) -> list:
    """The events of MakeClaim, AcceptClaim and DisputeClaim (pure; seats are engine/seats.py's).

    A claim the rules refuse on this board is refused when made (``judge``, rolling nothing);
    it is decided again when accepted, on the same board (nothing may happen between), with its
    dice then.
    """
    if not on(state):
        raise RuleViolation(
            "claims", "this game was created without claims (before fair play, or hot-seat)"
        )
    match cmd:
        case c.MakeClaim(by=by):
            claimed_ = inner(cmd)
            cls = claim_class(state, claimed_, reports)
            if not cls:
                raise RuleViolation(
                    "claims", f"{type(claimed_).__name__} is judged by the rules, not claimed"
                )
            judge(state, claimed_, route)
            return [
                g.ClaimMade(
                    claim=f"C{len(state.claims) + 1}",
                    by=by,
                    cls=cls,
                    command=c.encode(claimed_).decode(),
                )
            ]
        case c.AcceptClaim(claim=cid, by=by):
            claimed_ = claimed(state, cid)
            return [g.ClaimAccepted(claim=cid, by=by)] + route(state, claimed_, dice)
        case c.DisputeClaim(claim=cid, by=by, reason=why):
            claimed(state, cid)
            return [g.ClaimDisputed(claim=cid, by=by, reason=why)]
    raise CommandError(f"{type(cmd).__name__}: not a claims command")


def check(state: GameState, command, actor: str, reports: Callable) -> None:
    """The seat check's fair-play part: the claimant's name, who answers, a claim made alone."""
    match command:
        case c.MakeClaim(by=by) | c.AcceptClaim(by=by) | c.DisputeClaim(by=by) if by != actor:
            raise RuleViolation(
                "claims.by",
                f"{type(command).__name__} names {by or 'no one'} but is issued by "
                f"{actor or 'no actor'}",
            )
        case c.AcceptClaim(claim=cid) | c.DisputeClaim(claim=cid):
            claim = state.claims.get(cid)
            if claim is not None and actor not in acceptors(state, claim.by):
                who = ", ".join(sorted(acceptors(state, claim.by))) or "no one seated"
                raise RuleViolation(
                    "claims.answer",
                    f"claim {cid} is {claim.by}'s: only the other side or the "
                    f"referee ({who}) may answer it",
                )
        case c.MakeClaim():
            return
        case _:
            cls = claim_class(state, command, reports)
            if cls and not alone(state, cls, command, actor):
                raise refusal(state, cls, actor)
