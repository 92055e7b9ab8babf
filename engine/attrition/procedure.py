"""Attrition combat (rule 14) as a kind: decide, react, legal.

Each command is first checked against the phase table (machine.py), then
against the rule functions of its section; the events it yields end with the
phase the table gives next.
"""
from __future__ import annotations

from typing import get_args

from turnlog.events import attrition as a
from turnlog.events.game import PlayerTurnStarted
from turnlog.projections import attrition as proj
from turnlog.projections.state import Attrition, GameState

from . import commands as c
from ..dice import Dice
from ..errors import CommandError, RuleViolation
from ..kit.kind import MachineKind
from ..kit.lazy import Lazy
from . import machine, seats
from .common import enemies, reading, second_reading
from .narrative import narrate
from . import view as V
from .view import part as view_part
from .view import touched as view_touched
from .view import view

# The rule modules, imported when a command is first decided (engine/kit/lazy.py): `log` folds and
# narrates the kind's events without them.
losses = Lazy(globals(), "losses", f"{__package__}.r14_5_losses")
modifiers = Lazy(globals(), "modifiers", f"{__package__}.r14_42_modifiers")
occupation = Lazy(globals(), "occupation", f"{__package__}.r14_6_occupation")
retreats = Lazy(globals(), "retreats", f"{__package__}.r14_7_retreats")
table = Lazy(globals(), "table", f"{__package__}.r14_41_table")
winter = Lazy(globals(), "winter", f"{__package__}.r14_521_winter")
zones = Lazy(globals(), "zones", f"{__package__}.r14_2_zones")
explained = Lazy(globals(), "explained", f"{__package__}.why")


def why(state: GameState, ev, rolled=None) -> list[str] | None:
    """The REPL's `why` of an attrition event (engine/attrition/why.py)."""
    return explained.why(state, ev, rolled)


def odds(state: GameState, pid: str, actual: int | None = None) -> list[str]:
    """The REPL's `odds` of an attrition (engine/attrition/why.py)."""
    return explained.odds(state, pid, actual)


def _current(state: GameState, proc: Attrition) -> bool:
    t = state.turn
    return (t.phase == "attrition" and t.active == proc.attacker and t.turn == proc.turn
            and proc.zone in state.zones)


def unfinished(state: GameState) -> Attrition | None:
    """An attrition of the current player turn that has not reached 'done'."""
    for p in state.attritions.values():  # a loop, not next() of a generator: asked every command
        if p.phase != "done" and _current(state, p):
            return p
    return None


def _changed(proc: Attrition, phase: str) -> list:
    return [] if phase == proc.phase else [a.AttritionPhaseChanged(procedure=proc.id, phase=phase)]


def begin(state: GameState, cmd: c.BeginAttrition) -> list:
    """Open an attrition and count it (14.11A, 14.12, 14.13, 14.2, 14.3)."""
    if cmd.attacker not in state.factions:
        raise CommandError(f'attacker: no faction "{cmd.attacker}"')
    zone = state.zones.get(cmd.zone)
    if zone is None:
        raise CommandError(f'zone: no attrition zone "{cmd.zone}" (zones: '
                           f'{", ".join(sorted(state.zones)) or "none"})')
    if state.turn.phase != "attrition":
        raise RuleViolation("14.12",
                            f"attrition is resolved in the attrition phase, after all regular and "
                            f"exploitation combat (now: {state.turn.phase or 'no phase'})")
    if cmd.attacker != state.turn.active:
        raise RuleViolation("14.12", f"only the phasing faction ({state.turn.active}) attritions "
                                     "in its turn")
    if state.zones_turn != state.turn.turn or state.zones_active != cmd.attacker:
        raise RuleViolation("14.211", "zones were not determined at the start of this player turn")
    if not enemies(state, cmd.attacker, zone.faction):
        raise RuleViolation("14.13", f"{zone.faction} is not an enemy of {cmd.attacker}")
    for p in state.attritions.values():
        if p.turn == state.turn.turn and p.attacker == cmd.attacker and p.zone == zone.id:
            raise RuleViolation("14.13", _second_roll(p))
    opened = unfinished(state) if second_reading(state) else None
    if opened is not None:
        # Reading (docs/rulings.md 14.22A): one attrition at a time, so no count goes stale under
        # another's retreats.
        raise RuleViolation("14.11", f"{opened.id} against {opened.zone} is still open (phase "
                            f"'{opened.phase}'); finish it before beginning another attrition")
    for i, u in enumerate(cmd.exclude):
        if u not in state.units:
            raise CommandError(f'exclude[{i}]: no unit "{u}"')
    counted = zones.count(state, cmd.attacker, zone, frozenset(cmd.exclude))
    if counted.factors < 1:
        raise RuleViolation("14.21", f"no eligible ground factors of {cmd.attacker} touch {zone.id}"
                            + (f" (refused: {_refusals(counted.refused)})" if counted.refused else ""))
    pid = f"A{len(state.attritions) + 1}"
    return [a.AttritionBegun(procedure=pid, attacker=cmd.attacker, defender=zone.faction,
                             zone=zone.id, excluded=list(cmd.exclude)),
            a.FactorsCounted(procedure=pid, units=counted.units, factors=counted.factors,
                             contact=counted.contact,
                             column=table.COLUMNS[table.column(counted.factors)]),
            a.AttritionPhaseChanged(procedure=pid, phase=machine.MACHINE.step("count", "counted"))]


