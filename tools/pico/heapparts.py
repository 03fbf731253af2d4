"""`python -m tools pico heap-parts ...`: what the heap of a match holds on the RP2040.

The bench reads the live heap from outside; this says what it is made of,
on the emulated board over its USB REPL (mpremote run):

1. the app runs the bench's script (a new table, every seat a person) up to
   the first deal's screen, and prints the modules then in RAM and the live
   heap (after a collection);
2. on a fresh boot, those modules are imported one at a time, each after the
   modules it imports (their order from the sources), and the heap each adds
   is printed: its code (as .mpy: the bytecode, its names interned as qstrs,
   and the qstr pools they grow; frozen: only the module's objects) and its
   module-level objects.

What is left of the live heap (the live figure less the boot's and the
modules') is the match's state and the drivers' buffers.

3. then every other module a session of that game can load (the menus,
   settings, the other language, the printer, a table deck: all of
   firmware/oya but the other games' engines), each imported and forgotten,
   and the names interned then. As .mpy every module's names are interned
   in RAM on import and never freed, in pools that double: a session that
   has seen every screen holds them all (frozen, the image holds them).
"""
import ast
import tempfile
from pathlib import Path

from tools.pico.phases import DEVICE_SCRIPT

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"

# The bench's app and script as main.py builds them, and one of its keys as
# the device loop takes it: the answer, its frame, the journal's files, the
# idle passes. (heap-map's too.)
SETUP = DEVICE_SCRIPT.split("n = 0\n")[0]
ONE_KEY = r'''
    app.key(k)
    if R.render(app.frame()):
        d.show()
    while app.settle():
        pass
    while app.idle():
        pass
'''

# 1: the bench's script, stopped at the first deal: the modules and the live
# heap
AT_DEAL_SCRIPT = SETUP + "\nimport sys\nfor k in script():" + ONE_KEY.rstrip("\n") + r'''
    if title().startswith("Deal"):
        break
gc.collect()
print("LIVE", gc.mem_alloc())
print("MODS", " ".join(sorted(sys.modules)))
'''

# 2: a fresh boot, the modules one at a time
IMPORT_SCRIPT = r'''
import gc
def used():
    gc.collect()
    return gc.mem_alloc()
print("BOOT", used())
for name in NAMES:
    a = used()
    __import__(name)
    print("MOD", name, used() - a)
import micropython
micropython.qstr_info()       # "qstr pool: n_pool=.., n_qstr=.., n_str_data_bytes=.., n_total_bytes=.."
# what every import makes in RAM, frozen or not: a function object per def,
# a class per class statement, a dict entry per name (module's and class's)
import sys
FT = type(used)
nf = nc = ne = 0
for name in NAMES:
    for v in sys.modules[name].__dict__.values():
        ne += 1
        if type(v) is FT:
            nf += 1
        elif isinstance(v, type) and getattr(v, "__module__", None) == name:
            nc += 1
            for w in v.__dict__.values():
                ne += 1
                nf += type(w) is FT or type(w).__name__ in ("staticmethod", "classmethod", "property")
print("OBJS", len(NAMES), nc, nf, ne)
# 3: the session's other modules, each forgotten after: only names stay
for name in REST:
    held = set(sys.modules)
    try:
        __import__(name)
    except Exception as e:            # (a module of hardware this port lacks)
        print("SKIP", name, repr(e))
    for n in [n for n in sys.modules if n not in held]:
        del sys.modules[n]
    gc.collect()
print("SESSION", len(REST))
micropython.qstr_info()
'''


