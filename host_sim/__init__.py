"""The host simulator: Oya's firmware, unchanged, on fake hardware under CPython."""
from host_sim.flash import PowerCut  # noqa: F401
from host_sim.sim import Sim, FirmwareCrash, load_board  # noqa: F401
