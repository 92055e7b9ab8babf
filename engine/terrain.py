"""The terrain-type table: what a hex's terrain means to each combat system.

A hex's ``terrain`` names a type. Two default tables exist. ``DEFAULT`` holds the meanings attrition had
hard-coded before terrain was data (14.62D); a game created before its system's ``terrain_words`` ruling
(edition 6) reads it, and a scenario entry replaces its entry of the same id whole. ``WORDS`` gives each
word the five rules texts use for terrain its one meaning to every kind (docs/scenario.md "Terrain
words"); a game under the ruling reads it, and a scenario entry is laid over it field by field: a
field the entry states (a value other than the field's default) wins, the rest stay the word's. A terrain
named in neither table has no attributes. Each caller says which table its game reads (``words``), since
the ruling is its system's.
"""
from __future__ import annotations

import msgspec

from turnlog.events.assault import PzcTerrainSpec
from turnlog.events.attrition import AttritionTerrainSpec
from turnlog.events.designation import WarTerrainSpec
from turnlog.events.setup import TerrainTypeSpec
from turnlog.events.wif import WifTerrainSpec
from turnlog.projections.state import GameState

_BARS = AttritionTerrainSpec(bars_occupation=True)

#: The attrition meanings that were hard-coded in engine/attrition (the ROUGH set and the jungle and
#: frozen-swamp cases of 14.62D): forest, mountain, jungle/mountain and swamp bar occupation; only
#: jungle-capable units take jungle; a swamp counts as clear while its zone's swamps are frozen.
DEFAULT: dict[str, TerrainTypeSpec] = {t.id: t for t in (
    TerrainTypeSpec(id="forest", attrition=_BARS),
    TerrainTypeSpec(id="mountain", attrition=_BARS),
    TerrainTypeSpec(id="jungle_mountain", attrition=_BARS),
    TerrainTypeSpec(id="swamp", frozen_as="clear", attrition=_BARS),
    TerrainTypeSpec(id="jungle", attrition=AttritionTerrainSpec(jungle_only=True)),
)}

#: Feature kinds that are one word, a fortification: WiF's "Fortress, Fortified hex" (11.16.5-T9f),
#: WaR's covering "fortification" (9.1.1a), rule 14's fortresses and fortifications (14.23D, 14.62C).
FORTIFIED = frozenset({"fortress", "fortification", "fortified"})
#: 9.1.1a's covering kinds, as a feature or as a terrain type's id.
COVERING = frozenset({"location", "village", "town", "city", "woods", "forest",
                      "fieldworks"}) | FORTIFIED

_OPEN = WarTerrainSpec(open=True)
_COVERS = WarTerrainSpec(covering=True)
_CLEAR = TerrainTypeSpec(id="clear", wif=WifTerrainSpec(arm_bonus=True),
                         pzc=PzcTerrainSpec(clear=True), war=_OPEN)
_FOREST = TerrainTypeSpec(id="forest", attrition=_BARS, wif=WifTerrainSpec(blitz_shift=-1),
                          war=_COVERS)
_ROUGH2 = WifTerrainSpec(blitz_shift=-2)

