"""World in Flames land combat (11.16.5 as replaced; reading notes §1) as a kind on the kit.

One handler per command, each calling the rules module of its clause group (t4_arm.py T4-T6,
t2_chooser.py T2-T3/T9, r1_table.py T1/T7-T9/R1-R2); the phase table is machine.py. The kind brings
its own events (events/wif.py), projection (projections/wif.py) and narrative, and is registered
through its entry point (pyproject.toml, engine/kinds.py); a game uses it only when
``rules.procedures`` names "wif". Losses, first-loss constraints and kampfgruppen (R2-R4, K) are
part B's deciders (engine/wif/results.py), routed from here: the kind adds their phase move.
"""
from __future__ import annotations

from turnlog.events import wif as w
from turnlog.events import wif_losses as wl
from turnlog.events.base import Modifier
from turnlog.events.game import PhaseStarted
from turnlog.events.editions import applies
from turnlog.projections import wif as proj
from turnlog.projections import wif_losses as proj_losses
from turnlog.projections.state import GameState
from turnlog.projections.wif import LandCombat, LandCombats

from . import odds_board as OB
from . import rulings
from .view import part as view_part
from .view import touched as view_touched
from .view import view
from . import commands as c
from .. import claims
from ..errors import CommandError, RuleViolation
from ..kit.board import enemy_units, faction_of, friendly, neighbours, on_board
from ..kit.choices import Choice, Option, choice
from ..kit.kind import MachineKind
from ..kit import sequence
from ..kit import tables as T
from ..kind import Actor
from . import (
    t4_arm as arm,
    t2_chooser as ch,
    legal,
    machine,
    r2_owners as r2,
    r3_casualties as r3,
    r4_first_loss as r4,
    results,
    results_text,
    r1_table as tb,
)
from .narrative import narrate as narrate_combat
from .why import odds, why

SIDES = ("attacker", "defender")


def numeric(part: str) -> int:
    return int(part) if part.isdigit() else 0


