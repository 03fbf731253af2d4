"""The simulator's printed slips kept as files: receipt-NNN.txt and receipt-NNN.png in
one folder, one pair for each slip the printer cut, numbered on from the files already
there so a later run never writes over an earlier one's slips.
"""
import os
import re

_NAME = re.compile(r"receipt-(\d+)\.(txt|png)$")


def next_number(folder):
    """1 + the highest receipt number in `folder` (1 when it has none)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return 1
    nums = [int(m.group(1)) for m in map(_NAME.match, names) if m]
    return max(nums, default=0) + 1


class ReceiptFiles:
    """Writes the sim's finished slips into `folder` as they are cut."""

    def __init__(self, sim, folder):
        self.sim = sim
        self.folder = folder
        self.done = 0          # pieces of the roll already looked at
        self.paths = []        # the .txt files written, in order

    def save(self, torn=False):
        """Write each slip cut since the last call; with `torn`, also what is still on
        the printer (the run is ending). Returns the .txt paths written now."""
        pr = self.sim.printer
        if pr is None:
            return []
        new = []
        for lines, cut in pr.receipts()[self.done:]:
            if not cut and not torn:
                break
            self.done += 1
            if all(ln.kind == "feed" for ln in lines):
                continue
            os.makedirs(self.folder, exist_ok=True)
            base = os.path.join(self.folder, "receipt-%03d" % next_number(self.folder))
            with open(base + ".txt", "w", encoding="utf-8") as f:
                f.write(self.sim.receipt(lines))
            self.sim.receipt_image(lines).save(base + ".png")
            new.append(base + ".txt")
        self.paths += new
        return new
