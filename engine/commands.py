"""Commands: the imperative vocabulary of `turnlog play` (one JSON object a line).

Each command is a tagged Struct; ``{"type": "RollAttritionDie", "procedure":
"A1"}`` decodes to RollAttritionDie. Decoding errors name the field.
"""
from __future__ import annotations

import re
from typing import Literal, Union

import msgspec

from turnlog.events.attrition import Selection
from turnlog.events.setup import Feature, Season, WeatherSpec
from turnlog.events.wif import FactorMultiplier, TankBuster

from .errors import CommandError


class Command(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True, omit_defaults=True):
    """Base of every command; subclasses are named in the imperative."""


# -- turn sequence and host facts ----------------------------------------------

class StartGameTurn(Command):
    turn: int
    season: Season
    year: int
    weather: list[WeatherSpec] = []


class StartPlayerTurn(Command):
    faction: str


class StartPhase(Command):
    phase: str  # one of the game's turn sequence (engine/kit/sequence.py), checked when decided


class SetWeather(Command):
    weather: WeatherSpec


class MoveUnit(Command):
    unit: str
    hex: str = ""
    box: str = ""


class MarkOffensive(Command):
    units: list[str]


class SetControl(Command):
    hex: str
    faction: str


class SetSupply(Command):
    unit: str
    supply: Literal["full", "partial", "none"]


class MarkAirdropped(Command):
    unit: str
    from_hex: str


class PlaceFeature(Command):
    hex: str
    feature: Feature


class RemoveFeature(Command):
    hex: str
    kind: str


class AddNote(Command):
    """A bookmark; ``at`` is the seq it marks (default: the end of the log when written)."""

    text: str
    at: int = 0


class RevealSeed(Command):
    pass


class ForkGame(Command):
    """Give a fork its own identity: written by Game.fork at its cut, never played."""

    nonce: str


class Undo(Command):
    override: bool = False
    referee: str = ""
    reason: str = ""


class Redo(Command):
    pass


# -- attrition combat (rule 14) ---------------------------------------------

class BeginAttrition(Command):
    """Open an attrition by ``attacker`` against the zone ``zone`` (14.11A)."""

    attacker: str
    zone: str
    exclude: list[str] = []


class RollAttritionDie(Command):
    """Roll for the procedure: seeded, ``value`` entered by hand, or joint dice with the others' ``shares``."""

    procedure: str
    value: int | None = None
    shares: dict[str, str] = {}


class TakeTwoCounters(Command):
    """Take 2C in place of a 1C/1H result (14.44)."""

    procedure: str


class DesignateWinterHexes(Command):
    """Russian winter designations (14.521)."""

    procedure: str
    losses: list[str] = []
    occupation: list[str] = []


class TakeAttritionLosses(Command):
    procedure: str
    units: list[str]


class SelectOccupation(Command):
    procedure: str
    selections: list[Selection] = []


class Retreat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One unit's retreat into ``to``; '' when it has nowhere to go (each system says what then)."""

    unit: str
    to: str = ""


class RetreatCommand(Command):
    """The one retreat shape: a procedure and every move at once (engine/kit/retreat.py checks it).

    A system's retreat command subclasses it and adds no field but the draws it may enter (``values``),
    so every retreat reads alike.
    """

    procedure: str
    retreats: list[Retreat] = []


class RetreatUnits(RetreatCommand):
    """Attrition's retreats (14.7): the tag and fields every log since the first holds."""


# -- Wacht am Rhein II attack designation (9.0-9.2.4; engine/designation, registered, not in AnyCommand) --

class BeginAttackDesignation(Command):
    """Open the active side's Attack Designation Segment (9.0); PA units are designated by their mode.

    ``arty_shift_option`` turns on the optional rule of 9.1.1's Q&A (artillery-shifted hexes may be ignored).
    """

    arty_shift_option: bool = False


class DesignateAttackers(Command):
    """Place Attack markers on ``units`` (9.1.0, 9.1.2)."""

    procedure: str
    units: list[str]


class UndesignateAttackers(Command):
    """Take Attack markers off ``units`` before the designation segment ends."""

    procedure: str
    units: list[str]


class EndAttackDesignation(Command):
    """Close the designation segment; the required hexes are fixed (9.1.1, 9.1.1a)."""

    procedure: str


