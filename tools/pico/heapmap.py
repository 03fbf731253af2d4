"""`python -m tools pico heap-map ... [--elf firmware.elf] [--at-screen T] [--at-key N]`: who holds the live heap.

`heap-parts` says how much each module adds on a fresh boot; this says what
holds the heap at one moment of a match. The app runs the bench's script
(every seat a person) to the first deal (or the first screen titled T), and
N keys past it; then, after a collection, the device prints the ids of the
objects the script can name (every module, its dict and its classes; the
app's parts: drivers, session, match, deal, screens), MicroPython's block
map (micropython.mem_info(1)) and the bytes of its RAM (uctypes, hex).

On the host, each block of the heap goes to the first named object that
reaches it through its words (a module: its dict, functions and constants;
a class: its methods; the match: its state), never through another named
object: a module's imports stay their own module's. __main__ holds the
script's own objects and what the port's _boot.py left bound there. A block
none reaches is the firmware's own (the filesystem's caches, the interned
names' pools, the pins' IRQ objects). Given the firmware's ELF
(the build folder's firmware.elf), each block is typed too: its first word
is the address of its type (mp_type_dict, mp_type_fun_bc, ...), or of a
class of the app's (an instance).
"""
import struct
from collections import Counter, defaultdict

from tools.pico.heapparts import ONE_KEY, SETUP

RAM = (0x20000000, 0x42000)      # the RP2040's SRAM: the heap is in it
DUMP_CHUNK = 512
UNREACHED = "(the firmware's)"

_TAIL = r'''
import sys, micropython, uctypes, binascii
n = -1
for k in script():''' + ONE_KEY.rstrip("\n") + r'''
    if n < 0 and title().startswith(AT_SCREEN):
        n = 0
    elif n >= 0:
        n += 1
    if n == AT_KEY:
        break
k = None
print("AT", n, title())

def named():
    s = app.session
    yield "app", app
    yield "hw", hw
    yield "display", hw.display
    yield "buttons", hw.buttons
    yield "printer", getattr(hw, "printer", None)
    yield "renderer", app.renderer
    yield "grid", app.grid
    yield "settings", app.settings
    if s is not None:
        yield "session", s
        yield "journal", s.journal
        yield "session.acts", s.acts
        yield "match", s.match
        yield "ledger", s.match.ledger
        yield "deal", s.match.deal
    for i, sc in enumerate(app.stack):
        yield "screen %d %s" % (i, type(sc).__name__), sc

gc.collect()
for name, o in named():
    if o is not None and not isinstance(o, (int, bool)):
        print("ID", id(o), "obj", name.replace(" ", "_"))
for name, m in sorted(sys.modules.items()):
    print("ID", id(m), "mod", name)
    print("ID", id(m.__dict__), "mod", name)
    for a, v in m.__dict__.items():
        if isinstance(v, type):
            print("ID", id(v), "class", name + "." + a)
print("ID", id(sys.modules), "mod", "sys.modules")
print("ID", id(globals()), "mod", "__main__")   # the REPL's script, and what _boot.py and main.py bound
name = o = m = a = v = None
gc.collect()
micropython.mem_info(1)
i = 0
while i < RAM_SIZE:
    print("X", RAM_START + i, binascii.hexlify(uctypes.bytearray_at(RAM_START + i, DUMP_CHUNK)).decode())
    i += DUMP_CHUNK
print("HEAPMAP END")
'''


def device_script(game, games, at_key=0, at_screen="Deal"):
    tail = (_TAIL.replace("AT_KEY", str(at_key)).replace("AT_SCREEN", repr(at_screen))
            .replace("RAM_START", str(RAM[0])).replace("RAM_SIZE", str(RAM[1])).replace("DUMP_CHUNK", str(DUMP_CHUNK)))
    return (SETUP + tail).replace("GAME_INDEX", str(games.index(game))).replace("KAKKURI", "0")


# -- what the device printed ------------------------------------------------------------
def parse(out):
    """-> {"at": (keys, screen), "ids": [(id, kind, name)], "start": pool address,
    "blocks": {first block: length in blocks}, "ram": (address, bytes)}"""
    got = {"at": None, "ids": [], "start": None, "blocks": {}, "ram": None}
    kinds = {}
    parts = []
    for line in out.splitlines():
        if line.startswith("AT "):
            _, n, screen = line.split(" ", 2)
            got["at"] = (int(n), screen)
        elif line.startswith("ID "):
            _, i, kind, name = line.split(" ", 3)
            got["ids"].append((int(i), kind, name))
        elif line.startswith("GC memory layout; from "):
            got["start"] = int(line.split("from ")[1].rstrip(":"), 16)
        elif len(line) > 10 and line[8:10] == ": " and _hex(line[:8]):
            b0 = int(line[:8], 16) // 16        # (the map's lines are byte offsets into the pool)
            for j, c in enumerate(line[10:]):
                kinds[b0 + j] = c
        elif line.startswith("X "):
            _, a, h = line.split(" ", 2)
            parts.append((int(a), bytes.fromhex(h.strip())))
    got["blocks"] = blocks_of(kinds)
    if parts:
        parts.sort()
        ram = bytearray()
        for a, b in parts:
            if a != parts[0][0] + len(ram):
                raise ValueError("the RAM dump has a gap at 0x%x" % a)
            ram += b
        got["ram"] = (parts[0][0], bytes(ram))
    return got


def _hex(s):
    try:
        int(s, 16)
        return True
    except ValueError:
        return False


def blocks_of(kinds):
    """mem_info(1)'s block characters ({block: char}: '.' free, '=' a tail,
    anything else a head) -> {head block: length in blocks}."""
    heads = {}
    cur = None
    for b in sorted(kinds):
        c = kinds[b]
        if c == "=":
            if cur is not None and b == cur + heads[cur]:
                heads[cur] += 1
        elif c in ". ":
            cur = None
        else:
            cur = b
            heads[b] = 1
    return heads


