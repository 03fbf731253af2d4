# oya.heap is the one registry of which modules come and go when: every
# name in it imports, no firmware module forgets or fetches a module by a
# string of its own (a game's own modules are named by oya.games alone), and
# none reaches a method or a module's name through __getattr__.
import ast
import importlib
from pathlib import Path

import pytest

from oya import GAMES, heap

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware"
PORT_MODULES = {"rp2"}          # MicroPython's own, not Oya's: no import here


def _groups():
    for name, value in vars(heap).items():
        if name.isupper() and isinstance(value, (str, tuple, dict)):
            yield name, value


def _names(value):
    """The module names of a group: one str "a|b|c", or a tuple or a dict
    of them."""
    if isinstance(value, str):
        yield from value.split("|")
        return
    for v in value.values() if isinstance(value, dict) else value:
        yield from _names(v)


def _sources():
    for path in sorted((FIRMWARE / "oya").rglob("*.py")):
        yield path, ast.parse(path.read_text(), str(path))


def test_the_registry_has_the_groups_the_flows_use():
    groups = dict(_groups())
    for name in ("FLOWS", "MATCH_CODE", "MENUS", "RARE", "PRINTER", "DRAWS", "TEXTS"):
        assert groups.get(name), name


@pytest.mark.parametrize("group", [g for g, _ in _groups()])
def test_every_module_the_registry_names_imports(group, monkeypatch):
    import sys
    from host_sim import framebuf
    monkeypatch.setitem(sys.modules, "framebuf", sys.modules.get("framebuf", framebuf))   # (the chart's font draws with it)
    names = list(_names(dict(_groups())[group]))
    assert names
    for name in names:
        if name in PORT_MODULES:
            continue
        assert name.startswith("oya."), name
        assert importlib.import_module(name).__name__ == name


def _forget_calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "forget":
            yield node


def _registry(path):
    """Whether `path` is the registry (oya.heap) or the one place that names
    a game's own modules (oya.games)."""
    return path.relative_to(FIRMWARE).as_posix() in ("oya/heap.py", "oya/games/__init__.py")


def test_no_module_is_forgotten_by_a_string_outside_the_registry():
    bad = []
    for path, tree in _sources():
        if _registry(path):
            continue
        for call in _forget_calls(tree):
            for arg in call.args:
                if any(
                        isinstance(n, ast.JoinedStr) or isinstance(n, ast.Constant) and isinstance(n.value, str)
                        for n in ast.walk(arg)):
                    bad.append("%s:%d %s" % (path.relative_to(FIRMWARE), call.lineno, ast.unparse(call)))
    assert bad == []


def test_every_group_a_module_forgets_is_the_registrys():
    groups = {g for g, _ in _groups()}
    used = set()
    for path, tree in _sources():
        for call in _forget_calls(tree):
            for arg in call.args:
                for n in ast.walk(arg):
                    if isinstance(n, ast.Name) and n.id.isupper():
                        assert n.id in groups, "%s:%d %s" % (path, call.lineno, n.id)
                        used.add(n.id)
    assert {"FLOWS", "MATCH_CODE", "MENUS", "PRINTER", "DRAWS", "TEXTS"} <= used


def test_every_group_of_the_registry_is_used():
    # no group named that no flow drops, fetches or reads
    groups = {g for g, _ in _groups()}
    used = set()
    for path, tree in _sources():
        if path.relative_to(FIRMWARE).as_posix() != "oya/heap.py":
            used |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in groups}
    assert used == groups


# -- what the flows load: groups of the registry, names from oya.games ------------------------

