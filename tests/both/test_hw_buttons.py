# The button layer fed with pin levels and a fake tick source.
from hw_fakes import FakePin, FakeIrqPin
from oya.hw import buttons as B


def _setup(n=4):
    pins = [FakePin(1) for _ in range(n)]
    return pins, B.Buttons(pins, now=0)


def _drive(b, pins, changes, until, step=5):
    """changes: [(t_ms, button, level)], level 0 = pressed (active low).
    Polls every `step` ms up to `until`; returns [(t, event name)]."""
    out = []
    changes = sorted(changes)
    k = 0
    t = 0
    while t <= until:
        while k < len(changes) and changes[k][0] <= t:
            pins[changes[k][1]].level = changes[k][2]
            k += 1
        b.poll(t)
        ev = b.get()
        while ev >= 0:
            out.append((t, B.name(ev)))
            ev = b.get()
        t += step
    return out


def _names(evs):
    return [n for _, n in evs]


def test_short_ok_clicks_on_release():
    pins, b = _setup()
    evs = _drive(b, pins, [(100, B.OK, 0), (250, B.OK, 1)], 500)
    assert _names(evs) == ["PRESS_OK", "RELEASE_OK", "CLICK_OK"]
    # the press accepted once stable for the debounce time, not before; the
    # release (the click) at its edge
    assert evs[0][0] == 130 and evs[1][0] == 250 and evs[2][0] == 250


def test_bounces_shorter_than_debounce_are_ignored():
    pins, b = _setup()
    # contact chatter: 10 ms pulses, never stable for 30 ms
    ch = []
    for k in range(6):
        ch.append((100 + 20 * k, B.BACK, 0))
        ch.append((110 + 20 * k, B.BACK, 1))
    assert _drive(b, pins, ch, 400) == []
    # a real press that bounces at both ends yields exactly one click
    pins2, b2 = _setup()
    ch = [(100, B.BACK, 0), (105, B.BACK, 1), (110, B.BACK, 0),
          (300, B.BACK, 1), (305, B.BACK, 0), (310, B.BACK, 1)]
    assert _names(_drive(b2, pins2, ch, 600)) == ["PRESS_BACK", "RELEASE_BACK", "CLICK_BACK"]


def test_debounce_at_1ms_polling():
    pins, b = _setup()
    ch = [(50, B.OK, 0), (75, B.OK, 1)]           # 25 ms pulse: a bounce
    assert _drive(b, pins, ch, 200, step=1) == []
    pins, b = _setup()
    ch = [(50, B.OK, 0), (85, B.OK, 1)]           # 35 ms: a press
    evs = _drive(b, pins, ch, 200, step=1)
    assert evs[0] == (80, "PRESS_OK") and _names(evs)[-1] == "CLICK_OK"


def test_long_press_fires_once_at_700ms_and_no_click():
    pins, b = _setup()
    evs = _drive(b, pins, [(100, B.OK, 0), (2000, B.OK, 1)], 2200)
    assert _names(evs) == ["PRESS_OK", "LONG_OK", "RELEASE_OK"]
    t_long = evs[1][0]
    assert 800 <= t_long <= 805          # 700 ms after the press began
    assert b.held(B.OK) is False


def test_hold_to_peek_sees_press_and_release():
    pins, b = _setup()
    evs = _drive(b, pins, [(0, B.OK, 0), (1500, B.OK, 1)], 1600, step=5)
    assert evs[0][1] == "PRESS_OK" and evs[-1][1] == "RELEASE_OK"
    assert evs[0][0] == 30 and evs[-1][0] == 1500   # the press once stable, the release at its edge


def test_up_down_click_at_once_and_auto_repeat():
    pins, b = _setup()
    evs = _drive(b, pins, [(100, B.DOWN, 0), (1000, B.DOWN, 1)], 1200)
    names = _names(evs)
    assert names[:2] == ["PRESS_DOWN", "CLICK_DOWN"]
    reps = [t for t, n in evs if n == "REPEAT_DOWN"]
    # first repeat 400 ms after the press, then every 120 ms while held
    assert reps[0] == 500
    assert [reps[k + 1] - reps[k] for k in range(len(reps) - 1)] == [120] * (len(reps) - 1)
    assert len(reps) == 5                # 500, 620, 740, 860, 980
    assert names[-1] == "RELEASE_DOWN" and "CLICK_DOWN" not in names[2:]


def test_up_tapped_quickly_gives_one_click_per_tap():
    pins, b = _setup()
    ch = []
    for k in range(5):
        ch.append((100 + 100 * k, B.UP, 0))
        ch.append((150 + 100 * k, B.UP, 1))
    evs = _drive(b, pins, ch, 800)
    assert _names(evs).count("CLICK_UP") == 5 and "REPEAT_UP" not in _names(evs)


