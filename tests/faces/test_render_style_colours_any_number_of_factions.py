"""A scenario of 35 factions (more than the palette holds) is drawn by `show --svg`, `export --html`
and the hosted page, each faction in a colour of its own, the same on every run."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from turnlog.engine import scenario as SC
from turnlog.engine.faces.cli import main
from turnlog.engine.faces.svg.style import FACTIONS, Colours, generated
from turnlog.engine.game import Game

ROOT = Path(__file__).resolve().parents[2]


def many_factions(n: int) -> str:
    """The bundled bridgehead with ``n`` factions in all, each with a nationality."""
    extra = "".join(
        f'\n[[factions]]\nid = "F{i:02d}"\nname = "Faction {i}"\n'
        f'side = "{"axis" if i % 2 else "allies"}"\n'
        f'\n[[nationalities]]\nid = "N{i:02d}"\nfaction = "F{i:02d}"\nctl = 1\n'
        for i in range(n - 2)
    )
    return (ROOT / "engine/scenarios/bridgehead-14-65.toml").read_text() + extra


def _game(tmp_path) -> Path:
    db = tmp_path / "many.db"
    sc = SC.parse(many_factions(35), "toml", "many factions")
    Game.create(db, sc, seed_file=tmp_path / "many.db.seed").close()
    return db


def _run(*argv: str) -> None:
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        assert main(list(argv)) == 0, argv


def test_each_of_35_factions_has_a_colour_of_its_own_on_every_run(tmp_path):
    with Game.open(_game(tmp_path)) as g:
        first, again = Colours(g.state), Colours(g.state)
        made = [first.faction(f) for f in sorted(g.state.factions)]
        assert len(set(made)) == 35 and made == [again.faction(f) for f in sorted(g.state.factions)]
    assert {generated(n) for n in range(200)}.isdisjoint(FACTIONS.values())
    assert len({generated(n) for n in range(200)}) == 200


def test_show_svg_and_export_html_draw_a_game_of_35_factions(tmp_path):
    db = _game(tmp_path)
    _run("show", "--db", str(db), "--svg", str(tmp_path / "board.svg"))
    _run("export", "--db", str(db), "--html", str(tmp_path / "replay.html"))
    svg = (tmp_path / "board.svg").read_text()
    assert svg.startswith("<svg") or "<svg" in svg[:200]
    assert re.search(r"<svg", (tmp_path / "replay.html").read_text())
