"""A newcomer's messages: an empty scenario argument named as such, `new --help` listing the
bundled scenarios, `diff` offering only its own options and refusing a backwards range in one line,
an unknown command answered with the game's own commands, and the REPL's `step` saying where the log
ends."""
from __future__ import annotations

import io
import json

from turnlog.engine import scenario as S
from turnlog.engine.faces.repl import Shell

from fixtures.backbone import cli, finished, table


def _one_line(r) -> str:
    said = r.stdout + r.stderr
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1, said
    return r.stderr


def test_new_with_an_empty_scenario_names_the_empty_argument(tmp_path):
    err = _one_line(cli("new", "--db", tmp_path / "x.db", "", cwd=tmp_path))
    assert "scenario: empty" in err and "bridgehead-14-65" in err and "directory" not in err
    assert list(tmp_path.iterdir()) == []


def test_new_help_lists_every_bundled_scenario():
    r = cli("new", "--help")
    assert r.returncode == 0
    listed = r.stdout[r.stdout.index("bundled scenarios:\n"):].split()[2:]
    assert listed == S.bundled_names() and len(listed) >= 7


def test_diff_offers_no_dice_or_durability_option_it_does_not_use(tmp_path):
    help_ = cli("diff", "--help").stdout
    unused = ("--seed-file", "--secret-file", "--synchronous")
    assert "--from" in help_ and not [o for o in unused if o in help_]
    r = cli("diff", "--db", tmp_path / "g.db", "--synchronous", "OFF")  # argparse's usage error
    assert r.returncode == 2 and "unrecognized arguments: --synchronous" in r.stderr


def test_diff_from_after_to_is_refused_in_one_line(tmp_path):
    finished(tmp_path / "g.db").close()
    err = _one_line(cli("diff", "--db", tmp_path / "g.db", "--from", "36", "--to", "23"))
    assert "--from 36 is after --to 23" in err and "->" not in err
    err = _one_line(cli("diff", "--db", tmp_path / "g.db", "--to", "23"))  # --from: 34 by default
    assert "--from's default, seq 34 (before the last command), is after --to 23" in err
    r = cli("diff", "--db", tmp_path / "g.db", "--from", "23", "--to", "36")
    assert r.returncode == 0 and r.stdout.startswith("diff seq 23 -> seq 36")


def test_play_an_unknown_command_lists_only_the_commands_of_the_games_kinds(tmp_path):
    lines = tmp_path / "c.jsonl"
    lines.write_text(json.dumps({"type": "Teleport"}) + "\n")
    games = (("bridgehead-14-65", "BeginAttrition", ("BeginLandCombat", "BeginAssault")),
             ("river-town-11-16-5", "BeginLandCombat", ("BeginAttrition", "BeginAssault")))
    for name, mine, others in games:
        db = tmp_path / f"{name}.db"
        assert cli("new", name, "--db", db).returncode == 0
        err = _one_line(cli("play", "--db", db, lines))
        known = err[err.index("known commands: "):]
        assert mine in known and "MoveUnit" in known, known
        assert not [x for x in others if x in known], known
        assert table(db, "SELECT count(*) FROM events") == table(db, "SELECT max(seq) FROM events")


def test_repl_step_past_the_last_event_says_it_is_the_end_of_the_log(tmp_path):
    with finished(tmp_path / "g.db") as g:
        out = io.StringIO()
        typed = io.StringIO("goto 38\nstep\nstep\nstep 3\n")
        Shell(g, stdin=typed, stdout=out, history=None).cmdloop()
    said = out.getvalue()
    end = "end of the log: seq 39 is its last event"
    assert said.count("A1: phase done") == 1 and said.count(end) == 2
    assert said.index("A1: phase done") < said.index(end)
