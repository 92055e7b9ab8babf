"""The bundled Russian winter demo played part way: the position the winter designations are tested on."""
from __future__ import annotations

from importlib import resources

from turnlog.engine import scenario as S
from turnlog.engine.game import Game

from helpers import SEED


def winter_game(tmp_path, stop_after: str) -> Game:
    """The bundled Russian winter demo played up to (and including) the first accepted ``stop_after`` command."""
    g = Game.create(tmp_path / "w.db", S.load("eastern-front-winter"), seed=SEED)
    script = resources.files("turnlog.engine.scenarios").joinpath("eastern-front-winter.jsonl").read_text()
    for line in script.splitlines():
        if line.strip() and not line.startswith(("#", "!")):
            g.execute(line)
            if stop_after in line:
                return g
    raise AssertionError(f"{stop_after} not in the demo script")
