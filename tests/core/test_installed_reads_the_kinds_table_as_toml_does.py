"""A checkout's table of kinds read line by line is the table TOML's parser reads; any line
outside the plain ``name = "module:attribute"`` form sends the file to the parser."""

from __future__ import annotations

import tomllib

from fixtures.backbone import ROOT
from turnlog.engine import installed as I


def _toml(text: str) -> dict:
    return tomllib.loads(text)["project"]["entry-points"][I.GROUP]


def test_the_checkouts_table_read_by_lines_is_tomls():
    text = (ROOT / "pyproject.toml").read_text()
    assert I._table_lines(text) == _toml(text) and len(_toml(text)) >= 5


def test_a_line_in_another_toml_form_goes_to_the_parser(tmp_path):
    text = (ROOT / "pyproject.toml").read_text()
    head = f'[project.entry-points."{I.GROUP}"]\n'
    for odd in (
        'odd = { value = "x:y" }\n',
        "odd = 'a.b:C'\n",
        'turn = "again:KIND"\n',
        'odd="a:b"\n',
    ):
        changed = text.replace(head, head + odd)
        assert I._table_lines(changed) is None
    path = tmp_path / "pyproject.toml"
    path.write_text(text.replace(head, head + "odd = 'a.b:C'\n"))
    assert I._from_pyproject(path)["odd"] == "a.b:C"  # the parser's reading, quotes of either kind
    assert (
        I._table_lines(text.replace('[project]\nname = "turnlog"', '[project]\nname = "other"'))
        is None
    )
