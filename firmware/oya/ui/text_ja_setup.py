# The UI's words in Japanese for the screens before a match (home, settings,
# rulesets, a new table): oya.ui.text looks here for a word text_ja.py lacks;
# dropped while a match is played.
# WORDS is one '|'-joined str, a word for each of oya.ui.text.SETUP_KEYS in its
# order (the key in the comment): one object, frozen or as .mpy, where a
# dict was a table and, as .mpy, an object per longer word.
WORDS = (
    "オヤ ホーム|"                                      # home
    "シンキ テーブル|"                                    # new
    "ツヅキカラ|"                                       # resume
    "ルール|"                                         # rulesets
    "セッテイ|"                                        # settings
    "ジョウホウ|"                                       # about
    "ゲーム|"                                         # game
    "ルール|"                                         # ruleset
    "ヒョウジュン|"                                      # defaults
    "オプション|"                                       # options
    "ツギヘ >|"                                       # start
    "ニンズウ|"                                        # seats
    "ナマエ|"                                         # names
    "モチテン|"                                        # chips
    "ボット|"                                         # bots
    "デオヤ|"                                         # first
    "ツヅキヲ ヤル?|"                                    # resume_q
    "OK ハイ BACK イイエ|"                              # yes_no
    "ゲンゴ|"                                         # language
    "コントラスト|"                                      # contrast
    "プリンタ|"                                        # printer
    "テスト インサツ|"                                    # test_page
    "ボタン テスト|"                                     # button_test
    "オン|"                                          # on
    "オフ|"                                          # off
    "ムコウ|"                                         # invalid
    "メモリ|"                                         # free_mem
    "ボード|"                                         # board
    "バージョン|"                                       # version
    "ホゾン データ ハソン: .bad ニ ホカン シテ サイショカラ|"           # bad_state
    "セッテイ データ ハソン: .bad ニ ホカン シテ ヒョウジュン|"          # bad_settings
    "%d ニン: %d ニン マデ ガ ヨイ (ヤマ ガ スクナイ). OK: ツヅケル"   # many_seats
)
