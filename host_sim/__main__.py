"""python -m host_sim [options]            the terminal simulator (make sim)
python -m host_sim --script FILE --out DIR  a scripted run: frames, texts, receipt, figures

The terminal simulator keeps the device's flash (settings, the match in play, rulesets)
in build/sim/flash of this checkout and saves each printed slip in build/sim/receipts,
so quitting and starting again carries on where you left off. A scripted run starts
from an empty flash unless given --flash, and saves its slips in OUT/receipts.
"""
import argparse
import os
import sys

# In the checkout (build/ is git-ignored): the flash holds what this checkout's
# firmware wrote, so another checkout or branch never resumes a match in a
# format its firmware does not write, and `make clean` starts afresh.
SIM_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "sim")


def build_parser():
    p = argparse.ArgumentParser(prog="python -m host_sim", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--board", default="rpi_pico", help="board name (boards/NAME.json) or path")
    p.add_argument("--seed", type=int, default=None, help="seed of the device's entropy (default: random)")
    p.add_argument("--lang", choices=("en", "ja"), default=None, help="device language")
    p.add_argument("--game", default=None, help="set up a table of this game at start "
                   "(oicho, kachi, kakkuri, kyuten, meri)")
    p.add_argument("--seats", type=int, default=None, help="number of seats (with --game)")
    p.add_argument("--bots", type=int, default=0, help="fill N seats with bots (with --game)")
    p.add_argument("--table-deck", action="store_true", help="deal with real cards on the table: the "
                   "device asks for each card the rules need (sets up --game, oicho by default)")
    p.add_argument("--flash", default=None, help="keep the device's flash in this folder "
                   "(default: build/sim/flash; with --script: a fresh one)")
    p.add_argument("--receipts", default=None, help="save each printed slip here as "
                   "receipt-NNN.txt and .png (default: build/sim/receipts; with --script: OUT/receipts)")
    p.add_argument("--ruleset", action="append", default=[], metavar="FILE",
                   help="copy this ruleset file into the flash's rulesets/ (checked as the device "
                   "checks it); repeat for more")
    p.add_argument("--script", default=None, help="run this script of button events")
    p.add_argument("--out", default=None, help="output folder for --script")
    p.add_argument("--firmware", default=None, help=argparse.SUPPRESS)
    p.add_argument("--echo", action="store_true", help="show the firmware's print() output")
    return p


def folders(args):
    """(flash, receipts): the folders of this run (flash None: a fresh temporary one)."""
    if args.script:
        return args.flash, args.receipts or os.path.join(args.out, "receipts")
    return (args.flash or os.path.join(SIM_DIR, "flash"),
            args.receipts or os.path.join(SIM_DIR, "receipts"))


def shown(path):
    """A path as the person typed or sees it: relative to here when inside it."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def start(sim, kept, rulesets):
    """Ready the flash before the device boots: a kept flash brought up to date
    with the shipped files, then each --ruleset file. -> the lines to tell, or
    raises ValueError naming the file the device refuses."""
    said = []
    if kept:
        sim.deploy(update=True)
    for path in rulesets:
        try:
            game, name = sim.add_ruleset(path)
        except OSError as e:
            raise ValueError("%s: cannot be read (%s)" % (path, e.strerror or e))
        said.append("ruleset %s: %s \"%s\", in %s" % (
            path, game, name, shown(sim.flash.host("rulesets/" + os.path.basename(path)))))
    return said


def main(argv=None):
    args = build_parser().parse_args(argv)
    import random
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    if args.script:
        if not args.out:
            print("--script needs --out DIR", file=sys.stderr)
            return 2
        from host_sim.script import run_file
        flash, receipts = folders(args)
        try:
            s = run_file(args.script, args.out, board=args.board, seed=seed, lang=args.lang,
                         firmware=args.firmware, echo=args.echo, flash_dir=flash,
                         receipts=receipts, ready=lambda sim: start(sim, flash is not None, args.ruleset))
        except ValueError as e:
            print(e, file=sys.stderr)
            return 2
        print("%d frames, %d display bytes, %d printer bytes, %d overruns -> %s" % (
            s["frames"], s["display_bytes_total"], s["printer_bytes"], s["printer_overruns"], args.out))
        if s["crashed"]:
            print("firmware crashed: %s" % s["crashed"], file=sys.stderr)
            return 1
        return 0
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("python -m host_sim needs a terminal (or use --script FILE --out DIR)", file=sys.stderr)
        return 2
    from host_sim.sim import Sim
    from host_sim.receipts import ReceiptFiles
    from host_sim import tui
    kw = {}
    if args.firmware:
        kw["firmware"] = args.firmware
    flash, receipts = folders(args)
    os.makedirs(flash, exist_ok=True)
    sim = Sim(board=args.board, seed=seed, lang=args.lang, flash_dir=flash, strict=False,
              echo=False, autoboot=False, **kw)
    saver = ReceiptFiles(sim, receipts)
    try:
        try:
            said = start(sim, True, args.ruleset)
        except ValueError as e:
            print(e, file=sys.stderr)
            return 2
        print("the device's flash: %s (kept: the next run starts from it)" % shown(flash))
        print("printed slips are saved in %s" % shown(receipts))
        for line in said:
            print(line)
        sim.boot()
        sim.advance(300)
        if args.game or args.table_deck:
            from host_sim.drive import setup_table
            setup_table(sim, args.game or "oicho", seats=args.seats, bots=args.bots,
                        table_deck=args.table_deck)
        tui.run(sim, "Oya simulator - %s - seed %d - flash %s" % (sim.board.get("name"), seed,
                                                                  shown(flash)), saver)
    finally:
        if sim.crashed is not None:
            print("\n".join(sim.console[-40:]), file=sys.stderr)
        saver.save(torn=True)
        sim.close()
    print("the device's flash is kept in %s: the next run starts from it" % shown(flash))
    if saver.paths:
        print("%d slip%s saved: %s" % (len(saver.paths), "" if len(saver.paths) == 1 else "s",
                                      ", ".join(shown(p) for p in saver.paths)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
