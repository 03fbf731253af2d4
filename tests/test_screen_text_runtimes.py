"""The text a deal shows (the table's lines, the prompt, every choice's
label, in both languages) is the same under MicroPython as under CPython, for
every game. The engines build some of it as bytes for speed on the device
(oya.cards.put_name), where the two runtimes' bytes and str differ."""
import subprocess
import sys

import pytest

import tools
from oya import GAMES
from tools import mpy_runtime

# Deals played with choices picked by a small LCG (no `random`: the same
# picks on both runtimes); every screen text printed as it goes.
SCRIPT = r'''
import sys
from oya.session import new_match

def seeds(x):
    while True:
        x = (x * 1103515245 + 12345) & 0x7fffffff
        yield x

def seed32(g):
    return bytes(next(g) & 255 for _ in range(32))

def play(game, nseats, deals, x):
    g = seeds(x)
    names = ["P%d" % i for i in range(nseats)]
    names[0] = "オヤ"              # a kana name, as the names screen allows
    m = new_match(game, {}, names, None, seed32(g))
    m.choose_first_dealer(seed32(g))
    mod = sys.modules["oya.games." + game]
    steps = 0
    for _ in range(deals):
        if m.over():
            break
        deal = m.start_deal(seed32(g))
        while True:
            for ln in mod.table_lines(deal.public(), m.ledger.names, m.deck_kind()):
                print(ln)
            if deal.done:
                break
            seat = deal.turn
            ch = deal.choices(seat)
            for lang in (0, 1):
                print(deal.prompt(seat, lang))
                for a in ch[:12]:
                    print(deal.label(a, lang))
            deal.act(ch[next(g) % len(ch)], seat)
            steps += 1
        m.finish_deal()
    print("steps", steps)

play(GAME, NSEATS, DEALS, 7)
'''

SEATS = {"oicho": 4, "kachi": 4, "kakkuri": 6, "kyuten": 4, "meri": 4}


def _script(game):
    return SCRIPT.replace("GAME", repr(game)).replace("NSEATS", str(SEATS[game])).replace("DEALS", "3")


@pytest.mark.parametrize("game", GAMES)
def test_a_deals_screen_text_is_the_same_on_both_runtimes(game):
    if not mpy_runtime.available():
        pytest.skip("MicroPython runtime not installed (make setup)")
    code = _script(game)
    host = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, %r)\n" % str(tools.FIRMWARE) + code],
                          capture_output=True, text=True, timeout=120)
    assert host.returncode == 0, host.stderr
    assert "steps 0" not in host.stdout
    mp = mpy_runtime.run(code, timeout=120)
    assert mp.ok, mp.error
    assert mp.stdout.splitlines() == host.stdout.splitlines()
