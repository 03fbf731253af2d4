# The heap idioms, in one place: how Oya keeps only the code in use in RAM.
#
# On MicroPython a module loaded as .mpy keeps its code (every function) in
# RAM while it is in sys.modules; frozen, the code is in flash but what runs
# at import (function objects, dicts, instances, built strings) is RAM. The
# RP2040 has room for one game's deal and little else, so:
#
# 1. A flow imports its module when it starts and drops it when it ends,
#    and what its next screen will want is imported ahead, one module an
#    idle pass: App.prefetch(GROUP, ...) and forget(GROUP) with groups named
#    below, never module names written at the call site, so which modules
#    come and go when is read here. A group is one str "a|b|c" (idiom 4).
#    A game's own modules (its engine, options, bots, parts) are named by
#    oya.games.module_name(game, part), the one place that makes such a
#    name; which games have a part of their own is written here. No other
#    module writes a module's name in a string.
#    Dropped, a module's code is freed once nothing refers to it; it is
#    imported again when next used.
# 2. A screen calls back into a flow by name (oya.ui's Call(app, mod, fn)),
#    not by a closure, when its module is to be dropped under it.
# 3. Code a deal never runs lives in a module of its own that is imported
#    at the call and dropped at once: app.rare().pause_menu(app) for the
#    app's rare functions (oya.ui.app_rare), options(game) for a game's
#    options. The callee is named at the call, so grep finds caller and
#    callee; nothing is reached through __getattr__ over a list of names,
#    and no method of a class that is always loaded only forwards a call.
# 4. A table of words is one str, never a tuple of str: as .mpy each str of
#    a tuple is an object of its own in RAM for as long as its module, one
#    joined str is one object. Words found by position (a yaku's number, a
#    month) are "a|b|c", read with field(text, i); words found by key (the
#    screens' texts, oya.ui.text_*) are "|key=word|...|", read with
#    look(table, key); whether a group names a module, holds(group, name).
# 5. A cache that is made on first use is a module global set to None and
#    filled by the one function that uses it, never a global that replaces
#    the function.
#
# The registry (the groups below) names modules and imports none of them;
# tests/test_heap_registry.py imports every name in it, checks that no
# firmware module forgets a module by a string of its own, and that no
# string outside this registry and oya.games names a module.

# what a deal in play does not need: dropped when the match starts
FLOWS = ("oya.ui.home|oya.ui.boot|oya.ui.settings|oya.ui.setup|oya.ui.table|oya.ui.menus|"
         "oya.ui.menu|oya.rules|oya.jsonlite|oya.rsindex|oya.ui.text_en_setup|"
         "oya.ui.text_ja_setup|oya.ui.text_ja_options|oya.ui.text_ja_why|oya.resume|oya.journal_read|oya.ui.start|oya.ui.spinner|"
         "oya.ui.records|oya.ui.match_end|oya.ui.night|oya.ui.text_night|oya.settle|oya.ui.chart|oya.night")
# the night's screens between matches (oya.ui.night), dropped when the night ends
NIGHT = "oya.ui.night|oya.ui.text_night|oya.settle|oya.ui.chart|oya.night"
CHART = "oya.ui.chart"                      # the chart of the chips, once its screen or slip is done
SETTLE = "oya.settle"                       # the settle-up's transfers, once made
# the code of a match in play: dropped with the match (App.drop_match)
MATCH_CODE = ("oya.ui.menus|oya.ui.records|oya.ui.play|oya.ui.amounts|oya.ui.entry|"
              "oya.ui.tables|oya.session|oya.match|oya.game|oya.stock|oya.ledger|oya.cards|"
              "oya.cards_ja|oya.ui.story_ja|oya.tabledeck")
