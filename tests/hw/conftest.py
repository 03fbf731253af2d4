# CPython-only hardware tests: framebuf is the simulator's (MicroPython semantics).
import sys

from host_sim import framebuf

sys.modules.setdefault("framebuf", framebuf)
