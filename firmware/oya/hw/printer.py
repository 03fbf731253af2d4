# ESC/POS thermal receipt printer on a UART with no flow control.
#
# slip(lines) turns lines into ESC/POS and queues it; the bytes go out from
# pump(now_ms), one step a pass of the device loop (through
# oya.hw.printer_port, which imports this module for a slip only), paced by
# time so the printer's small input buffer never overruns: after each write
# of n bytes nothing more is written for the time they take on the wire
# (n * 10 bits at the board's baud), and after each line feed for the time
# the printer takes to print that line (PRINT_DOT_US per dot line: slower
# than these printers go, so the pacing is safe for all). Writes are
# at most CHUNK bytes and the loop's keys come between them, so a button
# press during printing is handled before the next line is sent.
#
# Text: katakana (full- or half-width, hiragana too) goes out as JIS X 0201
# bytes through the board's `katakana_codepage` (ESC t n); when the board has
# none, as romaji. Characters with no byte print as "?".
#
# Images: image() prints a raster image between lines (GS v 0), made a band
# at a time by a drawing function as the band before it is sent, so one
# band's buffer is all of the image ever in RAM; each band is paced like a
# line, by its dot rows' print time. The bands are made by oya.hw.raster,
# loaded for an image only.
#
# Status: when the printer's TX is wired to our RX, each slip starts with a
# DLE EOT 4 (paper sensor) query. "Paper out" drops the slip; no answer from a
# printer that has answered before (unplugged, or paper out on printers that
# stay silent then) drops it too. A printer that answered is asked again
# before the slip's feed and cut (DLE EOT is answered at once, even with lines
# still in its buffer), so one unplugged or out of paper in the middle of a
# slip is reported too, and the torn slip is not cut. Either way `last_error`
# says why and `failed` counts it; nothing else changes. A printer that never
# answers is printed to blind.
from array import array
from oya.compat import const
from oya.hw import tdiff, tadd

# ESC/POS: a command is ESC or GS, a letter, then its arguments
_LF = const(0x0A)                # print the line and feed one
_DLE = const(0x10)
_EOT = const(0x04)
_ESC = const(0x1B)
_GS = const(0x1D)
_INIT = const(0x40)              # ESC @: settings back to the power-on ones
_HEAT = const(0x37)              # ESC 7 n1 n2 n3: heating dots, time and interval
_CODEPAGE = const(0x74)          # ESC t n: the table of bytes 0x80-0xFF
_EMPHASIS = const(0x45)          # ESC E n: bold on (1) or off (0)
_SIZE = const(0x21)              # GS ! n: width and height factors
_DOUBLE = const(0x11)            # twice as wide and twice as tall
_ALIGN = const(0x61)             # ESC a n
_ALIGN_LEFT = const(0)
_ALIGN_CENTER = const(1)
_ALIGN_RIGHT = const(2)
_FEED = const(0x64)              # ESC d n: print and feed n lines
_CUT = const(0x56)               # GS V m
_CUT_PARTIAL = const(1)
_STATUS_PAPER = const(4)         # DLE EOT 4: the paper sensor's status byte
_STATUS_MASK = const(0x93)       # the bits fixed in every status byte,
_STATUS_FIXED = const(0x12)      # and their values
_PAPER_OUT = const(0x60)         # the paper-end sensor's bits
# bytes a slip's text never holds
_SPACE = const(0x20)             # control bytes below it
_DEL = const(0x7F)               # the last ASCII byte, a control byte too
_QUESTION = const(0x3F)          # "?": what a character with no byte prints as

BOLD = const(1)
BIG = const(2)        # double width and height
CENTER = const(4)
RIGHT = const(8)

CHUNK = const(64)               # bytes per UART write
PRINT_DOT_US = const(3125)      # time to print/feed one dot line (320/s)
_LINE_DOTS = const(30)           # font A 24 dots + 6 line spacing
_BIG_LINE_DOTS = const(54)       # 48 + 6
_FEED_LINES = const(3)
_CUT_MS = const(500)
_QUERY_MS = const(100)           # wait for a status answer
IDLE_MS = const(20)
# slips held in RAM: the one printing and one more waiting. A slip is built
# whole when asked for, so a print key pressed again and again while a slip
# prints would fill the heap; one more is refused, with a reason
_WAITING = const(1)

# What an ASCII printer prints for these characters, the n-th word of _TO for
# the n-th of _FROM: two long strings, not a dict, whose short keys and
# values would be names interned in RAM for good (as .mpy) by the first slip
_FROM = "♠♥♦♣×…▶◀●○•★→←¥⑩⑪⑫"
_TO = "S H D C x ... > < o o * * -> <- Y 10 11 12"


def _subst(s):
    for ch in s:
        if ord(ch) > _DEL and ch in _FROM:
            break
    else:
        return s
    to = _TO.split()
    return "".join(to[_FROM.index(ch)] if ch in _FROM else ch for ch in s)


def _no_controls(b):
    """`b` with each control byte (0x00-0x1F, 0x7F) printed as "?"."""
    for x in b:
        if x < _SPACE or x == _DEL:
            break
    else:
        return b
    return bytes(_QUESTION if x < _SPACE or x == _DEL else x for x in b)


