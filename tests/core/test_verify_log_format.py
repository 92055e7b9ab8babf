"""The verify report names the file's log format: an old game keeps its own, and says so."""
from __future__ import annotations

import pytest

from turnlog.engine.commands import MoveUnit
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify_path

from fixtures.backbone import bridgehead


@pytest.mark.parametrize("fmt", [2, 3])
def test_report_names_the_log_format(tmp_path, fmt):
    path = tmp_path / "g.db"
    with bridgehead(path, log_format=fmt) as g:
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
    rep = verify_path(path)
    assert rep.ok and rep.log_format == fmt
    assert text(rep, "g.db").splitlines()[0].endswith(f"(log format {fmt})")
