"""AS-CAP.1-5 and the text's three examples (AS-CAP.Ex1-3); readings P6 (per-hex test), P7 (which vehicles),
P8 (mot/mech infantry in Travel Mode are vehicles). INVENTED units and ratings; "rough" is a non-Clear
terrain with no modifier, the default "clear" a Clear one."""
from __future__ import annotations

from fractions import Fraction

from assault_values_helpers import assault, unit

ROUGH = "0302:rough"


def _cap(t) -> dict[str, Fraction]:
    return {m.applies_to.split(":")[1]: m.amount for m in t.modifiers if m.rule == "AS-CAP.5"}


def test_as_cap_5_ex1_two_vehicles_at_half_strength(tmp_path):
    """AS-CAP.Ex1, AS-CAP.5."""
    units = [unit("a1", "0202", strength=14, kind="vehicles", assault=6), unit("a2", "0202", strength=100),
             unit("e1", "0302", strength=120)]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec=ROUGH)
    assert _cap(t) == {"a1": Fraction(13, 14)}          # 2 of 14 at half: 12 + 2/2 = 13 of 14
    assert t.contributions["a1"] == 6 * 10 * 13


def test_as_cap_4_ex2_a_supported_hex_escapes_whatever_the_defenders(tmp_path):
    """AS-CAP.Ex2, AS-CAP.4: 800 infantry with 10 vehicles pass the per-hex test."""
    # The text's own figures: 200 defending infantry, more than the 100 that count as support (AS-CAP.3).
    units = [unit("a1", "0202", strength=10, kind="vehicles"), unit("a2", "0202", strength=800),
             unit("e1", "0302", strength=200)]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec=ROUGH)
    assert _cap(t) == {} and t.contributions["a1"] == 4 * 10 * 10
    # "whatever the defenders": 1100 of them change nothing.
    _, t = assault(tmp_path, [*units, unit("e2", "0302", strength=900)], ["a1", "a2"], spec=ROUGH)
    assert _cap(t) == {}


def test_as_cap_4_5_ex3_surplus_infantry_does_not_help_another_hex(tmp_path):
    """AS-CAP.Ex3: hex A passes (AS-CAP.4), its surplus stays there; hex B's vehicles pay (AS-CAP.5)."""
    units = [unit("a1", "0202", strength=10, kind="vehicles"), unit("a2", "0202", strength=800),
             unit("a3", "0203", strength=20, kind="vehicles"), unit("e1", "0302", strength=200)]
    _, t = assault(tmp_path, units, ["a1", "a2", "a3"], spec=ROUGH)
    assert _cap(t) == {"a3": Fraction(30, 40)}          # 10 of hex B's 20 vehicles at half strength


def test_as_cap_1_no_penalty_into_a_clear_hex(tmp_path):
    """AS-CAP.1: only vehicles assaulting a non-Clear hex."""
    units = [unit("a1", "0202", strength=10, kind="vehicles"), unit("e1", "0302", strength=500)]
    _, t = assault(tmp_path, units, ["a1"])
    assert _cap(t) == {}


def test_as_cap_2_enough_supporting_infantry(tmp_path):
    """AS-CAP.2: 60 supporting infantry against 60 defending: no penalty."""
    units = [unit("a1", "0202", strength=10, kind="vehicles"), unit("a2", "0202", strength=60),
             unit("e1", "0302", strength=60)]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec=ROUGH)
    assert _cap(t) == {}


def test_as_cap_3_infantry_in_another_hex_does_not_support(tmp_path):
    """AS-CAP.3: only infantry stacked with the vehicles supports them."""
    units = [unit("a1", "0202", strength=3, kind="vehicles"), unit("a2", "0203", strength=500),
             unit("e1", "0302", strength=25)]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec=ROUGH)
    assert _cap(t) == {"a1": Fraction(3, 6)}            # 25 beyond 0 support: 3 vehicles, all of a1's


def test_p6_at_least_by_default_and_exceeds_as_an_option(tmp_path):
    units = [unit("a1", "0202", strength=10, kind="vehicles"), unit("a2", "0202", strength=100),
             unit("e1", "0302", strength=200)]
    _, t = assault(tmp_path, units, ["a1", "a2"], spec=ROUGH)
    assert _cap(t) == {}
    _, t = assault(tmp_path, units, ["a1", "a2"], spec=ROUGH, pzc={"cap_support": "exceeds"})
    assert _cap(t) == {"a1": Fraction(10, 20)}          # 100 beyond the 100 supporting: all 10 vehicles


def test_p7_penalised_vehicles_shared_in_proportion_and_capped(tmp_path):
    units = [unit("a1", "0202", strength=6, kind="vehicles"), unit("a3", "0203", strength=3, kind="vehicles"),
             unit("e1", "0302", strength=50)]
    _, t = assault(tmp_path, units, ["a1", "a3"], spec=ROUGH)
    assert _cap(t) == {"a1": Fraction(9, 12), "a3": Fraction(4, 6)}    # 5 vehicles: 3 of a1's, 2 of a3's
    units[2] = unit("e1", "0302", strength=500)
    _, t = assault(tmp_path, units, ["a1", "a3"], spec=ROUGH)
    assert _cap(t) == {"a1": Fraction(1, 2), "a3": Fraction(1, 2)}     # no more than every vehicle


def test_p8_motorised_infantry_in_travel_mode_are_vehicles_not_support(tmp_path):
    units = [unit("a1", "0202", cls="mot_infantry", mode="travel"), unit("e1", "0302", strength=100)]
    _, t = assault(tmp_path, units, ["a1"], spec=ROUGH)
    assert _cap(t) == {"a1": Fraction(1, 2)}            # 100 men are 10 vehicles, all unsupported
    assert t.contributions["a1"] == 4 * 100 / 4 / 2     # and AS-ATK.4's x1/4
