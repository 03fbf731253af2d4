# Dependencies point down: main -> ui -> games -> core, ui -> hw -> core, and no
# circle, counting imports made inside functions. Each firmware module's
# imports are read from its source with `ast` (nothing is imported):
# - `import a.b`, `from a.b import c` (c when it is a module, else a.b) and
#   `from . import c`, at any depth of the module;
# - `__import__(expr)`, expr resolved as far as the source tells: string
#   constants, `+`, `%`, f-strings, `__name__`, the names a function or the
#   module binds (a tuple of names: each of them), what a function of the
#   module's own returns for the arguments given (oya.games.module_name), and
#   `self.x` as the class's methods set it. What is left unknown stands for
#   any one name there:
#   "oya.games.%s_bot" % game is every oya.games.*_bot. An import that could
#   be any module of a package is no edge, and is listed as unresolved
#   (`python tests/test_layers.py` prints them): App._fetch's prefetch queue,
#   which imports ahead, on an idle pass, what a flow then imports itself
#   (and counts there), and oya.ui.text's words of a language.
# - A function that imports the module one of its parameters names (flow(),
#   Call, open_later(): the flows' callbacks by module name) imports, for
#   each of its callers, what the caller passes: flow("home") in oya.ui.app
#   is oya.ui.app importing oya.ui.home. Such a function's own import counts
#   only through its callers.
# - The game registry (oya.games: load(game), options(game), table_deal(game))
#   imports a game's modules by the name a ruleset or a saved match gives.
#   That name is data, not code: no module depends through the registry on a
#   particular game, so the registry's own name-built imports are plug-in
#   loads and make no edge (a caller's constant would: load("kachi") is its
#   caller importing oya.games.kachi). The registry holds names only and
#   sits in core, with the protocol the games implement (oya.game).
import ast
import re
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"

# The layers, top first: (name, its modules, the layers it may import). Within
# a layer imports go either way, but never round to where they started.
LAYERS = (
    ("main", ("main",), ("ui", "games", "hw", "core")),
    ("ui", ("oya.ui", "oya.ui.*"), ("games", "hw", "core")),
    ("games", ("oya.games.*",), ("core",)),
    ("hw", ("oya.hw", "oya.hw.*"), ("core",)),
    ("core", ("oya", "oya.games", "oya.*"), ()),
)
REGISTRY = "oya.games"      # its name-built imports are plug-in loads (above)
ANY = "*"                   # a part of a module's name the source does not tell
MARK = "\0"                 # a parameter's value, while an importer is read


def _glob(pattern):
    """A module pattern as a regex: `*` is one dotted name's part or a piece of it."""
    return re.compile("^" + re.escape(pattern).replace(r"\*", "[A-Za-z0-9_]+") + "$")


def layer_of(name):
    for layer, members, _ in LAYERS:
        if any(_glob(m).match(name) for m in members):
            return layer
    raise AssertionError("%s is in no layer of LAYERS" % name)


def firmware_modules(root=FIRMWARE):
    """name -> path of every firmware module (main.py and the oya package)."""
    mods = {}
    for p in sorted(root.rglob("*.py")):
        rel = p.relative_to(root)
        if rel.parts[0] not in ("main.py", "oya"):
            continue                    # (manifest.py is the build's, not the device's)
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods[".".join(parts)] = p
    return mods


_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _own_nodes(node):
    """The nodes of a function, class or module, less those of the functions
    and classes inside it."""
    todo = list(ast.iter_child_nodes(node))
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, _FUNCS + (ast.ClassDef,)):
            todo.extend(ast.iter_child_nodes(n))


def _params(fn):
    a = fn.args
    return [x.arg for x in a.posonlyargs + a.args]


