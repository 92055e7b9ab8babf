"""Turn sequence, host facts, undo, notes and dice events."""
from __future__ import annotations

from typing import ClassVar

from .base import Event
from .setup import Feature, Season, Supply, WeatherSpec


class GameTurnStarted(Event, frozen=True, kw_only=True):
    turn: int
    season: Season
    year: int
    weather: list[WeatherSpec] = []


class PlayerTurnStarted(Event, frozen=True, kw_only=True):
    faction: str


class PhaseStarted(Event, frozen=True, kw_only=True):
    phase: str


class PlayerTurnEnded(Event, frozen=True, kw_only=True):
    """The phasing side ended its player turn (rule ``turn.seats``): the next side may start its own."""

    faction: str


class GameEnded(Event, frozen=True, kw_only=True):
    """The game is over: after this nothing but notes is played (rule ``end``).

    ``turn`` is the game turn it ended in; ``reason`` says why in words (the scenario's end).
    """

    turn: int
    reason: str
    rule: str = "end"


class WeatherSet(Event, frozen=True, kw_only=True):
    weather: WeatherSpec


class UnitMoved(Event, frozen=True, kw_only=True):
    """A host-reported move. Version 2 renamed v1's ``hex`` to ``to_hex``."""

    version: ClassVar[int] = 2
    unit: str
    to_hex: str = ""
    to_box: str = ""
    from_hex: str = ""
    from_box: str = ""


class UnitsTookOffensive(Event, frozen=True, kw_only=True):
    units: list[str]


class ControlChanged(Event, frozen=True, kw_only=True):
    hex: str
    faction: str
    rule: str = ""


class SupplyChanged(Event, frozen=True, kw_only=True):
    unit: str
    supply: Supply


class UnitAirdropped(Event, frozen=True, kw_only=True):
    unit: str
    from_hex: str


class FeaturePlaced(Event, frozen=True, kw_only=True):
    hex: str
    feature: Feature


class FeatureRemoved(Event, frozen=True, kw_only=True):
    hex: str
    kind: str
    rule: str = ""


class UnitEliminated(Event, frozen=True, kw_only=True):
    """A unit left the board for its force pool, or for the place its reason names instead.

    A reason "<as what>, to <place> instead (<rule>)" names the place (a WiF kampfgruppe: its repair
    pool).
    """

    unit: str
    rule: str
    procedure: str = ""
    reason: str = ""


class UnitRetreated(Event, frozen=True, kw_only=True):
    """A unit retreated from one hex to another, with the evils the move took (14.73's labels)."""

    unit: str
    from_hex: str
    to_hex: str
    rule: str
    procedure: str = ""
    evils: list[str] = []


class UnitAdvanced(Event, frozen=True, kw_only=True):
    unit: str
    from_hex: str
    to_hex: str
    rule: str
    procedure: str = ""


class UnitDisplaced(Event, frozen=True, kw_only=True):
    """An air or naval unit moved to the nearest friendly base."""

    unit: str
    from_hex: str
    to_hex: str
    rule: str
    procedure: str = ""


class OverstackMarked(Event, frozen=True, kw_only=True):
    hex: str
    rule: str
    procedure: str = ""


class CommandUndone(Event, frozen=True, kw_only=True):
    command_id: int
    override: bool = False
    referee: str = ""
    reason: str = ""


class NoteAdded(Event, frozen=True, kw_only=True):
    text: str
    at_seq: int = 0


class DieRolled(Event, frozen=True, kw_only=True):
    """One die roll: derived from the committed seed, or from every holder's share (joint dice), or entered.

    ``shares`` (joint dice only) maps each holder to its share for ``key``, hex, in the order of
    GameCreated.joint_dice, so the face can be re-derived and each share checked once revealed.
    ``dice`` names the scenario's dice rolled ("" = the game's die) and ``faces`` lists each face when
    they are several; ``of`` > 0 marks a uniform draw of ``value`` in 0..of-1 (engine/dice.py). The three
    default, so a roll logged before them keeps its bytes.
    """

    key: str
    value: int
    entered: bool = False
    procedure: str = ""
    shares: dict[str, str] = {}
    dice: str = ""
    faces: list[int] = []
    of: int = 0


class SeedRevealed(Event, frozen=True, kw_only=True):
    seed: str


class SecretRevealed(Event, frozen=True, kw_only=True):
    """One holder's joint-dice secret, revealed at the end so its shares can be checked."""

    holder: str
    secret: str


class GameForked(Event, frozen=True, kw_only=True):
    """A fork's first own row, at the cut: from here the fork is a game of its own.

    ``game_id`` is derived from ``forked_from`` (the identity before the cut, "" for a game created
    without one) and the fork command's nonce, so no fork can take an identity a game already had.
    Signatures and joint-dice shares after this row cover ``game_id``; with ``own_dice`` so do the
    seeded dice (engine/dice.py ``keyed``). A fork written before fork dice has it unset (omitted):
    its rolls are the original's, and it re-executes as written.
    """

    game_id: str
    forked_from: str = ""
    at_seq: int
    own_dice: bool = False


class ClaimMade(Event, frozen=True, kw_only=True):
    """A claim no rule judges (a die entered by hand, a host fact, a report, a reveal), pending.

    ``command`` is the claimed command's JSON; it takes effect only when the other side accepts it
    (engine/claims.py). ``by`` is who claimed it, ``cls`` its claim class.
    """

    claim: str
    by: str
    cls: str
    command: str


class ClaimAccepted(Event, frozen=True, kw_only=True):
    """The other side accepted ``claim``: the claimed command's events follow, decided now."""

    claim: str
    by: str


class ClaimDisputed(Event, frozen=True, kw_only=True):
    """The other side disputed ``claim``: nothing on the board changes."""

    claim: str
    by: str
    reason: str = ""


GameEvent = (
    GameTurnStarted
    | PlayerTurnStarted
    | PhaseStarted
    | WeatherSet
    | UnitMoved
    | UnitsTookOffensive
    | ControlChanged
    | SupplyChanged
    | UnitAirdropped
    | FeaturePlaced
    | FeatureRemoved
    | UnitEliminated
    | UnitRetreated
    | UnitAdvanced
    | UnitDisplaced
    | OverstackMarked
    | CommandUndone
    | NoteAdded
    | PlayerTurnEnded
    | GameEnded
    | DieRolled
    | SeedRevealed
    | SecretRevealed
    | GameForked


    | ClaimMade
    | ClaimAccepted
    | ClaimDisputed
)
