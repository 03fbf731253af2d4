# Ruleset validation: each malformed file gets its exact one-sentence message,
# identical on MicroPython and CPython. Nothing in a ruleset is ever evaluated.
from oya import rules
from oya.rules import RulesetError
import highcard

T = highcard.OPTIONS

GOOD = b'{"game": "_highcard", "name": "House", "options": {"starting_points": 20, "ties": "split"}}'

CASES = (
    (b"", "r.json: file is empty."),
    (b"   \n\t ", "r.json: file is empty."),
    (b"{", "r.json: not valid JSON: expected a key in quotes at line 1 col 2."),
    (b'{"game": "_highcard",', "r.json: not valid JSON: expected a key in quotes at line 1 col 22."),
    (b'{"game": "_highcard" "name": "x"}', "r.json: not valid JSON: expected ',' or '}' at line 1 col 22."),
    (b"[1, 2, 3]", "r.json: a ruleset is a JSON object with game, name and options."),
    (b'"just a string"', "r.json: a ruleset is a JSON object with game, name and options."),
    (b"42", "r.json: a ruleset is a JSON object with game, name and options."),
    (b"null", "r.json: a ruleset is a JSON object with game, name and options."),
    (b"import os\nos.remove('main.py')\n", "r.json: not valid JSON: unexpected 'i' at line 1 col 1."),
    (b"__import__('os').system('rm -rf /')", "r.json: not valid JSON: unexpected '_' at line 1 col 1."),
    (b"{'game': 'oicho'}", "r.json: not valid JSON: expected a key in quotes at line 1 col 2."),
    (b'{"game": "_highcard", "name": "x", "options": {}} trailing',
     "r.json: not valid JSON: extra data at line 1 col 51."),
    (b'\xff\xfe{\x00"\x00', "r.json: file is not UTF-8 text."),
    (b'{"game": "_highcard", "name": "x\xe9"}', "r.json: file is not UTF-8 text."),
    (b'{"name": "x", "name": "y"}', "r.json: not valid JSON: duplicate key 'name' at line 1 col 15."),
    (b'{"game": "_highcard", "name": "x", "options": {"ties": "dealer", "ties": "split"}}',
     "r.json: not valid JSON: duplicate key 'ties' at line 1 col 66."),
    (b"[" * 50 + b"]" * 50, "r.json: not valid JSON: nested too deeply at line 1 col 9."),
    (b'{"a": ' * 20 + b"1" + b"}" * 20, "r.json: not valid JSON: nested too deeply at line 1 col 49."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": 1e999}}',
     "r.json: option 'starting_points' must be an integer 1 to 999 (got inf)."),
    (b'{"game": "_highcard", "name": "x", "colour": "red"}',
     "r.json: unknown key 'colour'; allowed: game, name, options, description."),
    (b'{"game": "_highcard", "options": {}}', "r.json: name must be text of 1 to 32 characters."),
    (b'{"game": "_highcard", "name": ""}', "r.json: name must be text of 1 to 32 characters."),
    (b'{"game": "_highcard", "name": 7}', "r.json: name must be text of 1 to 32 characters."),
    (b'{"game": "_highcard", "name": "' + b"x" * 33 + b'"}', "r.json: name must be text of 1 to 32 characters."),
    (b'{"game": "_highcard", "name": "x", "options": [1]}',
     "r.json: options must be a JSON object of option: value."),
    (b'{"game": "_highcard", "name": "x", "options": {"colour": 1}}',
     "r.json: unknown option 'colour' for _highcard; known: starting_points, deck, ties, fast."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": 0}}',
     "r.json: option 'starting_points' must be an integer 1 to 999 (got 0)."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": 1000}}',
     "r.json: option 'starting_points' must be an integer 1 to 999 (got 1000)."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": "20"}}',
     "r.json: option 'starting_points' must be an integer 1 to 999 (got '20')."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": 2.5}}',
     "r.json: option 'starting_points' must be an integer 1 to 999 (got 2.5)."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": true}}',
     "r.json: option 'starting_points' must be an integer 1 to 999 (got True)."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": null}}',
     "r.json: option 'starting_points' must be an integer 1 to 999 (got None)."),
    (b'{"game": "_highcard", "name": "x", "options": {"ties": "coin"}}',
     "r.json: option 'ties' must be dealer, split (got 'coin')."),
    (b'{"game": "_highcard", "name": "x", "options": {"ties": ["dealer"]}}',
     "r.json: option 'ties' must be dealer, split (got ['dealer'])."),
    (b'{"game": "_highcard", "name": "x", "options": {"fast": 1}}',
     "r.json: option 'fast' must be true, false (got 1)."),
    (b'{"game": "_highcard", "name": "x", "options": {"fast": "true"}}',
     "r.json: option 'fast' must be true, false (got 'true')."),
    (b'{"game": "_highcard", "name": "x", "options": {"deck": "' + b"k" * 40 + b'"}}',
     "r.json: option 'deck' must be kabufuda, hanafuda (got 'kkkkkkkkkkkkkkkkkkkk...)."),
    (b'{"game": "_highcard", "name": "x", "description": 5}',
     "r.json: description must be text of at most 200 characters."),
    (b'{"game": "_highcard", "name": "\\u001b@\\u001dV\\u0000\\u001b[2J", "options": {}}',
     "r.json: name has a control character (U+001B); use printable text."),
    (b'{"game": "_highcard", "name": "x", "description": "cut\\u001dV"}',
     "r.json: description has a control character (U+001D); use printable text."),
    (b'{"game": "_highcard", "name": "x\\u007f"}', "r.json: name has a control character (U+007F); use printable text."),
    (b'{"game": "_highcard", "name": "x\\u009b2J"}', "r.json: name has a control character (U+009B); use printable text."),
    (b'{"game": "_highcard", "name": "tab\\there"}', "r.json: name has a control character (U+0009); use printable text."),
    (b'{"game": "_highcard", "name": "x\\u0"}', "r.json: not valid JSON: bad \\u escape at line 1 col 33."),
    (b'{"game": "_highcard", "name": "x\\q"}', "r.json: not valid JSON: bad escape at line 1 col 33."),
    (b'{"game": "_highcard", "name": "x\n"}', "r.json: not valid JSON: control character in string at line 1 col 33."),
    (b'{"game": "_highcard", "name": "x', "r.json: not valid JSON: unterminated string at line 1 col 33."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": 012}}',
     "r.json: not valid JSON: bad number at line 1 col 67."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": -}}',
     "r.json: not valid JSON: bad number at line 1 col 67."),
    (b'{"game": "_highcard", "name": "x", "options": {"starting_points": NaN}}',
     "r.json: not valid JSON: unexpected 'N' at line 1 col 67."),
)