class Scope:
    """A function's (or the module's) parameters and the values it binds."""

    def __init__(self, node, parent, cls):
        self.node, self.parent, self.cls = node, parent, cls
        self.params = set()
        if isinstance(node, _FUNCS):
            a = node.args
            for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
                if arg is not None:
                    self.params.add(arg.arg)
        self.binds = {}
        self.attrs = {}                 # self.x = value, in a method
        self.calls = []
        for n in _own_nodes(node):
            if isinstance(n, ast.Call):
                self.calls.append(n)
            if isinstance(n, ast.Assign):
                for t in n.targets:
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                        self.attrs.setdefault(t.attr, []).append(n.value)
                    for x in (t.elts if isinstance(t, ast.Tuple) else [t]):     # (a, b = v: each may be any of v)
                        if isinstance(x, ast.Name):
                            self.binds.setdefault(x.id, []).append(n.value)
            elif isinstance(n, (ast.For, ast.comprehension)) and isinstance(n.target, ast.Name):
                self.binds.setdefault(n.target.id, []).append(n.iter)


class Source:
    """One module's tree, its scopes and classes."""

    def __init__(self, name, path, known):
        self.name = name
        self.tree = ast.parse(path.read_text(), str(path))
        self.pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
        self.known = known
        self.scopes = {}
        self._reach = {}
        self.classes = {}               # class name -> [method scopes]
        self._walk(self.tree, None, None)
        self.modules = {}               # names this module binds to a firmware module
        for target, _, alias in self.statements():
            self.modules[alias] = target

    def _walk(self, node, parent, cls):
        s = Scope(node, parent, cls)
        s.src = self
        self.scopes[node] = s
        for n in _own_nodes(node):
            if isinstance(n, _FUNCS):
                self._walk(n, s, None)
            elif isinstance(n, ast.ClassDef):
                for m in n.body:
                    if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        self.classes.setdefault(n.name, []).append(self._walk(m, s, n.name))
        return s

    def statements(self):
        """(target, line, the name it binds) of every import statement."""
        for n in ast.walk(self.tree):
            if isinstance(n, ast.Import):
                for a in n.names:
                    yield a.name, n.lineno, a.asname or a.name
            elif isinstance(n, ast.ImportFrom):
                mod = n.module
                if n.level:
                    base = self.pkg.split(".")
                    mod = ".".join(base[:len(base) - (n.level - 1)] + ([n.module] if n.module else []))
                for a in n.names:
                    sub = mod + "." + a.name
                    yield (sub if sub in self.known else mod), n.lineno, a.asname or a.name

    def reach(self, scope):
        """The scopes whose imports a call of `scope`'s function can make:
        its own and those inside it; a method's, all its class's methods."""
        if scope in self._reach:
            return self._reach[scope]
        tops = self.classes[scope.cls] if scope.cls else [scope]
        out = self._reach[scope] = []
        for s in self.scopes.values():
            p = s
            while p is not None and p not in tops:
                p = p.parent
            if p is not None:
                out.append(s)
        return out


def resolve(expr, scope, src, given=None, seen=()):
    """The module names (patterns) `expr` can be. `given`: {(function node,
    parameter): patterns} for the parameters being followed; any other
    parameter is ANY."""
    given = given or {}
    if isinstance(expr, ast.Constant):
        return {expr.value} if isinstance(expr.value, str) else {ANY}
    if isinstance(expr, (ast.Tuple, ast.List)):
        out = set()
        for e in expr.elts:
            out |= resolve(e, scope, src, given, seen)
        return out
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return {a + b for a in resolve(expr.left, scope, src, given, seen)
                for b in resolve(expr.right, scope, src, given, seen)}
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod) and isinstance(expr.left, ast.Constant):
        return {re.sub("%[sd]", ANY, expr.left.value)}
    if isinstance(expr, ast.JoinedStr):
        out = {""}
        for v in expr.values:
            part = resolve(v.value if isinstance(v, ast.FormattedValue) else v, scope, src, given, seen)
            out = {a + b for a in out for b in part}
        return out
    if isinstance(expr, ast.IfExp):
        return resolve(expr.body, scope, src, given, seen) | resolve(expr.orelse, scope, src, given, seen)
    if isinstance(expr, ast.Subscript):
        return resolve(expr.value, scope, src, given, seen)      # any item of a tuple of names
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self":
        s = scope
        while s is not None and s.cls is None:
            s = s.parent
        if s is not None and ("self", expr.attr) not in seen:
            out = set()
            for m in src.classes[s.cls]:
                for v in m.attrs.get(expr.attr, ()):
                    out |= resolve(v, m, src, given, seen + (("self", expr.attr),))
            return out or {ANY}
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id not in seen:
        fn = next((f for f in src.scopes.values() if isinstance(f.node, ast.FunctionDef) and f.cls is None
                   and f.node.name == expr.func.id and f.parent is src.scopes[src.tree]), None)
        if fn is not None:              # a function of the module's own: what it returns, given the arguments
            inner = dict(given)
            params = _params(fn.node)
            defaults = fn.node.args.defaults
            for k, p in enumerate(params):
                d = k - (len(params) - len(defaults))
                if k < len(expr.args) and not isinstance(expr.args[k], ast.Starred):
                    inner[(fn.node, p)] = resolve(expr.args[k], scope, src, given, seen)
                elif k >= len(expr.args) and d >= 0:
                    inner[(fn.node, p)] = resolve(defaults[d], fn, src, given, seen)
            out = set()
            for n in _own_nodes(fn.node):
                if isinstance(n, ast.Return) and n.value is not None:
                    out |= resolve(n.value, fn, src, inner, seen + (expr.func.id,))
            return out or {ANY}
    if isinstance(expr, ast.Name) and expr.id == "__name__":
        return {src.name}               # the module's own name (a package's: its own)
    if isinstance(expr, ast.Name):
        s = scope
        while s is not None:
            if expr.id in s.binds and (s, expr.id) not in seen:
                out = set()
                for v in s.binds[expr.id]:
                    out |= resolve(v, s, src, given, seen + ((s, expr.id),))
                return out
            if expr.id in s.params:
                return set(given.get((s.node, expr.id), {ANY}))
            s = s.parent
    return {ANY}


