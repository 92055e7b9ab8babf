"""The `turnlog` command line's arguments: a parser that imports no engine.

`turnlog --help`, a subcommand's help and a usage error are answered from here before the engine is
imported (the engine's import was six to seven times the interpreter's own start); each
subcommand names its function in engine/faces/cli/app.py, which engine/faces/cli/console.py imports once the
arguments parse.
"""
from __future__ import annotations

import argparse

from turnlog import __version__

#: The bundled worked examples `turnlog demo` plays (engine/faces/cli/demo.py plays them).
DEMOS = ("bridgehead-14-65", "key-hex-14-62", "ctl-examples-14-43", "eastern-front-winter", "ridge-line-9",
         "river-town-11-16-5",
         "hedgerow-assault")

_SEQ_MAX = (1 << 63) - 1  # SQLite's INTEGER


def _bundled() -> list[str]:
    """The bundled scenarios' names, listed from their folder.

    The folder is found without importing its package, so that building the parser imports nothing a
    reading command would not (tests/faces/test_cli_reading_imports_no_rules.py).
    """
    from importlib.util import find_spec
    from pathlib import Path
    spec = find_spec("turnlog.engine.scenarios")
    folders = list(spec.submodule_search_locations or []) if spec else []
    return sorted(f.name[:-5] for d in folders for f in Path(d).iterdir() if f.name.endswith(".toml"))


