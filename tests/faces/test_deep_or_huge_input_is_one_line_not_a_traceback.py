"""Input nested or sized past what turnlog reads is one line naming the limit, never a traceback: a JSON
scenario with a 100,000-deep array in an unknown field, a TOML scenario 50,000 arrays or 5,000 inline tables
deep (both past the documented nesting limit), and the REPL's `why` with a seq no SQLite INTEGER holds."""
from __future__ import annotations

import io

import pytest

from fixtures.backbone import ROOT, bridgehead

from turnlog.engine import scenario as S
from turnlog.engine.faces.cli import main
from turnlog.engine.faces.repl import Shell

BASE = (ROOT / "engine" / "scenarios" / "bridgehead-14-65.toml").read_text()


@pytest.mark.parametrize("name, text", [
    ("deep.json", '{"zzz": ' + "[" * 100_000 + "]" * 100_000 + ', "name": "x"}'),
    ("deep.toml", "zzz = " + "[" * 50_000 + "]" * 50_000 + "\n" + BASE),
    ("inline.toml", "zzz = " + "{a = " * 5_000 + "1" + "}" * 5_000 + "\n" + BASE),
], ids=["json-array-100000", "toml-array-50000", "toml-inline-table-5000"])
def test_a_scenario_nested_too_deeply_is_refused_by_name(tmp_path, capsys, name, text):
    (tmp_path / name).write_text(text)
    code = main(["new", str(tmp_path / name), "--db", str(tmp_path / "g.db")])
    err = capsys.readouterr().err
    assert code == 2 and "nested" in err and f"more than the limit of {S.MAX_NESTING}" in err, err
    assert not (tmp_path / "g.db").exists()


def test_nesting_at_the_limit_is_read():
    text = "zzz = " + "[" * S.MAX_NESTING + "]" * S.MAX_NESTING + "\n" + BASE
    with pytest.raises(Exception) as err:  # an unknown field: refused by its name, not by its depth
        S.parse(text, "toml")
    assert "nested" not in str(err.value) and "zzz" in str(err.value)


def test_repl_why_with_a_seq_too_large_says_so(tmp_path):
    g = bridgehead(tmp_path / "g.db")
    out = io.StringIO()
    Shell(g, stdin=io.StringIO("why 99999999999999999999\nback 99999999999999999999\nquit\n"), stdout=out,
          history=None).cmdloop()
    g.close()
    text = out.getvalue()
    assert "internal error" not in text and text.count("a number too large here") == 1, text