def _is_import(call):
    return isinstance(call.func, ast.Name) and call.func.id == "__import__" and call.args


def _calls(scope):
    return scope.calls


def _name(call):
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


class Graph:
    """The firmware's imports: edges {module: {target: [(line, how)]}}, the
    name-built imports nothing resolves, and the registry's plug-in loads."""

    def __init__(self, root=FIRMWARE):
        mods = firmware_modules(root)
        known = set(mods)
        self.sources = {name: Source(name, path, known) for name, path in mods.items()}
        self.edges = {name: {} for name in mods}
        self.unresolved = []
        self.plugins = []
        self._importers()
        for src in self.sources.values():
            self._read(src)

    # -- the functions that import what a parameter names ---------------------------------
    def _importers(self):
        """self.imp: {function name: [(source, scope, {parameter index:
        templates})]}, a template being a module pattern with MARK where the
        parameter's value goes; a class counts as its __init__ (its other
        methods are reached through its objects: not followed)."""
        self.imp = {}
        self.via_registry = set()       # importers whose imports are the registry's (plug-in) ones
        table = {}                      # scope -> {index: templates}
        for _ in range(6):              # (a chain of importers: followed to its end)
            grown = False
            for src in self.sources.values():
                for s in src.scopes.values():
                    if not isinstance(s.node, (ast.FunctionDef, ast.AsyncFunctionDef)) or \
                            s.cls is not None and s.node.name != "__init__":
                        continue
                    called = {_name(c) for r in src.reach(s) for c in _calls(r)}
                    if "__import__" not in called and not called & set(self.imp):
                        continue
                    for i, p in enumerate(_params(s.node)):
                        t = self._templates(src, s, p)
                        if t - table.get(s, {}).get(i, set()):
                            table.setdefault(s, {}).setdefault(i, set()).update(t)
                            grown = True
            self.imp = {}
            for s, by_index in table.items():
                name = s.cls or s.node.name
                self.imp.setdefault(name, []).append((s.src, s, by_index))
            if not grown:
                break

    def _templates(self, src, s, p):
        given = {(s.node, p): {MARK}}
        out = set()
        for r in src.reach(s):
            for c in _calls(r):
                if _is_import(c):
                    out |= {t for t in resolve(c.args[0], r, src, given) if MARK in t}
                    continue
                for g_src, g, by_index, i, j in self._callee(src, c):
                    for v in resolve(c.args[j], r, src, given):
                        if MARK in v:
                            out |= {t.replace(MARK, v) for t in by_index[i]}
                            if g_src.name == REGISTRY or g in self.via_registry:
                                self.via_registry.add(s)
        return out

    def _callee(self, src, call):
        """(source, importer scope, its templates, parameter index, argument
        index) for each parameter of an importer that `call` fills with a
        positional argument."""
        f = call.func
        on = f.value if isinstance(f, ast.Attribute) else None
        name = _name(call)
        for g_src, g, by_index in self.imp.get(name, ()):
            if isinstance(on, ast.Name) and on.id in src.modules:
                if src.modules[on.id] != g_src.name:
                    continue            # another module's function of that name
                offset = 0
            elif isinstance(on, ast.Call) and _name(on) == "rare":
                offset = 0              # app.rare().fn(app, ...): oya.ui.app_rare's function, every argument given
            elif on is not None:
                offset = 1              # a bound method: the object comes first
            else:
                if src is not g_src and src.modules.get(name) not in (g_src.name, g_src.name + "." + name):
                    continue            # a name this module does not have from there
                offset = 1 if g.cls is not None else 0
            for i in by_index:
                j = i - offset
                if 0 <= j < len(call.args) and not isinstance(call.args[j], ast.Starred):
                    yield g_src, g, by_index, i, j

    # -- the edges ---------------------------------------------------------------------------
    def _add(self, src, pats, line, how):
        for pat in pats:
            if pat.rpartition(".")[2] == ANY or pat.startswith(ANY):
                self.unresolved.append((src, line, pat))    # any module of a package: no edge
                continue
            rx = _glob(pat)
            for t in self.edges:
                if rx.match(t) and t != src:
                    self.edges[src].setdefault(t, []).append((line, how))

    def _read(self, src):
        for t, line, _ in src.statements():
            if t in self.edges and t != src.name:
                self.edges[src.name].setdefault(t, []).append((line, "import"))
        importer_scopes = {g for fns in self.imp.values() for _, g, _ in fns}
        for s in src.scopes.values():
            passing = s in importer_scopes or any(m in importer_scopes for m in src.classes.get(s.cls, ()))
            for c in _calls(s):
                if _is_import(c):
                    pats = resolve(c.args[0], s, src)
                    if src.name == REGISTRY:
                        self.plugins.append((src.name, c.lineno, sorted(pats)))
                    elif passing:
                        self._add(src.name, {p for p in pats if ANY not in p}, c.lineno, "__import__")
                    else:
                        self._add(src.name, pats, c.lineno, "__import__")
                    continue
                for g_src, g, by_index, i, j in self._callee(src, c):
                    vals = resolve(c.args[j], s, src)
                    if passing and ANY in "".join(vals):
                        continue        # (an importer handing on its parameter: its callers count)
                    if (g_src.name == REGISTRY or g in self.via_registry) and ANY in "".join(vals):
                        self.plugins.append((src.name, c.lineno, sorted(vals)))
                        continue        # a game by a name that is data
                    pats = {t.replace(MARK, v) for t in by_index[i] for v in vals}
                    self._add(src.name, pats, c.lineno, "by name: %s()" % (g.cls or g.node.name))

    # -- what is wrong ---------------------------------------------------------------------
    def upward(self):
        """[(module, target, line, how)] of every import against the layers."""
        may = {layer: set(allowed) | {layer} for layer, _, allowed in LAYERS}
        out = []
        for src, targets in sorted(self.edges.items()):
            for t, where in sorted(targets.items()):
                if layer_of(t) not in may[layer_of(src)]:
                    out.append((src, t) + where[0])
        return out

    def circles(self):
        """Every set of two or more modules that import one another round
        (Tarjan's strongly connected components), sorted."""
        g = self.edges
        index, low, stack, on, comps = {}, {}, [], set(), []

        def visit(v):
            index[v] = low[v] = len(index)
            stack.append(v)
            on.add(v)
            for w in sorted(g[v]):
                if w not in index:
                    visit(w)
                    low[v] = min(low[v], low[w])
                elif w in on:
                    low[v] = min(low[v], index[w])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(sorted(comp))

        for v in sorted(g):
            if v not in index:
                visit(v)
        return sorted(comps)

    def report(self):
        """One line per upward import, and per circle its modules and the
        imports that close it."""
        out = []
        for src, t, line, how in self.upward():
            out.append("upward: %s (%s) imports %s (%s), line %d (%s)" % (
                src, layer_of(src), t, layer_of(t), line, how))
        for comp in self.circles():
            out.append("circle: " + " <-> ".join(comp))
            for a in comp:
                for b, where in sorted(self.edges[a].items()):
                    if b in comp:
                        out.append("    %s -> %s (line %d, %s)" % (a, b, where[0][0], where[0][1]))
        return out


