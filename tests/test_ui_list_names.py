"""A list of ruleset names shows each in the cells it has, no two alike
(oya.ui.setup.distinct), checked against what a list must show on random
names, alike on purpose."""
import random

import pytest

import tools  # noqa: F401
from oya.ui.grid import cut, half
from oya.ui.setup import distinct


def test_the_shipped_lookalikes_read_apart_at_the_settings_width():
    assert distinct(["Oicho-Kabu (Kanto)", "Oicho-Kabu (Kansai)", "Kachi-kachi (standard)",
                     "Kachi-kachi (regional)", "4-nin Meri", "Kakkuri (summary rules)"], 12) == [
        "Oicho~Kanto)", "Oich~Kansai)", "Ka~standard)", "Ka~regional)", "4-nin Meri",
        "Kakkuri (summary rules)"]                  # (unlike the others once cut: the row cuts it)


def test_a_name_given_twice_is_numbered_and_the_first_row_kept():
    assert distinct(["Defaults", "Defaults", "Quick", "Quick", "Quick"], 20) == [
        "Defaults", "Defaults~2", "Quick", "Quick~2", "Quick~3"]


@pytest.mark.parametrize("seed", range(4))
def test_random_names_are_shown_apart_in_their_width(seed):
    r = random.Random(seed)
    for _ in range(3000):
        width = r.randint(6, 20)
        stem = "".join(r.choice("ab (-ｶﾞ") for _ in range(r.randint(0, 14)))
        names = [stem + "".join(r.choice("ab (ｶ") for _ in range(r.randint(0, 14))) for _ in range(r.randint(1, 9))]
        rows = distinct(names, width)
        for wider in (width, width + 3):                # (a row may have more room than the narrowest)
            out = [cut(half(x), wider) for x in rows]
            assert len(out) == len(names) and len(set(out)) == len(out), (names, wider, out)
        out = [cut(half(x), width) for x in rows]
        for name, shown in zip(names, out):
            h = half(name)
            if len(h) <= width and names.count(name) == 1:
                assert shown == h, (name, shown)                # (no "~" in these names: never taken for a cut one)
            if len(h) > width:
                assert "~" in shown, (name, shown)      # a cut name says so
        if len(half(names[0])) <= width:
            assert rows[0] == names[0]
