# What runtime-neutral tests may ask of the test harness, on either runtime.
#
# RUNTIME: the runtime the harness meant this run to use ("cpython" from
# tests/conftest.py, "micropython" from tools/mpy/runner.mjs); None outside the
# harness. A test comparing it with sys.implementation.name proves the
# MicroPython items really ran on MicroPython.
# skip(reason): skip the current test (pytest shows it as skipped on both).
import sys

try:
    from oya_harness import RUNTIME
except ImportError:
    RUNTIME = None

try:
    from unittest import SkipTest
except ImportError:  # MicroPython: the runner reports this exception type as skipped
    class SkipTest(Exception):
        pass

MICROPYTHON = sys.implementation.name == "micropython"


def skip(reason):
    raise SkipTest(reason)
