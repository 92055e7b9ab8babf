"""Scenario files (TOML or JSON) decoded into typed Structs, then setup events.

A bad file is refused before anything is written: a decoding problem names
the field path (``units[3].factors: expected int, got str``), a broken
reference names the field and the missing id (``units[7].hex: no hex "0413"``).
"""
from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import msgspec

from turnlog.events import setup as s
from turnlog.events.game import GameTurnStarted, PhaseStarted, PlayerTurnStarted
from turnlog.projections.state import side_key

from .commands import explain
from . import claims
from . import domains
from . import scenario_short as short
from .errors import ScenarioError
from .hexgrid import neighbour_coords
from .inputs import MAX_NESTING, check_nesting, read_scenario_bytes
from .kit import sequence
from .kit import tables as T
from .signatures import key_problems


class TurnSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    turn: int = 1
    season: s.Season
    year: int
    active: str
    phase: str = "attrition"
    weather: list[s.WeatherSpec] = []


class Scenario(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    name: str
    description: str = ""
    die: s.DieSpec = s.DieSpec()
    dice: dict[str, s.DiceSpec] = {}   # named dice beside the game's die (engine/dice.py)
    rules: s.RulesSpec = s.RulesSpec()
    factions: list[s.FactionSpec]
    nationalities: list[s.NationalitySpec]
    terrain_types: list[s.TerrainTypeSpec] = []
    hexes: list[s.HexSpec]
    hexsides: list[s.HexsideSpec] = []
    boxes: list[s.BoxSpec] = []
    supply_sources: list[s.SupplySourceSpec] = []
    pools: list[s.PoolSpec] = []
    # the order of battle's divisions and corps (PzC AS-ORG)
    formations: list[s.FormationSpec] = []
    units: list[s.UnitSpec] = []
    restrictions: list[s.RestrictionSpec] = []
    # Combat tables: name -> file path (relative to the scenario file); parse() replaces each path
    # with the loaded table's record (engine/kit/tables.py), which a JSON scenario may also give
    # inline.
    tables: dict[str, str | s.TableRecord] = {}
    turn: TurnSpec
    seats: s.SeatsSpec = s.SeatsSpec()  # who holds which side; empty = hot-seat
    # A section per kind the game uses (``[kinds.NAME]``), checked by the kind's own Struct when the
    # game is created (engine/kind_sections.py), logged in GameCreated.kinds.
    kinds: dict[str, dict[str, Any]] = {}


def parse(text: str | bytes, fmt: str, origin: str = "scenario",
          base: str | Path | None = None) -> Scenario:
    """Decode and check a scenario; raise ScenarioError naming the bad field.

    ``base`` is the folder table paths are relative to (the scenario file's; the current one if
    None).
    """
    check_nesting(text, origin)
    try:
        if fmt == "toml":
            raw = tomllib.loads(text.decode() if isinstance(text, bytes) else text)
            sc = msgspec.convert(short.expand(raw), Scenario)
        elif fmt == "json":
            sc = _json(text)
        else:
            raise ScenarioError(f"{origin}: unknown scenario format {fmt!r} (use .toml or .json)")
    except tomllib.TOMLDecodeError as err:
        raise ScenarioError(f"{origin}: not valid TOML ({err})") from None
    except UnicodeDecodeError as err:
        raise ScenarioError(f"{origin}: not UTF-8 text ({err.reason})") from None
    except msgspec.ValidationError as err:
        raise ScenarioError(f"{origin}: {_named_dice(text, fmt) or explain(err)}") from None
    except msgspec.DecodeError as err:  # a syntax error: there is no field path to name
        raise ScenarioError(f"{origin}: not valid JSON ({explain(err)})") from None
    except ScenarioError as err:  # a compact line (engine/scenario_short.py) names its token
        raise ScenarioError(f"{origin}: {err}") from None
    except RecursionError:  # nested thousands deep, past the scan below: no scenario needs that
        raise ScenarioError(f"{origin}: arrays or tables nested too deeply to read (at most "
                            f"{MAX_NESTING} levels)") from None
    # references are checked once every value is in its domain
    problems = domains.problems(sc) or check(sc)
    if problems:
        raise ScenarioError(f"{origin}: " + "; ".join(problems))
    return _with_tables(sc, origin, Path(base) if base is not None else Path.cwd())


def _json(text: str | bytes) -> Scenario:
    """A JSON scenario: decoded typed (a large map's fast path); in the compact notation, expanded first."""
    try:
        return msgspec.json.decode(text, type=Scenario)
    except msgspec.ValidationError:
        raw = msgspec.json.decode(text)
        if not short.compact(raw):
            raise
        return msgspec.convert(short.expand(raw), Scenario)


def _named_dice(text: str | bytes, fmt: str) -> str:
    """The first bad ``[dice.NAME]`` entry, named (msgspec's path says only ``dice[...]``), or ''."""
    try:
        raw = tomllib.loads(text.decode() if isinstance(text, bytes) else text) if fmt == "toml" \
            else msgspec.json.decode(text)
    except (tomllib.TOMLDecodeError, msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return ""
    dice = raw.get("dice") if isinstance(raw, dict) else None
    for name, entry in (dice.items() if isinstance(dice, dict) else ()):
        try:
            msgspec.convert(entry, s.DiceSpec)
        except msgspec.ValidationError as err:
            if " - at `$" in str(err):  # a field inside the entry
                return f"dice.{name}.{explain(err)}"
            return f"dice.{name}: {explain(err).removeprefix('(top): ').replace('`', '')}"
    return ""


def _with_tables(sc: Scenario, origin: str, base: Path) -> Scenario:
    """Load each named table (a path, or a record given inline) into its record; refuse a bad one by name."""
    if not sc.tables:
        return sc
    if len(sc.tables) > T.MAX_TABLES:
        raise ScenarioError(f"{origin}: tables: {len(sc.tables)} tables, more than the limit of "
                            f"{T.MAX_TABLES}")
    loaded: dict[str, str | s.TableRecord] = {}
    for name, given in sc.tables.items():
        where = f"tables.{name}"
        if not domains.is_id(name):
            # the name is in the path already
            why = domains.id_problem(name, "a table name").split(": ", 1)[1]
            raise ScenarioError(f"{origin}: {where}: {why}")
        try:
            if isinstance(given, str):
                table = T.load(given if given.startswith(T.SHIPPED_PREFIX) else base / given, name)
            elif given.name != name:
                raise ScenarioError(f"record named {given.name!r}")
            else:
                table = T.from_record(given)
        except ScenarioError as err:
            raise ScenarioError(f"{origin}: {where}: {err}") from None
        loaded[name] = T.record(table)
    return msgspec.structs.replace(sc, tables=loaded)


def load(path: str | Path) -> Scenario:
    """Read a scenario file by its extension, or a bundled one by name."""
    if path == "":  # Path("") is ".", the current folder: name the empty argument instead
        raise ScenarioError(f"scenario: empty; name a scenario file or a bundled scenario "
                            f"({', '.join(bundled_names())})")
    p = Path(path)
    if not p.exists():
        bundled = resources.files("turnlog.engine.scenarios").joinpath(f"{path}.toml")
        if bundled.is_file():
            with resources.as_file(resources.files("turnlog.engine.scenarios")) as folder:
                return parse(bundled.read_text(), "toml", f"{path} (bundled)", folder)
        raise ScenarioError(f"{path}: no such scenario file (bundled: {', '.join(bundled_names())})")
    return parse(read_scenario_bytes(p), p.suffix.lstrip(".").lower(), str(p), p.parent)


def bundled_names() -> list[str]:
    folder = resources.files("turnlog.engine.scenarios")
    return sorted(f.name[:-5] for f in folder.iterdir() if f.name.endswith(".toml"))


def _dupes(items, field: str, label: str) -> list[str]:
    seen, out = set(), []
    for i, it in enumerate(items):
        key = it.id
        if key in seen:
            out.append(f"{field}[{i}].id: duplicate {label} id {key!r}")
        seen.add(key)
    return out


def _formations(sc: Scenario) -> list[str]:
    """Each formation's parent exists and no parent chain loops."""
    out, known = [], {f.id: f for f in sc.formations}
    for i, f in enumerate(sc.formations):
        if f.parent and f.parent not in known:
            out.append(f'formations[{i}].parent: no formation "{f.parent}"')
        seen, cur = {f.id}, f
        while cur.parent in known:
            cur = known[cur.parent]
            if cur.id in seen:
                out.append(f"formations[{i}].parent: reference cycle through {sorted(seen)}")
                break
            seen.add(cur.id)
    return out


def check(sc: Scenario) -> list[str]:
    """Every broken reference, duplicate id and cycle, each with its path."""
    out: list[str] = []
    for field, label in (("factions", "faction"), ("nationalities", "nationality"),
                         ("hexes", "hex"), ("boxes", "box"), ("supply_sources", "supply source"),
                         ("units", "unit"),
                         ("terrain_types", "terrain type"), ("pools", "pool"),
                         ("formations", "formation")):
        out += _dupes(getattr(sc, field), field, label)
    fac = {f.id for f in sc.factions}
    nat = {n.id: n for n in sc.nationalities}
    hexes = {h.id: h for h in sc.hexes}
    boxes = {b.id for b in sc.boxes}
    srcs = {x.id for x in sc.supply_sources}
    coords: dict[tuple[int, int], str] = {}
    for i, n in enumerate(sc.nationalities):
        if n.faction not in fac:
            out.append(f'nationalities[{i}].faction: no faction "{n.faction}"')
        if n.major and n.major not in nat:
            out.append(f'nationalities[{i}].major: no nationality "{n.major}"')
        seen, cur = {n.id}, n
        while cur.major and cur.major in nat:
            cur = nat[cur.major]
            if cur.id in seen:
                out.append(f"nationalities[{i}].major: reference cycle through {sorted(seen)}")
                break
            seen.add(cur.id)
    for i, h in enumerate(sc.hexes):
        if (h.col, h.row) in coords:
            out.append(f'hexes[{i}]: same col/row as hex "{coords[(h.col, h.row)]}"')
        coords[(h.col, h.row)] = h.id
        if h.controller and h.controller not in fac:
            out.append(f'hexes[{i}].controller: no faction "{h.controller}"')
        for j, who in enumerate(h.prohibited_to):
            if who not in fac and who not in nat:
                out.append(f'hexes[{i}].prohibited_to[{j}]: no faction or nationality "{who}"')
        for j, f in enumerate(h.features):
            if f.owner and f.owner not in fac:
                out.append(f'hexes[{i}].features[{j}].owner: no faction "{f.owner}"')
            if f.launched_from and f.launched_from not in srcs:
                out.append(f'hexes[{i}].features[{j}].launched_from: no supply source '
                           f'"{f.launched_from}"')
    seen_sides: dict[str, int] = {}
    for i, hs in enumerate(sc.hexsides):
        key = side_key(hs.a, hs.b)
        if key in seen_sides:
            out.append(f'hexsides[{i}]: the side between "{hs.a}" and "{hs.b}" is already defined '
                       f'by hexsides[{seen_sides[key]}]; give it once, with all its properties')
        seen_sides.setdefault(key, i)
        for end in ("a", "b"):
            if getattr(hs, end) not in hexes:
                out.append(f'hexsides[{i}].{end}: no hex "{getattr(hs, end)}"')
        if hs.a in hexes and hs.b in hexes:
            a, b = hexes[hs.a], hexes[hs.b]
            if (b.col, b.row) not in neighbour_coords(a.col, a.row):
                out.append(f'hexsides[{i}]: hexes "{hs.a}" and "{hs.b}" are not adjacent')
        if hs.fortified_by and hs.fortified_by not in fac:
            out.append(f'hexsides[{i}].fortified_by: no faction "{hs.fortified_by}"')
    for i, box in enumerate(sc.boxes):
        if box.zone_hex and box.zone_hex not in hexes:
            out.append(f'boxes[{i}].zone_hex: no hex "{box.zone_hex}"')
    for i, x in enumerate(sc.supply_sources):
        if x.faction not in fac:
            out.append(f'supply_sources[{i}].faction: no faction "{x.faction}"')
        if x.hex and x.hex not in hexes:
            out.append(f'supply_sources[{i}].hex: no hex "{x.hex}"')
        if x.box and x.box not in boxes:
            out.append(f'supply_sources[{i}].box: no box "{x.box}"')
    pools = {p.id: p for p in sc.pools}
    for i, p in enumerate(sc.pools):
        if p.faction not in fac:
            out.append(f'pools[{i}].faction: no faction "{p.faction}"')
    out += _formations(sc)
    for i, hs in enumerate(sc.hexsides):
        if hs.river_class in ("minor", "major") and not hs.river:
            out.append(f"hexsides[{i}].river_class: a {hs.river_class} river needs river = true")
    for i, u in enumerate(sc.units):
        if u.pool and u.pool not in pools:
            out.append(f'units[{i}].pool: no pool "{u.pool}"')
        elif u.pool and u.nationality in nat and pools[u.pool].faction != nat[u.nationality].faction:
            out.append(f'units[{i}].pool: pool "{u.pool}" belongs to {pools[u.pool].faction}, '
                       f'not to {nat[u.nationality].faction}')
        if u.pool and (u.hex or u.box):
            out.append(f"units[{i}]: a unit in a pool has no hex or box")
        if u.nationality not in nat:
            out.append(f'units[{i}].nationality: no nationality "{u.nationality}"')
        if u.hex and u.hex not in hexes:
            out.append(f'units[{i}].hex: no hex "{u.hex}"')
        if u.box and u.box not in boxes:
            out.append(f'units[{i}].box: no box "{u.box}"')
        if u.hex and u.box:
            out.append(f"units[{i}]: give a hex or a box, not both")
        if u.airdropped_from and u.airdropped_from not in hexes:
            out.append(f'units[{i}].airdropped_from: no hex "{u.airdropped_from}"')
        if u.prev_supply_source and u.prev_supply_source not in srcs:
            out.append(f'units[{i}].prev_supply_source: no supply source "{u.prev_supply_source}"')
    for i, r in enumerate(sc.restrictions):
        for end in ("attacker", "defender"):
            if getattr(r, end) not in nat:
                out.append(f'restrictions[{i}].{end}: no nationality "{getattr(r, end)}"')
    if sc.turn.active not in fac:
        out.append(f'turn.active: no faction "{sc.turn.active}"')
    out += seat_problems(sc.seats, fac)
    rw = sc.rules.russian_winter
    for field in ("attacker_nationality", "axis_nationality"):
        v = getattr(rw, field)
        if v and v not in nat:
            out.append(f'rules.russian_winter.{field}: no nationality "{v}"')
    for j, v in enumerate(rw.exempt_nationalities):
        if v not in nat:
            out.append(f'rules.russian_winter.exempt_nationalities[{j}]: no nationality "{v}"')
    return out


def seat_problems(seats: s.SeatsSpec, factions: set[str], where: str = "seats") -> list[str]:
    """Seats that name no faction, a referee who also holds a side, or a referee or host with no side seated;
    and, in a signed game, keys that do not fit the seats (engine/signatures.py)."""
    out = [f'{where}.factions.{f}: no faction "{f}"' for f in seats.factions if f not in factions]
    held = {a: f for f, a in seats.factions.items()}
    if seats.referee and seats.referee in held:
        out.append(f"{where}.referee: {seats.referee!r} also holds {held[seats.referee]}; a "
                   "referee holds no side")
    if (seats.referee or seats.host) and not seats.factions:
        out.append(f"{where}.factions: a seated game seats at least one faction (none is given)")
    if seats.claims and not seats.factions:
        out.append(f"{where}.claims: claims are between seats; a hot-seat game has none")
    return out + claims.problems(seats.claims) + key_problems(seats, where)


def with_seats(sc: Scenario, seats: s.SeatsSpec) -> Scenario:
    """``sc`` with these seats in place of its own; ScenarioError naming the field if one is out of its domain."""
    sc = msgspec.structs.replace(sc, seats=seats)
    problems = domains.seat_domains(seats) or seat_problems(seats, {f.id for f in sc.factions})
    if problems:
        raise ScenarioError("; ".join(problems))
    return sc


def setup_events(sc: Scenario, seed_sha256: str) -> list:
    """The log's first events: everything the scenario says, in order."""
    rules = sc.rules if sc.rules.edition else msgspec.structs.replace(sc.rules, edition=s.EDITION)
    rules = msgspec.structs.replace(rules, turn_sequence=sequence.resolve(rules.turn_sequence))
    tables = [t for t in sc.tables.values() if isinstance(t, s.TableRecord)]
    if len(tables) != len(sc.tables):
        raise ScenarioError("tables: not loaded; read the scenario with scenario.load() or parse()")
    ev: list = [s.GameCreated(name=sc.name, seed_sha256=seed_sha256, die=sc.die, rules=rules,
                              description=sc.description, tables=tables,
                              dice=dict(sorted(sc.dice.items())))]
    # msgspec omits a Struct default only when it is the very default object
    if sc.seats != s.SeatsSpec():
        ev[0] = msgspec.structs.replace(ev[0], seats=sc.seats)
    if sc.kinds:
        ev[0] = msgspec.structs.replace(ev[0], kinds=dict(sc.kinds))
    ev += [s.FactionDefined(faction=f) for f in sc.factions]
    ev += [s.NationalityDefined(nationality=n) for n in sc.nationalities]
    ev += [s.TerrainTypeDefined(terrain_type=t) for t in sc.terrain_types]
    ev += [s.HexDefined(hex=h) for h in sc.hexes]
    ev += [s.HexsideDefined(hexside=h) for h in sc.hexsides]
    ev += [s.BoxDefined(box=b) for b in sc.boxes]
    ev += [s.SupplySourceDefined(source=x) for x in sc.supply_sources]
    ev += [s.PoolDefined(pool=p) for p in sc.pools]
    ev += [s.FormationDefined(formation=f) for f in sc.formations]
    ev += [s.UnitPlaced(unit=u) for u in sc.units]
    ev += [s.RestrictionDefined(restriction=r) for r in sc.restrictions]
    t = sc.turn
    ev += [GameTurnStarted(turn=t.turn, season=t.season, year=t.year, weather=t.weather),
           PlayerTurnStarted(faction=t.active), PhaseStarted(phase=t.phase)]
    return ev