class ReportArtilleryShifts(Command):
    """Report the enemy hexes the barrage gave an artillery shift marker (12.0; read by 9.1.1's optional rule)."""

    procedure: str
    hexes: list[str]


class StartGroundAssaultSegment(Command):
    """Close the barrage segment and open the Ground Assault Segment (9.0)."""

    procedure: str


class DeclareGroundAssault(Command):
    """Declare one ground assault by ``attackers`` on ``hexes`` (9.2.0-9.2.4)."""

    procedure: str
    attackers: list[str]
    hexes: list[str]


class ReportGroundAssaultResult(Command):
    """Report an assault's result from rules 10-11: a label, the units eliminated, the retreats (9.2.0, 9.2.2)."""

    procedure: str
    assault: str
    result: str = ""
    eliminated: list[str] = []
    retreats: list[Retreat] = []


class EndGroundAssaultSegment(Command):
    """Close the Ground Assault Segment; refused while a required hex is owed an attack (9.1.1)."""

    procedure: str


AnyCommand = (
    StartGameTurn | StartPlayerTurn | StartPhase | SetWeather | MoveUnit | MarkOffensive | SetControl
    | SetSupply | MarkAirdropped | PlaceFeature | RemoveFeature | AddNote | RevealSeed | ForkGame | Undo
    | Redo
    | BeginAttrition | RollAttritionDie | TakeTwoCounters | DesignateWinterHexes | TakeAttritionLosses
    | SelectOccupation | RetreatUnits
)

NAMES = {c.__name__: c for c in AnyCommand.__args__}
_decoder = msgspec.json.Decoder(AnyCommand)


def register(types: tuple[type[Command], ...]) -> None:
    """Add a procedure kind's commands to what ``parse`` reads (engine/procedures.py ``register``)."""
    global _decoder
    for cls in types:
        if not (isinstance(cls, type) and issubclass(cls, Command)):
            raise TypeError(f"{cls!r} is not a Command Struct")
        known = NAMES.get(cls.__name__)
        if known is not None and known is not cls:
            raise ValueError(f"command name {cls.__name__!r} is already taken by {known.__module__}.{known.__name__}")
    if all(cls.__name__ in NAMES for cls in types):
        return
    NAMES.update({cls.__name__: cls for cls in types})
    _decoder = msgspec.json.Decoder(Union[tuple(NAMES.values())])  # type: ignore[misc]
encode = msgspec.json.Encoder().encode


def explain(err: msgspec.ValidationError | msgspec.DecodeError) -> str:
    """Turn msgspec's message into ``path: problem`` with the path first."""
    text = str(err)
    m = re.match(r"(.*) - at `\$\.?(.*)`$", text)
    if not m:
        return f"(top): {_lower(text)}" if text.startswith("Object") else _lower(text)
    problem, path = m.groups()
    return f"{path or '(top)'}: {_lower(problem.replace('`', ''))}"


def _lower(text: str) -> str:
    """Lower-case the first letter unless it starts an acronym (JSON)."""
    if len(text) > 1 and text[1].islower():
        return text[0].lower() + text[1:]
    return text


# A \uD800-\uDFFF escape that is not half of a pair: JSON allows it, Unicode text cannot hold it.
_LONE_SURROGATE = re.compile(r"(?<!\\)(?:\\\\)*\\u(d[89ab][0-9a-f]{2})(?!\\ud[c-f][0-9a-f]{2})|"
                             r"(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u(d[c-f][0-9a-f]{2})", re.I)


