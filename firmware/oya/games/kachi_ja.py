# Kachi-kachi's words in Japanese: the hand values and yaku (oya.games.
# kachi_hands' value_label), in the order of VALUE_EN and YAKU_IDS there,
# and the words of prompt() (oya.games.kachi), in the order of
# _SAY_EN there. A module of their own, imported when a Japanese word is
# asked for: as .mpy a str is RAM for as long as its module, ~0.8 KB an
# English deal never reads.
VALUE_JA = "ブタ|ピン|ニタコ|サンタ|シスン|ゴケ|ロッポウ|ナキ|オイチョ|カブ"
YAKU_JA = "シッピン|ゴッピン|ロッピン|クッピン|トッピン|ニンニン|サンサン|シッシ|ゴンゴ|タマシイ|ロクロク|シチシチ|ハチハチ|クンクン|ピンピン|ジュンジュン|ケンペイ|インケツゲリ|ブタゲリ|アラシ"
SAY_JA = ("レート? %dジュンメ"
          "|%d コール? シモ?"
          "|%dバンノ バン"
          "|ショウブアリ"
          "|ヒク"
          "|シバリ: シモ"
          "|ドレヲミセル?"
          "|4マイメヲ ヒク?"
          "|4マイメヲ ヒク"
          "|ヒケナイ: ゴウケイガ 0デナイ"
          "|ヒケナイ: ヤマガ ナイ")