def elf_objects(data):
    """{address: name} of the data objects in an ELF32 (little-endian) file's
    symbol table: the firmware's types (mp_type_list, ...) and tables."""
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise ValueError("not a 32-bit little-endian ELF file")
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x2E)
    secs = [struct.unpack_from("<IIIIIIIIII", data, shoff + i * shentsize) for i in range(shnum)]
    out = {}
    for s in secs:
        if s[1] != 2:                   # SHT_SYMTAB
            continue
        strtab = secs[s[6]]
        for off in range(s[4], s[4] + s[5], 16):
            name, value, _, info, _, _ = struct.unpack_from("<IIIBBH", data, off)
            if info & 0xF != 1:         # STT_OBJECT
                continue
            p = strtab[4] + name
            out.setdefault(value, data[p:data.index(b"\0", p)].decode())
    return out


# -- who holds what --------------------------------------------------------------------
class Heap:
    def __init__(self, got, types=None):
        self.start = got["start"]
        self.blocks = got["blocks"]
        self.base, self.ram = got["ram"]
        self.types = types or {}
        self.head_at = {self.start + 16 * b: b for b in self.blocks}
        self.names = {i: n.rpartition(".")[2] for i, k, n in got["ids"] if k == "class"}

    def word(self, addr):
        o = addr - self.base
        return struct.unpack_from("<I", self.ram, o)[0] if 0 <= o <= len(self.ram) - 4 else None

    def refs(self, b):
        """The blocks that block b's words point at (a head's address)."""
        a = self.start + 16 * b
        for j in range(4 * self.blocks[b]):
            t = self.head_at.get(self.word(a + 4 * j))
            if t is not None and t != b:
                yield t

    def kind(self, b):
        """The type of block b's object, "h" when it has none we know."""
        w = self.word(self.start + 16 * b)
        name = self.types.get(w)
        if name is not None:
            return name[8:] if name.startswith("mp_type_") else name
        if w in self.head_at and self.types.get(self.word(w)) == "mp_type_type":
            return self.names.get(w, "instance")
        return "h"


def owners(heap, ids):
    """{block: owner name}: each block to the first named object (in `ids`
    order: modules and classes, then the app's objects) reaching it without
    passing through another named one."""
    named = {}
    for i, kind, name in ids:
        b = heap.head_at.get(i)
        if b is not None:
            named.setdefault(b, name if kind != "obj" else "obj " + name)
    own = {}
    order = [x for x in ids if x[1] != "obj"] + [x for x in ids if x[1] == "obj"]
    for i, kind, name in order:
        root = heap.head_at.get(i)
        if root is None or root in own:
            continue
        who = named[root]
        own[root] = who
        todo = [root]
        while todo:
            for t in heap.refs(todo.pop()):
                if t not in own and named.get(t, who) == who:
                    own[t] = who
                    todo.append(t)
    return own


def heap_map(got, types=None):
    """-> (live bytes, [(owner, bytes, Counter(kind -> bytes))] biggest first,
    [(bytes, kind, address)] the biggest blocks no named object reaches)."""
    heap = Heap(got, types)
    own = owners(heap, got["ids"])
    total = Counter()
    kinds = defaultdict(Counter)
    loose = []
    for b, n in heap.blocks.items():
        who = own.get(b, UNREACHED)
        total[who] += 16 * n
        kinds[who][heap.kind(b)] += 16 * n
        if b not in own:
            loose.append((16 * n, heap.kind(b), heap.start + 16 * b))
    rows = [(who, n, kinds[who]) for who, n in total.most_common()]
    return sum(total.values()), rows, sorted(loose, reverse=True)


def report(game, frozen, got, types=None, most=40, at_screen="Deal"):
    live, rows, loose = heap_map(got, types)
    n, screen = got["at"] or (0, "?")
    since = "the first deal" if at_screen == "Deal" else "the first %r screen" % at_screen
    lines = ["%s (%s) at %s (%d keys after %s): %d B of heap blocks in use (%.1f KB)%s" % (
        game, "frozen" if frozen else ".mpy", screen, n, since, live, live / 1024,
        "" if types else "; untyped: give --elf for the objects' types"),
        "  %-44s %7s  %s" % ("held by", "KB", "the kinds of block (B)")]
    for who, b, kinds in rows[:most]:
        lines.append("  %-44s %7.2f  %s" % (who, b / 1024, ", ".join("%s %d" % k for k in kinds.most_common(5))))
    if len(rows) > most:
        lines.append("  (%d more holders: %.1f KB)" % (len(rows) - most, sum(r[1] for r in rows[most:]) / 1024))
    lines.append("  the biggest blocks nothing named reaches: " + ", ".join(
        "%d B %s at 0x%08x" % x for x in loose[:10]))
    return "\n".join(lines)


def run_heap_map(uf2, rom, board_name, frozen, games, all_games, log, at_key=0, elf=None, at_screen="Deal",
                 deals=None):
    """-> {game: report text}"""
    from pathlib import Path
    from tools.pico.phases import run_script_per_game
    types = elf_objects(Path(elf).read_bytes()) if elf else None

    def parse_out(out):
        got = parse(out)
        return got if got["start"] is not None and got["ram"] is not None and got["at"] is not None else None
    maps = run_script_per_game(uf2, rom, board_name, frozen, games, log, "the heap's holders",
                               lambda g: device_script(g, all_games, at_key, at_screen), parse_out,
                               deals=deals)
    return {g: report(g, frozen, got, types, at_screen=at_screen) for g, got in maps.items()}
