"""The REPL's `where` shows the anchor of the row at the cursor, which `turnlog verify --anchor` accepts."""
from __future__ import annotations

from turnlog.engine.verify import verify_path

from fixtures.backbone import rolled
from test_repl import run, section


def test_where_shows_an_anchor_that_verify_accepts(tmp_path):
    g = rolled(tmp_path / "r.db", value=3)
    out = section(run(g, "goto 27", "where"), "where")
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("anchor:"))
    seq, prefix = line.split()[1].split(":")
    assert seq == "27" and len(prefix) == 32 and g.log.hash_at(27).startswith(prefix)
    g.close()
    assert verify_path(tmp_path / "r.db", anchors=[(27, prefix)]).ok
    assert not verify_path(tmp_path / "r.db", anchors=[(27, "0" * 32)]).ok
