# BENCHMARKS.md is one page the tools write together (tools/benchpage.py):
# filled by every writer, it stays within its length, each section once,
# each with its commit, command and a budget's verdict.
import copy

from tests.bench.test_budgets import fake_figures
from tests.tools.test_pico import _fig, _run
from tools import bench, benchpage, pico
from tools.pico import cli, soak

GAMES = ("oicho", "kachi", "kakkuri", "kyuten", "meri")


def five_game_figures():
    """fake_figures() for the five games, a table deck and ~90 modules, as a real run has them."""
    fig = fake_figures()
    for part in ("cpython", "micropython"):
        one = fig[part]["oicho"]
        fig[part] = {g: copy.deepcopy(one) for g in GAMES}
    fig["games"] = list(GAMES)
    fig["mpy_sizes"] = {"oya/m%02d.mpy" % i: 1000 + 37 * i for i in range(90)}
    fig["table_deck"] = {g: {"deals": 6, "cards": 10, "cards_per_deal": 1.7, "presses_per_deal": 20.0,
                             "keys_per_deal": 30.0, "presses_per_card": 1.9, "keys_per_card": 3.4,
                             "heap_mpy_high": 90000, "heap_mpy_live": 60000} for g in GAMES}
    fig["summary"] = bench.summarise(fig)
    return fig


def pico_fig(frozen, gc_every=None):
    f = _fig(frozen, [10, 20, 30])
    f["runs"] = {g: _run(g, [20, 30, 45], 50000) for g in GAMES}
    f["gc_every"] = gc_every
    return f


def soak_out(frozen, findings=()):
    cap = cli.SOAK_CAP_KB[frozen] * 1024
    runs = [{"game": g, "presses": 2000, "tables": 12, "findings": list(findings) if g == "kachi" else [],
             "heap_peak": 245888 - 4096, "heap_live_peak": 30000, "heap_size": 245888,
             "longest_run": 125000 * 151, "slow_presses": 3} for g in GAMES]
    return {"date": "2026-12-07 03:00 UTC", "commit": "abc1234", "firmware_name": "RPI_PICO.uf2", "frozen": frozen,
            "heap_cap": cap, "presses": 2000, "seed": 43, "deals": 1, "runs": runs, "wall_s": 1800,
            "command": "python -m tools pico soak --firmware RPI_PICO.uf2 --bootrom B1.bin --presses 2000 --seed 43"}


def fill(md):
    fig = five_game_figures()
    bench.write_md(fig, md, bench.table(fig))
    for frozen in (False, True):
        for gc_every in (None, 1024):
            f = pico_fig(frozen, gc_every)
            pico.write_md(md, f, pico.table(f))
        cli.write_soak_md(md, soak_out(frozen))
    return md.read_text()


def test_the_page_filled_by_every_writer_stays_within_its_length(tmp_path):
    md = tmp_path / "BENCHMARKS.md"
    md.write_text("# Oya benchmarks\n\n## Before and after\n\n" + "a dated entry\n" * 3000)   # an old page
    text = fill(md)
    assert len(text.splitlines()) <= benchpage.MAX_LINES, len(text.splitlines())
    assert "a dated entry" not in text and "not measured yet" not in text
    for name, command in benchpage.SECTIONS:
        body = text.split(benchpage.start_mark(name))[1].split(benchpage.end_mark(name))[0]
        assert text.count(benchpage.start_mark(name)) == 1
        assert "Commit abc" in body and "Budget" in body, name
    assert "## Known limits" in text and text.index("## Known limits") > text.index("<!-- /pico-soak-frozen -->")
    assert text.count("```") % 2 == 0
    assert "oya/m00.mpy" not in text and "90, " in text      # a total and the largest few, not every module
    assert fill(md) == text                                   # writing again replaces, never adds


def test_the_repos_page_is_one_current_page_with_every_section_filled():
    text = benchpage.MD_PATH.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= benchpage.MAX_LINES
    for name, _ in benchpage.SECTIONS:
        body = text.split(benchpage.start_mark(name))[1].split(benchpage.end_mark(name))[0]
        assert "Commit " in body and "Budget" in body and "not measured yet" not in body, name
    assert "## Known limits" in text


def test_the_soak_meets_its_budget_only_with_no_finding_and_enough_presses_at_the_cap():
    assert "**met** (0 findings in 10000 presses" in soak.section(soak_out(False), 112)
    s = soak.section(soak_out(True, ["press 17 (ok): MemoryError in journal._frame"]), 40)
    assert "**MISSED** (1 findings" in s and "MemoryError in journal._frame" in s
    short = soak_out(False)
    short["runs"][0]["presses"] = 1999
    assert "**MISSED**" in soak.section(short, 112)
    over = soak_out(False)
    over["heap_cap"] = 120 * 1024
    assert "**MISSED**" in soak.section(over, 112)
