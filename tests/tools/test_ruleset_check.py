# `ruleset check` and `ruleset docs` on the host: the firmware's validator and
# messages, every shipped ruleset valid, every option documented.
import json

from tests.tools.conftest import ROOT, tools
from tools import ruleset

SHIPPED = sorted((ROOT / "firmware" / "rulesets").glob("*.json"))


def test_check_reports_valid_files_and_the_validators_messages(tmp_path):
    good = tmp_path / "good.json"
    good.write_text('{"game": "kyuten", "name": "Two packs", "options": {"decks": 2}}')
    cases = {
        "unknown.json": ('{"game": "kyuten", "name": "x", "options": {"jokers": 2}}',
                         "unknown.json: unknown option 'jokers' for kyuten; its options are in docs/rulesets.md."),
        "notjson.json": ('{"game": "kyuten", "name": "x",}', "notjson.json: not valid JSON: "),
        "game.json": ('{"game": "poker", "name": "x"}',
                      "game.json: game must be one of oicho, kachi, kakkuri, kyuten, meri (got 'poker')."),
        "type.json": ('{"game": "meri", "name": "x", "options": {"players": "4"}}',
                      "game.json"),
    }
    cases["type.json"] = (cases["type.json"][0], "type.json: option 'players' must be 4, 6 (got '4').")
    for name, (text, _) in cases.items():
        (tmp_path / name).write_text(text)
    p = tools("ruleset", "check", good, *[tmp_path / n for n in cases])
    assert p.returncode == 1
    lines = p.stdout.splitlines()
    assert lines[0] == 'good.json: valid: kyuten ruleset "Two packs" (1 option differ from the defaults)'
    for line, (name, (_, want)) in zip(lines[1:], cases.items()):
        assert line.startswith(want), (line, want)
    assert lines[-1] == "4 of 5 rulesets are not valid"
    # the same text the firmware's validator raises
    from oya import rules
    for name, (text, _) in cases.items():
        try:
            rules.parse(text.encode(), name)
        except rules.RulesetError as e:
            assert str(e) in lines
        else:
            raise AssertionError(name)


def test_every_shipped_ruleset_is_valid():
    p = tools("ruleset", "check", *SHIPPED)
    assert p.returncode == 0, p.out
    assert len(p.stdout.splitlines()) == len(SHIPPED)


def test_shipped_rulesets_cover_every_game_with_a_default_and_a_variant():
    from oya import GAMES
    by_game = {}
    for p in SHIPPED:
        by_game.setdefault(json.loads(p.read_text())["game"], []).append(p.name)
    for g in GAMES:
        assert g + "_default.json" in by_game.get(g, []), g
        assert len(by_game[g]) >= 2, (g, by_game[g])  # and at least one regional variant
    kansai = json.loads((ROOT / "firmware" / "rulesets" / "oicho_kansai.json").read_text())
    assert kansai["options"]["deck"] == "kabufuda"
    assert kansai["options"]["draw_restrictions"] == "dealer_only"  # children draw freely


def test_every_option_is_documented_and_the_docs_are_current():
    from oya import GAMES, rules
    for g in GAMES:
        ids = [e[0] for e in rules.option_table(g)]
        helps = ruleset.OPTION_HELP[g]
        assert set(helps) == set(ids), (g, set(ids) ^ set(helps))
        assert all(helps[i].strip() for i in ids)
    p = tools("ruleset", "docs", "--check")
    assert p.returncode == 0, p.out + " (run: python -m tools ruleset docs)"
    text = (ROOT / "docs" / "rulesets.md").read_text()
    for g in GAMES:
        for e in rules.option_table(g):
            assert "| `%s` |" % e[0] in text


def test_docs_check_notices_a_stale_file(tmp_path):
    stale = tmp_path / "rulesets.md"
    stale.write_text(ruleset.docs_text().replace("`deck`", "`decks_`"))
    p = tools("ruleset", "docs", "--check", "-o", stale)
    assert p.returncode == 1 and "out of date" in p.stderr
