"""Random games: a richer scenario, concrete commands from game.legal()'s choices, and mutations of them.

The choices go through a ``Chooser`` so the same generators serve hypothesis
(which shrinks the draws) and plain ``random.Random`` (history builders for
the tamper and determinism harnesses).
"""
from __future__ import annotations

import random
from typing import Any, Sequence

import msgspec

from turnlog.engine import commands as c
from turnlog.engine import scenario as S
from turnlog.engine.attrition import r14_5_losses as losses, r14_6_occupation as occupation
from turnlog.engine.errors import CommandError
from turnlog.engine.game import Game
from turnlog.engine.hexgrid import grid
from turnlog.engine.kit.choices import Choice
from turnlog.events.attrition import Selection
from turnlog.events.setup import Feature, WeatherSpec

SEASONS = ("spring", "summer", "fall", "winter")
FEATURES = ("bridgehead", "fortification", "port", "airbase", "capital")


class Chooser:
    """Random choices from a ``random.Random``; FuzzChooser draws the same from hypothesis."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choice(self, items: Sequence):
        return self.rng.choice(list(items))

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def subset(self, items: Sequence, max_size: int | None = None) -> list:
        items = list(items)
        k = self.rng.randint(0, min(len(items), max_size if max_size is not None else len(items)))
        return self.rng.sample(items, k)


def _hex(hid: str, ctrl: str, **kw) -> dict:
    return {"id": hid, "col": int(hid[:2]), "row": int(hid[2:]), "controller": ctrl, **kw}


def fuzz_scenario() -> S.Scenario:
    """Two fronts on a 6x4 map: Axis west of column 3, Allies east, an eastern front in winter."""
    hexes = []
    for col in range(1, 7):
        for row in range(1, 5):
            hid = f"{col:02d}{row:02d}"
            east = row <= 2
            ctrl = "AX" if col <= 3 else ("RU" if east else "WA")
            terrain = {("0402"): "forest", ("0503"): "swamp", ("0201"): "mountain"}.get(hid, "clear")
            hexes.append(_hex(hid, ctrl, terrain=terrain, front="eastern" if east else "western",
                              weather_zone="E" if east else "W", pact_side="east" if col >= 4 and east else "",
                              supply_zone="britain" if hid == "0604" else ""))
    hexes[-1]["features"] = [{"kind": "capital", "name": "London"}]
    units = [
        {"id": "ge-1", "nationality": "GE", "hex": "0301", "factors": 6},
        {"id": "ge-2", "nationality": "GE", "hex": "0302", "factors": 5, "type": "armor"},
        {"id": "ge-3", "nationality": "GE", "hex": "0303", "factors": 4},
        {"id": "ge-4", "nationality": "GE", "hex": "0304", "factors": 3},
        {"id": "fi-1", "nationality": "FI", "hex": "0201", "factors": 2},
        {"id": "ge-air", "nationality": "GE", "hex": "0202", "factors": 4, "type": "air"},
        {"id": "ge-pool", "nationality": "GE", "factors": 3},
        {"id": "su-1", "nationality": "SU", "hex": "0401", "factors": 5},
        {"id": "su-2", "nationality": "SU", "hex": "0402", "factors": 4},
        {"id": "su-3", "nationality": "SU", "hex": "0401", "factors": 3},
        {"id": "su-box", "nationality": "SU", "box": "urals", "factors": 2},
        {"id": "us-1", "nationality": "US", "hex": "0403", "factors": 4, "prev_supply_source": "britain"},
        {"id": "us-2", "nationality": "US", "hex": "0404", "factors": 3, "prev_supply_source": "britain"},
        {"id": "us-3", "nationality": "US", "hex": "0604", "factors": 3, "prev_supply_source": "britain"},
    ]
    doc = {
        "name": "fuzz", "die": {"sides": 10, "lowest": 0},
        "rules": {"russian_winter": {"attacker_nationality": "SU", "axis_nationality": "GE"},
                  "procedures": ["attrition", "designation"]},  # rule 9 too: the fuzzers reach both kinds
        "factions": [{"id": "AX", "side": "axis"}, {"id": "WA", "side": "allies"}, {"id": "RU", "side": "allies"}],
        "nationalities": [{"id": "GE", "faction": "AX", "ctl": 2, "winter_prep": 1},
                          {"id": "FI", "faction": "AX", "status": "minor_ally"},
                          {"id": "US", "faction": "WA"}, {"id": "SU", "faction": "RU", "winter_prep": 5}],
        "hexes": hexes,
        "hexsides": [{"a": "0303", "b": "0403", "river": True}],
        "boxes": [{"id": "urals", "name": "Urals"}],
        "supply_sources": [{"id": "britain", "hex": "0604", "faction": "WA", "supply_zone": "britain"}],
        "units": units,
        "turn": {"turn": 3, "season": "winter", "year": 1941, "active": "AX", "phase": "attrition",
                 "weather": [{"zone": "E", "winter_level": 2}, {"zone": "W"}]},
    }
    return S.parse(msgspec.json.encode(doc), "json", "fuzz scenario")


def _on_map(state) -> list[str]:
    return sorted(u.id for u in state.units.values() if not u.in_pool)


def concrete(ch: Chooser, game: Game, offered: Choice) -> c.Command:
    """A concrete command for one choice of game.legal(): mostly drawn from its options (``example``), else
    built here from the choice's head with arguments that may or may not be legal."""
    if ch.chance(0.7) or not _by_hand_knows(offered.command):
        try:
            return c.parse(msgspec.json.encode(offered.example(random.Random(ch.integer(0, 2**31)))))
        except CommandError:  # an open field without an example (no weather zone to name): build it here
            if not _by_hand_knows(offered.command):
                raise
    return by_hand(ch, game, offered.head)


