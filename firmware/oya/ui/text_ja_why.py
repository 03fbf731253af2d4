# Why a value, a ruleset or a table deck is refused, in Japanese: each
# English sentence (an option's check in oya.games.*_options, oya.rules'
# errors, oya.tabledeck.refuse and the games' table_refusal) by its form,
# "|form~words|": a blank (%s, %d) of the form is a %s of the words, filled
# with the blank's own text made Japanese (oya.ui.table.refusal). "~"
# parts a form from its words, as a form may hold "=". Imported only when a
# refusal is shown in Japanese; dropped with the setup's flows.
FORMS = (
    # the options' checks (oya.rules.allowed, the games' check_* functions)
    "|an integer %d to %d or none~%s カラ %s ノ カズ カ ナシ"
    "|an integer %d to %d~%s カラ %s ノ カズ"
    "|a list of ante sizes from 1, 2, 3, e.g. [1, 2, 3]~アンテ ガク 1, 2, 3 ノ リスト (レイ [1, 2, 3])"
    "|a list of 4-1, 5-1, 6-1, 9-1, 10-1 in any order, weakest first~4-1, 5-1, 6-1, 9-1, 10-1 ヲ ヨワイ ジュン ニ"
    "|an object of yaku (%s) to ante units 0 to %d (0 = no goshugi)"
    "~ヤク (%s) ゴト ニ アンテ 0 カラ %s (0 = ゴシュウギ ナシ)"
    # a table deck's refusals
    "|No table deck for this game yet~コノ ゲーム ハ マダ ホンモノ ノ フダ デキナイ"
    "|Colour tie-break needs the device's deal~ドウテン イロ ハ キカイ ノ クバリ デ"
    "|8 players: the hako needs the device's deal~8ニン: ハコ ハ キカイ ノ クバリ デ"
    # a ruleset file's errors (oya.rules), its name first
    "|%s: option %s must be %s (got %s).~%s: %s ハ %s (イマハ %s)."
    "|%s: unknown option %s for %s; its options are in docs/rulesets.md."
    "~%s: %s ハ %s ノ オプション デハ ナイ."
    "|%s: unknown option %s for %s; known: %s.~%s: %s ハ %s ノ オプション デハ ナイ: %s."
    "|%s: a ruleset is a JSON object with game, name and options."
    "~%s: ルール ハ game, name, options ノ JSON オブジェクト."
    "|%s: unknown key %s; allowed: game, name, options, description."
    "~%s: %s ハ シラナイ キー; game, name, options, description ダケ."
    "|%s: game must be one of %s (got %s).~%s: game ハ %s ノ ドレカ (イマハ %s)."
    "|%s: name must be text of 1 to %d characters.~%s: name ハ 1 カラ %s モジ."
    "|%s: description must be text of at most 200 characters.~%s: description ハ 200 モジ マデ."
    "|%s: %s has a control character (U+%s); use printable text.~%s: %s ニ セイギョ モジ (U+%s) ガ アル."
    "|%s: options must be a JSON object of option: value.~%s: options ハ JSON オブジェクト (option: value)."
    "|%s: file is too large (%d bytes; at most %d).~%s: ファイル ガ オオキスギル (%s バイト; %s マデ)."
    "|%s: file is empty.~%s: ファイル ガ カラ."
    "|%s: file is not UTF-8 text.~%s: UTF-8 ノ テキスト デハ ナイ."
    "|%s: not valid JSON: %s.~%s: JSON ガ タダシクナイ: %s."
    "|%s: cannot be read (%s).~%s: ヨメナイ (%s)."
    "|%s: cannot be read.~%s: ヨメナイ."
    "|")
