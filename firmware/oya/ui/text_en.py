# The UI's words in English that a match needs (oya.ui.text loads one
# language at a time; the other screens' words are in text_en_setup.py).
# WORDS is one '|'-joined str, a word for each of oya.ui.text.KEYS in its
# order (the key in the comment): one object, frozen or as .mpy, where a
# dict was a table and, as .mpy, an object per longer word.
WORDS = (
    "Dealer|"                                                           # dealer
    "Deal|"                                                             # deal
    "Commit|"                                                           # commit
    "Seed|"                                                             # seed
    "Pass to %s|"                                                       # pass_to
    "hold OK: your cards|"                                              # hold_peek
    "%s's cards|"                                                       # peek
    "release OK to hide|"                                               # release
    "Other seat acts...|"                                               # others
    "Print my cards|"                                                   # print_cards
    "Paused|"                                                           # pause
    "Continue|"                                                         # continue
    "Standings|"                                                        # standings
    "Last deals|"                                                       # recall
    "Print|"                                                            # print
    "Save and quit|"                                                    # quit
    "End match now|"                                                    # end_match
    "Results|"                                                          # results
    "Balances|"                                                         # balances
    "Match over|"                                                       # match_end
    "OK: next deal|"                                                    # next_deal
    "Void deal: re-deal|"                                               # void
    "Error|"                                                            # error
    "Out of memory. The match is saved: resume it after the restart.|"  # out_of_memory
    "OK: restart|"                                                      # restart
    "No printer fitted|"                                                # no_printer
    "Slip not printed|"                                                 # not_printed
    "Printing...|"                                                      # printing
    "bot|"                                                              # bot
    "thinking...|"                                                      # thinking
    "Time left"                                                         # time_left
)

# the games' names, in the order of oya.GAMES
GAMES = (
    "Oicho-Kabu|"     # oicho
    "Kachi-kachi|"    # kachi
    "Kakkuri|"        # kakkuri
    "Kyutenhan|"      # kyuten
    "4-player Meri"   # meri
)
