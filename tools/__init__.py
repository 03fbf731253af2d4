"""Host tools for Oya: play, verify, rulesets, deploy, bench, soak, shot, pico."""
import os
import sys

# `python -m tools <command>`: each command's module and its one-line summary
# (the command's --help description and its line in `python -m tools --help`)
VERBS = {
    "play": ("tools.play", "Play a match with bots in every seat and write its transcript (JSON)."),
    "verify": ("tools.verify", "Check a match transcript, or one deal copied from a printed slip."),
    "ruleset": ("tools.ruleset", "Check rulesets, and push, list or pull them on a board."),
    "deploy": ("tools.deploy", "Put the firmware on a board over USB, copying only what changed."),
    "bench": ("tools.bench", "Measure memory, display traffic, speed and printing, and check the budgets."),
    "soak": ("tools.soak", "Run the long reliability checks on CPython (deals, presses, power cuts, bad input)."),
    "shot": ("tools.shot", "Save screenshots of a scripted simulator run (PNG, GIF, receipt)."),
    "pico": ("tools.pico.cli", "Run the real firmware on an emulated RP2040: bench, soak and heap probes."),
}


def summary(verb):
    """The one-line summary of `python -m tools <verb>`."""
    return VERBS[verb][1]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)


def git_head():
    """The short hash of the tree's commit, for the figures a tool writes ("?" without git)."""
    import subprocess
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        return "?"