def session_modules(game, all_games, root=FIRMWARE):
    """Every module of firmware/oya a session of `game` can load: all but
    the other games' engines and their parts."""
    others = tuple("oya.games." + g for g in all_games if g != game)
    out = []
    for path in sorted((root / "oya").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        if not name.startswith(others):
            out.append(name)
    return out


def imports_of(name, root=FIRMWARE):
    """The modules `name`'s source imports at its top level (none for a
    module that is not in firmware/: the port's own, or a C module)."""
    path = root.joinpath(*name.split(".")).with_suffix(".py")
    if not path.exists():
        path = root.joinpath(*name.split("."), "__init__.py")
    if not path.exists():
        return []
    out = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.append(node.module)
            # from a package, a name may be one of its modules
            out += [node.module + "." + a.name for a in node.names
                    if root.joinpath(*node.module.split("."), a.name + ".py").exists()]
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
    return out


def import_order(names, root=FIRMWARE):
    """`names` with each module after its package and those of `names` it
    imports (a depth-first walk, ties in the order given): so each import
    adds only its own heap."""
    wanted = set(names)
    out, seen = [], set()

    def visit(n):
        if n in seen:
            return
        seen.add(n)
        for dep in [n.rpartition(".")[0]] + imports_of(n, root):     # a package before its modules
            if dep in wanted:
                visit(dep)
        out.append(n)
    for n in names:
        visit(n)
    return out


def parse(at_deal, imports):
    """-> {"live", "boot", "modules": [(name, bytes)], "qstr": (names, bytes),
    "objs": (modules, classes, functions, names), "session": (modules more,
    names, bytes, pools)} from the two scripts' output."""
    fig = {"live": None, "boot": None, "modules": [], "qstr": None, "objs": None, "session": None}
    session = None
    for line in at_deal.splitlines():
        if line.startswith("LIVE "):
            fig["live"] = int(line.split()[1])
    for line in imports.splitlines():
        if line.startswith("BOOT "):
            fig["boot"] = int(line.split()[1])
        elif line.startswith("MOD "):
            _, name, n = line.split()
            fig["modules"].append((name, int(n)))
        elif line.startswith("OBJS "):
            fig["objs"] = tuple(int(x) for x in line.split()[1:])
        elif line.startswith("SESSION "):
            session = int(line.split()[1])
        elif line.startswith("qstr pool:"):
            # the names interned in RAM (the image's own are in flash): their
            # pools and text, part of the modules' figures
            f = dict(x.strip().split("=") for x in line.split(":", 1)[1].split(","))
            names = (int(f["n_qstr"]), int(f["n_total_bytes"]), int(f["n_pool"]))
            if session is None:
                fig["qstr"] = names[:2]
            else:
                fig["session"] = (session,) + names
    return fig


def report(game, fig, frozen):
    mods = sorted(fig["modules"], key=lambda m: -m[1])
    total = sum(n for _, n in mods)
    lines = ["%s (%s): live heap at the first deal %.1f KB = boot %.1f + modules %.1f + state and buffers %.1f" % (
        game, "frozen" if frozen else ".mpy", fig["live"] / 1024, fig["boot"] / 1024, total / 1024,
        (fig["live"] - fig["boot"] - total) / 1024)]
    if fig.get("qstr"):
        lines.append("  (of the modules' heap, %d names interned in RAM: %.1f KB; a module's figure holds "
                     "the names it was first to use, and a pool's growth lands on one module)" % (
                         fig["qstr"][0], fig["qstr"][1] / 1024))
    if fig.get("objs"):
        lines.append("  (the %d modules make %d classes, %d functions and %d names in RAM, frozen or not: "
                     "a function object per def, a dict entry per name)" % fig["objs"])
    if fig.get("session"):
        lines.append("  (a session that has loaded every module of the game's, %d more: %d names interned "
                     "in RAM, %.1f KB in %d pools, kept until a restart)" % (
                         fig["session"][0], fig["session"][1], fig["session"][2] / 1024, fig["session"][3]))
    lines += ["  %-26s %6.1f KB" % (name, n / 1024) for name, n in mods]
    return "\n".join(lines)


def _run(uf2, rom, flash, script_text, tmp, name):
    from tools.pico.emu import run_script
    script = Path(tmp) / name
    script.write_text(script_text)
    p = run_script(uf2, rom, flash, script, timeout=1800)
    return p.stdout + p.stderr


def run_heap_parts(uf2, rom, board_name, frozen, games, all_games, log):
    """Deploy once; per game, the two scripts on fresh boots. -> {game: figures}."""
    from tools.pico import deployed_flash
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        log("pico: booting %s and deploying the files ..." % Path(uf2).name)
        flash, _ = deployed_flash(uf2, rom, board_name, frozen, Path(tmp) / "flash.bin")
        for g in games:
            log("pico: %s: the modules and the live heap at the first deal ..." % g)
            text = AT_DEAL_SCRIPT.replace("GAME_INDEX", str(all_games.index(g))).replace("KAKKURI", "0")
            first = _run(uf2, rom, flash, text, tmp, "at_deal_%s.py" % g)
            mods = next((ln.split()[1:] for ln in first.splitlines() if ln.startswith("MODS ")), None)
            if mods is None:
                raise RuntimeError("the device printed no module list:\n%s" % first[-2000:])
            names = import_order([m for m in mods if m.startswith("oya")])
            log("pico: %s: the heap each of %d modules adds, on a fresh boot, then the names the "
                "session's other modules intern ..." % (g, len(names)))
            rest = tuple(m for m in session_modules(g, all_games) if m not in names)
            script = IMPORT_SCRIPT.replace("NAMES", repr(tuple(names))).replace("REST", repr(rest))
            second = _run(uf2, rom, flash, script, tmp, "imports_%s.py" % g)
            fig = parse(first, second)
            if fig["live"] is None or fig["boot"] is None:
                raise RuntimeError("the device printed no figures:\n%s\n%s" % (first[-1500:], second[-1500:]))
            out[g] = fig
    return out