def _by_hand_knows(command: str) -> bool:
    """by_hand builds the turn kind's and attrition's commands; another kind's come from its choices only."""
    from turnlog.engine import kinds
    kind = kinds.BY_COMMAND.get(c.NAMES.get(command))
    return kind is not None and kind.name in ("turn", "attrition")


def by_hand(ch: Chooser, game: Game, hint: str) -> c.Command:
    """A command for a head of game.legal() (``TakeAttritionLosses procedure=A1``), arguments at random."""
    state = game.state
    name, *args = hint.split()
    kw = dict(a.split("=", 1) for a in args if "=" in a)
    hexes, factions = sorted(state.hexes), sorted(state.factions)
    if name == "StartGameTurn":
        return c.StartGameTurn(turn=state.turn.turn + 1, season=ch.choice(SEASONS), year=state.turn.year + ch.integer(0, 1),
                               weather=[WeatherSpec(zone=z, winter_level=ch.integer(0, 3)) for z in ch.subset(("E", "W"))])
    if name == "StartPlayerTurn":
        return c.StartPlayerTurn(faction=ch.choice(factions))
    if name == "StartPhase":
        return c.StartPhase(phase=args[0])
    if name == "EndPlayerTurn":
        return c.EndPlayerTurn()
    if name == "SetWeather":
        return c.SetWeather(weather=WeatherSpec(zone=ch.choice(("E", "W")), winter_level=ch.integer(0, 3),
                                                frozen_swamps=ch.chance(0.3)))
    if name == "MoveUnit":
        on = _on_map(state)
        if not on:
            return c.AddNote(text="nothing to move")
        if state.boxes and ch.chance(0.15):
            return c.MoveUnit(unit=ch.choice(on), box=ch.choice(sorted(state.boxes)))
        return c.MoveUnit(unit=ch.choice(on), hex=ch.choice(hexes))
    if name == "MarkOffensive":
        return c.MarkOffensive(units=ch.subset(sorted(state.units), 3))
    if name == "SetControl":
        return c.SetControl(hex=ch.choice(hexes), faction=ch.choice(factions))
    if name == "SetSupply":
        return c.SetSupply(unit=ch.choice(sorted(state.units)), supply=ch.choice(("full", "partial", "none")))
    if name == "MarkAirdropped":
        return c.MarkAirdropped(unit=ch.choice(sorted(state.units)), from_hex=ch.choice(hexes))
    if name == "PlaceFeature":
        kind = ch.choice(FEATURES)
        return c.PlaceFeature(hex=ch.choice(hexes), feature=Feature(
            kind=kind, owner=ch.choice(factions), origin=ch.choice(("river", "seaborne")) if kind == "bridgehead" else ""))
    if name == "RemoveFeature":
        placed = [(h, f.kind) for h, fs in sorted(state.features.items()) for f in fs]
        if placed:
            h, k = ch.choice(placed)
            return c.RemoveFeature(hex=h, kind=k)
        return c.RemoveFeature(hex=ch.choice(hexes), kind=ch.choice(FEATURES))
    if name == "AddNote":
        return c.AddNote(text=f"note {ch.integer(0, 999)}")
    if name == "BeginAttrition":
        return c.BeginAttrition(attacker=kw["attacker"], zone=kw["zone"],
                                exclude=ch.subset(sorted(state.units), 1) if ch.chance(0.2) else [])
    proc = state.attritions[kw["procedure"]]
    zone = state.zones.get(proc.zone)
    if name == "RollAttritionDie":
        return c.RollAttritionDie(procedure=proc.id, value=None if ch.chance(0.7) else
                                  ch.integer(state.die.lowest, state.die.lowest + state.die.sides - 1))
    if name == "TakeTwoCounters":
        return c.TakeTwoCounters(procedure=proc.id)
    zhexes = sorted(zone.hexes) if zone else hexes
    if name == "DesignateWinterHexes":
        picks = ch.subset(zhexes, 3)
        cut = ch.integer(0, len(picks))
        return c.DesignateWinterHexes(procedure=proc.id, losses=picks[:cut], occupation=picks[cut:])
    if name == "TakeAttritionLosses":
        cands = sorted(u.id for u in losses.candidates(state, proc, zone)) if zone else []
        if cands and ch.chance(0.85):  # mostly the right number of eligible units, so the procedure goes on
            need = losses.best_possible(state, proc, zone)
            picks = ch.subset(cands, need)
            return c.TakeAttritionLosses(procedure=proc.id, units=picks + [u for u in cands if u not in picks][
                :max(0, need - len(picks))])
        return c.TakeAttritionLosses(procedure=proc.id, units=ch.subset(sorted(state.units), max(proc.counters, 1)))
    if name == "SelectOccupation":
        open_ = [h for h in zhexes if zone and h in state.hexes
                 and not occupation.hex_refusal(state, proc, zone, h, cleared=proc.zone_cleared)]
        sel = []
        for h in ch.subset(open_ if open_ and ch.chance(0.85) else zhexes, max(proc.hexes, 1)):
            near = [u for u in proc.units if not occupation.unit_refusal(state, proc, h, u)]
            sel.append(Selection(hex=h, units=ch.subset(near or proc.units, 2)))
        return c.SelectOccupation(procedure=proc.id, selections=sel)
    if name == "RetreatUnits":
        sel = {s.hex for s in proc.selections}
        movers = sorted(u.id for u in state.units.values() if u.hex in sel)
        rets = []
        for u in movers:
            adj = sorted(grid(state).adj.get(state.units[u].hex, ()))
            rets.append(c.Retreat(unit=u, to=ch.choice(adj) if adj and ch.chance(0.8) else ""))
        return c.RetreatUnits(procedure=proc.id, retreats=rets)
    raise ValueError(f"no generator for legal() entry {hint!r}")


