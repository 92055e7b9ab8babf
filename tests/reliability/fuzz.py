"""Harness 4, stateful fuzzing: a hypothesis RuleBasedStateMachine over one game.

Rules: legal commands (from game.legal(), arguments drawn), illegal ones
(mutations of legal ones, sent as JSON the way `turnlog play` sends them),
undo with and without a referee override, redo, fork, reopen, snapshot and
revealing the seed. Invariants after every step:

- replay equals the live state (with and without snapshots);
- a refused command appends nothing and leaves the live state as it was;
- the log only grows: every row seen before is still there, unchanged, and the chain verifies;
- every unit exists exactly once: on one hex, in one box, or in the force pool;
- dice never change: a seeded roll's key always gives the same value (the seed's), undo or not.

At the end of each example engine.verify must pass (every command re-executed).
An engine crash (an exception that is not a refusal) fails the run unless it is
a KNOWN_BUGS entry, each of which has a strict-xfail test in tests/regressions/.
"""
from __future__ import annotations

import itertools
import shutil
import tempfile
from collections import Counter
from pathlib import Path

import msgspec
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test

import turnlog.engine.game as engine_game
from turnlog.engine import commands as c
from turnlog.engine import dice as D
from turnlog.engine import identity
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.codec import decode
from turnlog.events.game import DieRolled
from turnlog.projections.state import dump

from . import play
from .common import SEED

#: Crashes already reported, as (predicate on (command, exception), regression test that pins it).
KNOWN_BUGS: list = [
    # (predicate(cmd, exc), regression file) for crashes already pinned; the stale-attrition KeyError is fixed
    # (engine/attrition/procedure.py gates every command on the current player turn's attrition phase).
]

FIGURES: Counter = Counter()
SCENARIO = play.fuzz_scenario()
REFUSALS = (RuleViolation, CommandError)


class DataChooser(play.Chooser):
    """The Chooser interface drawn from hypothesis data, so failing examples shrink."""

    def __init__(self, data):
        self.data = data

    def choice(self, items):
        return self.data.draw(st.sampled_from(list(items)))

    def chance(self, p: float) -> bool:
        return self.data.draw(st.integers(0, 99)) < p * 100

    def integer(self, lo: int, hi: int) -> int:
        return self.data.draw(st.integers(lo, hi))

    def subset(self, items, max_size=None):
        items = list(items)
        if not items:
            return []
        return self.data.draw(st.lists(st.sampled_from(items), unique=True,
                                       max_size=min(len(items), max_size if max_size is not None else len(items))))


