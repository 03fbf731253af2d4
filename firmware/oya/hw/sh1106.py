# The SH1106 128x64 OLED (132-column RAM, visible from column 2): page
# addressing (0xB0|page, column low/high nibble) on oya.hw.ssd1306's driver,
# which finds what changed and sends it. A module of its own: a board has one
# kind of panel, and the other's code need not be in RAM.
from oya.compat import const
from oya.hw.ssd1306 import SSD1306

# (oya.hw.ssd1306 names the commands the two panels share; a private const
# is folded where it is written and cannot be imported, so those used here
# are named again)
_CTRL_CMD = const(0x00)
_SET_COL_LO = const(0x00)        # | the column's low nibble
_SET_COL_HI = const(0x10)        # | the column's high nibble
_SET_DISP_START_LINE = const(0x40)   # | the RAM row shown at the top
_SET_CONTRAST = const(0x81)      # then the contrast
_SET_SEG_REMAP = const(0xA0)     # | 1: the columns mirrored
_SET_ENTIRE_ON = const(0xA4)     # | 0: the display follows its RAM
_SET_NORM_INV = const(0xA6)      # | 1: inverted
_SET_MUX_RATIO = const(0xA8)     # then the rows - 1
_SET_DCDC = const(0xAD)          # then _DCDC_ON
_DCDC_ON = const(0x8B)
_SET_DISP = const(0xAE)          # | 1: on
_SET_PAGE = const(0xB0)          # | the page
_SET_COM_OUT_DIR = const(0xC0)   # | 8: COM scanned from the last row
_SET_DISP_OFFSET = const(0xD3)   # then the vertical shift
_SET_DISP_CLK_DIV = const(0xD5)  # then the divide ratio and oscillator
_CLK_DIV = const(0x80)
_SET_PRECHARGE = const(0xD9)     # then the discharge and pre-charge periods
_PRECHARGE = const(0x1F)
_SET_COM_PIN_CFG = const(0xDA)   # then the COM pins' wiring
_COM_PIN_ALT = const(0x12)
_SET_VCOM_DESEL = const(0xDB)    # then the VCOM level
_VCOM_DESEL = const(0x40)
_CONTRAST_MAX = const(0xFF)
_NIBBLE = const(0x0F)
_COL_OFFSET = const(2)           # the visible columns start at RAM column 2


class SH1106(SSD1306):
    _WINDOW_COST = 5   # 00 B0|p lo hi, then the 0x40 data control byte

    def _init_cmds(self):
        r = 0 if self._rot else 1
        return bytes((
            _CTRL_CMD,
            _SET_DISP,                  # off
            _SET_DISP_CLK_DIV, _CLK_DIV,
            _SET_MUX_RATIO, self.height - 1,
            _SET_DISP_OFFSET, 0,
            _SET_DISP_START_LINE | 0,
            _SET_DCDC, _DCDC_ON,
            _SET_SEG_REMAP | r,
            _SET_COM_OUT_DIR | (r << 3),
            _SET_COM_PIN_CFG, _COM_PIN_ALT,
            _SET_CONTRAST, _CONTRAST_MAX,
            _SET_PRECHARGE, _PRECHARGE,
            _SET_VCOM_DESEL, _VCOM_DESEL,
            _SET_ENTIRE_ON,
            _SET_NORM_INV,
            _SET_DISP | 1,              # on
        ))

    def _full_cost(self):
        return self.pages * (self.width + 5)

    def _send_window(self, p, a, b):
        c = self._cmd
        col = a + _COL_OFFSET
        c[0] = _CTRL_CMD
        c[1] = _SET_PAGE | p
        c[2] = _SET_COL_LO | (col & _NIBBLE)
        c[3] = _SET_COL_HI | (col >> 4)
        self._write(self._cmd4)
        self._send_data(p * self._stride + a, b - a + 1)

    def _send_all(self):
        for p in range(self.pages):
            self._send_window(p, 0, self.width - 1)
