# rulesets/ listing and atomic writes; settings through the journal.
import os
from oya.hw import storage as S

RS = "hwst_rulesets"
ST = "hwst_state"


def _clean(folder):
    try:
        for n in os.listdir(folder):
            p = folder + "/" + n
            try:
                os.remove(p)
            except OSError:
                _clean(p)
        os.rmdir(folder)
    except OSError:
        pass


def test_list_read_write_remove():
    _clean(RS)
    assert S.list_rulesets(RS) == []
    S.write_ruleset("oicho.json", '{"game": "oicho_kabu"}', RS)
    S.write_ruleset("a.json", "{}", RS)
    S.write_atomic(RS + "/notes.txt", "x")
    os.mkdir(RS + "/sub.json")
    assert S.list_rulesets(RS) == ["a.json", "oicho.json"]
    assert S.read_ruleset("oicho.json", RS) == '{"game": "oicho_kabu"}'
    S.write_ruleset("oicho.json", '{"game": "kabu"}', RS)         # replaced whole
    assert S.read_ruleset("oicho.json", RS) == '{"game": "kabu"}'
    assert S.remove_ruleset("a.json", RS) and not S.remove_ruleset("a.json", RS)
    assert S.list_rulesets(RS) == ["oicho.json"]
    assert "oicho.json.tmp" not in os.listdir(RS)
    _clean(RS)


def test_names_cannot_leave_the_folder():
    for bad in ("../board.json", "x/y.json", ".hidden.json", "a.txt", ""):
        try:
            S.read_ruleset(bad, RS)
            assert False, bad
        except ValueError:
            pass


def test_settings_round_trip_and_defaults():
    _clean(ST)
    s = S.Settings({"lang": 0, "contrast": 207, "printer": True}, ST)
    assert s.load() == {"lang": 0, "contrast": 207, "printer": True}
    s.save({"lang": 1, "contrast": "loud", "extra": 5, "printer": False})
    got = S.Settings({"lang": 0, "contrast": 207, "printer": True}, ST).load()
    assert got == {"lang": 1, "contrast": 207, "printer": False}
    _clean(ST)


def test_corrupt_settings_are_set_aside():
    _clean(ST)
    os.mkdir(ST)
    with open(ST + "/settings", "w") as f:
        f.write("garbage")
    s = S.Settings({"lang": 0}, ST)
    assert s.load() == {"lang": 0} and s.error
    assert "settings.bad" in os.listdir(ST)
    _clean(ST)