class GameMachine(RuleBasedStateMachine):
    """One game driven by random commands; see the module docstring for the invariants."""

    def __init__(self):
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="turnlog-fuzz-"))
        self.files = 0
        self.saved_every = engine_game.SNAPSHOT_EVERY
        engine_game.SNAPSHOT_EVERY = 7  # snapshots are taken (and must be harmless) in small games too
        # identities and fork nonces counted, not random: a fork switched to rolls dice of its own
        # identity, and a replayed example (hypothesis shrinking it) must roll the same ones
        self.saved_new_id = identity.new_id
        made = itertools.count(1)
        identity.new_id = lambda: f"{next(made):032x}"
        self.game = Game.create(self._path(), SCENARIO, seed=SEED)
        self.unit_ids = set(self.game.state.units)
        self.rows: list[tuple] = []  # every log row seen so far, by seq - 1
        self.rolls: dict[str, int] = {}
        self.scan()
        FIGURES["examples"] += 1

    def _path(self) -> Path:
        self.files += 1
        return self.dir / f"g{self.files}.db"

    def teardown(self):
        try:
            if getattr(self, "game", None) is not None:
                rep = verify(self.game)
                assert rep.ok, f"engine.verify: {rep.problem} {rep.discrepancy}"
                FIGURES["verified_games"] += 1
                self.game.close()
        finally:
            engine_game.SNAPSHOT_EVERY = self.saved_every
            identity.new_id = self.saved_new_id
            shutil.rmtree(self.dir, ignore_errors=True)

    # -- helpers ----------------------------------------------------------------

    def attempt(self, what: str, fn, cmd=None):
        """Run fn; a refusal must leave the log and the live state untouched."""
        g = self.game
        before = (g.log.last(), len(g.log.commands()), dump(g.state))
        FIGURES["steps"] += 1
        try:
            out = fn()
        except REFUSALS:
            FIGURES[f"{what}_refused"] += 1
            assert (g.log.last(), len(g.log.commands()), dump(g.state)) == before, "a refusal wrote something"
            return None
        except Exception as exc:
            known = [path for pred, path in KNOWN_BUGS if pred(cmd, exc)]
            if not known:
                raise
            FIGURES[f"known_bug_hits:{known[0]}"] += 1
            assert (g.log.last(), len(g.log.commands()), dump(g.state)) == before, "a crash wrote something"
            return None
        FIGURES[f"{what}_accepted"] += 1
        return out

    def scan(self) -> None:
        """Read the rows appended since the last scan; check dice and the unchanged prefix."""
        g = self.game
        rows = list(g.log.full_rows())
        assert len(rows) >= len(self.rows), "the log shrank"
        assert rows[:len(self.rows)] == self.rows, "a stored row changed"
        for r in rows[len(self.rows):]:
            if r[2] == "AttritionPhaseChanged":
                FIGURES[f"phase_reached:{msgspec.json.decode(r[4])['phase']}"] += 1
            if r[2] == "DieRolled":
                ev = decode(r[2], r[3], r[4])
                if not ev.entered:
                    seed = D.keyed(SEED, g.state.dice_id)  # a fork's dice are its own
                    assert ev.value == D.face(seed, ev.key, g.state.die), f"roll {ev.key} is not the seed's"
                    if ev.key in self.rolls:
                        FIGURES["rerolls_same_key"] += 1
                        assert self.rolls[ev.key] == ev.value, f"roll {ev.key} changed after undo"
                    self.rolls[ev.key] = ev.value
        self.rows = rows

    # -- rules ------------------------------------------------------------------

    @rule(data=st.data(), n=st.integers(1, 8))
    def legal_commands(self, data, n):
        for _ in range(n):  # a burst, so that games get deep enough to reach the later phases
            cmd = play.legal_command(DataChooser(data), self.game)
            FIGURES[f"cmd:{type(cmd).__name__}"] += 1
            self.attempt("legal", lambda: self.game.execute(cmd), cmd)

    @rule(data=st.data())
    def roll_undo_reroll(self, data):
        """Roll a seeded die, undo it with a referee override, roll again: the same face."""
        g = self.game
        ready = sorted(p.id for p in g.state.attritions.values() if p.phase == "roll")
        if not ready:
            return
        cmd = c.RollAttritionDie(procedure=DataChooser(data).choice(ready))
        first = self.attempt("legal", lambda: g.execute(cmd), cmd)
        if first is None or self.attempt("undo", lambda: g.undo(override=True, referee="umpire")) is None:
            return
        again = self.attempt("legal", lambda: g.execute(cmd), cmd)
        if again is not None:
            die = lambda pairs: next(e for _s, e in pairs if isinstance(e, DieRolled))  # noqa: E731
            assert (die(first).key, die(first).value) == (die(again).key, die(again).value), "undo changed a die"
            FIGURES["reroll_after_override_undo"] += 1

    @rule(data=st.data())
    def illegal_command(self, data):
        ch = DataChooser(data)
        cmd = play.mutate(ch, self.game, play.legal_command(ch, self.game))
        if isinstance(cmd, dict) and ch.chance(0.1):
            cmd = msgspec.json.encode(cmd).decode()[:-3]  # truncated JSON
        self.attempt("illegal", lambda: self.game.execute(cmd), cmd)

    @rule(override=st.booleans(), referee=st.sampled_from(["", "umpire"]))
    def undo(self, override, referee):
        self.attempt("undo", lambda: self.game.undo(override=override, referee=referee, reason="fuzz"))

    @rule()
    def redo(self):
        self.attempt("redo", lambda: self.game.redo())

    @rule(data=st.data())
    def reveal_seed(self, data):
        if DataChooser(data).chance(0.15):
            self.attempt("reveal", lambda: self.game.execute(c.RevealSeed()))

    @rule(data=st.data(), switch=st.booleans())
    def fork(self, data, switch):
        g = self.game
        setup_end = g.log.commands()[0][6]
        lo = 1 if DataChooser(data).chance(0.1) else setup_end
        at = data.draw(st.integers(lo, g.log.last()[0]))
        to = self._path()
        f = self.attempt("fork", lambda: g.fork(at, to, with_seed=True))  # the player holds the seed
        if f is None:
            assert not to.exists(), "a refused fork left a file"
            return
        cut = f.state.seq - 1  # the fork's own row (ForkGame, its identity) follows the cut
        assert f.log.commands()[-1][2] == "ForkGame" and f.state.game_id != g.state.game_id
        before = g.at(cut)
        assert f.state.dice_id == f.state.game_id, "the fork's dice are not its own"
        at_cut = msgspec.structs.replace(f.state, game_id=before.game_id, dice_id=before.dice_id, seq=cut)
        assert cut <= at and at_cut == before, \
            "the fork differs from the game at its cut"
        assert list(f.log.full_rows())[:cut] == self.rows[:cut], "the fork's rows differ from the original's"
        assert f.log.verify_chain()[1] is None
        if switch:
            g.close()
            self.game, self.rows = f, list(f.log.full_rows())
            self.rolls = {}
            self.scan()
        else:
            f.close()

    @rule()
    def reopen(self):
        g = self.game
        live = dump(g.state)
        g.close()
        self.game = Game.open(g.log.path)
        FIGURES["reopened"] += 1
        assert dump(self.game.state) == live, "the reopened game differs from the live one"

    @rule()
    @precondition(lambda self: self.game.state.seq > 0)
    def snapshot(self):
        self.game.snapshot()
        FIGURES["snapshots"] += 1

    # -- invariants ---------------------------------------------------------------

    @invariant()
    def replay_equals_live(self):
        g = self.game
        assert g.state == g.at(use_snapshots=False), "replay from zero differs from the live state"
        assert g.state == g.at(), "the snapshot-assisted replay differs from the live state"

    @invariant()
    def every_unit_once(self):
        s = self.game.state
        assert set(s.units) == self.unit_ids, "units appeared or vanished"
        for u in s.units.values():
            assert not (u.hex and u.box), f"{u.id} is both on {u.hex} and in {u.box}"
            assert not u.hex or u.hex in s.hexes, f"{u.id} is on an undefined hex {u.hex}"
            assert not u.box or u.box in s.boxes, f"{u.id} is in an undefined box {u.box}"
            assert not u.eliminated or u.in_pool, f"{u.id} is eliminated but still on the board"

    @invariant()
    def log_only_grows_and_dice_hold(self):
        self.scan()
        assert self.game.log.verify_chain()[1] is None


def fuzz_settings(examples: int, steps: int) -> settings:
    return settings(max_examples=examples, stateful_step_count=steps, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much], print_blob=True)


def run(large: bool = False, examples: int | None = None, steps: int | None = None, **_kw) -> dict:
    examples = examples or (300 if large else 15)
    steps = steps or (60 if large else 25)
    FIGURES.clear()
    import time
    t0 = time.perf_counter()
    run_state_machine_as_test(GameMachine, settings=fuzz_settings(examples, steps))
    fig = {"examples": FIGURES["examples"], "steps": FIGURES["steps"], "invariant_failures": 0,
           "seconds": round(time.perf_counter() - t0, 1)}
    fig.update(sorted((k, v) for k, v in FIGURES.items() if k not in fig))
    return fig
