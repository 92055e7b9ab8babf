"""The narrative (the REPL, `turnlog log`) shows a named roll with its faces and a draw with its range."""
from __future__ import annotations

from turnlog.events.game import DieRolled
from turnlog.events.setup import DiceSpec, GameCreated
from turnlog.projections.narrative import line

from turnlog.engine.faces.cli import main
from fixtures.toy_dice import toy_game


def test_a_named_roll_a_draw_and_the_game_die_in_words():
    assert line(DieRolled(key="c/1", value=8, dice="pair", faces=[3, 5])) == \
        "die rolled for c/1: pair 3+5 = 8 (committed seed)"
    assert line(DieRolled(key="c/1/k", value=417, of=1000, entered=True)) == "draw c/1/k = 417 of 1000 (entered by hand)"
    assert line(DieRolled(key="m", value=4, dice="morale", shares={"axis": "a" * 64})) == \
        "die rolled for m: morale 4 (joint dice: the shares of axis)"
    assert line(DieRolled(key="a", value=3)) == "die rolled for a: 3 (committed seed)"  # as before named dice


def test_game_created_lists_its_named_dice():
    ev = GameCreated(name="g", seed_sha256="ab" * 32, dice={"best": DiceSpec(count=3, sides=6, combine="high"),
                                                              "morale": DiceSpec(sides=6)})
    assert line(ev).endswith("; named dice: best 3d6 read 1-6 (high), morale d6 read 1-6")


def test_turnlog_log_shows_them(tmp_path, toy, capsys):
    with toy_game(tmp_path / "g.db") as g:
        g.execute(toy(values={"pair": [3, 5], "k": 417}))
    # in this process, where the toy kind is registered (a fresh one names it as not installed)
    assert main(["log", "--db", str(tmp_path / "g.db")]) == 0
    out = capsys.readouterr().out
    assert "die rolled for toy/1/pair: pair 3+5 = 8 (entered by hand)" in out
    assert "draw toy/1/k = 417 of 1000 (entered by hand)" in out