def _second_roll(p: Attrition) -> str:
    """Why a second attrition on ``p``'s zone is refused, saying how far ``p`` got (14.13)."""
    if p.die is None:
        return (f"{p.attacker} already began an attrition against {p.zone} this turn ({p.id}, "
                f"counted but not yet rolled): only one roll per zone, so roll {p.id} instead")
    return f"{p.attacker} already rolled against {p.zone} this turn ({p.id}, die {p.die})"


def open_guard(state: GameState, what: str) -> RuleViolation | None:
    """Why a host command that changes the board must wait for the open attrition, or None.

    14.22A counts the units in contact as the die is rolled, and the count is taken at
    BeginAttrition; the later steps (losses, occupation, retreats) read the same board. So nothing
    that a count, a modifier or a retreat reads may change until the procedure is done.
    """
    p = unfinished(state)
    if p is None or not second_reading(state):  # edition 1 logs were played without this hold
        return None
    rule = "14.22A" if p.phase in ("count", "roll") else "14.11"
    return RuleViolation(rule, f"{what} would change the position {p.id} against {p.zone} counted "
                         f"(phase '{p.phase}'); finish {p.id} first")


def _refusals(refused: dict[str, str]) -> str:
    return ", ".join(f"{u} by {r}" for u, r in sorted(refused.items()))


def roll(state: GameState, proc: Attrition, cmd: c.RollAttritionDie, dice: Dice) -> list:
    """Roll on the Attrition Table with every modifier named (14.41-14.43)."""
    zone = state.zones[proc.zone]
    key = f"attrition/t{proc.turn}/{proc.attacker}/{proc.zone}"
    die = dice.roll(key, proc.id, "14.41")
    mods, modified, row, counters, hexes, notes = modifiers.resolve(
        state, zone, proc.factors, [state.units[u] for u in proc.units], [state.units[u] for u in proc.contact],
        table.die_row(state, die.value))
    result = a.AttritionResultDetermined(procedure=proc.id, die=die.value, modifiers=mods,
                                         modified=modified, row=row, column=proc.column,
                                         counters=counters, hexes=hexes, notes=notes)
    return [die, result,
            *_changed(proc, machine.MACHINE.step(proc.phase, "roll", counters=counters))]


def take_losses(state: GameState, proc: Attrition, units: list[str]) -> list:
    zone = state.zones[proc.zone]
    shortfall = losses.check(state, proc, zone, units)
    out, immune = losses.events(state, proc, units)
    out.append(a.AttritionLossesTaken(procedure=proc.id, units=list(units), shortfall=shortfall,
                                      immune_hexes=immune))
    cleared = losses.zone_cleared(state, proc, zone, units)
    if cleared:
        out.append(a.AttritionZoneCleared(procedure=proc.id))
    return out + _changed(proc, machine.MACHINE.step(proc.phase, "take_losses", hexes=proc.hexes,
                                                     cleared=cleared))