def test_queue_keeps_events_while_app_is_busy():
    pins, b = _setup()
    # the app reads nothing for 2 s while the user taps 10 times
    t = 0
    for k in range(10):
        pins[B.UP].level = 0
        for _ in range(12):
            b.poll(t)
            t += 5
        pins[B.UP].level = 1
        for _ in range(12):
            b.poll(t)
            t += 5
    evs = []
    ev = b.get()
    while ev >= 0:
        evs.append(B.name(ev))
        ev = b.get()
    assert evs.count("CLICK_UP") == 10 and b.dropped == 0


def test_queue_overflow_drops_newest_and_counts():
    pins, b = _setup()
    for k in range(B.QUEUE):
        b._put(B.CLICK | B.OK)
    b._put(B.CLICK | B.BACK)
    assert b.pending() == B.QUEUE and b.dropped == 1
    assert b.get() == B.CLICK | B.OK


def test_missing_buttons_are_skipped():
    pins = [FakePin(1), FakePin(1), FakePin(1), FakePin(1), None, None]
    b = B.Buttons(pins)
    assert b.fitted == (True, True, True, True, False, False)
    b.poll(0)
    assert b.get() == -1


def test_event_encoding():
    assert B.button(B.LONG | B.BACK) == B.BACK
    assert B.kind(B.LONG | B.BACK) == B.LONG
    assert B.name(B.REPEAT | B.RIGHT) == "REPEAT_RIGHT"


# -- edges caught by pin interrupts ------------------------------------------

def _irq_setup():
    clock = [0]
    pins = [FakeIrqPin(1) for _ in range(6)]
    b = B.Buttons(pins, now=0, clock=lambda: clock[0])
    assert b.irqs == 6 and all(p.hard for p in pins)
    return clock, pins, b


def _events(b):
    out = []
    ev = b.get()
    while ev >= 0:
        out.append(B.name(ev))
        ev = b.get()
    return out


def _tap(clock, pin, t, hold=60, bounce=(0.5, 1, 1.5)):
    """A press at t ms held `hold` ms, bouncing at both ends."""
    for when, lvl in [(t, 0)] + [(t + d, k % 2) for k, d in enumerate(bounce, 1)] + \
            [(t + len(bounce) + 1, 0), (t + hold, 1)] + \
            [(t + hold + d, (k + 1) % 2) for k, d in enumerate(bounce, 1)] + [(t + hold + 5, 1)]:
        clock[0] = int(when)
        pin.set(lvl)


def test_five_keys_pressed_while_the_app_is_blocked_2s_are_all_handled_in_order():
    clock, pins, b = _irq_setup()
    b.poll(0)
    # nothing polls for 2 s (the app is busy) while five keys are pressed
    for k, btn in enumerate((B.DOWN, B.OK, B.UP, B.BACK, B.RIGHT)):
        _tap(clock, pins[btn], 100 + 350 * k)
    clock[0] = 2000
    b.poll(2000)
    clicks = [n for n in _events(b) if n.startswith("CLICK")]
    assert clicks == ["CLICK_DOWN", "CLICK_OK", "CLICK_UP", "CLICK_BACK", "CLICK_RIGHT"]
    assert b.lost_edges == 0 and b.dropped == 0


def test_edge_times_kept_in_16_bits_come_back_across_the_ticks_wraps():
    # the ring keeps an edge's tick in 16 bits; poll() puts it back beside
    # its own tick: across the 16-bit and the 30-bit (rp2's ticks_ms) wraps
    for start in (0x10000 - 700, 0x40000000 - 700, 5 * 0x10000 + 123):
        clock = [start]
        pins = [FakeIrqPin(1) for _ in range(6)]
        b = B.Buttons(pins, now=start, clock=lambda: clock[0])
        b.poll(start)
        for k, btn in enumerate((B.DOWN, B.OK, B.UP, B.BACK, B.RIGHT)):
            _tap(clock, pins[btn], start + 100 + 350 * k)
        clock[0] = B.tadd(start, 2000)
        b.poll(clock[0])
        clicks = [n for n in _events(b) if n.startswith("CLICK")]
        assert clicks == ["CLICK_DOWN", "CLICK_OK", "CLICK_UP", "CLICK_BACK", "CLICK_RIGHT"], start
        # OK pressed at 300 ms and released at 900 ms, seen at 1000 ms: a long
        # press only if its edges kept their own times (700 ms apart is LONG)
        t = clock[0]
        clock[0] = B.tadd(t, 300)
        pins[B.OK].set(0)
        clock[0] = B.tadd(t, 900)
        pins[B.OK].set(1)
        b.poll(B.tadd(t, 1000))
        assert _events(b) == ["PRESS_OK", "RELEASE_OK", "CLICK_OK"], start


