"""`python -m tools <command> ...` (also the `oya` console script)."""
import importlib
import sys

from tools import VERBS

USAGE = "usage: python -m tools <command> [args]"


def help_text():
    """The commands, each with its one-line summary."""
    lines = [USAGE, "", "Host tools for Oya.", "", "commands:"]
    lines += ["  %-8s %s" % (v, about) for v, (_, about) in VERBS.items()]
    lines += ["", "`python -m tools <command> --help` lists a command's flags."]
    return "\n".join(lines)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in VERBS:
        asked = bool(argv) and argv[0] in ("-h", "--help")
        if argv and not asked:
            print("python -m tools: no command %r" % argv[0], file=sys.stderr)
        print(help_text(), file=sys.stdout if asked else sys.stderr)
        return 0 if asked else 2
    mod = importlib.import_module(VERBS[argv[0]][0])
    return mod.main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
