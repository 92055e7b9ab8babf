"""Playing JSON-lines commands onto a game, and the text the commands print (engine/faces/cli/app.py, demo.py).

``play_lines`` is `turnlog play`'s loop and the demo's: each line executed and narrated, a ``!`` line judged
without writing; the first unexpected refusal stops it with the lines before it committed.
"""
from __future__ import annotations

import sqlite3
import sys

from turnlog.events.log import ConcurrencyError, LogError
from turnlog.projections import narrative

from ... import commands as c
from ...errors import CommandError, RuleViolation
from ...errors import sqlite_failure as _environment
from ...game import Game
from ...seats import seat_of
from .keys import unwrap

EXIT_REFUSED = 2


def print_events(pairs, out=None, actor: str | None = None) -> None:
    """Print (seq, event) pairs as narrative lines, as ``actor`` reads them."""
    for seq, ev in pairs:
        print(f"  {seq:>6}  {narrative.line(ev, actor)}", file=out or sys.stdout)


def printable_text(text: str) -> str:
    """A multi-line human-readable output with every control character but its line breaks escaped."""
    return narrative.printable(text, keep="\n")


class _Judged(Exception):
    """A command passed every check of Game.execute; the dry run stops before the append."""


def judge(g: Game, cmd: c.Command, actor: str = "", signer=None) -> RuleViolation | None:
    """The refusal ``cmd`` would get on the live game, or None if it would be accepted; writes nothing.

    The command goes through Game.execute itself (rules, automatic consequences, undo and redo
    checks), with the log's append replaced by a stop: a failed commit reloads the live state.
    """
    def stop(*_a, **_k):
        raise _Judged
    g.log.append = stop  # type: ignore[method-assign]  # this Game is judged, never written
    try:
        g.execute(cmd, actor=actor, signer=signer)
    except _Judged:
        return None
    except RuleViolation as err:
        return err
    finally:
        del g.log.append
    return None  # pragma: no cover - execute either appends or raises


def play_lines(g: Game, lines, actor: str = "", out=None, after=None) -> int:
    """Execute JSON-lines commands; stop at the first refusal (earlier lines stay committed).

    A ``!`` line is a command the script expects to be refused: it is judged without writing, so a
    command the rules accept after all is reported and never stored. ``after(command)`` is called
    once each command is written (the demo prints the board there).
    """
    out = out or sys.stdout
    seated = bool(g.state.seats.factions)  # say who plays; a hot-seat game prints as before
    if seated:
        print(narrative.printable(f"as {actor_label(g, actor)}"), file=out)
    for n, line in enumerate(lines, 1):
        line = line.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        expect = line.startswith("!")  # a scripted command that must be refused (tutorials, demos)
        line = line.lstrip("!").strip()
        try:
            cmd, who, signer = unwrap(g, line, actor)  # a mailed signed line is its signer's
            if seated and who != actor:  # recorded as its signer's: say so, not the typist's seat
                said = f"as {actor_label(g, who)}, by the signed line's own signature"
                print(narrative.printable(said), file=out)
            print(narrative.printable(f"> {line}"), file=out)
            if expect:
                refusal = judge(g, cmd, who, signer)
                if refusal is None:
                    print(f"line {n}: expected a refusal, but the rules accept this command; "
                          "it was not written", file=sys.stderr)
                    return EXIT_REFUSED
                raise refusal
            events = g.execute(cmd, actor=who, signer=signer)
            print_events(events, out, who)
            if after is not None:
                after(cmd)
        except ConcurrencyError as err:
            raise ConcurrencyError(f"line {n}: {err}; the lines before it are written, this one is not") from None
        except LogError as err:  # a read-only game, say: name the line, as for every other failure
            raise LogError(f"line {n}: {err}") from None
        except sqlite3.Error as err:
            print(f"line {n}: error: {_environment(err)}; the lines before it are written", file=sys.stderr)
            return 1
        except RuleViolation as err:
            if expect:
                print(narrative.printable(f"  refused, as expected, by rule {err.rule}: {err.message}"), file=out)
                continue
            print(narrative.printable(f"line {n}: refused by rule {err.rule}: {err.message}"), file=sys.stderr)
            return EXIT_REFUSED
        except CommandError as err:
            print(narrative.printable(f"line {n}: bad command: {err}"), file=sys.stderr)
            return EXIT_REFUSED
    return 0


def issuers(g: Game, start: int, stop: int | None) -> dict[int, tuple[str, str]]:
    """First seq of each command in start..stop -> (its actor, the seat it holds), in a seated game.

    A hot-seat game lists exactly as before (nothing is read)."""
    out: dict[int, tuple[str, str]] = {}
    if not g.state.seats.factions:
        return out
    for _cid, actor, *_rest, first, _last in g.log.commands():
        if first >= start and (stop is None or first <= stop):
            out[first] = (actor or "", seat_of(g.state, actor or ""))
    return out


def actor_label(g: Game, actor: str) -> str:
    """An actor and, in a seated game, the seat it holds: "alice (AX)"."""
    seat = seat_of(g.state, actor)
    return (actor or "(no actor named)") + (f" ({seat})" if seat else "")


def report_text(rep, path: str = "") -> str:
    from ..verify_report import text
    return text(rep, path)

