"""`python -m tools <verb> ...` (also the `oya` console script)."""
import importlib
import sys

VERBS = {
    "play": "tools.play",        # bot-played match -> transcript JSON
    "verify": "tools.verify",    # replay a transcript or a printed slip
    "ruleset": "tools.ruleset",  # check / push / list / pull rulesets
    "deploy": "tools.deploy",    # mpy-cross + mpremote, only what changed
    "bench": "tools.bench",      # performance figures and budgets
    "soak": "tools.soak",        # long reliability runs
    "shot": "tools.shot",        # screenshots from a scripted sim run
    "pico": "tools.pico",        # the real firmware on an emulated RP2040
}


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in VERBS:
        print("usage: python -m tools <verb> [args]\n\nverbs:")
        for v, m in VERBS.items():
            print("  %-8s %s" % (v, m))
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    mod = importlib.import_module(VERBS[argv[0]])
    return mod.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
