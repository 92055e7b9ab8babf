"""engine/kit/choices.py: how a Choice reads (head, str) and what its example() draws.

The head is the line legal() gave before choices were concrete, so consumers that matched it keep their
meaning; str() adds each field's values, how many, and the rule; example() honours every finite option,
bound and cross-field condition of the choice.
"""
from __future__ import annotations

import random

from turnlog.engine.kit.choices import Bound, Choice, Option, choice


def test_the_head_is_the_command_and_its_fixed_fields():
    assert choice("TakeAttritionLosses", {"procedure": "A1"}).head == "TakeAttritionLosses procedure=A1"
    assert choice("StartPhase", {"phase": "combat"}, positional=True).head == "StartPhase combat"
    assert choice("MoveUnit").head == "MoveUnit"


def test_str_says_how_many_of_which_and_the_rule():
    ch = choice("TakeAttritionLosses", {"procedure": "A1"},
                [Option(field="units", values=["u3", "u7", "u9"], many=True, least=2, most=2)], rule="14.51")
    assert str(ch) == "TakeAttritionLosses procedure=A1 units: exactly 2 of u3, u7, u9 (14.51)"
    many = Option(field="selections[].hex", values=["0505", "0506"], many=True, least=0, most=1)
    assert str(many) == "selections[].hex: at most 1 of 0505, 0506"
    keyed = Option(field="retreats[].to", values=[""], when={"retreats[].unit": "u3"})
    assert str(keyed) == "retreats[u3].to: one of (eliminated)"
    assert str(Option(field="text", domain="any text")) == "text: open, any text"
    assert str(Option(field="value", values=[0, 1], optional=True)) == "value: one of 0, 1, or left out"
    capped = Option(field="units", values=["a", "b", "c"], many=True, least=2, most=2,
                    bounds=[Bound(values=["a", "b"], most=1, rule="14.52C")])
    assert str(capped) == "units: exactly 2 of a, b, c; at most 1 of a, b under 14.52C"
    kept = Option(field="exclude", values=["a", "b"], many=True, least=0, most=None,
                  bounds=[Bound(values=["a"], most=0, rule="14.21")])
    assert str(kept) == "exclude: any of a, b; none of a under 14.21"


def test_a_long_list_is_shortened_in_str_only():
    opt = Option(field="hex", values=[f"{i:04d}" for i in range(40)])
    assert str(opt).endswith(", ... 0039 (40 values)") and len(opt.values) == 40


def test_example_honours_bounds_distinct_together_and_one_of():
    caps = Choice(command="TakeAttritionLosses", head="x", fixed={"procedure": "A1"}, options=[
        Option(field="units", values=["a", "b", "c", "d"], many=True, least=3, most=3,
               bounds=[Bound(values=["a", "b", "c"], most=2), Bound(values=["c", "d"], least=1)])])
    sel = Choice(command="SelectOccupation", head="y", distinct=["selections[].units"], options=[
        Option(field="selections[].hex", values=["h1", "h2"], many=True, least=0, most=2),
        *[Option(field="selections[].units", values=["m"], many=True, least=1, most=None,
                 when={"selections[].hex": h}) for h in ("h1", "h2")]])
    both = Choice(command="DesignateWinterHexes", head="z", distinct=["losses", "occupation"], together=2, options=[
        Option(field="losses", values=["p", "q"], many=True, least=0, most=2),
        Option(field="occupation", values=["p", "q", "r"], many=True, least=0, most=2)])
    move = Choice(command="MoveUnit", head="w", one_of=["hex", "box"], options=[
        Option(field="unit", values=["u"]), Option(field="hex", values=["0101"]), Option(field="box", values=["b"])])
    for seed in range(200):
        rng = random.Random(seed)
        units = caps.example(rng)["units"]
        assert len(set(units)) == 3 and len({"a", "b", "c"} & set(units)) <= 2 and {"c", "d"} & set(units)
        picked = [u for s in sel.example(rng)["selections"] for u in s["units"]]
        assert picked == ["m"] or picked == []        # m advances into one hex at most; no item without a unit
        doc = both.example(rng)
        ls, oc = doc.get("losses", []), doc.get("occupation", [])
        assert len(ls) + len(oc) <= 2 and not set(ls) & set(oc)
        assert sorted(k for k in move.example(rng) if k in ("hex", "box")) in (["hex"], ["box"])
