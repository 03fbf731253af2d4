// MicroPython's GC heap, read from the emulated RAM as the firmware runs (no
// code runs on the board for it): the bytes in use, their peak, and the live
// heap each collection leaves.
//
// The allocation table holds 2 bits a 16-byte block: free, head, tail, or
// mark (py/gc.c AT_FREE..AT_MARK). A block is marked only inside a collection
// (marked while the roots are traced, back to head when the sweep passes it),
// so a sample that sees a mark is inside one, and the first sample after it
// that sees none comes just after the sweep: the heap used then is what the
// collection left, the live heap. (Read before by the drop of 8 KB or more
// the sweep made: a heap held near its cap frees less than that at a time,
// so its collections went unseen and the soak reported no live heap.)

const USED = new Uint8Array(256);    // blocks in use in a table byte
const MARKED = new Uint8Array(256);  // 1 when a block of the byte is marked
for (let b = 0; b < 256; b++) {
  for (let s = 0; s < 8; s += 2) {
    const st = (b >> s) & 3;
    if (st) USED[b]++;
    if (st === 3) MARKED[b] = 1;
  }
}

/** [bytes in use, whether a collection is marking] of the allocation table
 * `len` bytes long at `off` in `mem` (a Uint8Array of the RAM). */
export function readTable(mem, off, len) {
  let n = 0;
  let marks = 0;
  for (let i = off, end = off + len; i < end; i++) {
    const b = mem[i];
    n += USED[b];
    marks |= MARKED[b];
  }
  return [n * 16, marks === 1];
}

/** The figures a run reports, all in bytes: the peak used (of the whole run,
 * and of the run in hand), the largest live heap a collection left and the
 * last one, the collections seen, the last reading and the heap's size. */
export function newHeap() {
  return { peak: 0, run_peak: 0, live_peak: 0, live_last: 0, collections: 0, last: 0, size: 0 };
}

/** A function taking each reading (used, marking) into `heap`. */
export function heapSampler(heap) {
  let collecting = false;
  return (used, marking) => {
    if (marking) {
      collecting = true;
    } else if (collecting) {
      collecting = false;
      heap.collections++;
      heap.live_last = used;
      if (used > heap.live_peak) heap.live_peak = used;
    }
    if (used > heap.peak) heap.peak = used;
    if (used > heap.run_peak) heap.run_peak = used;
    heap.last = used;
  };
}
