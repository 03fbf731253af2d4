# The UI's words in English that a match needs (oya.ui.text loads one
# language at a time; the other screens' words are in text_en_setup.py).
# Keep the keys the same as in text_ja.py.
T = (
    "|dealer=Dealer"
    "|deal=Deal"
    "|commit=Commit"
    "|seed=Seed"
    "|pass_to=Pass to %s"
    "|hold_peek=hold OK: your cards"
    "|peek=%s's cards"
    "|release=release OK to hide"
    "|others=Other seat acts..."
    "|print_cards=Print my cards"
    "|pause=Paused"
    "|continue=Continue"
    "|standings=Standings"
    "|recall=Last deals"
    "|print=Print"
    "|quit=Save and quit"
    "|end_match=End match now"
    "|results=Results"
    "|balances=Balances"
    "|match_end=Match over"
    "|next_deal=OK: next deal"
    "|void=Void deal: re-deal"
    "|error=Error"
    "|out_of_memory=Out of memory. The match is saved: resume it after the restart."
    "|restart=OK: restart"
    "|no_printer=No printer fitted"
    "|not_printed=Slip not printed"
    "|printing=Printing..."
    "|bot=bot"
    "|thinking=thinking..."
    "|time_left=Time left"
    "|")

GAMES = (
    "|oicho=Oicho-Kabu"
    "|kachi=Kachi-kachi"
    "|kakkuri=Kakkuri"
    "|kyuten=Kyutenhan"
    "|meri=4-player Meri"
    "|")
