// The RP2040 side of `python -m tools pico`: the real MicroPython firmware on
// rp2040js (core 0 at 125 MHz emulated), with the board's peripherals wired to
// the host (tools/pico/__init__.py) over JSON lines:
//
//   node emulator.mjs FIRMWARE.uf2 BOOTROM.bin [FLASH.bin] [DISPLAY_ADDR] [I2C] [UART] [USB 1|0]
//
// stdin, one request a line:
//   {"op":"run","us":N}        run N us of emulated time, then answer {"ev":"ran",...}
//   {"op":"free","on":true}    run on its own (in slices) until {"op":"free","on":false}
//   {"op":"pin","pin":P,"level":0|1}   drive a GPIO input (a button: 1 = released)
//   {"op":"cdc","hex":"..."}   bytes typed on the USB serial line (the REPL)
//   {"op":"heap"}              start sampling the GC heap (read from RAM: no code runs for it)
//   {"op":"heaplog","on":B}    keep every change of the heap used, with its time; off answers
//                              {"ev":"heaplog","t":[..],"used":[..]} (emulated us, bytes)
//   {"op":"save","path":F}     write the whole flash to F (a deployed board, to reuse)
//   {"op":"profile","on":B}    sample the PC while the CPU runs; off answers {"ev":"profile","pcs":[[pc,n]..]}
//   {"op":"quit"}
// stdout, events as they happen, each with t (emulated us):
//   {"ev":"i2c","t":..,"t1":..,"busy":C,"addr":A,"hex":"..."}  one write transaction (START..STOP)
//   {"ev":"uart","t":..,"hex":"..."}   bytes the firmware sent on the printer UART
//   {"ev":"cdc","hex":"..."}           bytes the firmware sent on the USB serial line, or on the
//                                      other UART (a console there: os.dupterm), a line at a time
//   {"ev":"ran","t":..,"busy":C,"stretch":S,"heap":{...}}  busy: CPU cycles not spent waiting
//                                      (WFE/WFI); stretch: the longest run of busy cycles
//                                      without a wait since the last "ran" (the firmware
//                                      never went back to its loop's sleep: a freeze)
//
// Bus timing: each I2C byte (address included) takes 9 bit times at the bus
// speed the firmware programmed (400 kHz: 22.5 us), as on a real bus, so a
// frame costs what it costs on the device. The UART is not slowed (the printer
// figures come from the host simulator).
import { readFileSync, writeFileSync } from 'fs';
import { createInterface } from 'readline';
import { RP2040, Simulator, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';
import { newHeap, heapSampler, readTable } from './heapwatch.mjs';

const [uf2Path, bootromPath, flashPath, dispAddrArg, i2cArg, uartArg, usbArg] = process.argv.slice(2);
// USB off: no host on the line (a Pico on a charger). With rp2040js's host
// attached, TinyUSB's tasks keep the CPU ~94% busy, which is not what a board
// on a real host sees, so the figures are taken without it.
const USB = usbArg !== '0';
const DISPLAY_ADDR = Number(dispAddrArg ?? 60);
const I2C_INDEX = Number(i2cArg ?? 0);
const UART_INDEX = Number(uartArg ?? 1);
const CYCLE_NS = 8; // 125 MHz
const FLASH_BASE = 0x10000000;
const SRAM_BASE = 0x20000000;
const SRAM_END = 0x20042000;

function out(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

const hex = (bytes) => Buffer.from(bytes).toString('hex');

const sim = new Simulator();
const mcu = sim.rp2040;
mcu.logger = new ConsoleLogger(LogLevel.Error);
const rom = readFileSync(bootromPath);
mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.byteLength >> 2));

if (flashPath) {
  mcu.flash.set(readFileSync(flashPath).subarray(0, mcu.flash.length), 0);
} else {
  // UF2: 512-byte blocks, target address at 12, payload size at 16, payload at 32
  const img = readFileSync(uf2Path);
  for (let off = 0; off + 512 <= img.length; off += 512) {
    const v = new DataView(img.buffer, img.byteOffset + off, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) continue;
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    mcu.flash.set(img.subarray(off + 32, off + 32 + size), addr - FLASH_BASE);
  }
}

const nowUs = () => mcu.clock.nanos / 1000;

