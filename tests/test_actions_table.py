"""Every engine's actions round-trip through their transcript form and are
named in both languages: over many bot-played deals, for every legal action
of every seat at every step, encode(decode(a)) == a and label(a) is a real
label in English and in Japanese; and each engine's ACTIONS table (where it
has one) gives both labels of every row and names no code twice."""
import importlib

import pytest

import tools  # noqa: F401  (firmware on sys.path)
from oya import rng
from oya.game import EN, JA
from oya.games import load, options
from oya.session import Session
from tools.play import bots_for
from tests.props import random_options

# (game, deals): Kakkuri's plays are many a turn and each decode a search
GAMES = (("kyuten", 60), ("oicho", 60), ("meri", 12), ("kachi", 60), ("kakkuri", 6))


def _check_state(deal, seen):
    seats = range(deal.nseats) if getattr(deal, "OUT_OF_TURN", False) else (deal.turn,)
    for seat in seats:
        for a in deal.choices(seat):
            if seat != deal.turn:
                continue            # a transcript names the acting seat's cards
            do, args = deal.decode(a)
            assert deal.encode(do, args) == a, (a, do, args)
            for lang in (EN, JA):
                text = deal.label(a, lang)
                assert text and text != "?", (a, lang)
            seen.add(do)


@pytest.mark.parametrize("game,deals", GAMES)
def test_every_legal_action_round_trips_and_is_named(game, deals):
    mod = load(game)
    lo, hi = mod.MATCH.SEATS
    r = rng.Rng(b"acts" + game.encode() + b"\x00" * (28 - len(game)))
    seen = set()
    n = 0
    match_no = 0
    while n < deals:
        match_no += 1
        mseed = rng.derive(b"\x11" * 32, match_no)
        opts = random_options(options(game), r)
        nseats = lo + r.below(hi - lo + 1)
        if isinstance(opts.get("players"), int):
            nseats = opts["players"]
        bot = bots_for(game, ("random", "smart")[match_no % 2])
        s = Session(game, "acts", opts, ["P%d" % (i + 1) for i in range(nseats)], None, None, mseed)
        m = s.match
        s.draw_first_dealer(rng.derive(mseed, 0))
        bot_rng = rng.Rng(rng.derive(mseed, 99))
        started = 0
        while not m.over() and started < 6 and n < deals:
            deal = s.begin_deal()
            started += 1
            while not deal.done:
                _check_state(deal, seen)
                s.act(bot(deal, deal.turn, bot_rng), deal.turn)
            s.end_deal()
            n += 1
    assert len(seen) >= 3, seen       # the deals reached several kinds of decision


@pytest.mark.parametrize("module", [g for g, _ in GAMES] + ["meri_table"])
def test_the_table_names_each_code_once_in_both_languages(module):
    table = importlib.import_module("oya.games." + module).ACTIONS
    codes = set()
    for row in table:
        code, lo, hi, do, arg, en, ja = row
        assert lo <= hi and do and en and ja, row
        assert en.count("%") == ja.count("%"), row
        assert not ja.isascii() or en.count("%") == len(en) // 2, row   # Japanese, or only the argument
        for v in (lo, hi):
            assert code + v not in codes, row
        codes.update(range(code + lo, code + min(hi, lo + 200) + 1))
