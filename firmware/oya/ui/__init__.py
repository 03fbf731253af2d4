# The device's user interface: the app (oya.ui.app) and its flows, each a
# module imported when it starts (flow()) and dropped when it ends, so that
# on MicroPython only the code in use is in RAM (oya.heap names which modules
# come and go when). Here, below the app and every flow, is what they share:
# the flows' loader and callbacks, and the app's defaults.

RULESET_DIR = "rulesets"
DEFAULT_SETTINGS = {"lang": 0, "contrast": 207, "printer": True, "per_chip": 0}
IDLE_REDRAW = 2         # App.idle(): the work done changed the screen


def collecting():
    """Idle work for App.prefetch: one collection, on an idle pass. At the
    end of a match the heap holds what the match left; collected while the
    ranking is read, the key home does not meet a collection of it (a
    collection of a full heap is a long run of CPU)."""
    import gc
    gc.collect()
    yield


def flow(name):
    """Module oya.ui.`name`, imported when its flow starts. A flow's screens
    call back into its module (closures), so it stays in RAM while they are
    on the stack and is freed once they are gone and it is forgotten."""
    return __import__(__name__ + "." + name, None, None, ("t",))


class Call:
    """A screen's callback into a flow's module, by name: Call(app, "setup",
    "fn", x)(i) is oya.ui.setup.fn(app, x, i). It holds none of the module's
    code, so the module can be forgotten while the screen stays on the stack
    (it is imported again if the screen is used again)."""

    def __init__(self, app, mod, fn, *args):
        self.app = app
        self.mod = mod
        self.fn = fn
        self.args = args

    def __call__(self, *a):
        return getattr(flow(self.mod), self.fn)(self.app, *(self.args + a))
