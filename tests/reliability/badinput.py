"""Harness 5, bad input through the CLI: each case names its problem, exits non-zero, writes nothing.

Every case builds its files in a fresh directory, runs ``engine.cli.main(argv)``
in-process (stdout/stderr captured; an exception escaping main() is a
traceback, i.e. a failure), and compares the directory before and after: the
game's rows (events, commands, meta, snapshots) for SQLite files, the bytes for
anything else, and the list of files. ``run()`` also runs a few cases through
the installed ``turnlog`` console script to confirm real exit statuses.
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import msgspec

from turnlog.engine.faces.cli import main as cli_main
from turnlog.events.log import FORMATS, EventLog

from .common import new_game


@dataclass
class Case:
    name: str
    setup: Callable[[Path], list[str]]  # builds files in the directory, returns argv
    exit: int  # expected status (2 refused/bad input, 1 an unreadable file; argparse errors are 2)
    says: list[str]  # lower-case fragments the message must contain
    written: int = 0  # commands a `play` case may commit before its bad line
    known_bug: str = ""  # set when the case documents an open bug (a strict xfail in the tests)
    tags: list[str] = field(default_factory=list)


def _game(d: Path) -> str:
    new_game(d / "g.db").close()
    return str(d / "g.db")


def _play(lines: list[str]) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        db = _game(d)
        (d / "cmds.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        return ["play", "--db", db, str(d / "cmds.jsonl")]
    return setup


def _secret_there(d: Path) -> list[str]:
    (d / "new.db.AX.secret").write_text("11" * 32 + "\n")
    return ["new", "bridgehead-14-65", "--db", str(d / "new.db"), "--joint-dice", "AX,AL"]


def _share_foreign(d: Path) -> list[str]:
    from turnlog.engine import scenario as S
    from turnlog.engine.faces.cli.dice import create_joint_game
    create_joint_game(d / "j.db", S.load("bridgehead-14-65"), ["AX", "AL"])[0].close()
    (d / "other.secret").write_text("22" * 32 + "\n")
    return ["share", "--db", str(d / "j.db"), "--secret-file", str(d / "other.secret"), "--key", "k"]


def _existing_secret(d: Path) -> list[str]:
    (d / "mine.secret").write_text("33" * 32 + "\n")
    return ["secret", "--output", str(d / "mine.secret")]


def _on_db(make: Callable[[Path], Path], cmd: str = "show") -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        return [cmd, "--db", str(make(d))]
    return setup


def _text_file(d: Path) -> Path:
    (d / "notes.db").write_text("these are my notes, not a game\n" * 40)
    return d / "notes.db"


def _empty_file(d: Path) -> Path:
    (d / "empty.db").write_bytes(b"")
    return d / "empty.db"


def _truncated(d: Path) -> Path:
    db = Path(_game(d))
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    return db


def _header_only(d: Path) -> Path:
    db = Path(_game(d))
    db.write_bytes(db.read_bytes()[:100])
    return db


def _other_sqlite(d: Path) -> Path:
    conn = sqlite3.connect(d / "other.db")
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    return d / "other.db"


def _newer_event(d: Path) -> Path:
    db = Path(_game(d))
    log = EventLog(db)
    last = log.last()[0]
    log.append([("NoteAdded", 99, '{"type":"NoteAdded","text":"from the future"}', False)], expected_seq=last,
               command_type="AddNote", payload="{}")
    log.close()
    return db


def _unknown_event_type(d: Path) -> Path:
    db = Path(_game(d))
    log = EventLog(db)
    log.append([("ArtilleryFired", 1, '{"type":"ArtilleryFired"}', False)], expected_seq=log.last()[0],
               command_type="Fire", payload="{}")
    log.close()
    return db


def _newer_format(d: Path) -> Path:
    db = Path(_game(d))
    conn = sqlite3.connect(db)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (str(FORMATS[-1] + 1),))  # past the newest read
    conn.commit()
    conn.close()
    return db


def _scenario(doc_edit: Callable[[dict], None], ext: str = "json") -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        from .play import fuzz_scenario
        doc = msgspec.to_builtins(fuzz_scenario())
        doc_edit(doc)
        p = d / f"bad.{ext}"
        p.write_bytes(msgspec.json.encode(doc))
        return ["new", str(p), "--db", str(d / "new.db")]
    return setup


def _cycle(doc):
    doc["nationalities"][0]["major"] = "FI"
    doc["nationalities"][1]["major"] = "GE"


def _raw(text: str, ext: str) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        (d / f"bad.{ext}").write_text(text)
        return ["new", str(d / f"bad.{ext}"), "--db", str(d / "new.db")]
    return setup


CASES: list[Case] = [
    # -- play: JSON lines --------------------------------------------------------
    Case("play: malformed JSON", _play(['{"type": AddNote, "text": "x"}']), 2, ["line 1", "json is malformed"]),
    Case("play: truncated JSON", _play(['{"type": "AddNote", "text": "x"']), 2, ["line 1", "truncated"]),
    Case("play: malformed second line", _play(['{"type": "AddNote", "text": "ok"}', '{"type": "AddNote",']),
         2, ["line 2", "truncated"], written=1),
    Case("play: not an object", _play(['["AddNote", "x"]']), 2, ["line 1", "object", "array"]),
    Case("play: unknown command", _play(['{"type": "Teleport", "unit": "ge-1"}']), 2, ["teleport", "known commands"]),
    Case("play: unknown field", _play(['{"type": "AddNote", "text": "x", "colour": "red"}']), 2,
         ["unknown field", "colour"]),
    Case("play: missing field", _play(['{"type": "MoveUnit", "hex": "0301"}']), 2, ["missing required field", "unit"]),
    Case("play: wrong type", _play(['{"type": "AddNote", "text": 5}']), 2, ["text", "expected str, got int"]),
    Case("play: wrong type nested", _play(['{"type": "BeginAttrition", "attacker": "AX", "zone": "z", "exclude": "ge-1"}']),
         2, ["exclude", "expected array, got str"]),
    Case("play: unknown unit", _play(['{"type": "MoveUnit", "unit": "nope", "hex": "0505"}']), 2, ['no unit "nope"']),
    Case("play: unknown hex", _play(['{"type": "MoveUnit", "unit": "ge-pz-1", "hex": "9999"}']), 2, ['no hex "9999"']),
    Case("play: unknown faction", _play(['{"type": "SetControl", "hex": "0505", "faction": "XX"}']), 2,
         ['no faction "xx"']),
    Case("play: unknown procedure", _play(['{"type": "RollAttritionDie", "procedure": "A9"}']), 2,
         ['no attrition "a9"']),
    Case("play: unknown zone", _play(['{"type": "BeginAttrition", "attacker": "AX", "zone": "nowhere"}']), 2,
         ['no attrition zone "nowhere"']),
    Case("play: die out of range", _play(['{"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}',
                                          '{"type": "RollAttritionDie", "procedure": "A1", "value": 42}']),
         2, ["line 2", "42", "not a face"], written=1),
    Case("play: wrong enum value", _play(['{"type": "SetSupply", "unit": "ge-pz-1", "supply": "plenty"}']), 2,
         ["supply", "plenty"]),
    Case("play: invalid UTF-8", lambda d: (_play([])(d), (d / "cmds.jsonl").write_bytes(b'{"type": "AddNote", "text": "\xff\xfe"}\n'))[0],
         2, ["utf-8"]),
    Case("play: missing commands file", lambda d: ["play", "--db", _game(d), str(d / "nope.jsonl")], 2,
         ["nope.jsonl"]),
    # -- --db files ----------------------------------------------------------------
    Case("db: no such file", lambda d: ["show", "--db", str(d / "nope.db")], 1, ["no such game file"]),
    Case("db: text file", _on_db(_text_file), 1, ["not a turnlog game"]),
    Case("db: empty file", _on_db(_empty_file), 1, ["not a turnlog game"]),
    Case("db: truncated game", _on_db(_truncated), 1, ["g.db"]),
    Case("db: header only", _on_db(_header_only), 1, ["g.db"]),
    Case("db: another SQLite database", _on_db(_other_sqlite), 1, ["missing tables"]),
    Case("db: a directory", lambda d: ["show", "--db", str(d)], 1, ["not a turnlog game"]),
    Case("db: newer event version", _on_db(_newer_event), 1, ["noteadded v99", "newer turnlog"]),
    Case("db: newer event version, play", lambda d: ["play", "--db", str(_newer_event(d)), "-"], 1,
         ["noteadded v99", "newer turnlog"]),
    Case("db: unknown event type", _on_db(_unknown_event_type), 1, ["unknown event type", "artilleryfired"]),
    Case("db: newer log format", _on_db(_newer_format), 1, ["log format", "newer"]),
    Case("db: newer log format, verify", _on_db(_newer_format, "verify"), 1, ["log format", "newer"]),
    # -- scenarios -------------------------------------------------------------------
    Case("scenario: reference cycle", _scenario(_cycle), 2, ["nationalities[0].major", "reference cycle"]),
    Case("scenario: duplicate unit id", _scenario(lambda s: s["units"].append(dict(s["units"][0]))), 2,
         ["units[14].id", "duplicate unit id 'ge-1'"]),
    Case("scenario: duplicate hex id", _scenario(lambda s: s["hexes"].append(dict(s["hexes"][0], col=9, row=9))),
         2, ["hexes[24].id", "duplicate hex id '0101'"]),
    Case("scenario: wrong type", _scenario(lambda s: s["units"][3].update(factors="x")), 2,
         ["units[3].factors", "expected int, got str"]),
    Case("scenario: broken reference", _scenario(lambda s: s["units"][2].update(hex="9999")), 2,
         ['units[2].hex', 'no hex "9999"']),
    Case("scenario: unknown field", _scenario(lambda s: s["units"][0].update(colour="grey")), 2,
         ["units[0]", "unknown field", "colour"]),
    Case("scenario: bad TOML", _raw('name = "x"\n[[units]\nid = 1\n', "toml"), 2, ["not valid toml"]),
    Case("scenario: bad JSON", _raw('{"name": "x", ', "json"), 2, ["not valid json", "truncated"]),
    Case("scenario: unknown format", _raw("name: x\n", "yaml"), 2, ["unknown scenario format", "yaml"]),
    Case("scenario: no such file", lambda d: ["new", str(d / "nope.toml"), "--db", str(d / "new.db")], 2,
         ["no such scenario file"]),
    Case("new: onto an existing game", lambda d: ["new", "bridgehead-14-65", "--db", _game(d)], 2,
         ["already exists"]),
    Case("new: seed not hex", lambda d: ["new", "bridgehead-14-65", "--db", str(d / "new.db"), "--seed", "xyz",
                                         "--public-seed"], 2, ["seed"]),
    Case("new: seed too short", lambda d: ["new", "bridgehead-14-65", "--db", str(d / "new.db"), "--seed", "abcd",
                                           "--public-seed"], 2, ["seed", "128 bits"]),
    # -- dice that players cannot predict ----------------------------------------------
    Case("new: a seed given by hand, not marked public", lambda d: ["new", "bridgehead-14-65", "--db",
                                                                    str(d / "new.db"), "--seed", "00" * 32], 2,
         ["--seed", "not secret", "--public-seed"]),
    Case("new: --public-seed without a seed", lambda d: ["new", "bridgehead-14-65", "--db", str(d / "new.db"),
                                                         "--public-seed"], 2, ["--public-seed", "--seed"]),
    Case("new: joint dice with one holder", lambda d: ["new", "bridgehead-14-65", "--db", str(d / "new.db"),
                                                       "--joint-dice", "AX"], 2, ["at least two holders"]),
    Case("new: joint dice with a seed", lambda d: ["new", "bridgehead-14-65", "--db", str(d / "new.db"),
                                                   "--joint-dice", "--seed", "00" * 32], 2, ["no single seed"]),
    Case("new: joint dice, a bad public key file", lambda d: ["new", "bridgehead-14-65", "--db", str(d / "new.db"),
                                                              "--joint-dice", "AX,AL=abc"], 2,
         ["al=abc", "public key file"]),
    Case("new: joint dice, an old-mode commitment", lambda d: ["new", "bridgehead-14-65", "--db",
                                                               str(d / "new.db"), "--joint-dice", "AX,AL=" + "ab" * 32],
         2, ["sha-256 commitment", "turnlog secret"]),
    Case("new: joint dice onto another game's secret", lambda d: _secret_there(d), 2, ["already exists"]),
    Case("share: a game with one seed", lambda d: ["share", "--db", _game(d), "--key", "k"], 2, ["one seed"]),
    Case("share: a secret of another game", lambda d: _share_foreign(d), 2, ["matches no holder"]),
    Case("secret: onto an existing file", lambda d: _existing_secret(d), 2, ["already exists"]),
    # -- other verbs -------------------------------------------------------------------
    Case("show: --at beyond the log", lambda d: ["show", "--db", _game(d), "--at", "99999"], 2, ["outside the log"]),
    Case("show: --at not a number", lambda d: ["show", "--db", _game(d), "--at", "ten"], 2, ["invalid int value"]),
    Case("fork: onto an existing file", lambda d: ["fork", "--db", _game(d), "--at", "23", "--to", str(_text_file(d))],
         2, ["already exists"]),
    Case("fork: inside the setup", lambda d: ["fork", "--db", _game(d), "--at", "3", "--to", str(d / "f.db")], 2,
         ["before the end of the scenario"]),
    Case("undo: nothing to undo", lambda d: ["undo", "--db", _game(d)], 2, ["nothing to undo"]),
    Case("redo: nothing to redo", lambda d: ["redo", "--db", _game(d)], 2, ["nothing to redo"]),
]


# -- bounded inputs, environment failures, controls, scenario domains ----------------------------------------

_CLEANUPS: list[Callable[[], None]] = []  # undone after each case (read-only mounts)
NOTE = '{"type": "AddNote", "text": "x"}'
BEGIN = '{"type": "BeginAttrition", "attacker": "AX", "zone": "WA/western/0505"}'


class CannotSetUp(Exception):
    """This machine cannot build the case (root without mount rights cannot make a file read-only)."""


def _read_only(path: Path) -> None:
    """Make ``path`` read-only for this process until the case ends (a bind mount for root, who ignores modes)."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(mode & 0o555)
        _CLEANUPS.append(lambda: path.chmod(mode))
        return
    try:
        subprocess.run(["mount", "--bind", str(path), str(path)], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as err:
        raise CannotSetUp(f"cannot bind-mount {path} read-only here ({err})") from None
    _CLEANUPS.append(lambda: subprocess.run(["umount", str(path)], capture_output=True))
    if subprocess.run(["mount", "-o", "remount,ro,bind", str(path)], capture_output=True).returncode:
        raise CannotSetUp(f"cannot remount {path} read-only here")


def _ro_game(cmd: str, where: str = "file") -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        db = _game(d)
        cmds = d / "cmds.jsonl"
        cmds.write_text(NOTE + "\n")
        _read_only(Path(db) if where == "file" else d)
        return [cmd, "--db", db] + ([str(cmds)] if cmd == "play" else [])
    return setup


def _stale_wal(cmd: str) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        db = _game(d)
        child = ("import os, sys\nfrom turnlog.engine.game import Game\n"
                 "g = Game.open(sys.argv[1]); g.execute({'type': 'AddNote', 'text': 'w'}); os._exit(0)\n")
        subprocess.run([sys.executable, "-c", child, db], check=True)
        for side in ("-wal", "-shm"):
            _read_only(Path(db + side))
        (d / "cmds.jsonl").write_text(NOTE + "\n")
        return [cmd, "--db", db] + ([str(d / "cmds.jsonl")] if cmd == "play" else [])
    return setup


def _seed(content: Callable[[Path], None], cmd: str = "log") -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        db = _game(d)
        seed = Path(db + ".seed")
        seed.unlink()
        content(seed)
        return [cmd, "--db", db]
    return setup


def _play_bytes(data: bytes) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        db = _game(d)
        (d / "cmds.jsonl").write_bytes(data)
        return ["play", "--db", db, str(d / "cmds.jsonl")]
    return setup


def _million_hexes(d: Path) -> list[str]:
    head = ('{"name": "big", "factions": [{"id": "AX", "side": "axis"}], "nationalities": [{"id": "GE", '
            '"faction": "AX"}], "turn": {"season": "summer", "year": 1941, "active": "AX"}, "hexes": [')
    with (d / "big.json").open("w") as f:
        f.write(head + ",".join(f'{{"id":"{i:x}","col":{i % 1000},"row":{i // 1000}}}' for i in range(1_000_000)))
        f.write("]}")
    return ["new", str(d / "big.json"), "--db", str(d / "big.db")]


def _scenario_set(path: str, value) -> Callable[[dict], None]:
    def edit(doc: dict) -> None:
        target, keys = doc, path.split(".")
        for k in keys[:-1]:
            target = target[int(k)] if k.isdigit() else target[k]
        target[keys[-1]] = value
    return edit


INPUTS_AND_ENVIRONMENT = [
    Case("play: /dev/zero", lambda d: ["play", "--db", _game(d), "/dev/zero"], 2,
         ["character device, not a commands file"], tags=["10.5", "28.2"]),
    Case("new: /dev/zero", lambda d: ["new", "/dev/zero", "--db", str(d / "z.db")], 2,
         ["character device, not a scenario file"], tags=["10.5", "28.2"]),
    Case("import: /dev/zero", lambda d: ["import", "/dev/zero", "--db", str(d / "z.db")], 2,
         ["character device, not an export"], tags=["10.5", "28.2"]),
    Case("scenario: a 1,000,000-hex map", _million_hexes, 2, ["limit"], tags=["10.5", "10.11"]),
    Case("scenario: a directory", lambda d: ["new", str(d), "--db", str(d / "n.db")], 2,
         ["a directory, not a scenario file"], tags=["10.8"]),
    Case("read-only game: log", _ro_game("log"), 0, ["attrition phase"], tags=["10.8"]),
    Case("read-only game: verify", _ro_game("verify"), 0, ["verified"], tags=["10.8"]),
    Case("read-only game: play", _ro_game("play"), 1, ["cannot write this game", "read-only"], tags=["10.8"]),
    Case("read-only directory: show", _ro_game("show", "dir"), 0, ["force pool"], tags=["10.8"]),
    Case("read-only directory: play", _ro_game("play", "dir"), 1, ["read-only", "nothing was written"],
         tags=["10.8"]),
    Case("read-only directory: new", lambda d: (_read_only(d), ["new", "bridgehead-14-65", "--db",
                                                                 str(d / "n.db")])[1], 1,
         ["the directory is read-only"], tags=["10.8"]),
    Case("stale read-only -wal/-shm: log", _stale_wal("log"), 0, ['"w"'], tags=["10.8"]),
    Case("stale read-only -wal/-shm: play", _stale_wal("play"), 1, ["g.db-wal", "read-only"], tags=["10.8"]),
    Case("seed: not hex, log", _seed(lambda p: p.write_text("zz\n")), 0, ["cannot be read (not a hex seed)"],
         tags=["10.8"]),
    Case("seed: a directory, log", _seed(lambda p: p.mkdir()), 0, ["cannot be read (a directory)"], tags=["10.8"]),
    Case("seed: a directory, reveal", _seed(lambda p: p.mkdir(), "reveal"), 2, ["refused by rule", "a directory"],
         tags=["10.8"]),
    Case("seed: another game's, log", _seed(lambda p: p.write_text("ab" * 32)), 0,
         ["does not match the commitment"], tags=["10.8"]),
    Case("seed: another game's, reveal", _seed(lambda p: p.write_text("ab" * 32), "reveal"), 2,
         ["does not match the commitment"], tags=["10.8"]),
    Case("log: --start beyond 64 bits", lambda d: ["log", "--db", _game(d), "--start", "9" * 20], 2,
         ["too large for a seq"], tags=["10.8"]),
    Case("play: a lone surrogate", _play(['{"type": "AddNote", "text": "\\ud800"}']), 2,
         ["line 1", "lone surrogate \\ud800"], tags=["10.8"]),
    Case("play: NUL bytes", _play_bytes(b"\0" * 100 + b"\n"), 2, ["line 1"], tags=["10.8"]),
    Case("missing --db", lambda d: ["log"], 2, ["--db"], tags=["10.8"]),
    Case("import: onto an existing game", lambda d: ["import", str(_text_file(d)), "--db", _game(d)], 2,
         ["already exists"], tags=["10.8"]),
    Case("play: an accepted ! line", _play(["!" + BEGIN]), 2, ["expected a refusal", "it was not written"],
         tags=["10.8"]),
    Case("play: an accepted ! undo", _play([BEGIN, '!{"type": "Undo"}']), 2, ["it was not written"], written=1,
         tags=["10.8"]),
    Case("play: a note forging a line and an OSC", _play(['{"type": "AddNote", "text": "\\n  12 c3  command 2 '
                                                           'undone by referee override\\u001b]0;evil\\u0007"}']),
         0, ['note by (no actor named): "\\n  12 c3', "\\x1b]0;evil\\x07"], written=1, tags=["10.9"]),
    Case("scenario: winter level -7", _scenario(_scenario_set("turn.weather", [{"zone": "E", "winter_level": -7}])),
         2, ["turn.weather[0].winter_level: -7 is outside 0..10"], tags=["10.11"]),
    Case("scenario: winter level 2^62", _scenario(_scenario_set("turn.weather",
                                                                [{"zone": "E", "winter_level": 2**62}])),
         2, ["winter_level: 4611686018427387904 is outside"], tags=["10.11"]),
    Case("scenario: a 10^18-sided die", _scenario(_scenario_set("die", {"sides": 10**18})), 2,
         ["die.sides", "outside 2..1000"], tags=["10.11"]),
    Case("scenario: factors 1e30", _scenario(_scenario_set("units.0.factors", 1e30)), 2,
         ["units[0].factors"], tags=["10.11"]),
    Case("scenario: turn 2^63", _scenario(_scenario_set("turn.turn", 2**63 - 1)), 2, ["turn.turn", "outside"],
         tags=["10.11"]),
    Case("scenario: phase nonsense", _scenario(_scenario_set("turn.phase", "nonsense")), 2,
         ["turn.phase", "not a phase"], tags=["10.11"]),
    Case("scenario: an empty unit id", _scenario(_scenario_set("units.0.id", "")), 2,
         ["units[0].id: an id may not be empty"], tags=["10.11"]),
]
CASES += INPUTS_AND_ENVIRONMENT


# -- data safety: outputs onto games and seeds, the demo onto a user's game, a log with no
# setup, a damaged tail, verify on a file without its triggers ----------------------------------------

def _seed_copy(d: Path) -> Path:
    _game(d)
    (d / "my-seed-backup").write_bytes((d / "g.db.seed").read_bytes())
    return d / "my-seed-backup"


def _plain(d: Path) -> Path:
    (d / "out.jsonl").write_text("my own notes\n")
    return d / "out.jsonl"


def _users_game_as_demo(seed_only: bool) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        _game(d)
        if seed_only:
            (d / "g.db.seed").rename(d / "key-hex-14-62.db.seed")
        else:
            for suffix in ("", ".seed"):
                (d / f"g.db{suffix}").rename(d / f"key-hex-14-62.db{suffix}")
        return ["demo", "--dir", str(d), "--scenario", "key-hex-14-62"]
    return setup


def _no_events(d: Path) -> Path:
    EventLog(d / "e.db", create=True).close()
    return d / "e.db"


def _damaged(how: str, cmd: str = "play", edit: tuple[str, str] = ("europe", "europa")
             ) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        db = Path(_game(d))
        if how == "cut":
            os.truncate(db, os.path.getsize(db) - 1)
        else:
            conn = sqlite3.connect(db)
            row = list(conn.execute("SELECT * FROM events WHERE seq = 23").fetchone())
            if how == "edited":
                conn.execute("DROP TRIGGER events_append_only_update")
                conn.execute("UPDATE events SET data = replace(data, ?, ?) WHERE seq = 23", edit)
            else:  # a row inserted by hand at the right seq, with a hash that does not chain
                row[0], row[1], row[6], row[11] = 24, row[1] + 1, "0" * 64, 24
                conn.execute(f"INSERT INTO events VALUES ({', '.join('?' * len(row))})", row)
            conn.commit()
            conn.close()
        (d / "cmds.jsonl").write_text(NOTE + "\n")
        return ["play", "--db", str(db), str(d / "cmds.jsonl")] if cmd == "play" else [cmd, "--db", str(db)]
    return setup


def _stripped(d: Path) -> list[str]:
    db = _game(d)
    conn = sqlite3.connect(db)
    for t in ("update", "delete", "insert"):
        conn.execute(f"DROP TRIGGER events_append_only_{t}")
    conn.execute("DROP TABLE snapshots")  # the fingerprint then falls back to the file's bytes
    conn.commit()
    conn.close()
    return ["verify", "--db", db]


def _empty_export(d: Path) -> list[str]:
    (d / "x.jsonl").write_text('{"turnlog": "export", "format": 3, "events": 0, "commands": 0}\n')
    return ["import", str(d / "x.jsonl"), "--db", str(d / "i.db")]


NEVER = ["never overwrites", "even with --force"]
EDGES = [
    Case("export: -o onto its own game", lambda d: ["export", "--db", _game(d), "-o", str(d / "g.db")], 2,
         ["sqlite database"] + NEVER, tags=["10.1"]),
    Case("export: -o onto its own game, --force", lambda d: ["export", "--db", _game(d), "-o", str(d / "g.db"),
                                                             "--force"], 2, ["sqlite database"] + NEVER, tags=["10.1"]),
    Case("show: --svg onto its own game, --force", lambda d: ["show", "--db", _game(d), "--svg", str(d / "g.db"),
                                                              "--force"], 2, ["--svg", "sqlite database"], tags=["10.1"]),
    Case("export: -o onto the seed, --force", lambda d: ["export", "--db", _game(d), "-o", str(d / "g.db.seed"),
                                                         "--force"], 2, ["dice-seed sidecar"] + NEVER, tags=["10.1"]),
    Case("export: -o onto a file holding a seed, --force", lambda d: ["export", "--db", str(_seed_copy(d) and d / "g.db"),
         "-o", str(d / "my-seed-backup"), "--force"], 2, ["looks like a dice seed"], tags=["10.1"]),
    Case("export: -o onto an existing file", lambda d: ["export", "--db", _game(d), "-o", str(_plain(d))], 2,
         ["already exists", "add --force"], tags=["10.1"]),
    Case("export: -o a directory", lambda d: ["export", "--db", _game(d), "-o", str(d), "--force"], 2,
         ["is a directory"], tags=["10.1"]),
    Case("demo: onto a user's game of its name", _users_game_as_demo(False), 2,
         ["not a game an earlier `turnlog demo` wrote", "will not replace it"], tags=["10.2"]),
    Case("demo: onto a user's seed file alone", _users_game_as_demo(True), 2,
         ["key-hex-14-62.db.seed already exists", "no game"], tags=["10.2"]),
    Case("new: beside a leftover seed with no game", lambda d: ((d / "n.db.seed").write_text("cd" * 32),
         ["new", "bridgehead-14-65", "--db", str(d / "n.db")])[1], 1,
         ["a seed file of another game", "no n.db beside it"], tags=["10.3"]),
    Case("log: a game with no events", _on_db(_no_events, "log"), 1, ["holds no game"], tags=["10.3"]),
    Case("play: a game with no events", lambda d: ["play", "--db", str(_no_events(d)), "-"], 1, ["holds no game"],
         tags=["10.3"]),
    Case("verify: a game with no events", _on_db(_no_events, "verify"), 1, ["setup", "not verified"],
         tags=["10.3"]),
    Case("import: an export with no GameCreated", _empty_export, 2, ["not gamecreated", "nothing imported"],
         tags=["10.3"]),
    Case("play: a file cut by one byte", _damaged("cut"), 1, ["refusing to append", "seq 23", "cut"],
         tags=["10.4"]),
    Case("play: a row edited by hand", _damaged("edited"), 1, ["refusing to append", "at seq 23"], tags=["10.4"]),
    Case("log: a row edited into no event", _damaged("edited", "log", ('"', ' "')), 1,
         ["seq 23 cannot be read", "verify"], tags=["10.4"]),
    Case("play: a row inserted by hand", _damaged("inserted"), 1, ["refusing to append", "at seq 24"],
         tags=["10.4"]),
    Case("verify: triggers and snapshots dropped", _stripped, 0,
         ["lacks its append-only triggers", "events_append_only_insert", "verified"], tags=["10.10"]),
]
CASES += EDGES


def _device(d: Path) -> Path:
    """A character device like /dev/null (1, 3) in the case's folder (never the real one)."""
    dev = d / "null"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except OSError as err:
        raise CannotSetUp(f"cannot make a device node here ({err})") from None
    return dev


def _fifo(d: Path) -> Path:
    os.mkfifo(d / "pipe")
    return d / "pipe"


def _dangling(d: Path) -> Path:
    (d / "link").symlink_to(d / "nowhere" / "x")
    return d / "link"


def _scenario_text(text: str, ext: str) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        (d / f"s.{ext}").write_text(text, encoding="utf-8")
        return ["new", str(d / f"s.{ext}"), "--db", str(d / "n.db")]
    return setup


def _joint_share(secret: Callable[[Path], Path]) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        from turnlog.engine import scenario as S
        from turnlog.engine.faces.cli.dice import create_joint_game
        create_joint_game(d / "j.db", S.load("bridgehead-14-65"), ["AX", "AL"])[0].close()
        return ["share", "--db", str(d / "j.db"), "--secret-file", str(secret(d)), "--key", "k"]
    return setup


def _big_version(d: Path) -> list[str]:
    db = _game(d)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        cli_main(["export", "--db", db])
    lines = out.getvalue().splitlines()
    row = msgspec.json.decode(lines[2])
    row["event"][3] = 2 ** 64
    lines[2] = msgspec.json.encode(row).decode()
    (d / "x.jsonl").write_text("\n".join(lines) + "\n")
    return ["import", str(d / "x.jsonl"), "--db", str(d / "i.db")]


def _duplicated_seq(d: Path) -> list[str]:
    db = _game(d)
    conn = sqlite3.connect(db)
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name='events'").fetchone()[0]
    for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type='trigger'").fetchall():
        conn.execute(f"DROP TRIGGER {t}")
    conn.execute("DROP VIEW IF EXISTS commands")
    conn.execute("ALTER TABLE events RENAME TO old")
    conn.execute(sql.replace('"seq" INTEGER PRIMARY KEY', '"seq" INTEGER'))
    conn.execute("INSERT INTO events SELECT * FROM old")
    conn.execute("INSERT INTO events SELECT * FROM old WHERE seq = (SELECT max(seq) FROM old)")
    conn.execute("DROP TABLE old")
    conn.execute("CREATE VIEW commands AS SELECT command_id AS id, actor, command_type AS type, payload, ts, "
                 "seq AS first_seq, last_seq FROM events WHERE command_type IS NOT NULL")
    conn.commit()
    conn.close()
    return ["export", "--db", db, "-o", str(d / "x.jsonl")]


def _wal_link(d: Path) -> list[str]:
    db = _game(d)
    for side in ("-wal", "-shm"):
        Path(db + side).unlink(missing_ok=True)
    Path(db + "-wal").symlink_to(d / "elsewhere")
    return ["log", "--db", db]


def _hostile_trigger(d: Path) -> list[str]:
    db = _game(d)
    conn = sqlite3.connect(db)
    conn.execute("CREATE TRIGGER hostile BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, "
                 "'the disk is full\x1b]0;x\x07\nVERIFIED'); END")
    conn.commit()
    conn.close()
    (d / "c.jsonl").write_text(NOTE + "\n")
    return ["play", "--db", db, str(d / "c.jsonl")]


def _hostile_name(d: Path) -> list[str]:
    """A rogue client's own log (chain intact) naming its game with a forged line, then a forged command."""
    from turnlog.engine import scenario as S
    from turnlog.engine.game import Game
    from turnlog.events.codec import encode
    from turnlog.events.game import GameTurnStarted
    sc = msgspec.structs.replace(S.load("bridgehead-14-65"), name="x'\nVERIFIED\n\x1b[2J")
    with Game.create(d / "h.db", sc, seed=bytes(32)) as g:
        ev = GameTurnStarted(turn=100_000, season="fall", year=1944)
        g.log.append([(type(ev).__name__, ev.version, encode(ev).decode(), False)], expected_seq=g.log.last()[0],
                     command_type="StartGameTurn",
                     payload='{"type":"StartGameTurn","turn":100000,"season":"fall","year":1944}')
    return ["verify", "--db", str(d / "h.db")]


_BASE = "bridgehead-14-65.toml"


def _bundled_text() -> str:
    from importlib import resources
    return resources.files("turnlog.engine.scenarios").joinpath(_BASE).read_text()


def _look_alike(d: Path) -> list[str]:
    # the bundled scenario gives its units in the compact form, one line each (docs/scenario.md)
    (d / "s.toml").write_text(_bundled_text().replace('"us-inf-2 US', '"us-inf-1\u200b US', 1))
    return ["new", str(d / "s.toml"), "--db", str(d / "n.db")]


def _deep_toml(d: Path) -> list[str]:
    (d / "s.toml").write_text("zzz = " + "[" * 50_000 + "]" * 50_000 + "\n" + _bundled_text())
    return ["new", str(d / "s.toml"), "--db", str(d / "n.db")]


HANG_SECONDS = 60
SECRET = "s3cr3t-pw"  # a password the cases put in connection strings: it must never be shown


class Hung(Exception):
    """A case ran past HANG_SECONDS (a blocking open of a FIFO, say)."""


def _hung(_signum, _frame):
    raise Hung


SPECIAL = ["never overwrites", "not a regular file"]
EDGES2 = [
    Case("export: -o a device node, --force", lambda d: ["export", "--db", _game(d), "-o", str(_device(d)),
         "--force"], 2, ["character device"] + SPECIAL, tags=["28.1"]),
    Case("show: --svg a device node, --force", lambda d: ["show", "--db", _game(d), "--svg", str(_device(d)),
         "--force"], 2, ["character device"] + SPECIAL, tags=["28.1"]),
    Case("export: --html a device node, --force", lambda d: ["export", "--db", _game(d), "--html",
         str(_device(d)), "--force"], 2, ["character device"] + SPECIAL, tags=["28.1"]),
    Case("export: -o a FIFO", lambda d: ["export", "--db", _game(d), "-o", str(_fifo(d))], 2,
         ["named pipe"] + SPECIAL, tags=["28.1"]),
    Case("show: --svg a FIFO, --force", lambda d: ["show", "--db", _game(d), "--svg", str(_fifo(d)), "--force"], 2,
         ["named pipe"] + SPECIAL, tags=["28.1"]),
    Case("export: -o a dangling symlink, --force", lambda d: ["export", "--db", _game(d), "-o", str(_dangling(d)),
         "--force"], 2, ["symbolic link", "does not exist"], tags=["28.1", "28.9"]),
    Case("play: a FIFO as the commands", lambda d: ["play", "--db", _game(d), str(_fifo(d))], 2,
         ["named pipe (fifo), not a commands file"], tags=["28.2"]),
    Case("new: a FIFO as the scenario", lambda d: ["new", str(_fifo(d)), "--db", str(d / "n.db")], 2,
         ["named pipe (fifo), not a scenario file"], tags=["28.2"]),
    Case("import: a FIFO as the export", lambda d: ["import", str(_fifo(d)), "--db", str(d / "i.db")], 2,
         ["named pipe (fifo), not an export"], tags=["28.2"]),
    Case("play: a FIFO as --key", lambda d: ["play", "--db", _game(d), "-", "--key", str(_fifo(d))], 2,
         ["cannot read the private key", "named pipe"], tags=["28.2"]),
    Case("play: a device as --key", lambda d: ["play", "--db", _game(d), "-", "--key", str(_device(d))], 2,
         ["cannot read the private key", "character device"], tags=["28.2"]),
    Case("new: --key ACTOR=a FIFO", lambda d: ["new", "bridgehead-14-65", "--db", str(d / "n.db"), "--seat",
         "AX=a", "--seat", "WA=b", "--key", f"a={_fifo(d)}"], 2, ["--key: a:", "named pipe"], tags=["28.2"]),
    Case("log: a FIFO as --seed-file", lambda d: ["log", "--db", _game(d), "--seed-file", str(_fifo(d))], 0,
         ["the dice seed cannot be read (a named pipe"], tags=["28.2"]),
    Case("share: a FIFO as --secret-file", _joint_share(_fifo), 2, ["not a readable secret", "named pipe"],
         tags=["28.2"]),
    Case("share: a device as --secret-file", _joint_share(_device), 2, ["not a readable secret",
         "character device"], tags=["28.2"]),
    Case("log: a PostgreSQL URL with a password, no server", lambda d: [
         "log", "--db", f"postgresql://u:{SECRET}@/nodb?host={d}/nosocket&password={SECRET}&game=g"], 1,
         ["***"], tags=["28.4"]),
    Case("new: a look-alike unit id (zero-width space)", _look_alike, 2, ["units[1].id", "u+200b"], tags=["28.7"]),
    Case("new: a TOML scenario 50,000 arrays deep", _deep_toml, 2, ["nested more than the limit of 100"],
         tags=["28.8"]),
    Case("new: a JSON scenario 100,000 arrays deep", _scenario_text('{"zzz": ' + "[" * 100_000 + "]" * 100_000
         + "}", "json"), 2, ["nested more than the limit of 100"], tags=["28.8"]),
    Case("import: an export whose version is 2^64", _big_version, 2, ["nothing imported"], tags=["28.8"]),
    Case("export: a file with a duplicated seq", _duplicated_seq, 1, ["does not verify", "nothing exported"],
         tags=["28.10"]),
    Case("log: a planted -wal symlink", _wal_link, 1, ["-wal: a symbolic link"], tags=["28.9"]),
    Case("play: a hostile trigger claiming a full disk", _hostile_trigger, 1, ["refused the write"],
         tags=["28.6", "28.9"]),
    Case("verify: a hostile game name with a forged VERIFIED line", _hostile_name, 1,
         ["not verified", "x'\\nverified\\n\\x1b[2j"],
         tags=["28.6"]),
    Case("play: StartGameTurn turn 10^23", _play(['{"type": "StartGameTurn", "turn": 100000000000000000000000, '
                                                  '"season": "fall", "year": 1944}']), 2,
         ["startgameturn.turn: ", "outside its domain 1..99999"], tags=["28.11"]),
    Case("new: a public key that is no curve point", lambda d: ["new", "bridgehead-14-65", "--db", str(d / "n.db"),
         "--seat", "AX=a", "--seat", "WA=a", "--key", "a=" + "ff" * 32], 2, ["not an ed25519 public key"],
         tags=["28.11"]),
]
CASES += EDGES2


def fingerprint(d: Path) -> dict:
    """What is in the directory: rows of each SQLite game, bytes of other files."""
    out = {}
    for p in sorted(d.rglob("*")):
        if p.name.endswith(("-wal", "-shm", "-journal")) or p.is_dir():
            continue
        mode = os.lstat(p).st_mode
        if not stat.S_ISREG(mode):  # a device, FIFO, socket or link: its type, never opened (a FIFO blocks)
            out[p.name] = f"special:{stat.S_IFMT(mode):o}" + (f"->{os.readlink(p)}" if p.is_symlink() else "")
            continue
        try:
            conn = sqlite3.connect(f"file:{p}?mode=ro", uri=True)
            try:
                out[p.name] = tuple(tuple(conn.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall())
                                    for t in ("events", "commands", "meta", "snapshots"))
            finally:
                conn.close()
        except sqlite3.Error:
            out[p.name] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def commands_in(fp: dict) -> int:
    return sum(len(v[1]) for v in fp.values() if isinstance(v, tuple))


def run_case(case: Case, d: Path) -> dict:
    """Run one case in directory ``d``; return what happened (``skipped`` when this machine cannot build it)."""
    try:
        argv = case.setup(d)
    except CannotSetUp as err:
        while _CLEANUPS:
            _CLEANUPS.pop()()
        return {"name": case.name, "skipped": str(err)}
    before = fingerprint(d)
    out, err = io.StringIO(), io.StringIO()
    traceback = ""
    stdin, sys.stdin = sys.stdin, io.StringIO("")
    # `turnlog play` echoes through a default argument bound to the original sys.stdout: silence fd 1 too.
    sys.__stdout__.flush()
    saved_fd, devnull = os.dup(1), os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    hang = False
    old_alarm = signal.signal(signal.SIGALRM, _hung)
    signal.alarm(HANG_SECONDS)  # a FIFO opened for reading blocks forever: counted as a hang, not waited on
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli_main(argv)
            except SystemExit as exc:  # argparse
                code = exc.code
    except Hung:
        code, hang = None, True
    except Exception as exc:
        code, traceback = None, f"{type(exc).__name__}: {exc}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old_alarm)
        sys.stdin = stdin
        sys.__stdout__.flush()
        os.dup2(saved_fd, 1)
        os.close(saved_fd)
        os.close(devnull)
    after = fingerprint(d)
    while _CLEANUPS:
        _CLEANUPS.pop()()
    shown = err.getvalue() + out.getvalue()
    raw_controls = any(ch in shown for ch in "\x00\x07\x1b\r\x9b\u202e")  # an escape reached the terminal
    message = shown.lower()
    new_commands = commands_in(after) - commands_in(before)
    same_files = set(before) == set(after) and all(
        before[k] == after[k] for k in before if not isinstance(before[k], tuple))
    specials = {k: v for k, v in before.items() if isinstance(v, str) and v.startswith("special:")}
    return {
        "hang": hang, "replaced_special": sum(after.get(k) != v for k, v in specials.items()),
        "leaked_secret": SECRET in shown,
        "name": case.name, "exit": code, "traceback": traceback, "message": (err.getvalue() or out.getvalue()).strip(),
        "exit_ok": code == case.exit,
        "message_ok": not traceback and not hang and not raw_controls and SECRET not in shown
                      and all(s in message for s in case.says),
        "nothing_written": same_files and new_commands == case.written and all(
            before[k][1][:len(before[k][1])] == after[k][1][:len(before[k][1])] for k in before
            if isinstance(before[k], tuple)),
    }


def console_script(d: Path) -> list[dict]:
    """A few cases through the real `turnlog` entry point: the process exit status, no traceback."""
    exe = shutil.which("turnlog")
    if not exe:
        return []
    out = []
    for name in ("play: unknown unit", "db: text file", "scenario: reference cycle"):
        case = next(c for c in CASES if c.name == name)
        sub = d / f"proc-{len(out)}"
        sub.mkdir()
        argv = case.setup(sub)
        before = fingerprint(sub)
        p = subprocess.run([exe, *argv], capture_output=True, text=True, timeout=120)
        out.append({"name": name, "exit_ok": p.returncode == case.exit, "traceback": "Traceback" in p.stderr,
                    "nothing_written": fingerprint(sub) == before})
    return out


def run(large: bool = False, workdir: Path | None = None, **_kw) -> dict:
    t0 = time.perf_counter()
    results, skipped = [], []
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        for i, case in enumerate(CASES):
            d = Path(tmp) / f"case{i}"
            d.mkdir()
            r = run_case(case, d)
            r["known_bug"] = case.known_bug
            (skipped if "skipped" in r else results).append(r)
        procs = console_script(Path(tmp))
    good = [r for r in results if r["exit_ok"] and r["message_ok"] and r["nothing_written"]]
    return {
        "cases": len(results), "all_three_ok": len(good), "skipped_cannot_set_up": len(skipped),
        "clear_message": sum(r["message_ok"] for r in results),
        "expected_exit": sum(r["exit_ok"] for r in results),
        "nonzero_exit": sum(r["exit"] not in (0, None) for r in results),
        "nothing_written": sum(r["nothing_written"] for r in results),
        "tracebacks": sum(bool(r["traceback"]) for r in results),
        "hangs": sum(r["hang"] for r in results),
        "replaced_non_regular_files": sum(r["replaced_special"] for r in results),
        "leaked_secrets": sum(r["leaked_secret"] for r in results),
        "failing": [f"{r['name']}: exit {r['exit']}, {r['traceback'] or r['message'][:100]}"
                    + (f" [known bug: {r['known_bug']}]" if r["known_bug"] else "")
                    for r in results if r not in good],
        "console_script_cases": len(procs),
        "console_script_ok": sum(p["exit_ok"] and not p["traceback"] and p["nothing_written"] for p in procs),
        "seconds": round(time.perf_counter() - t0, 1),
    }