#: Every terrain word of the texts, with its meaning to each kind (the rule beside each); the numbers
#: the texts leave to a game's data (PzC's terrain percentages, WaR's defence ranks, movement) stay
#: the scenario's.
WORDS: dict[str, TerrainTypeSpec] = {t.id: t for t in (
    # 11.16.5-T7, T9a; AS-CAP.1; 9.1.1a Open. "open" is clear ground to every kind.
    _CLEAR,
    msgspec.structs.replace(_CLEAR, id="open"),
    TerrainTypeSpec(id="desert", wif=WifTerrainSpec(arm_bonus=True), war=_OPEN),   # T7, T9a
    # 14.62D; T9b; 9.1.1a. Woods is the same word as forest.
    _FOREST,
    msgspec.structs.replace(_FOREST, id="woods"),
    # 14.62D; T9c
    TerrainTypeSpec(id="mountain", attrition=_BARS, wif=_ROUGH2, war=_OPEN),
    TerrainTypeSpec(id="jungle_mountain", attrition=_BARS, wif=_ROUGH2, war=_OPEN),
    TerrainTypeSpec(id="swamp", frozen_as="clear", attrition=_BARS, wif=_ROUGH2, war=_OPEN),
    TerrainTypeSpec(id="jungle", attrition=AttritionTerrainSpec(jungle_only=True), wif=_ROUGH2,
                    war=_OPEN),
    TerrainTypeSpec(id="marsh", war=_OPEN),     # AS-MOVE.1 names it with swamp, for movement only
    TerrainTypeSpec(id="bocage", pzc=PzcTerrainSpec(bocage=True), war=_OPEN),   # AS-BOC.1
    TerrainTypeSpec(id="city", wif=_ROUGH2, war=_COVERS),                       # T9e; 9.1.1a
    *(TerrainTypeSpec(id=k, war=_COVERS) for k in sorted(COVERING - {"woods", "forest", "city"})),
)}

_NONE = TerrainTypeSpec(id="")
#: A type with no attributes, made once per name (building one costs more than the lookup;
#: the Struct is frozen and readers never change its containers).
_PLAIN: dict[str, TerrainTypeSpec] = {"": _NONE}
#: A scenario entry laid over its WORDS entry, made once per entry object (keyed by id, the entry kept
#: so a reused id is never mistaken); cleared when large, as games come and go in one process.
_MERGED: dict[int, tuple[TerrainTypeSpec, TerrainTypeSpec]] = {}
_EMPTY = TerrainTypeSpec(id="")


def _lay(own, base, empty):
    """``own`` over ``base`` field by field: a field ``own`` leaves at ``empty``'s value takes ``base``'s."""
    kept = {}
    for f in own.__struct_fields__:
        mine, theirs, none = getattr(own, f), getattr(base, f), getattr(empty, f)
        if mine == none:
            if theirs != none:
                kept[f] = theirs
        elif isinstance(mine, msgspec.Struct) and theirs != none:
            kept[f] = _lay(mine, theirs, none)
    return msgspec.structs.replace(own, **kept) if kept else own


def _over(own: TerrainTypeSpec, base: TerrainTypeSpec) -> TerrainTypeSpec:
    """``own`` laid over ``base``, made once per entry object."""
    hit = _MERGED.get(id(own))
    if hit is not None and hit[0] is own:
        return hit[1]
    if len(_MERGED) > 4096:
        _MERGED.clear()
    got = _lay(own, base, _EMPTY)
    _MERGED[id(own)] = (own, got)
    return got


def terrain_type(state: GameState, name: str, *, words: bool = False) -> TerrainTypeSpec:
    """The type ``name``: the scenario's entry, else the default one, else a type with no attributes.

    ``words``: the game reads the WORDS table (its system's ``terrain_words`` ruling), where a scenario
    entry is laid over the default field by field; else DEFAULT, where it replaces it whole.
    """
    own = state.terrain_types.get(name)
    if words:
        base = WORDS.get(name)
        if own is not None:
            return _over(own, base) if base is not None else own
        if base is not None:
            return base
    else:
        got = own or DEFAULT.get(name)
        if got is not None:
            return got
    plain = _PLAIN.get(name)
    if plain is None:
        plain = _PLAIN[name] = TerrainTypeSpec(id=name)
    return plain


def of_hex(state: GameState, hex_: str, *, frozen: bool = False,
           words: bool = False) -> TerrainTypeSpec:
    """The terrain type of ``hex_``; ``frozen``: its weather zone's swamps are frozen (its ``frozen_as``)."""
    t = terrain_type(state, state.hexes[hex_].terrain, words=words)
    return terrain_type(state, t.frozen_as, words=words) if frozen and t.frozen_as else t