def _fetch_calls(tree):
    """App.prefetch() and App.prefetch_more() calls, on the app or on self."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("prefetch", "prefetch_more"):
            yield node


def _match_code_groups():
    """The groups oya.ui.start.match_code returns, read from its source."""
    tree = ast.parse((FIRMWARE / "oya" / "ui" / "start.py").read_text())
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "match_code")
    return {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id.isupper()}


def test_every_group_a_flow_fetches_is_the_registrys_and_imports(monkeypatch):
    import sys
    from host_sim import framebuf
    monkeypatch.setitem(sys.modules, "framebuf", sys.modules.get("framebuf", framebuf))
    groups = dict(_groups())
    fetched, bad = set(), []
    for path, tree in _sources():
        for call in _fetch_calls(tree):
            for arg in call.args:
                arg = arg.value if isinstance(arg, ast.Starred) else arg
                where = "%s:%d %s" % (path.relative_to(FIRMWARE), call.lineno, ast.unparse(arg))
                if isinstance(arg, ast.Name) and arg.id in groups:
                    fetched.add(arg.id)
                elif isinstance(arg, ast.Name) and arg.id.isupper():
                    bad.append(where)           # a constant of another module's
                elif not isinstance(arg, (ast.Call, ast.Name)):
                    bad.append(where)           # a name written at the call: a str, a sum, a format
    fetched |= _match_code_groups()
    assert bad == []
    assert {"SETUP", "TABLE", "UNDER_ENGINE", "OVER_ENGINE", "PARTS", "PLAY", "MATCH_END", "NIGHT_MENU",
            "RULES", "RESUME"} <= fetched
    for g in fetched:
        for name in _names(groups[g]):
            assert importlib.import_module(name).__name__ == name


def test_a_match_fetches_its_code_in_the_order_it_imports_it():
    from oya.heap import OVER_ENGINE, PARTS, UNDER_ENGINE
    from oya.ui.start import match_code
    assert match_code("kachi") == (UNDER_ENGINE, PARTS["kachi"], "oya.games.kachi", OVER_ENGINE)
    assert match_code("oicho") == (UNDER_ENGINE, "oya.games.oicho", OVER_ENGINE)


def _module_literals(tree):
    """(line, str) of every str constant that names an oya module (the
    whole of it, or a field of an "a|b|c" group, begins "oya."), less the
    docstrings and the other strings that stand as a statement of their own."""
    told = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in told and \
                any(f.startswith("oya.") for f in n.value.split("|")):
            yield n.lineno, n.value


def test_no_string_names_a_module_outside_the_registry():
    # a module a flow loads is a group of oya.heap's, a game's own one the
    # name oya.games.module_name makes: not a string written where it is used
    found = []
    for path in sorted(FIRMWARE.rglob("*.py")):
        if not _registry(path):
            tree = ast.parse(path.read_text(), str(path))
            found += ["%s:%d %r" % (path.relative_to(FIRMWARE), ln, v) for ln, v in _module_literals(tree)]
    assert found == []


def test_the_check_above_tells_a_name_from_a_docstring():
    tree = ast.parse('"""oya.ui.home is the menu."""\n'
                     'def f(app, game):\n'
                     '    """Fetches oya.ui.setup."""\n'
                     '    app.prefetch("oya.ui.setup")\n'
                     '    x = "oya.games." + game\n'
                     '    y = "a|oya.ui.menu"\n'
                     '    z = "the oya.ui.menu words"\n')
    assert sorted(ln for ln, _ in _module_literals(tree)) == [4, 5, 6]


def test_nothing_but_the_app_touches_its_prefetch_list():
    # the flows ask with App.prefetch() and prefetch_more()
    found = []
    for path, tree in _sources():
        if path.relative_to(FIRMWARE).as_posix() != "oya/ui/app.py":
            found += ["%s:%d" % (path.relative_to(FIRMWARE), n.lineno) for n in ast.walk(tree)
                      if isinstance(n, ast.Attribute) and n.attr == "_prefetch"]
    assert found == []


def test_the_registry_names_every_part_a_game_may_lack():
    # a game's module that says its deal (<game>_say, <game>_words) is found
    # through oya.heap.TELLERS, never by an import that may fail
    parts = {"oya.games." + p.stem for p in (FIRMWARE / "oya" / "games").glob("*.py")
             if p.stem.endswith(("_say", "_words"))}
    assert set(heap.TELLERS.split("|")) == parts


@pytest.mark.parametrize("game", GAMES)
def test_a_game_has_the_parts_the_registry_gives_it(game):
    from oya.games import module_name, told
    for part in ("_say", "_words"):
        has = (FIRMWARE / "oya" / "games" / (game + part + ".py")).exists()
        mod = told(game, part)
        assert (mod is not None) == has, (game, part)
        assert mod is None or mod.__name__ == module_name(game, part)


def test_holds_matches_a_whole_field_as_the_plain_split_does():
    group = "oya.games.meri_say|oya.games.kakkuri_say|oya.games.meri_words"
    names = ["oya.games.meri_say", "oya.games.kakkuri_say", "oya.games.meri_words", "oya.games.eri_say",
             "oya.games.meri_sa", "oya.games.meri_words2", "games.meri_say", "oya.games.meri_say|oya", ""]
    for name in names:
        assert heap.holds(group, name) == (name in group.split("|")), name
    assert heap.holds("a", "a") and not heap.holds("ab", "a") and not heap.holds("ba", "a")


def test_the_checks_above_catch_a_string():
    tree = ast.parse('def f():\n    forget("oya.ui.home")\n    forget(HOME)\n')
    calls = list(_forget_calls(tree))
    assert [isinstance(c.args[0], ast.Constant) for c in calls] == [True, False]


def test_no_getattr_dispatch_in_the_firmware():
    # a game's options are options(game), not an engine module's __getattr__
    found = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "__getattr__":
                found.append("%s:%d" % (path.relative_to(FIRMWARE), node.lineno))
            elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__getattr__"
                                                      for t in node.targets):
                found.append("%s:%d =" % (path.relative_to(FIRMWARE), node.lineno))
    # the two that remain wrap one object in another (a display driver's
    # framebuffer, a table deck's deal around the game's), not a list of names
    assert sorted(found) == ["oya/hw/ssd1306.py:%d" % _line("hw/ssd1306.py"),
                             "oya/tabledeck.py:%d" % _line("tabledeck.py")]


def _line(rel):
    tree = ast.parse((FIRMWARE / "oya" / rel).read_text())
    return next(n.lineno for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "__getattr__")


def test_no_global_replaces_a_function():
    # a cache made on first use is a global set to None (oya.heap, idiom 5),
    # never a global that replaces the function that fills it
    found = []
    for path, tree in _sources():
        defs = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        for node in ast.walk(tree):
            if isinstance(node, ast.Global):
                found += ["%s:%d %s" % (path.relative_to(FIRMWARE), node.lineno, n) for n in node.names if n in defs]
    assert found == []