def test_at_least_thirty_malformed_files():
    assert len(CASES) >= 30


def test_each_malformed_file_has_its_exact_message():
    for raw, want in CASES:
        try:
            rules.parse(raw, "r.json", T)
        except RulesetError as e:
            assert str(e) == want, (raw[:40], str(e), want)
        else:
            assert False, ("accepted", raw[:60])


# past text that is not ASCII, a column counts characters, not bytes, and a
# character that starts no JSON value is named whole
WIDE = (
    (b'{"game": "_highcard", "name": "\xe8\xa6\xaa\xe6\x96\xb9" "options": {}}',
     "r.json: not valid JSON: expected ',' or '}' at line 1 col 36."),
    (b'{"game": "_highcard",\n "name": "\xe3\x82\xa2",\n "options": {"ties": \xe8\xa6\xaa}}',
     "r.json: not valid JSON: unexpected '\u89aa' at line 3 col 22."),
    (b'{"name": "\xe8\xa6\xaa", "\xe8\xa6\xaa": 1, "\xe8\xa6\xaa": 2}',
     "r.json: not valid JSON: duplicate key '\u89aa' at line 1 col 23."),
    (b'{"game": "_highcard", "name": "\xe3\x82\xa2\n"}',
     "r.json: not valid JSON: control character in string at line 1 col 33."),
    (b'{"game": "_highcard", "name": "\xe3\x82\xa2\\\xe3\x82\xa2"}',
     "r.json: not valid JSON: bad escape at line 1 col 33."),
    (b'{"game": "_highcard", "name": "\xe3\x82\xa2\\u30\xe3\x82\xa2"}',
     "r.json: not valid JSON: bad \\u escape at line 1 col 33."),
)


def test_a_column_past_wide_text_counts_characters():
    for raw, want in WIDE:
        try:
            rules.parse(raw, "r.json", T)
        except RulesetError as e:
            assert str(e) == want, (raw, str(e), want)
        else:
            assert False, ("accepted", raw)


