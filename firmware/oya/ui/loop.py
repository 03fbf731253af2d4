# The device loop: the buttons' events into keys, the app's frames onto the
# display, the printer's bytes, the journal's files and idle work between
# them, as a generator of passes that oya.hw.drive runs on the device and the
# simulator runs on its virtual clock. Tests and benchmarks drive the app
# (oya.ui.app) step by step instead; this module is what main.py runs.
import gc
from oya.heap import BOARD, MOUNT, forget
from oya.ui import keys
from oya.ui.app import App, IDLE_REDRAW, render
from oya.compat import const

# An idle pass collects once the free heap is below this: lower, a large
# Kakkuri search fills the heap inside a key, and the collection lands in
# that key's answer.
IDLE_GC_FREE = 96 * 1024
_FRAME_MS = const(10)


_B = None


def map_event(ev):
    """A button driver event -> a UI key (0: nothing for the UI)."""
    global _B
    B = _B
    if B is None:
        from oya.hw import buttons as B
        _B = B
    k = B.kind(ev)
    b = B.button(ev)
    if k == B.CLICK or k == B.REPEAT:
        return (keys.UP, keys.DOWN, keys.OK, keys.BACK, keys.LEFT, keys.RIGHT)[b]
    if k == B.LONG:
        return keys.HOLD_OK if b == B.OK else keys.HOLD_BACK
    if k == B.RELEASE and b == B.OK:
        return keys.RELEASE
    return 0


def passes(app, frame_ms=_FRAME_MS):
    """The device loop, a generator: each step is one pass (the keys the
    buttons' edges made, the clock, the printer's next bytes, the journal's
    files, idle work) and yields the ms until the next pass is due. Whoever
    runs it (oya.hw.drive on the device, the simulator's virtual clock)
    sleeps that long, or less when a button's edge comes: the edge's IRQ
    wakes the sleep and the next pass answers it at once. No asyncio: its
    module and tasks are a lot of RAM for a sleep and a flag."""
    from oya.hw import now_ms, tadd, tdiff
    hw = app.hw
    buttons = hw.buttons
    printer = getattr(hw, "printer", None)
    busy = False                 # something happened since the last idle pass
    rest_until = now_ms()        # no file nor idle work before this tick: a key was answered
    done = False                 # this pass answered a key

    def keys_now():
        """Turn the buttons' edges into events and the events into keys;
        True when one changed the screen (it is drawn then)."""
        buttons.poll(now_ms())
        changed = False
        while True:
            ev = buttons.get()
            if ev < 0:
                break
            k = map_event(ev)
            if k:
                app.key(k)
                changed = True
        if changed:
            render(app)     # the answer first; the journal's files on the passes after it
        return changed

    render(app)                   # (the boot attached the display: oya.ui.boot)
    app.match_j.lazy = True       # the journal is written after each frame (App.settle)
    while True:
        # One pass, written out here and not called: a call whose locals
        # pass 11 words has its frame on the heap for the call (py/objfun.c,
        # VM_MAX_STATE_ON_STACK), and every key's peak would hold the pass's
        # and its guard's; the generator's own frame is made once.
        # A pass an edge started (buttons.woken) takes the keys only, as do
        # the passes in the frame after an answer: the CPU sleeps before the
        # journal's file or idle work (an answer and a flash erase in one run
        # make a press wait for both), and
        # a contact's bounce does not start that work either.
        try:
            woke = buttons.woken
            buttons.woken = False
            done = keys_now()
            now = now_ms()
            if done:
                busy = True
                rest_until = tadd(now, frame_ms)
            if woke:
                pass
            elif app.tick(now):
                render(app)
                busy = True
            elif done or tdiff(rest_until, now) > 0:
                pass
            elif app.owes() and not app.finishing():   # one step of one file a pass, between
                app.settle()                          # sleeps: a press is answered in between
                busy = True
            else:
                work = app.idle()   # or one module the next screen wants, or a slice of its work
                if work:
                    busy = True
                    if work == IDLE_REDRAW:
                        render(app)
                elif busy:          # the first idle pass after some work (asking for the free
                    busy = False    # heap walks the whole heap: not every pass)
                    idle_collect()
        except Exception as e:
            # what a pass raises (a journal write or a render with no heap
            # left: MemoryError) is shown as an error and the loop goes on:
            # the device must answer the next key
            busy = True
            failed(app, e)          # (a file still owed is tried again on the next pass)
        wait = frame_ms
        # a key waiting goes before a line, and a key's answer before the
        # printer's next step (the driver's import, for a slip the key asked for)
        if printer is not None and not done and not buttons.pending():
            w = printer.pump(now_ms())      # (at most one write a pass; it says when the next is due)
            if 0 <= w < wait:
                wait = w
        yield wait


def failed(app, e):
    """A pass raised `e`: shown as an error (the heap collected first: it
    may be a MemoryError), the display kept if it can be."""
    gc.collect()
    app.fail(e)
    try:
        render(app)
    except Exception:
        pass


def idle_collect(free=IDLE_GC_FREE):
    """Collect the garbage while nothing is asked of the device, once the free
    heap is below `free` (more than a key allocates; the loop asks once after
    each piece of work): left to the allocator, a collection of a full heap
    lands in a key's answer. True when it collected."""
    mem_free = getattr(gc, "mem_free", None)      # MicroPython's (and the simulator's)
    if mem_free is None or mem_free() >= free:
        return False
    gc.collect()
    return True


def build_hardware():
    """The board file -> the drivers. The board module goes once they are
    built: its checks are not needed again (Hardware, and DeadBus for a bus
    that failed, whose objects stay, are defined in oya.hw and
    oya.hw.hardware so they do not keep it in RAM). So does the port's rp2
    module, which its _boot.py imports to mount the flash: its PIO
    assembler, written in Python, would be RAM held through every match,
    and nothing here uses it (the mounted flash is the
    filesystem's, machine.Pin and machine.I2C are in machine). First the
    filesystem is mounted again with smaller caches (oya.hw.flashfs), before
    any file is open."""
    from oya.hw import flashfs
    flashfs.remount()
    forget(MOUNT)    # (oya.hw.pageflash stays, with the mount)
    from oya.hw import board
    hw = board.build("board.json")
    forget(BOARD)
    _unbind_main("rp2")
    return hw


def _unbind_main(name):
    """_boot.py runs in __main__'s namespace, as main.py does, so a module it
    imported stays bound there once forgotten (its RAM is freed only when
    both go). MicroPython only: CPython's __main__ is the
    simulator's or the test runner's."""
    import sys
    if sys.implementation.name != "micropython":
        return
    import __main__
    try:
        delattr(__main__, name)
    except AttributeError:
        pass


def main():
    """Boot: board file -> hardware -> app -> the device loop, run by
    oya.hw.drive. Never drops to the REPL."""
    from oya import hw
    app = App(build_hardware())
    hw.drive(passes(app), app.hw.buttons)
