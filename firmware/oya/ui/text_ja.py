# The UI's words in Japanese that a match needs, in kana (the display and the
# printer turn them into half-width glyphs; oya.ui.text loads one language at
# a time; the other screens' words are in text_ja_setup.py). Keep the keys the
# same as in text_en.py.
T = (
    "|dealer=オヤ"
    "|deal=キョク"
    "|commit=コミット"
    "|seed=シード"
    "|pass_to=%s ヘ"
    "|hold_peek=OKオシテ テフダ"
    "|peek=%s ノ テフダ"
    "|release=ハナスト カクス"
    "|others=ホカノ ヒト..."
    "|print_cards=テフダ インサツ"
    "|pause=テイシ"
    "|continue=ツヅケル"
    "|standings=ジュンイ"
    "|recall=リレキ"
    "|print=インサツ"
    "|quit=ホゾン シテ オワル"
    "|end_match=シュウリョウ スル"
    "|legend=キゴウ"
    "|end_q=シアイヲ オワル?"
    "|end_sure=イマノ チップデ ジュンイガ キマリマス."
    "|yes_no=OK ハイ BACK イイエ"
    "|results=ケッカ"
    "|balances=ザンダカ"
    "|match_end=シュウリョウ"
    "|next_deal=OK: ツギノ キョク"
    "|void=ムコウ: ヤリナオシ"
    "|error=エラー"
    "|out_of_memory=メモリ ガ タリマセン. シアイ ハ ホゾンズミ: サイキドウ ノ アト ツヅキカラ."
    "|restart=OK: サイキドウ"
    "|no_printer=プリンタ ナシ"
    "|not_printed=インサツ デキズ"
    "|printing=インサツチュウ"
    "|bot=ボット"
    "|thinking=カンガエチュウ"
    "|time_left=ノコリ ジカン"
    "|")

GAMES = (
    "|oicho=オイチョカブ"
    "|kachi=カチカチ"
    "|kakkuri=カックリ"
    "|kyuten=キュウテンハン"
    "|meri=ヨニン メリ"
    "|")
