"""Property: any valid table written in the format loads, and every lookup gives back its cell verbatim."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from turnlog.engine.kit import tables as T

_NUM = st.integers(0, 99).map(str)
_LETTERS = st.text("ABCDEHRSX", min_size=1, max_size=3)
_CODE = st.one_of(_LETTERS, st.tuples(_LETTERS, st.integers(1, 9)).map(lambda t: f"{t[0]}{t[1]}"))
CELLS = {
    "attrition": st.one_of(st.just("-"), st.integers(0, 20).map(lambda n: f"{n}C"),
                           st.tuples(st.integers(0, 20), st.integers(0, 9)).map(lambda t: f"{t[0]}C/{t[1]}H")),
    "sides": st.one_of(st.just("-"), st.tuples(st.one_of(st.just("-"), _NUM), st.one_of(st.just("-"), _NUM, _LETTERS),
                                               st.sampled_from(["", "*"])).map(lambda t: f"{t[0]}/{t[1]}{t[2]}")),
    "codes": st.one_of(st.just("-"), st.lists(_CODE, min_size=1, max_size=3).map("/".join)),
    "verbatim": st.text(st.characters(min_codepoint=33, max_codepoint=0x2FF, blacklist_characters='"\\',
                                      blacklist_categories=("Cc", "Zs")), min_size=1, max_size=20),
}


@st.composite
def tables(draw):
    grammar = draw(st.sampled_from(sorted(CELLS)))
    by = draw(st.sampled_from(["name", "range", "odds"]))
    n = draw(st.integers(1, 6))
    names = [f"c{i}" for i in range(n)]
    if by == "range":
        widths = draw(st.lists(st.integers(1, 10), min_size=n, max_size=n))
        lo = draw(st.integers(-20, 20))
        cols = []
        for i, w in enumerate(widths):
            col = {"name": names[i]}
            if i:
                col["min"] = lo
            if i < n - 1:
                col["max"] = lo + w - 1
            cols.append(col)
            lo += w
    elif by == "odds":
        cols = [{"name": names[i], "min": f"{i + 1}:2"} for i in range(n)]
    else:
        cols = [{"name": x} for x in names]
    first = draw(st.integers(-5, 5))
    rows = [{"roll": first + k, "cells": draw(st.lists(CELLS[grammar], min_size=n, max_size=n))}
            for k in range(draw(st.integers(1, 8)))]
    head = f'source = "generated"\nlicence = "test"\ninvented = true\ncell_grammar = "{grammar}"\ncolumns_by = "{by}"\n'
    body = "columns = [" + ", ".join(_inline(c) for c in cols) + "]\nrows = [" + ", ".join(_inline(r) for r in rows) + "]\n"
    return head + body, rows, names


def _inline(d: dict) -> str:
    return "{ " + ", ".join(f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in d.items()) + " }"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_load_then_every_cell_reads_back_verbatim(case):
    text, rows, names = case
    t = T.parse(text, "gen")
    again = T.from_record(T.record(t))
    for table in (t, again):
        for row in rows:
            for j, name in enumerate(names):
                got = T.lookup(table, name, row["roll"])
                assert got.cell == row["cells"][j] == got.result.text
                assert got.notes == ()
