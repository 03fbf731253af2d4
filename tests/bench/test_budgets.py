"""The budget checker of `make bench` (tools/bench.py), on made-up figures: a
missed budget makes it exit non-zero, met budgets let it pass. The bench
itself is not part of the test suite (`make bench` runs it)."""
import json

from tools import bench

KB = 1024


def fake_figures(heap=80 * KB, display=(100, 120, 90), overruns=0, late=0, printer=True):
    """Figures shaped like measure()'s, for one game."""
    changes = [(n, n - 8) for n in display] + [(1032, 1025)]   # one full frame
    ui = {"changes": changes, "key_us": [10, 20, 30], "render_us": [5, 6, 7], "keys": 4}
    heap_run = {"harness_live": 3000, "total_high": 2 * heap, "used_high": heap + 3000,
                "live_high": heap - 1000, "net_used_high": heap, "net_live_high": heap - 4000,
                "boot_total_high": heap, "boot_used_high": heap // 2, "boot_live": heap // 3,
                "before_frame_live": heap // 3, "boot_modules": 20, "boot_module_names": ["oya", "oya.ui.app"],
                "keys": 4, "match_modules": ["oya", "oya.games.oicho"], "steps_ms": 1}
    engine = {"deals": 2, "actions": 10, "total_us": 2000, "act_us": [1, 2, 3], "total_high": 1,
              "net_used_high": 1, "net_live_high": 1}
    fig = {
        "date": "2025-01-01 00:00", "machine": "test", "firmware": "firmware", "commit": "abc",
        "games": ["oicho"], "runtime": "1.27.0", "mpy_sizes": {"oya/__init__.mpy": 100},
        "cpython": {"oicho": {"ui": ui, "ui_ok": ui,
                              "engine": {"deals": 2, "actions": 10, "act_us": [1, 2], "wall_s": 0.1,
                                         "deals_per_s": 20.0}}},
        "micropython": {"oicho": {"heap_py": heap_run, "heap_mpy": heap_run, "ui_mpy": ui,
                                  "engine_heap": engine, "engine_time": engine}},
    }
    if printer:
        fig["printer"] = {"baud": 19200, "overruns": overruns, "presses": 3, "max_wait_ms": 9.5,
                          "press_late": late, "slips": {"test page": {
                              "bytes": 100, "lines": 6, "writes": 7, "send_s": 0.5, "printed_s": 1.0,
                              "overruns": overruns, "presses": 3, "max_wait_ms": 9.5, "late": late}}}
    return fig


def run_check(tmp_path, fig, capsys):
    p = tmp_path / "fig.json"
    p.write_text(json.dumps(fig))
    rc = bench.main(["--check", str(p)])
    return rc, capsys.readouterr().out


def test_all_budgets_met_exits_zero(tmp_path, capsys):
    rc, out = run_check(tmp_path, fake_figures(), capsys)
    assert rc == 0, out
    assert "MISS" not in out and "Budgets" in out


def test_the_heap_and_display_figures_are_reported_but_budgeted_on_the_rp2040(tmp_path, capsys):
    # a heap high-water and a display median far above the old proxies: figures, not misses
    rc, out = run_check(tmp_path, fake_figures(heap=120 * KB, display=(300, 400, 900)), capsys)
    assert rc == 0, out
    assert "heap_mpy_high" not in bench.BUDGETS and "display_median" not in bench.BUDGETS


def test_printer_overrun_and_late_press_are_misses(tmp_path, capsys):
    rc, out = run_check(tmp_path, fake_figures(overruns=1), capsys)
    assert rc == 1 and "printer_overruns" in out.splitlines()[-1]
    rc, out = run_check(tmp_path, fake_figures(late=1), capsys)
    assert rc == 1 and "press_late" in out.splitlines()[-1]


def test_a_budget_without_figures_is_a_miss(tmp_path, capsys):
    rc, out = run_check(tmp_path, fake_figures(printer=False), capsys)
    assert rc == 1
    assert "not measured" in out


def test_display_stats_and_percentiles():
    s = bench.display_stats([(100, 92), (200, 192), (1032, 1025), (50, 42)])
    assert s["changes"] == 4 and s["max"] == 1032 and s["median"] == 150
    assert s["full_share"] == 0.25
    assert bench.pct(list(range(1, 101)), 95) == 95
    assert bench.pct([], 95) == 0