# the pause menu's code and what it read back: dropped back at the deal
MENUS = "oya.ui.menus|oya.ui.records|oya.ui.menu|oya.resume|oya.journal_read"
# what read a saved match back at boot: dropped once it is resumed
RESUMED = "oya.rules|oya.resume|oya.journal_read"
BOOT = "oya.ui.boot"                        # the boot's screens keep what they need
SAY = "oya.ui.say"                          # the sentences of what happened, once said
RARE = "oya.ui.app_rare"                    # App's rare methods, dropped at each call
HOME = "oya.ui.home"                        # the home menu, once a new table is begun
# the game and ruleset menus: fetched on the home menu (New table is the
# likely next key), dropped once the options are shown
SETUP = "oya.ui.setup"
FIRST_DRAW = "oya.ui.first_draw"            # a table deck's first dealer, once known
DRAWS = "oya.games.first_dealer"            # the first dealer's and the tie-break's draws
PRINTER = "oya.hw.printer|oya.hw.raster"    # the printer's driver, once idle
MOUNT = "oya.hw.flashfs"                    # the remount of the flash at power-on
BOARD = "oya.hw.board|rp2"                  # the board's builder and the port's PIO assembler
# the modules of an engine's own that it imports, fetched before it one an
# idle pass (oya.ui.start.match_code), dropped with the engine
# (oya.games.forget_games)
PARTS = {"kachi": "oya.games.kachi_names|oya.games.kachi_hands",
         "kakkuri": "oya.games.kakkuri_consts|oya.games.kakkuri_search",
         "kyuten": "oya.games.kyuten_acts"}
# the games' modules that say a deal's actions (oya.ui.say) or a finished
# deal in words of their own (oya.games.told): a game not named here has
# none; a teller stays once imported, until the game's modules go
# (oya.games.forget_games)
TELLERS = "oya.games.kakkuri_say|oya.games.meri_say|oya.games.meri_words"
# each language's words (English, Japanese): a match's, then the setup's
TEXTS = ("oya.ui.text_en|oya.ui.text_en_setup", "oya.ui.text_ja|oya.ui.text_ja_setup")

# -- what a flow fetches ahead (App.prefetch), one module an idle pass
TABLE = "oya.ui.table"                      # the options screen, while the ruleset list is read
# a match's code, each after its own imports (oya.ui.start.match_code):
# what the engine runs on, then (after it) what runs the engine
UNDER_ENGINE = "oya.cards|oya.ledger|oya.stock|oya.game|oya.match"
OVER_ENGINE = "oya.session|oya.ui.tables"
PLAY = "oya.ui.play"                        # the deal screens, while the first dealer is read
MATCH_END = "oya.ui.match_end"              # the ranking, once a match is over
NIGHT_MENU = "oya.ui.menu|oya.ui.text_night|oya.ui.night"     # the night's menu, while the ranking is read
RULES = "oya.rules"                         # the ruleset reader (a resume's, after the match's code)
RESUME = "oya.resume"                       # the replay of a saved match (after the game's options)
DRIVER = "oya.hw.printer"                   # the printer's driver, on a pass before it is made


def forget(group):
    """Drop the modules of `group` ("a|b|c") from the module table and their
    packages, so that MicroPython frees their code once nothing else refers
    to it. Only on MicroPython: CPython callers (tests) may hold the modules
    themselves."""
    import sys
    if sys.implementation.name != "micropython":
        return
    for name in group.split("|"):
        if name in sys.modules:
            del sys.modules[name]
            pkg, _, leaf = name.rpartition(".")
            try:
                delattr(sys.modules[pkg], leaf)
            except (KeyError, AttributeError):
                pass


def field(text, i):
    """The i-th of the '|'-separated fields of `text` (idiom 4)."""
    a = 0
    while i:
        a = text.index("|", a) + 1
        i -= 1
    b = text.find("|", a)
    return text[a:] if b < 0 else text[a:b]


def look(table, key):
    """key's word in a table "|key=word|...|", or None (idiom 4)."""
    n = len(key)
    i = table.find(key)
    while i > 0:
        if table.startswith("|", i - 1) and table.startswith("=", i + n):
            i += n + 1
            return table[i:table.find("|", i)]
        i = table.find(key, i + 1)
    return None


def holds(group, name):
    """Whether `name` is one of the modules of `group` ("a|b|c")."""
    n = len(name)
    i = group.find(name)
    while i >= 0:
        if (i == 0 or group.startswith("|", i - 1)) and (i + n == len(group) or group.startswith("|", i + n)):
            return True
        i = group.find(name, i + 1)
    return False