class Printer:
    fitted = True

    def __init__(self, uart, baud=19200, dots=384, codepage=1, heat=None, status=True, stats=None):
        self.uart = uart
        self.baud = baud
        self.dots = dots
        self.cols = dots // 12
        self.codepage = codepage
        self.heat = heat
        self.status = status
        self._jobs = []          # slips waiting: (data, marks) from build(), a list while made (slip()),
        #                          or a generator of such pieces (image())
        self._job = None
        self._stream = None      # the image slip whose pieces _job is one of
        self._k = 0              # segment index in the current job
        self._off = 0            # bytes of the current job sent
        self._free_at = None     # tick before which nothing may be written
        self._query_until = None
        self._tail_asked = False   # the end-of-slip status query was sent
        # what the slips came to (bytes_sent, printed, failed, last_error, and
        # `answered`: the printer has answered a status query before), kept on
        # `stats` when given: oya.hw.printer_port's, which outlives this driver
        if stats is None:
            stats = self
            self.bytes_sent = self.printed = self.failed = 0
            self.last_error = None
            self.answered = False
        self.stats = stats

    # -- building --------------------------------------------------------------
    def encode(self, text):
        """Printable bytes for `text` on this printer: never a control byte,
        which the printer would take as a command (only build() sends those)."""
        text = _subst(text)
        if len(text.encode()) == len(text):
            return _no_controls(text.encode())   # ASCII (the kana tables stay on flash)
        from oya import kana
        if self.codepage is None:
            return _no_controls(kana.to_romaji(text).encode())
        return _no_controls(kana.to_jis(text))

    def _header(self):
        b = bytearray((_ESC, _INIT))
        if self.heat:
            b += bytes((_ESC, _HEAT, self.heat[0], self.heat[1], self.heat[2]))
        if self.codepage is not None:
            b += bytes((_ESC, _CODEPAGE, self.codepage))
        return bytes(b)

    def build(self, lines, cut=True):
        """A slip's bytes and its pacing: (data, marks), `data` one bytearray
        (header, lines, feed and cut) and `marks` an array of (end offset, ms
        to wait once sent) pairs, one per segment. A line is a str, or
        (flags, str) with flags from BOLD, BIG, CENTER, RIGHT; None is no
        line (a step of the work that makes them: see slip()). `lines` may be
        a generator: each line is encoded as it comes, so a long slip (a deal
        record) never exists as a list of lines, and one buffer holds what a
        tuple, a bytes and a line object per line held before."""
        data, marks = self._begin()
        for ln in lines:
            self._add(data, marks, ln)
        self._end(data, marks, cut)
        return data, marks

    def _begin(self):
        """A slip's bytes and marks before its lines: the header."""
        data = bytearray(self._header())
        return data, array("H", (len(data), 0))

    def _add(self, data, marks, ln):
        """One line onto a slip's bytes and its segment onto its marks."""
        if ln is None:
            return
        flags = 0
        if isinstance(ln, tuple):
            flags, ln = ln
        if flags & BOLD:
            data += bytes((_ESC, _EMPHASIS, 1))
        if flags & BIG:
            data += bytes((_GS, _SIZE, _DOUBLE))
        if flags & (CENTER | RIGHT):
            data += bytes((_ESC, _ALIGN, _ALIGN_CENTER if flags & CENTER else _ALIGN_RIGHT))
        data += self.encode(ln)
        data.append(_LF)
        if flags & BOLD:
            data += bytes((_ESC, _EMPHASIS, 0))
        if flags & BIG:
            data += bytes((_GS, _SIZE, 0))
        if flags & (CENTER | RIGHT):
            data += bytes((_ESC, _ALIGN, _ALIGN_LEFT))
        if len(data) > 0xFFFF:
            raise ValueError("slip too long")
        marks.append(len(data))
        marks.append((_BIG_LINE_DOTS if flags & BIG else _LINE_DOTS) * PRINT_DOT_US // 1000)

    def _end(self, data, marks, cut):
        data += bytes((_ESC, _FEED, _FEED_LINES))
        if cut:
            data += bytes((_GS, _CUT, _CUT_PARTIAL))
        marks.append(len(data))
        marks.append(_FEED_LINES * _LINE_DOTS * PRINT_DOT_US // 1000 + (_CUT_MS if cut else 0))

    def slip(self, lines, cut=True):
        """Queue a slip; returns at once. Progress: busy, printed, failed,
        last_error. With a slip printing and _WAITING more queued, the slip
        is refused (RuntimeError: the printer is busy) and nothing changes.
        A list or tuple of lines is encoded now. A generator is taken one
        item a step of pump(), in turn with the sending: a deal's record
        replays the deal to make its lines, too long a run of CPU for one
        key; it yields None between the replay's actions. What it raises
        drops the slip (failed, last_error)."""
        self._room()
        if isinstance(lines, (list, tuple)):
            self._jobs.append(self.build(lines, cut))
        else:
            data, marks = self._begin()
            self._jobs.append([lines, data, marks, cut])   # (a list: still being made)
        return True

    def _room(self):
        if self._job is not None and len(self._jobs) >= _WAITING:
            raise RuntimeError("printer busy: try again when it stops")

    def image(self, draw, height, head=(), tail=(), cut=True):
        """Queue a slip with an image: the `head` lines, an image `height`
        dot rows tall across the printer's width, drawn by draw(fb, top, n)
        a band at a time (see oya.hw.raster.bands), then the `tail` lines,
        the feed and the cut. Each band is made when the one before has been sent. It is
        refused when busy as slip() is; what draw raises drops the slip
        where it is (failed, last_error), with no cut."""
        self._room()
        from oya.hw import raster
        self._jobs.append(raster.pieces(self, draw, height, head, tail, cut, PRINT_DOT_US))
        return True

    def _piece(self):
        """A step of the image slip: its next piece into _job, or a step of
        drawing a band (_job stays None). At its end the slip is printed;
        what making it raises drops it."""
        self._k = 0
        self._off = 0
        try:
            self._job = next(self._stream)
        except StopIteration:
            self._stream = None
            self._printed()
        except Exception as e:
            self._drop(str(e) or type(e).__name__)

    def _printed(self):
        self.stats.printed += 1
        self.stats.last_error = None

    def _making(self):
        """One item of a slip still being made (slip() with a generator),
        the first such in the queue; when its lines are done, it becomes a
        slip like any other."""
        for i in range(len(self._jobs)):
            job = self._jobs[i]
            if type(job) is list:
                lines, data, marks, cut = job
                try:
                    self._add(data, marks, next(lines))
                except StopIteration:
                    self._end(data, marks, cut)
                    self._jobs[i] = (data, marks)
                except Exception as e:
                    del self._jobs[i]
                    st = self.stats
                    st.failed += 1
                    st.last_error = str(e) or type(e).__name__
                return

    @property
    def busy(self):
        return self._job is not None or self._stream is not None or bool(self._jobs)

    def cancel(self):
        """Drop everything not yet sent."""
        self._jobs = []
        self._job = None
        self._stream = None
        self._query_until = None

    # -- sending -------------------------------------------------------------------
    def _wire_ms(self, n):
        return (n * 10000 + self.baud - 1) // self.baud

    def _write(self, b, now, extra_ms=0):
        self.uart.write(b)
        self.stats.bytes_sent += len(b)
        self._free_at = tadd(now, self._wire_ms(len(b)) + extra_ms)

    def _query(self, now):
        while self.uart.any():          # stale bytes
            self.uart.read()
        self._write(bytes((_DLE, _EOT, _STATUS_PAPER)), now)
        self._query_until = tadd(now, _QUERY_MS)
        return self._wire_ms(3)

    def _drop(self, why):
        self._job = None
        self._stream = None
        st = self.stats
        st.failed += 1
        st.last_error = why

    def pump(self, now):
        """Do at most one step at tick `now`. Returns the ms until the next
        step is due, or -1 when there is nothing to do. A slip still being
        made takes a step of its own each time, whatever is being sent."""
        self._making()
        if self._job is None and self._stream is not None:
            self._piece()                       # (while the piece before prints)
            if self._job is None:
                return 1 if self._stream is not None else 0
        if self._free_at is not None:
            wait = tdiff(self._free_at, now)
            if wait > 0:
                return wait
            self._free_at = None
        if self._query_until is not None:
            r = self.uart.read(1) if self.uart.any() else None
            if r:
                self._query_until = None
                s = r[0]
                if (s & _STATUS_MASK) == _STATUS_FIXED:
                    self.stats.answered = True
                    if s & _PAPER_OUT:
                        self._drop("paper out")
                        return 0
            elif tdiff(now, self._query_until) < 0:
                return 5
            else:
                self._query_until = None
                if self.stats.answered:
                    self._drop("printer not answering (unplugged or out of paper)")
                    return 0
        if self._job is None:
            if not self._jobs:
                return -1
            if type(self._jobs[0]) is list:
                return 1                        # the next slip is still being made: a nap between its steps
            self._job = self._jobs.pop(0)
            self._k = 0
            self._off = 0
            self._tail_asked = False
            if type(self._job) is not tuple:    # an image slip: its pieces come on the next passes
                self._stream = self._job
                self._job = None
            if self.status and hasattr(self.uart, "any"):
                return self._query(now)
            if self._job is None:
                return 0
        data, marks = self._job
        last = len(marks) // 2 - 1
        start = marks[2 * self._k - 2] if self._k else 0
        if (self._k == last and self._off == start and not self._tail_asked
                and self.stats.answered and self.status and hasattr(self.uart, "any")):
            self._tail_asked = True             # still there before the feed and cut?
            return self._query(now)
        end = marks[2 * self._k]
        if self._off + CHUNK >= end:            # the segment's rest, then its print time
            self._write(memoryview(data)[self._off:end], now, marks[2 * self._k + 1])
            self._off = end
            self._k += 1
            if self._k > last:
                self._job = None
                if self._stream is None:
                    self._printed()
        else:
            self._write(memoryview(data)[self._off:self._off + CHUNK], now)
            self._off += CHUNK
        return tdiff(self._free_at, now)
