# Oya: dealer, referee and chip tracker for five Japanese card games.
VERSION = "0.1.0"
GAMES = ("oicho", "kachi", "kakkuri", "kyuten", "meri")


def option_text(v):
    """An option value as rulesets write it: none, true, false, 3, pinpin.
    Here so that the ruleset reader and the screens share it without the
    screens loading the reader."""
    if v is None:
        return "none"
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)
