# The words of a night's screens and slip (oya.ui.night) and of the chip's
# value in the settings, in English and in kana. Loaded only with them: the
# table is made at each call, not held.


def w(key, lang):
    """The word for `key` in `lang` (0 English, 1 Japanese)."""
    return {
        "night": ("Night", "コンヤ"),
        "settle_match": ("Settle match", "シアイ ノ セイサン"),
        "settle_night": ("Settle night", "コンヤ ノ セイサン"),
        "chart": ("Chart", "チップ ノ グラフ"),
        "print": ("Print slip", "インサツ"),
        "next": ("Next match", "ツギ ノ シアイ"),
        "end": ("End the night", "コンヤ ハ オワリ"),
        "net": ("Net", "ソンエキ"),
        "wins": ("Games won", "カチ"),
        "even": ("All even", "セイサン ナシ"),
        "pot": ("Pot", "バ"),
        "per_chip": ("Chip value", "チップ ノ アタイ"),
        "seats_differ": ("This game seats %d-%d: the night has %d", "コノ ゲーム ハ %d-%d ニン: コンヤ ハ %d ニン"),
        "match": ("Match %d %s", "シアイ %d %s"),
        "chart_keys": ("UP/DOWN who OK back", "UP/DOWN ダレ OK モドル"),
    }[key][1 if lang else 0]