class WifKind(MachineKind):
    """Land combats against one hex each, opened by the active side (reading notes §1.2)."""

    name = "wif"
    machine = machine.MACHINE
    state_type = LandCombats
    events = (*w.WifEvent.__args__, *wl.WifLossEvent.__args__)
    commands = c.COMMANDS
    # The attacker-given facts of a combat (odds, multipliers, air support, supply, retreat routes):
    # a claim in a fair-play game (engine/claims.py). Odds left out are the board's (edition 5), so a
    # combat that gives none of these is judged whole.
    reports = {"BeginLandCombat": ("odds", "multipliers", "tank_busters", "notional", "in_supply",
                                   "retreat_route", "ground_support")}
    handlers = {c.BeginLandCombat: "on_begin", c.ChooseCombatTable: "on_choose", c.RollLandCombatDice: "on_roll",
                c.DesignateFirstLossType: "on_designate", c.TakeLandCombatLosses: "on_take",
                c.BuildWithKampfgruppe: "on_build"}
    reacts_to = (PhaseStarted,)  # K2a: a production phase empties the repair pool
    why = staticmethod(why)    # the REPL's `why` (engine/faces/explain.py)
    odds = staticmethod(odds)  # the REPL's `odds` for a land combat (engine/faces/repl/rules.py)
    view = staticmethod(view)  # what every face draws (engine/view.py)
    view_touched = staticmethod(view_touched)  # what an event changes of it (engine/view_follow.py)
    view_part = staticmethod(view_part)

    @staticmethod
    def apply(state: GameState, event) -> None:
        """Fold a combat event (projections/wif.py) or a results event (projections/wif_losses.py)."""
        (proj_losses.fold if isinstance(event, wl.WifLossEvent.__args__) else proj.apply)(state, event)

    @staticmethod
    def narrate(event) -> str:
        """The narrative line of a combat event (narrative.py) or a results event (results_text.py)."""
        return (results_text.narrate if isinstance(event, wl.WifLossEvent.__args__) else narrate_combat)(event)

    def _turn_gate(self, state: GameState, command: str) -> None:
        """A land combat opens in the combat phase when the game's turn sequence has one (rule ``turn``).

        The texts do not say when land combats are fought (base RaW's land combat step); a sequence without
        a ``combat`` phase leaves it to the host. Once open, a combat is settled whatever the phase: its
        losses and first-loss naming must not be stranded by a phase change the turn gate already holds.
        """
        if command == "BeginLandCombat" and "combat" in sequence.phases(state.rules) \
                and state.turn.phase != "combat":
            raise RuleViolation("turn", "a land combat is begun in the combat phase "
                                        f"(now: {state.turn.phase or 'none'})")

    def instances(self, state: GameState) -> dict[str, LandCombat]:
        got = state.kinds.get(self.name)
        return got.procedures if got is not None else {}

    def phase_event(self, combat: LandCombat, phase: str) -> w.LandCombatPhaseChanged:
        return w.LandCombatPhaseChanged(procedure=combat.id, phase=phase)

    def who(self, state: GameState, cmd) -> Actor | None:
        """11.16.5-T3: the table is the chooser's to take; the rest as the phase table says."""
        combat = self.instances(state).get(getattr(cmd, "procedure", None) or "")
        if isinstance(cmd, c.ChooseCombatTable) and combat is not None and combat.chooser:
            return Actor(combat.chooser, getattr(combat, combat.chooser), "11.16.5-T3")
        if isinstance(cmd, c.TakeLandCombatLosses) and combat is not None and cmd.side in SIDES:
            owner = r2.part_owner(state, combat, cmd.side, list(cmd.units))
            return Actor(cmd.side, owner or getattr(combat, cmd.side), "11.16.5-R2")  # each owner his own
        if isinstance(cmd, c.DesignateFirstLossType) and combat is not None:
            return Actor("defender", combat.defender, r4.R4E)
        return super().who(state, cmd)

    def admit(self, state: GameState, combat: LandCombat, cmd) -> None:
        """R4e: while the defender has a type to name, no side takes losses yet (the phase table would say T1)."""
        if combat.phase == "first_loss" and isinstance(cmd, c.TakeLandCombatLosses):
            raise RuleViolation(r4.R4E, f"{combat.id}: the defender names the type of the attacker's first loss "
                                "(DesignateFirstLossType) before either side takes its losses")

    # -- BeginLandCombat ------------------------------------------------------

    def on_begin(self, state: GameState, _none: None, cmd: c.BeginLandCombat, _dice) -> list:
        attacker = state.turn.active
        if cmd.hex not in state.hexes:
            raise CommandError(f'hex: no hex "{cmd.hex}"')
        self._check_odds_given(state, cmd)
        busy = next((p for p in self.open(state) if p.hex == cmd.hex), None)
        if busy is not None:
            raise RuleViolation("11.16.5-T1", f"{busy.id} is already resolving the attack on {cmd.hex} "
                                f"(phase '{busy.phase}'): one table, one result per attack")
        for kind in tb.TABLES:
            tb.loaded(state, kind)  # R1: no land combat without the user's tables
        defenders = self._defenders(state, attacker, cmd)
        self._check_attackers(state, attacker, cmd)
        self._check_facts(cmd, defenders)
        odds = self._odds(state, cmd, defenders)
        defender = faction_of(state, state.units[defenders[0]])
        a_arm, d_arm, parts, contributors = arm.count(state, cmd.attackers, defenders, given=cmd.multipliers,
                                                      tbs=cmd.tank_busters, notional=cmd.notional)
        overland = [u for u in cmd.attackers if u not in cmd.invaders and u not in cmd.paradropped]
        who = ch.choose(state, cmd.hex, defender, a_arm, d_arm, cmd.attackers, overland)
        pid = f"L{len(self.instances(state)) + 1}"
        return [w.LandCombatBegun(procedure=pid, hex=cmd.hex, attacker=attacker, defender=defender,
                                  turn=state.turn.turn, attackers=list(cmd.attackers), defenders=defenders,
                                  odds=odds, weather=cmd.weather, multipliers=list(cmd.multipliers),
                                  tank_busters=list(cmd.tank_busters), invaders=list(cmd.invaders),
                                  paradropped=list(cmd.paradropped), eng_used=list(cmd.eng_used),
                                  notional=cmd.notional, in_supply=dict(cmd.in_supply),
                                  retreat_route=dict(cmd.retreat_route),
                                  ground_support=OB.support(cmd.ground_support)),
                w.ArmPointsCounted(procedure=pid, attacker=str(a_arm), defender=str(d_arm), units=parts,
                                   contributors=contributors),
                w.TableChooserDetermined(procedure=pid, chooser=who.who, rule=who.rule, reason=who.reason),
                w.LandCombatPhaseChanged(procedure=pid, phase=self.machine.step("arm", "count"))]

    @staticmethod
    def _check_odds_given(state: GameState, cmd: c.BeginLandCombat) -> None:
        """Odds as "a:b", required through edition 4; ground support is read from edition 5 only."""
        by_board = applies(state, rulings.ODDS_FROM_BOARD)
        if cmd.ground_support and not by_board:
            raise CommandError("ground_support: read from rulings edition 5; this game's odds are given whole")
        try:
            if cmd.odds or not by_board:
                T.ratio(cmd.odds)
        except ValueError as err:
            raise CommandError(f"odds: {err}") from None

    @staticmethod
    def _odds(state: GameState, cmd: c.BeginLandCombat, defenders: list[str]) -> str:
        """The odds the combat reads: as given through edition 4, from edition 5 the board's where
        left out or where a report needs the other side (engine/wif/odds_board.py)."""
        if not applies(state, rulings.ODDS_FROM_BOARD):
            return cmd.odds
        # Checked where a report needs the other side: a game setting reports to "any" trusts every
        # seat with them, as a hot-seat game trusts its host.
        fair = claims.on(state) and state.seats.claims.get("report") != "any"
        if fair:
            OB.check_rivers(state, cmd)
        return OB.settled(state, cmd, defenders, fair)

    def _defenders(self, state: GameState, attacker: str, cmd: c.BeginLandCombat) -> list[str]:
        there = [u.id for u in enemy_units(state, attacker, cmd.hex)]
        if not cmd.defenders:
            if not there:
                raise CommandError(f'hex: no unit of {attacker}\'s enemies in "{cmd.hex}"')
            return there
        for i, uid in enumerate(cmd.defenders):
            if uid not in there:
                raise CommandError(f'defenders[{i}]: "{uid}" is not an enemy unit in {cmd.hex}')
        if claims.on(state) and sorted(cmd.defenders) != sorted(there):
            # A fair-play game computes what the board holds: every enemy unit in the hex defends.
            left = ", ".join(u for u in there if u not in cmd.defenders)
            raise RuleViolation("claims.computed", f"defenders: the board holds {left} in {cmd.hex} too; every "
                                "enemy unit in the attacked hex defends (leave defenders out to have them computed)")
        return list(cmd.defenders)

    def _check_attackers(self, state: GameState, attacker: str, cmd: c.BeginLandCombat) -> None:
        if not cmd.attackers:
            raise CommandError("attackers: at least one unit attacks")
        near = set(neighbours(state, cmd.hex))
        for i, uid in enumerate(cmd.attackers):
            u = state.units.get(uid)
            if u is None or cmd.attackers.index(uid) != i:
                raise CommandError(f'attackers[{i}]: "{uid}" is ' + ("no unit" if u is None else "named twice"))
            if not friendly(state, attacker, faction_of(state, u)) or not on_board(u):
                raise CommandError(f'attackers[{i}]: "{uid}" is not a unit of {attacker}\'s side on the map')
            if u.hex not in near and uid not in cmd.invaders and uid not in cmd.paradropped:
                raise CommandError(f'attackers[{i}]: "{uid}" in {u.hex} is not next to {cmd.hex} (an invading or '
                                   "paradropping unit is named in invaders or paradropped)")
        for field in ("invaders", "paradropped", "eng_used"):
            for i, uid in enumerate(getattr(cmd, field)):
                if uid not in cmd.attackers:
                    raise CommandError(f'{field}[{i}]: "{uid}" is not one of the attackers')
                if field == "eng_used" and r3.wif_class(state.units[uid]) != "ENG" \
                        and applies(state, rulings.ENG_USED_IS_ENG):
                    raise CommandError(f'eng_used[{i}]: "{uid}" is no ENG (11.16.5-R4d binds an ENG division that '
                                       "used its abilities)")

    def _check_facts(self, cmd: c.BeginLandCombat, defenders: list[str]) -> None:
        if cmd.notional < 0:
            raise CommandError("notional: a notional unit's combat factors are 0 or more")
        units = {*cmd.attackers, *defenders}
        for field in ("in_supply", "retreat_route"):
            for uid in getattr(cmd, field):
                if uid not in units:
                    raise CommandError(f'{field}.{uid}: not a unit in this combat')

    # -- ChooseCombatTable ----------------------------------------------------

    def on_choose(self, state: GameState, combat: LandCombat, cmd: c.ChooseCombatTable, _dice) -> list:
        table = tb.loaded(state, cmd.table)
        by, rule, reason = tb.shift(state, combat, cmd.table)
        col = tb.column(table, combat.odds, by)
        mods = [Modifier(value=by, kind="shift", rule=rule, reason=reason, applies_to="odds")] if by else []
        bonus, why_not = tb.bonus(state, combat, cmd.table)
        notes = ([] if by else [reason]) + ([] if bonus else [why_not]) + list(col.notes)
        return [w.CombatTableChosen(procedure=combat.id, table=cmd.table, by=combat.chooser, odds=combat.odds,
                                    column=col.name, modifiers=mods + bonus, notes=notes),
                *self.moved(combat, "choose")]

    # -- RollLandCombatDice ---------------------------------------------------

    def on_roll(self, state: GameState, combat: LandCombat, cmd: c.RollLandCombatDice, dice) -> list:
        name = state.rules.wif.die
        spec = dice.spec(name, "11.16.5-T7")
        if spec.count != 1 or (spec.sides != 10 and applies(state, rulings.ONE_D10)):
            raise RuleViolation("11.16.5-T7", f"rules.wif.die names dice '{name or 'the game die'}' of {spec.count} "
                                f"d{spec.sides}: option 43 (the split d10) rolls one ten-sided die per side")
        key = f"wif/t{combat.turn}/{combat.id}"
        rolls = [dice.roll(f"{key}/{s}", combat.id, "11.16.5-T7", dice=name, slot=s) for s in SIDES]
        bonus, _ = tb.bonus(state, combat, combat.table)
        table = tb.loaded(state, combat.table)
        row = sum(r.value for r in rolls) + sum(m.value for m in bonus)
        look = T.lookup(table, combat.column, row)
        att, dfn, flags = tb.parts(look.result)
        loss = numeric(att) > 0 or numeric(dfn) > 0
        several = len(r4.candidates(state, combat)) if numeric(att) > 0 else 0  # R4e: the defender names one
        return [*rolls,
                w.LandCombatResultDetermined(procedure=combat.id, table=combat.table, column=look.column,
                                             attacker_die=rolls[0].value, defender_die=rolls[1].value, row=look.row,
                                             cell=look.cell, att_loss=att, def_loss=dfn, flags=flags,
                                             modifiers=bonus, notes=list(look.notes)),
                *self.moved(combat, "roll", loss=loss, constraints=several)]

    # -- results: first loss, losses, kampfgruppen (engine/wif/results.py) -----

    def on_designate(self, state: GameState, combat: LandCombat, cmd: c.DesignateFirstLossType, _dice) -> list:
        return [*results.on_designate(state, combat, cmd), *self.moved(combat, "designate")]

    def on_take(self, state: GameState, combat: LandCombat, cmd: c.TakeLandCombatLosses, _dice) -> list:
        out = results.on_take(state, combat, cmd)
        if not any(isinstance(e, wl.LandCombatLossesTaken) for e in out):
            return out  # one owner's part (R2, r2_owners.py): the side is not settled yet
        owing = sum(1 for s in SIDES if s != cmd.side and s not in combat.settled and r3.owed(combat, s) is not None)
        return [*out, *self.moved(combat, "take", owing=owing)]

    def on_build(self, state: GameState, _none: None, cmd: c.BuildWithKampfgruppe, _dice) -> list:
        return results.on_build(state, cmd)

    def react(self, state: GameState, event) -> list:
        return results.on_phase_started(state, event)

    # -- what may be issued ---------------------------------------------------

    def options(self, state: GameState, combat: LandCombat, command: str) -> list[Option]:
        if command == "ChooseCombatTable":
            return [Option(field="table", values=legal.tables(state))]
        return []

    def legal(self, state: GameState) -> list[Choice]:
        """The hexes the active side may attack; each open combat's next command with who issues it (the
        chooser for the table, T3)."""
        out = results_text.credit_choices(state)
        out += legal.begin_choices(state, {p.hex for p in self.open(state)})
        for ch_ in super().legal(state):
            combat = self.instances(state).get(ch_.fixed.get("procedure", ""))
            if ch_.command in ("DesignateFirstLossType", "TakeLandCombatLosses"):
                continue  # the results part lists these with their units (below)
            if ch_.command == "ChooseCombatTable" and combat is not None and combat.chooser:
                ch_ = choice("ChooseCombatTable", {"procedure": combat.id}, self.options(state, combat, ch_.command),
                             rule="11.16.5-T3", role=combat.chooser, faction=getattr(combat, combat.chooser))
            out.append(ch_)
        for combat in self.open(state):
            out += results_text.choices(state, combat)
        return out


KIND = WifKind()