def legal_command(ch: Chooser, game: Game) -> c.Command:
    """A concrete command for a random choice of game.legal(), attrition choices favoured."""
    hints = game.legal()
    combat = attrition_choices(hints)
    turn = [h for h in hints if h.command in ("StartGameTurn", "StartPlayerTurn", "StartPhase")]
    host = [h for h in hints if h not in combat and h not in turn]
    if combat and ch.chance(0.6):
        return concrete(ch, game, ch.choice(combat))
    if turn and ch.chance(0.3):
        return concrete(ch, game, ch.choice(turn))
    return concrete(ch, game, ch.choice(host or hints))


def attrition_choices(offered: list[Choice]) -> list[Choice]:
    """The choices of an attrition: those of a procedure, and BeginAttrition."""
    return [h for h in offered if "procedure" in h.fixed or h.command == "BeginAttrition"]


def mutate(ch: Chooser, game: Game, cmd: c.Command) -> c.Command | dict:
    """An illegal variant of ``cmd``: a bad id, a wrong phase, an out-of-range value, a wrong type."""
    state = game.state
    fields = {f: getattr(cmd, f) for f in cmd.__struct_fields__}
    how = ch.integer(0, 6)
    if how == 0 and fields:  # an unknown id (or enum value) in a string field, as JSON or as a Struct
        strs = [f for f, v in fields.items() if isinstance(v, str)]  # (tests/regressions: ill-typed Structs)
        if strs:
            f = ch.choice(strs)
            if ch.chance(0.5):
                return type(cmd)(**{**fields, f: "no-such-id"})
            d = msgspec.to_builtins(cmd)
            d["type"] = type(cmd).__name__
            d[f] = "no-such-id"
            return d
    if how == 1:  # a wrong type in the JSON form
        d: dict[str, Any] = msgspec.to_builtins(cmd)
        d["type"] = type(cmd).__name__
        keys = [k for k in d if k != "type"]
        if keys:
            d[ch.choice(keys)] = ch.choice((12345, None, ["x"], {"a": 1}, True))
            return d
    if how == 2 and state.attritions:  # an attrition command for a procedure in the wrong phase
        p = ch.choice(sorted(state.attritions))
        kind = ch.choice((c.RollAttritionDie, c.TakeTwoCounters, c.TakeAttritionLosses, c.SelectOccupation,
                          c.RetreatUnits, c.DesignateWinterHexes))
        return kind(procedure=p) if kind not in (c.TakeAttritionLosses,) else kind(procedure=p, units=[])
    if how == 3:
        return c.RollAttritionDie(procedure=ch.choice(sorted(state.attritions) or ["A9"]),
                                  value=ch.choice((state.die.lowest - 1, state.die.lowest + state.die.sides)))
    if how == 4:
        return c.StartGameTurn(turn=state.turn.turn - ch.integer(0, 1), season="summer", year=1942)
    if how == 5:
        return c.MoveUnit(unit=ch.choice(sorted(state.units)), hex=ch.choice(sorted(state.hexes)),
                          box=ch.choice(sorted(state.boxes) or ["nowhere"]))
    if isinstance(cmd, c.TakeAttritionLosses):
        return c.TakeAttritionLosses(procedure=cmd.procedure, units=list(cmd.units) + list(cmd.units[:1] or ["ge-1"]))
    return c.AddNote(text=ch.choice(("", "   ")))


def random_history(game: Game, rng: random.Random, commands: int) -> dict:
    """Play ``commands`` random steps (legal, illegal, undo, redo); return what happened."""
    ch = Chooser(rng)
    tally = {"executed": 0, "refused": 0, "undone": 0, "redone": 0}
    from turnlog.engine.errors import CommandError, RuleViolation
    for _ in range(commands):
        r = rng.random()
        try:
            if r < 0.08:
                game.undo(override=ch.chance(0.5), referee="ref")
                tally["undone"] += 1
            elif r < 0.12:
                game.redo()
                tally["redone"] += 1
            elif r < 0.25:
                game.execute(mutate(ch, game, legal_command(ch, game)))
                tally["executed"] += 1
            else:
                game.execute(legal_command(ch, game))
                tally["executed"] += 1
        except (RuleViolation, CommandError):
            tally["refused"] += 1
        except Exception as exc:  # not a refusal: a crash of the engine
            tally.setdefault("crashes", []).append(f"{type(exc).__name__}: {exc}")
    return tally
