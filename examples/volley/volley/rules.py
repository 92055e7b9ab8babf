"""The volley's rules V.1-V.5 as pure functions of the board: each judges, none writes."""
from turnlog.kit import (CommandError, GameState, RuleViolation, UnitState, board, losses, odds,
                         retreat, tables)

from .vocabulary import Volley, Volleys

def mine(state: GameState) -> Volleys:
    return state.kinds.get("volley") or Volleys()


def targets(state: GameState, side: str) -> dict[str, list[str]]:
    """V.1: each enemy-held hex ``side`` may fire at -> the units that may fire at it."""
    fired, turn = mine(state).fired, state.turn.turn
    out: dict[str, list[str]] = {}
    for u in (u for u in board.side_units(state, side) if fired.get(u.id) != turn):
        for h in (h for h in board.neighbours(state, u.hex) if board.enemy_units(state, side, h)):
            out.setdefault(h, []).append(u.id)
    return dict(sorted(out.items()))


def check_open(state: GameState, target: str, firers: list[str]) -> str:
    """Refuse a volley V.1 forbids; the defending faction otherwise."""
    if target not in state.hexes or not firers or len(set(firers)) != len(firers):
        raise CommandError(f'target: no hex "{target}"' if target not in state.hexes else
                           "firers: name each firing unit once, at least one")
    if any(v.phase != "done" for v in mine(state).procedures.values()):
        raise RuleViolation("V.1", "a volley is still open: finish it first")
    active = state.turn.active
    enemies, able = board.enemy_units(state, active, target), targets(state, active)
    for i, uid in enumerate(firers):
        if uid not in state.units:
            raise CommandError(f'firers[{i}]: no unit "{uid}"')
        if uid not in able.get(target, []):
            raise RuleViolation("V.1", f"{uid} may not fire at {target}: only a unit of {active} "
                                "next to an enemy-held hex fires, once a turn")
    return board.faction_of(state, enemies[0])


def defenders(state: GameState, v: Volley) -> list[UnitState]:
    return board.enemy_units(state, v.attacker, v.target)


def strengths(state: GameState, v: Volley) -> tuple[int, int]:
    """V.2: the firers' factors still on the map, and the factors of the enemies in the target."""
    attack = sum(state.units[u].factors for u in v.firers if board.on_board(state.units[u]))
    return attack, sum(u.factors for u in defenders(state, v))


def column(state: GameState, v: Volley) -> tuple[tables.Table, odds.Column, int, int]:
    """V.2: the scenario's INVENTED table "volley", its column (odds rounded for the defender), the strengths."""
    attack, defence = strengths(state, v)
    if "volley" not in state.tables or not defence:
        known = "volley" in state.tables
        raise RuleViolation("V.2", 'no table "volley" in this game (its scenario lists one)' if not known
                            else f"{v.target} holds no enemy left to fire at")
    table = tables.from_record(state.tables["volley"])
    return table, odds.column(table, attack, defence, rounding="defender"), attack, defence


def check_losses(state: GameState, v: Volley, units: list[str]) -> None:
    """V.3: units of the target whose factors total the loss (all, when they have less), none beyond need."""
    here = {u.id: u.factors for u in defenders(state, v)}

    def judge(uid: str) -> losses.Candidate | None:
        u, why = state.units.get(uid), "" if uid in here else f"{uid} is not in {v.target}"
        rule = "V.3" if why else ""
        return None if u is None else losses.Candidate(uid, rule=rule, why=why, weight=u.factors)
    spec = losses.LossSpec(rule="V.3", required=v.losses, judge=judge, none_beyond_need=True)
    losses.check(spec, units, min(v.losses, sum(here.values())))


def retreat_spec(state: GameState, v: Volley) -> retreat.RetreatSpec:
    """V.4: every survivor retreats one hex, never into an enemy's; V.5: away from the firers if it can."""
    def forbidden(st: GameState, u: UnitState, to: str) -> retreat.Bar | None:
        if to not in board.neighbours(st, u.hex):
            return "V.4", f"{to} is not next to {u.hex}"
        enemy = board.enemy_units(st, v.defender, to)
        return ("V.4", f"{to} holds an enemy unit") if enemy else None

    def prefer(st: GameState, u: UnitState, to: str) -> retreat.Bar | None:
        free = [h for h in board.neighbours(st, u.hex) if forbidden(st, u, h) is None]
        near = {h for f in v.firers for h in board.neighbours(st, st.units[f].hex)}
        away = [h for h in free if h not in near]
        if not to and free:
            return "V.4", f"{u.id} may retreat to {free[0]}"
        if to in near and away:
            return "V.5", f"{u.id} may not retreat next to a firing unit: {away[0]} is open"
        return None
    must = frozenset(u.id for u in defenders(state, v))
    return retreat.RetreatSpec(rule="V.4", must=must, forbidden=forbidden, prefer=prefer)


def open_to(state: GameState, v: Volley, u: UnitState) -> list[str]:
    """Where ``u`` may retreat now: each hex the V.4/V.5 check accepts, or '' (eliminated) when none."""
    spec = retreat_spec(state, v)
    return [h for h in [*board.neighbours(state, u.hex), ""]
            if retreat.bar(state, spec, u, h) is None] or [""]
