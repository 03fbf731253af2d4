# Meri's options: (name, default, choices or min and max, or a check).
# Read through oya.games.options('meri') by the setup
# screens, the ruleset reader and a resume; not kept in RAM during play.
# (nothing imported from the engine: the options screen reads this before
# the engine is in RAM)
HIKI_MODES = ("net_capped", "gross_capped", "net_uncapped")

# what the new-table screens ask before the engine is loaded (its Match
# class has the same: tests/test_ui_app.py checks that they agree)
SEATS = (4, 6)
START_OPTION = None

OPTIONS = (
    ("players", 4, (4, 6)),
    ("deals_per_game", 4, 1, 99),
    ("lead_card_rank", "J", ("J",)),
    ("two_beats_ace", "off", ("off", "on")),
    ("hiki_mode", "net_capped", HIKI_MODES),
    ("hiki_5_stacking", "max5", ("max5", "additive")),
    ("exchange_turned_card", "optional", ("optional", "off")),
)
