"""Screenshots from the simulator: `python -m tools shot --script FILE --png OUT.png`.

Runs the script (host_sim script language) on the firmware in the simulator and saves
the frame marked by the last SHOT line (or the last frame) as a PNG, scaled 4x.
`--gif OUT.gif` saves every frame of the run as a short animation instead (each frame
shown as long as it was on the panel, capped), e.g. a deal for the README;
`--receipt OUT.png` also saves the receipt.
"""
import argparse
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)


def _frames_to_gif(frames, panel, path, scale=3, max_ms=1500, min_ms=120):
    from host_sim.script import frame_png
    imgs = []
    durs = []
    for i, f in enumerate(frames):
        img = frame_png(f.rows(panel.width, panel.height), scale).convert("P")
        nxt = frames[i + 1].t_us if i + 1 < len(frames) else f.t_us + 1500000
        imgs.append(img)
        durs.append(int(min(max_ms, max(min_ms, (nxt - f.t_us) / 1000))))
    if not imgs:
        raise SystemExit("no frames to save")
    imgs[0].save(path, save_all=True, append_images=imgs[1:], duration=durs, loop=0, optimize=True)


def parser():
    import tools
    p = argparse.ArgumentParser(prog="python -m tools shot", description=tools.summary("shot"),
                                epilog=__doc__.split("\n\n", 1)[1],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--script", required=True, help="host_sim script (button events)")
    p.add_argument("--png", default=None, help="save the SHOT frame (or the last) here")
    p.add_argument("--gif", default=None, help="save every frame as an animated GIF here")
    p.add_argument("--receipt", default=None, help="save the receipt as PNG here")
    p.add_argument("--board", default="rpi_pico", help="board file in boards/ (default rpi_pico)")
    p.add_argument("--seed", type=int, default=1, help="the simulator's seed: its entropy and bounce (default 1)")
    p.add_argument("--lang", choices=("en", "ja"), default=None, help="the device's language (default: as saved)")
    p.add_argument("--scale", type=int, default=4, help="pixels per display pixel in the PNG (default 4)")
    return p


def main(argv=None):
    p = parser()
    args = p.parse_args(argv)
    if not (args.png or args.gif or args.receipt):
        p.error("give --png, --gif or --receipt")
    from host_sim.sim import Sim
    from host_sim import script
    from host_sim.script import frame_png
    with open(args.script, encoding="utf-8") as f:
        steps = script.parse(f.read())
    sim = Sim(board=args.board, seed=args.seed, lang=args.lang, strict=False)
    try:
        sim.advance(300)
        shots = script.run(sim, steps)
        sim.advance(100)
        sim.panel.flush()
        frames = sim.panel.frames
        if sim.crashed is not None:
            print("\n".join(sim.console[-30:]), file=sys.stderr)
            return 1
        if args.png:
            f = frames[shots[-1]] if shots else frames[-1]
            frame_png(f.rows(sim.panel.width, sim.panel.height), args.scale, args.png)
            print("%s: frame %d of %d" % (args.png, f.index, len(frames)))
        if args.gif:
            _frames_to_gif(frames, sim.panel, args.gif, scale=max(1, args.scale - 1))
            print("%s: %d frames" % (args.gif, len(frames)))
        if args.receipt and sim.printer is not None:
            sim.receipt_image().save(args.receipt)
            print("%s: receipt" % args.receipt)
    finally:
        sim.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
