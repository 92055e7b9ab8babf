"""`turnlog demo --narrative` prints the board as text after each roll, each loss and each result that moves
units, and at the end of each example, between the event lines; without it, one line per example."""
from __future__ import annotations

from fixtures.backbone import cli


def test_the_bridgehead_demo_shows_the_board_after_the_roll_the_losses_and_at_the_end(tmp_path):
    r = cli("demo", "--dir", tmp_path, "--scenario", "bridgehead-14-65", "--narrative")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    marks = [out.index(s) for s in (
        "     29  A1: phase losses\n",
        "--- the board after the roll (seq 29) ---\n",
        '> {"type": "TakeAttritionLosses"',
        "--- the board after the losses (seq 34) ---\n",
        "--- the board at the end (seq 39) ---\n",
        "\nVERIFIED")]
    assert marks == sorted(marks)
    after_roll = out[marks[1]:marks[2]]
    assert "turn 2 (summer 1943), AX's player turn, attrition phase, seq 29" in after_roll
    assert "result 2C/1H (die 3, row 4)" in after_roll and "force pool: -" in after_roll
    after_losses = out[marks[3]:marks[4]]
    assert "force pool: us-inf-1, us-inf-2" in after_losses
    end = out[marks[4]:marks[5]]
    assert "0505 clear    AX" in end and "ge-pz-1[GE armor" in end and "phase done" in end


def test_every_demo_shows_the_board_after_its_rolls_losses_and_results(tmp_path):
    """Each system's example, not attrition's alone: the board after a roll, a loss or a reported result, with
    Panzer Campaigns units by their strength and an open assault's line."""
    r = cli("demo", "--dir", tmp_path, "--scenario", "hedgerow-assault", "--narrative")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    first = out.index("--- the board after the roll and the losses (seq 84) ---\n")
    board = out[first:out.index("\n> ", first)]
    assert "ge-pz-1[GE armour 12v deployed]" in board and "us-inf-1[US infantry 149 deployed]" in board
    assert "  S1: AX assaults 0403 (WA) with ge-pz-1, ge-gren-1, ge-pio-1, phase " in board
    r = cli("demo", "--dir", tmp_path, "--scenario", "ridge-line-9", "--narrative")
    assert "--- the board after the moves (seq 76) ---\n" in r.stdout
    r = cli("demo", "--dir", tmp_path, "--scenario", "river-town-11-16-5", "--narrative")
    assert r.stdout.count("--- the board after the losses") == 4


def test_the_demo_says_in_one_line_what_each_example_shows_before_playing_any(tmp_path):
    from turnlog.engine.faces.cli.args import DEMOS
    from turnlog.engine.faces.cli.demo import SHOWS
    assert set(SHOWS) == set(DEMOS)
    r = cli("demo", "--dir", tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[1:1 + len(DEMOS)] == [f"  {n:<21} {SHOWS[n]}" for n in DEMOS]
    assert "--narrative" in lines[1 + len(DEMOS)]
    done = [x for x in lines if x.split(":")[0] in DEMOS]
    assert [x.split(":")[0] for x in done] == list(DEMOS)
    assert all(f" events in {tmp_path / x.split(':')[0]}.db; VERIFIED" in x for x in done)
    assert "> {" not in r.stdout and "--- the board" not in r.stdout  # the narrative only when asked for


def test_the_narrative_says_where_a_kampfgruppe_went_and_shows_a_mech_unit_as_mech(tmp_path):
    r = cli("demo", "--dir", tmp_path, "--scenario", "river-town-11-16-5", "--narrative")
    assert r.returncode == 0, r.stderr
    assert "ge-mech-2 eliminated (11.16.5-R2), to its repair pool as a kampfgruppe (11.16.5-K1c)" in r.stdout
    assert not [x for x in r.stdout.splitlines() if "eliminated" in x and "repair pool" in x and "force pool" in x]
    assert "ge-mech-1[GE armor/MECH 3]" in r.stdout and "ge-arm-1[GE armor 5]" in r.stdout
