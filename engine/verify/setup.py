"""Verify's judgement of what has no board to decide on: the setup, a seed's reveal, the snapshot
cache.

The setup (LoadScenario) is the log's first command and nothing else: its events are re-derived from
the scenario they record (GameCreated and the definitions after it, engine/scenario.py setup_events)
and must be the logged rows byte for byte, so no mid-game "setup" can place or remove a unit. A
reveal (RevealSeed) is re-executed like any command, with the dice holding only what the log
revealed and its commitment at seq 1 confirms: an event a reveal does not write, or a seed the
commitment refuses, differs. Every snapshot bound to the chain (engine/snapshots.py) must hold the
board re-execution reached at its seq, and the commands undone there: one that does not is a forged
cache, and verify names its seq.
"""

from __future__ import annotations

from typing import Any

import msgspec

from turnlog.events import setup as s
from turnlog.events.codec import decode, encode
from turnlog.events.game import (
    GameTurnStarted,
    PhaseStarted,
    PlayerTurnStarted,
    SecretRevealed,
    SeedRevealed,
)

from turnlog.projections.state import GameState

from .. import dice as D
from .. import snapshots as SN
from ..game import settle
from ..scenario import Scenario, TurnSpec, setup_events

# Each definition event, the Scenario field it fills and the event's own field.
_DEFINES: dict[type, tuple[str, str]] = {
    s.FactionDefined: ("factions", "faction"),
    s.NationalityDefined: ("nationalities", "nationality"),
    s.TerrainTypeDefined: ("terrain_types", "terrain_type"),
    s.HexDefined: ("hexes", "hex"),
    s.HexsideDefined: ("hexsides", "hexside"),
    s.BoxDefined: ("boxes", "box"),
    s.SupplySourceDefined: ("supply_sources", "source"),
    s.PoolDefined: ("pools", "pool"),
    s.FormationDefined: ("formations", "formation"),
    s.UnitPlaced: ("units", "unit"),
    s.RestrictionDefined: ("restrictions", "restriction"),
}


def setup_problem(row: tuple, logged: list[tuple]) -> tuple[int, str] | None:
    """(seq, why) when the LoadScenario ``row`` is not what creating a game from its setup writes;
    else None."""
    cid, _actor, _ctype, payload, _ts, first, _last = row
    if first != 1:
        return first, (
            f"command {cid} is a LoadScenario at seq {first}: a game's setup is its first command "
            "only, and no later command may lay out the board again"
        )
    try:
        events = [decode(r[2], r[3], r[4]) for r in logged]
        again = settle(GameState(), rederive([e for e, r in zip(events, logged) if not r[5]]))
    except (ValueError, TypeError, KeyError, msgspec.ValidationError) as err:
        return first, f"the setup's events are not a scenario's setup: {err}"
    name = again[0][0].name if isinstance(again[0][0], s.GameCreated) else ""  # rederive checked
    bad = _kind_sections(again[0][0])
    if bad:
        return first, f"seq {first}: GameCreated.kinds: {bad}"
    want = msgspec.json.encode({"type": "LoadScenario", "name": name}).decode()
    if payload != want:
        return (
            first,
            f"the setup command's payload is {payload}, but creating this game writes {want}",
        )
    for seq, ((ev, auto), r) in enumerate(zip(again, logged), start=first):
        row = (r[2], r[3], r[4], bool(r[5]))
        if (type(ev).__name__, ev.version, encode(ev).decode(), auto) != row:
            return seq, (f"seq {seq}: the setup's {r[2]} is not the row creating this game from "
                         "its recorded scenario writes there")
    if len(again) != len(logged):
        return first + len(again), "the setup holds events creating the game does not write"
    return None


def _kind_sections(created) -> str:
    """Why the kinds' sections GameCreated records are not what creating the game writes, or ''."""
    if not isinstance(created, s.GameCreated) or not created.kinds:
        return ""
    from .. import kinds as K
    from ..kind_sections import problems
    return problems(created.kinds, created.rules.procedures or K.DEFAULT_KINDS, {k.name: k for k in K.KINDS})


