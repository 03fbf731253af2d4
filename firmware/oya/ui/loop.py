# The device loop: the buttons' events into keys, the app's frames onto the
# display, the journal's files and idle work between them, under asyncio (on
# the device and in the simulator). Tests and benchmarks drive the app
# (oya.ui.app) step by step instead; this module is what main.py runs.
import gc
from oya.ui import forget, keys
from oya.ui.app import App, IDLE_REDRAW, attach_display, render

IDLE_GC_FREE = 48 * 1024


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


async def run(app, frame_ms=10):
    """The device loop: a pass every frame_ms (the clock, the journal's
    files, idle work), and the keys answered as soon as a button's edge
    comes: its IRQ sets a ThreadSafeFlag the edge task waits on (a key
    waited for the buttons' next poll and the loop's next pass before: ~7
    ms on average, up to 15). Where asyncio has no ThreadSafeFlag the
    buttons are polled every few ms by a task of their own."""
    import asyncio
    from oya.hw import now_ms, sleep_ms
    hw = app.hw
    buttons = hw.buttons
    busy = [False]                # something happened since the last idle pass
    answered = [False]            # a key was answered since the loop's last pass

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
            busy[0] = answered[0] = True
        return changed

    flag = getattr(asyncio, "ThreadSafeFlag", None)
    if flag is not None:
        flag = flag()
        buttons.wake = flag

        async def on_edges():
            while True:
                await flag.wait()
                guarded(keys_now)
        asyncio.create_task(on_edges())
    else:
        asyncio.create_task(buttons.run())
    if getattr(hw, "printer", None) is not None and hasattr(hw.printer, "run"):
        asyncio.create_task(hw.printer.run(buttons.pending))   # keys before the next line
    attach_display(app)
    render(app)
    app.match_j.lazy = True       # the journal is written after each frame (App.settle)
    def one_pass():
        keys_now()                  # (the timers' events: a long press, a repeat)
        # after an answer (here or in the edge task) the CPU sleeps before the
        # journal's file or idle work: an answer and a flash erase in one run
        # were ~100 ms without a sleep (a press then waits for both)
        done = answered[0]
        answered[0] = False
        if app.tick(now_ms()):
            render(app)
            busy[0] = done = True
        if not done:
            if app.owes() and not app.finishing():   # one step of one file a pass, between
                app.settle()                        # sleeps: a press is answered in between
                busy[0] = True
            else:
                work = app.idle()   # or one module the next screen wants, or a slice of its work
                if work:
                    busy[0] = True
                    if work == IDLE_REDRAW:
                        render(app)
                elif busy[0]:   # the first idle pass after some work (asking for the free
                    busy[0] = False     # heap walks the whole heap: ~5 ms on the RP2040, not every pass)
                    idle_collect()

    def guarded(step):
        """Run a step of the loop; what it raises (a journal write or a
        render with no heap left: MemoryError) is shown as an error and the
        loop goes on: an exception out of a task ended it, and the device
        answered no key again."""
        try:
            step()
        except Exception as e:
            gc.collect()
            app.fail(e)             # (a file still owed is tried again on the next pass)
            busy[0] = True
            try:
                render(app)
            except Exception:
                pass

    while True:
        guarded(one_pass)
        await sleep_ms(frame_ms)


def idle_collect(free=IDLE_GC_FREE):
    """Collect the garbage while nothing is asked of the device, once the free
    heap is below `free` (more than a key allocates; the loop asks once after
    each piece of work): left to the allocator,
    a collection (~100 KB live, tens of ms on the RP2040) landed in one key's
    answer in twenty. True when it collected."""
    mem_free = getattr(gc, "mem_free", None)      # MicroPython's (and the simulator's)
    if mem_free is None or mem_free() >= free:
        return False
    gc.collect()
    return True


def build_hardware():
    """The board file -> the drivers. The board module goes once they are
    built: its checks are not needed again (Hardware and DeadBus, whose
    objects stay, are defined in oya.hw.hardware so they do not keep it in
    RAM)."""
    from oya.hw import board
    hw = board.build("board.json")
    forget("oya.hw.board")
    return hw


async def main():
    """Boot: board file -> hardware -> app. Never drops to the REPL."""
    app = App(build_hardware())
    await run(app)
