"""BENCHMARKS.md, one current page written by the tools: each tool replaces
its own section between two marks, in the order of SECTIONS, and keeps the
rest of the page (the title and the hand-written known limits) as it is.
Git history keeps the past; nothing is appended.
"""
from pathlib import Path

import tools

MD_PATH = Path(tools.ROOT) / "BENCHMARKS.md"
MAX_LINES = 250

# (mark, the command that writes it), in page order
SECTIONS = (
    ("bench", "make bench"),
    ("pico-bench", "python -m tools pico bench"),
    ("pico-bench-frozen", "python -m tools pico bench --frozen"),
    ("pico-bench-heap", "python -m tools pico bench --gc-every 1024"),
    ("pico-bench-heap-frozen", "python -m tools pico bench --frozen --gc-every 1024"),
    ("pico-soak", "python -m tools pico soak"),
    ("pico-soak-frozen", "python -m tools pico soak --frozen"),
)
LIMITS = "## Known limits"

HEAD = """\
# Oya benchmarks

One page of current figures, each table with the commit, date and command that
made it; every budget says met or MISSED. The tools write their own sections
(`make bench`, `python -m tools pico bench|soak`); git history keeps the past.
How each figure is measured: docs/DEVELOPING.md, "Benchmarks".
"""

KNOWN_LIMITS = """\
## Known limits

Hand-written; the tools keep this section as it is.

- A key pressed while littlefs compacts a folder's log waits for the flash
  erase (45 ms a 4 KB sector, modelled; the CPU spins in the boot ROM): the
  rare keys of 100-500 ms in the RP2040 tables' *max* column.
- Under a heap cap (the soak, `--heap-cap`) the collector scans and sweeps the
  pinned buffer too (a collection with ~24 KB live: ~29 ms under a 145 KB pin,
  ~12 ms on the whole heap), so CPU runs there are longer than on a board
  whose heap really is that size.
- `--deals SEED` keeps its stream of seeds in the heap the RP2040 tables
  count (~0.2 KB): their heap figures are a little high.
- The wasm bench times WebAssembly on this machine, not an RP2040: compare
  runs, not boards. Its printer figures run on the host simulator's virtual
  clock: the firmware's own CPU time is not counted there.
"""


def start_mark(name):
    return "<!-- %s: written by `%s`; the text between these marks is replaced -->" % (name, dict(SECTIONS)[name])


def end_mark(name):
    return "<!-- /%s -->" % name


def _placeholder(name):
    return "%s\n(not measured yet: run `%s`)\n%s" % (start_mark(name), dict(SECTIONS)[name], end_mark(name))


def skeleton():
    """A page with every section empty."""
    return HEAD + "\n" + "\n\n".join(_placeholder(n) for n, _ in SECTIONS) + "\n\n" + KNOWN_LIMITS


def write_section(name, body, path=MD_PATH):
    """Put `body` (markdown, its own heading first) between the marks of
    section `name`: in place of the old one, or in the order of SECTIONS.
    Text outside the marks stays; a page without marks starts again from
    skeleton() (an old page's history is not carried over)."""
    path = Path(path)
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if not any(start_mark(n) in old for n, _ in SECTIONS):
        old = skeleton()
    new = "%s\n%s\n%s" % (start_mark(name), body.strip("\n"), end_mark(name))
    s, e = start_mark(name), end_mark(name)
    if s in old and e in old:
        out = old[:old.index(s)] + new + old[old.index(e) + len(e):]
    else:
        names = [n for n, _ in SECTIONS]
        after = [n for n in names[:names.index(name)] if end_mark(n) in old]
        if after:
            i = old.index(end_mark(after[-1])) + len(end_mark(after[-1]))
            out = old[:i] + "\n\n" + new + old[i:]
        else:
            i = old.index(LIMITS) if LIMITS in old else len(old)
            out = old[:i] + new + "\n\n" + old[i:]
    path.write_text(out, encoding="utf-8")
    return out


def verdict(ok):
    return "met" if ok else "MISSED"