def rederive(events: list) -> list:
    """The setup events a game created from the scenario that ``events`` record begins with.

    GameCreated is kept as recorded (it is the record: rules, dice, seats, how the dice are
    committed); everything after it is derived again, in the engine's order. ValueError names what
    is out of place.
    """
    if not events or not isinstance(events[0], s.GameCreated):
        raise ValueError("the setup does not begin with GameCreated")
    created = events[0]
    fields: dict[str, Any] = {f: [] for f, _e in _DEFINES.values()}
    body, tail = events[1:-3], events[-3:]
    for ev in body:
        field = _DEFINES.get(type(ev))
        if field is None:
            raise ValueError(f"{type(ev).__name__} is not a setup event")
        fields[field[0]].append(getattr(ev, field[1]))
    if [type(e) for e in tail] != [GameTurnStarted, PlayerTurnStarted, PhaseStarted]:
        raise ValueError("the setup does not end by starting its first turn, player turn and phase")
    t = tail[0]
    sc = Scenario(
        name=created.name,
        turn=TurnSpec(
            turn=t.turn,
            season=t.season,
            year=t.year,
            weather=t.weather,
            active=tail[1].faction,
            phase=tail[2].phase,
        ),
        **fields,
    )
    return [created] + setup_events(sc, created.seed_sha256)[1:]


def revealed(state, logged: list) -> tuple[bytes | None, dict[str, bytes]]:
    """The seed and joint secrets a reveal's rows hold that the commitments at seq 1 confirm.

    A reveal is re-executed with these alone, so it can write nothing its own rows do not prove.
    """
    seed: bytes | None = None
    secrets: dict[str, bytes] = {}
    for ev in logged:
        if isinstance(ev, SeedRevealed) and (given := _hex(ev.seed)) is not None:
            if state.seed_sha256 and D.commitment(given) == state.seed_sha256:
                seed = given
        elif isinstance(ev, SecretRevealed) and (given := _hex(ev.secret)) is not None:
            if state.joint_dice.get(ev.holder) == D.commitment(given):
                secrets[ev.holder] = given
    return seed, secrets


def _hex(text: str) -> bytes | None:
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None


class SnapshotCheck:
    """The log's bound snapshots, each held to the re-executed board when the pass reaches it."""

    def __init__(self, log, within: tuple[int, int] | None = None,
                 read: dict[int, tuple[str, bytes]] | None = None):
        """``within``: the snapshots at seqs first..last only (one range, ranges.py); ``read``: some
        snapshots' (undone, bytes) as read already: the very snapshot the next range begins from."""
        self.log = log
        heads = log.snapshot_headers(log.last()[0]) if log.has_snapshots else ()
        self.pending = {seq: undone for seq, undone in heads
                        if within is None or within[0] <= seq <= within[1]}
        self.read = read or {}
        self.pending.update({seq: undone for seq, (undone, _data) in self.read.items()})
        self.bad: list[int] = []

    def _data(self, seq: int) -> bytes:
        return self.read[seq][1] if seq in self.read else self.log.snapshot_data(seq)

    def reached(self, seq: int, board: GameState, undone: set[int]) -> None:
        """The re-executed ``board`` after ``seq``, ``undone`` the commands undone by then."""
        stored = self.pending.pop(seq, None)
        if stored is None:
            return
        data = self._data(seq)
        if not SN.bound(data):
            return  # written before snapshots were bound: never used, so never judged
        body = SN.body(data, self.log.hash_at(seq), stored)
        if (
            body is None
            or body != SN.encoded(board)
            or stored != msgspec.json.encode(sorted(undone)).decode()
        ):
            self.bad.append(seq)

    def forged(self) -> list[int]:
        """Seqs of bound snapshots that hold another board, or sit where no command ended."""
        rest = [seq for seq in self.pending if SN.bound(self._data(seq))]
        return sorted(self.bad + rest)
