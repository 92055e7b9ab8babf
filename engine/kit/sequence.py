"""The turn's phase sequence: named presets and the sequence a game was created with.

A game's sequence is data (``rules.turn_sequence`` in the scenario, carried by GameCreated), so a
system whose turn differs from A World at War's can be played without changing the engine. The empty
spec means the AWAW sequence, which every log written before sequences were data was played under.
"""
from __future__ import annotations

from turnlog.events.setup import RulesSpec, TurnSequenceSpec

#: A World at War's player turn (the phases rule 14 reads: "movement" for 14.74, "attrition" for 14.12).
AWAW = ("initial_supply", "movement", "combat", "exploitation", "attrition", "supply", "end")

#: Named presets. Only sequences a seed text states in full: Wacht am Rhein II, World in Flames and Panzer
#: Campaigns are left out, since their texts name a phase or a segment (WaR's combat phase opens with attack
#: designation; WiF's production phase; PzC assaults within the player turn) but not the whole turn.
PRESETS: dict[str, tuple[str, ...]] = {"awaw": AWAW}


def resolve(spec: TurnSequenceSpec) -> TurnSequenceSpec:
    """Spell a named preset out into its phases, so the log carries the list and not only its name.

    The empty spec stays empty: it already means AWAW, and a game that names no sequence must write the
    same bytes as before sequences were data.
    """
    if spec.preset and not spec.phases:
        return TurnSequenceSpec(preset=spec.preset, phases=list(PRESETS[spec.preset]))
    return spec


def phases(rules: RulesSpec) -> tuple[str, ...]:
    """The phases of one player turn, in order, for a game created with ``rules``."""
    spec = rules.turn_sequence
    if spec.phases:
        return tuple(spec.phases)
    return PRESETS[spec.preset or "awaw"]
