# Cards, the RNG and the stock: the same results on MicroPython and CPython.
from oya import cards, cards_ja, rng, stock
from oya.compat import hexstr
from oya.heap import field

SEED = b"\x01" * 32


def test_deck_sizes():
    sizes = {cards.HANAFUDA: 40, cards.KABUFUDA: 40, cards.KACHI20: 20, cards.KACHI22: 22,
             cards.KOMATSU: 48, cards.STD52: 52, cards.STD104: 104}
    for kind, n in sizes.items():
        d = cards.deck(kind)
        assert len(d) == n, (kind, len(d))
        assert len(set(d)) == n


def test_four_of_each_value_in_oicho_decks():
    for kind in (cards.HANAFUDA, cards.KABUFUDA):
        counts = [0] * 11
        for c in cards.deck(kind):
            counts[cards.rank(kind, c)] += 1
        assert counts[1:] == [4] * 10


def test_kachi_special_cards_and_22_card_variant():
    d20 = cards.names(cards.KACHI20, cards.deck(cards.KACHI20))
    assert d20.count("1r") == 1 and d20.count("1g") == 1 and d20.count("4g") == 1
    d22 = [cards.rank(cards.KACHI22, c) for c in cards.deck(cards.KACHI22)]
    assert d22.count(1) == 3 and d22.count(10) == 3 and d22.count(5) == 2


def test_komatsu_specials():
    names = cards.names(cards.KOMATSU, cards.deck(cards.KOMATSU))
    for special in ("1w", "2w", "3k"):
        assert names.count(special) == 1
    assert names.count("12") == 4 and names.count("1") == 3


def test_transcript_names():
    assert cards.name(cards.STD52, 9) == "TS"
    assert cards.name(cards.STD52, 13 + 11) == "QH"
    assert cards.name(cards.STD52, 26) == "AD"
    assert cards.name(cards.STD52, 51) == "KC"
    assert cards.name(cards.STD104, 52 + 9) == "TS"
    assert cards.name(cards.HANAFUDA, 9) == "3b"
    assert cards.name(cards.KABUFUDA, 9) == "3"
    assert cards.name(cards.HANAFUDA, 39) == "10d" and cards.name(cards.KOMATSU, 47) == "12"
    for kind in (cards.HANAFUDA, cards.STD52, cards.KOMATSU, cards.KACHI22):
        for c in cards.deck(kind):
            assert cards.rank(kind, cards.parse(kind, cards.name(kind, c))) == cards.rank(kind, c)


def test_japanese_names_exist():
    assert cards_ja.name_ja(cards.KOMATSU, cards.AKA_CHORO) == "アカチョロ"
    assert cards_ja.name_ja(cards.HANAFUDA, 0) == "マツ"            # the month alone: its four cards are alike
    assert cards_ja.name_ja(cards.STD52, 0) == "スペードA"
    assert cards_ja.name_ja(cards.HANAFUDA, 39) == "モミジ"        # the last of a joined table
    assert cards_ja.name_ja(cards.STD52, 51) == "クラブK"


def test_field_reads_a_joined_table():
    assert [field("a|bc||d", i) for i in range(4)] == ["a", "bc", "", "d"]
    assert field("solo", 0) == "solo"
    try:
        field("a|b", 2)
    except ValueError:
        pass
    else:
        raise AssertionError("no third field")


def test_rng_is_deterministic_and_identical_across_runtimes():
    # a known answer: the same bytes on MicroPython and CPython
    got = bytes(rng.Rng(SEED).shuffle(bytearray(range(10))))
    again = bytes(rng.Rng(SEED).shuffle(bytearray(range(10))))
    assert got == again
    assert hexstr(got) == "05040209060801070003", hexstr(got)


def test_below_stays_in_range_and_hits_every_value():
    r = rng.Rng(SEED)
    for n in (1, 2, 3, 7, 10, 52, 104, 255, 256, 257, 1000):
        seen = set()
        for _ in range(max(200, n * 8)):
            v = r.below(n)
            assert 0 <= v < n
            seen.add(v)
        assert len(seen) == n or n > 300


def test_shuffle_is_a_permutation():
    r = rng.Rng(SEED)
    for size in (2, 20, 52, 104):
        d = bytearray(range(size))
        r.shuffle(d)
        assert sorted(d) == list(range(size))


def test_shuffle_draws_what_below_draws():
    """shuffle() inlines below() for small decks: the same swaps, and the
    stream left where below() would leave it (a deal replays from its seed)."""
    for size in (2, 3, 40, 48, 52, 104, 200):
        a, b = rng.Rng(SEED), rng.Rng(SEED)
        a.below(7)
        b.below(7)
        d = bytearray(range(size))
        a.shuffle(d)
        ref = bytearray(range(size))
        i = size - 1
        while i > 0:
            j = b.below(i + 1)
            ref[i], ref[j] = ref[j], ref[i]
            i -= 1
        assert d == ref, size
        assert [a.below(1000) for _ in range(5)] == [b.below(1000) for _ in range(5)], size


def test_commit_and_derive():
    c = rng.commit(SEED)
    assert len(c) == 64
    assert c == rng.commit(bytes(SEED))
    assert rng.derive(SEED, 1) != rng.derive(SEED, 2)
    assert len(rng.derive(SEED, 1)) == 32


def test_entropy_gives_distinct_seeds():
    a, b = rng.entropy(), rng.entropy()
    assert len(a) == 32 and a != b


def test_stock_draws_top_fourth_and_bottom():
    s = stock.fixed(b"abcdefgz")
    assert s.draw_at(3) == ord("d")           # sancho-girai: the 4th from the top
    assert s.remaining() == b"abcefgz"        # the three above keep their order
    assert s.draw_bottom() == ord("z")        # name: the bottom card
    assert s.draw() == ord("a")
    assert len(s) == 5


def test_shuffled_stock_follows_its_seed():
    a = stock.shuffled(cards.deck(cards.KOMATSU), SEED).remaining()
    b = stock.shuffled(cards.deck(cards.KOMATSU), SEED).remaining()
    c = stock.shuffled(cards.deck(cards.KOMATSU), rng.derive(SEED, 1)).remaining()
    assert a == b and a != c and sorted(a) == list(range(48))
