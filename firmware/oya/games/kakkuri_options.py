# Kakkuri's options: (name, default, choices or min and max, or a check).
# Read through oya.games.options('kakkuri') by the setup
# screens, the ruleset reader and a resume; not kept in RAM during play.
# what the new-table screens ask before the engine is loaded (its Match
# class has the same: tests/test_ui_app.py checks that they agree)
SEATS = (6, 8)
START_OPTION = "starting_chips"

OPTIONS = (
    ("players", 7, (6, 7, 8)),
    ("starting_chips", 20, 1, 999),
    ("ori_window", "first_round_only", ("first_round_only", "any_time_before_playing")),
    ("after_twelve", "anyone", ("anyone", "same_turn_only")),
    ("pass_circle", "return_to_last_player", ("return_to_last_player", "including_last_player")),
    ("eight_player_stock", "forced_out_hand", ("forced_out_hand",)),
    ("fold_chip_no_winner", "returned", ("returned",)),
    ("session_end", "time_limit", ("time_limit", "deal_count")),
    ("session_minutes", 60, 5, 600),
    ("session_deals", 20, 1, 999),
    ("final_tiebreak", "shared_rank", ("shared_rank", "draw_cards")),
)


def table_refusal(opts):
    """Why these options need the device's deal (oya.tabledeck.refuse): with
    8 players the hako is the hand forced out, in dealt order."""
    if opts.get("players") == 8:
        return "8 players: the hako needs the device's deal"
    return None
