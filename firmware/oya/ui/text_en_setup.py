# The UI's words in English for the screens before a match (home, settings,
# rulesets, a new table): oya.ui.text looks here for a word text_en.py lacks;
# dropped while a match is played.
# WORDS is one '|'-joined str, a word for each of oya.ui.text.SETUP_KEYS in its
# order (the key in the comment): one object, frozen or as .mpy, where a
# dict was a table and, as .mpy, an object per longer word.
WORDS = (
    "Oya - home|"                                                                 # home
    "New table|"                                                                  # new
    "Resume match|"                                                               # resume
    "Rulesets|"                                                                   # rulesets
    "Settings|"                                                                   # settings
    "About|"                                                                      # about
    "Game|"                                                                       # game
    "Ruleset|"                                                                    # ruleset
    "Defaults|"                                                                   # defaults
    "Options|"                                                                    # options
    "Continue >|"                                                                 # start
    "Seats|"                                                                      # seats
    "Names|"                                                                      # names
    "Starting chips|"                                                             # chips
    "Bot seats|"                                                                  # bots
    "First dealer|"                                                               # first
    "Resume the match?|"                                                          # resume_q
    "OK yes  BACK no|"                                                            # yes_no
    "Language|"                                                                   # language
    "Contrast|"                                                                   # contrast
    "Printer|"                                                                    # printer
    "Printer test page|"                                                          # test_page
    "Button test|"                                                                # button_test
    "on|"                                                                         # on
    "off|"                                                                        # off
    "invalid|"                                                                    # invalid
    "Free memory|"                                                                # free_mem
    "Board|"                                                                      # board
    "Version|"                                                                    # version
    "Saved match unreadable: kept as .bad, starting clean|"                       # bad_state
    "Settings unreadable: kept as .bad, defaults used|"                           # bad_settings
    "%d seats: the rules advise at most %d (few cards left to draw). OK: go on"   # many_seats
)