// ---- the QSPI flash chip behind the SSI ------------------------------------------
// rp2040js reads the flash through XIP but has no chip on the SSI: the boot ROM's
// flash_range_erase/program (what MicroPython's filesystem and the app's journal
// use) would write nowhere. This is a W25Q16-like chip, framed by the chip select
// the ROM forces through IO_QSPI's SS_CTRL (OUTOVER 2 = low): write enable, 4K/32K/
// 64K/chip erase, page program (256-byte pages), status (never busy), JEDEC and
// unique ID, read data. Erase and program take the typical times of a W25Q16JV
// (the Pico's flash) datasheet: the status register reads busy meanwhile, and
// the ROM waits for it with the XIP off, as on the board.
const flashStats = { erases: 0, erased_bytes: 0, programs: 0, programmed_bytes: 0, busy_us: 0 };
const FLASH_NS = { 0x20: 45e6, 0x52: 120e6, 0xd8: 150e6, 0xc7: 5e9, 0x60: 5e9, 0x02: 0.4e6 };
let flashBusyUntil = 0;
function flashBusy(cmd) {
  flashBusyUntil = mcu.clock.nanos + FLASH_NS[cmd];
  flashStats.busy_us += FLASH_NS[cmd] / 1000;
}
let csLow = false;
let frame = [];
let wel = false;
const rxFifo = [];
function flashByte(b) {
  if (!csLow) return 0;
  frame.push(b);
  const n = frame.length;
  const cmd = frame[0];
  const addr = () => (frame[1] << 16) | (frame[2] << 8) | frame[3];
  if (n === 1) return 0;
  switch (cmd) {
    case 0x05: return mcu.clock.nanos < flashBusyUntil ? 1 : 0;   // status 1: BUSY bit
    case 0x35: return 0x02;          // status 2: quad enable set
    case 0x9f: return [0xef, 0x40, 0x15][n - 2] ?? 0;
    case 0x4b: return n > 5 ? 0x10 + n : 0;
    case 0x03: return n > 4 ? mcu.flash[(addr() + n - 5) % mcu.flash.length] : 0;
  }
  return 0;
}
function flashEnd() {
  const f = frame;
  frame = [];
  if (!f.length) return;
  const cmd = f[0];
  const a = f.length >= 4 ? (f[1] << 16) | (f[2] << 8) | f[3] : 0;
  if (cmd === 0x06) { wel = true; return; }
  if (cmd === 0x04) { wel = false; return; }
  if (!wel) return;
  const erase = { 0x20: 4096, 0x52: 32768, 0xd8: 65536 }[cmd];
  if (erase && f.length >= 4) {
    const start = a - (a % erase);
    mcu.flash.fill(0xff, start, start + erase);
    flashStats.erases++; flashStats.erased_bytes += erase;
    flashBusy(cmd);
  } else if (cmd === 0xc7 || cmd === 0x60) {
    mcu.flash.fill(0xff);
    flashBusy(cmd);
  } else if (cmd === 0x02 && f.length > 4) {
    flashBusy(cmd);
    const page = a & ~0xff;
    for (let i = 4; i < f.length; i++) {
      const o = page + ((a + i - 4) & 0xff);
      mcu.flash[o] &= f[i];
    }
    flashStats.programs++; flashStats.programmed_bytes += f.length - 4;
  } else {
    return;
  }
  wel = false;
}
const SS_CTRL = 0x0c;
class QSPIPins {
  constructor() { this.regs = new Map(); }
  readUint32(offset) { return this.regs.get(offset) ?? 0; }
  writeUint32(offset, value) {
    this.regs.set(offset, value >>> 0);
    if (offset === SS_CTRL) {
      const low = ((value >> 8) & 3) === 2;
      if (low && !csLow) frame = [];
      if (!low && csLow) flashEnd();
      csLow = low;
    }
  }
  writeUint32Atomic(offset, value, type) {
    const cur = this.readUint32(offset);
    const v = type === 1 ? cur ^ value : type === 2 ? cur | value : type === 3 ? cur & ~value : value;
    this.writeUint32(offset, v);
  }
}
mcu.peripherals[(0x40018000 >>> 14) << 2] = new QSPIPins();
const ssi = mcu.peripherals[(0x18000000 >>> 14) << 2];
const ssiRead = ssi.readUint32.bind(ssi);
const ssiWrite = ssi.writeUint32.bind(ssi);
ssi.readUint32 = (offset) => {
  if (offset === 0x60) return rxFifo.length ? rxFifo.shift() : 0;      // DR0
  if (offset === 0x24) return rxFifo.length;                           // RXFLR
  if (offset === 0x20) return 0;                                       // TXFLR
  if (offset === 0x28) return 0x06 | (rxFifo.length ? 0x08 : 0);       // SR: TFE, TFNF, RFNE
  return ssiRead(offset);
};
ssi.writeUint32 = (offset, value) => {
  if (offset === 0x60) {
    if (rxFifo.length < 16) rxFifo.push(flashByte(value & 0xff));
    return;
  }
  if (offset === 0x08 && !(value & 1)) rxFifo.length = 0;            // SSIENR off clears the FIFOs
  ssiWrite(offset, value);
};

