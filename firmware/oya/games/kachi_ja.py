# Kachi-kachi's hand values and yaku in Japanese (oya.games.kachi_hands'
# value_label), in the order of VALUE_EN and YAKU_IDS there. A module of
# their own, imported when a Japanese label is asked for: as .mpy a str is
# RAM for as long as its module, ~0.4 KB an English deal never reads.
VALUE_JA = "ブタ|ピン|ニタコ|サンタ|シスン|ゴケ|ロッポウ|ナキ|オイチョ|カブ"
YAKU_JA = "シッピン|ゴッピン|ロッピン|クッピン|トッピン|ニンニン|サンサン|シッシ|ゴンゴ|タマシイ|ロクロク|シチシチ|ハチハチ|クンクン|ピンピン|ジュンジュン|ケンペイ|インケツゲリ|ブタゲリ|アラシ"
