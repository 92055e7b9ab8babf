

def test_copies_share_one_grid_built_on_the_original():
    """A search copies one position many times: the map's grid is built once, on the original."""
    from turnlog.engine import scenario as S_
    from turnlog.engine.hexgrid import grid
    from turnlog.engine.search import copy_state as copy_
    from turnlog.engine.scenario import setup_events
    from turnlog.engine.dice import commitment
    from turnlog.projections import fold as F_
    from turnlog.projections.state import GameState as GS
    state = GS()
    for ev in setup_events(S_.load("bridgehead-14-65"), commitment(b"\x07" * 32)):
        F_.apply(state, ev)
    assert "_grid" not in state.__dict__
    a, b = copy_(state), copy_(state)
    assert grid(a) is grid(b) is state.__dict__["_grid"]
