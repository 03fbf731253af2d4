# Kachi-kachi's options: (name, default, choices or min and max, or a check).
# Read through oya.games.kachi.OPTIONS (a module __getattr__) by the setup
# screens, the ruleset reader and a resume; not kept in RAM during play.
from oya.games.kachi import GOSHUGI_DEFAULT, _slots, check_goshugi, check_order

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
