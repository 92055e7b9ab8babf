"""`why` on an attrition retreat (14.71-14.73): the order of evils, and every hex next to the unit, barred
(with the 14.72 case) or with its evils, the one taken marked. The retreat position of
tests/attrition/retreat_position.py: us-x and us-z leave 0504, which it-1 occupies."""
from __future__ import annotations

import io
import random

import msgspec

from turnlog.engine.commands import parse
from turnlog.engine.faces.repl import Shell
from turnlog.events.game import UnitRetreated

from retreat_position import at_retreat


def test_14_73_why_on_a_retreat_lists_the_alternatives_in_the_order_of_evils(tmp_path):
    g = at_retreat(tmp_path, both=False)
    offered = next(ch for ch in g.legal() if ch.command == "RetreatUnits")
    done = g.execute(parse(msgspec.json.encode(offered.example(random.Random(3)))))
    seq, ev = next((s, e) for s, e in done if isinstance(e, UnitRetreated))
    out = io.StringIO()
    Shell(g, stdin=io.StringIO(f"why {seq}\n"), stdout=out, history=None).cmdloop()
    g.close()
    text = out.getvalue()
    assert "rule 14.71" in text and "14.73 order of evils: a hex with none first" in text
    assert f"where {ev.unit} could go from 0504:" in text
    assert f"    {ev.to_hex}: " in text and "<- taken" in text
    assert "barred (14.72" in text  # it-1's 0404 and other AX hexes next to 0504 are closed to it
