# oya.heap is the one registry of which modules come and go when: every
# name in it imports, and no firmware module forgets a module by a string of
# its own or reaches a method or a module's name through __getattr__.
import ast
import importlib
from pathlib import Path

import pytest

from oya import heap

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


def test_no_module_is_forgotten_by_a_string_outside_the_registry():
    bad = []
    for path, tree in _sources():
        if path.name == "heap.py" and path.parent.name == "oya":
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
    assert used == groups - {"PARTS"}   # no group named that nothing drops (an engine's parts go with it)


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
