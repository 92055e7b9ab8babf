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

from turnlog.events.attrition import AttritionTerrainSpec
from turnlog.events.setup import TerrainTypeSpec
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

_OPEN = {"open": True}
_COVERS = {"covering": True}
_BARS_D = {"bars_occupation": True}
_ROUGH2 = {"blitz_shift": -2}
_CLEAR = {"wif": {"arm_bonus": True}, "pzc": {"clear": True}, "war": _OPEN}
_FOREST = {"attrition": _BARS_D, "wif": {"blitz_shift": -1}, "war": _COVERS}

#: Every terrain word of the texts, with its meaning to each kind (the rule beside each); the numbers
#: the texts leave to a game's data (PzC's terrain percentages, WaR's defence ranks, movement) stay
#: the scenario's. Written as data and converted, so the core names no system's spec Struct.
_WORDS_DATA: dict[str, dict] = {
    # 11.16.5-T7, T9a; AS-CAP.1; 9.1.1a Open. "open" is clear ground to every kind.
    "clear": _CLEAR,
    "open": _CLEAR,
    "desert": {"wif": {"arm_bonus": True}, "war": _OPEN},                      # T7, T9a
    # 14.62D; T9b; 9.1.1a. Woods is the same word as forest.
    "forest": _FOREST,
    "woods": _FOREST,
    # 14.62D; T9c
    "mountain": {"attrition": _BARS_D, "wif": _ROUGH2, "war": _OPEN},
    "jungle_mountain": {"attrition": _BARS_D, "wif": _ROUGH2, "war": _OPEN},
    "swamp": {"frozen_as": "clear", "attrition": _BARS_D, "wif": _ROUGH2, "war": _OPEN},
    "jungle": {"attrition": {"jungle_only": True}, "wif": _ROUGH2, "war": _OPEN},
    "marsh": {"war": _OPEN},                         # AS-MOVE.1 names it with swamp, for movement only
    "bocage": {"pzc": {"bocage": True}, "war": _OPEN},                         # AS-BOC.1
    "city": {"wif": _ROUGH2, "war": _COVERS},                                  # T9e; 9.1.1a
    **{k: {"war": _COVERS} for k in sorted(COVERING - {"woods", "forest", "city"})},   # 9.1.1a
}
WORDS: dict[str, TerrainTypeSpec] = {
    k: msgspec.convert({"id": k, **v}, TerrainTypeSpec) for k, v in _WORDS_DATA.items()}

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

