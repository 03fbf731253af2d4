# Oicho-Kabu's options: (name, default, choices or min and max, or a check).
# Read through oya.games.options('oicho') by the setup
# screens, the ruleset reader and a resume; not kept in RAM during play.
# (nothing imported from the engine: the options screen reads this before
# the engine is in RAM, and importing it here was ~230 ms of one idle pass)
from oya.compat import const

DOMAE_MAX = const(100)     # the most chips a domae bet may be

# what the new-table screens ask before the engine is loaded (its Match
# class has the same: tests/test_ui_app.py checks that they agree)
SEATS = (2, 10)
START_OPTION = "starting_points"

OPTIONS = (
    ("deck", "hanafuda", ("hanafuda", "kabufuda")),
    ("dealer_buta", "contest", ("contest", "no_contest")),
    ("tie", "dealer_wins", ("dealer_wins", "push")),
    ("maki_fuda", "on", ("on", "off")),
    ("draw_restrictions", "all", ("all", "dealer_only", "none")),
    ("shippin_owner", "dealer", ("dealer", "child", "both")),
    ("pin_pay", "x1", ("x1", "x2")),
    ("nobori_kudari", "off", ("off", "on")),
    ("arashi_kabu", "off", ("off", "x5")),
    ("pin_yaku_order", "strict", ("strict", "any")),
    ("columns", 4, (4, 5)),
    ("deals_per_match", 12, (12, 6)),
    ("starting_points", 50, 1, 9999),
    ("domae", 10, 1, DOMAE_MAX),
    ("unbet_second_card", "face_up", ("face_up", "face_down")),
    ("column_sharing", "shared", ("shared", "exclusive")),
    ("mandatory_bet", True, (True, False)),
)