def lone_surrogate(text: str | bytes) -> str | None:
    """The first lone surrogate in a JSON text, as its escape (``\\ud800``), or None."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    raw = re.search("[\ud800-\udfff]", text)
    if raw:
        return f"\\u{ord(raw.group()):04x}"
    m = _LONE_SURROGATE.search(text)
    return f"\\u{(m.group(1) or m.group(2)).lower()}" if m else None


def parse(line: str | bytes) -> Command:
    """Decode one JSON command; bad input raises CommandError naming the field."""
    try:
        if isinstance(line, str):
            line.encode("utf-8")  # a lone surrogate character (Python text): the same refusal as its escape
        return _decoder.decode(line)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeEncodeError) as err:
        lone = lone_surrogate(line)
        if lone or isinstance(err, UnicodeEncodeError):  # msgspec calls this "input data was truncated", which says nothing
            raise CommandError(f"a string holds the lone surrogate {lone}, which is not a Unicode character "
                               "(a \\uD800-\\uDFFF escape must be half of a pair)") from None
        msg = explain(err)
        if "invalid value" in msg and "type" in msg:
            msg += f" (known commands: {', '.join(sorted(NAMES))})"
        raise CommandError(msg) from None


# -- Panzer Campaigns assault (reading notes §2, AS-*; engine/assault, registered, not in AnyCommand) --

class DeclareAssault(Command):
    """Open an assault by ``units`` on the enemy in the adjacent ``hex`` (AS-GEN.1); each pays its cost (AS-COST)."""

    hex: str
    units: list[str]


class AddAssaultUnits(Command):
    """Add ``units`` to the forming assault ``procedure``, from any hex next to its defending hex (AS-GEN.1)."""

    procedure: str
    units: list[str]


# -- World in Flames land combat (11.16.5 as replaced; engine/wif, registered, not in AnyCommand) --

class BeginLandCombat(Command):
    """Open a land combat by the active side's ``attackers`` against ``hex``, with the host's facts.

    The texts compute none of them (reading notes §1.2; docs/commands.md): ``odds`` are the final odds
    before any terrain shift (``"3:1"``), ``weather`` the hex's condition (fine, snow, rain...);
    ``defenders`` default to every enemy land unit in the hex.
    """

    hex: str
    attackers: list[str]
    odds: str
    weather: str
    defenders: list[str] = []
    multipliers: list[FactorMultiplier] = []
    tank_busters: list[TankBuster] = []
    invaders: list[str] = []
    paradropped: list[str] = []
    eng_used: list[str] = []
    notional: int = 0
    in_supply: dict[str, bool] = {}
    retreat_route: dict[str, bool] = {}


class ChooseCombatTable(Command):
    """The chooser (11.16.5-T3) takes the blitz or the assault table (T1)."""

    procedure: str
    table: Literal["blitz", "assault"]


class RollLandCombatDice(Command):
    """Roll one die for each side (option 43); ``values`` may enter either: {"attacker": 7, "defender": 3}."""

    procedure: str
    values: dict[str, int] = {}


# -- World in Flames land combat: results (reading notes §1, 11.16.5-R2 to K2c; the wif kind, not in AnyCommand) --

class DesignateFirstLossType(Command):
    """The defender names the type of the attacker's first loss when two or more constraints apply (11.16.5-R4e).

    ``kind``: ``arm`` (R4a), ``invasion`` (R4b), ``para`` (R4c) or ``eng`` (R4d).
    """

    procedure: str
    kind: str


class TakeLandCombatLosses(Command):
    """``side``'s owner gives up ``units`` for its part of the cell, in the order picked (11.16.5-R2-R4, K1)."""

    procedure: str
    side: str
    units: list[str]


class BuildWithKampfgruppe(Command):
    """Spend kampfgruppe ``credit`` toward building a unit of WiF class ``unit_class`` this production phase
    (11.16.5-K2b): the kampfgruppe's own class, INF or MIL."""

    credit: str
    unit_class: str


# -- Panzer Campaigns assault, resolution and after (engine/assault) --

class ResolveAssault(Command):
    """Resolve the forming assault ``procedure``: two Combat Results and what follows automatically (AS-RES).

    ``night``: the host's fact that the assault is at night (AS-DIS.2). ``values``: entered draws by slot
    (``attacker_result``, ``attacker_round``, ``defender_result``, ``defender_round``, ``demo/<unit>``,
    ``alloc/<unit>``, ``morale/<unit>``); any not entered come from the committed seed.
    """

    procedure: str
    night: bool = False
    values: dict[str, int] = {}


class AllocateAssaultLosses(Command):
    """Under ``rules.pzc.allocation = "owner"``: ``side``'s owner says which of its units lose how many points."""

    procedure: str
    side: str
    losses: dict[str, int] = {}
    values: dict[str, int] = {}


class ReportDisruption(Command):
    """Under ``rules.pzc.disruption = "host"``: the units this assault Disrupted and Broke (either may be empty)."""

    procedure: str
    disrupted: list[str] = []
    broken: list[str] = []
    values: dict[str, int] = {}


class RetreatAssaultUnits(RetreatCommand):
    """The defender's forced retreat (AS-RET): each unit one hex, or '' when it has no legal hex.

    ``values``: entered draws for the halvings (``srr/<unit>``, ``captured/<unit>``).
    """

    values: dict[str, int] = {}