def test_strings_with_escapes_and_wide_text_read_whole():
    raw = (b'{"game": "_highcard", "name": "\xe8\xa6\xaa \\u89aa\\"\\/\\\\",'
           b' "description": "a\\u00e9\\u3042z", "options": {"ties": "split"}}')
    game, name, opts = rules.parse(bytearray(raw), "w.json", T)
    assert name == "\u89aa \u89aa\"/\\", name
    assert opts["ties"] == "split"
    from oya.jsonlite import loads
    assert loads(raw)["description"] == "a\u00e9\u3042z"
    assert loads('[-0.5e2, 10, "\u89aa", true, false, null, {}]') == [-50.0, 10, "\u89aa", True, False, None, {}]


def test_value_at_reads_one_top_level_field_of_well_formed_json_only():
    from oya.jsonlite import value_at
    assert value_at(GOOD, "game") == "_highcard"
    assert value_at(b"\xef\xbb\xbf" + GOOD, "game") == "_highcard"          # a byte order mark
    assert value_at(bytearray(GOOD), "name") == "House"
    assert value_at(GOOD, "options") == {"starting_points": 20, "ties": "split"}   # built whole
    assert value_at(GOOD, "missing") is None
    # escapes are read, in the value and in the key
    assert value_at(b'{"g\\u0061me": "\\u30ab\\"x"}', "game") == "\u30ab\"x"
    # only the top-level object's field counts, and the last of two
    assert value_at(b'{"o": {"game": "deep"}, "l": [{"game": 1}]}', "game") is None
    assert value_at(b'{"game": "a", "game": "b"}', "game") == "b"
    assert value_at(b'[{"game": "a"}]', "game") is None
    # the whole must be well-formed: an error anywhere, after the field too
    for bad in (b'{"game": "a", "x": [1, 2}', b'{"game": "a"} x', b'{"game": "a", "x": 01}',
                b'{"game": "a", "x": "\\q"}', b'{"game": "a", "x": "\x01"}', b'{"game": "a", "x": tru}',
                b'{"game": "a", "x": "\xff"}', b'{"game": "\xe3\x81"}', b'{"game": "a",}', b""):
        assert value_at(bad, "game") is None, bad
    deep = b'{"game": "a", "x": ' + b"[" * 15 + b"]" * 15 + b"}"
    assert value_at(deep, "game") == "a"                                     # 16 deep: read
    assert value_at(deep.replace(b"[", b"[[", 1).replace(b"]", b"]]", 1), "game") is None


def test_huge_file_is_refused_before_parsing():
    raw = b'{"game": "_highcard", "name": "x", "description": "' + b"a" * 10000 + b'"}'
    try:
        rules.parse(raw, "big.json", T)
        assert False
    except RulesetError as e:
        assert str(e) == "big.json: file is too large (10053 bytes; at most 4096).", str(e)


def test_unknown_game_names_the_games():
    try:
        rules.parse(b'{"game": "poker", "name": "x"}', "p.json")
        assert False
    except RulesetError as e:
        assert str(e) == "p.json: game must be one of oicho, kachi, kakkuri, kyuten, meri (got 'poker').", str(e)


def test_good_ruleset_fills_defaults():
    game, name, opts = rules.parse(GOOD, "house.json", T)
    assert game == "_highcard" and name == "House"
    assert opts == {"starting_points": 20, "ties": "split", "deck": "kabufuda", "fast": False}


def test_bom_and_whitespace_are_accepted():
    game, name, opts = rules.parse(b"\xef\xbb\xbf\n  " + GOOD + b"\n", "bom.json", T)
    assert name == "House"


def test_allowed_words():
    assert rules.allowed(("rate_cap", None, 1, 99)) == "an integer 1 to 99 or none"
    assert rules.check_value(("rate_cap", None, 1, 99), None) is None
    assert rules.check_value(("x", 3, 1, 9), None) == "an integer 1 to 9"


def test_a_file_is_read_up_to_a_limit_and_one_byte_past_it_no_more():
    # (the heap is asked for no more than the file: read(4097) took 4 KB at
    # once, and a heap held near full listed every ruleset as unreadable)
    import os
    from oya.rsindex import read_upto
    for size, want in ((0, 0), (10, 10), (4096, 4096), (4097, 4097), (5000, 4097)):
        data = bytes(range(256)) * (size // 256) + bytes(range(size % 256))
        with open("readupto.bin", "wb") as f:
            f.write(data)
        with open("readupto.bin", "rb") as f:
            got = read_upto(f, 4097)
        assert got == data[:want], (size, len(got))
    os.remove("readupto.bin")
    try:
        rules.load("readupto_missing.json")
        assert False
    except RulesetError as e:
        assert str(e) == "readupto_missing.json: cannot be read.", str(e)
