"""Every face asks the kinds the game uses, never attrition by name: the toy kind (tests/support/skirmish/,
INVENTED rules) in a game without attrition gets its own diagram, odds, why (the board before its event,
in the REPL and the HTML replay alike), legend, unit line and "may begin" line; a kind's moves are listed
before the turn's host facts."""
from __future__ import annotations

import pytest

import turnlog
from turnlog.engine import scenario as S
from turnlog.engine.faces.svg.render import render_svg
from turnlog.engine.faces.kind_asks import moves_first
from turnlog.engine.faces.render_next import next_text
from turnlog.engine.game import Game
from turnlog.engine.kit.choices import choice

from skirmish import procedure as T
from helpers import hexes, new_game, scenario, unit
from html_browser import export_html, page_data
from test_repl import run, section

turnlog.register_kind(T.KIND)


def _game(tmp_path, procedures=("skirmish",)) -> Game:
    return new_game(tmp_path, scenario(
        hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405", 3)],
        turn={"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "movement"},
        dice={"hit": {"sides": 6}}, rules={"procedures": list(procedures)}))


@pytest.fixture
def game(tmp_path):
    g = _game(tmp_path)
    g.execute(T.BeginSkirmish(attacker="AX", target="us-1"))
    yield g
    g.close()


def _phase_of_s1(state) -> str:
    got = state.kinds.get("skirmish")
    return got.open["S1"].phase if got is not None and "S1" in got.open else "none"


def _seq_of(g: Game, name: str) -> int:
    return max(s for s, _c, ev, _a in g.rows(1, g.log.last()[0]) if type(ev).__name__ == name)


def test_why_gives_every_kind_the_board_before_its_event_in_the_repl_and_the_replay(game, tmp_path, monkeypatch):
    monkeypatch.setattr(T.KIND, "why", lambda state, ev: [f"  T.2 read S1 in phase {_phase_of_s1(state)}"],
                        raising=False)
    game.execute(T.RollSkirmish(procedure="S1", value=5))
    seq = _seq_of(game, "SkirmishPhaseChanged")   # roll -> done: the board after it says 'done'
    said = section(run(game, f"why {seq}"), f"why {seq}")
    assert "  T.2 read S1 in phase roll" in said
    assert export_html(next(tmp_path.glob("g*.db")), tmp_path / "r.html") == 0
    data = page_data(tmp_path / "r.html")
    details = [data["strings"][step[4]] for step in data["steps"]]
    assert details[seq - 1] == "T.2 read S1 in phase roll"


def test_diagram_draws_the_kinds_own_machine_with_its_phase_marked(game):
    out = run(game, "diagram", "diagram skirmish", "diagram S1")
    for asked in ("diagram", "diagram skirmish", "diagram S1"):
        text = section(out, asked)
        assert "%% S1 is in phase 'roll'" in text and text.rstrip().endswith("class roll current"), asked
        assert "attrition" not in text
    assert "no procedure or kind \"X9\"" in section(run(game, "diagram X9"), "diagram X9")


def test_odds_asks_the_kind_and_names_a_kind_without_odds(game, monkeypatch):
    assert "S1: the skirmish kind gives no odds" in section(run(game, "odds"), "odds")
    monkeypatch.setattr(T.KIND, "odds", lambda state, pid: [f"{pid}: hit on 4-6 (T.2), 1/2, phase "
                                                            f"{_phase_of_s1(state)}"], raising=False)
    assert "S1: hit on 4-6 (T.2), 1/2, phase roll" in section(run(game, "odds"), "odds")
    game.execute(T.RollSkirmish(procedure="S1", value=2))
    after = section(run(game, "odds S1"), "odds S1")
    assert f"S1 rolled at seq {_seq_of(game, 'DieRolled')}; the odds just before that roll:" in after
    assert "phase roll" in after and "attrition" not in after


def test_a_game_without_attrition_hears_nothing_of_it(game):
    svg = render_svg(game, game.state)
    assert "attrition zone" not in svg and "selected for occupation" not in svg
    line = section(run(game, "unit us-1"), "unit us-1").splitlines()[0]
    assert line.endswith("; faction WA") and "CTL" not in line and "winter" not in line
    legal = section(run(game, "legal"), "legal")
    assert "attrition" not in legal and "S1 (skirmish) is in phase 'roll'; the table allows:" in legal


def test_a_game_with_attrition_keeps_its_legend_and_unit_facts(tmp_path):
    g = _game(tmp_path, ("attrition", "skirmish"))
    svg = render_svg(g, g.state)
    assert "attrition zone (dashed)" in svg and "selected for occupation" in svg
    assert "; faction WA, CTL " in section(run(g, "unit us-1"), "unit us-1")
    g.close()


def test_each_kind_that_can_open_a_procedure_says_what_may_begin(tmp_path, monkeypatch):
    g = _game(tmp_path)
    assert "may begin" not in next_text(g.state)   # the toy lists no opener
    opener = choice("BeginSkirmish", {"attacker": "AX", "target": "us-1"}, [], rule="T.1", role="active",
                    faction="AX")
    monkeypatch.setattr(T.KIND, "legal", lambda state: [opener], raising=False)
    assert next_text(g.state) == f"  AX may begin skirmish: {opener.head}"
    monkeypatch.setattr(T.KIND, "may_begin", lambda state, mine: [f"  AX may fire at: {len(mine)} target"],
                        raising=False)
    assert next_text(g.state) == "  AX may fire at: 1 target"
    g.close()


def test_a_kinds_moves_come_before_the_host_facts(tmp_path, game):
    legal = section(run(game, "legal"), "legal")
    assert legal.index("legal now (skirmish):\n  RollSkirmish procedure=S1") < legal.index("host and turn commands:")
    wif = Game.create(tmp_path / "w.db", S.load("river-town-11-16-5"))
    commands = [c.command for c in moves_first(wif.state, wif.legal())]
    assert commands[0] == "BeginLandCombat" and commands[-2:] == ["StartPhase", "EndPlayerTurn"]
    assert "SetWeather" in commands
    assert sorted(commands) == sorted(c.command for c in wif.legal())   # the same choices, reordered
    from serve_helpers import needs_starlette
    needs_starlette()
    from turnlog.engine.faces.serve.reads import legal
    assert [c["command"] for c in legal(wif)["choices"]] == commands   # the served page's order
    shown = next_text(wif.state)
    assert shown.startswith("  AX may begin wif: BeginLandCombat hex=0303; BeginLandCombat hex=0404")
    wif.close()
