# Kachi-kachi's names the options screen and the engine share: the pin yaku
# as the pin_tier_order option spells them, and the goshugi option's default.
# A module of their own, importing nothing, so the options screen reads them
# without the engine's hands (oya.games.kachi_hands, with oya.game and
# oya.cards, is too long a run of CPU for one idle pass).
PIN_NAMES = ("4-1", "5-1", "6-1", "9-1", "10-1")
GOSHUGI_DEFAULT = {"tamashii": 1, "pinpin": 1, "junjun": 1,
                   "inketsu_geri": 1, "buta_geri": 1, "arashi": 2}
