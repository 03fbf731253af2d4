# The UI's words in English and Japanese (katakana/kana; the display and the
# printer turn them into half-width glyphs). lang: 0 = English, 1 = Japanese.
_T = {
    "home": ("Oya - home", "オヤ ホーム"),
    "new": ("New table", "シンキ テーブル"),
    "resume": ("Resume match", "ツヅキカラ"),
    "rulesets": ("Rulesets", "ルール"),
    "settings": ("Settings", "セッテイ"),
    "about": ("About", "ジョウホウ"),
    "game": ("Game", "ゲーム"),
    "ruleset": ("Ruleset", "ルール"),
    "defaults": ("Defaults", "ヒョウジュン"),
    "options": ("Options", "オプション"),
    "start": ("Continue >", "ツギヘ >"),
    "seats": ("Seats", "ニンズウ"),
    "names": ("Names", "ナマエ"),
    "chips": ("Starting chips", "モチテン"),
    "bots": ("Bot seats", "ボット"),
    "first": ("First dealer", "デオヤ"),
    "dealer": ("Dealer", "オヤ"),
    "deal": ("Deal", "キョク"),
    "commit": ("Commit", "コミット"),
    "seed": ("Seed", "シード"),
    "pass_to": ("Pass to %s", "%s ヘ"),
    "hold_peek": ("hold OK: your cards", "OKオシテ テフダ"),
    "peek": ("%s's cards", "%s ノ テフダ"),
    "release": ("release OK to hide", "ハナスト カクス"),
    "others": ("Other seat acts...", "ホカノ ヒト..."),
    "print_cards": ("Print my cards", "テフダ インサツ"),
    "pause": ("Paused", "テイシ"),
    "continue": ("Continue", "ツヅケル"),
    "standings": ("Standings", "ジュンイ"),
    "recall": ("Last deals", "リレキ"),
    "print": ("Print", "インサツ"),
    "quit": ("Save and quit", "ホゾン シテ オワル"),
    "end_match": ("End match now", "シュウリョウ スル"),
    "results": ("Results", "ケッカ"),
    "balances": ("Balances", "ザンダカ"),
    "match_end": ("Match over", "シュウリョウ"),
    "next_deal": ("OK: next deal", "OK: ツギノ キョク"),
    "void": ("Void deal: re-deal", "ムコウ: ヤリナオシ"),
    "resume_q": ("Resume the match?", "ツヅキヲ ヤル?"),
    "yes_no": ("OK yes  BACK no", "OK ハイ BACK イイエ"),
    "language": ("Language", "ゲンゴ"),
    "contrast": ("Contrast", "コントラスト"),
    "printer": ("Printer", "プリンタ"),
    "test_page": ("Printer test page", "テスト インサツ"),
    "button_test": ("Button test", "ボタン テスト"),
    "on": ("on", "オン"),
    "off": ("off", "オフ"),
    "invalid": ("invalid", "ムコウ"),
    "error": ("Error", "エラー"),
    "no_printer": ("No printer fitted", "プリンタ ナシ"),
    "not_printed": ("Slip not printed", "インサツ デキズ"),
    "printing": ("Printing...", "インサツチュウ"),
    "free_mem": ("Free memory", "メモリ"),
    "board": ("Board", "ボード"),
    "version": ("Version", "バージョン"),
    "bad_state": ("Saved match unreadable: kept as .bad, starting clean",
                  "ホゾン データ ハソン: .bad ニ ホカン シテ サイショカラ"),
    "bad_settings": ("Settings unreadable: kept as .bad, defaults used",
                     "セッテイ データ ハソン: .bad ニ ホカン シテ ヒョウジュン"),
    "bot": ("bot", "ボット"),
    "thinking": ("thinking...", "カンガエチュウ"),
    "many_seats": ("%d seats: the rules advise at most %d (few cards left to draw). OK: go on",
                   "%d ニン: %d ニン マデ ガ ヨイ (ヤマ ガ スクナイ). OK: ツヅケル"),
    "time_left": ("Time left", "ノコリ ジカン"),
}

GAME_NAMES = {
    "oicho": ("Oicho-Kabu", "オイチョカブ"),
    "kachi": ("Kachi-kachi", "カチカチ"),
    "kakkuri": ("Kakkuri", "カックリ"),
    "kyuten": ("Kyutenhan", "キュウテンハン"),
    "meri": ("4-player Meri", "ヨニン メリ"),
}


def t(key, lang=0):
    pair = _T.get(key)
    if pair is None:
        return key
    return pair[1 if lang else 0]


def game_name(game, lang=0):
    pair = GAME_NAMES.get(game)
    return pair[1 if lang else 0] if pair else game
