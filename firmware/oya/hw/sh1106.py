# The SH1106 128x64 OLED (132-column RAM, visible from column 2): page
# addressing (0xB0|page, column low/high nibble) on oya.hw.ssd1306's driver,
# which finds what changed and sends it. A module of its own: a board has one
# kind of panel, and the other's code need not be in RAM.
from oya.compat import const
from oya.hw.ssd1306 import SSD1306

_CTRL_CMD = const(0x00)
_SET_CONTRAST = const(0x81)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_SET_SEG_REMAP = const(0xA0)
_SET_COM_OUT_DIR = const(0xC0)
_COL_OFFSET = const(2)


class SH1106(SSD1306):
    _WINDOW_COST = 5   # 00 B0|p lo hi, then the 0x40 data control byte

    def _init_cmds(self):
        r = 0 if self._rot else 1
        return bytes((
            _CTRL_CMD,
            _SET_DISP,
            0xD5, 0x80,                 # clock divide
            0xA8, self.height - 1,      # multiplex ratio
            0xD3, 0x00,                 # display offset
            0x40,                       # start line 0
            0xAD, 0x8B,                 # DC-DC on
            _SET_SEG_REMAP | r,
            _SET_COM_OUT_DIR | (r << 3),
            0xDA, 0x12,                 # COM pins
            _SET_CONTRAST, 0xFF,
            0xD9, 0x1F,                 # pre-charge
            0xDB, 0x40,                 # VCOM deselect
            0xA4,
            _SET_NORM_INV,
            _SET_DISP | 1,
        ))

    def _full_cost(self):
        return self.pages * (self.width + 5)

    def _send_window(self, p, a, b):
        c = self._cmd
        col = a + _COL_OFFSET
        c[0] = _CTRL_CMD
        c[1] = 0xB0 | p
        c[2] = col & 0x0F
        c[3] = 0x10 | (col >> 4)
        self._write(self._cmd4)
        self._send_data(p * self._stride + a, b - a + 1)

    def _send_all(self):
        for p in range(self.pages):
            self._send_window(p, 0, self.width - 1)
