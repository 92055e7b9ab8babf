"""The rough edges a newcomer meets first: each answered plainly instead of garbled, silent or a traceback."""
from __future__ import annotations

import io

from fixtures.backbone import bridgehead, cli

from turnlog.engine.faces.repl import Shell


def test_show_at_a_seq_inside_the_setup_says_no_game_turn_has_started(tmp_path):
    bridgehead(tmp_path / "g.db").close()
    for at in ("0", "1"):
        r = cli("show", "--db", tmp_path / "g.db", "--at", at)
        assert r.returncode == 0, r.stderr
        head = r.stdout.splitlines()[0]
        assert "before its first game turn" in head and f"seq {at}" in head
        assert "turn 0 ( 0)" not in head and "'s player turn" not in head


def test_fork_past_the_end_of_the_log_is_refused_naming_the_last_seq(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    last = g.state.seq
    g.close()
    r = cli("fork", "--db", tmp_path / "g.db", "--at", "999", "--to", tmp_path / "f.db")
    assert r.returncode == 2 and f"its last seq is {last}" in r.stderr
    assert not (tmp_path / "f.db").exists()
    assert cli("fork", "--db", tmp_path / "g.db", "--at", str(last), "--to", tmp_path / "f.db").returncode == 0


def test_diagram_current_must_be_a_phase_of_the_machine():
    r = cli("diagram", "--current", "nonsense")
    assert r.returncode == 2 and "no phase 'nonsense'" in r.stderr and "roll" in r.stderr
    assert "class roll current" in cli("diagram", "--current", "roll").stdout


def test_repl_goto_with_a_word_answers_with_its_usage(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    out = io.StringIO()
    Shell(g, stdin=io.StringIO("goto abc\nwhere\n"), stdout=out, history=None).cmdloop()
    g.close()
    text = out.getvalue()
    assert "usage: goto SEQ | start | end" in text and "invalid literal" not in text


def test_every_cli_option_says_what_it_does():
    import argparse

    from turnlog.engine.faces.cli import build_parser
    parser = build_parser()
    silent = [f"{name} {a.option_strings or a.dest}"
              for name, sub in parser._subparsers._group_actions[0].choices.items()
              for a in sub._actions if not a.help and not isinstance(a, argparse._HelpAction)]
    assert not silent, silent
