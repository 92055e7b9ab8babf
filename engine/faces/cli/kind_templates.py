"""The files `turnlog kind new NAME` writes: a working kind on turnlog.kit, its distribution and its tests.

Each text is a ``string.Template`` over ``name`` (the kind, a Python identifier), ``Camel`` (its command
and event stem) and ``version`` (the turnlog that wrote it). The skeleton's rules are a placeholder the
author replaces, INVENTED and said to be: the active side opens a fight against one enemy unit on the map
(``${name}.1``), rolls the game's die, and on 5 or 6 the unit is eliminated (``${name}.2``).
"""
from __future__ import annotations

PYPROJECT = '''[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "turnlog-${name}"
version = "0.1.0"
description = "The ${name} combat system for turnlog (written from turnlog ${version}'s skeleton)"
requires-python = ">=3.11"
dependencies = ["turnlog"]

# turnlog finds the kind by this entry point once the distribution is installed (pip install -e .).
[project.entry-points."turnlog.kinds"]
${name} = "${name}.kind:KIND"

[tool.setuptools]
packages = ["${name}"]

[tool.setuptools.package-data]
${name} = ["*.toml"]

[tool.pytest.ini_options]
testpaths = ["tests"]
'''

INIT = '''"""The ${name} combat system for turnlog (docs/kinds.md of turnlog shows how a kind is built).

The rules here are the skeleton's INVENTED placeholder: ${name}.1 the active side opens a fight against one
enemy unit on the map; ${name}.2 it rolls the game's die, and on 5 or 6 the unit is eliminated.
"""
'''

VOCABULARY = '''"""The ${name} commands (imperative), events (past tense, facts only) and the state they fold into."""
import msgspec

from turnlog.kit import Command, Event, GameState


class Open${Camel}(Command, frozen=True):
    target: str


class Roll${Camel}(Command, frozen=True):
    procedure: str
    value: int | None = None  # a physical die, entered; left out, the committed seed rolls it


class ${Camel}Opened(Event, frozen=True, kw_only=True):
    procedure: str
    attacker: str
    defender: str
    target: str


class ${Camel}Rolled(Event, frozen=True, kw_only=True):
    procedure: str
    roll: int
    hit: bool = False


class ${Camel}PhaseChanged(Event, frozen=True, kw_only=True):
    procedure: str
    phase: str


EVENTS = (${Camel}Opened, ${Camel}Rolled, ${Camel}PhaseChanged)


class ${Camel}(msgspec.Struct, kw_only=True):
    id: str
    attacker: str
    defender: str
    target: str
    phase: str = "roll"
    hit: bool = False


class ${Camel}State(msgspec.Struct, kw_only=True):
    procedures: dict[str, ${Camel}] = {}


def apply(state: GameState, event: Event) -> None:
    """Fold one ${name} event into ``state.kinds["${name}"]`` (facts only: no rule is judged here)."""
    mine = state.kinds.setdefault("${name}", ${Camel}State())
    match event:
        case ${Camel}Opened(procedure=p, attacker=a, defender=d, target=t):
            mine.procedures[p] = ${Camel}(id=p, attacker=a, defender=d, target=t)
        case ${Camel}Rolled(procedure=p, hit=h):
            mine.procedures[p].hit = h
        case ${Camel}PhaseChanged(procedure=p, phase=ph):
            mine.procedures[p].phase = ph
'''

