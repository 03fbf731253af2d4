# The engines' words in a deal's story in Japanese, in kana: the reasons of
# the ledger's payments (a "pay" event's why, yaku ids among them), the
# places cards go, the actions and their arguments on the record, and the
# decisions of an amount entry. Imported only when a Japanese line is made
# (oya.ui.tables.story_words), as oya.cards_ja is.
WORDS = (
    "|ante=バダイ"
    "|ante back=バダイ モドシ"
    "|bet=ハリ"
    "|call=コール"
    "|rate=レート"
    "|win=カチ"
    "|lose=マケ"
    "|split=ワケ"
    "|fold=オリ"
    "|fold chip=オリダイ"
    "|fold returned=オリダイ モドシ"
    "|not contested=ショウブ ナシ"
    "|no contest=ショウブ ナシ"
    "|stake back=ハリ モドシ"
    "|goshugi=ゴシュウギ"
    "|shiroku=シロク"
    "|utazu=ウタズ"
    "|agari=アガリ"
    "|guri=グリ"
    "|dealer 10=オヤノ 10"
    "|yaku=ヤク"
    "|higher=ウエ"
    "|oyaken=オヤケン"
    "|tie=アイコ"
    "|natural=9ハン"
    "|jack_ten=ジャック 10"
    "|shippin=シッピン"
    "|kuppin=クッピン"
    "|arashi_kabu=アラシ カブ"
    "|arashi=アラシ"
    "|nobori=ノボリ"
    "|kudari=クダリ"
    "|dealer=オヤ"
    "|base=ダイ"
    "|hako=ハコ"
    "|trump=キリフダ"
    "|play=ダス"
    "|look=ミル"
    "|pass=パス"
    "|decline=ミナイ"
    "|hit=ヒク"
    "|stay=トマル"
    "|ken=ケン"
    "|contest=ショウブ"
    "|koi=コイ"
    "|shimo=シモ"
    "|take=トル"
    "|chips=チップ"
    "|cards=フダ"
    "|target=アイテ"
    "|col=レツ"
    "|maki=マキ"
    "|bet_done=ハリ オワリ"
    "|first_card=サキノ フダ"
    "|from=ドコカラ"
    "|bottom=シタ"
    "|top=ウエ"
    "|fuwari=フワリ"
    "|with=カエ"
    "|draw=ヒク"
    "|end=オワリ"
    "|exchange=トリカエ"
    "|no_exchange=トリカエナイ"
    "|hide=フセル"
    "|limit=ゲンド"
    "|okie=オキエ"
    "|trick=コメ"
    "|robotta=ロバッタ"
    "|discard=ステフダ"
    "|card=フダ"
    "|buta_geri=ブタゲリ"
    "|inketsu_geri=インケツゲリ"
    "|"
)

# The engines' notes (a "note" event's text): each English form, then the
# same in Japanese with its blanks in the same order (oya.ui.tables.note);
# one str, as the words above. A form's blank matches any text; the first
# form that matches is taken, so the plain "%s: %s" comes last.
NOTES = (
    "|%s has the kuro-hibashi: out; the hand is the hako=%s ニ クロヒバシ: ヌケ, テフダハ ハコヘ"
    "|%s is out of chips=%s ノ チップガ ナクナッタ"
    "|%s sits out: too few chips=%s ハ ヤスミ: チップ ブソク"
    "|Col %d, %s: %s, stake returned=%sレツ, %s: %s, ハリ モドシ"
    "|Dealer short: pays %d of %d=オヤ ブソク: %s ヲ ハライ (%s ノ ウチ)"
    "|Everyone sat out=ミンナ ヤスミ"
    "|Hako empty: no winner=ハコガ カラ: カチナシ"
    "|Kikkabutta: the okie is the trump J=キッカブッタ: オキエハ キリフダノ J"
    "|%s not contested: the dealer did not compare hands, stake back=%s ショウブ ナシ: オヤガ テヲ クラベナカッタ, ハリ モドシ"
    "|Next dealer: %s=ツギノ オヤ: %s"
    "|No bets: void deal, dealt again=ハリナシ: ムコウ, クバリナオシ"
    "|Robotta: %s leads=ロバッタ: %s ガ ウチダシ"
    "|Stock empty: no more hits=ヤマガ カラ: モウ ヒケナイ"
    "|Sudachi: %s net %s, %s deals next=スダチ: %s サ %s, ツギノ オヤハ %s"
    "|The deal passes to %s=オヤハ %s ヘ"
    "|Tricks A %d B %d, hiki A %d B %d: A %d B %d=トリ A %s B %s, ヒキ A %s B %s: A %s B %s"
    "|Trick %d: %s (%s), %s %d hiki=%sコメ: %s (%s), %s %s ヒキ"
    "|Trick %d: %s (%s)=%sコメ: %s (%s)"
    "|dealer: seat %d=オヤ: セキ %s"
    "|hiki: pot %d carries over=ヒキ: バノ %s ハ ツギヘ"
    "|kenpei: junjun of seat %d is void=ケンペイ: セキ %s ノ ジュンジュンハ ムコウ"
    "|pot %d split: last deal=バノ %s ヲ ワケル: サイゴノ キョク"
    "|seat %d sits out=セキ %s ハ ヤスミ"
    "|shibari: nobody qualifies, pot %d carries over=シバリ: ダレモ ナラズ, バノ %s ハ ツギヘ"
    "|too few seats can pay the ante=バダイヲ ハラエル ヒトガ タリナイ"
    "|Tie for the lowest card: draw again=イチバン ヒクイ フダガ ナランダ: ヒキナオシ"
    "|Tie: draw again=ナランダ: ヒキナオシ"
    "|%s deals first=サイショノ オヤハ %s"
    "|Dealer bank +%d=オヤノ モチダシ +%s"
    "|%s: %s=%s: %s"
    "|"
)


def blanks(form, text):
    """The texts in `form`'s blanks (%s, %d) that make `text`, or None."""
    got = []
    i = 0           # in text
    f = 0           # in form
    while True:
        b = form.find("%", f)
        lit = form[f:] if b < 0 else form[f:b]
        if not text.startswith(lit, i):
            return None
        i += len(lit)
        if b < 0:
            return got if i == len(text) else None
        f = b + 2
        b2 = form.find("%", f)
        nxt = form[f:] if b2 < 0 else form[f:b2]
        j = len(text) if not nxt else (text.rfind(nxt) if b2 < 0 else text.find(nxt, i))
        if j < i:
            return None
        got.append(text[i:j])
        i = j


def by_form(forms, sep, text, word):
    """`text` in the words of its form in `forms` ("|form<sep>words|..."),
    each blank's text through word(), or None when no form makes it."""
    i = 1
    while i < len(forms):
        e = forms.find(sep, i)
        j = forms.find("|", e)
        got = blanks(forms[i:e], text)
        if got is not None:
            return forms[e + 1:j] % tuple(word(g) for g in got)
        i = j + 1
    return None


def note(text):
    """An engine's note `text` in Japanese: its form's translation (NOTES),
    each blank's word translated (WORDS)."""
    ja = by_form(NOTES, "=", text, blank_word)
    return text if ja is None else ja


def blank_word(g):
    """A note's blank in Japanese: its word (WORDS), else as it is."""
    from oya.ui.text import look
    return look(WORDS, g) or g
