"""Scripted runs: a list of button events in; frames, texts, receipt and figures out.

Script lines (case-insensitive; '#' starts a comment):
    OK | UP | DOWN | LEFT | RIGHT | BACK [xN]   short press(es) (pin low 80 ms, bounce)
    HOLD <button> <ms>                            long press
    PRESS <button>  /  RELEASE <button>           pin down / up, no waiting
    WAIT <ms>                                     let time pass
    POWER-CUT                                     cut the power now
    BOOT                                          power on again
    UNPLUG | PLUG | PAPER-OUT | PAPER-IN          printer faults
    SETUP <game> [seats N] [bots N] [table]       set up a table through the menus
                                                  (table: deal with a table deck)
    ENTER <card>                                  a table deck's card: the picker to it, OK
                                                  (4, 10, 1r, 2w, TS ... as TRANSCRIPT.md)
    SHOT                                          mark the current frame (tools shot)
"""
import json
import os

from host_sim.sim import Sim

BUTTONS = ("ok", "up", "down", "left", "right", "back")


class ScriptError(ValueError):
    pass


def parse(text):
    """-> list of (lineno, op, args)."""
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        w = line.split()
        op = w[0].upper()
        args = w[1:]
        if op.lower() in BUTTONS:
            times = 1
            if args:
                a = args[0].lower()
                if not a.startswith("x") or not a[1:].isdigit():
                    raise ScriptError("line %d: expected xN after %s" % (n, op))
                times = int(a[1:])
            out.append((n, "PRESS_N", (op.lower(), times)))
        elif op == "HOLD":
            if len(args) != 2 or args[0].lower() not in BUTTONS or not args[1].isdigit():
                raise ScriptError("line %d: HOLD <button> <ms>" % n)
            out.append((n, "HOLD", (args[0].lower(), int(args[1]))))
        elif op in ("PRESS", "RELEASE"):
            if len(args) != 1 or args[0].lower() not in BUTTONS:
                raise ScriptError("line %d: %s <button>" % (n, op))
            out.append((n, op, (args[0].lower(),)))
        elif op == "WAIT":
            if len(args) != 1 or not args[0].isdigit():
                raise ScriptError("line %d: WAIT <ms>" % n)
            out.append((n, "WAIT", (int(args[0]),)))
        elif op in ("POWER-CUT", "BOOT", "UNPLUG", "PLUG", "PAPER-OUT", "PAPER-IN", "SHOT"):
            out.append((n, op, ()))
        elif op == "SETUP":
            if not args:
                raise ScriptError("line %d: SETUP <game> [seats N] [bots N]" % n)
            kw = {"game": args[0].lower()}
            rest = args[1:]
            if rest and rest[-1].lower() == "table":
                kw["table_deck"] = True
                rest = rest[:-1]
            while rest:
                if len(rest) < 2 or not rest[1].isdigit() or rest[0].lower() not in ("seats", "bots"):
                    raise ScriptError("line %d: SETUP <game> [seats N] [bots N] [table]" % n)
                kw[rest[0].lower()] = int(rest[1])
                rest = rest[2:]
            out.append((n, "SETUP", (kw,)))
        elif op == "ENTER":
            if len(args) != 1:
                raise ScriptError("line %d: ENTER <card>" % n)
            out.append((n, "ENTER", (args[0],)))
        else:
            raise ScriptError("line %d: unknown command %r" % (n, w[0]))
    return out