KIND = '''"""The ${name} kind: its phase table, one handler per command, what legal() offers, and its faces' hooks."""
from turnlog.kit import (CommandError, KindView, MachineKind, Marker, Option, Overlay,
                         RuleViolation, UnitEliminated, UnitView, board, build_machine)

from .vocabulary import (EVENTS, ${Camel}, ${Camel}Opened, ${Camel}PhaseChanged, ${Camel}Rolled,
                         ${Camel}State, Open${Camel}, Roll${Camel}, apply)

MACHINE = build_machine(
    "${name}", states=["roll", "done"], initial="roll", rule="${name}.0",
    transitions=[{"trigger": "roll", "source": "roll", "dest": "done"}],
    roles={"roll": "attacker", "done": "none"}, commands={"Roll${Camel}": "roll"},
    rules={"Roll${Camel}": "${name}.2"})
TARGET = Marker(name="${name}-target", letter="T", fill="#7b2cbf", rule="${name}.1")


def targets(state, side: str) -> list[str]:
    """${name}.1: the enemy units on the map ``side`` may open a fight against."""
    return sorted(u.id for u in state.units.values()
                  if board.on_board(u) and board.enemies(state, side, board.faction_of(state, u)))


class ${Camel}Kind(MachineKind):
    name, machine, state_type, events = "${name}", MACHINE, ${Camel}State, EVENTS
    commands = (Open${Camel}, Roll${Camel})
    openers = {Open${Camel}: "${name}.1"}
    handlers = {Open${Camel}: "open_", Roll${Camel}: "roll"}
    apply = staticmethod(apply)

    def instances(self, state) -> dict[str, ${Camel}]:
        got = state.kinds.get("${name}")
        return got.procedures if got is not None else {}

    def phase_event(self, inst: ${Camel}, phase: str) -> ${Camel}PhaseChanged:
        return ${Camel}PhaseChanged(procedure=inst.id, phase=phase)

    def open_(self, state, _inst, cmd: Open${Camel}, _dice) -> list:
        if cmd.target not in state.units:
            raise CommandError(f'target: no unit "{cmd.target}"')
        if cmd.target not in targets(state, state.turn.active):
            raise RuleViolation("${name}.1", f"{cmd.target} is no enemy of {state.turn.active} on the map")
        if next(iter(self.open(state)), None) is not None:
            raise RuleViolation("${name}.1", "a fight is still open: finish it first")
        unit = state.units[cmd.target]
        return [${Camel}Opened(procedure=f"{self.name[:1].upper()}{len(self.instances(state)) + 1}",
                               attacker=state.turn.active, defender=board.faction_of(state, unit),
                               target=cmd.target)]

    def roll(self, state, inst: ${Camel}, _cmd, dice) -> list:
        die = dice.roll(f"${name}/{inst.id}", inst.id, "${name}.2")
        hit = die.value >= 5  # ${name}.2 (INVENTED): 5 or 6 eliminates the target
        out = [die, ${Camel}Rolled(procedure=inst.id, roll=die.value, hit=hit)]
        if hit:
            out.append(UnitEliminated(unit=inst.target, rule="${name}.2", procedure=inst.id))
        return out + self.moved(inst, "roll")

    def opening(self, state, command: str) -> list[Option] | None:
        able = targets(state, state.turn.active)
        if not able or next(iter(self.open(state)), None) is not None:
            return None
        return [Option(field="target", values=able)]

    @staticmethod
    def narrate(ev) -> str:
        if isinstance(ev, ${Camel}Opened):
            return f"{ev.procedure}: {ev.attacker} opens a fight against {ev.target}"
        if isinstance(ev, ${Camel}Rolled):
            return f"{ev.procedure}: rolled {ev.roll}, " + ("a hit" if ev.hit else "a miss")
        return f"{ev.procedure}: now {ev.phase}"

    def why(self, state, ev) -> list[str] | None:
        if not isinstance(ev, ${Camel}Rolled):
            return None  # the event's own rule speaks
        return [f"  ${name}.2: a roll of 5 or 6 hits; {ev.roll} " + ("hits" if ev.hit else "misses")]

    def view(self, state) -> KindView:
        out = KindView()
        for inst in self.instances(state).values():
            out.summaries[inst.id] = f"{inst.id}: {inst.attacker} against {inst.target}, phase {inst.phase}"
            unit = state.units.get(inst.target)
            if inst.phase != "done" and unit is not None and unit.hex:
                out.units[inst.target] = UnitView(markers=(TARGET,))
                out.overlays.append(Overlay(hex=unit.hex, role="${name}", label=inst.id, procedure=inst.id,
                                            title=f"{inst.id}: the target (${name}.1)"))
        out.legend += ["T: the target of an open fight (${name}.1)"] if out.overlays else []
        return out


KIND = ${Camel}Kind()
'''