def test_every_firmware_module_is_in_one_layer():
    for name in firmware_modules():
        layer_of(name)


def test_imports_point_down_and_make_no_circle():
    problems = Graph().report()
    assert not problems, "\n".join(["imports against the layers (tests/test_layers.py LAYERS):"] + problems)


def test_the_reading_finds_imports_of_every_kind():
    # what the reading above rests on, on the firmware itself: a top-level
    # import, one inside a function, a relative one, a name-built one with
    # its unknown part, a flow by name through flow() and through open_later()
    # (an importer calling an importer), and the registry's plug-in loads
    g = Graph()
    e = g.edges

    def has(src, target, how):
        return any(h == how for _, h in e[src].get(target, ()))
    assert has("main", "oya.ui.loop", "import")
    assert has("oya.journal_read", "oya.journal", "import")
    assert has("oya.hw.board", "oya.hw.sh1106", "import")                # inside make()
    assert has("oya.ui.play", "oya.games.meri_say", "by name: told()")   # told(game, "_say"): a game unknown
    assert has("oya.games.oicho", "oya.games.oicho_options", "by name: options()")     # options("oicho")
    assert has("oya.ui.app", "oya.ui.home", "by name: flow()")
    assert has("oya.ui.app_rare", "oya.ui.menus", "by name: open_later()")
    assert has("oya.ui.menus", "oya.ui.records", "by name: open_later()")  # app.rare().open_later(app, ...)
    assert has("oya.ui.start", "oya.ui.start", "by name: Call()") is False   # (a module's own: no edge)
    assert ("oya.games", "oya.games.kachi") not in [(s, t) for s, t, *_ in g.upward()]
    assert any(p[0] == "oya.games" for p in g.plugins)
    assert not [t for t in e["oya.games"] if t.startswith("oya.games.")]   # the registry: names only


