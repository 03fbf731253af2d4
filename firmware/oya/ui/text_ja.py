# The UI's words in Japanese that a match needs, in kana (the display and the
# printer turn them into half-width glyphs; oya.ui.text loads one language at
# a time; the other screens' words are in text_ja_setup.py).
# WORDS is one '|'-joined str, a word for each of oya.ui.text.KEYS in its
# order (the key in the comment): one object, frozen or as .mpy, where a
# dict was a table and, as .mpy, an object per longer word.
WORDS = (
    "オヤ|"                                           # dealer
    "キョク|"                                          # deal
    "コミット|"                                         # commit
    "シード|"                                          # seed
    "%s ヘ|"                                         # pass_to
    "OKオシテ テフダ|"                                    # hold_peek
    "%s ノ テフダ|"                                     # peek
    "ハナスト カクス|"                                     # release
    "ホカノ ヒト...|"                                    # others
    "テフダ インサツ|"                                     # print_cards
    "テイシ|"                                          # pause
    "ツヅケル|"                                         # continue
    "ジュンイ|"                                         # standings
    "リレキ|"                                          # recall
    "インサツ|"                                         # print
    "ホゾン シテ オワル|"                                   # quit
    "シュウリョウ スル|"                                    # end_match
    "ケッカ|"                                          # results
    "ザンダカ|"                                         # balances
    "シュウリョウ|"                                       # match_end
    "OK: ツギノ キョク|"                                  # next_deal
    "ムコウ: ヤリナオシ|"                                   # void
    "エラー|"                                          # error
    "メモリ ガ タリマセン. シアイ ハ ホゾンズミ: サイキドウ ノ アト ツヅキカラ.|"  # out_of_memory
    "OK: サイキドウ|"                                    # restart
    "プリンタ ナシ|"                                      # no_printer
    "インサツ デキズ|"                                     # not_printed
    "インサツチュウ|"                                      # printing
    "ボット|"                                          # bot
    "カンガエチュウ|"                                      # thinking
    "ノコリ ジカン"                                       # time_left
)

# the games' names, in the order of oya.GAMES
GAMES = (
    "オイチョカブ|"   # oicho
    "カチカチ|"     # kachi
    "カックリ|"     # kakkuri
    "キュウテンハン|"  # kyuten
    "ヨニン メリ"    # meri
)
