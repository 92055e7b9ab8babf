"""Cell grammars read a cell into parts; "-" is no effect; an unknown grammar or bad cell is refused."""
from __future__ import annotations

import pytest

from turnlog.engine.kit import cells as C
from turnlog.engine.kit.cells import Part


@pytest.mark.parametrize("text,parts", [
    ("-", ()), ("2C", (Part(2, "C"),)), ("2C/1H", (Part(2, "C"), Part(1, "H"))), ("12C/6H", (Part(12, "C"), Part(6, "H"))),
])
def test_attrition_cells(text, parts):
    r = C.parse("attrition", text)
    assert r.parts == parts and r.text == text and r.no_effect == (text == "-")


def test_attrition_counters_and_hexes():
    assert C.counters_hexes(C.parse("attrition", "3C/2H")) == (3, 2)
    assert C.counters_hexes(C.parse("attrition", "1C")) == (1, 0)
    assert C.counters_hexes(C.parse("attrition", "-")) == (0, 0)


@pytest.mark.parametrize("text,parts", [
    ("2/1", (Part(2), Part(1))), ("-/1", (Part(None), Part(1))), ("1/R*", (Part(1), Part(None, "R", "*"))),
    ("1/2R", (Part(1), Part(2, "R"))), ("-", ()),
])
def test_sides_cells(text, parts):
    assert C.parse("sides", text).parts == parts


def test_a_sides_cell_of_dashes_is_no_effect():
    assert C.parse("sides", "-/-").no_effect


@pytest.mark.parametrize("text,parts", [
    ("A1/DR", (Part(1, "A"), Part(None, "DR"))), ("EX", (Part(None, "EX"),)), ("2D", (Part(2, "D"),)), ("-", ()),
])
def test_codes_cells(text, parts):
    assert C.parse("codes", text).parts == parts


def test_verbatim_keeps_any_text():
    assert C.parse("verbatim", "Shatter (see 11.16)").parts == (Part(None, "Shatter (see 11.16)"),)


@pytest.mark.parametrize("grammar,text", [
    ("attrition", "2H"), ("attrition", "C2"), ("attrition", "2C/1X"), ("sides", "2"), ("sides", "1/2/3"),
    ("sides", "/1"), ("sides", "a/1"), ("codes", "A-1"), ("codes", "A1//DR"), ("verbatim", ""),
    ("verbatim", " 1"), ("codes", "A\t1"), ("verbatim", "a\x7fb"), ("verbatim", "a\x85b"),
])
def test_bad_cells_are_refused(grammar, text):
    with pytest.raises(ValueError):
        C.parse(grammar, text)


def test_an_unknown_grammar_is_refused():
    with pytest.raises(ValueError, match="unknown cell grammar 'wif'"):
        C.parse("wif", "2/1")


def test_a_system_registers_its_own_grammar(monkeypatch):
    monkeypatch.setattr(C, "GRAMMARS", dict(C.GRAMMARS))  # other tests see the built-in grammars only
    def pct(text: str) -> C.Result:
        return C.Result(text, "test-percent", (Part(int(text.rstrip("%")), "%"),))
    C.register("test-percent", pct)
    assert C.parse("test-percent", "25%").parts == (Part(25, "%"),)
    C.register("test-percent", pct)  # the same function again is harmless
    with pytest.raises(ValueError, match="already registered"):
        C.register("test-percent", lambda text: pct(text))
