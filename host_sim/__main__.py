"""python -m host_sim [options]            the terminal simulator (make sim)
python -m host_sim --script FILE --out DIR  a scripted run: frames, texts, receipt, figures
"""
import argparse
import sys


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
    p.add_argument("--flash", default=None, help="keep the device's flash in this folder")
    p.add_argument("--script", default=None, help="run this script of button events")
    p.add_argument("--out", default=None, help="output folder for --script")
    p.add_argument("--firmware", default=None, help=argparse.SUPPRESS)
    p.add_argument("--echo", action="store_true", help="show the firmware's print() output")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    import random
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    if args.script:
        if not args.out:
            print("--script needs --out DIR", file=sys.stderr)
            return 2
        from host_sim.script import run_file
        s = run_file(args.script, args.out, board=args.board, seed=seed, lang=args.lang,
                     firmware=args.firmware, echo=args.echo)
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
    from host_sim import tui
    kw = {}
    if args.firmware:
        kw["firmware"] = args.firmware
    sim = Sim(board=args.board, seed=seed, lang=args.lang, flash_dir=args.flash, strict=False,
              echo=False, **kw)
    try:
        sim.advance(300)
        if args.game or args.table_deck:
            from host_sim.drive import setup_table
            setup_table(sim, args.game or "oicho", seats=args.seats, bots=args.bots,
                        table_deck=args.table_deck)
        tui.run(sim, "Oya simulator - %s - seed %d" % (sim.board.get("name"), seed))
    finally:
        if sim.crashed is not None:
            print("\n".join(sim.console[-40:]), file=sys.stderr)
        sim.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