def run(sim, steps, on_step=None):
    """Apply parsed steps to a Sim. Returns the frame indices marked by SHOT."""
    shots = []
    for n, op, args in steps:
        if op == "PRESS_N":
            sim.press(args[0], times=args[1])
        elif op == "HOLD":
            sim.hold(args[0], args[1])
        elif op == "PRESS":
            sim.button_down(args[0])
            sim.advance(1)
        elif op == "RELEASE":
            sim.button_up(args[0])
            sim.advance(1)
        elif op == "WAIT":
            sim.advance(args[0])
        elif op == "POWER-CUT":
            sim.power_cut()
        elif op == "BOOT":
            sim.boot()
            sim.advance(300)
        elif op == "UNPLUG":
            sim.printer.unplug()
        elif op == "PLUG":
            sim.printer.plug()
        elif op == "PAPER-OUT":
            sim.printer.paper_out(True)
        elif op == "PAPER-IN":
            sim.printer.paper_out(False)
        elif op == "SETUP":
            from host_sim.drive import setup_table
            setup_table(sim, **args[0])
        elif op == "ENTER":
            from host_sim.drive import enter_card
            enter_card(sim, args[0])
        elif op == "SHOT":
            sim.advance(20)
            shots.append(max(0, len(sim.frames) - 1))
        if on_step is not None:
            on_step(n, op, args)
    return shots


def frame_png(rows, scale=4, path=None, contrast=255):
    from PIL import Image
    h = len(rows)
    w = len(rows[0]) if rows else 0
    lit = max(60, contrast)
    img = Image.frombytes("L", (w, h), b"".join(bytes(lit if v else 0 for v in r) for r in rows))
    img = img.resize((w * scale, h * scale), Image.NEAREST)
    if path:
        img.save(path)
    return img


def write_outputs(sim, out, shots=(), receipts=None):
    """Every distinct frame as PNG (4x), frames.txt, receipt.txt/png, summary.json;
    with `receipts` (a folder), each slip as receipt-NNN.txt/png there too."""
    from host_sim.textrec import recognise_rows
    os.makedirs(out, exist_ok=True)
    sim.advance(0)
    if sim.panel is not None:
        sim.panel.flush()
    frames = sim.panel.frames if sim.panel is not None else []
    lines = []
    for f in frames:
        rows = f.rows(sim.panel.width, sim.panel.height)
        frame_png(rows, 4, os.path.join(out, "frame_%04d.png" % f.index))
        lines.append("== frame %d t=%dms bytes=%d" % (f.index, f.t_us // 1000, f.bytes))
        try:
            rec = recognise_rows(rows)
        except Exception as e:  # no font yet
            rec = [("(no text recogniser: %s)" % e, False)]
        for text, inv in rec:
            lines.append(("*" if inv else "|") + text)
    with open(os.path.join(out, "frames.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(out, "receipt.txt"), "w", encoding="utf-8") as f:
        f.write(sim.receipt())
    if sim.printer is not None:
        sim.receipt_image().save(os.path.join(out, "receipt.png"))
    if receipts is not None:
        from host_sim.receipts import ReceiptFiles
        ReceiptFiles(sim, receipts).save(torn=True)
    summary = sim.summary()
    summary["shots"] = list(shots)
    with open(os.path.join(out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1, ensure_ascii=False)
    return summary


def run_file(script, out, board="rpi_pico", seed=0, lang=None, trace_heap=True, firmware=None,
             echo=False, flash_dir=None, receipts=None, ready=None):
    """Run a script file; `ready(sim)` readies the flash before the device boots."""
    with open(script, encoding="utf-8") as f:
        steps = parse(f.read())
    kw = {}
    if firmware:
        kw["firmware"] = firmware
    if flash_dir is not None:
        os.makedirs(flash_dir, exist_ok=True)
    sim = Sim(board=board, seed=seed, lang=lang, trace_heap=trace_heap, strict=False, echo=echo,
              flash_dir=flash_dir, autoboot=False, **kw)
    try:
        if ready is not None:
            ready(sim)
        sim.boot()
        sim.advance(300)
        sim.heap_figures(sample=True)
        shots = run(sim, steps, on_step=lambda *a: sim.heap_figures(sample=True) if trace_heap else None)
        sim.advance(200)
        sim.heap_figures(sample=True)
        return write_outputs(sim, out, shots, receipts)
    finally:
        sim.close()
