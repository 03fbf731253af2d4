# Kachi-kachi's options: (name, default, choices or min and max, or a check).
# Read through oya.games.options('kachi') by the setup
# screens, the ruleset reader and a resume; not kept in RAM during play.
from oya.compat import const
from oya.games.kachi_names import GOSHUGI_DEFAULT, PIN_NAMES

# the pair slots 4-1 / 9-1 may move to (pair_41_91_position)
SLOT_PAIRS = ("2-2", "3-3", "4-4", "5-5", "6-6", "7-7", "8-8", "9-9", "1-1", "10-10")
BONUS_YAKU = ("tamashii", "pinpin", "junjun", "inketsu_geri", "buta_geri", "arashi")
_GOSHUGI_MAX = const(20)


def _slots():
    return tuple("between_%s_and_%s" % (SLOT_PAIRS[i], SLOT_PAIRS[i + 1])
                 for i in range(len(SLOT_PAIRS) - 1))


def check_order(v):
    if v is None:
        return "a list of 4-1, 5-1, 6-1, 9-1, 10-1 in any order, weakest first"
    if not isinstance(v, (list, tuple)) or len(v) != 5 or sorted(v) != sorted(PIN_NAMES):
        return check_order(None)
    return None


def check_goshugi(v):
    if v is None:
        return ("an object of yaku (%s) to ante units 0 to %d (0 = no goshugi)"
                % (", ".join(BONUS_YAKU), _GOSHUGI_MAX))
    if not isinstance(v, dict):
        return check_goshugi(None)
    for k in v:
        u = v[k]
        if (k not in BONUS_YAKU or u is True or u is False or not isinstance(u, int)
                or not 0 <= u <= _GOSHUGI_MAX):
            return check_goshugi(None)
    return None


# what the new-table screens ask before the engine is loaded (its Match
# class has the same: tests/test_ui_app.py checks that they agree)
SEATS = (2, 8)
WARN_SEATS = 6          # more than 6: few cards left for draws (warn)
START_OPTION = "starting_chips"

OPTIONS = (
    ("ante", 1, 1, 999),
    ("rate_cap", None, 1, 9999),
    ("rate_min", 1, 1, 9999),
    ("circuits", 3, 1, 9),
    ("deck_variant", "standard20", ("standard20", "three_1s_10s")),
    ("draw_exposure", "original_card", ("original_card", "any_card")),
    ("pin_yaku", "on", ("on", "off")),
    ("roppin", "on", ("on", "off")),
    ("toppin_requires_aka_pin", False, (False, True)),
    ("pin_41_91_position", "pin_tier", ("pin_tier",) + _slots()),
    ("pin_tier_order", ["4-1", "5-1", "6-1", "9-1", "10-1"], check_order),
    ("tamashii", "on", ("on", "off")),
    ("kenpei", "on", ("on", "off")),
    ("kenpei_effect", "void_junjun", ("void_junjun", "kenpei_wins")),
    ("shiroku", "on", ("on", "off")),
    ("inketsu_geri", "off", ("off", "on")),
    ("buta_geri", "off", ("off", "on")),
    ("goshugi", GOSHUGI_DEFAULT, check_goshugi),
    ("shibari", "off", ("off", "on")),
    ("color_tiebreak", "off", ("off", "red_high", "black_high")),
    ("aka_pin_priority", "off", ("off", "superior", "inferior")),
    ("starting_chips", 50, 1, 9999),
    ("deals_per_match", 10, 1, 999),
    ("session_end", "deal_count", ("deal_count", "broke", "time_limit")),
    ("session_minutes", 60, 5, 600),
)


def table_refusal(opts):
    """Why these options need the device's deal (oya.tabledeck.refuse): the
    colour tie-break tells apart a red 7 and a black 7, which a table deck's
    picker names alike."""
    if opts.get("color_tiebreak", "off") != "off":
        return "Colour tie-break needs the device's deal"
    return None
