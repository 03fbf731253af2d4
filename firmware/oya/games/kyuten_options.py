# Kyutenhan's options: (name, default, choices or min and max, or a check).
# Read through oya.games.options('kyuten') by the setup
# screens, the ruleset reader and a resume; not kept in RAM during play.


def check_antes(v):
    what = "a list of ante sizes from 1, 2, 3, e.g. [1, 2, 3]"
    if v is None:
        return what
    if not isinstance(v, (list, tuple)) or not v:
        return what
    last = 0
    for a in v:
        if a is True or a is False or not isinstance(a, int) or not last < a <= 3:
            return what
        last = a
    return None


# what the new-table screens ask before the engine is loaded (its Match
# class has the same: tests/test_ui_app.py checks that they agree)
SEATS = (3, 10)
START_OPTION = "starting_chips"

OPTIONS = (
    ("decks", 1, (1, 2)),
    ("limit", 10, 1, 99),
    ("limit_by_dealer", False, (False, True)),
    ("ante_values", [1, 2, 3], check_antes),
    ("allow_ken", True, (True, False)),
    ("dealer_mode", "rotating", ("rotating", "permanent")),
    ("deals_per_dealer", 3, 1, 99),
    ("rotation_direction", "clockwise", ("clockwise", "counterclockwise")),
    ("contest_quota", "floor_half", ("floor_half", "strict_majority")),
    ("contest_quota_min_one", True, (True, False)),
    ("starting_chips", 50, 2, 9999),
    ("dealer_extra_chips", 0, 0, 9999),
    # match length (spec section 7, [PROPOSED]): full rotations of the deal
    # (every seat deals its tenure once per rotation), a cap on deals, and
    # whether the match ends as soon as a seat cannot cover ante + bet
    ("session_end", "rotations", ("rotations", "broke", "time_limit")),
    ("rotations", 1, 1, 20),
    ("session_minutes", 60, 5, 600),
    ("deals_per_match", None, 1, 999),
    ("end_when_broke", True, (True, False)),
)
