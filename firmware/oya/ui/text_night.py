# The words of a night's screens and slip (oya.ui.night) and of the chip's
# value in the settings, in English and in kana, as the screens' other words
# are kept (oya.heap.look). Loaded only with them.
from oya.heap import look

_EN = (
    "|night=Night"
    "|settle_match=Settle match"
    "|settle_night=Settle night"
    "|chart=Chart"
    "|print=Print slip"
    "|next=Next match"
    "|end=End the night"
    "|net=Net"
    "|wins=Games won"
    "|even=All even"
    "|pot=Pot"
    "|per_chip=Chip value"
    "|seats_differ=This game seats %d-%d: the night has %d"
    "|match=Match %d %s"
    "|chart_keys=UP/DOWN who OK back|"
)
_JA = (
    "|night=コンヤ"
    "|settle_match=シアイ ノ セイサン"
    "|settle_night=コンヤ ノ セイサン"
    "|chart=チップ ノ グラフ"
    "|print=インサツ"
    "|next=ツギ ノ シアイ"
    "|end=コンヤ ハ オワリ"
    "|net=ソンエキ"
    "|wins=カチ"
    "|even=セイサン ナシ"
    "|pot=バ"
    "|per_chip=チップ ノ アタイ"
    "|seats_differ=コノ ゲーム ハ %d-%d ニン: コンヤ ハ %d ニン"
    "|match=シアイ %d %s"
    "|chart_keys=UP/DOWN ダレ OK モドル|"
)


def w(key, lang):
    """The word for `key` in `lang` (0 English, 1 Japanese)."""
    return look(_JA if lang else _EN, key)
