"""No import cycles among turnlog's modules, and the lower layers import no higher one.

The graph counts every import statement, including those inside functions and under TYPE_CHECKING
(tests/fixtures/imports.py). render <-> render_units, scenario <-> domains and game <-> joint were the
cycles this test was written against.
"""
from __future__ import annotations

from fixtures.imports import cycles, graph


def test_the_import_graph_has_no_cycle():
    found = cycles(graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_events_import_nothing_of_ours_beyond_events():
    bad = {m: sorted(e - {x for x in e if x.startswith("turnlog.events")})
           for m, e in graph().items() if m.startswith("turnlog.events")}
    assert not {m: e for m, e in bad.items() if e}


def test_projections_import_only_events_and_projections():
    below = ("turnlog.events", "turnlog.projections")
    bad = {m: sorted(x for x in e if not x.startswith(below))
           for m, e in graph().items() if m.startswith("turnlog.projections")}
    assert not {m: e for m, e in bad.items() if e}
