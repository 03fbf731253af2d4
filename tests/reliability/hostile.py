"""Malformed and hostile ruleset files, generated (some are too big for git):
truncated, wrong encodings, huge, deeply nested, Python code, unknown games
(including names of firmware modules), options out of range or of the wrong
type, duplicate keys, and JSON that other parsers accept but strict JSON does
not. `cases()` -> [(file name, bytes, what it is)].

Every one must be refused by the device's validator with one clear sentence
that starts with the file name; none may be executed or crash anything.
"""
import json

GOOD = {"game": "oicho", "name": "House rules", "description": "ours",
        "options": {"columns": 5, "domae": 20, "tie": "push"}}
GOOD_TEXT = json.dumps(GOOD)

BIG = 64 * 1024        # "huge": sixteen times the device's limit


def _j(obj):
    return json.dumps(obj).encode()


def _rs(game="oicho", **options):
    return _j({"game": game, "name": "x", "options": options})


def cases():
    out = []

    def add(what, data, name=None):
        fn = name or "h%03d_%s.json" % (len(out) + 1, what.split()[0].lower().strip(",:"))
        out.append((fn, data if isinstance(data, bytes) else data.encode("utf-8"), what))

    g = GOOD_TEXT.encode()
    # truncated
    for cut in (1, 10, len(g) // 2, len(g) - 1):
        add("truncated at byte %d" % cut, g[:cut])
    add("truncated inside a string", b'{"game": "oic')
    add("truncated inside an escape", b'{"game": "oicho", "name": "a\\u00')
    # empty and whitespace
    add("empty file", b"")
    add("whitespace only", b" \r\n\t ")
    add("byte order mark only", b"\xef\xbb\xbf")
    add("NUL bytes", b"\x00" * 40)
    # wrong encodings
    add("UTF-16 with BOM", GOOD_TEXT.encode("utf-16"))
    add("UTF-16-BE without BOM", GOOD_TEXT.encode("utf-16-be"))
    add("UTF-32", GOOD_TEXT.encode("utf-32"))
    add("Latin-1 name", '{"game": "oicho", "name": "Café"}'.encode("latin-1"))
    add("Shift-JIS name", '{"game": "oicho", "name": "親の札"}'.encode("shift_jis"))
    add("invalid UTF-8 continuation", b'{"game": "oicho", "name": "\xc3\x28"}')
    add("overlong UTF-8 slash", b'{"game": "oicho", "name": "\xc0\xaf"}')
    add("UTF-8 encoded surrogate", b'{"game": "oicho", "name": "\xed\xa0\x80"}')
    add("UTF-8 past U+10FFFF", b'{"game": "oicho", "name": "\xf4\x90\x80\x80"}')
    add("five-byte UTF-8", b'{"game": "oicho", "name": "\xf8\x88\x80\x80\x80"}')
    add("surrogate escape", b'{"game": "oicho", "name": "\\ud83d\\ude00"}')
    # huge
    add("huge: over the limit by one byte", (GOOD_TEXT + " " * (4097 - len(GOOD_TEXT))).encode())
    add("huge: 64 KB of whitespace", (GOOD_TEXT + " " * (BIG - len(GOOD_TEXT))).encode())
    add("huge: 64 KB string", _j({"game": "oicho", "name": "x" * BIG}))
    add("huge: name of 33 characters", _j({"game": "oicho", "name": "N" * 33}))
    add("huge: description of 201 characters", _j({"game": "oicho", "name": "x", "description": "d" * 201}))
    add("huge: integer of 300 digits", b'{"game": "oicho", "name": "x", "options": {"domae": ' + b"9" * 300 + b"}}")
    # deeply nested
    add("deeply nested arrays", b"[" * 2000 + b"]" * 2000)
    add("deeply nested objects", b'{"a":' * 600 + b"1" + b"}" * 600)
    add("deeply nested option value", b'{"game": "oicho", "name": "x", "options": {"domae": ' + b"[" * 100 + b"]" * 100 + b"}}")
    add("unbalanced nesting", b"[[[[{{{{")
    # Python, not JSON
    add("Python: import os", b"import os\nos.remove('main.py')\n")
    add("Python: __import__", b"__import__('os').system('rm -rf /')")
    add("Python: eval", b"eval(\"open('main.py','w').write('')\")")
    add("Python: dict literal", b"{'game': 'oicho', 'name': 'x'}")
    add("Python: True and None", b'{"game": "oicho", "name": "x", "options": {"mandatory_bet": True}}')
    add("Python: lambda", b'{"game": "oicho", "name": lambda: 0}')
    add("Python: exec in a comment", b'# exec("x")\n' + g)
    # JSON other parsers accept
    add("JSON with // comment", b"// house rules\n" + g)
    add("JSON with /* comment */", b"/* x */" + g)
    add("trailing comma", b'{"game": "oicho", "name": "x",}')
    add("NaN", b'{"game": "oicho", "name": "x", "options": {"domae": NaN}}')
    add("Infinity", b'{"game": "oicho", "name": "x", "options": {"domae": Infinity}}')
    add("hex number", b'{"game": "oicho", "name": "x", "options": {"domae": 0x10}}')
    add("leading plus", b'{"game": "oicho", "name": "x", "options": {"domae": +5}}')
    add("trailing garbage", g + b" {}")
    add("two documents", g + b"\n" + g)
    add("control character in a string", b'{"game": "oicho", "name": "a\x07b"}')
    add("bad escape", b'{"game": "oicho", "name": "a\\qb"}')
    # duplicate keys
    add("duplicate key: game", b'{"game": "oicho", "game": "meri", "name": "x"}')
    add("duplicate key: option", b'{"game": "oicho", "name": "x", "options": {"domae": 5, "domae": 99}}')
    add("duplicate key: options", b'{"game": "oicho", "name": "x", "options": {}, "options": {"tie": "push"}}')
    # not a ruleset object
    add("a list", b'["oicho", "x"]')
    add("a string", b'"oicho"')
    add("null", b"null")
    add("unknown top-level key", _j({"game": "oicho", "name": "x", "code": "import os"}))
    add("options as a list", _j({"game": "oicho", "name": "x", "options": ["tie", "push"]}))
    add("name missing", _j({"game": "oicho"}))
    add("name a number", _j({"game": "oicho", "name": 7}))
    # unknown games (some are names of firmware modules or paths)
    for game in ("poker", "", None, 5, ["oicho"], "OICHO", "oicho_bot", "__init__", "../oicho",
                 "oicho.py", "os", "_highcard"):
        add("unknown game %r" % (game,), _j({"game": game, "name": "x"}))
    # options out of range or of the wrong type, every game
    bad_opts = [
        ("oicho", {"columns": 7}), ("oicho", {"domae": 0}), ("oicho", {"domae": 101}),
        ("oicho", {"starting_points": -5}), ("oicho", {"deck": "tarot"}), ("oicho", {"mandatory_bet": 1}),
        ("oicho", {"domae": 2.5}), ("oicho", {"domae": "10"}), ("oicho", {"domae": None}),
        ("oicho", {"domae": 10 ** 30}), ("oicho", {"columns": True}),
        ("kachi", {"ante": 0}), ("kachi", {"circuits": 10}), ("kachi", {"pin_tier_order": "4-1"}),
        ("kachi", {"pin_tier_order": ["4-1", "4-1"]}), ("kachi", {"goshugi": {"tamashii": -1}}),
        ("kachi", {"rate_cap": 0}), ("kachi", {"deck_variant": ["standard20"]}),
        ("kakkuri", {"players": 5}), ("kakkuri", {"players": 9}), ("kakkuri", {"session_minutes": 601}),
        ("kakkuri", {"after_twelve": "whoever"}),
        ("kyuten", {"decks": 3}), ("kyuten", {"ante_values": []}), ("kyuten", {"ante_values": [0]}),
        ("kyuten", {"ante_values": "1,2,3"}), ("kyuten", {"starting_chips": 1}), ("kyuten", {"limit": 100}),
        ("meri", {"players": 5}), ("meri", {"deals_per_game": 0}), ("meri", {"lead_card_rank": "Q"}),
        ("meri", {"hiki_mode": None}),
        ("oicho", {"no_such_option": 1}), ("meri", {"columns": 4}),
    ]
    for game, o in bad_opts:
        k = list(o)[0]
        add("%s option %s=%s" % (game, k, json.dumps(o[k])[:20]), _rs(game, **o))
    return out


HOSTILE_STATE_RECORDS = [
    # (what, record): intact journal records (right header, right digest) whose
    # content is hostile: the device must refuse them as data, not run them
    ("unknown game", {"v": 1, "game": "poker", "ruleset": {"name": "x", "options": {}}, "names": ["a", "b"],
                      "start_chips": None, "intro_seed": None, "state": {}, "deal": None, "recall": []}),
    ("game names a module", {"v": 1, "game": "__init__", "ruleset": {"name": "x", "options": {}},
                             "names": ["a"], "start_chips": None, "intro_seed": None, "state": {},
                             "deal": None, "recall": []}),
    ("Python code as the game", {"v": 1, "game": "__import__('os').system('x')", "state": {}}),
    ("a list", [1, 2, 3]),
    ("missing everything", {"state": {"chips": [1]}}),
    ("options out of range", {"v": 1, "game": "oicho", "ruleset": {"name": "x", "options": {"columns": 99}},
                              "names": ["a", "b"], "start_chips": None, "intro_seed": None,
                              "state": {"dealer": 0, "deal_no": 0, "chips": [50, 50], "pot": 0},
                              "deal": None, "recall": []}),
    ("an illegal action in the deal", "ILLEGAL"),
    ("chips from nowhere", "CHIPS"),
    ("a seed that is not hex", "SEED"),
]