SCENARIO = '''name = "${name}: a first position (INVENTED)"
description = "An INVENTED position on an INVENTED map, from no published game, to play the ${name} kind on."

factions = [
  { id = "AX", side = "axis", name = "Axis" },
  { id = "WA", side = "allies", name = "Western Allies" },
]
nationalities = [
  { id = "GE", faction = "AX", ctl = 1 },
  { id = "US", faction = "WA", ctl = 1 },
]
hexes = [
  { id = "0101", col = 1, row = 1, controller = "AX", front = "west", weather_zone = "W" },
  { id = "0102", col = 1, row = 2, controller = "AX", front = "west", weather_zone = "W" },
  { id = "0201", col = 2, row = 1, controller = "WA", front = "west", weather_zone = "W" },
  { id = "0202", col = 2, row = 2, controller = "WA", front = "west", weather_zone = "W" },
]
units = [
  { id = "ge-1", nationality = "GE", hex = "0101", factors = 3, type = "infantry" },
  { id = "us-1", nationality = "US", hex = "0201", factors = 2, type = "infantry" },
  { id = "us-2", nationality = "US", hex = "0202", factors = 2, type = "infantry" },
]
turn = { turn = 1, season = "summer", year = 1944, active = "AX", phase = "combat" }
rules = { procedures = ["${name}"] }
'''

CONFTEST = '''"""The ${name} tests: the kind registered (installed, or from this folder), and a fresh game."""
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]
try:
    import ${name}  # noqa: F401  (installed: pip install -e .)
except ImportError:
    sys.path.insert(0, str(HERE))

import turnlog  # noqa: E402
from ${name}.kind import KIND  # noqa: E402

turnlog.register_kind(KIND)  # a no-op when its entry point already loaded it


@pytest.fixture
def make():
    """A new game of the bundled INVENTED scenario in a folder, with a fixed seed."""
    scenario = turnlog.load_scenario(str(HERE / "${name}" / "scenario.toml"))
    return lambda folder: turnlog.Game.create(folder / "g.db", scenario, seed=bytes(range(32)))
'''

TESTS = '''"""The ${name} kind keeps turnlog's contract, and its placeholder rules hold (given, when, then)."""
import pytest

from turnlog.kit import RuleViolation, UnitEliminated
from turnlog.testing import check_kind
from ${name}.vocabulary import ${Camel}Rolled, Open${Camel}, Roll${Camel}


def test_the_kind_passes_the_conformance_kit(make, tmp_path):
    report = check_kind(make, "${name}", tmp_path)
    assert report.played and report.forged and not report.unseen


def test_${name}_2_a_roll_of_5_eliminates_the_target(make, tmp_path):
    with make(tmp_path) as game:
        game.execute(Open${Camel}(target="us-1"))
        events = [e for _s, e in game.execute(Roll${Camel}(procedure="${first}1", value=5))]
        assert ${Camel}Rolled(procedure="${first}1", roll=5, hit=True) in events
        assert UnitEliminated(unit="us-1", rule="${name}.2", procedure="${first}1") in events


def test_${name}_1_a_friendly_unit_is_no_target(make, tmp_path):
    with make(tmp_path) as game:
        with pytest.raises(RuleViolation) as err:
            game.execute(Open${Camel}(target="ge-1"))
        assert err.value.rule == "${name}.1"
'''

#: Where each text goes, under the new distribution's folder.
FILES = {
    "pyproject.toml": PYPROJECT,
    "${name}/__init__.py": INIT,
    "${name}/vocabulary.py": VOCABULARY,
    "${name}/kind.py": KIND,
    "${name}/scenario.toml": SCENARIO,
    "tests/conftest.py": CONFTEST,
    "tests/test_${name}_kind.py": TESTS,
}