def test_an_edge_stamped_after_the_polls_tick_is_not_taken_for_an_old_one():
    # an IRQ between the loop reading its tick and poll() reading the ring
    clock, pins, b = _irq_setup()
    b.poll(1000)
    clock[0] = 1003
    pins[B.OK].set(0)
    b.poll(1000)                          # the edge is 3 ms "ahead": not 65 s old
    assert _events(b) == []               # (an old one would be a debounced press now)
    b.poll(1020)
    assert _events(b) == []               # 17 ms down: not yet
    b.poll(1034)
    assert _events(b) == ["PRESS_OK"]


def test_the_same_presses_are_lost_without_interrupts():
    # what sampling alone does with a blocked app: the reason for the IRQs
    clock = [0]
    pins = [FakeIrqPin(1) for _ in range(6)]
    b = B.Buttons(pins, now=0, clock=lambda: clock[0], irq=False)
    for k, btn in enumerate((B.DOWN, B.OK, B.UP)):
        _tap(clock, pins[btn], 100 + 350 * k)
    b.poll(2000)
    assert _events(b) == []


def test_an_arrow_clicks_on_its_first_edge_and_ignores_its_bounce():
    clock, pins, b = _irq_setup()
    clock[0] = 100
    pins[B.UP].set(0)
    b.poll(101)                           # 1 ms later: no debounce wait
    assert _events(b) == ["PRESS_UP", "CLICK_UP"]
    for t, lvl in ((101, 1), (102, 0), (104, 1), (105, 0)):   # chatter inside the lock-out
        clock[0] = t
        pins[B.UP].set(lvl)
    b.poll(110)
    assert _events(b) == []
    clock[0] = 180
    pins[B.UP].set(1)
    b.poll(181)
    assert _events(b) == ["RELEASE_UP"]
    clock[0] = 182
    pins[B.UP].set(0)                     # release bounce
    clock[0] = 183
    pins[B.UP].set(1)
    b.poll(300)
    assert _events(b) == []


def test_ok_held_while_the_app_is_blocked_is_a_long_press():
    clock, pins, b = _irq_setup()
    clock[0] = 100
    pins[B.OK].set(0)
    clock[0] = 1000
    pins[B.OK].set(1)
    b.poll(1500)
    assert _events(b) == ["PRESS_OK", "LONG_OK", "RELEASE_OK"]


def test_a_full_edge_ring_counts_what_it_lost_and_sampling_finds_the_level():
    clock, pins, b = _irq_setup()
    for k in range(B.EDGES + 10):
        clock[0] = k
        pins[B.OK].set(k % 2)             # chatter: 0 (down) on even ticks
    pins[B.OK].set(0)
    assert b.lost_edges > 0
    b.poll(B.EDGES + 100)
    assert "PRESS_OK" in _events(b) and b.held(B.OK)


def test_one_handler_serves_every_pin_and_ignores_a_stranger():
    clock, pins, b = _irq_setup()
    assert len({id(p.handler) for p in pins}) == 1       # one bound method, not a closure a pin
    stranger = FakeIrqPin(0)
    b._irq(stranger)                                      # not one of ours: nothing caught, no error
    assert b._etail == b._ehead and b.lost_edges == 0
    clock[0] = 10
    pins[B.LEFT].set(0)                                   # ours: caught as LEFT going down
    assert b._eb[b._ehead] == B.LEFT | 8 and b._et[b._ehead] == 10     # 8: the level went low


def test_the_irq_handler_allocates_nothing():
    # A hard IRQ may not allocate: on the RP2040 a handler that does raises
    # MemoryError, and MicroPython turns it off at the first edge. The
    # handlers were closures over five names, whose calls put their
    # arguments on the heap (py/objclosure.c): the edges were then caught by
    # the 5 ms sampling alone, and a press made while the app was busy lost.
    clock, pins, b = _irq_setup()
    try:
        import micropython
        lock, unlock = micropython.heap_lock, micropython.heap_unlock
    except (ImportError, AttributeError):      # CPython: the same steps, unchecked
        lock = unlock = lambda: None
    lock()
    try:
        for k in range(4):
            clock[0] = 10 + k
            pins[B.OK].set(k % 2)
    finally:
        unlock()
    assert (b._etail - b._ehead) % B.EDGES == 4 and b.lost_edges == 0