def _tree(tmp_path, files):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return tmp_path


def test_an_upward_import_and_a_circle_are_named(tmp_path):
    root = _tree(tmp_path, {
        "main.py": "from oya.ui import app\n",
        "oya/__init__.py": "",
        "oya/core_a.py": "def f():\n    from oya.core_b import x\n",
        "oya/core_b.py": "from oya.core_a import f\nx = 1\n",
        "oya/games/__init__.py": "def load(g):\n    return __import__('oya.games.' + g)\n",
        "oya/games/g1.py": "from oya import core_a\n",
        "oya/hw/__init__.py": "",
        "oya/hw/drv.py": "def enc(t):\n    from oya.ui import kana\n",
        "oya/ui/__init__.py": ("def flow(name):\n    return __import__('oya.ui.' + name)\n"),
        "oya/ui/app.py": "from oya.ui import flow\ndef go():\n    flow('home')\n",
        "oya/ui/home.py": "from oya.ui.app import go\n",
        "oya/ui/kana.py": "",
    })
    got = Graph(root).report()
    assert "upward: oya.hw.drv (hw) imports oya.ui.kana (ui), line 2 (import)" in got
    assert "circle: oya.core_a <-> oya.core_b" in got
    assert "    oya.core_a -> oya.core_b (line 2, import)" in got
    assert "circle: oya.ui.app <-> oya.ui.home" in got
    assert "    oya.ui.app -> oya.ui.home (line 3, by name: flow())" in got
    assert not [x for x in got if "oya.games" in x]       # the registry's load(g): a plug-in, no edge


if __name__ == "__main__":
    G = Graph()
    print("\n".join(G.report()) or "no upward import, no circle")
    for m, line, pat in G.unresolved:
        print("unresolved: %s line %d %s" % (m, line, pat))
    for m, line, pats in G.plugins:
        print("plug-in: %s line %d %s" % (m, line, pats))
