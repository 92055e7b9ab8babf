"""Named dice and draws derive like the game's die: each face under its own sub-key, combined; a draw is uniform."""
from __future__ import annotations

from collections import Counter

import pytest

from turnlog.engine import dice as D
from turnlog.engine.errors import RuleViolation
from turnlog.events.setup import DiceSpec, DieSpec

from test_dice_derivation import chi_square, reference

SEED = bytes(range(32))
D10 = DieSpec(sides=10, lowest=0)
PAIR = DiceSpec(count=2, sides=6)


def dice(**named) -> D.Dice:
    return D.Dice(SEED, D10, named=named)


def test_several_dice_each_face_under_its_own_sub_key():
    r = dice(pair=PAIR).roll("wif/t3/0505", "C1", dice="pair")
    want = [reference(SEED, "wif/t3/0505/0", 6, 1), reference(SEED, "wif/t3/0505/1", 6, 1)]
    assert r.faces == want and r.value == sum(want) and r.dice == "pair" and not r.entered


def test_one_named_die_uses_the_key_itself_and_logs_no_faces():
    # A named d10 read 0-9 gives exactly what the game's die gives for the same key.
    r = dice(attacker=DiceSpec(sides=10, lowest=0)).roll("k", dice="attacker")
    assert r.value == D.face(SEED, "k", D10) and r.faces == [] and r.dice == "attacker"


@pytest.mark.parametrize("combine, pick", [("sum", sum), ("high", max), ("low", min), ("each", lambda fs: fs[0])])
def test_combine_modes(combine, pick):
    spec = DiceSpec(count=3, sides=6, combine=combine)
    for i in range(50):
        r = dice(three=spec).roll(f"c/{i}", dice="three")
        assert len(r.faces) == 3 and r.value == pick(r.faces)
        assert r.faces == [reference(SEED, f"c/{i}/{j}", 6, 1) for j in range(3)]


def test_the_game_die_unchanged_by_name_empty():
    r = dice(pair=PAIR).roll("attrition/t2/AX/WA/western/0505")
    assert r.value == 7 and r.dice == "" and r.faces == []  # the pinned vector of test_dice_derivation


def test_an_unknown_dice_name_is_refused_naming_the_rule():
    with pytest.raises(RuleViolation) as err:
        dice(pair=PAIR).roll("k", rule="toy.1", dice="triple")
    assert err.value.rule == "toy.1" and "no dice named 'triple'" in err.value.message


def test_draw_is_the_rejection_sampled_integer_below_n():
    for n in (2, 7, 1000, 10**6, 10**6 + 1):
        for i in range(20):
            r = dice().draw(f"draw/{i}", n, "P1")
            assert r.value == reference(SEED, f"draw/{i}", n) and r.of == n and 0 <= r.value < n


def test_draw_boundaries_one_and_a_million():
    assert {dice().draw(f"one/{i}", 1).value for i in range(50)} == {0}
    values = [dice().draw(f"m/{i}", 10**6).value for i in range(3000)]
    assert min(values) >= 0 and max(values) <= 10**6 - 1
    assert min(values) < 2000 and max(values) > 10**6 - 2000  # spread over the whole range
    assert len(set(values)) > 2990


def test_draw_roughly_uniform_in_ten_bins_of_a_million():
    n = 6000
    counts = Counter(dice().draw(f"u/{i}", 10**6).value // 10**5 for i in range(n))
    assert chi_square(counts, range(10), n) < 27.88  # 0.1% critical value, 9 degrees of freedom


def test_draw_rounding_in_a_thousand_is_uniform():
    n = 5000
    counts = Counter(dice().draw(f"r/{i}", 1000).value // 100 for i in range(n))
    assert chi_square(counts, range(10), n) < 27.88


@pytest.mark.parametrize("n", [0, -1, D.MAX_DRAW + 1])
def test_a_draw_out_of_range_is_refused(n):
    with pytest.raises(RuleViolation, match="a draw is from 1 to"):
        dice().draw("k", n, rule="pzc")


def test_same_key_same_draw_and_roll():
    a, b = dice(pair=PAIR), dice(pair=PAIR)
    assert a.draw("k", 10**6) == b.draw("k", 10**6)
    assert a.roll("k", dice="pair") == b.roll("k", dice="pair")
