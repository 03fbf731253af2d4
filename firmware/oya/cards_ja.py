# Short Japanese names of the cards for the screen and the printer
# (full-width katakana; the display and the printer map them to half-width
# glyphs), apart from oya.cards: only a device set to Japanese loads them.
from oya.cards import (HANAFUDA, KOMATSU, KACHI20, KACHI22, STD52, AKA_CHORO, TAIKO, KURO_HIBASHI,
                       KACHI_AKA_PIN, KACHI_GILDED_1, KACHI_GILDED_4, RANKS52, name, suit)
from oya.heap import field

_MONTHS_JA = "マツ|ウメ|サクラ|フジ|アヤメ|ボタン|ハギ|ススキ|キク|モミジ"
_SUITS_JA = "スペード|ハート|ダイヤ|クラブ"


def name_ja(kind, code):
    if kind == HANAFUDA:
        return field(_MONTHS_JA, code // 4)       # a month's four cards are alike (oya.cards.put_shown)
    if kind == KOMATSU:
        if code == AKA_CHORO:
            return "アカチョロ"
        if code == TAIKO:
            return "タイコ"
        if code == KURO_HIBASHI:
            return "クロヒバシ"
    if kind in (KACHI20, KACHI22):
        if code == KACHI_AKA_PIN:
            return "アカピン"
        if code in (KACHI_GILDED_1, KACHI_GILDED_4):
            return str(code // 4 + 1) + "キン"
    if kind >= STD52:
        return field(_SUITS_JA, suit(code)) + RANKS52[code % 13]
    return name(kind, code)