def seq_arg(text: str) -> int:
    """A seq given on the command line: a whole number SQLite can hold (argparse reports the rest)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if abs(n) > _SEQ_MAX:  # in range but outside the log is the command's to say ("outside the log")
        raise argparse.ArgumentTypeError(f"{text}: too large for a seq (at most {_SEQ_MAX})")
    return n


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="turnlog", description="Event-sourced turn engine for hex-and-counter wargames")
    p.add_argument("--version", action="version", version=f"turnlog {__version__}")
    sub = p.add_subparsers(dest="cmd", required=True)

    def with_db(sp, dice: bool = True):
        """--db and, unless ``dice`` is False (a command that neither rolls nor writes), the seed
        files and the durability."""
        sp.add_argument("--db", required=True, help="the game's SQLite file, or a PostgreSQL game: "
                                                    "postgresql:///DB?host=/socket/dir&game=ID (docs/design.md)")
        if not dice:
            return sp
        sp.add_argument("--seed-file", help="dice seed sidecar (default: DB.seed)")
        sp.add_argument("--secret-file", action="append", metavar="FILE",
                        help="a joint-dice holder's secret (repeatable; default: the DB.HOLDER.secret files beside DB)")
        sp.add_argument("--synchronous", default="FULL", choices=["OFF", "NORMAL", "FULL", "EXTRA"],
                        help="SQLite durability of each write (default FULL: a command is on disk when it returns)")
        return sp

    sp = with_db(sub.add_parser("new", help="create a game from a scenario file",
                                epilog="bundled scenarios:\n" + "".join(f"  {n}\n" for n in _bundled()),
                                formatter_class=argparse.RawDescriptionHelpFormatter))
    sp.add_argument("scenario", help="a TOML/JSON scenario file (docs/scenario.md), or a bundled scenario's "
                                     "name (listed below)")
    sp.add_argument("--seed", help="hex dice seed, only with --public-seed (default: 256 fresh secret random bits)")
    sp.add_argument("--public-seed", action="store_true",
                    help="accept the --seed given: a test game, marked in its log as predictable")
    sp.add_argument("--joint-dice", nargs="?", const="", metavar="HOLDERS",
                    help="joint dice, no single seed: comma-separated holders (default: the scenario's sides), "
                         "each NAME (its key drawn into DB.NAME.secret) or NAME=FILE.pub "
                         "(from `turnlog secret`)")
    sp.add_argument("--seat", action="append", metavar="FACTION=ACTOR",
                    help="a seated game: FACTION is held by ACTOR (repeatable; default: hot-seat, one actor plays all)")
    sp.add_argument("--referee", help="a seated game's referee: holds no side, alone overrides the dice barrier")
    sp.add_argument("--host", help="a seated game's host: may issue host commands (moves, turn advance) for any side")
    sp.add_argument("--claim", action="append", metavar="CLASS=WHO",
                    help="a seated game: who may make a claim of CLASS (die, host-fact, report, reveal) alone: "
                         "nobody, host, referee or any (default: docs/scenario.md, the claims)")
    sp.add_argument("--key", action="append", metavar="ACTOR=PUBLIC_KEY",
                    help="a signed game: ACTOR's public key (hex, or the .pub file of `turnlog keygen`); every "
                         "seated actor needs one, and each command is then signed by its issuer")
    sp.set_defaults(fn="cmd_new")
    sp = with_db(sub.add_parser("play", help="execute JSON-lines commands from a file (- for stdin)"))
    sp.add_argument("commands", help="a JSON-lines file of commands (docs/commands.md), or - for stdin")
    sp.add_argument("--actor", default="", help="who issues the commands (recorded with each in the log; in a "
                                                "seated game it must hold the seat each command is due from)")
    _signing_key(sp)
    sp.set_defaults(fn="cmd_play")
    sp = with_db(sub.add_parser("log", help="list the events"))
    sp.add_argument("--json", action="store_true", help="one JSON object per event instead of the narrative")
    sp.add_argument("--start", type=seq_arg, default=1, help="the first seq to list (default 1)")
    sp.add_argument("--stop", type=seq_arg, help="the last seq to list (default: the end)")
    sp.set_defaults(fn="cmd_log")
    sp = with_db(sub.add_parser("show", help="the board now or at a seq"))
    sp.add_argument("--at", type=seq_arg, help="the board as it was after this seq (default: now)")
    sp.add_argument("--json", action="store_true", help="the whole board state as JSON")
    sp.add_argument("--svg", help="write the board as an SVG picture to this file (-: stdout)")
    sp.add_argument("--force", action="store_true", help="replace an existing --svg file (never a game or seed)")
    sp.set_defaults(fn="cmd_show")
    sp = with_db(sub.add_parser("status", help="whose move: who may act now, what is due from whom (with the "
                                                 "rule), whom the game waits for"))
    sp.add_argument("--actor", default="", help="this seat's part: its sentence, what is due from it and what "
                                                "else it may issue")
    sp.add_argument("--json", action="store_true", help="the whole answer as JSON (Game.due())")
    sp.set_defaults(fn="cmd_status")
    sp = with_db(sub.add_parser("undo", help="undo the latest command (a die roll needs a referee override)"))
    sp.add_argument("--override", action="store_true", help="undo a command that rolled a die (needs --referee)")
    sp.add_argument("--referee", help="the referee who allows an override (recorded in the log)")
    sp.add_argument("--reason", help="why, recorded with the undo")
    sp.add_argument("--actor", default="", help="who undoes (in a seated game: the command's issuer or the referee)")
    _signing_key(sp)
    sp.set_defaults(fn="cmd_undo")
    sub_redo = with_db(sub.add_parser("redo", help="re-issue the latest undone command through the rules"))
    sub_redo.add_argument("--actor", default="", help="who redoes (in a seated game: the issuer or the referee)")
    _signing_key(sub_redo)
    sub_redo.set_defaults(fn="cmd_redo")
    sp = with_db(sub.add_parser("fork", help="copy the game up to a seq into a new file"))
    sp.add_argument("--at", type=seq_arg, required=True, help="copy the commands up to and including this seq")
    sp.add_argument("--to", required=True, help="the new game file (must not exist)")
    sp.add_argument("--with-seed", action="store_true",
                    help="copy the dice seed beside the fork too, to roll there (default: not; whoever holds "
                         "it can compute every roll of the original)")
    sp.set_defaults(fn="cmd_fork")
    sp = with_db(sub.add_parser("export", help="write the whole log as JSON lines (to mail a disputed game)"))
    sp.add_argument("--output", "-o", help="file to write (default, or -: stdout)")
    sp.add_argument("--html", metavar="FILE", help="write the game as one self-contained HTML replay to open in a "
                                                   "browser (timeline, board at each step, verify report); -: stdout")
    sp.add_argument("--force", action="store_true", help="replace an existing output file (never a game or seed)")
    sp.set_defaults(fn="cmd_export")
    sp = sub.add_parser("copy", help="copy a game between stores (SQLite file <-> postgresql:// URL), hashes "
                                     "identical; both copies are verified")
    sp.add_argument("src", help="the game to copy: a SQLite file or a postgresql:///DB?game=ID URL")
    sp.add_argument("dst", help="the new game (must not exist): a SQLite file or a postgresql:// URL")
    sp.add_argument("--with-seed", action="store_true",
                    help="copy the dice seed beside the new game too (default: not; whoever holds it knows "
                         "every future roll)")
    sp.set_defaults(fn="cmd_copy")
    sp = with_db(sub.add_parser("import", help="create a game file from an export; refuses a broken chain"))
    sp.add_argument("export", help="a file written by `turnlog export`, or - for stdin")
    sp.set_defaults(fn="cmd_import")
    sp = with_db(sub.add_parser("reveal", help="append the dice seed (or the joint-dice secrets held here) so anyone "
                                               "can re-derive every roll"))
    sp.add_argument("--actor", default="", help="who reveals (recorded; in a seated game anyone seated)")
    _signing_key(sp)
    sp.set_defaults(fn="cmd_reveal")
    sp = with_db(sub.add_parser("share", help="joint dice: print this holder's share for a roll's key"))
    sp.add_argument("--key", required=True, help="the roll's key, as a refused roll names it")
    sp.set_defaults(fn="cmd_share")
    sp = sub.add_parser("secret", help="joint dice: draw a key of your own into a new file, "
                                              "its public half into FILE.pub")
    sp.add_argument("--output", "-o", required=True, help="the secret file to create (0600, never overwritten)")
    sp.set_defaults(fn="cmd_secret")
    sp = sub.add_parser("keygen", help="signed games: make a key pair, print the public key")
    sp.add_argument("--output", "-o", required=True,
                    help="the private key file to create (0600, never overwritten); the public key goes beside it "
                         "(NAME.key -> NAME.pub)")
    sp.set_defaults(fn="cmd_keygen")
    sp = with_db(sub.add_parser("sign", help="signed games, mailed: sign one command against the tail of your copy, "
                                              "print the signed line for the holder's `play`"))
    sp.add_argument("command", help="the command as a JSON line, or - to read it from stdin")
    sp.add_argument("--actor", required=True, help="who issues it (the seat whose key signs)")
    sp.add_argument("--key", required=True, metavar="FILE", help="the actor's private key (from `turnlog keygen`)")
    sp.set_defaults(fn="cmd_sign_judged")
    sp = with_db(sub.add_parser("verify", help="check chain, dice, every command and the replay"))
    sp.add_argument("--json", action="store_true", help="the report as JSON")
    sp.add_argument("--anchor", action="append", metavar="SEQ:HASH",
                    help="a head an earlier verify printed; the file must still hold it (repeatable)")
    sp.set_defaults(fn="cmd_verify")
    sp = with_db(sub.add_parser("repl", help="a pdb-like shell over the log and the live procedures"))
    sp.add_argument("--actor", default="", help="who issues the shell's commands (as the shell's `as NAME`)")
    _signing_key(sp)
    sp.set_defaults(fn="cmd_repl")
    sp = with_db(sub.add_parser("diff", help="what changed between two seqs, or between a game and its "
                                             "fork"), dice=False)
    sp.add_argument("--from", dest="from_seq", type=seq_arg, help="the earlier seq (default: before the last command)")
    sp.add_argument("--to", dest="to_seq", type=seq_arg, help="the later seq (default: the last)")
    sp.add_argument("--other", help="a second game file (a fork): compare DB at --from with OTHER at --to, "
                                    "both defaulting to their last seq")
    sp.add_argument("--json", action="store_true", help="the differences as JSON")
    sp.set_defaults(fn="cmd_diff")
    sp = sub.add_parser("demo", help="play the bundled worked examples end to end and verify them")
    sp.add_argument("--dir", default="turnlog-demo", help="where the demo game files go")
    sp.add_argument("--scenario", choices=DEMOS, help="play only this bundled example (default: all)")
    sp.add_argument("--narrative", action="store_true",
                    help="print every event with its rules, the board at the key points and the verify "
                         "report")
    sp.set_defaults(fn="cmd_demo")
    sp = sub.add_parser("diagram", help="a procedure kind's phase machine, drawn from its live table")
    sp.add_argument("--kind", default="attrition",
                    help="the procedure kind whose machine to draw (default attrition; a wrong name lists them)")
    sp.add_argument("--format", choices=["mermaid", "dot", "svg"], default="mermaid",
                    help="mermaid or dot text, or svg (svg needs graphviz's dot installed)")
    sp.add_argument("--current", help="mark this phase of the machine (one of the kind's phases)")
    sp.add_argument("--output", "-o", help="file to write the SVG to (default: stdout)")
    sp.add_argument("--force", action="store_true", help="replace an existing output file (never a game or seed)")
    sp.set_defaults(fn="cmd_diagram")
    _serve(sub)
    sp = sub.add_parser("kind", help="plugin authors: write a new combat system's skeleton (docs/kinds.md)")
    kind_sub = sp.add_subparsers(dest="kind_cmd", required=True, help="new: write a kind's skeleton")
    sp = kind_sub.add_parser("new", help="write turnlog-NAME/, a working kind on turnlog.kit with its entry "
                                         "point, scenario and tests, into a new folder")
    sp.add_argument("name", help="the kind's name: lower-case letters, digits and _ (a Python package name)")
    sp.add_argument("--dir", default=".", help="where turnlog-NAME/ goes (default: here); never overwritten")
    sp.set_defaults(fn="cmd_kind_new")
    sp = sub.add_parser("completion", help="print a shell's tab-completion script for turnlog "
                                           "(e.g. turnlog completion bash > "
                                           "~/.local/share/bash-completion/completions/turnlog)")
    sp.add_argument("shell", choices=SHELLS, help="the shell the script is for")
    sp.set_defaults(fn="cmd_completion")
    return p


def _serve(sub) -> None:
    sp = sub.add_parser("serve", help="host games over HTTP: a JSON API with seat tokens, live push, a page "
                                      "per game (needs turnlog[serve]; docs/serve.md)")
    sp.add_argument("--dir", help="the folder of the games (logs, seeds, seat token hashes); with --db, "
                                  "optional: only games served from it before")
    sp.add_argument("--db", help="keep the games in this PostgreSQL database instead: postgresql:///DB?host=..."
                                 " (without game=; logs, seeds, token hashes and the quota: servers sharing it "
                                 "serve every game)")
    sp.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    sp.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    sp.add_argument("--public", action="store_true", help="allow a --host that is not a loopback address")
    sp.add_argument("--cors", metavar="ORIGIN", help="let pages of this one origin call the API "
                                                     "(default: no cross-origin calls)")
    sp.add_argument("--synchronous", default="FULL", choices=["OFF", "NORMAL", "FULL", "EXTRA"],
                    help="SQLite durability of each write (default FULL)")
    sp.add_argument("--max-games", type=seq_arg, default=10_000,
                    help="refuse to create a game past this many in --dir or --db (default 10000)")
    sp.add_argument("--max-games-per-client", type=seq_arg, default=20,
                    help="refuse a client address more creations than this in an hour (default 20)")
    sp.add_argument("--max-connections", type=seq_arg, default=1000,
                    help="answer 503 past this many connections at once (default 1000)")
    sp.add_argument("--refusals-per-minute", type=seq_arg, default=600,
                    help="refused requests a client address may send a minute before each "
                         "refusal is answered a second late (default 600; 0: never late)")
    sp.add_argument("--max-open-games", type=seq_arg, default=64,
                    help="keep at most this many games open, and followed, at once (default 64)")
    sp.add_argument("--pg-pool-size", type=seq_arg, default=10,
                    help="with --db: database connections this server holds at most, for every "
                         "game, the registry, verify and followers' reads, beside one listener "
                         "(default 10; at least 2)")
    sp.add_argument("--timeout", type=float, default=10.0,
                    help="seconds a client has to send a request's head, and each part of its body "
                         "(default 10; 408 past it)")
    sp.add_argument("--forwarded-allow-ips", metavar="IPS",
                    help="trust X-Forwarded-For from these proxies' addresses (comma-separated; "
                         "default: none, the client is the connection's address)")
    sp.add_argument("--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"],
                    help="uvicorn's log level (default warning)")
    sp.set_defaults(fn="cmd_serve")


#: The shells shtab writes a completion script for.
SHELLS = ("bash", "zsh", "tcsh")


def completion(shell: str) -> str:
    """The tab-completion script of ``shell`` for this parser, written by shtab.

    shtab writes a static script from the parser once, so a Tab costs the shell nothing: argcomplete
    would start Python and build the parser on every Tab, and the command line keeps its start cheap.
    Options that take a file (``--db`` and every FILE) complete file names.
    """
    import shtab
    parser = build_parser()
    for action in _actions(parser):
        if action.option_strings and (action.dest == "db" or action.metavar == "FILE"):
            action.complete = shtab.FILE  # type: ignore[attr-defined]
    return shtab.complete(parser, shell=shell)


def _actions(parser: argparse.ArgumentParser):
    for action in parser._actions:
        yield action
        for child in getattr(action, "choices", None) or {}:
            if isinstance(action, argparse._SubParsersAction):
                yield from _actions(action.choices[child])


def _signing_key(sp) -> None:
    sp.add_argument("--key", metavar="FILE", help="a signed game: the actor's private key (from `turnlog keygen`) "
                                                 "that signs each command as it is appended")