// ---- I2C: the display, with bus time -------------------------------------------
const i2c = mcu.i2c[I2C_INDEX];
let txn = null;
const bitNs = () => 1e9 / (i2c.speed === 1 ? 100000 : 400000); // standard / fast mode
const ackAlarm = mcu.clock.createAlarm(() => pending && pending());
let pending = null;
function later(ns, fn) {
  pending = () => { pending = null; fn(); };
  ackAlarm.schedule(ns);
}
i2c.onConnect = (address, mode) => {
  const ours = address === DISPLAY_ADDR && mode === 0;
  txn = ours ? { t: nowUs(), addr: address, bytes: [] } : null;
  later(9 * bitNs(), () => i2c.completeConnect(ours));
};
i2c.onWriteByte = (value) => {
  if (txn) txn.bytes.push(value);
  later(9 * bitNs(), () => i2c.completeWrite(!!txn));
};
i2c.onReadByte = () => i2c.completeRead(0xff);
i2c.onStop = () => {
  if (txn && txn.bytes.length) {
    out({ ev: 'i2c', t: txn.t, t1: nowUs(), busy, fbusy: flashStats.busy_us, addr: txn.addr, hex: hex(txn.bytes) });
  }
  txn = null;
  i2c.completeStop();
};

// ---- UART: the printer ------------------------------------------------------------
let uartBuf = [];
let uartT = 0;
mcu.uart[UART_INDEX].onByte = (v) => {
  if (!uartBuf.length) uartT = nowUs();
  uartBuf.push(v);
};
function flushUart() {
  if (uartBuf.length) out({ ev: 'uart', t: uartT, hex: hex(uartBuf) });
  uartBuf = [];
}

// the other UART: a console (the soak's boot.py puts the REPL's output there with
// os.dupterm), its bytes as the USB line's are: {"ev":"cdc"}. A board on USB
// keeps the CPU busy in TinyUSB's tasks (~40x slower to emulate); this costs nothing.
let consoleBuf = [];
mcu.uart[1 - UART_INDEX].onByte = (v) => {
  consoleBuf.push(v);
  if (v === 10 || consoleBuf.length >= 256) {
    out({ ev: 'cdc', hex: hex(consoleBuf) });
    consoleBuf = [];
  }
};

// rp2040js raises a UART's TX interrupt whenever it checks its interrupts, so
// once MicroPython enables it (machine.UART does) the handler clears it and it is
// back at once: an interrupt storm that starves the app. On the chip the TX
// interrupt is an edge (the FIFO draining through its level); here: once per
// byte written.
const UART_TX_INTR = 1 << 5;
for (const u of mcu.uart) {
  let txEdge = false;
  u.checkInterrupts = function () {
    if (txEdge) { this.interruptStatus |= UART_TX_INTR; txEdge = false; }
    this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
  };
  const write = u.writeUint32.bind(u);
  u.writeUint32 = (offset, value) => {
    write(offset, value);
    if (offset === 0) { txEdge = true; u.checkInterrupts(); }
  };
}

// ---- USB CDC: the REPL ------------------------------------------------------------
const cdc = USB ? new USBCDC(mcu.usbCtrl) : {};
let connected = false;
const cdcQueue = [];
cdc.onDeviceConnected = () => {
  connected = true;
  out({ ev: 'usb', t: nowUs() });
};
cdc.onSerialData = (value) => out({ ev: 'cdc', hex: hex(value) });
function feedCdc() {
  // the device's receive buffer is small: hand it a few bytes per slice
  for (let i = 0; i < 64 && connected && cdcQueue.length; i++) cdc.sendSerialByte(cdcQueue.shift());
}

// ---- the GC heap, read from RAM -----------------------------------------------------
// MicroPython's heap area: {alloc table start, its byte length, [finaliser
// table,] pool start, pool end}, 4 blocks of 16 bytes per table byte. Found
// once by its shape, then read directly: the firmware runs no code for it.
let area = null;
const ram = () => mcu.sram;
function word(addr) {
  const o = addr - SRAM_BASE;
  const m = ram();
  return (m[o] | (m[o + 1] << 8) | (m[o + 2] << 16) | (m[o + 3] << 24)) >>> 0;
}
const inRam = (a) => a >= SRAM_BASE && a < SRAM_END;
function findArea() {
  for (let a = SRAM_BASE; a < SRAM_END - 24; a += 4) {
    const atb = word(a), len = word(a + 4);
    if (!inRam(atb) || len < 256 || len > 0x10000) continue;
    for (let k = 2; k <= 3; k++) {
      const p = word(a + 4 * k), e = word(a + 4 * k + 4);
      if (inRam(p) && inRam(e - 1) && p > atb && e - p === len * 64) return { atb, len, pool: p, end: e };
    }
  }
  return null;
}
// read every SAMPLE_NS of emulated time (oya's heapwatch.mjs: the live heap
// is what each collection leaves, told by the allocation table's marks)
const heap = newHeap();
const takeHeap = heapSampler(heap);
function sampleHeap() {
  if (!area) area = findArea();
  if (!area) return;
  heap.size = area.end - area.pool;
  const [u, marking] = readTable(ram(), area.atb - SRAM_BASE, area.len);
  if (heapLog !== null && u !== heap.last) {
    heapLog.t.push(Math.round(nowUs()));
    heapLog.used.push(u);
  }
  takeHeap(u, marking);
}
let heapLog = null;

