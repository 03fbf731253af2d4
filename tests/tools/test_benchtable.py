"""tools/benchtable.py, the table-deck figures of `make bench`: its scripted
match must still reach its deals through the app's screens (a changed screen
on the way, such as the first dealer's or the picker's direction, stops it)."""
from tools import benchtable


def test_the_scripted_table_deck_match_plays_its_deals_and_enters_each_card_in_under_two_presses():
    fig = benchtable.play("oicho", max_deals=2)
    assert fig["deals"] == 2
    assert fig["cards"] >= 2 * 2 * 3          # at least two cards each for three seats, every deal
    assert fig["presses_per_card"] < 2
