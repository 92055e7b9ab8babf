"""The volley kind: its phase table, one handler per command, what legal() offers, and its faces' hooks."""
from turnlog.kit import (KindView, MachineKind, Marker, Option, Overlay, UnitEliminated, UnitView,
                         build_machine, retreat, tables)

from . import rules as R
from .vocabulary import (OpenVolley, RetreatVolley, RollVolley, TakeVolleyLosses, Volley,
                         VolleyOpened, VolleyPhaseChanged, VolleyRolled, Volleys, apply)

WAYS = [("roll", "losses", "hurt"), ("roll", "retreat", "falls_back"), ("roll", "done", []),  # each fires its source
        ("losses", "retreat", "falls_back"), ("losses", "done", []), ("retreat", "done", [])]
MACHINE = build_machine(
    "volley", states=["roll", "losses", "retreat", "done"], initial="roll", rule="V.0",
    transitions=[{"trigger": s, "source": s, "dest": d, "conditions": c} for s, d, c in WAYS],
    facts={"losses": 0, "retreat": False},
    conditions={"hurt": lambda f: f.losses > 0, "falls_back": lambda f: f.retreat},
    roles={"roll": "attacker", "losses": "defender", "retreat": "defender", "done": "none"},
    commands={"RollVolley": "roll", "TakeVolleyLosses": "losses", "RetreatVolley": "retreat"},
    rules={"RollVolley": "V.2", "TakeVolleyLosses": "V.3", "RetreatVolley": "V.4"})
FIRER = Marker(name="volley-firer", letter="F", fill="#e9c46a", rule="V.1")


class VolleyKind(MachineKind):
    name, machine, state_type = "volley", MACHINE, Volleys
    events = (VolleyOpened, VolleyRolled, VolleyPhaseChanged)
    commands = (OpenVolley, RollVolley, TakeVolleyLosses, RetreatVolley)
    openers = {OpenVolley: "V.1"}
    handlers = {OpenVolley: "open_", RollVolley: "roll", TakeVolleyLosses: "lose",
                RetreatVolley: "fall_back"}
    apply = staticmethod(apply)

    def instances(self, state) -> dict[str, Volley]:
        return R.mine(state).procedures

    def phase_event(self, inst: Volley, phase: str) -> VolleyPhaseChanged:
        return VolleyPhaseChanged(procedure=inst.id, phase=phase)

    def open_(self, state, _inst, cmd: OpenVolley, _dice) -> list:
        defender = R.check_open(state, cmd.target, cmd.firers)
        return [VolleyOpened(procedure=f"V{len(self.instances(state)) + 1}", defender=defender,
                             attacker=state.turn.active, target=cmd.target, firers=cmd.firers,
                             turn=state.turn.turn)]

    def roll(self, state, v: Volley, _cmd, dice) -> list:
        table, col, attack, defence = R.column(state, v)  # first: a volley that cannot be read rolls nothing
        die = dice.roll(f"volley/{v.id}", v.id, "V.2", dice="volley")
        read = tables.lookup(table, col.name, die.value)
        hurt = sum(p.number or 0 for p in read.result.parts if p.code == "L")
        back = any(p.code == "R" for p in read.result.parts)
        return [die, VolleyRolled(procedure=v.id, attack=attack, defence=defence, column=col.name,
                                  roll=die.value, cell=read.cell, losses=hurt, retreat=back),
                *self.moved(v, "roll", losses=hurt, retreat=back)]

    def lose(self, state, v: Volley, cmd: TakeVolleyLosses, _dice) -> list:
        R.check_losses(state, v, cmd.units)
        left = {u.id for u in R.defenders(state, v)} - set(cmd.units)
        return [*(UnitEliminated(unit=u, rule="V.3", procedure=v.id) for u in cmd.units),
                *self.moved(v, "losses", retreat=v.retreat and bool(left))]

    def fall_back(self, state, v: Volley, cmd: RetreatVolley, _dice) -> list:
        moves = retreat.moves(cmd)
        retreat.check(state, R.retreat_spec(state, v), moves)
        return [*retreat.events(state, moves, procedure=v.id, rule="V.4", unable_rule="V.4"),
                *self.moved(v, "retreat")]

    def opening(self, state, command: str) -> list[Option] | None:
        able = R.targets(state, state.turn.active)
        if not able or any(v.phase != "done" for v in self.instances(state).values()):
            return None
        return [Option(field="target", values=list(able)),
                *(Option(field="firers", values=us, many=True, most=None, when={"target": h})
                  for h, us in able.items())]

    def options(self, state, v: Volley, command: str) -> list[Option]:
        here = R.defenders(state, v)
        if command == "TakeVolleyLosses":
            return [Option(field="units", values=[u.id for u in here], many=True,
                           weights=[u.factors for u in here], reach=v.losses)]
        if command == "RetreatVolley":
            ids = [u.id for u in here]
            return [Option(field="retreats[].unit", values=ids, many=True, least=len(ids),
                           most=len(ids)),
                    *(Option(field="retreats[].to", values=R.open_to(state, v, u),
                             when={"retreats[].unit": u.id}) for u in here)]
        return []

    @staticmethod
    def narrate(ev) -> str:
        if isinstance(ev, VolleyOpened):
            return f"{ev.procedure}: {ev.attacker} fires at {ev.target} with {', '.join(ev.firers)}"
        return (f"{ev.procedure}: {ev.attack}:{ev.defence} on {ev.column}, rolled {ev.roll}: {ev.cell}"
                if isinstance(ev, VolleyRolled) else f"{ev.procedure}: now {ev.phase}")

    def view(self, state) -> KindView:
        out = KindView()
        for v in self.instances(state).values():
            line = f"{v.id}: {v.attacker} fires at {v.target}, phase {v.phase} {v.cell}"
            out.summaries[v.id] = line.rstrip()
            if v.phase != "done":
                out.units.update({f: UnitView(markers=(FIRER,)) for f in v.firers})
                out.overlays.append(Overlay(hex=v.target, role="volley", label=v.id, procedure=v.id,
                                            title=f"{v.id}: the target of {v.attacker}'s volley (V.1)"))
        out.legend += ["F: a unit firing in an open volley (V.1)"] if out.overlays else []
        return out

    def why(self, state, ev) -> list[str] | None:
        if not isinstance(ev, VolleyRolled):
            return None  # the event's own rule speaks
        return [f"  V.2: {ev.attack} firing factors against {ev.defence}: the INVENTED table's column "
                f"{ev.column}, roll {ev.roll}: {ev.cell}"]

    def odds(self, state, pid: str) -> list[str]:
        table, col, _a, _d = R.column(state, self.instances(state)[pid])
        cells = (f"  {r.roll}: {tables.lookup(table, col.name, r.roll).cell}"
                 for r in table.spec.rows)
        return [f"{pid}: column {col.name}", *col.notes, *cells]


KIND = VolleyKind()