// ---- running -------------------------------------------------------------------------
let busy = 0;
let stretch = 0;       // busy cycles since the CPU last waited
let stretchMax = 0;
let runErases0 = 0;    // flash erases counted when the run in hand began
let stretchErases = 0; // the erases inside the longest run (one littlefs call, or several steps)
const SAMPLE_NS = 200_000;
let nextSample = 0;
function runFor(ns) {
  const end = mcu.clock.nanos + ns;
  const core = mcu.core;
  const clock = mcu.clock;
  while (clock.nanos < end) {
    if (core.waiting) {
      stretch = 0;
      const step = Math.min(clock.nanosToNextAlarm, end - clock.nanos);
      clock.tick(step > 0 ? step : CYCLE_NS);
    } else {
      if (profile !== null && busy >= nextProfile) {
        nextProfile = busy + PROFILE_CYCLES;
        const pc = core.PC;
        profile.set(pc, (profile.get(pc) ?? 0) + 1);
      }
      if (stretch === 0) runErases0 = flashStats.erases;
      const c = core.executeInstruction();
      busy += c;
      stretch += c;
      if (stretch > stretchMax) {
        stretchMax = stretch;
        stretchErases = flashStats.erases - runErases0;
      }
      clock.tick(c * CYCLE_NS);
    }
    if (clock.nanos >= nextSample) {
      nextSample = clock.nanos + SAMPLE_NS;
      if (heapReady) sampleHeap();
      feedCdc();
    }
  }
  flushUart();
}
let heapReady = false;
// profiling: the PC every PROFILE_CYCLES busy cycles ({"op":"profile","on":..})
const PROFILE_CYCLES = 997;
let profile = null;
let nextProfile = 0;

let free = false;
function freeRun() {
  if (!free) return;
  runFor(2_000_000);
  setImmediate(freeRun);
}

for (const p of mcu.gpio) p.setInputValue(true);
mcu.core.PC = 0x10000000;

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  const r = JSON.parse(line);
  switch (r.op) {
    case 'run':
      stretchMax = stretch;
      stretchErases = stretch ? flashStats.erases - runErases0 : 0;
      heap.run_peak = heap.last;     // the peak of this run alone
      runFor(r.us * 1000);
      out({ ev: 'ran', t: nowUs(), busy, stretch: stretchMax, stretch_erases: stretchErases, flash: flashStats, heap: heapReady ? { ...heap, used: heap.last } : null });
      break;
    case 'free':
      if (r.on && !free) { free = true; setImmediate(freeRun); } else if (!r.on) free = false;
      out({ ev: 'ok', op: 'free', t: nowUs() });
      break;
    case 'pin':
      mcu.gpio[r.pin].setInputValue(!!r.level);
      break;
    case 'cdc':
      for (const b of Buffer.from(r.hex, 'hex')) cdcQueue.push(b);
      break;
    case 'heap':
      heapReady = true;
      sampleHeap();
      out({ ev: 'heap', t: nowUs(), ...heap, used: heap.last, area });
      break;
    case 'heaplog':
      if (r.on) {
        heapReady = true;
        heapLog = { t: [], used: [] };
      } else {
        out({ ev: 'heaplog', ...(heapLog ?? { t: [], used: [] }) });
        heapLog = null;
      }
      break;
    case 'save':
      writeFileSync(r.path, mcu.flash);
      out({ ev: 'ok', op: 'save' });
      break;
    case 'pc':
      out({ ev: 'pc', pc: mcu.core.PC, lr: mcu.core.LR ?? mcu.core.registers?.[14], t: nowUs() });
      break;
    case 'profile':
      if (r.on) { profile = new Map(); out({ ev: 'ok', op: 'profile' }); }
      else { out({ ev: 'profile', pcs: profile ? [...profile.entries()] : [] }); profile = null; }
      break;
    case 'quit':
      process.exit(0);
  }
});