def select(state: GameState, proc: Attrition, sel: list) -> list:
    zone = state.zones[proc.zone]
    occupation.check(state, proc, zone, sel)
    displaced = bool(retreats.displaced(state, proc, sel))
    nxt = machine.MACHINE.step(proc.phase, "select", displaced=displaced, selected=bool(sel))
    return [a.OccupationSelected(procedure=proc.id, selections=list(sel)), *_changed(proc, nxt)]


def retreat(state: GameState, proc: Attrition, cmd: c.RetreatUnits) -> list:
    moves = [(r.unit, r.to) for r in cmd.retreats]
    # the kit's checker names an unknown unit by retreats[i].unit
    retreats.check(state, proc, moves)
    return retreats.retreat_events(state, proc, moves) + _changed(proc, machine.MACHINE.step(proc.phase, "retreat"))


def _table_cell(row: int, column: str) -> tuple[int, int]:
    """The Attrition Table's own cell for a roll's row and column, before the Pacific halving (14.41 Asia)."""
    return table.TABLE[row][table.COLUMNS.index(column)]


def two_counters_open(state: GameState, proc: Attrition) -> bool:
    """14.44: a 1C/1H result may still become 2C (not twice, not after winter designations).

    The Asia note halves the hexes captured, not the result obtained, so a Pacific 1C/1H (captured
    as 1C/0H) qualifies; ``rules.attrition.two_counters = "final"`` reads the halved result instead.
    """
    if proc.two_counters or proc.winter_losses or proc.winter_occupation or proc.row is None:
        return False
    if reading(state, "two_counters") == "final":
        return (proc.counters, proc.hexes) == (1, 1)
    return _table_cell(proc.row, proc.column) == (1, 1)


def _two_counters_refusal(state: GameState, proc: Attrition) -> str:
    if proc.two_counters:
        return f"{proc.id} already took 2C in place of its 1C/1H"
    if proc.winter_losses or proc.winter_occupation:
        return f"{proc.id} has made its Russian winter designations; the result now stands"
    cell = table.label(_table_cell(proc.row, proc.column)) if proc.row is not None else "none yet"
    final = table.label((proc.counters, proc.hexes))
    shown = cell if cell == final else f"{cell} on the table, {final} after the Pacific halving"
    return f"2C may replace a 1C/1H result only (this result is {shown})"


class AttritionKind(MachineKind):
    """Rule 14 on the kit: the phase table in machine.py, one handler per command, the 14.12 gate."""

    name = "attrition"
    machine = machine.MACHINE
    # Its events stay in the codec's static union too (the bytes of every log written before the
    # registry); registering them again changes no tag and teaches the fold and the narrative
    # through the kind.
    events = get_args(a.AttritionEvent)
    apply = staticmethod(proj.apply)
    narrate = staticmethod(narrate)
    why = staticmethod(why)      # the REPL's `why` (engine/faces/explain.py)
    odds = staticmethod(odds)    # the REPL's `odds` (engine/faces/repl/rules.py)
    view = staticmethod(view)    # what every face draws (engine/view.py)
    view_touched = staticmethod(view_touched)  # what an event changes of it (engine/view_follow.py)
    view_part = staticmethod(view_part)
    unit_facts = staticmethod(V.unit_facts)  # the REPL's `unit` (engine/faces/kind_asks.py)
    may_begin = staticmethod(V.may_begin)    # `show`'s lines of what may begin (engine/faces/kind_asks.py)
    legend_samples = V.LEGEND_SAMPLES        # the SVG legend's overlay samples
    # what react answers: settle offers it nothing else
    reacts_to = (PlayerTurnStarted, a.AttritionPhaseChanged)
    commands = c.COMMANDS
    handlers = {c.BeginAttrition: "on_begin", c.RollAttritionDie: "on_roll",
                c.TakeTwoCounters: "on_take_two", c.DesignateWinterHexes: "on_designate",
                c.TakeAttritionLosses: "on_losses",
                c.SelectOccupation: "on_select", c.RetreatUnits: "on_retreat"}

    def instances(self, state: GameState) -> dict[str, Attrition]:
        return state.attritions

    def phase_event(self, proc: Attrition, phase: str) -> a.AttritionPhaseChanged:
        return a.AttritionPhaseChanged(procedure=proc.id, phase=phase)

    def admit(self, state: GameState, proc: Attrition, cmd: c.Command) -> None:
        """14.12: a procedure continues only in its own player turn's attrition phase."""
        if not _current(state, proc):
            raise RuleViolation("14.12",
                                f"{proc.id} belongs to {proc.attacker}'s attrition phase of turn "
                                f"{proc.turn}; it cannot continue in {state.turn.active}'s "
                                f"{state.turn.phase or 'no'} phase of turn {state.turn.turn}")

    def on_begin(self, state: GameState, _proc: None, cmd: c.BeginAttrition, _dice: Dice) -> list:
        return begin(state, cmd)

    def on_roll(self, state: GameState, proc: Attrition, cmd: c.RollAttritionDie,
                dice: Dice) -> list:
        return roll(state, proc, cmd, dice)

    def on_take_two(self, state: GameState, proc: Attrition, _cmd: c.TakeTwoCounters,
                    _dice: Dice) -> list:
        if not two_counters_open(state, proc):
            raise RuleViolation("14.44", _two_counters_refusal(state, proc))
        return [a.TwoCountersChosen(procedure=proc.id)]

    def on_designate(self, state: GameState, proc: Attrition, cmd: c.DesignateWinterHexes,
                     _dice: Dice) -> list:
        winter.check(state, proc, cmd.losses, cmd.occupation)
        return [a.WinterHexesDesignated(procedure=proc.id, losses=list(cmd.losses),
                                        occupation=list(cmd.occupation))]

    def on_losses(self, state: GameState, proc: Attrition, cmd: c.TakeAttritionLosses,
                  _dice: Dice) -> list:
        return take_losses(state, proc, cmd.units)

    def on_select(self, state: GameState, proc: Attrition, cmd: c.SelectOccupation,
                  _dice: Dice) -> list:
        return select(state, proc, cmd.selections)

    def on_retreat(self, state: GameState, proc: Attrition, cmd: c.RetreatUnits,
                   _dice: Dice) -> list:
        return retreat(state, proc, cmd)

    def react(self, state: GameState, event) -> list:
        """Zones at the start of a player turn (14.211); the automatic occupation (14.71, 14.11E)."""
        if isinstance(event, PlayerTurnStarted):
            return [a.AttritionZonesDetermined(turn=state.turn.turn, active=event.faction,
                                               zones=zones.determine(state))]
        if isinstance(event, a.AttritionPhaseChanged) and event.phase == "occupy":
            return retreats.occupy_events(state, state.attritions[event.procedure])
        return []

    def unfinished(self, state: GameState) -> RuleViolation | None:
        """14.11: an attrition runs through to its end before the turn moves on."""
        p = unfinished(state)
        if p is None:
            return None
        return RuleViolation("14.11", f"{p.id} is still in phase '{p.phase}'; finish it before the "
                                      "turn moves on")

    def legal(self, state: GameState) -> list:
        """The attrition commands that may be issued now, as concrete choices (engine/attrition/choices.py)."""
        from .choices import Gates, legal  # choices.py imports nothing of this module: no cycle
        return legal(state, Gates(_current, unfinished, two_counters_open))

    def holds_board(self, state: GameState, what: str) -> RuleViolation | None:
        """Why the host command ``what`` must wait for the open attrition (14.22A, 14.11), or None."""
        # none begun, none open: asked of every host command, most in a game with no attrition yet
        return open_guard(state, what) if state.attritions else None

    def words(self, state: GameState, ch) -> str | None:
        """A choice in a player's words (engine/due.py)."""
        from .choices import words
        return words(state, ch)

    def who(self, state: GameState, cmd: c.Command):
        """The seat that must issue ``cmd`` (engine/attrition/seats.py)."""
        return seats.who(state, cmd)


KIND = AttritionKind()
